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

#include "context.h"
#include "entry.h"
#include "profile.h"

#define ENTRY_FINDINGS_MAX	32
#define FINDING_REASON_MAX	1024
#define FINDING_FIX_MAX		512

enum severity {
	SEV_INFO = 0,
	SEV_WARNING = 1,
	SEV_ERROR = 2,
};

/**
 * struct finding_exec - what a context-* finding rests on
 * @x:		the model's outcome of an exec in the context
 * @nfixes:	the changes the model says make the file work, or partly
 * @full:	each fix gives all the file asks for (else exec only works)
 * @fix:	each fix as the runtime's user makes it (fcap_fix_text())
 */
struct finding_exec {
	struct fcap_exec x;
	unsigned int nfixes;
	bool full[FCAP_FIXES_MAX];
	char fix[FCAP_FIXES_MAX][FINDING_FIX_MAX];
};

/**
 * struct finding - one finding of one entry
 * @rule:	its rule id (a static string)
 * @sev:	its severity
 * @reason:	one line of English
 * @has_exec:	a context-* finding: @exec is filled
 * @exec:	the outcome and the fixes
 */
struct finding {
	const char *rule;
	enum severity sev;
	char reason[FINDING_REASON_MAX];
	bool has_exec;
	struct finding_exec exec;
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
 * @ctx:	the runtime context values are judged in (--context and the
 *		options with it), NULL when none
 * @model:	the kernel policy the execve model runs under (mainline),
 *		with fcaps-guard's mask when @guard_from says whose it is
 * @guard_from:	whose mask @model's guard has, in the words of the
 *		guard-refused rule (the loaded guard's, --guard-mask);
 *		NULL: no guard, no such rule
 * @profiles:	learned profiles (--profiles), NULL when none: a value
 *		that grants more than its file's is over-granted
 */
struct rules_config {
	uint64_t dangerous;
	uint64_t deny;
	struct policy_rule *policy;
	size_t npolicy;
	bool have_policy;
	const struct fcap_context *ctx;
	enum fcap_kver kver;
	struct fcap_policy model;
	const char *guard_from;
	const struct profiles *profiles;
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
