/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * entry.h - what fsck-check knows about one capability-bearing file.
 *
 * A source (source.h: the mounted-tree walker, the offline ext4 reader,
 * the tar reader, the OCI image reader) fills a struct entry; rules.c
 * turns it into findings; output.c prints.  entry.c frees and sorts.
 */
#ifndef FSCK_CHECK_ENTRY_H
#define FSCK_CHECK_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fcap.h"

struct entry_layers;

enum entry_source {
	SRC_MOUNTED = 0,	/* lgetxattr on a mounted tree */
	SRC_IMAGE = 1,		/* read from a file system image (offline) */
	SRC_BASELINE = 2,	/* only known from a baseline (removed) */
	SRC_ARCHIVE = 3,	/* a member of a tar archive (offline) */
	SRC_OCI = 4,		/* a file of a container image (offline) */
};

/* Where an offline value is stored (SRC_IMAGE only). */
enum entry_storage {
	STORE_UNKNOWN = 0,
	STORE_INODE = 1,	/* in the inode body, after i_extra_isize */
	STORE_BLOCK = 2,	/* in an external EA block (@ea_block) */
};

/**
 * struct entry - one name of a file that carries security.capability
 * @path:	the name (malloc()ed)
 * @source:	where the value was read
 * @dev: @ino: @mode: @uid: @gid: @nlink: stat(2) fields
 * @parent_mode: st_mode of the containing directory (@parent_known)
 * @nosuid:	the file system is mounted nosuid (@nosuid_known)
 * @read:	the value, as lib read it (fcap_read_at(), or fcap_read_buf()
 *		offline: an oversized value whole); never FCAP_READ_NONE
 *		but for SRC_BASELINE, whose @read holds no @data
 * @has_sha: @sha256: SHA-256 of the content (regular files, on demand)
 * @storage: @ea_block: where an offline value is stored
 * @orphan:	offline: no directory names the inode; @path is "<inode N>"
 * @layers:	SRC_OCI: what the layers of the image did to the value
 *		(layers.h; malloc()ed), NULL for the other sources
 */
struct entry {
	char *path;
	enum entry_source source;
	uint64_t dev;
	uint64_t ino;
	uint32_t mode;
	uint32_t uid;
	uint32_t gid;
	uint64_t nlink;
	uint32_t parent_mode;
	bool parent_known;
	bool nosuid;
	bool nosuid_known;
	struct fcap_read read;
	bool has_sha;
	unsigned char sha256[32];
	enum entry_storage storage;
	uint64_t ea_block;
	bool orphan;
	struct entry_layers *layers;
};

void entry_free(struct entry *e);
int entry_cmp_path(const void *a, const void *b);

#endif /* FSCK_CHECK_ENTRY_H */
