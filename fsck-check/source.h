/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source.h - where fsck-check's entries come from: a mounted tree
 * (walk.c), an ext2/3/4 image (image.c), a tar archive (archive.c) or a
 * container image (oci.c), each with the same two steps (source.c).
 */
#ifndef FSCK_CHECK_SOURCE_H
#define FSCK_CHECK_SOURCE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry.h"

/**
 * struct source_opts - what the command line says of the input
 * @file:	--image, --archive, --oci: the input; NULL for a mounted scan
 * @offset: @force: --image: where the file system starts; even mounted
 * @ref:	--oci: --image-ref, or NULL
 * @ops: @nops:	mounted: the trees
 * @jobs:	mounted: walker threads
 * @cross:	mounted: descend into other mounted file systems
 * @quiet:	no warnings that do not change the exit status
 * @hash:	fill in the SHA-256 of every regular file with a value
 */
struct source_opts {
	const char *file;
	uint64_t offset;
	bool force;
	const char *ref;
	char **ops;
	int nops;
	long jobs;
	bool cross;
	bool quiet;
	bool hash;
};

struct source;

/**
 * struct source_ops - one kind of source
 * @name:	"mounted", "image", "archive" or "oci" (--prometheus)
 * @offline:	its input is untrusted: read by a sandboxed child
 * @open:	open the input, before the sandbox; sets @opened when there
 *		is anything to read.  Return: exit status bits
 * @scan:	read it, appending to @v/@n and counting operational errors
 *		in @errors.  Return: exit status bits
 */
struct source_ops {
	const char *name;
	bool offline;
	int (*open)(struct source *s);
	int (*scan)(struct source *s, struct entry **v, size_t *n,
		    volatile sig_atomic_t *intr);
};

/**
 * struct source - a source being read
 * @ops:	its kind
 * @o:		its options
 * @opened:	@ops->open found something to read
 * @errors:	operational errors, for --prometheus
 * @priv:	the kind's own state, from @ops->open to @ops->scan
 * @user:	after @ops->scan, an image's default user (--oci: the
 *		configuration's User), NULL when it says none
 * @passwd: @group: after @ops->scan, the image's /etc/passwd and
 *		/etc/group (NUL-terminated), NULL when it has none
 */
struct source {
	const struct source_ops *ops;
	struct source_opts o;
	bool opened;
	unsigned long errors;
	void *priv;
	char *user;
	char *passwd, *group;
};

void source_free(struct source *s);

extern const struct source_ops mounted_source, image_source, archive_source,
	oci_source;

#endif /* FSCK_CHECK_SOURCE_H */
