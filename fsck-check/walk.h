/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * walk.h - the mounted source of struct entry (walk.c): trees walked by
 * a pool of threads, each name's value read through lib.
 */
#ifndef FSCK_CHECK_WALK_H
#define FSCK_CHECK_WALK_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "entry.h"
#include "source.h"

int walk_scan(const struct source_opts *o, struct entry **v, size_t *n,
	      unsigned long *errors, volatile sig_atomic_t *intr);

#endif /* FSCK_CHECK_WALK_H */
