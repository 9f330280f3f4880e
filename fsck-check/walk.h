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

/**
 * struct walk_opts - what walk_scan() walks and how
 * @ops: @nops:	the trees (a symbolic link to a directory is followed,
 *		as find -H does; nothing below one ever is)
 * @jobs:	walker threads
 * @cross:	descend into other mounted file systems
 * @quiet:	no warnings that do not change the exit status
 * @hash:	fill in the SHA-256 of every regular file with a value
 */
struct walk_opts {
	char **ops;
	int nops;
	long jobs;
	bool cross;
	bool quiet;
	bool hash;
};

int walk_scan(const struct walk_opts *o, struct entry **v, size_t *n,
	      unsigned long *errors, volatile sig_atomic_t *intr);

#endif /* FSCK_CHECK_WALK_H */
