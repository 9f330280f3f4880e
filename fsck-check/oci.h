/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * oci.h - the container image source of struct entry (oci.c): an OCI
 * image layout directory, an OCI archive (a tar of one) or a docker save
 * tar, its layers applied in order through the tar reader.
 */
#ifndef FSCK_CHECK_OCI_H
#define FSCK_CHECK_OCI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "entry.h"
#include "report.h"
#include "source.h"

/*
 * Bounds on what one image may cost: blobs in a layout directory (each
 * is opened before the reader starts), bytes of one JSON document
 * (index, manifest, configuration), images in an index, layers in a
 * manifest, nesting of indexes.
 */
#define OCI_BLOBS_MAX		16384
#define OCI_JSON_MAX		(4 << 20)
#define OCI_IMAGES_MAX		4096
#define OCI_LAYERS_MAX		1000
#define OCI_NEST_MAX		4
/* Bytes of /etc/passwd and /etc/group kept, to resolve the User by name */
#define OCI_ETC_MAX		(1 << 20)

/* A blob of a layout directory: @hex its sha256, @fd open or -errno. */
struct oci_blob {
	char hex[65];
	int fd;
};

/**
 * struct oci_opts - what oci_scan() reads and how
 * @file:	the --oci operand, for messages
 * @ref:	--image-ref, or NULL
 * @fd:		a tar (OCI archive, docker save) open for reading, or -1
 * @index_fd:	a layout directory's index.json, or -errno
 * @blobs: @nblobs: a layout directory's blobs/sha256/, sorted
 * @hash:	fill in the SHA-256 of every regular file with a value
 * @user:	set by oci_scan(): the configuration's User (malloc()ed),
 *		NULL when it has none
 * @passwd: @group: set by oci_scan(): the final file system's /etc/passwd
 *		and /etc/group, a regular file each, NUL-terminated
 *		(malloc()ed), NULL when it has none (or it is larger than
 *		OCI_ETC_MAX)
 */
struct oci_opts {
	const char *file;
	const char *ref;
	int fd;
	int index_fd;
	struct oci_blob *blobs;
	size_t nblobs;
	bool hash;
	char *user;
	char *passwd, *group;
};

int oci_open(struct oci_opts *o, const struct fsck_report *rep);
int oci_scan(struct oci_opts *o, const struct fsck_report *rep,
	     struct entry **v, size_t *n, volatile sig_atomic_t *intr);

/* --oci: oci_open() and oci_scan() */
extern const struct source_ops oci_source;

#endif /* FSCK_CHECK_OCI_H */
