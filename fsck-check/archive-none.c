// SPDX-License-Identifier: GPL-2.0-only
/*
 * archive-none.c - the tar and OCI sources in a build without libarchive
 * (the static build for the guests): --archive and --oci say so and fail.
 */
#include <errno.h>
#include <unistd.h>

#include "archive-scan.h"
#include "oci.h"

const bool archive_supported;

/* Nothing to load: the scan says what is missing. */
int archive_lib_load(const char *file, const struct fsck_report *rep)
{
	return 0;
}

/* No libarchive: @opt is not to be had. */
static int none(const char *file, const char *opt,
		const struct fsck_report *rep)
{
	fsck_damagef(rep, FSCK_ERROR, file, 0, NULL,
		     "this fsck-check was built without libarchive: no %s",
		     opt);
	return -ENOTSUP;
}

static int archive_none_scan(void *state, const struct fsck_report *rep,
			     struct entry **v, size_t *n,
			     volatile sig_atomic_t *intr)
{
	struct archive_opts *o = state;

	close(o->fd);
	return none(o->file, "--archive", rep);
}

static int oci_none_open(void *opts, const struct fsck_report *rep,
			 void **state)
{
	const struct oci_opts *o = opts;

	return none(o->file, "--oci", rep);
}

static int oci_none_scan(void *state, const struct fsck_report *rep,
			 struct entry **v, size_t *n,
			 volatile sig_atomic_t *intr)
{
	return -ENOTSUP;
}

const struct source_ops archive_source = {
	.name = "archive", .offline = true,
	.open = archive_src_open, .scan = archive_none_scan,
};
const struct source_ops oci_source = {
	.name = "oci", .offline = true,
	.open = oci_none_open, .scan = oci_none_scan,
};
