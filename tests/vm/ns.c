// SPDX-License-Identifier: GPL-2.0-only
/*
 * ns.c - idmapped mounts and user namespaces against the running kernel,
 * each result predicted by lib's model (fcap_model_exec() with the mount's
 * idmap, fcap_model_setxattr() for writes).
 *
 * Idmapped mounts: a fresh tmpfs and a directory of the ext4 disk on /mnt
 * each carry copies of the probe with v2 and v3 values (written through
 * the plain mount), and are mounted again with mount_setattr(
 * MOUNT_ATTR_IDMAP) through two idmaps:
 *   A  "0 100000 65536"  the file system's 0.. seen as 100000..
 *   B  "100000 0 1"      the file system's 100000 seen as 0, nothing else
 * Each copy is executed through each mount by root and uid 1000 of the
 * initial namespace, root and uid 1000 of the namespace UA ("0 100000
 * 65536") and root of UW ("0 1000 1"), and `getfcap --explain --user
 * 1000` must say what uid 1000 got; then values are written through each
 * mount by root of the initial namespace and of UA, and what the file
 * system stores is read back through the plain mount from the initial
 * namespace (which shows any stored value as it is, except that v3 with
 * rootid 0 reads as v2: no getxattr tells those two apart).
 *
 * Overlay in a user namespace (CVE-2023-2640, "GameOver(lay)"): uid 1000
 * makes a user and mount namespace ("0 1000 1"), sets cap_ipc_lock+ep on
 * a lower file, mounts an overlay, copies the file up (touch) and sets a
 * value on a second one through the overlay.  Stock stores v3 with the
 * namespace's root (1000): it grants inside that namespace, nothing to
 * uid 1000 outside.  On the patched kernel a kernel.fcaps.mask without
 * cap_ipc_lock then bounds it as the bounding set would: the exec of the
 * cap_ipc_lock+ep file in the namespace fails with EPERM (lib's model
 * says so).
 *
 * Root in the guest; the kernel flavour from fcaps_kernel=.  TAP on stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"
#include "../tap.h"

#define IPC_LOCK	((uint64_t)1 << 14)
#define PROBE		"/tests/probe"

static enum fcap_kernel kernel;
static struct fcap_policy policy = { .enabled = true, .mask = ~0ULL };
static enum fcap_kver kver;	/* the kernel line: idmapped tmpfs */
static const char *kver_name;

/* --- user namespaces -------------------------------------------------- */

struct ns {
	const char *name;
	const char *map;		/* uid_map and gid_map */
	struct fcap_idmap idmap;	/* the same, parsed */
	int fd;				/* /proc/PID/ns/user */
};

static struct ns ns_a = { "UA", "0 100000 65536", { 0 }, -1 };
static struct ns ns_b = { "UB", "100000 0 1", { 0 }, -1 };
static struct ns ns_w = { "UW", "0 1000 1", { 0 }, -1 };

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	if (close(fd) || n != (ssize_t)strlen(text))
		return -1;
	return 0;
}

/*
 * A user namespace with @ns->map, held open by fd: a child unshares it,
 * root writes its maps from outside, the fd keeps it once the child is
 * gone.
 */
static int make_ns(struct ns *ns)
{
	char path[64], c;
	int go[2], ready[2], st;
	pid_t pid;

	if (fcap_idmap_parse(ns->map, &ns->idmap) || pipe(go))
		return -1;
	if (pipe(ready)) {
		close(go[0]);
		close(go[1]);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		close(go[1]);
		close(ready[0]);
		if (unshare(CLONE_NEWUSER))
			_exit(1);
		/* in its namespace: the parent writes the maps, then closes */
		if (write(ready[1], "u", 1) != 1)
			_exit(1);
		while (read(go[0], &c, 1) > 0)
			;
		_exit(0);
	}
	close(go[0]);
	close(ready[1]);
	if (pid < 0 || read(ready[0], &c, 1) != 1) {
		close(go[1]);
		close(ready[0]);
		if (pid > 0)
			waitpid(pid, &st, 0);
		return -1;
	}
	close(ready[0]);
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	if (!write_file(path, ns->map)) {
		snprintf(path, sizeof(path), "/proc/%d/gid_map", (int)pid);
		if (!write_file(path, ns->map)) {
			snprintf(path, sizeof(path), "/proc/%d/ns/user",
				 (int)pid);
			ns->fd = open(path, O_RDONLY | O_CLOEXEC);
		}
	}
	close(go[1]);
	waitpid(pid, &st, 0);
	return ns->fd < 0 ? -1 : 0;
}

/* Process states: the child enters @cur_ns as its root, then maybe 1000. */
static const struct ns *cur_ns;
static uid_t cur_uid;

static int enter_ns(void)
{
	if (setns(cur_ns->fd, CLONE_NEWUSER) || setgroups(0, NULL) ||
	    setresgid(0, 0, 0) || setresuid(0, 0, 0))
		return -1;
	if (cur_uid && (setresgid(cur_uid, cur_uid, cur_uid) ||
			setresuid(cur_uid, cur_uid, cur_uid)))
		return -1;
	return 0;
}

struct who {
	const char *name;
	struct ns *ns;		/* NULL: the initial namespace */
	uid_t uid;		/* in that namespace */
};

static const struct who whos[] = {
	{ "root", NULL, 0 },
	{ "uid 1000", NULL, 1000 },
	{ "root of UA", &ns_a, 0 },
	{ "uid 1000 of UA", &ns_a, 1000 },
	{ "root of UW", &ns_w, 0 },
};

#define NWHO (sizeof(whos) / sizeof(whos[0]))

static int (*setup_for(const struct who *w))(void)
{
	if (w->ns) {
		cur_ns = w->ns;
		cur_uid = w->uid;
		return enter_ns;
	}
	return w->uid ? guest_drop_to_user : guest_no_setup;
}

/* --- idmapped mounts -------------------------------------------------- */

static int idmapped_mount(const char *src, const char *dst, int userns_fd)
{
	struct mount_attr attr = {
		.attr_set = MOUNT_ATTR_IDMAP,
		.userns_fd = (uint64_t)userns_fd,
	};
	int fd, ret = -1;

	if (mkdir(dst, 0755) && errno != EEXIST)
		return -1;
	fd = (int)syscall(SYS_open_tree, AT_FDCWD, src,
			  OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!syscall(SYS_mount_setattr, fd, "", AT_EMPTY_PATH, &attr,
		     sizeof(attr)) &&
	    !syscall(SYS_move_mount, fd, "", AT_FDCWD, dst,
		     MOVE_MOUNT_F_EMPTY_PATH))
		ret = 0;
	close(fd);
	return ret;
}

struct mnt {
	const char *name;
	const struct ns *idmap;	/* NULL: the plain mount */
	char path[64];
};

/* A value: v2, or v3 with a rootid, cap_ipc_lock+ep. */
struct val {
	const char *name;
	unsigned int rev;
	uint32_t rootid;
};

static const struct val vals[] = {
	{ "v2", 2, 0 },
	{ "v3-rootid-0", 3, 0 },
	{ "v3-rootid-1000", 3, 1000 },
	{ "v3-rootid-100000", 3, 100000 },
};

#define NVAL (sizeof(vals) / sizeof(vals[0]))

static void make_value(const struct val *x, struct fcap_value *v,
		       unsigned char *raw)
{
	memset(v, 0, sizeof(*v));
	fcap_value_set(v, IPC_LOCK, 0, IPC_LOCK);
	if (x->rev == 3) {
		v->rev = 3;
		v->has_rootid = true;
		v->rootid = x->rootid;
	}
	v->size = x->rev == 3 ? 24 : 20;
	fcap_encode(v, raw, v->size);
	fcap_decode(raw, v->size, v);
}

/* The initial namespace's root, as the model's writer. */
static void init_root(struct fcap_proc *p)
{
	fcap_proc_init(p, 0);
	p->cap_eff = p->cap_prm = ~0ULL;
}

static void ns_root(struct fcap_proc *p, const struct ns *ns)
{
	init_root(p);
	p->ns_depth = 2;
	p->ns_root[0] = fcap_idmap_map(&ns->idmap, 0);
	p->ns_root[1] = 0;
	p->ns_map = ns->idmap;
}

/*
 * What getxattr() from the initial namespace shows of a stored value:
 * a v3 value whose root is 0 there reads back as v2.
 */
static void as_read_by_init(const struct fcap_value *stored,
			    struct fcap_value *seen)
{
	unsigned char raw[24];

	*seen = *stored;
	if (stored->rev == 3 && stored->rootid == 0) {
		seen->rev = 2;
		seen->has_rootid = false;
		seen->rootid = 0;
		seen->size = 20;
		fcap_encode(seen, raw, 20);
		fcap_decode(raw, 20, seen);
	}
}

static bool same_value(const char *path, const struct fcap_value *want,
		       char *got_text, size_t len)
{
	unsigned char raw[64];
	struct fcap_value g;
	ssize_t n = getxattr(path, FCAP_XATTR_NAME, raw, sizeof(raw));

	if (n < 0) {
		snprintf(got_text, len, "getxattr: %s", strerror(errno));
		return false;
	}
	fcap_decode(raw, (size_t)n, &g);
	snprintf(got_text, len, "rev %u, %zd bytes, rootid %u, P %" PRIx64
		 " e %d", g.rev, n, g.has_rootid ? g.rootid : 0, g.permitted,
		 g.effective);
	return (size_t)n == want->size && g.rev == want->rev &&
	       g.has_rootid == want->has_rootid &&
	       (!g.has_rootid || g.rootid == want->rootid) &&
	       g.permitted == want->permitted &&
	       g.inheritable == want->inheritable &&
	       g.effective == want->effective;
}

struct fsys {
	const char *name;
	const char *plain;	/* where the file system is, not idmapped */
	char dir[32];		/* where its idmapped mounts go: DIR-A, DIR-B */
	struct fcap_value stored[NVAL];
	bool ok;
};

static struct fsys fss[] = {
	{ "tmpfs", "/tmp/t", "/tmp/ti", { { 0 } }, false },
	{ "ext4", "/mnt/t", "/tmp/ei", { { 0 } }, false },
};

/* Idmapped mounts of FS on this kernel: tmpfs has them since 6.3. */
static bool idmap_supported(const struct fsys *fs)
{
	return strcmp(fs->name, "tmpfs") || kver != FCAP_KVER_6_1;
}

/*
 * The copies of the probe, values written by root through the plain
 * mount: stored as the model says (v2 as v2, v3 as v3 with its rootid).
 */
static void prepare_fs(struct fsys *fs)
{
	struct fcap_proc root;
	struct fcap_file f;
	size_t i;

	init_root(&root);
	fs->ok = !mkdir(fs->plain, 0755) || errno == EEXIST;
	if (fs->ok && !strcmp(fs->name, "tmpfs"))
		fs->ok = !mount("tmpfs", fs->plain, "tmpfs", 0, "mode=0755");
	tap_ok(fs->ok, "%s: %s ready", fs->name, fs->plain);
	for (i = 0; i < NVAL; i++) {
		unsigned char raw[24];
		struct fcap_value v, seen;
		char path[128], got[128];
		int want, err;

		snprintf(path, sizeof(path), "%s/%s", fs->plain, vals[i].name);
		make_value(&vals[i], &v, raw);
		if (!fs->ok || guest_copy(PROBE, path, 0755) ||
		    guest_file(path, NULL, 0, &f)) {
			tap_ok(0, "%s: %s: copy of the probe", fs->name, path);
			continue;
		}
		want = fcap_model_setxattr(&root, &f, &v, kernel,
					   &fs->stored[i]);
		err = setxattr(path, FCAP_XATTR_NAME, raw, v.size, 0) ?
		      -errno : 0;
		as_read_by_init(&fs->stored[i], &seen);
		if (!tap_is_int(err, want, "%s: root stores %s on %s",
				fs->name, vals[i].name, path) || err)
			continue;
		if (!tap_ok(same_value(path, &seen, got, sizeof(got)),
			    "%s: %s reads back as the model stores it",
			    fs->name, vals[i].name))
			tap_diag("got %s", got);
	}
}

/*
 * getfcap --explain --user 1000 PATH: its permitted set, or -1 when it
 * printed none (execve fails, or getfcap is missing).
 */
static int explain_prm(const char *path, uint64_t *prm, bool *idmapped)
{
	char cmd[256], line[512];
	int found = -1;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "getfcap --explain --user %d '%s' 2>&1",
		 GUEST_UNPRIV, path);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	*idmapped = false;
	while (fgets(line, sizeof(line), f)) {
		char *v;

		if (strstr(line, ": exec by uid ") &&
		    strstr(line, ", idmapped mount"))
			*idmapped = true;
		if (strncmp(line, "  permitted:", 12))
			continue;
		v = line + 12;
		v += strspn(v, " ");
		v[strcspn(v, "\n")] = '\0';
		if (!strcmp(v, "(none)")) {
			*prm = 0;
			found = 0;
		} else {
			found = fcap_names_to_mask(v, prm) ? -1 : 0;
		}
	}
	pclose(f);
	return found;
}

/* uid 1000's exec: getfcap --explain says what the probe reported. */
static void check_explain(const struct fsys *fs, const struct mnt *m,
			  const struct val *x, const char *path,
			  const char *line)
{
	uint64_t prm = 0, got = 0;
	bool idmapped = false;
	unsigned int f[5];

	if (access("/bin/getfcap", X_OK)) {
		tap_skip("no static getfcap in the guest");
		return;
	}
	/* R uid euid gid egid inh prm ... */
	if (sscanf(line, "R %u %u %u %u %x %" SCNx64, &f[0], &f[1], &f[2],
		   &f[3], &f[4], &prm) != 6) {
		tap_ok(0, "%s %s: getfcap --explain %s: the exec failed (%s)",
		       fs->name, m->name, x->name, line);
		return;
	}
	if (!tap_ok(!explain_prm(path, &got, &idmapped) && got == prm &&
		    idmapped == !!m->idmap,
		    "%s %s: getfcap --explain --user 1000 %s: permitted %" PRIx64 "%s",
		    fs->name, m->name, x->name, prm,
		    m->idmap ? ", idmapped mount" : ""))
		tap_diag("getfcap said %" PRIx64 "%s", got,
			 idmapped ? ", idmapped mount" : "");
}

static void exec_matrix(const struct fsys *fs, const struct mnt *m)
{
	size_t i, w;

	for (i = 0; i < NVAL; i++)
		for (w = 0; w < NWHO; w++) {
			char path[128], line[256], want[256];
			struct fcap_proc proc;
			struct fcap_file f;
			const char *why;

			snprintf(path, sizeof(path), "%s/%s", m->path,
				 vals[i].name);
			memset(&f, 0, sizeof(f));
			f.mode = S_IFREG | 0755;
			f.owner_mapped = f.group_mapped = true;
			f.has_xattr = true;
			f.xattr = fs->stored[i];
			if (m->idmap)
				f.idmap = m->idmap->idmap;
			if (guest_run(path, setup_for(&whos[w]), &proc, line,
				      sizeof(line))) {
				tap_ok(0, "%s %s: %s by %s: setup", fs->name,
				       m->name, vals[i].name, whos[w].name);
				continue;
			}
			guest_want(&proc, &f, kernel, &policy, want,
				   sizeof(want), &why);
			if (!tap_is_str(line, want, "%s %s: exec of %s by %s",
					fs->name, m->name, vals[i].name,
					whos[w].name))
				tap_diag("model: %s", why ? why : "");
			if (w == 1)
				check_explain(fs, m, &vals[i], path, line);
		}
}

/*
 * Writes through each mount, by root of the initial namespace and root
 * of UA, of v2 and of v3 rootid 100000: setxattr's result and what the
 * file system then stores (read back by root through the plain mount).
 */
struct writer {
	const char *name;
	const struct ns *ns;
};

static const struct writer writers[] = {
	{ "root", NULL },
	{ "root of UA", &ns_a },
};

static int child_setxattr(const struct writer *wr, const char *path,
			  const unsigned char *raw, size_t size)
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (wr->ns) {
			cur_ns = wr->ns;
			cur_uid = 0;
			if (enter_ns())
				_exit(200);
		}
		_exit(setxattr(path, FCAP_XATTR_NAME, raw, size, 0) ?
		      errno : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) == 200)
		return 1;
	return -WEXITSTATUS(st);
}

/*
 * ext4: the written file stays, and /mnt/t/expect gets "NAME HEX", the
 * bytes the model says the file system holds; tests/vm/ns.sh reads them
 * from the image with debugfs after the boot (getxattr cannot tell v3
 * with rootid 0 from v2).  tmpfs: the file goes.
 */
static void keep_for_host(const struct fsys *fs, const struct mnt *m,
			  const char *name, const char *plain,
			  const struct fcap_value *stored)
{
	unsigned char raw[24];
	char keep[128];
	FILE *f;
	size_t i;

	if (strcmp(fs->name, "ext4")) {
		unlink(plain);
		return;
	}
	snprintf(keep, sizeof(keep), "%s/keep-%c-%s", fs->plain,
		 m->idmap ? m->name[6] : 'P', name);
	f = fopen("/mnt/t/expect", "a");
	if (rename(plain, keep) || !f ||
	    fcap_encode(stored, raw, stored->size) < 0) {
		tap_diag("cannot keep %s for the host", plain);
		if (f)
			fclose(f);
		return;
	}
	fprintf(f, "%s ", keep + strlen("/mnt"));
	for (i = 0; i < stored->size; i++)
		fprintf(f, "%02x", raw[i]);
	fprintf(f, "\n");
	fclose(f);
}

static void write_matrix(const struct fsys *fs, const struct mnt *m)
{
	static const struct val wvals[] = {
		{ "v2", 2, 0 }, { "v3-rootid-100000", 3, 100000 },
	};
	size_t i, w;

	for (i = 0; i < sizeof(wvals) / sizeof(wvals[0]); i++)
		for (w = 0; w < sizeof(writers) / sizeof(writers[0]); w++) {
			const struct writer *wr = &writers[w];
			char name[64], path[128], plain[128], got[128];
			struct fcap_value v, stored, seen;
			unsigned char raw[24];
			struct fcap_proc proc;
			struct fcap_file f;
			uint32_t vfs_owner;
			int want, err;

			snprintf(name, sizeof(name), "w-%zu-%zu", i, w);
			snprintf(plain, sizeof(plain), "%s/%s", fs->plain,
				 name);
			snprintf(path, sizeof(path), "%s/%s", m->path, name);
			/*
			 * B sees only the file system's 100000 (as 0): there
			 * the file is 100000's, elsewhere root's
			 */
			if (guest_copy(PROBE, plain, 0755) ||
			    (m->idmap == &ns_b && chown(plain, 100000, 100000)) ||
			    guest_file(plain, NULL, 0, &f)) {
				tap_ok(0, "%s %s: write: setup", fs->name,
				       m->name);
				continue;
			}
			make_value(&wvals[i], &v, raw);
			if (m->idmap)
				f.idmap = m->idmap->idmap;
			if (wr->ns)
				ns_root(&proc, wr->ns);
			else
				init_root(&proc);
			/* the owner through the mount, in the writer's ns */
			vfs_owner = fcap_idmap_map(&f.idmap, f.uid);
			f.owner_mapped = vfs_owner != FCAP_NO_ID &&
				(!wr->ns || fcap_idmap_unmap(&wr->ns->idmap,
							     vfs_owner) !=
					    FCAP_NO_ID);
			want = fcap_model_setxattr(&proc, &f, &v, kernel,
						   &stored);
			err = child_setxattr(wr, path, raw, v.size);
			if (!tap_is_int(err, want,
					"%s %s: %s stores %s: %s", fs->name,
					m->name, wr->name, wvals[i].name,
					want ? strerror(-want) : "allowed") ||
			    err) {
				unlink(plain);
				continue;
			}
			as_read_by_init(&stored, &seen);
			if (!tap_ok(same_value(plain, &seen, got, sizeof(got)),
				    "%s %s: %s's %s stored as rev %u rootid %u",
				    fs->name, m->name, wr->name,
				    wvals[i].name, stored.rev,
				    stored.has_rootid ? stored.rootid : 0))
				tap_diag("read back through %s: %s", fs->plain,
					 got);
			keep_for_host(fs, m, name, plain, &stored);
		}
}

/* --- overlay in a user namespace -------------------------------------- */

struct go_result {
	int err_lower;		/* setxattr on the lower file */
	int err_mount;
	int err_touch;		/* copy-up of that file */
	int err_merged;		/* setxattr on a file through the overlay */
	struct fcap_proc proc;	/* the namespace's root, before exec */
	char line_p[256];	/* exec of the copied-up file, in the ns */
	char line_q[256];	/* exec of the file written through it */
};

static int self_map(void)
{
	char map[32];

	snprintf(map, sizeof(map), "0 %d 1", GUEST_UNPRIV);
	/* the uid change left /proc/self root's: make it ours again */
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) ||
	    unshare(CLONE_NEWUSER | CLONE_NEWNS) ||
	    write_file("/proc/self/setgroups", "deny") ||
	    write_file("/proc/self/uid_map", map) ||
	    write_file("/proc/self/gid_map", map))
		return -1;
	return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

/* Root without root's rules: exec grants only what the file grants. */
static int set_noroot(void)
{
	return prctl(PR_SET_SECUREBITS, 1 /* SECBIT_NOROOT */, 0, 0, 0);
}

/*
 * In @dir (lower, upper, work, merged, all uid 1000's): the steps of
 * the GameOver(lay) proof of concept, as uid 1000 in its own namespace.
 */
static int gameover(const char *dir, struct go_result *r)
{
	static const unsigned char v2[20] = { 1, 0, 0, 2, 0, 0x40 };
	char p[128], q[128], opts[512];
	int res[2], st;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe(res))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct fcap_proc dummy;

		close(res[0]);
		if (guest_drop_to_user() || self_map())
			_exit(errno ? errno : 255);
		snprintf(p, sizeof(p), "%s/lower/p", dir);
		r->err_lower = setxattr(p, FCAP_XATTR_NAME, v2, sizeof(v2),
					0) ? -errno : 0;
		snprintf(opts, sizeof(opts),
			 "lowerdir=%s/lower,upperdir=%s/upper,workdir=%s/work,userxattr",
			 dir, dir, dir);
		snprintf(p, sizeof(p), "%s/merged", dir);
		r->err_mount = mount("overlay", p, "overlay", 0, opts) ?
			       -errno : 0;
		snprintf(p, sizeof(p), "%s/merged/p", dir);
		r->err_touch = utimensat(AT_FDCWD, p, NULL, 0) ? -errno : 0;
		snprintf(q, sizeof(q), "%s/merged/q", dir);
		r->err_merged = setxattr(q, FCAP_XATTR_NAME, v2, sizeof(v2),
					 0) ? -errno : 0;
		if (guest_run(p, set_noroot, &r->proc, r->line_p,
			      sizeof(r->line_p)) ||
		    guest_run(q, set_noroot, &dummy, r->line_q,
			      sizeof(r->line_q)))
			_exit(254);
		_exit(write(res[1], r, sizeof(*r)) == sizeof(*r) ? 0 : 253);
	}
	close(res[1]);
	st = pid > 0 && read(res[0], r, sizeof(*r)) == sizeof(*r) ? 0 : -1;
	close(res[0]);
	if (pid > 0) {
		int ws = 0;

		waitpid(pid, &ws, 0);
		if (st)
			tap_diag("the namespace's child: exit %d, %s",
				 WIFEXITED(ws) ? WEXITSTATUS(ws) : -1,
				 strerror(WIFEXITED(ws) ? WEXITSTATUS(ws) :
					  0));
	}
	return st;
}

static int prepare_gameover(const char *dir)
{
	static const char *const sub[] = { "", "/lower", "/upper", "/work",
					   "/merged" };
	char p[128];
	size_t i;

	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", dir, sub[i]);
		if (mkdir(p, 0755) || chown(p, GUEST_UNPRIV, GUEST_UNPRIV))
			return -1;
	}
	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), "%s/lower/%c", dir, i ? 'q' : 'p');
		if (guest_copy(PROBE, p, 0755) ||
		    chown(p, GUEST_UNPRIV, GUEST_UNPRIV))
			return -1;
	}
	return 0;
}

static void check_gameover(const char *dir, const char *tag)
{
	static const unsigned char v2[20] = { 1, 0, 0, 2, 0, 0x40 };
	struct fcap_value in, stored;
	struct fcap_proc writer;
	struct fcap_file f;
	struct go_result r;
	const char *why;
	char want[256], got[128], p[128];
	int i;

	if (prepare_gameover(dir)) {
		tap_ok(0, "%s: %s prepared: %s", tag, dir, strerror(errno));
		return;
	}
	if (gameover(dir, &r)) {
		tap_ok(0, "%s: the namespace's steps ran", tag);
		return;
	}
	/* uid 1000's namespace: its root is kuid 1000, the file is its own */
	fcap_decode(v2, sizeof(v2), &in);
	fcap_proc_init(&writer, 0);
	writer.cap_eff = writer.cap_prm = ~0ULL;
	writer.ns_depth = 2;
	writer.ns_root[0] = GUEST_UNPRIV;
	snprintf(p, sizeof(p), "%s/lower/p", dir);
	if (guest_file(p, NULL, 0, &f)) {
		tap_ok(0, "%s: stat %s", tag, p);
		return;
	}
	tap_is_int(fcap_model_setxattr(&writer, &f, &in, kernel, &stored), 0,
		   "%s: the model lets the namespace's root set a value", tag);
	tap_is_int(r.err_lower, 0, "%s: setcap on the lower file in the namespace",
		   tag);
	tap_is_int(r.err_mount, 0, "%s: overlay mounted in the namespace", tag);
	tap_is_int(r.err_touch, 0, "%s: touch through the overlay (copy-up)",
		   tag);
	tap_is_int(r.err_merged, 0, "%s: setcap through the overlay", tag);
	for (i = 0; i < 3; i++) {
		static const char *const where[] = { "lower/p", "upper/p",
						     "upper/q" };

		snprintf(p, sizeof(p), "%s/%s", dir, where[i]);
		if (!tap_ok(same_value(p, &stored, got, sizeof(got)),
			    "%s: %s stored as v3, rootid %u (the namespace's root)",
			    tag, where[i], stored.rootid))
			tap_diag("got %s", got);
	}
	/*
	 * exec inside the namespace, through the overlay, by its root under
	 * SECBIT_NOROOT: only what the file grants
	 */
	f.has_xattr = true;
	f.xattr = stored;
	guest_want(&r.proc, &f, kernel, &policy, want, sizeof(want), &why);
	if (!tap_is_str(r.line_p, want,
			"%s: copied-up file in the namespace (mask %016" PRIx64 ") -> %s",
			tag, policy.mask, want))
		tap_diag("model: %s", why ? why : "");
	if (!tap_is_str(r.line_q, want,
			"%s: file set through the overlay in the namespace (mask %016" PRIx64 ") -> %s",
			tag, policy.mask, want))
		tap_diag("model: %s", why ? why : "");
	/* and outside it: uid 1000 gains nothing, root what root gains */
	for (i = 0; i < 2; i++) {
		struct fcap_proc proc;
		char line[256];

		snprintf(p, sizeof(p), "%s/upper/%c", dir, i ? 'q' : 'p');
		if (guest_run(p, guest_drop_to_user, &proc, line,
			      sizeof(line))) {
			tap_ok(0, "%s: exec of %s outside: setup", tag, p);
			continue;
		}
		guest_want(&proc, &f, kernel, &policy, want, sizeof(want),
			   &why);
		if (!tap_is_str(line, want,
				"%s: upper/%c run by uid 1000 outside the namespace",
				tag, i ? 'q' : 'p'))
			tap_diag("model: %s", why ? why : "");
	}
}

static int narrow_mask(void)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%016" PRIx64 "\n",
		 fcap_known_mask() & ~IPC_LOCK);
	if (write_file(FCAP_POLICY_DIR "/mask", buf))
		return -1;
	return fcap_policy_read(FCAP_POLICY_DIR, &policy);
}

int main(void)
{
	const char *kenv = getenv("fcaps_kernel");
	struct mnt mnts[3] = {
		{ "plain", NULL, "" },
		{ "idmap A", &ns_a, "" },
		{ "idmap B", &ns_b, "" },
	};
	size_t i, j;

	kernel = kenv && !strcmp(kenv, "patched") ? FCAP_KERNEL_FCAPS :
		 FCAP_KERNEL_MAINLINE;
	if (geteuid() != 0)
		tap_skip_all("needs root");
	if (access("/mnt/lost+found", F_OK))
		tap_skip_all("no ext4 disk on /mnt");
	if (kernel == FCAP_KERNEL_FCAPS &&
	    fcap_policy_read(FCAP_POLICY_DIR, &policy))
		tap_skip_all("patched kernel without " FCAP_POLICY_DIR);
	kver = guest_kver(&kver_name);
	tap_diag("kernel flavour: %s, Linux %s",
		 kernel == FCAP_KERNEL_FCAPS ? "fcaps" : "mainline", kver_name);
	tap_ok(!make_ns(&ns_a) && !make_ns(&ns_b) && !make_ns(&ns_w),
	       "user namespaces UA (%s), UB (%s), UW (%s)", ns_a.map,
	       ns_b.map, ns_w.map);
	tap_ok(ns_a.fd >= 0 && ns_b.fd >= 0 && ns_w.fd >= 0,
	       "their fds are open");
	for (i = 0; i < sizeof(fss) / sizeof(fss[0]); i++) {
		struct fsys *fs = &fss[i];

		prepare_fs(fs);
		for (j = 0; j < 3; j++) {
			struct mnt *m = &mnts[j];
			bool ok;

			if (!m->idmap)
				snprintf(m->path, sizeof(m->path), "%s",
					 fs->plain);
			else
				snprintf(m->path, sizeof(m->path), "%s-%c",
					 fs->dir, m->name[6]);
			if (m->idmap && !idmap_supported(fs)) {
				/*
				 * Before 6.3 tmpfs is not FS_ALLOW_IDMAP:
				 * mount_setattr() must refuse, and there is
				 * nothing to execute or write through.
				 */
				errno = 0;
				ok = m->idmap->fd >= 0 &&
				     idmapped_mount(fs->plain, m->path,
						    m->idmap->fd) &&
				     errno == EINVAL;
				tap_ok(ok, "%s: %s refused on Linux %s (idmapped tmpfs came in 6.3): %s",
				       fs->name, m->name, kver_name,
				       errno ? strerror(errno) : "mounted");
				tap_skip("%s: %s: no idmapped mount to execute and write through",
					 fs->name, m->name);
				continue;
			}
			ok = !m->idmap || (m->idmap->fd >= 0 &&
				!idmapped_mount(fs->plain, m->path,
						m->idmap->fd));
			tap_ok(ok, "%s: %s mounted at %s%s", fs->name, m->name,
			       m->path, ok ? "" : strerror(errno));
			exec_matrix(fs, m);
			write_matrix(fs, m);
		}
	}
	tap_ok(!mkdir("/tmp/go", 0755), "overlay in a user namespace: /tmp/go");
	check_gameover("/tmp/go/1", "GameOver(lay)");
	if (kernel == FCAP_KERNEL_FCAPS) {
		tap_ok(!narrow_mask() && !(policy.mask & IPC_LOCK),
		       "kernel.fcaps.mask narrowed: no cap_ipc_lock");
		check_gameover("/tmp/go/2", "GameOver(lay), narrowed mask");
	}
	for (i = 0; i < sizeof(fss) / sizeof(fss[0]); i++)
		for (j = 1; j < 3; j++) {
			char p[64];

			snprintf(p, sizeof(p), "%s-%c", fss[i].dir, 'A' + (int)j - 1);
			umount2(p, MNT_DETACH);
		}
	return tap_done();
}
