// SPDX-License-Identifier: GPL-2.0-only
/*
 * archive-open.c - the --archive source's first step, in either build
 * (with libarchive, archive.c; without, archive-none.c): the archive
 * opened before the sandbox, which opens no file and loads no library.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#include "archive-scan.h"

/**
 * archive_open() - open the archive @o names, before the sandbox
 * @o:		@file, and @fd when it is open already (standard input);
 *		on return @fd is open
 * @rep:	where damage goes
 *
 * Return: 0, or a negative errno after an error naming @o->file.
 */
int archive_open(struct archive_opts *o, const struct fsck_report *rep)
{
	struct stat st;
	int ret;

	if (o->fd < 0)
		o->fd = open(o->file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (o->fd < 0) {
		ret = -errno;
		fsck_damagef(rep, FSCK_ERROR, o->file, -ret, NULL, NULL);
		return ret;
	}
	if (fstat(o->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		fsck_damagef(rep, FSCK_ERROR, o->file, 0, NULL,
			     "a directory, not a tar archive");
		ret = -EISDIR;
		goto out_close;
	}
	/* before the sandbox, which opens no library */
	ret = archive_lib_load(o->file, rep);
	if (ret)
		goto out_close;
	return 0;
out_close:
	close(o->fd);
	o->fd = -1;
	return ret;
}

/* struct source_ops' @open of the archive source: @opts is archive_opts */
int archive_src_open(void *opts, const struct fsck_report *rep, void **state)
{
	*state = opts;
	return archive_open(opts, rep);
}
