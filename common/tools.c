// SPDX-License-Identifier: GPL-2.0-only
/*
 * tools.c - helpers shared by the three tools (see tools.h).
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#include <linux/magic.h>

#include "escape.h"
#include "fcap.h"
#include "tools.h"

int tools_oom_status = 1;

/* Say "out of memory" and exit with tools_oom_status. */
void oom(void)
{
	errx(tools_oom_status, "out of memory");
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xreallocarray(void *p, size_t n, size_t size)
{
	p = reallocarray(p, n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		oom();
	return p;
}

/*
 * Open directories and files are held by descriptor while a tool works:
 * allow as many as the hard limit does.
 */
void raise_fd_limit(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/*
 * Write @s with '\', control bytes and DEL as \ooo (three octal digits),
 * so that a name cannot forge a line or a field.
 */
void put_escaped(FILE *f, const char *s)
{
	fcap_put_escaped(f, s, FCAP_ESC_CONTROL);
}

/**
 * escaped() - @s as put_escaped() writes it, for a message
 * @s:		a name from the input
 *
 * Return: a malloc()ed copy.
 */
char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	f = open_memstream(&buf, &len);
	if (!f)
		oom();
	put_escaped(f, s);
	if (fclose(f))
		oom();
	return buf;
}

/*
 * File systems that never hold file capabilities worth reading: proc,
 * sysfs and the other kernel interfaces.  devtmpfs has tmpfs's magic, so
 * a walk finds it by its mount entry, not here.
 */
bool pseudo_fs_type(long type)
{
	switch (type) {
	case PROC_SUPER_MAGIC:
	case SYSFS_MAGIC:
	case DEVPTS_SUPER_MAGIC:
	case CGROUP_SUPER_MAGIC:
	case CGROUP2_SUPER_MAGIC:
	case DEBUGFS_MAGIC:
	case TRACEFS_MAGIC:
	case SECURITYFS_MAGIC:
	case SELINUX_MAGIC:
	case SMACK_MAGIC:
	case BPF_FS_MAGIC:
	case PSTOREFS_MAGIC:
	case EFIVARFS_MAGIC:
	case BINFMTFS_MAGIC:
	case 0x62656570:	/* configfs */
	case 0x65735543:	/* fusectl */
	case HUGETLBFS_MAGIC:
	case 0x19800202:	/* mqueue */
	case NSFS_MAGIC:
	case 0x1373:		/* devfs */
		return true;
	}
	return false;
}

bool fd_on_pseudo_fs(int fd)
{
	struct statfs sfs;

	return fstatfs(fd, &sfs) == 0 && pseudo_fs_type(sfs.f_type);
}

bool path_on_pseudo_fs(const char *path)
{
	struct statfs sfs;

	return statfs(path, &sfs) == 0 && pseudo_fs_type(sfs.f_type);
}

/*
 * fcaps-guard's state, as fcap_guard_read() finds it; FCAPS_GUARD_PINDIR,
 * for tests, names a directory to read in place of its pin directory.
 * *pindir says which was read, for the tool's message.
 */
int guard_read(struct fcap_guard_state *st, const char **pindir)
{
	const char *dir = getenv("FCAPS_GUARD_PINDIR");

	*pindir = dir && *dir ? dir : FCAP_GUARD_PINDIR;
	return fcap_guard_read(*pindir, st);
}
