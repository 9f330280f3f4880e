/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tree.h - the tree extraction would leave (tree.c): of one archive's
 * members, or of the layers of an image applied in order.  It takes
 * each member's values and says, as a verdict, what it made of them;
 * it reads nothing and reports nothing.
 */
#ifndef FSCK_CHECK_TREE_H
#define FSCK_CHECK_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry.h"
#include "fcap.h"

/* Names with a value (or hard links to one) in one tree, at most */
#define TREE_VALUES_MAX		100000UL
/* Entries looked at by whiteouts, in all the layers of an image */
#define TREE_WORK_MAX		(1ULL << 30)

/**
 * struct tar_member - one member of a tar archive, as the tar reader
 *		(archive-scan.h) returns it and the tree takes it
 * @path:	"/" and the name relative to the archive root, normalized
 * @link:	a hard link's target, normalized the same way, or NULL
 * @mode: @uid: @gid: from the header (@mode includes the file type)
 * @value:	its security.capability as lib reads it (fcap_read_buf()),
 *		or NULL when it has none
 */
struct tar_member {
	const char *path;
	const char *link;
	uint32_t mode, uid, gid;
	const struct fcap_read *value;
};

/**
 * enum tree_verdict - whether a member is a name of the tree
 * @TREE_VISIBLE:	it is
 * @TREE_NAME_BELOW_LINK: its name is below a symbolic link of the tree
 * @TREE_TARGET_BELOW_LINK: it is a hard link to a name below one
 */
enum tree_verdict {
	TREE_VISIBLE = 0,
	TREE_NAME_BELOW_LINK = 1,
	TREE_TARGET_BELOW_LINK = 2,
};

struct tar_tree;

struct tar_tree *tree_new(struct entry *v, size_t n, bool layered);
enum tree_verdict tree_visible(struct tar_tree *s, const struct tar_member *m,
			       const char **link);
bool tree_wants_hash(const struct tar_tree *s, const struct tar_member *m);
int tree_add(struct tar_tree *s, const struct tar_member *m, uint64_t ino,
	     const unsigned char *sha256);
void tree_layer(struct tar_tree *s, unsigned int layer, const char *digest,
		uint64_t inos);
int tree_whiteout(struct tar_tree *s, const char *path, bool opaque);
void tree_end(struct tar_tree *s, struct entry **v, size_t *n);

#endif /* FSCK_CHECK_TREE_H */
