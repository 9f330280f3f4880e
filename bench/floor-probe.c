// SPDX-License-Identifier: GPL-2.0-only
/*
 * floor-probe - the least work a capability scan can do, for the
 * bench-scan comparison: read every directory and ask each other name for
 * its security.capability, top-level subdirectories shared among THREADS
 * threads.  Not installed.
 *
 * usage: floor-probe [-p] THREADS DIR
 *
 * By default each thread has its own working directory (unshare
 * CLONE_FS), moves it into the directory it reads and asks each name,
 * one component, for its list of attribute names (llistxattr), reading
 * the value only where the list has it: the calls fsck-check makes.  With
 * -p, the naive probe: lgetxattr on every full path.
 */
#include <dirent.h>
#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>

#define FCAP	"security.capability"

static const char *top;
static int top_fd;	/* @top, open: a relative @top outlives the fchdir()s */
static char **subdirs;
static size_t nsub, next_sub;
static unsigned long hits;
static bool full_path;

static bool has_value(const char *name)
{
	char list[1024], buf[64];
	const char *p, *end;
	size_t len;
	ssize_t n;

	if (full_path)
		return lgetxattr(name, FCAP, buf, sizeof(buf)) >= 0;
	n = llistxattr(name, list, sizeof(list));
	end = list + (n > 0 ? n : 0);
	for (p = list; p < end; p += len + 1) {
		len = strnlen(p, end - p);
		if (len == sizeof(FCAP) - 1 && !memcmp(p, FCAP, len))
			return lgetxattr(name, FCAP, buf, sizeof(buf)) >= 0;
	}
	return false;
}

static void walk(int dfd, char *path, size_t len)
{
	struct dirent *d;
	DIR *dir = fdopendir(dfd);
	size_t n;
	int fd;

	if (!dir) {
		close(dfd);
		return;
	}
	if (!full_path && fchdir(dfd))
		err(8, "%s", path);
	path[len++] = '/';
	while ((d = readdir(dir))) {
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		n = strlen(d->d_name);
		if (len + n >= PATH_MAX)
			continue;
		memcpy(path + len, d->d_name, n + 1);
		if (d->d_type == DT_DIR) {
			fd = openat(dirfd(dir), d->d_name,
				    O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
			if (fd < 0)
				continue;
			walk(fd, path, len + n);
			if (!full_path && fchdir(dirfd(dir)))
				err(8, "%s", path);
		} else if (has_value(full_path ? path : d->d_name)) {
			__atomic_add_fetch(&hits, 1, __ATOMIC_RELAXED);
		}
	}
	closedir(dir);
}

static void *worker(void *arg)
{
	char path[PATH_MAX];
	size_t i;
	int fd;

	if (!full_path && unshare(CLONE_FS))
		err(8, "unshare");
	while ((i = __atomic_fetch_add(&next_sub, 1, __ATOMIC_RELAXED)) < nsub) {
		snprintf(path, sizeof(path), "%s/%s", top, subdirs[i]);
		fd = openat(top_fd, subdirs[i],
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		if (fd >= 0)
			walk(fd, path, strlen(path));
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[64];
	struct dirent *d;
	DIR *dir;
	int i, n;

	if (argc > 1 && !strcmp(argv[1], "-p")) {
		full_path = true;
		argc--;
		argv++;
	}
	if (argc != 3 || (n = atoi(argv[1])) < 1 || n > 64)
		errx(16, "usage: floor-probe [-p] THREADS DIR");
	top = argv[2];
	top_fd = open(top, O_RDONLY | O_DIRECTORY);
	dir = top_fd < 0 ? NULL : fdopendir(dup(top_fd));
	if (!dir)
		err(8, "%s", top);
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.' || d->d_type != DT_DIR)
			continue;
		char **v = realloc(subdirs, (nsub + 1) * sizeof(*v));

		if (!v)
			err(8, "out of memory");
		subdirs = v;
		subdirs[nsub] = strdup(d->d_name);
		if (!subdirs[nsub++])
			err(8, "out of memory");
	}
	closedir(dir);
	for (i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, worker, NULL))
			errx(8, "pthread_create");
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	printf("%lu\n", hits);
	return 0;
}
