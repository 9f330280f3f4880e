// SPDX-License-Identifier: GPL-2.0-only
/*
 * modelcheck.c - lib's execve model against the running kernel.
 *
 * For every (xattr value, process state, file placement) the child sets
 * itself up, reads its own state with fcap_proc_read_self() (the model's
 * input, taken from the real process), and execs the probe carrying the
 * value; the parent compares what the probe reports with what
 * fcap_model_exec() predicts for the running kernel's line.  TAP on
 * stdout.  Run as root in the guest; the kernel flavour comes from the
 * environment (fcaps_kernel=patched).  Some process states and files
 * are there for what 6.12 and 7.3 call an id change (ruid != euid,
 * a supplementary group, an fsgid apart from the egid, files set-uid to
 * 1000 and set-gid to 50): the last test says how many cases the two
 * lines' rules predict apart, each of which went as the running line's.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"
#include "../tap.h"

#define LE(x) (x) & 0xff, ((x) >> 8) & 0xff, ((x) >> 16) & 0xff, (x) >> 24

struct xcase {
	const char *name;
	int len;			/* -1: no value */
	unsigned char bytes[24];
};

static const struct xcase xcases[] = {
	{ "none", -1, { 0 } },
	{ "v2 ipc_lock+ep", 20, { LE(0x02000001), LE(0x4000) } },
	{ "v2 ipc_lock+p", 20, { LE(0x02000000), LE(0x4000) } },
	{ "v2 ipc_lock+ie", 20, { LE(0x02000001), LE(0), LE(0x4000) } },
	{ "v2 all-zero", 20, { LE(0x02000000) } },
	{ "v2 net_raw,ipc_lock+ep", 20, { LE(0x02000001), LE(0x6000) } },
	{ "v2 sys_admin+ep", 20, { LE(0x02000001), LE(0x200000) } },
	{ "v2 flag only", 20, { LE(0x02000001) } },
	{ "v2 bit 63+p", 20, { LE(0x02000000), LE(0x4000), LE(0),
			       LE(0x80000000) } },
	{ "v3 rootid 0 ipc_lock+ep", 24, { LE(0x03000001), LE(0x4000) } },
	{ "v3 rootid 1000 ipc_lock+ep", 24, { LE(0x03000001), LE(0x4000),
					      LE(0), LE(0), LE(0), LE(1000) } },
	{ "zero-length", 0, { 0 } },
};

static int drop_to_user(void)
{
	if (setgroups(0, NULL) || setresgid(1000, 1000, 1000) ||
	    setresuid(1000, 1000, 1000))
		return -1;
	return 0;
}

static int set_caps(const char *text)
{
	cap_t c = cap_from_text(text);
	int r;

	if (!c)
		return -1;
	r = cap_set_proc(c);
	cap_free(c);
	return r;
}

static int keep_to_user(const char *caps)
{
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || drop_to_user())
		return -1;
	return set_caps(caps);
}

static int p_root(void) { return 0; }

static int p_root_noroot(void)
{
	return prctl(PR_SET_SECUREBITS, 1 << 0, 0, 0, 0);
}

static int p_user(void) { return drop_to_user(); }

static int p_user_inh(void)
{
	return keep_to_user("cap_ipc_lock,cap_net_raw=ip");
}

static int p_user_amb(void)
{
	if (keep_to_user("cap_net_raw=ip"))
		return -1;
	return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_RAW, 0, 0);
}

static int p_user_nnp(void)
{
	if (drop_to_user())
		return -1;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

static int p_user_nobnd(void)
{
	if (prctl(PR_CAPBSET_DROP, CAP_IPC_LOCK, 0, 0, 0))
		return -1;
	return drop_to_user();
}

static int p_euid0(void)
{
	return setresuid(1000, 0, 0);
}

static int p_root_nobnd(void)
{
	return prctl(PR_CAPBSET_DROP, CAP_IPC_LOCK, 0, 0, 0);
}

static int raise_ambient(cap_value_t cap)
{
	return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0);
}

/* root keeping pP and pE, net_raw added to pI, then setresuid(1000, 0, 0) */
static int p_euid0_amb(void)
{
	cap_value_t v = CAP_NET_RAW;
	cap_t c = cap_get_proc();
	int r;

	if (!c)
		return -1;
	r = cap_set_flag(c, CAP_INHERITABLE, 1, &v, CAP_SET) ||
	    cap_set_proc(c);
	cap_free(c);
	if (r || setresuid(1000, 0, 0))
		return -1;
	return raise_ambient(CAP_NET_RAW);
}

static int p_euid0_nnp(void)
{
	if (setresuid(1000, 0, 0))
		return -1;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

/*
 * uid and gid 1000 holding net_raw in pA, with supplementary group
 * @group (-1: none) and fsgid @fsgid (-1: the gid's).
 */
static int user_amb_groups(gid_t group, gid_t fsgid)
{
	gid_t groups[1] = { group };

	if (setgroups(group == (gid_t)-1 ? 0 : 1, groups) ||
	    setresgid(1000, 1000, 1000))
		return -1;
	if (fsgid != (gid_t)-1) {
		setfsgid(fsgid);
		/* setfsgid() says the fsgid it leaves; -1 changes nothing */
		if (setfsgid((gid_t)-1) != (int)fsgid)
			return -1;
	}
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || setresuid(1000, 1000, 1000) ||
	    set_caps("cap_net_raw=ip"))
		return -1;
	return raise_ambient(CAP_NET_RAW);
}

static int p_user_group50_amb(void)
{
	return user_amb_groups(50, (gid_t)-1);
}

static int p_user_fsgid_amb(void)
{
	return user_amb_groups((gid_t)-1, 7);
}

struct pcase {
	const char *name;
	int (*setup)(void);
};

static const struct pcase pcases[] = {
	{ "root", p_root },
	{ "root+noroot", p_root_noroot },
	{ "root-bnd(ipc_lock)", p_root_nobnd },
	{ "user", p_user },
	{ "user pI", p_user_inh },
	{ "user ambient", p_user_amb },
	{ "user nnp", p_user_nnp },
	{ "user -bnd(ipc_lock)", p_user_nobnd },
	{ "uid 1000 euid 0", p_euid0 },
	/*
	 * Where 6.12 (new euid/egid against the old real ids) and 7.3 (new
	 * euid against the old euid, new egid in_group_p()) part.
	 */
	{ "uid 1000 euid 0 ambient", p_euid0_amb },
	{ "uid 1000 euid 0 nnp", p_euid0_nnp },
	{ "user groups(50) ambient", p_user_group50_amb },
	{ "user fsgid 7 ambient", p_user_fsgid_amb },
};

struct fplace {
	const char *name;
	const char *dir;
	mode_t mode;
	uid_t uid;
	gid_t gid;
	bool nosuid;
};

static const struct fplace fplaces[] = {
	{ "tmpfs", "/tmp/mc", 0755, 0, 0, false },
	{ "setuid-root", "/tmp/mc", 04755, 0, 0, false },
	{ "nosuid", "/tmp/mc-nosuid", 04755, 0, 0, true },
	{ "setuid-1000", "/tmp/mc", 04755, 1000, 0, false },
	{ "setgid-50", "/tmp/mc", 02755, 0, 50, false },
};

static char *probe;
static size_t probe_len;

/* Make one executable; return its model description in *f. */
static int make_file(const char *path, const struct xcase *x,
		     const struct fplace *pl, struct fcap_file *f)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0700);

	if (fd < 0 || write(fd, probe, probe_len) != (ssize_t)probe_len ||
	    close(fd))
		return -1;
	if (chown(path, pl->uid, pl->gid) || chmod(path, pl->mode))
		return -1;
	memset(f, 0, sizeof(*f));
	f->mode = S_IFREG | pl->mode;
	f->uid = pl->uid;
	f->gid = pl->gid;
	f->owner_mapped = f->group_mapped = true;
	f->nosuid = pl->nosuid;
	if (x->len < 0)
		return 0;
	if (setxattr(path, FCAP_XATTR_NAME, x->bytes, (size_t)x->len, 0) == 0) {
		f->has_xattr = true;
		fcap_decode(x->bytes, (size_t)x->len, &f->xattr);
	}
	return 0;
}

/*
 * Where the fcaps series means to differ from mainline (fix patch 1, policy patch 4),
 * by value name.  Everywhere else the two kernels' models must agree; as
 * each model is checked against its own kernel, so must the kernels.
 */
static const char *const intended[] = {
	"zero-length",		/* fix 1: no value, exec not blocked */
	NULL,
};

static unsigned int unintended;
static unsigned int lines_part;	/* cases 6.12 and 7.3 predict apart */
static enum fcap_kver kver;	/* the running kernel's line */

static bool is_intended(const char *name)
{
	const char *const *p;

	for (p = intended; *p; p++)
		if (!strcmp(*p, name))
			return true;
	return false;
}

static bool same_exec(const struct fcap_exec *a, const struct fcap_exec *b)
{
	return a->error == b->error && a->uid == b->uid &&
	       a->euid == b->euid && a->gid == b->gid && a->egid == b->egid &&
	       a->cap_inh == b->cap_inh && a->cap_prm == b->cap_prm &&
	       a->cap_eff == b->cap_eff && a->cap_bnd == b->cap_bnd &&
	       a->cap_amb == b->cap_amb && a->secure == b->secure;
}

/* Compare the two kernels' models on the value as the test wrote it. */
static void compare_flavours(const struct fcap_proc *proc,
			     const struct fcap_file *f, const struct xcase *x,
			     const char *name)
{
	struct fcap_file as_written = *f;
	struct fcap_exec m, p;

	if (x->len >= 0) {
		as_written.has_xattr = true;
		fcap_decode(x->bytes, (size_t)x->len, &as_written.xattr);
	}
	fcap_model_exec(proc, &as_written, FCAP_KERNEL_MAINLINE, kver, NULL,
			&m);
	fcap_model_exec(proc, &as_written, FCAP_KERNEL_FCAPS, kver, NULL, &p);
	if (!same_exec(&m, &p) && !is_intended(x->name)) {
		unintended++;
		tap_diag("kernels differ, not intended: %s", name);
	}
}

/*
 * Whether 6.12's and 7.3's rules part on this case (the file as the
 * kernel stored it): the running kernel then matched its own line's
 * prediction and not the other's.
 */
static void compare_lines(const struct fcap_proc *proc,
			  const struct fcap_file *f, enum fcap_kernel k)
{
	struct fcap_exec a, b;

	fcap_model_exec(proc, f, k, FCAP_KVER_6_12, NULL, &a);
	fcap_model_exec(proc, f, k, FCAP_KVER_7_3, NULL, &b);
	if (!same_exec(&a, &b))
		lines_part++;
}

static void run_case(const char *path, const struct fcap_file *f,
		     const struct xcase *x, const struct pcase *pc,
		     enum fcap_kernel k, const char *name)
{
	struct fcap_proc proc;
	char line[256], want[256];
	const char *why;

	if (guest_run(path, pc->setup, &proc, line, sizeof(line))) {
		tap_skip("%s: process setup not possible here", name);
		return;
	}
	compare_flavours(&proc, f, x, name);
	guest_want(&proc, f, k, NULL, want, sizeof(want), &why);
	if (!tap_is_str(line, want, "%s", name))
		tap_diag("model: %s", why ? why : "");
	else
		compare_lines(&proc, f, k);
}

int main(int argc, char **argv)
{
	const char *kenv = getenv("fcaps_kernel");
	enum fcap_kernel k = kenv && !strcmp(kenv, "patched") ?
			     FCAP_KERNEL_FCAPS : FCAP_KERNEL_MAINLINE;
	const char *kver_name;
	size_t xi, pi, fi;
	int n = 0;

	if (geteuid() != 0)
		tap_skip_all("needs root");
	probe = guest_slurp(argc > 1 ? argv[1] : "/bin/probe", &probe_len);
	if (!probe)
		tap_skip_all("cannot read the probe program");
	mkdir("/tmp/mc", 0755);
	mkdir("/tmp/mc-nosuid", 0755);
	if (mount("mc", "/tmp/mc-nosuid", "tmpfs", MS_NOSUID, NULL))
		tap_skip_all("cannot mount a nosuid tmpfs");
	tap_plan((int)(sizeof(xcases) / sizeof(xcases[0]) *
		       sizeof(pcases) / sizeof(pcases[0]) *
		       sizeof(fplaces) / sizeof(fplaces[0])) + 2);
	kver = guest_kver(&kver_name);
	tap_diag("kernel flavour: %s, Linux %s",
		 k == FCAP_KERNEL_FCAPS ? "fcaps" : "mainline", kver_name);
	for (xi = 0; xi < sizeof(xcases) / sizeof(xcases[0]); xi++)
		for (fi = 0; fi < sizeof(fplaces) / sizeof(fplaces[0]); fi++) {
			const struct fplace *pl = &fplaces[fi];
			struct fcap_file f;
			char path[128];

			snprintf(path, sizeof(path), "%s/p%d", pl->dir, n++);
			if (make_file(path, &xcases[xi], pl, &f)) {
				tap_diag("cannot make %s: %s", path,
					 strerror(errno));
				continue;
			}
			for (pi = 0; pi < sizeof(pcases) / sizeof(pcases[0]);
			     pi++) {
				char name[160];

				snprintf(name, sizeof(name), "%s | %s | %s",
					 xcases[xi].name, pcases[pi].name,
					 pl->name);
				run_case(path, &f, &xcases[xi],
					 &pcases[pi], k, name);
			}
		}
	tap_is_int(unintended, 0,
		   "mainline and fcaps differ only where fix 1 and policy 4 say");
	tap_ok(lines_part > 0,
	       "%u cases that 6.12's and 7.3's rules predict apart went as Linux %s's",
	       lines_part, kver_name);
	return tap_done();
}
