/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * output.h - judge every entry and print it (output.c): text, JSON
 * lines, a getcap-compatible list or a CycloneDX document
 * (cyclonedx.h), and the counts of what was found.
 */
#ifndef FSCK_CHECK_OUTPUT_H
#define FSCK_CHECK_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "baseline.h"
#include "context.h"
#include "entry.h"
#include "rules.h"

struct cdx_bom;

/* The "schema_version" member of every --json line (fsck-check.schema.json) */
#define JSON_SCHEMA_VERSION	3

enum output { OUT_TEXT, OUT_JSON, OUT_LIST, OUT_CYCLONEDX };

/**
 * struct output_opts - how entries are printed
 * @out:	the format
 * @quiet:	text: only findings at or above @fail_on, no summary
 * @fail_on:	the lowest severity that fails the scan
 * @colour:	text: severities in colour
 * @ops: @nops:	the operands, for the removed entries of a baseline
 * @interrupted: the scan did not finish (nothing is removed)
 * @ctx:	--json: the runtime context of the context-* rules, printed
 *		with every line; NULL when none
 * @models:	--json: the kernel rules the exec model followed ("Linux
 *		7.3 ..."), printed with a context or a guard's mask; or NULL
 * @cdx:	--cyclonedx: the document the entries are added to
 */
struct output_opts {
	enum output out;
	bool quiet;
	enum severity fail_on;
	bool colour;
	char **ops;
	int nops;
	bool interrupted;
	const struct fcap_context *ctx;
	const char *models;
	struct cdx_bom *cdx;
};

/* Distinct (rule, severity) pairs counted for --prometheus */
#define TALLY_RULES_MAX		64

struct rule_count {
	const char *rule;
	enum severity sev;
	size_t n;
};

struct tally {
	size_t files;
	size_t sev[3];
	size_t failing;
	struct rule_count rules[TALLY_RULES_MAX];
	size_t nrules;
};

void judge_all(const struct output_opts *o, const struct rules_config *cfg,
	       struct entry *v, size_t n, const struct baseline *b,
	       struct tally *t);
void print_summary(const struct output_opts *o, const struct tally *t);

#endif /* FSCK_CHECK_OUTPUT_H */
