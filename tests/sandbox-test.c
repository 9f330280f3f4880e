// SPDX-License-Identifier: GPL-2.0-only
/*
 * sandbox-test.c - what fsck-check's offline readers may still do once
 * sandbox_enter() has run: read and write their descriptors and manage
 * memory, and nothing else (TAP; root only).
 */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <sys/capability.h>

#include "sandbox.h"
#include "tap.h"

/* @ret is -1 with errno EPERM: the filter refused the call. */
static int refused(long ret)
{
	return ret == -1 && errno == EPERM;
}

int main(void)
{
	struct passwd *pw = getpwnam("nobody");
	uid_t nobody = pw ? pw->pw_uid : 65534;
	char buf[8] = "", *big;
	int p[2], fd;
	struct stat st;
	cap_t caps, none;
	void *m;

	if (geteuid() != 0)
		tap_skip_all("needs root (to see root dropped)");
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || pipe(p) < 0)
		tap_skip_all("cannot open the descriptors to test with");
	tap_ok(sandbox_enter() == 0, "sandbox_enter() succeeds as root");
	tap_is_int(getuid(), nobody, "uid is nobody's");
	tap_is_int(geteuid(), nobody, "euid is nobody's");
	tap_is_int(getgroups(0, NULL), 0, "no supplementary groups");
	caps = cap_get_proc();
	none = cap_init();
	tap_ok(caps && none && !cap_compare(caps, none),
	       "no capability in the permitted, effective or inheritable set");
	cap_free(caps);
	cap_free(none);

	tap_ok(pread(fd, buf, 4, 0) == 4 && !memcmp(buf, "\177ELF", 4),
	       "pread() of a descriptor opened before");
	tap_ok(fstat(fd, &st) == 0 && S_ISREG(st.st_mode),
	       "fstat() of it");
	tap_ok(lseek(fd, 1, SEEK_SET) == 1 && read(fd, buf, 3) == 3,
	       "lseek() and read() of it");
	tap_ok(write(p[1], "x", 1) == 1 && read(p[0], buf, 1) == 1,
	       "write() and read() of a pipe");
	big = malloc(64 << 20);
	tap_ok(big != NULL, "64 MiB of memory (mmap)");
	if (big)
		memset(big, 1, 64 << 20);
	free(big);

	tap_ok(refused(socket(AF_INET, SOCK_STREAM, 0)), "socket() refused");
	tap_ok(refused(mkdir("/tmp/fsck-check-sandbox-test", 0700)),
	       "mkdir() refused");
	tap_ok(refused(unlink("/tmp/fsck-check-sandbox-none")),
	       "unlink() refused");
	tap_ok(refused(execl("/bin/true", "true", (char *)NULL)),
	       "execve() refused");
	tap_ok(refused(kill(1, 0)), "kill() refused");
	tap_ok(refused(fchmod(fd, 0777)), "fchmod() refused");
	tap_ok(refused(dup(fd)), "dup() refused");
	m = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE |
		 MAP_ANONYMOUS, -1, 0);
	tap_ok(m == MAP_FAILED && errno == EPERM,
	       "executable memory refused (mmap PROT_EXEC)");
	tap_ok(refused(open("/tmp/fsck-check-sandbox-test", O_WRONLY | O_CREAT,
			    0600)), "open() for writing refused");
	tap_ok(refused(openat(AT_FDCWD, "/etc/passwd", O_RDWR)),
	       "openat() for writing refused");
#ifdef SANITIZED
	tap_skip("open() for reading refused: the sanitizer build lets LeakSanitizer read /proc");
#else
	tap_ok(refused(open("/etc/passwd", O_RDONLY)), "open() refused");
#endif
	tap_ok(refused(setuid(0)) || (errno = 0, getuid() == nobody),
	       "setuid(0) does not give root back");
	return tap_done();
}
