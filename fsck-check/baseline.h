/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * baseline.h - a scan's baseline (baseline.c): saved, loaded, and the
 * findings of what changed since.  Never prints.
 */
#ifndef FSCK_CHECK_BASELINE_H
#define FSCK_CHECK_BASELINE_H

#include <stddef.h>
#include <stdio.h>

#include "entry.h"
#include "rules.h"

#define BASELINE_MAGIC		"fsck-check-baseline"
#define BASELINE_VERSION	1

struct baseline {
	struct entry *v;
	size_t n;
};

int baseline_save(const char *file, const struct entry *v, size_t n);
int baseline_write(FILE *f, const struct entry *v, size_t n);
int baseline_load(const char *file, struct baseline *b, unsigned int *line);
void baseline_free(struct baseline *b);
size_t baseline_compare(const struct entry *e, const struct entry *old,
			struct finding *out, size_t max);
void baseline_removed(const struct entry *old, struct finding *f);

#endif /* FSCK_CHECK_BASELINE_H */
