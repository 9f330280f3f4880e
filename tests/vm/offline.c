// SPDX-License-Identifier: GPL-2.0-only
/*
 * offline.c - values no kernel write path produces, planted on an ext4
 * disk with debugfs on the host, against the running kernel.
 *
 * The host puts copies of the probe under /mnt/x/NAME, each carrying the
 * raw value that /mnt/val/NAME holds (an empty file: a zero-length value).
 * For each NAME the guest checks, against lib's verdicts and execve model
 * for the running kernel's flavour (fcaps_kernel=patched, stock, or fix:
 * stock with the fix series alone, kernel/patches/VERSION/fix/):
 *   - what getxattr returns (the policy series: v1 shown as v2);
 *   - what exec as root and as uid 1000 yields (the fix; the policy
 *     series: unknown flag bits);
 *   - that exec through an overlay with the disk as its lower layer grants
 *     what exec of the file itself does (mainline: fails where getxattr
 *     does);
 *   - that getxattr through that overlay returns what it returns
 *     directly, and that copy-up (chmod, touch, a write) keeps or drops
 *     the value, or fails, as lib's fcap_copy_up() says for the kernel
 *     line (6.12 and 7.3 drop a value getxattr refuses, 6.1 fails the
 *     copy-up);
 *   - that chown removes the value (the fix: the zero-length one too).
 * Then uid 1000 tries to store each value on a file it owns: only what
 * the verdicts allow an unprivileged writer may succeed (the fix).
 * With fcaps_kernel=nofcaps (CONFIG_SECURITY_FILE_CAPABILITIES=n) exec
 * ignores every value; writes, and so overlayfs copy-up, are as with the
 * option on (the policy series' build option).
 * TAP on stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "fcap-test.h"
#include "guest.h"
#include "../tap.h"

#define UNPRIV GUEST_UNPRIV

static enum fcap_kernel kernel;
static enum fcap_kver kver;	/* the kernel line: overlayfs' copy-up */
static const char *kver_name;
/* fcaps_kernel=nofcaps: the series built with FILE_CAPABILITIES=n */
static bool nofcaps;
static struct fcap_policy policy = { .enabled = true, .mask = ~0ULL };

static ssize_t read_val(const char *name, unsigned char *buf, size_t len)
{
	char path[512];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/mnt/val/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len);
	close(fd);
	return n;
}

static void check_read(const char *name, const char *path,
		       const struct fcap_value *v, const struct fcap_verdict *vd)
{
	unsigned char got[64];
	struct fcap_value g;
	ssize_t n = getxattr(path, FCAP_XATTR_NAME, got, sizeof(got));
	int err = n < 0 ? -errno : 0;

	if (vd->read) {
		tap_is_int(err, vd->read, "%s: getxattr fails as predicted",
			   name);
		return;
	}
	/* Returned, as v2 when it was v1: same sets, same flag. */
	fcap_decode(got, n < 0 ? 0 : (size_t)n, &g);
	tap_ok(err == 0 && !g.problems && g.rev >= 2 &&
	       g.effective == v->effective && g.permitted == v->permitted &&
	       g.inheritable == v->inheritable,
	       "%s: getxattr returns the value (rev %u, %zd bytes, err %d)",
	       name, g.rev, n, err);
}

static void check_exec(const char *name, const char *path,
		       const struct fcap_value *v, bool as_root)
{
	struct fcap_proc proc;
	struct fcap_file f;
	char line[256], want[256];
	const char *why;

	if (guest_file(path, NULL, 0, &f) ||
	    guest_run(path, as_root ? guest_no_setup : guest_drop_to_user,
		      &proc, line, sizeof(line))) {
		tap_ok(0, "%s: exec as %s: setup", name,
		       as_root ? "root" : "uid 1000");
		return;
	}
	f.has_xattr = true;
	f.xattr = *v;
	guest_want(&proc, &f, kernel, &policy, want, sizeof(want), &why);
	if (!tap_is_str(line, want, "%s: exec as %s -> %s", name,
			as_root ? "root" : "uid 1000", want))
		tap_diag("model: %s", why ? why : "");
}

/*
 * Through an overlay whose lower layer is the ext4 disk, exec reads the
 * value below through getxattr (cap_inode_getsecurity): a value getxattr
 * refuses fails exec with that errno, as in lib's model of a value that
 * cannot be read; one it reads as none (ENODATA: an empty value, with the
 * fix series) runs as a file without a value, as it does directly; any
 * other must grant exactly what exec of the file directly grants.  A
 * kernel without file capabilities (nofcaps) never reads the value at
 * exec: there every exec runs as it does directly.
 */
static bool overlay;

static void check_overlay_exec(const char *name, const struct fcap_value *v,
			       const struct fcap_verdict *vd, bool as_root)
{
	char path[512], direct[256], line[256];
	const char *who = as_root ? "root" : "uid 1000";
	int (*setup)(void) = as_root ? guest_no_setup : guest_drop_to_user;
	struct fcap_proc proc;

	if (!overlay)
		return;
	snprintf(path, sizeof(path), "/mnt/x/%s", name);
	if (guest_run(path, setup, &proc, direct, sizeof(direct))) {
		tap_ok(0, "%s: exec through an overlay as %s: setup", name, who);
		return;
	}
	snprintf(path, sizeof(path), "/tmp/ovl/m/%s", name);
	if (guest_run(path, setup, &proc, line, sizeof(line))) {
		tap_ok(0, "%s: exec through an overlay as %s: setup", name, who);
		return;
	}
	if (!nofcaps && vd->read && vd->read != -ENODATA) {
		char want[32];

		snprintf(want, sizeof(want), "E %d", -vd->read);
		tap_is_str(line, want,
			   "%s: exec through an overlay as %s fails as getxattr does",
			   name, who);
		return;
	}
	if (!tap_is_str(line, direct,
			"%s: exec through an overlay as %s grants what exec of the file does",
			name, who))
		tap_diag("value: %zu bytes, problems %#x", v->size, v->problems);
}

/* /tmp/DIR/m: an overlay whose lower layer is /mnt/x, upper /tmp/DIR/u */
static bool mount_overlay(const char *dir)
{
	char d[4][64], opts[256];
	int i;

	snprintf(d[0], sizeof(d[0]), "/tmp/%s", dir);
	snprintf(d[1], sizeof(d[1]), "/tmp/%s/u", dir);
	snprintf(d[2], sizeof(d[2]), "/tmp/%s/w", dir);
	snprintf(d[3], sizeof(d[3]), "/tmp/%s/m", dir);
	for (i = 0; i < 4; i++)
		if (mkdir(d[i], 0755))
			return false;
	snprintf(opts, sizeof(opts), "lowerdir=/mnt/x,upperdir=%s,workdir=%s",
		 d[1], d[2]);
	return !mount("overlay", d[3], "overlay", 0, opts);
}

/*
 * What getxattr of @path returns: the bytes into @buf (their count), or
 * the negative errno.
 */
static ssize_t get_raw(const char *path, unsigned char *buf, size_t len)
{
	ssize_t n = getxattr(path, FCAP_XATTR_NAME, buf, len);

	return n < 0 ? -errno : n;
}

static bool same_read(ssize_t a, const unsigned char *ab, ssize_t b,
		      const unsigned char *bb)
{
	return a == b && (a <= 0 || !memcmp(ab, bb, (size_t)a));
}

/*
 * getxattr through the overlay returns what it returns directly (the
 * policy series: v1 shown as v2, unknown flag bits refused, on both paths);
 * then copy-up by chmod (overlay "ovl"), touch ("ovl2") and a write
 * ("ovl3"), as lib's fcap_copy_up() says for this kernel line: copied as
 * getxattr of the lower file returns it, dropped (6.12 and 7.3, for a
 * value getxattr refuses), or the operation fails with getxattr's error
 * (6.1); chmod and touch keep what was copied, a write removes it
 * (killpriv).
 */
static void check_overlay_xattr(const char *name, const struct fcap_value *v,
				const struct fcap_verdict *vd)
{
	static const char *const how[] = { "chmod", "touch", "write" };
	static const char *const dir[] = { "ovl", "ovl2", "ovl3" };
	unsigned char direct[64], via[64], after[64];
	struct fcap_verdict stock, series;
	char path[512];
	ssize_t nd, nv, na;
	int i, cu;

	if (!overlay)
		return;
	snprintf(path, sizeof(path), "/mnt/x/%s", name);
	nd = get_raw(path, direct, sizeof(direct));
	snprintf(path, sizeof(path), "/tmp/ovl/m/%s", name);
	nv = get_raw(path, via, sizeof(via));
	tap_ok(same_read(nd, direct, nv, via),
	       "%s: getxattr through the overlay as directly (%zd, %zd)",
	       name, nd, nv);
	/* the policy series changes what getxattr returns, and copy-up */
	fcap_verdict(v, FCAP_KERNEL_MAINLINE, &stock);
	fcap_verdict(v, FCAP_KERNEL_FCAPS, &series);
	if (!stock.read != !series.read)
		tap_diag("%s: getxattr %s it on stock, %s it with the series",
			 name, stock.read ? "refuses" : "returns",
			 series.read ? "refuses" : "returns");
	cu = fcap_copy_up(vd, kver);
	for (i = 0; i < 3; i++) {
		int err = 0, fd;

		snprintf(path, sizeof(path), "/tmp/%s/m/%s", dir[i], name);
		if (i == 0) {
			err = chmod(path, 0711) ? -errno : 0;
		} else if (i == 1) {
			err = utimensat(AT_FDCWD, path, NULL, 0) ? -errno : 0;
		} else {
			fd = open(path, O_WRONLY | O_APPEND);
			if (fd < 0 || write(fd, "", 1) != 1)
				err = -errno;
			if (fd >= 0)
				close(fd);
		}
		if (cu < 0 && cu != -ENODATA) {
			tap_is_int(err, cu, "%s: %s through the overlay: copy-up fails as getxattr below does (Linux %s)",
				   name, how[i], kver_name);
			continue;
		}
		na = get_raw(path, after, sizeof(after));
		if (err) {
			tap_ok(0, "%s: %s through the overlay: %s", name,
			       how[i], strerror(-err));
		} else if (i == 2 || cu == -ENODATA) {
			tap_is_int(na, -ENODATA,
				   "%s: %s through the overlay: no value after (%s)",
				   name, how[i], i == 2 ? "killpriv" :
				   "copy-up drops what getxattr refuses");
		} else {
			tap_ok(same_read(na, after, nd, direct),
			       "%s: %s through the overlay: the value copied up as getxattr returns it (%zd bytes)",
			       name, how[i], na);
		}
	}
}

/*
 * Killpriv (chown of a file carrying a value) is not in lib's model:
 * cap_inode_need_killpriv() asks for a value of non-zero size on
 * mainline, for any value with the series (the fix).
 */
static void check_killpriv(const char *name, const char *path,
			   const struct fcap_value *v)
{
	bool removed = kernel != FCAP_KERNEL_MAINLINE || v->size > 0;
	ssize_t n;

	if (chown(path, UNPRIV, UNPRIV)) {
		tap_ok(0, "%s: chown: %s", name, strerror(errno));
		return;
	}
	n = getxattr(path, FCAP_XATTR_NAME, NULL, 0);
	if (removed)
		tap_ok(n < 0 && errno == ENODATA,
		       "%s: chown removes the value", name);
	else
		tap_ok(n >= 0 || errno != ENODATA,
		       "%s: chown leaves the value (mainline's hole)", name);
}

/* What lib's verdict says a writer without CAP_SETFCAP gets. */
static void check_unpriv_write(const char *name, const struct fcap_value *v,
			       const unsigned char *raw)
{
	struct fcap_verdict vd;
	int want, st, got;
	pid_t pid;

	fcap_verdict(v, kernel, &vd);
	want = vd.write_unpriv;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (guest_drop_to_user())
			_exit(100);
		if (setxattr("/mnt/own", FCAP_XATTR_NAME, raw, v->size, 0))
			_exit(errno);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
		tap_ok(0, "%s: uid 1000 setxattr: child", name);
		return;
	}
	got = -WEXITSTATUS(st);
	tap_is_int(got, want, "%s: uid 1000 stores it on its own file: %s",
		   name, want ? strerror(-want) : "allowed");
	removexattr("/mnt/own", FCAP_XATTR_NAME);
}

static void check_root_write(void)
{
	static const unsigned char v2[20] = { 1, 0, 0, 2, 0, 0x40 };
	int r = setxattr("/mnt/own", FCAP_XATTR_NAME, v2, sizeof(v2), 0);
	int err = r ? -errno : 0;

	tap_is_int(err, 0, "root stores cap_ipc_lock+ep: allowed%s",
		   nofcaps ? " (inert without file capabilities)" : "");
	removexattr("/mnt/own", FCAP_XATTR_NAME);
}

int main(void)
{
	const char *kenv = getenv("fcaps_kernel");
	char *names[64];
	size_t n, i;
	ssize_t got;
	int fd;

	nofcaps = kenv && !strcmp(kenv, "nofcaps");
	kernel = kenv && (nofcaps || !strcmp(kenv, "patched")) ?
		 FCAP_KERNEL_FCAPS : FCAP_KERNEL_MAINLINE;
	if (kenv && !strcmp(kenv, "fix"))
		kernel = FCAP_KERNEL_FIX;
	policy.enabled = !nofcaps;
	if (geteuid() != 0)
		tap_skip_all("needs root");
	kver = guest_kver(&kver_name);
	got = guest_names("/mnt/val", names, sizeof(names) / sizeof(names[0]));
	if (got < 0)
		tap_skip_all("no planted values on /mnt/val");
	n = got;
	fd = open("/mnt/own", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || fchown(fd, UNPRIV, UNPRIV) || close(fd))
		tap_skip_all("cannot make /mnt/own");

	overlay = mount_overlay("ovl") && mount_overlay("ovl2") &&
		  mount_overlay("ovl3");
	tap_plan((int)n * (overlay ? 11 : 5) + 2);
	tap_diag("kernel flavour: %s", nofcaps ? "fcaps, FILE_CAPABILITIES=n" :
		 kernel == FCAP_KERNEL_FCAPS ? "fcaps" :
		 kernel == FCAP_KERNEL_FIX ? "mainline + the fix series" :
		 "mainline");
	tap_diag("Linux %s", kver_name);
	tap_ok(overlay, "an overlay over the disk mounted (%s)",
	       overlay ? "lowerdir=/mnt/x" : strerror(errno));
	check_root_write();
	for (i = 0; i < n; i++) {
		unsigned char raw[64];
		struct fcap_value v;
		struct fcap_verdict vd;
		char path[512];
		ssize_t len = read_val(names[i], raw, sizeof(raw));

		snprintf(path, sizeof(path), "/mnt/x/%s", names[i]);
		fcap_decode(raw, len < 0 ? 0 : (size_t)len, &v);
		fcap_verdict(&v, kernel, &vd);
		check_read(names[i], path, &v, &vd);
		check_exec(names[i], path, &v, true);
		check_exec(names[i], path, &v, false);
		check_overlay_exec(names[i], &v, &vd, true);
		check_overlay_exec(names[i], &v, &vd, false);
		check_overlay_xattr(names[i], &v, &vd);
		check_killpriv(names[i], path, &v);
		check_unpriv_write(names[i], &v, raw);
		free(names[i]);
	}
	return tap_done();
}
