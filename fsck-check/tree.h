/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tree.h - the tree extraction would leave (tree.c): of one archive's
 * members, or of the layers of an image applied in order.
 */
#ifndef FSCK_CHECK_TREE_H
#define FSCK_CHECK_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "archive-scan.h"
#include "entry.h"

/* Entries looked at by whiteouts, in all the layers of an image */
#define TREE_WORK_MAX		(1ULL << 30)

struct tar_tree;

struct tar_tree *tree_new(struct entry *v, size_t n, bool layered);
bool tree_visible(struct tar_tree *s, struct tar_reader *r,
		  const struct tar_member *m);
int tree_add(struct tar_tree *s, struct tar_reader *r,
	     const struct tar_member *m, bool hash);
void tree_layer(struct tar_tree *s, unsigned int layer, const char *digest,
		uint64_t inos);
int tree_whiteout(struct tar_tree *s, const char *path, bool opaque);
void tree_end(struct tar_tree *s, struct entry **v, size_t *n);

#endif /* FSCK_CHECK_TREE_H */
