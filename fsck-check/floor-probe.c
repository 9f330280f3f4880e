// SPDX-License-Identifier: GPL-2.0-only
/*
 * floor-probe - the least work a capability scan can do, for the
 * bench-scan comparison: readdir plus lgetxattr on every non-directory,
 * top-level subdirectories shared among THREADS threads.  Not installed.
 *
 * usage: floor-probe THREADS DIR
 */
#include <dirent.h>
#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>

static const char *top;
static char **subdirs;
static size_t nsub, next_sub;
static unsigned long hits;

static void walk(int dfd, char *path, size_t len)
{
	char buf[64];
	struct dirent *d;
	DIR *dir = fdopendir(dfd);
	size_t n;
	int fd;

	if (!dir) {
		close(dfd);
		return;
	}
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
			if (fd >= 0)
				walk(fd, path, len + n);
		} else if (lgetxattr(path, "security.capability", buf,
				     sizeof(buf)) >= 0) {
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

	while ((i = __atomic_fetch_add(&next_sub, 1, __ATOMIC_RELAXED)) < nsub) {
		snprintf(path, sizeof(path), "%s/%s", top, subdirs[i]);
		fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
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

	if (argc != 3 || (n = atoi(argv[1])) < 1 || n > 64)
		errx(16, "usage: floor-probe THREADS DIR");
	top = argv[2];
	dir = opendir(top);
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
	for (i = 1; i < n; i++)
		if (pthread_create(&t[i], NULL, worker, NULL))
			errx(8, "pthread_create");
	worker(NULL);
	for (i = 1; i < n; i++)
		pthread_join(t[i], NULL);
	printf("%lu\n", hits);
	return 0;
}
