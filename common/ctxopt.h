/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctxopt.h - the runtime context options getfcap --explain and
 * fsck-check share: their getopt_long(3) entries (CTXOPT_LONGOPTS) and
 * ctxopt_apply(), which turns each into a fcap_context_apply() call on
 * lib's struct fcap_context, or exits with the tool's usage status.
 *
 *   --context preset     docker, podman, cap-drop-all, k8s-restricted
 *                        (each with ,+CAP ,-CAP), systemd[:K=V,...], self;
 *                        or a runtime's file: oci:FILE, k8s:FILE[#NAME],
 *                        podman-kube:FILE[#NAME], compose:FILE[#NAME],
 *                        podman-compose:FILE[#NAME], unit:FILE
 *   --bounding caps      the bounding set, exactly
 *   --cap-add caps       added, as docker run --cap-add
 *   --cap-drop caps      dropped (or ALL)
 *   --ambient caps       the ambient set
 *   --no-new-privs       no_new_privs set
 *   --user user          a name (looked up in /etc/passwd), UID or
 *                        UID:GID
 *   --userns-root uid    a user namespace whose root is host uid
 *   --nosuid             the file's mount is nosuid
 *   --privileged         docker's, podman's or a pod's privileged
 *
 * Like the rest of common/, this may print and exit.
 */
#ifndef FCAPS_CTXOPT_H
#define FCAPS_CTXOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "context.h"

/* getopt_long values: above any tool's own */
enum {
	CTXOPT_CONTEXT = 0x400,
	CTXOPT_BOUNDING,
	CTXOPT_CAP_ADD,
	CTXOPT_CAP_DROP,
	CTXOPT_AMBIENT,
	CTXOPT_NNP,
	CTXOPT_USER,
	CTXOPT_USERNS_ROOT,
	CTXOPT_NOSUID,
	CTXOPT_PRIVILEGED,
	CTXOPT_END,
};

/* The struct option entries, for a tool's table. */
#define CTXOPT_LONGOPTS \
	{ "ambient", required_argument, NULL, CTXOPT_AMBIENT }, \
	{ "bounding", required_argument, NULL, CTXOPT_BOUNDING }, \
	{ "cap-add", required_argument, NULL, CTXOPT_CAP_ADD }, \
	{ "cap-drop", required_argument, NULL, CTXOPT_CAP_DROP }, \
	{ "context", required_argument, NULL, CTXOPT_CONTEXT }, \
	{ "no-new-privs", no_argument, NULL, CTXOPT_NNP }, \
	{ "nosuid", no_argument, NULL, CTXOPT_NOSUID }, \
	{ "privileged", no_argument, NULL, CTXOPT_PRIVILEGED }, \
	{ "user", required_argument, NULL, CTXOPT_USER }, \
	{ "userns-root", required_argument, NULL, CTXOPT_USERNS_ROOT }

/**
 * struct ctxopt - the context the options build
 * @ctx:	the context (lib/context.h)
 * @given:	a context option was given
 * @login:	only --user options: a fresh login process of that user
 * @usage_status: the exit status of a refused option
 * @error_status: the exit status when "self" cannot be read
 * @defer_names: a --user of names (USER or USER:GROUP) is left in
 *		@user_name for the tool to resolve where the program runs
 *		(ctxopt_user(): in an image's own files), not looked up here
 * @user_name:	that --user, or NULL (a later preset or --user clears it)
 */
struct ctxopt {
	struct fcap_context ctx;
	bool given;
	bool login;
	int usage_status;
	int error_status;
	bool defer_names;
	const char *user_name;
};

static inline bool ctxopt_is(int c)
{
	return c >= CTXOPT_CONTEXT && c < CTXOPT_END;
}

void ctxopt_init(struct ctxopt *o, int usage_status, int error_status);
void ctxopt_apply(struct ctxopt *o, int c, const char *opt, const char *arg);
int ctxopt_passwd_name(FILE *passwd, const char *name, uint32_t *uid,
		       uint32_t *gid);
int ctxopt_resolve_user(FILE *passwd, FILE *group, const char *spec,
			char *ids, size_t len, const char **bad);
int ctxopt_user(struct ctxopt *o, FILE *passwd, FILE *group,
		const char **bad);
void ctxopt_host_user(struct ctxopt *o);
int ctxopt_check(const struct ctxopt *o, const char **why);

void ctxopt_help(FILE *f, int width);

#endif /* FCAPS_CTXOPT_H */
