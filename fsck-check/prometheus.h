/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prometheus.h - the node_exporter textfile of a scan (prometheus.c).
 */
#ifndef FSCK_CHECK_PROMETHEUS_H
#define FSCK_CHECK_PROMETHEUS_H

#include <stdbool.h>

#include "fcap.h"
#include "output.h"

struct prom_report {
	const char *file;
	const char *source;	/* "mounted", "image", "archive" or "oci" */
	const char *const *paths; /* the operands, or the image file */
	int npaths;
	const struct tally *t;
	bool baseline;		/* compared with a baseline */
	unsigned long errors;	/* operational errors */
	double duration;	/* seconds */
	int status;		/* the exit status, but for EXIT_PROMETHEUS */
	/* the running fcaps-guard, NULL when not read */
	const struct fcap_guard_state *guard;
	char last_success[64];	/* set by prom_fill() */
};

/* The file being written: a temporary beside it, made before reading. */
struct prom_file {
	const char *file;
	char *tmp;
	int fd;
	char last_success[64];	/* of the file replaced, "" when none */
};

int prom_open(struct prom_file *p, const char *file);
int prom_fill(struct prom_file *p, struct prom_report *r);
int prom_commit(struct prom_file *p, bool ok);

#endif /* FSCK_CHECK_PROMETHEUS_H */
