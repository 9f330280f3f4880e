// SPDX-License-Identifier: GPL-2.0-only
/*
 * fault-shim.c - LD_PRELOAD hook that acts at one exact call, for
 * tests/fault.sh.
 *
 *   FAULT_CALL=fsetxattr|fremovexattr|lgetxattr|reopen|open|openat2
 *             the call to watch ("reopen": an open() of /proc/self/fd/N,
 *             the step where setfcap turns its O_PATH pin into a real
 *             descriptor; "open": an open() of a path containing
 *             $FAULT_PATH; "openat2": syscall(SYS_openat2, ...),
 *             so FAULT_ERRNO=38 plays a kernel without it)
 *   FAULT_AT=N       act at the Nth such call (default 1), once; 0: at
 *                    every such call
 *   FAULT_CMD=...    run this with /bin/sh -c first, and wait for it
 *   FAULT_SIGNAL=N   then send the process signal N (kill(getpid()),
 *                    as ^C does: any thread that does not block it may
 *                    take it) and, when the program has a handler for
 *                    it, hold the calling thread in the call until that
 *                    handler has returned, in whichever thread it ran
 *   FAULT_ERRNO=N    then fail the call with errno N instead of making it
 *
 * Every call is counted, across threads.  The hooks only forward to the
 * real functions otherwise, so a test sees the tool's real behaviour with
 * the world changed at exactly the worst moment: between its checks and
 * its writes.
 *
 * sigaction() is hooked to know when the program's handler has run: it
 * installs a trampoline that calls the program's handler and then counts
 * the delivery.  Without that wait, a signal taken by an idle thread could
 * be handled only after the calling thread had read on to the end, and
 * what a test sees would depend on the scheduler.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

static unsigned long calls;

/* Per signal: the program's own handler, and how often it has returned. */
#define NSIG_SHIM 65
static struct sigaction prog_act[NSIG_SHIM];
static int wrapped[NSIG_SHIM];
static unsigned long handled[NSIG_SHIM];

typedef int (*sigaction_fn)(int, const struct sigaction *,
			    struct sigaction *);

static void trampoline(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;

	if (prog_act[sig].sa_flags & SA_SIGINFO)
		prog_act[sig].sa_sigaction(sig, si, uc);
	else
		prog_act[sig].sa_handler(sig);
	__atomic_add_fetch(&handled[sig], 1, __ATOMIC_SEQ_CST);
	errno = saved;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	sigaction_fn real = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
	struct sigaction mine, prev;
	int was = sig > 0 && sig < NSIG_SHIM && wrapped[sig], ret;

	if (sig <= 0 || sig >= NSIG_SHIM)
		return real(sig, act, old);
	prev = prog_act[sig];
	if (act && !(act->sa_flags & SA_SIGINFO) &&
	    (act->sa_handler == SIG_DFL || act->sa_handler == SIG_IGN)) {
		ret = real(sig, act, old);
		if (!ret)
			wrapped[sig] = 0;
	} else if (act) {
		mine = *act;
		mine.sa_flags |= SA_SIGINFO;
		mine.sa_sigaction = trampoline;
		prog_act[sig] = *act;
		ret = real(sig, &mine, old);
		if (!ret)
			wrapped[sig] = 1;
		else
			prog_act[sig] = prev;
	} else {
		ret = real(sig, NULL, old);
	}
	/* the program sees its own handler, never the trampoline */
	if (!ret && old && was)
		*old = prev;
	return ret;
}

/* Send @sig to the process; wait until the program's handler returned. */
static void send_signal(int sig)
{
	unsigned long before;
	struct timespec ts = { 0, 1000000 };
	int i;

	if (sig <= 0 || sig >= NSIG_SHIM || !wrapped[sig]) {
		kill(getpid(), sig);
		return;
	}
	before = __atomic_load_n(&handled[sig], __ATOMIC_SEQ_CST);
	kill(getpid(), sig);
	/* at most 10 s: a handler that never runs fails the test, not hangs it */
	for (i = 0; i < 10000; i++) {
		if (__atomic_load_n(&handled[sig], __ATOMIC_SEQ_CST) != before)
			return;
		nanosleep(&ts, NULL);
	}
}

static void run_cmd(const char *cmd)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
}

/* Is this the call to act on?  Returns the errno to fail with, or 0. */
static int fault(const char *call)
{
	const char *want = getenv("FAULT_CALL"), *s;
	unsigned long at = 1, n;
	int saved = errno, fail = 0;

	if (!want || strcmp(want, call))
		return 0;
	s = getenv("FAULT_AT");
	if (s)
		at = strtoul(s, NULL, 10);
	n = __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
	if (at && n != at)
		return 0;
	s = getenv("FAULT_CMD");
	if (s)
		run_cmd(s);
	s = getenv("FAULT_SIGNAL");
	if (s)
		send_signal(atoi(s));
	s = getenv("FAULT_ERRNO");
	if (s)
		fail = atoi(s);
	errno = saved;
	return fail;
}

typedef int (*fsetxattr_fn)(int, const char *, const void *, size_t, int);
typedef int (*fremovexattr_fn)(int, const char *);
typedef ssize_t (*lgetxattr_fn)(const char *, const char *, void *, size_t);
typedef int (*open_fn)(const char *, int, ...);

int fsetxattr(int fd, const char *name, const void *value, size_t size,
	      int flags)
{
	fsetxattr_fn real = (fsetxattr_fn)dlsym(RTLD_NEXT, "fsetxattr");
	int e = fault("fsetxattr");

	if (e) {
		errno = e;
		return -1;
	}
	return real(fd, name, value, size, flags);
}

int fremovexattr(int fd, const char *name)
{
	fremovexattr_fn real = (fremovexattr_fn)dlsym(RTLD_NEXT,
						     "fremovexattr");
	int e = fault("fremovexattr");

	if (e) {
		errno = e;
		return -1;
	}
	return real(fd, name);
}

ssize_t lgetxattr(const char *path, const char *name, void *value,
		  size_t size)
{
	lgetxattr_fn real = (lgetxattr_fn)dlsym(RTLD_NEXT, "lgetxattr");
	int e = fault("lgetxattr");

	if (e) {
		errno = e;
		return -1;
	}
	return real(path, name, value, size);
}

static int open_common(const char *real_name, const char *path, int flags,
		       mode_t mode)
{
	open_fn real = (open_fn)dlsym(RTLD_NEXT, real_name);
	const char *want = getenv("FAULT_PATH");
	int e = 0;

	if (!strncmp(path, "/proc/self/fd/", 14))
		e = fault("reopen");
	else if (want && strstr(path, want))
		e = fault("open");
	if (e) {
		errno = e;
		return -1;
	}
	return real(path, flags, mode);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return open_common("open", path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return open_common("open64", path, flags, mode);
}

typedef long (*syscall_fn)(long, ...);

long syscall(long nr, ...)
{
	syscall_fn real = (syscall_fn)dlsym(RTLD_NEXT, "syscall");
	long a[6];
	va_list ap;
	int e, i;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr == SYS_openat2) {
		e = fault("openat2");
		if (e) {
			errno = e;
			return -1;
		}
	}
	return real(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}
