// SPDX-License-Identifier: GPL-2.0-only
/*
 * guest.c - helpers shared by the guest test programs (see guest.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <spawn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"

int guest_drop_to_user(void)
{
	if (setgroups(0, NULL) ||
	    setresgid(GUEST_UNPRIV, GUEST_UNPRIV, GUEST_UNPRIV) ||
	    setresuid(GUEST_UNPRIV, GUEST_UNPRIV, GUEST_UNPRIV))
		return -1;
	return 0;
}

/*
 * The running kernel as lib's kernel line, its name ("6.12", "6.1",
 * "7.3") in @name (unless NULL).  tests/vm/run.sh has checked the release
 * is the version the kernel's place says; a release of no line bails the
 * suite out.
 */
enum fcap_kver guest_kver(const char **name)
{
	struct utsname u;
	enum fcap_kver ver;

	if (uname(&u))
		strcpy(u.release, "?");
	if (fcap_kver_of_release(u.release, &ver)) {
		printf("Bail out! Linux %s is of no kernel line lib models\n",
		       u.release);
		exit(1);
	}
	if (name)
		*name = fcap_kver_name(ver);
	return ver;
}

int guest_no_setup(void)
{
	return 0;
}

/*
 * Exec @path in a child after @setup.  The child's state just before the
 * exec goes to @proc; the probe's "R ..." line, or "E errno" when the
 * exec failed, to @line.  Returns 0, or -1 when the child could not be
 * set up.
 */
int guest_run(const char *path, int (*setup)(void), struct fcap_proc *proc,
	      char *line, size_t len)
{
	int sp[2], out[2], st;
	pid_t pid;
	FILE *r;

	if (pipe(sp))
		return -1;
	if (pipe(out)) {
		close(sp[0]);
		close(sp[1]);
		return -1;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		char arg0[512];
		char *argv[] = { arg0, NULL };
		struct fcap_proc me;

		snprintf(arg0, sizeof(arg0), "%s", path);
		close(sp[0]);
		close(out[0]);
		dup2(out[1], 1);
		if (setup() || fcap_proc_read_self(&me) ||
		    write(sp[1], &me, sizeof(me)) != sizeof(me))
			_exit(3);
		execv(path, argv);
		dprintf(1, "E %d\n", errno);
		_exit(0);
	}
	close(sp[1]);
	close(out[1]);
	st = pid > 0 && read(sp[0], proc, sizeof(*proc)) == sizeof(*proc) ?
	     0 : -1;
	close(sp[0]);
	line[0] = '\0';
	r = fdopen(out[0], "r");
	if (r) {
		if (!fgets(line, (int)len, r))
			line[0] = '\0';
		fclose(r);
	} else {
		close(out[0]);
	}
	line[strcspn(line, "\n")] = '\0';
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return st;
}

/*
 * What the probe prints when the model is right, or "E errno", on the
 * running kernel's line.
 */
void guest_want(const struct fcap_proc *proc, const struct fcap_file *f,
		enum fcap_kernel k, const struct fcap_policy *pol,
		char *want, size_t len, const char **why)
{
	struct fcap_exec e;

	fcap_model_exec(proc, f, k, guest_kver(NULL), pol, &e);
	*why = e.why;
	if (e.error)
		snprintf(want, len, "E %d", -e.error);
	else
		snprintf(want, len, "R %u %u %u %u %" PRIx64 " %" PRIx64
			 " %" PRIx64 " %" PRIx64 " %" PRIx64 " %x %u", e.uid,
			 e.euid, e.gid, e.egid, e.cap_inh, e.cap_prm,
			 e.cap_eff, e.cap_bnd, e.cap_amb, e.securebits,
			 e.secure);
}

/* The model's view of @path, which carries the raw value @val (or none). */
int guest_file(const char *path, const void *val, size_t len,
	       struct fcap_file *f)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	memset(f, 0, sizeof(*f));
	f->mode = st.st_mode;
	f->uid = st.st_uid;
	f->gid = st.st_gid;
	f->owner_mapped = f->group_mapped = true;
	if (val) {
		f->has_xattr = true;
		fcap_decode(val, len, &f->xattr);
	}
	return 0;
}

/*
 * Execute @path @n times in a row, each with posix_spawn (vfork + execve,
 * as a shell would) and its stdout on @out_fd (-1: this one's); each run
 * must exit 0.  Returns 0, or -1 at the first that did not.
 */
int guest_exec_loop(const char *path, long n, int out_fd)
{
	posix_spawn_file_actions_t fa;
	char arg0[512];
	char *argv[] = { arg0, NULL };
	long i;
	int st, ret = 0;

	snprintf(arg0, sizeof(arg0), "%s", path);
	if (posix_spawn_file_actions_init(&fa))
		return -1;
	if (out_fd >= 0 && posix_spawn_file_actions_adddup2(&fa, out_fd, 1))
		ret = -1;
	for (i = 0; !ret && i < n; i++) {
		pid_t c;

		if (posix_spawn(&c, path, &fa, NULL, argv, environ) ||
		    waitpid(c, &st, 0) != c || !WIFEXITED(st) ||
		    WEXITSTATUS(st))
			ret = -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	return ret;
}

/* Copy @from to @to (created or truncated) with @mode. */
int guest_copy(const char *from, const char *to, mode_t mode)
{
	int in = open(from, O_RDONLY), out;
	char buf[65536];
	ssize_t n = -1;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, mode);
	if (out >= 0)
		while ((n = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)n) != n) {
				n = -1;
				break;
			}
	close(in);
	if (out < 0 || close(out) || n < 0)
		return -1;
	return chmod(to, mode);
}

/* The whole of @path, malloc()ed, its size in @len; NULL on error. */
char *guest_slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	char *buf = NULL;

	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st))
		buf = malloc((size_t)st.st_size + 1);
	if (buf && read(fd, buf, (size_t)st.st_size) != (ssize_t)st.st_size) {
		free(buf);
		buf = NULL;
	}
	close(fd);
	if (buf)
		*len = (size_t)st.st_size;
	return buf;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/**
 * guest_names() - the names in @dir that do not start with '.', sorted
 * @dir: a directory (the planted values' /mnt/val)
 * @names: filled with at most @max strdup()ed names (the caller frees them)
 * @max: room in @names
 *
 * Return: how many, or -1 when @dir cannot be read.
 */
ssize_t guest_names(const char *dir, char **names, size_t max)
{
	struct dirent *d;
	size_t n = 0;
	DIR *dp;

	dp = opendir(dir);
	if (!dp)
		return -1;
	while (n < max && (d = readdir(dp)))
		if (d->d_name[0] != '.' && (names[n] = strdup(d->d_name)))
			n++;
	closedir(dp);
	qsort(names, n, sizeof(names[0]), cmp_names);
	return n;
}
