/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * archive-scan.h - the tar source of struct entry: a tar archive (plain,
 * gzip, bzip2, xz, lzma, lz4 or zstd compressed) read through libarchive,
 * and the member reader under it.
 */
#ifndef FSCK_CHECK_ARCHIVE_SCAN_H
#define FSCK_CHECK_ARCHIVE_SCAN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "entry.h"
#include "report.h"
#include "source.h"
#include "tree.h"

/*
 * Bounds on what one archive may cost.  A member header (its PAX
 * extension included) larger than ARCHIVE_HEADER_MAX, more than
 * ARCHIVE_MEMBERS_MAX members, more than TREE_VALUES_MAX (tree.h) names
 * with a value (what memory grows with), or, past ARCHIVE_BOMB_FLOOR bytes of
 * uncompressed data, more than ARCHIVE_BOMB_RATIO bytes of it for each
 * byte read stop the reading with an error.
 */
#define ARCHIVE_HEADER_MAX	(1024 * 1024)
#define ARCHIVE_MEMBERS_MAX	10000000UL
#define ARCHIVE_BOMB_FLOOR	(256ULL << 20)
#define ARCHIVE_BOMB_RATIO	500

/**
 * struct archive_opts - what archive_scan() reads and how
 * @file:	the archive's name, for messages
 * @fd:		the archive, open for reading (archive_scan() closes it),
 *		or -1: archive_open() opens @file
 * @hash:	fill in the SHA-256 of every regular file with a value
 */
struct archive_opts {
	const char *file;
	int fd;
	bool hash;
};

int archive_lib_load(const char *file, const struct fsck_report *rep);
int archive_open(struct archive_opts *o, const struct fsck_report *rep);
int archive_src_open(void *opts, const struct fsck_report *rep, void **state);
int archive_scan(const struct archive_opts *o, const struct fsck_report *rep,
		 struct entry **v, size_t *n, volatile sig_atomic_t *intr);

/*
 * The members tar_next() returns are struct tar_member (tree.h): @path,
 * @link and @value are owned by the reader, valid until the next call.
 */
struct tar_reader;

/**
 * struct tar_source - bytes of an archive that is not a file of its own
 * @read:	fills the buffer: the bytes read, 0 at the end, -errno
 * @priv:	its argument
 * @buf:	the reader's buffer
 */
struct tar_source {
	ssize_t (*read)(void *priv, void *buf, size_t len);
	void *priv;
	unsigned char buf[65536];
};

int tar_open(struct tar_reader **r, const char *file, int fd,
	     struct tar_source *src, const struct fsck_report *rep,
	     volatile sig_atomic_t *intr);
int tar_next(struct tar_reader *r, struct tar_member *m);
ssize_t tar_read(void *priv, void *buf, size_t len);
int tar_hash(struct tar_reader *r, unsigned char out[32]);
unsigned long tar_members(const struct tar_reader *r);
void tar_warn(struct tar_reader *r, const char *what);
bool tar_visible(struct tar_reader *r, struct tar_tree *t,
		 const struct tar_member *m);
int tar_add(struct tar_reader *r, struct tar_tree *t,
	    const struct tar_member *m, bool hash);
int tar_close(struct tar_reader *r);

/* Is the tar reader built in (not in a static build)? */
extern const bool archive_supported;
/* --archive: archive_open() and archive_scan() */
extern const struct source_ops archive_source;

#endif /* FSCK_CHECK_ARCHIVE_SCAN_H */
