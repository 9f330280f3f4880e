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
#include "report.h"
#include "source.h"

/**
 * struct walk_opts - what walk_scan() walks and how
 * @ops: @nops:	the trees (a symbolic link to a directory is followed, as
 *		find -H does; nothing below one ever is)
 * @jobs:	walker threads
 * @cross:	descend into other mounted file systems
 * @hash:	fill in the SHA-256 of every regular file with a value
 * @progress:	NULL, or called about once a second from the third second
 *		on with the directories read and the names found so far,
 *		and once more with @done when it was called at all
 * @progress_arg: its argument
 */
struct walk_opts {
	char **ops;
	int nops;
	long jobs;
	bool cross;
	bool hash;
	void (*progress)(void *arg, unsigned long dirs, size_t names,
			 bool done);
	void *progress_arg;
};

int walk_scan(const struct walk_opts *o, const struct fsck_report *rep,
	      struct entry **v, size_t *n, volatile sig_atomic_t *intr);

/* a mounted scan: walk_scan() */
extern const struct source_ops mounted_source;

#endif /* FSCK_CHECK_WALK_H */
