// SPDX-License-Identifier: GPL-2.0-only
/*
 * entry.c - what every source's entries need: freeing, sorting by path.
 */
#include <stdlib.h>
#include <string.h>

#include "entry.h"

/* Free what @e holds (not @e itself). */
void entry_free(struct entry *e)
{
	free(e->path);
	e->path = NULL;
	free(e->layers);	/* layers.h: nothing of its own to free */
	e->layers = NULL;
	fcap_read_release(&e->read);
}

/* qsort(3) and bsearch(3) order of entries: by path, bytewise. */
int entry_cmp_path(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	return strcmp(x->path, y->path);
}
