/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rules.h - judging one entry (rules.c): its findings, by rule and
 * severity, under a rule set (dangerous and denied capabilities, an
 * allow-list).  Never prints.
 */
#ifndef FSCK_CHECK_RULES_H
#define FSCK_CHECK_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry.h"

#define ENTRY_FINDINGS_MAX	32
#define FINDING_REASON_MAX	200

enum severity {
	SEV_INFO = 0,
	SEV_WARNING = 1,
	SEV_ERROR = 2,
};

struct finding {
	const char *rule;
	enum severity sev;
	char reason[FINDING_REASON_MAX];
};

struct policy_rule {
	char *glob;
	uint64_t mask;
};

/**
 * struct rules_config - the knobs of the rule set
 * @dangerous:	capabilities that are root-equivalent (overridable)
 * @deny:	capabilities that may never appear (--deny)
 * @policy:	allow-list (--policy), NULL when none
 */
struct rules_config {
	uint64_t dangerous;
	uint64_t deny;
	struct policy_rule *policy;
	size_t npolicy;
	bool have_policy;
};

extern const char rules_default_dangerous[];
int rules_init(struct rules_config *cfg);
void rules_free(struct rules_config *cfg);
int rules_load_policy(struct rules_config *cfg, const char *file,
		      unsigned int *bad_line);
size_t rules_check(const struct entry *e, const struct rules_config *cfg,
		   struct finding *out, size_t max);
const char *severity_name(enum severity s);
int severity_parse(const char *s, enum severity *out);

#endif /* FSCK_CHECK_RULES_H */
