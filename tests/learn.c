// SPDX-License-Identifier: GPL-2.0-only
/*
 * learn.c - what a learning run's tallies propose (lib/learn.c): the
 * candidates, the reason each other capability checked is not one, the
 * kernel's fallback pairs, and the runtimes' grants.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/types.h>

#include "fcap.h"
#include "learn.h"
#include "tap.h"

#define B(c)	(1ULL << (c))

static void why_is(const struct fcap_learned *l, unsigned int cap,
		   const char *start, const char *name)
{
	const char *why = fcap_learn_why_not(l, cap);

	tap_ok(why && !strncmp(why, start, strlen(start)), "%s: '%s'", name,
	       why ? why : "(none)");
}

static void tallies(void)
{
	struct fcap_learned l = { 0 };

	l.tally[13][FL_GRANTED] = 2;		/* cap_net_raw */
	l.tally[19][FL_NOAUDIT_GRANTED] = 1;	/* cap_sys_ptrace */
	l.tally[2][FL_DENIED] = 1;		/* cap_dac_read_search */
	l.tally[2][FL_FALLBACK] = 1;
	l.tally[1][FL_DENIED] = 1;		/* cap_dac_override */
	l.tally[21][FL_OTHER_NS] = 3;		/* cap_sys_admin */
	l.tally[23][FL_GRANTED] = 1;		/* cap_sys_nice */
	l.tally[23][FL_NOAUDIT_GRANTED] = 4;
	tap_is_u64(fcap_learn_candidates(&l), B(13) | B(23),
		   "candidates: the audited grants in the task's own namespace");
	tap_is_u64(fcap_learn_checked(&l),
		   B(1) | B(2) | B(13) | B(19) | B(21) | B(23),
		   "checked: every capability with a tally");
	tap_ok(!fcap_learn_why_not(&l, 13), "a candidate has no reason");
	tap_ok(!fcap_learn_why_not(&l, 5), "nor has a capability never checked");
	why_is(&l, 19, "no-audit checks only", "no-audit only");
	why_is(&l, 2, "denied, and the kernel checked its fallback",
	       "the denied first half of a fallback pair");
	why_is(&l, 1, "denied although the run offered every capability",
	       "denied to a run with every capability");
	why_is(&l, 21, "checks against another user namespace only",
	       "another namespace only");
	l.tally[2][FL_DENIED] = 2;
	why_is(&l, 2, "denied although", "a denial its fallback did not follow");
	tap_ok(!fcap_learn_why_not(&l, FL_CAPS), "a capability past the tallies");
}

static void pairs(void)
{
	tap_is_int(fl_fallback_of(2), 1,
		   "CAP_DAC_READ_SEARCH falls back to CAP_DAC_OVERRIDE");
	tap_is_int(fl_fallback_of(34), 21, "CAP_SYSLOG to CAP_SYS_ADMIN");
	tap_is_int(fl_fallback_of(38), 21, "CAP_PERFMON to CAP_SYS_ADMIN");
	tap_is_int(fl_fallback_of(39), 21, "CAP_BPF to CAP_SYS_ADMIN");
	tap_is_int(fl_fallback_of(40), 21,
		   "CAP_CHECKPOINT_RESTORE to CAP_SYS_ADMIN");
	tap_is_int(fl_fallback_of(1), -1, "CAP_DAC_OVERRIDE has none");
	tap_is_int(fl_fallback_of(21), -1, "nor has CAP_SYS_ADMIN");
}

static void grants(void)
{
	char buf[512];

	tap_ok(!fcap_grant_text(B(13) | B(10), FCAP_GRANT_CAPS, buf, sizeof(buf)) &&
	       !strcmp(buf, "NET_BIND_SERVICE,NET_RAW"), "names: '%s'", buf);
	tap_ok(!fcap_grant_text(B(13), FCAP_GRANT_DOCKER, buf, sizeof(buf)) &&
	       !strcmp(buf, "--cap-drop=ALL --cap-add=NET_RAW"),
	       "docker/podman: '%s'", buf);
	tap_ok(!fcap_grant_text(B(14), FCAP_GRANT_K8S, buf, sizeof(buf)) &&
	       !strcmp(buf, "securityContext: {capabilities: {drop: [ALL], add: [IPC_LOCK]}}"),
	       "kubernetes: '%s'", buf);
	tap_ok(!fcap_grant_text(B(25) | B(10), FCAP_GRANT_SYSTEMD, buf, sizeof(buf)) &&
	       !strcmp(buf, "CapabilityBoundingSet=CAP_NET_BIND_SERVICE CAP_SYS_TIME AmbientCapabilities=CAP_NET_BIND_SERVICE CAP_SYS_TIME NoNewPrivileges=no"),
	       "systemd: '%s'", buf);
	tap_ok(!fcap_grant_text(B(25), FCAP_GRANT_SYSTEMD_BOUNDING, buf, sizeof(buf)) &&
	       !strcmp(buf, "CapabilityBoundingSet=CAP_SYS_TIME"),
	       "systemd's bounding set alone: '%s'", buf);
	tap_is_int(fcap_grant_text(B(13) | B(10), FCAP_GRANT_CAPS, buf, 8),
		   -ENOSPC, "a buffer too small: -ENOSPC");
	tap_is_int(fcap_grant_text(B(13), (enum fcap_grant_form)99, buf,
				   sizeof(buf)), -EINVAL, "an unknown form: -EINVAL");
}

int main(void)
{
	tallies();
	pairs();
	grants();
	return tap_done();
}
