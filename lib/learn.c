// SPDX-License-Identifier: GPL-2.0-only
/*
 * learn.c - what a learning run's tallies propose, and the same grant as
 * the runtimes spell it (learn.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>

#include "fcap.h"
#include "learn.h"

static uint64_t bit(unsigned int cap)
{
	return cap < 64 ? 1ULL << cap : 0;
}

/**
 * fcap_learn_candidates() - capabilities the learned image was granted in
 *	at least one audited check of its own namespace
 * @l:	the tallies
 *
 * Return: the mask.
 */
uint64_t fcap_learn_candidates(const struct fcap_learned *l)
{
	uint64_t m = 0;
	unsigned int c;

	for (c = 0; c < FL_CAPS; c++)
		if (l->tally[c][FL_GRANTED])
			m |= bit(c);
	return m;
}

/**
 * fcap_learn_checked() - capabilities with any check tallied
 * @l:	the tallies
 *
 * Return: the mask.
 */
uint64_t fcap_learn_checked(const struct fcap_learned *l)
{
	uint64_t m = 0;
	unsigned int c, k;

	for (c = 0; c < FL_CAPS; c++)
		for (k = 0; k < FL_KINDS; k++)
			if (l->tally[c][k])
				m |= bit(c);
	return m;
}

/**
 * fcap_learn_why_not() - why a checked capability is not a candidate
 * @l:	the tallies
 * @cap: the capability
 *
 * Return: static English text, or NULL when @cap is a candidate or was
 * never checked.
 */
const char *fcap_learn_why_not(const struct fcap_learned *l, unsigned int cap)
{
	const uint64_t *t;

	if (cap >= FL_CAPS)
		return NULL;
	t = l->tally[cap];
	if (t[FL_GRANTED])
		return NULL;
	if (t[FL_FALLBACK] && t[FL_FALLBACK] >= t[FL_DENIED])
		return "denied, and the kernel checked its fallback in its place";
	if (t[FL_DENIED])
		return "denied although the run offered every capability (a check made with the capabilities dropped, as access(2) makes it)";
	if (t[FL_NOAUDIT_GRANTED] || t[FL_NOAUDIT_DENIED])
		return "no-audit checks only: the kernel asked without needing it";
	if (t[FL_OTHER_NS])
		return "checks against another user namespace only";
	return NULL;
}

/* "NET_RAW,SYS_TIME" (libcap's names upper-cased, "cap_" cut) */
static int upper_names(uint64_t caps, const char *sep, const char *prefix,
		       char *buf, size_t len)
{
	size_t used = 0;
	unsigned int c;

	if (!len)
		return -ENOSPC;
	buf[0] = '\0';
	for (c = 0; c < 64; c++) {
		char *name;
		const char *n;
		int w;

		if (!(caps & bit(c)))
			continue;
		name = cap_to_name((cap_value_t)c);
		if (!name)
			return -ENOMEM;
		n = strncmp(name, "cap_", 4) ? name : name + 4;
		w = snprintf(buf + used, len - used, "%s%s", used ? sep : "",
			     prefix);
		if (w >= 0 && (size_t)w < len - used) {
			size_t i;

			used += (size_t)w;
			for (i = 0; n[i] && used + 1 < len; i++)
				buf[used++] = (char)(n[i] >= 'a' && n[i] <= 'z' ?
						     n[i] - 'a' + 'A' : n[i]);
			buf[used] = '\0';
			w = n[i] ? -1 : 0;
		}
		cap_free(name);
		if (w < 0 || used + 1 >= len)
			return -ENOSPC;
	}
	return 0;
}

/**
 * fcap_grant_text() - the grant a file with @caps needs from its runtime
 * @caps:	the file's capabilities
 * @form:	enum fcap_grant_form
 * @buf:	where the text goes
 * @len:	its size
 *
 * A file's value grants only what the bounding set holds, and nothing
 * under no_new_privs unless the process holds it already: the runtime's
 * bounding set must hold it (containerd also puts a Kubernetes
 * container's added capabilities in every user's permitted set, so
 * allowPrivilegeEscalation: false keeps them).  For systemd the ambient
 * set gives the same to a service whose binary has no value.
 *
 * Return: 0, -ENOSPC when @buf is too small, -EINVAL for an unknown form,
 * -ENOMEM.
 */
int fcap_grant_text(uint64_t caps, enum fcap_grant_form form, char *buf,
		    size_t len)
{
	char docker[1024], k8s[1024], sd[1024];
	int ret, w;

	switch (form) {
	case FCAP_GRANT_CAPS:
		return upper_names(caps, ",", "", buf, len);
	case FCAP_GRANT_DOCKER:
		ret = upper_names(caps, " ", "--cap-add=", docker,
				  sizeof(docker));
		if (ret)
			return ret;
		w = snprintf(buf, len, "--cap-drop=ALL%s%s", caps ? " " : "",
			     docker);
		break;
	case FCAP_GRANT_K8S:
		ret = upper_names(caps, ", ", "", k8s, sizeof(k8s));
		if (ret)
			return ret;
		w = snprintf(buf, len,
			     "securityContext: {capabilities: {drop: [ALL], add: [%s]}}",
			     k8s);
		break;
	case FCAP_GRANT_SYSTEMD:
	case FCAP_GRANT_SYSTEMD_BOUNDING:
		ret = upper_names(caps, " ", "CAP_", sd, sizeof(sd));
		if (ret)
			return ret;
		if (form == FCAP_GRANT_SYSTEMD_BOUNDING)
			w = snprintf(buf, len, "CapabilityBoundingSet=%s", sd);
		else
			w = snprintf(buf, len,
				     "CapabilityBoundingSet=%s AmbientCapabilities=%s NoNewPrivileges=no",
				     sd, sd);
		break;
	default:
		return -EINVAL;
	}
	return w >= 0 && (size_t)w < len ? 0 : -ENOSPC;
}
