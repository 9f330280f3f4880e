/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source.h - the shape every source of fsck-check's entries has: a
 * mounted tree (walk.h), an ext2/3/4 image (image.h), a tar archive
 * (archive-scan.h) or a container image (oci.h).  Each defines its own
 * options, which the driver fills, and its own operations on them: open
 * the input, then read it.  Neither step prints: damage goes to the
 * driver's report (report.h).
 */
#ifndef FSCK_CHECK_SOURCE_H
#define FSCK_CHECK_SOURCE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "entry.h"
#include "report.h"

/**
 * struct source_ops - one kind of source
 * @name:	"mounted", "image", "archive" or "oci" (--prometheus)
 * @offline:	its input is untrusted: read by a sandboxed child
 * @open:	open the input described by @opts (the kind's own options
 *		struct), before the sandbox; set @state for @scan.
 *		Return: 0 when there is something to read (damage may have
 *		been reported), or a negative errno when there is nothing
 * @scan:	read it, appending to @v/@n; what @open allocated in @state
 *		is freed, the options it points to are the caller's.  Return: 0,
 *		or a negative errno when damage made the result incomplete
 *		(each piece reported)
 */
struct source_ops {
	const char *name;
	bool offline;
	int (*open)(void *opts, const struct fsck_report *rep, void **state);
	int (*scan)(void *state, const struct fsck_report *rep,
		    struct entry **v, size_t *n, volatile sig_atomic_t *intr);
};

#endif /* FSCK_CHECK_SOURCE_H */
