// SPDX-License-Identifier: GPL-2.0-only
/*
 * capxattr - plant and read raw security.capability values for the test
 * suites, and probe what the running kernel does with each kind of value
 * they plant.  Built for the host and, statically, for the guests (which
 * have no setfattr or python).
 *
 *   capxattr probe DIR     shell assignments saying, for each kind, what a
 *                          root write, a read back and an unprivileged
 *                          write do on a file in DIR
 *   capxattr hex KIND      the bytes the probe plants for KIND
 *   capxattr set PATH HEX|KIND   store the value (no link is followed;
 *                          an empty HEX stores a zero-length value)
 *   capxattr get PATH      print the stored value in hex, or the errno
 *                          name and exit 1
 *   capxattr rm PATH       remove it
 *
 * The kinds are the values host suites plant whose fate differs between
 * kernels: Linux 6.12 stores a zero-length value for anyone, some later
 * builds refuse it, others store it and refuse to return it.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#define NAME		"security.capability"
#define NOBODY		65534

static const struct kind {
	const char *name;
	const char *hex;
} kinds[] = {
	/* the mainline hole: no magic word at all */
	{ "zero_length",
	  "" },
	/* revision 1, cap_kill+p: readable, never writable by setxattr */
	{ "v1",
	  "000000012000000000000000" },
	/* v2 cap_kill+p with flag bit 1, which no kernel defines */
	{ "unknown_flags",
	  "0200000220000000000000000000000000000000" },
	/* a v3 value with four bytes more than v3's size */
	{ "oversized",
	  "00000003200000000000000000000000000000000000000000000000" },
	/* v2 with capability 63 permitted, beyond every kernel's last */
	{ "high_bits",
	  "0000000200000000000000000000008000000000" },
	/* v3 cap_kill+p for the namespace whose root is uid 1000 */
	{ "v3_rootid",
	  "0000000320000000000000000000000000000000e8030000" },
	/* v3 for rootid 0: the initial namespace keeps it as v2 */
	{ "v3_rootid0",
	  "000000032000000000000000000000000000000000000000" },
};

#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

static const char *errname(int e)
{
	const char *s = strerrorname_np(e);

	return s ? s : "EUNKNOWN";
}

static const struct kind *find_kind(const char *name)
{
	size_t i;

	for (i = 0; i < NKINDS; i++)
		if (!strcmp(kinds[i].name, name))
			return &kinds[i];
	return NULL;
}

/* Parse HEX (or a kind's name) into @buf; returns the length or -1. */
static ssize_t parse_value(const char *arg, unsigned char *buf, size_t len)
{
	const struct kind *k = find_kind(arg);
	const char *hex = k ? k->hex : arg;
	size_t n = 0;
	unsigned int byte;

	while (hex[0] && hex[1] && n < len && sscanf(hex, "%2x", &byte) == 1) {
		buf[n++] = (unsigned char)byte;
		hex += 2;
	}
	return *hex ? -1 : (ssize_t)n;
}

static void print_hex(const unsigned char *buf, ssize_t n)
{
	ssize_t i;

	for (i = 0; i < n; i++)
		printf("%02x", buf[i]);
}

/* A write by uid nobody (no capability) to a file nobody owns. */
static const char *unpriv_write(const char *path, const unsigned char *v,
				size_t n)
{
	static char res[32];
	int st, pipefd[2], e = 0;
	pid_t pid;

	if (chown(path, NOBODY, NOBODY) || pipe(pipefd))
		return "setup-failed";
	pid = fork();
	if (pid < 0)
		return "setup-failed";
	if (pid == 0) {
		close(pipefd[0]);
		if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
		    setresuid(NOBODY, NOBODY, NOBODY))
			e = -1;
		else if (lsetxattr(path, NAME, v, n, 0))
			e = errno;
		if (write(pipefd[1], &e, sizeof(e)) != sizeof(e))
			_exit(1);
		_exit(0);
	}
	close(pipefd[1]);
	if (read(pipefd[0], &e, sizeof(e)) != sizeof(e))
		e = -1;
	close(pipefd[0]);
	waitpid(pid, &st, 0);
	if (chown(path, 0, 0))
		return "setup-failed";
	if (e < 0)
		return "setup-failed";
	snprintf(res, sizeof(res), "%s", e ? errname(e) : "ok");
	return res;
}

static int probe(const char *dir)
{
	unsigned char v[64], back[256];
	char path[4096];
	struct utsname u;
	ssize_t n, got;
	size_t i;
	int fd;

	if (uname(&u))
		err(1, "uname");
	if (geteuid() != 0)
		errx(4, "probe: not root (a root write is what it measures)");
	snprintf(path, sizeof(path), "%s/capxattr-probe.XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0)
		err(1, "%s", path);
	close(fd);
	/* the patched kernel has the same release: say which one this is */
	printf("probe_kernel='%s%s'\n", u.release,
	       access("/proc/sys/kernel/fcaps", F_OK) ? "" : " (fcaps series)");
	for (i = 0; i < NKINDS; i++) {
		const char *k = kinds[i].name;

		n = parse_value(kinds[i].hex, v, sizeof(v));
		lremovexattr(path, NAME);
		if (lsetxattr(path, NAME, v, n, 0)) {
			printf("probe_%s_write=%s\n", k, errname(errno));
			printf("probe_%s_read=none\n", k);
		} else {
			printf("probe_%s_write=ok\n", k);
			got = lgetxattr(path, NAME, back, sizeof(back));
			if (got < 0) {
				printf("probe_%s_read=%s\n", k, errname(errno));
			} else {
				printf("probe_%s_read=ok\nprobe_%s_back=", k, k);
				print_hex(back, got);
				putchar('\n');
			}
		}
		lremovexattr(path, NAME);
		printf("probe_%s_unpriv=%s\n", k, unpriv_write(path, v, n));
		lremovexattr(path, NAME);
	}
	unlink(path);
	return fflush(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned char buf[256];
	const struct kind *k;
	ssize_t n;

	if (argc == 3 && !strcmp(argv[1], "probe"))
		return probe(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "hex")) {
		k = find_kind(argv[2]);
		if (k) {
			puts(k->hex);
			return 0;
		}
		errx(2, "%s: no such kind", argv[2]);
	}
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "set")) {
		n = parse_value(argc == 4 ? argv[3] : "", buf, sizeof(buf));
		if (n < 0)
			errx(2, "%s: not a kind or an even run of hex digits",
			     argv[3]);
		if (lsetxattr(argv[2], NAME, buf, n, 0))
			err(1, "%s: cannot set %s", argv[2], NAME);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "get")) {
		n = lgetxattr(argv[2], NAME, buf, sizeof(buf));
		if (n < 0) {
			puts(errname(errno));
			return 1;
		}
		print_hex(buf, n);
		putchar('\n');
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "rm")) {
		if (lremovexattr(argv[2], NAME))
			err(1, "%s: cannot remove %s", argv[2], NAME);
		return 0;
	}
	errx(2, "usage: capxattr probe DIR | hex KIND | set PATH [HEX|KIND] | get PATH | rm PATH");
}
