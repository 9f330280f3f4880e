// SPDX-License-Identifier: GPL-2.0-only
/*
 * policy.c - the fcaps admin policy (/proc/sys/kernel/fcaps/) in the guest.
 *
 * fcaps_policy= on the kernel command line picks the part:
 *   runtime   defaults, who may write, mask (narrowed, also for a v3
 *             value run by a container's root; widened again),
 *             enabled (off, on, off), then locked, the one one-way
 *             switch, and every attempt to undo it
 *   boot-set  booted with fcaps.mask=4000 fcaps.locked=1
 *   no-fcaps  booted with no_file_caps: the one enable state reads 0,
 *             and root may switch it on, the policy not being locked
 * Executions are checked against lib's model given the policy read back
 * from the kernel, and against what the mask must do on its own: it is a
 * second bounding set for what a file grants, so a +ep value outside it
 * fails exec with EPERM (as root too) and a +p value is narrowed.  TAP on
 * stdout.  Run as root on the patched kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"
#include "../tap.h"

#define SYSCTL_DIR	"/proc/sys/kernel/fcaps/"
#define DIR_POL		"/tmp/pol"
#define F_ADMIN_LOCK	DIR_POL "/admin-ipc_lock"	/* sys_admin,ipc_lock+ep */
#define F_ADMIN		DIR_POL "/admin"		/* sys_admin+ep */
#define F_ADMIN_LOCK_P	DIR_POL "/admin-ipc_lock-p"	/* sys_admin,ipc_lock+p */
#define F_IPC_LOCK		DIR_POL "/ipc_lock"		/* ipc_lock+ep */
#define F_V3		DIR_POL "/v3-admin-ipc_lock"	/* v3, rootid 1000 */
#define BIT(c)		(1ULL << (c))

#define LE(x) (x) & 0xff, ((x) >> 8) & 0xff, ((x) >> 16) & 0xff, (x) >> 24
static const unsigned char v_admin_lock[20] = {
	LE(0x02000001), LE(0x204000)
};
static const unsigned char v_admin[20] = { LE(0x02000001), LE(0x200000) };
static const unsigned char v_admin_lock_p[20] = {
	LE(0x02000000), LE(0x204000)
};
static const unsigned char v_lock[20] = { LE(0x02000001), LE(0x4000) };
/* sys_admin,ipc_lock+ep for a container whose root is uid 1000 */
static const unsigned char v3_admin_lock[24] = {
	LE(0x03000001), LE(0x204000), LE(0), LE(0), LE(0), LE(GUEST_UNPRIV)
};

static const char *const knobs[] = { "enabled", "mask", "locked" };

static char *probe;
static size_t probe_len;

static int rd(const char *knob, char *buf, size_t len)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), SYSCTL_DIR "%s", knob);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -EIO;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Write @val to @path; 0 or the negative errno of open or write. */
static int wr_path(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}

static int wr(const char *knob, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), SYSCTL_DIR "%s", knob);
	return wr_path(path, val);
}

/* Run @fn in a child; its exit status is a negated errno, or 0. */
static int in_child(int (*fn)(const void *), const void *arg)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(-fn(arg) & 0xff);
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1000;
	return -WEXITSTATUS(st);
}

struct kv {
	const char *knob, *val;
};

static int as_user(const void *arg)
{
	const struct kv *kv = arg;

	if (guest_drop_to_user())
		return -100;
	return wr(kv->knob, kv->val);
}

static int without_sys_admin(const void *arg)
{
	const struct kv *kv = arg;
	cap_value_t c = CAP_SYS_ADMIN;
	cap_t caps = cap_get_proc();

	if (!caps || cap_set_flag(caps, CAP_EFFECTIVE, 1, &c, CAP_CLEAR) ||
	    cap_set_proc(caps))
		return -100;
	cap_free(caps);
	return wr(kv->knob, kv->val);
}

static int in_userns(const void *arg)
{
	const struct kv *kv = arg;

	if (unshare(CLONE_NEWUSER))
		return -100;
	return wr(kv->knob, kv->val);
}

/*
 * Try a write that must fail; the knob must read the same afterwards.
 * @how runs it (NULL: directly as root).
 */
static void refused(const char *what, int (*how)(const void *),
		    const char *knob, const char *val)
{
	struct kv kv = { knob, val };
	char before[64], after[64];
	int err;

	rd(knob, before, sizeof(before));
	err = how ? in_child(how, &kv) : wr(knob, val);
	rd(knob, after, sizeof(after));
	tap_ok((err == -EPERM || err == -EACCES) && !strcmp(before, after),
	       "%s: writing %s to %s fails (%s) and %s stays %s", what, val,
	       knob, err ? strerror(-err) : "succeeded", knob, after);
}

static int make_file(const char *path, const void *val, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);

	if (fd < 0 || write(fd, probe, probe_len) != (ssize_t)probe_len ||
	    close(fd) || chmod(path, 0755))
		return -1;
	return setxattr(path, FCAP_XATTR_NAME, val, len, 0);
}

/* The policy as the kernel reports it. */
static void read_policy(struct fcap_policy *pol)
{
	char buf[64];

	fcap_policy_default(pol);
	if (!rd("enabled", buf, sizeof(buf)))
		pol->enabled = strcmp(buf, "0") != 0;
	if (!rd("mask", buf, sizeof(buf)))
		pol->mask = strtoull(buf, NULL, 16);
}

static int user_ambient(void)
{
	cap_t c = cap_from_text("cap_net_raw=ip");
	int r;

	if (!c || prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || guest_drop_to_user())
		return -1;
	r = cap_set_proc(c);
	cap_free(c);
	if (r)
		return -1;
	return prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_RAW, 0, 0);
}

/* Root of a user namespace whose root is uid 1000: a container's root. */
static int container_root(void)
{
	char map[32];

	snprintf(map, sizeof(map), "0 %d 1", GUEST_UNPRIV);
	/* dumpable again after the uid change, so /proc/self is ours */
	if (guest_drop_to_user() || prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) ||
	    unshare(CLONE_NEWUSER) ||
	    wr_path("/proc/self/setgroups", "deny") ||
	    wr_path("/proc/self/uid_map", map) ||
	    wr_path("/proc/self/gid_map", map))
		return -1;
	return 0;
}

/*
 * Exec @path (carrying @val) after @setup; the probe's report must be what
 * the model predicts under the policy the kernel reports.  Returns the
 * permitted set the probe reported (or ~0 on failure); *@err, when given,
 * is the exec's errno (0 when it ran, -1 when the case could not be set
 * up).
 */
static uint64_t exec_case_err(const char *name, const char *path,
			      const void *val, size_t len, int (*setup)(void),
			      int *err)
{
	struct fcap_policy pol;
	struct fcap_proc proc;
	struct fcap_file f;
	char line[256], want[256];
	const char *why;
	unsigned int u[4];
	uint64_t inh, prm = ~0ULL;
	int e = -1;

	read_policy(&pol);
	if (guest_file(path, val, len, &f) ||
	    guest_run(path, setup, &proc, line, sizeof(line))) {
		tap_ok(0, "%s: setup", name);
		if (err)
			*err = -1;
		return prm;
	}
	if (err)
		*err = sscanf(line, "E %d", &e) == 1 ? e :
		       !strncmp(line, "R ", 2) ? 0 : -1;
	guest_want(&proc, &f, FCAP_KERNEL_FCAPS, &pol, want, sizeof(want),
		   &why);
	if (!tap_is_str(line, want, "%s (model: %s)", name, why ? why : ""))
		tap_diag("policy: enabled %d mask %016" PRIx64, pol.enabled,
			 pol.mask);
	if (sscanf(line, "R %u %u %u %u %" SCNx64 " %" SCNx64, &u[0], &u[1],
		   &u[2], &u[3], &inh, &prm) != 6)
		prm = ~0ULL;
	return prm;
}

static uint64_t exec_case(const char *name, const char *path,
			  const void *val, size_t len, int (*setup)(void))
{
	return exec_case_err(name, path, val, len, setup, NULL);
}

/* Exec @path after @setup; it must fail with EPERM, model or not. */
static void exec_eperm(const char *name, const char *path, const void *val,
		       size_t len, int (*setup)(void))
{
	char what[256];
	int err;

	snprintf(what, sizeof(what), "%s as %s", name,
		 setup == guest_drop_to_user ? "uid 1000" :
		 setup == container_root ? "the container's root" : "root");
	exec_case_err(what, path, val, len, setup, &err);
	if (!tap_is_int(err, EPERM, "%s: exec fails with EPERM", what))
		tap_diag("exec %s: %s", path,
			 err > 0 ? strerror(err) : err ? "not run" : "ran");
}

static void defaults(void)
{
	char buf[64], line[256], bnd[64] = "";
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "CapBnd: %63s", bnd) == 1)
			break;
	if (f)
		fclose(f);
	rd("enabled", buf, sizeof(buf));
	tap_is_str(buf, "1", "default: enabled is 1");
	rd("mask", buf, sizeof(buf));
	tap_is_str(buf, bnd, "default: mask is every capability, as CapBnd");
	rd("locked", buf, sizeof(buf));
	tap_is_str(buf, "0", "default: locked is 0");
}

static void writers(void)
{
	size_t i;

	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		refused("uid 1000", as_user, knobs[i],
			strcmp(knobs[i], "mask") ? "1" : "0000000000004000");
	refused("root without CAP_SYS_ADMIN", without_sys_admin, "mask",
		"0000000000004000");
	refused("root without CAP_SYS_ADMIN", without_sys_admin, "enabled",
		"0");
	refused("root in a user namespace", in_userns, "mask",
		"0000000000004000");
	refused("root in a user namespace", in_userns, "locked", "1");
}

static void mask(void)
{
	uint64_t full, narrow, prm;
	char buf[64], val[32];
	int err;

	rd("mask", buf, sizeof(buf));
	full = strtoull(buf, NULL, 16);
	narrow = full & ~BIT(CAP_SYS_ADMIN);

	tap_is_int(wr("mask", "ffffffffffffffff"), -EINVAL,
		   "mask: bits above the last capability: EINVAL");
	tap_is_int(wr("mask", "not-hex"), -EINVAL, "mask: not hex: EINVAL");
	prm = exec_case("mask all: sys_admin,ipc_lock+ep as uid 1000",
			F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			guest_drop_to_user);
	tap_is_u64(prm, BIT(CAP_SYS_ADMIN) | BIT(CAP_IPC_LOCK),
		   "mask all: both granted");
	/* a container's v3 value (rootid 1000), run by the container's root */
	exec_case_err("mask all: v3 sys_admin,ipc_lock+ep as the container's root",
		      F_V3, v3_admin_lock, sizeof(v3_admin_lock),
		      container_root, &err);
	tap_is_int(err, 0, "mask all: the container's root runs it");

	snprintf(val, sizeof(val), "%016" PRIx64 "\n", narrow);
	err = wr("mask", val);
	rd("mask", buf, sizeof(buf));
	tap_ok(!err && strtoull(buf, NULL, 16) == narrow,
	       "mask: clearing cap_sys_admin succeeds (%s)", buf);

	/* +ep outside the mask: a capability-dumb binary, refused */
	exec_eperm("mask -sys_admin: sys_admin,ipc_lock+ep", F_ADMIN_LOCK,
		   v_admin_lock, sizeof(v_admin_lock), guest_drop_to_user);
	exec_eperm("mask -sys_admin: sys_admin+ep", F_ADMIN, v_admin,
		   sizeof(v_admin), guest_drop_to_user);
	exec_eperm("mask -sys_admin: sys_admin,ipc_lock+ep", F_ADMIN_LOCK,
		   v_admin_lock, sizeof(v_admin_lock), guest_no_setup);
	/* a container's v3 value is bounded too, whoever wrote it */
	exec_eperm("mask -sys_admin: v3 sys_admin,ipc_lock+ep", F_V3,
		   v3_admin_lock, sizeof(v3_admin_lock), container_root);
	/* +p outside the mask: narrowed; root's rules unchanged */
	prm = exec_case("mask -sys_admin: sys_admin,ipc_lock+p as uid 1000",
			F_ADMIN_LOCK_P, v_admin_lock_p, sizeof(v_admin_lock_p),
			guest_drop_to_user);
	tap_is_u64(prm, BIT(CAP_IPC_LOCK),
		   "mask -sys_admin: sys_admin,ipc_lock+p narrowed to cap_ipc_lock");
	prm = exec_case("mask -sys_admin: sys_admin,ipc_lock+p as root",
			F_ADMIN_LOCK_P, v_admin_lock_p, sizeof(v_admin_lock_p),
			guest_no_setup);
	tap_is_u64(prm, full,
		   "mask -sys_admin: root still gets the bounding set (+p)");
	/* +ep inside the mask: granted */
	prm = exec_case("mask -sys_admin: ipc_lock+ep as uid 1000", F_IPC_LOCK,
			v_lock, sizeof(v_lock), guest_drop_to_user);
	tap_is_u64(prm, BIT(CAP_IPC_LOCK),
		   "mask -sys_admin: ipc_lock+ep still grants cap_ipc_lock");
	/* not locked: the mask may be widened again */
	snprintf(val, sizeof(val), "%016" PRIx64, full);
	err = wr("mask", val);
	rd("mask", buf, sizeof(buf));
	tap_ok(!err && strtoull(buf, NULL, 16) == full,
	       "mask: widened again before the lock (%s)", buf);
	prm = exec_case("mask all again: sys_admin,ipc_lock+ep as uid 1000",
			F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			guest_drop_to_user);
	tap_is_u64(prm, BIT(CAP_SYS_ADMIN) | BIT(CAP_IPC_LOCK),
		   "mask all again: both granted");
	snprintf(val, sizeof(val), "%016" PRIx64, narrow);
	tap_is_int(wr("mask", val), 0, "mask: narrowed again for the lock");
}

static void enabled(void)
{
	uint64_t prm;

	tap_is_int(wr("enabled", "2"), -EINVAL, "enabled: 2 is EINVAL");
	tap_is_int(wr("enabled", "0"), 0, "enabled: 0 accepted");
	prm = exec_case("enabled 0: sys_admin,ipc_lock+ep as uid 1000",
			F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			guest_drop_to_user);
	tap_is_u64(prm, 0, "enabled 0: the file grants nothing");
	prm = exec_case("enabled 0: uid 1000 with ambient cap_net_raw",
			F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			user_ambient);
	tap_is_u64(prm, BIT(CAP_NET_RAW), "enabled 0: the ambient set survives");
	tap_is_int(wr("enabled", "1"), 0, "enabled: 1 accepted before the lock");
	prm = exec_case("enabled 1 again: ipc_lock+ep as uid 1000",
			F_IPC_LOCK, v_lock, sizeof(v_lock), guest_drop_to_user);
	tap_is_u64(prm, BIT(CAP_IPC_LOCK), "enabled 1 again: the file grants");
	tap_is_int(wr("enabled", "0"), 0, "enabled: 0 again for the lock");
}

static void locked(void)
{
	char path[128], mask_now[64], buf[64];
	size_t i;
	int fd, err;

	snprintf(path, sizeof(path), SYSCTL_DIR "enabled");
	fd = open(path, O_WRONLY);
	rd("mask", mask_now, sizeof(mask_now));
	tap_is_int(wr("locked", "1"), 0, "locked: 1 accepted");
	refused("locked", NULL, "locked", "0");
	refused("locked", NULL, "mask", "000001ffffffffff");
	refused("locked", NULL, "mask", "0000000000000000");
	refused("locked", NULL, "enabled", "0");
	refused("locked, root in a user namespace", in_userns, "locked",
		"0");
	err = fd < 0 ? -EBADF : (write(fd, "0", 1) < 0 ? -errno : 0);
	if (fd >= 0)
		close(fd);
	rd("enabled", buf, sizeof(buf));
	tap_ok(err == -EPERM && !strcmp(buf, "0"),
	       "locked: a descriptor opened before locking cannot write (%s)",
	       err ? strerror(-err) : "succeeded");
	mkdir("/tmp/proc2", 0755);
	if (mount("proc", "/tmp/proc2", "proc", 0, NULL)) {
		tap_ok(0, "locked: mount a second /proc: %s", strerror(errno));
	} else {
		err = 0;
		for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
			snprintf(path, sizeof(path),
				 "/tmp/proc2/sys/kernel/fcaps/%s", knobs[i]);
			if (wr_path(path, "0") != -EPERM)
				err++;
		}
		rd("locked", buf, sizeof(buf));
		tap_ok(!err && !strcmp(buf, "1"),
		       "locked: writes through a second /proc mount fail");
		umount("/tmp/proc2");
	}
	rd("mask", buf, sizeof(buf));
	tap_is_str(buf, mask_now, "locked: the mask is what it was");
	tap_is_u64(exec_case("locked: sys_admin,ipc_lock+ep as uid 1000",
			     F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			     guest_drop_to_user),
		   0, "locked: enabled still 0, the file grants nothing");
}

static void boot_set(void)
{
	char buf[64];

	rd("mask", buf, sizeof(buf));
	tap_is_str(buf, "0000000000004000", "fcaps.mask=4000: mask");
	rd("locked", buf, sizeof(buf));
	tap_is_str(buf, "1", "fcaps.locked=1: locked");
	exec_eperm("fcaps.mask=4000: sys_admin,ipc_lock+ep", F_ADMIN_LOCK,
		   v_admin_lock, sizeof(v_admin_lock), guest_drop_to_user);
	tap_is_u64(exec_case("fcaps.mask=4000: sys_admin,ipc_lock+p as uid 1000",
			     F_ADMIN_LOCK_P, v_admin_lock_p,
			     sizeof(v_admin_lock_p), guest_drop_to_user),
		   BIT(CAP_IPC_LOCK), "fcaps.mask=4000: +p narrowed to cap_ipc_lock");
	tap_is_u64(exec_case("fcaps.mask=4000: ipc_lock+ep as uid 1000",
			     F_IPC_LOCK, v_lock, sizeof(v_lock),
			     guest_drop_to_user),
		   BIT(CAP_IPC_LOCK), "fcaps.mask=4000: ipc_lock+ep grants it");
	refused("fcaps.locked=1", NULL, "locked", "0");
	refused("fcaps.locked=1", NULL, "mask", "0000000000000000");
	refused("fcaps.locked=1", NULL, "enabled", "0");
}

/*
 * no_file_caps clears the one enable state: kernel.fcaps.enabled reads 0.
 * Unlocked, root may switch file capabilities on (fcaps.locked=1 with
 * no_file_caps keeps them off for good).
 */
static void no_fcaps(void)
{
	char buf[64];

	rd("enabled", buf, sizeof(buf));
	tap_is_str(buf, "0", "no_file_caps: enabled is 0");
	tap_is_u64(exec_case("no_file_caps: sys_admin,ipc_lock+ep as uid 1000",
			     F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock),
			     guest_drop_to_user),
		   0, "no_file_caps: the file grants nothing");
	tap_is_int(wr("enabled", "1"), 0,
		   "no_file_caps, not locked: enabled 1 accepted");
	tap_is_u64(exec_case("no_file_caps, then enabled 1: as uid 1000",
			     F_IPC_LOCK, v_lock, sizeof(v_lock),
			     guest_drop_to_user),
		   BIT(CAP_IPC_LOCK), "no_file_caps, then enabled 1: the file grants");
}

int main(int argc, char **argv)
{
	const char *part = getenv("fcaps_policy");

	if (geteuid() != 0)
		tap_skip_all("needs root");
	if (access(SYSCTL_DIR "enabled", F_OK))
		tap_skip_all("no " SYSCTL_DIR " (kernel without the policy)");
	probe = guest_slurp(argc > 1 ? argv[1] : "/tests/probe", &probe_len);
	if (!probe)
		tap_skip_all("cannot read the probe program");
	mkdir(DIR_POL, 0755);
	if (make_file(F_ADMIN_LOCK, v_admin_lock, sizeof(v_admin_lock)) ||
	    make_file(F_ADMIN, v_admin, sizeof(v_admin)) ||
	    make_file(F_ADMIN_LOCK_P, v_admin_lock_p, sizeof(v_admin_lock_p)) ||
	    make_file(F_IPC_LOCK, v_lock, sizeof(v_lock)) ||
	    make_file(F_V3, v3_admin_lock, sizeof(v3_admin_lock)))
		tap_skip_all("cannot set capabilities on tmpfs");
	if (!part)
		part = "runtime";
	if (!strcmp(part, "boot-set")) {
		tap_plan(11);
		boot_set();
	} else if (!strcmp(part, "no-fcaps")) {
		tap_plan(6);
		no_fcaps();
	} else {
		tap_plan(3 + 7 + 25 + 10 + 11);
		defaults();
		writers();
		mask();
		enabled();
		locked();
	}
	return tap_done();
}
