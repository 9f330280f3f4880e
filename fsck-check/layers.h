/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layers.h - what the layers of a container image did to one name's
 * value: the extension of struct entry that only SRC_OCI entries have
 * (@layers), made by the layered tree (tree.c) and read by the rules,
 * the baseline and the output.
 */
#ifndef FSCK_CHECK_LAYERS_H
#define FSCK_CHECK_LAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "entry.h"

/* "sha256:" and 64 hex digits, and the NUL */
#define LAYER_DIGEST_MAX	72
/* Layer events kept per name: the latest ones */
#define LAYER_EVENTS_MAX	12

/* What a layer of an image did to a name's value. */
enum layer_event_kind {
	LAYER_ADDED = 0,	/* a value where there was none */
	LAYER_CHANGED = 1,	/* another value */
	LAYER_REMOVED = 2,	/* a whiteout (or a file over its directory) */
	LAYER_LOST = 3,		/* the file replaced by one with no value */
};

/**
 * struct layer_event - one layer's doing
 * @kind:	what it did
 * @layer:	which layer, 1 the base
 * @digest:	its digest, "sha256:..."
 */
struct layer_event {
	enum layer_event_kind kind;
	unsigned int layer;
	char digest[LAYER_DIGEST_MAX];
};

/**
 * struct entry_layers - a name's value across the layers of an image
 * @layer: @digest: the layer (1 the base) that last set the value, or,
 *		when @gone, that removed it
 * @gone:	not in the image's final file system with a value (removed
 *		or lost by a later layer); the entry's @read is the last value
 * @events: @nevents: what the layers did to the value, oldest first
 *		(the latest LAYER_EVENTS_MAX)
 *
 * One allocation, freed by entry_free().
 */
struct entry_layers {
	unsigned int layer;
	char digest[LAYER_DIGEST_MAX];
	bool gone;
	struct layer_event events[LAYER_EVENTS_MAX];
	size_t nevents;
};

/* Is @e only the history of a value no longer in its image? */
static inline bool entry_gone(const struct entry *e)
{
	return e->layers && e->layers->gone;
}

#endif /* FSCK_CHECK_LAYERS_H */
