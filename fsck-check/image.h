/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * image.h - the offline source of struct entry: an ext2/3/4 file system
 * in an image file or an unmounted device, read through libext2fs.
 */
#ifndef FSCK_CHECK_IMAGE_H
#define FSCK_CHECK_IMAGE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry.h"
#include "report.h"
#include "source.h"

/**
 * struct image_opts - what image_scan() opens and how
 * @file:	image file or block device
 * @offset:	byte offset of the file system in @file
 * @force:	scan even when @file is mounted read-write
 * @hash:	fill in the SHA-256 of every regular file with a value
 */
struct image_opts {
	const char *file;
	uint64_t offset;
	bool force;
	bool hash;
};

struct img;

int image_open(const struct image_opts *o, const struct fsck_report *rep,
	       struct img **mp);
int image_read(struct img *m, struct entry **v, size_t *n,
	       volatile sig_atomic_t *intr);
int image_scan(const struct image_opts *o, const struct fsck_report *rep,
	       struct entry **v, size_t *n, volatile sig_atomic_t *intr);

/* --image: image_open() and image_read() */
extern const struct source_ops image_source;

#endif /* FSCK_CHECK_IMAGE_H */
