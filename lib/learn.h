/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * learn.h - what a program's capability checks say it needs, as
 * fcaps-learn tallied them (lib/learn-abi.h), and the same grant in the
 * forms the runtimes take.  Nothing here prints.
 *
 * A capability is a candidate when the learned image made at least one
 * audited check of it, in its own user namespace, that was granted.  The
 * rest of what was checked is not, each for a reason
 * fcap_learn_why_not() names: no-audit checks (the kernel asks without
 * needing the answer, as ptrace_may_access() for /proc/PID/stat does),
 * checks against another user namespace, the denied first half of a
 * fallback pair (fl_fallback_of()), and checks denied although the run
 * offered every capability (access(2) drops them for its check).
 * Whether a candidate is needed is for a replay to say (fcaps-learn).
 */
#ifndef FCAP_LEARN_H
#define FCAP_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>

#include "learn-abi.h"

/**
 * struct fcap_learned - the tallies of one learning run
 * @tally:	checks by capability and enum fl_kind
 * @execs:	execs of the file in the command's tree
 * @tasks_lost:	tasks the recorder could not follow (its map was full)
 * @events_lost: events the ring buffer had no room for
 * @noaudit_from_stack: the kernel's hook had no opts: no-audit checks
 *		were told by their callers (FL_MODE_RAWTP)
 */
struct fcap_learned {
	uint64_t tally[FL_CAPS][FL_KINDS];
	uint64_t execs;
	uint64_t tasks_lost;
	uint64_t events_lost;
	bool noaudit_from_stack;
};

/* The forms fcap_grant_text() writes. */
enum fcap_grant_form {
	FCAP_GRANT_DOCKER,	/* docker/podman run flags */
	FCAP_GRANT_K8S,		/* a container's securityContext */
	FCAP_GRANT_SYSTEMD,	/* unit file lines */
	FCAP_GRANT_SYSTEMD_BOUNDING, /* its CapabilityBoundingSet= alone */
	FCAP_GRANT_CAPS,	/* upper-case names, comma-separated */
};

uint64_t fcap_learn_candidates(const struct fcap_learned *l);
uint64_t fcap_learn_checked(const struct fcap_learned *l);
const char *fcap_learn_why_not(const struct fcap_learned *l,
			       unsigned int cap);
int fcap_grant_text(uint64_t caps, enum fcap_grant_form form, char *buf,
		    size_t len);

#endif /* FCAP_LEARN_H */
