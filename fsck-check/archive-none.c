// SPDX-License-Identifier: GPL-2.0-only
/*
 * archive-none.c - archive_scan() in a build without libarchive (the
 * static build for the guests): --archive and --oci say so and fail.
 */
#include <err.h>
#include <unistd.h>

#include "archive-scan.h"
#include "oci.h"

const bool archive_supported;

/* Nothing to load: archive_scan() says what is missing. */
int archive_lib_load(const char *file)
{
	return 0;
}

int archive_scan(const struct archive_opts *o, struct entry **v, size_t *n,
		 volatile sig_atomic_t *intr)
{
	warnx("%s: this fsck-check was built without libarchive: no --archive",
	      o->file);
	close(o->fd);
	return EXIT_OPERR;
}

int oci_open(struct oci_opts *o)
{
	warnx("%s: this fsck-check was built without libarchive: no --oci",
	      o->file);
	return EXIT_OPERR;
}

int oci_scan(struct oci_opts *o, struct entry **v, size_t *n,
	     volatile sig_atomic_t *intr)
{
	return EXIT_OPERR;
}
