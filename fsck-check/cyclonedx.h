/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cyclonedx.h - a scan as a CycloneDX 1.6 JSON bill of materials
 * (cyclonedx.c): one file component per name with a value, its
 * capabilities as properties of the fcaps: namespace (doc/fsck-check.8,
 * CYCLONEDX OUTPUT).
 */
#ifndef FSCK_CHECK_CYCLONEDX_H
#define FSCK_CHECK_CYCLONEDX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "entry.h"
#include "rules.h"

/* The latest SOURCE_DATE_EPOCH taken: 9999-12-31T23:59:59Z */
#define CDX_EPOCH_MAX	253402300799LL

/**
 * struct cdx_subject - what was scanned: the BOM's metadata.component
 * @source:	"mounted", "image", "archive" or "oci"
 * @paths: @npaths: the trees of a mounted scan, or the one input file
 * @ref:	--oci: --image-ref, or NULL
 */
struct cdx_subject {
	const char *source;
	const char *const *paths;
	int npaths;
	const char *ref;
};

/**
 * struct cdx_meta - the document's own metadata
 * @when:	its timestamp
 * @reproducible: @when is SOURCE_DATE_EPOCH: the serial number is derived
 *		from the document (a name-based UUID), not random
 * @complete:	the scan read everything (no operational error, not
 *		interrupted)
 * @version:	fsck-check's version, for metadata.tools
 */
struct cdx_meta {
	time_t when;
	bool reproducible;
	bool complete;
	const char *version;
};

/**
 * struct cdx_bom - a document being built: the components, in memory
 * until cdx_finish() knows the metadata
 * @f:		the stream the components are written to
 * @buf: @len:	what @f holds
 * @n:		components written
 * @last:	the path of the last component (malloc()ed), for bom-refs
 * @same:	components before this one with the path @last
 */
struct cdx_bom {
	FILE *f;
	char *buf;
	size_t len;
	size_t n;
	char *last;
	unsigned int same;
};

int cdx_begin(struct cdx_bom *b);
int cdx_add(struct cdx_bom *b, const struct entry *e,
	    const struct finding *f, size_t nf);
int cdx_finish(struct cdx_bom *b, FILE *out, const struct cdx_subject *s,
	       const struct cdx_meta *m);
void cdx_free(struct cdx_bom *b);
int cdx_parse_epoch(const char *s, time_t *when);

#endif /* FSCK_CHECK_CYCLONEDX_H */
