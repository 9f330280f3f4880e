// SPDX-License-Identifier: GPL-2.0-only
/*
 * sandbox.c - the offline readers (--image, --archive) run without
 * privilege.
 *
 * An image or an archive is input nobody vouches for, and fsck-check is
 * run as root.  Once the input is open, sandbox_split() forks: the child
 * drops to the user nobody (uid and gids), every capability (bounding,
 * ambient, inheritable, permitted and effective sets), sets
 * no_new_privs, and installs a seccomp filter that lets it read its
 * open descriptors, write standard output, standard error and the pipe
 * that carries the baseline, and manage its memory; any other system
 * call fails with EPERM.  The child reads, judges and prints.  The parent
 * keeps root only to write the --save-baseline file from what the child
 * sends through the pipe, when the child finished normally, and exits
 * with the child's status (8 when the child died).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <iconv.h>
#include <langinfo.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <seccomp.h>
#include <sys/capability.h>

#include "entry.h"
#include "exit.h"
#include "hash.h"
#include "prometheus.h"
#include "sandbox.h"
#include "tools.h"

/*
 * Valgrind runs its own code, and its own system calls, inside the
 * process: under it (and only there: the client request that tells is
 * answered by Valgrind alone) the filter is left out, the rest of the
 * drop stays.  make valgrind's leak checks then cover the readers too.
 */
#ifdef HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif

#define NOBODY_ID	65534
#define OPEN_WRITE	(O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND | \
			 (O_TMPFILE & ~O_DIRECTORY))

/* The system calls a reader makes once its input is open. */
static const int allowed[] = {
	SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv),
	SCMP_SYS(write), SCMP_SYS(writev), SCMP_SYS(lseek),
	SCMP_SYS(close), SCMP_SYS(fstat), SCMP_SYS(fadvise64),
	SCMP_SYS(brk), SCMP_SYS(munmap), SCMP_SYS(mremap),
	SCMP_SYS(madvise), SCMP_SYS(futex), SCMP_SYS(getrandom),
	SCMP_SYS(sysinfo), SCMP_SYS(clock_gettime), SCMP_SYS(gettimeofday),
	SCMP_SYS(rt_sigreturn), SCMP_SYS(rt_sigprocmask),
	SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getuid),
	SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
	SCMP_SYS(getgroups), SCMP_SYS(capget), SCMP_SYS(exit),
	SCMP_SYS(exit_group),
#ifdef SANITIZED
	/* LeakSanitizer's check at exit: a tracer thread over /proc */
	SCMP_SYS(clone), SCMP_SYS(ptrace), SCMP_SYS(wait4),
	SCMP_SYS(getdents), SCMP_SYS(getdents64), SCMP_SYS(readlink),
	SCMP_SYS(stat),
	SCMP_SYS(prctl), SCMP_SYS(sched_yield), SCMP_SYS(sigaltstack),
	SCMP_SYS(rt_sigaction), SCMP_SYS(tgkill), SCMP_SYS(getppid),
#endif
};

static int filter(void)
{
	scmp_filter_ctx ctx;
	size_t i;
	int ret;

	ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	if (!ctx)
		return -ENOMEM;
	for (i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++) {
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, allowed[i], 0);
		if (ret < 0)
			goto out;
	}
	/* memory, never executable */
	ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1,
			       SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mprotect),
				       1, SCMP_A2(SCMP_CMP_MASKED_EQ,
						  PROT_EXEC, 0));
	/* fstat() as glibc makes it; stdio's isatty(); fdopen()'s F_GETFL */
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW,
				       SCMP_SYS(newfstatat), 1,
				       SCMP_A3(SCMP_CMP_MASKED_EQ,
					       AT_EMPTY_PATH, AT_EMPTY_PATH));
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1,
				       SCMP_A1(SCMP_CMP_EQ, TCGETS));
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1,
				       SCMP_A1(SCMP_CMP_EQ, F_GETFL));
#ifdef SANITIZED
	/* and LeakSanitizer's reads of /proc, never a write */
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(open), 1,
				       SCMP_A1(SCMP_CMP_MASKED_EQ, OPEN_WRITE,
					       0));
	if (!ret)
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat),
				       1, SCMP_A2(SCMP_CMP_MASKED_EQ,
						  OPEN_WRITE, 0));
#endif
	if (!ret)
		ret = seccomp_load(ctx);
out:
	seccomp_release(ctx);
	return ret;
}

/* Empty the bounding set (needs CAP_SETPCAP) and the ambient set. */
static int drop_bounding(void)
{
	int i;

	for (i = 0; i < 64; i++)
		if (prctl(PR_CAPBSET_DROP, i, 0, 0, 0) < 0 && errno != EINVAL)
			return -errno;
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 &&
	    errno != EINVAL)
		return -errno;
	return 0;
}

/* Empty the permitted, effective and inheritable sets. */
static int drop_sets(void)
{
	cap_t none;
	int ret;

	none = cap_init();
	if (!none)
		return -ENOMEM;
	ret = cap_set_proc(none) ? -errno : 0;
	cap_free(none);
	return ret;
}

/**
 * sandbox_enter() - drop to nobody, no capabilities, the seccomp filter
 *
 * Run as root: the user nobody (its uid and gid from the passwd file,
 * 65534 without one), no supplementary groups.  Run as another user:
 * that user.  Either way no capability in any set, no_new_privs, and
 * the filter.
 *
 * Return: 0, or a negative errno: the caller must not go on.
 */
int sandbox_enter(void)
{
	uid_t uid = NOBODY_ID;
	gid_t gid = NOBODY_ID;
	struct passwd *pw;
	unsigned char dummy[32];
	iconv_t cd;
	int ret;

	/*
	 * What the readers would otherwise look up after the drop: the
	 * last capability, OpenSSL's configuration and provider, and the
	 * iconv module list (libarchive converts PAX names from UTF-8).
	 */
	fcap_last_cap();
	sha256_fd(-1, dummy);
	cd = iconv_open(nl_langinfo(CODESET), "UTF-8");
	if (cd != (iconv_t)-1)
		iconv_close(cd);
	pw = getpwnam("nobody");
	if (pw) {
		uid = pw->pw_uid;
		gid = pw->pw_gid;
	}
	endpwent();
	if (prctl(PR_CAPBSET_READ, CAP_SETPCAP, 0, 0, 0) == 1) {
		ret = drop_bounding();
		if (ret < 0 && ret != -EPERM)
			return ret;
	}
	if (geteuid() == 0 || getuid() == 0) {
		if (setgroups(0, NULL) < 0 || setresgid(gid, gid, gid) < 0 ||
		    setresuid(uid, uid, uid) < 0)
			return -errno;
	}
	ret = drop_sets();
	if (ret < 0)
		return ret;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
#ifdef SANITIZED
	/* LeakSanitizer's tracer must be able to attach to this process. */
	prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
#endif
	return RUNNING_ON_VALGRIND ? 0 : filter();
}

static pid_t child;

static void forward(int sig)
{
	if (child > 0)
		kill(child, sig);
}

/*
 * The parent: collect the baseline, wait, write it, and put the
 * --prometheus file the child filled in place.  Never returns.
 */
static void parent(int rfd, const char *file, struct prom_file *prom)
{
	struct sigaction sa = { .sa_handler = forward };
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t got;
	int st, status;
	FILE *f;

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	while (rfd >= 0) {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			buf = xreallocarray(buf, cap, 1);
		}
		got = read(rfd, buf + len, cap - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += got;
	}
	while (waitpid(child, &st, 0) < 0)
		if (errno != EINTR)
			err(EXIT_OPERR, "cannot wait for the reader");
	if (WIFEXITED(st)) {
		status = WEXITSTATUS(st);
	} else if (WTERMSIG(st) == SIGPIPE || WTERMSIG(st) == SIGTERM ||
		   WTERMSIG(st) == SIGHUP) {
		/* what would have ended fsck-check itself: end the same way */
		signal(WTERMSIG(st), SIG_DFL);
		raise(WTERMSIG(st));
		status = EXIT_OPERR;
	} else {
		warnx("the sandboxed reader died of signal %d (%s)",
		      WTERMSIG(st), strsignal(WTERMSIG(st)));
		status = EXIT_OPERR;
	}
	if (file && len && WIFEXITED(st) && !(status & EXIT_INTR)) {
		f = fopen(file, "we");
		if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
			warn("%s: cannot save baseline", file);
			status |= EXIT_OPERR;
		}
	}
	free(buf);
	if (prom) {
		bool ok = WIFEXITED(st) && !(status & EXIT_PROMETHEUS);
		int ret = prom_commit(prom, ok);

		if (ok && ret) {
			errno = -ret;
			warn("%s: cannot write the Prometheus file", prom->file);
			status |= EXIT_PROMETHEUS;
		}
	}
	exit(status);
}

/**
 * sandbox_split() - fork; the child returns sandboxed, the parent waits
 * @save_baseline: the --save-baseline file, or NULL
 * @baseline_fd:   the child's end of the baseline pipe (-1 without one):
 *		   the child writes the whole baseline there, or nothing
 *
 * @prom:	   the --prometheus file from prom_open(), or NULL: the child
 *		   fills it (prom_fill()), the parent puts it in place
 *
 * Return: in the child, 0; on failure (before or after the fork),
 * exits with EXIT_OPERR after saying why.
 */
int sandbox_split(const char *save_baseline, int *baseline_fd,
		  struct prom_file *prom)
{
	int p[2] = { -1, -1 };
	int ret;

	*baseline_fd = -1;
	fflush(NULL);
	if (save_baseline && pipe2(p, O_CLOEXEC) < 0)
		err(EXIT_OPERR, "pipe");
	child = fork();
	if (child < 0)
		err(EXIT_OPERR, "fork");
	if (child > 0) {
		if (p[1] >= 0)
			close(p[1]);
		parent(p[0], save_baseline, prom);
	}
	if (p[0] >= 0)
		close(p[0]);
	*baseline_fd = p[1];
	ret = sandbox_enter();
	if (ret < 0) {
		errno = -ret;
		err(EXIT_OPERR, "cannot drop privileges");
	}
	return 0;
}
