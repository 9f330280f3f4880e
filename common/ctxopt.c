// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctxopt.c - the runtime context options of getfcap --explain and
 * fsck-check (ctxopt.h): one parser, lib's fcap_context_apply() under it.
 */
#include <err.h>
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "ctxopt.h"

/**
 * ctxopt_init() - no context option yet
 * @o:		the options
 * @usage_status: the exit status of a refused option
 * @error_status: the exit status when "self" cannot be read
 */
void ctxopt_init(struct ctxopt *o, int usage_status, int error_status)
{
	memset(o, 0, sizeof(*o));
	fcap_context_init(&o->ctx);
	o->usage_status = usage_status;
	o->error_status = error_status;
}

/**
 * ctxopt_passwd_name() - a user name in a passwd file
 * @passwd:	the file (read from where it is)
 * @name:	the name
 * @uid: @gid:	its ids
 *
 * Return: 0, or -ENOENT when no line names it (or @passwd is NULL).
 */
int ctxopt_passwd_name(FILE *passwd, const char *name, uint32_t *uid,
		       uint32_t *gid)
{
	struct passwd *pw;

	while (passwd && (pw = fgetpwent(passwd))) {
		if (!strcmp(pw->pw_name, name)) {
			*uid = pw->pw_uid;
			*gid = pw->pw_gid;
			return 0;
		}
	}
	return -ENOENT;
}

/* The group of uid @uid in @passwd; -ENOENT when none. */
static int passwd_uid(FILE *passwd, uint32_t uid, uint32_t *gid)
{
	struct passwd *pw;

	while (passwd && (pw = fgetpwent(passwd))) {
		if (pw->pw_uid == uid) {
			*gid = pw->pw_gid;
			return 0;
		}
	}
	return -ENOENT;
}

static int group_name(FILE *group, const char *name, uint32_t *gid)
{
	struct group *gr;

	while (group && (gr = fgetgrent(group))) {
		if (!strcmp(gr->gr_name, name)) {
			*gid = gr->gr_gid;
			return 0;
		}
	}
	return -ENOENT;
}

static bool numeric(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* "UID" or "UID:GID", numbers only */
static bool numeric_ids(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n && (!s[n] || (s[n] == ':' && numeric(s + n + 1)));
}

/**
 * ctxopt_resolve_user() - "USER[:GROUP]" as a container runtime resolves
 *	it in the image (runc's libcontainer/user): a name through @passwd
 *	and @group, a number as it is; without GROUP, the group @passwd
 *	gives the user, or none (the runtime's)
 * @passwd: @group: the image's files, or NULL when it has none
 * @spec:	the image configuration's User
 * @ids: @len:	"UID" or "UID:GID", for FCAP_CTXOPT_USER
 * @bad:	the part of @spec not found, when -ENOENT: @spec itself (the
 *		user's name), or its GROUP
 *
 * Return: 0; -ENOENT when a name is not found; -EINVAL when @spec is
 * empty or too long.
 */
int ctxopt_resolve_user(FILE *passwd, FILE *group, const char *spec,
			char *ids, size_t len, const char **bad)
{
	char user[256], *grp;
	uint32_t uid, gid;
	bool has_gid = false;
	unsigned long n;
	int ret;

	if (!*spec || strlen(spec) >= sizeof(user))
		return -EINVAL;
	strcpy(user, spec);
	grp = strchr(user, ':');
	if (grp)
		*grp++ = '\0';
	*bad = spec;
	if (numeric(user)) {
		n = strtoul(user, NULL, 10);
		if (n >= 0xffffffffUL)
			return -EINVAL;
		uid = (uint32_t)n;
		has_gid = !passwd_uid(passwd, uid, &gid);
	} else {
		ret = ctxopt_passwd_name(passwd, user, &uid, &gid);
		if (ret)
			return ret;
		has_gid = true;
	}
	if (grp && numeric(grp)) {
		n = strtoul(grp, NULL, 10);
		if (n >= 0xffffffffUL)
			return -EINVAL;
		gid = (uint32_t)n;
		has_gid = true;
	} else if (grp) {
		*bad = spec + (grp - user);
		ret = group_name(group, grp, &gid);
		if (ret)
			return ret;
		has_gid = true;
	}
	if (has_gid)
		ret = snprintf(ids, len, "%" PRIu32 ":%" PRIu32, uid, gid);
	else
		ret = snprintf(ids, len, "%" PRIu32, uid);
	return ret > 0 && (size_t)ret < len ? 0 : -EINVAL;
}

/*
 * A --user name from /etc/passwd (read directly: no NSS, so the static
 * guest build needs no shared libraries), or a numeric uid whose group
 * is the same number.
 */
static int lookup_user(const char *user, uint32_t *uid, uint32_t *gid)
{
	FILE *f = fopen("/etc/passwd", "re");
	unsigned long n;
	char *end;
	int ret;

	ret = ctxopt_passwd_name(f, user, uid, gid);
	if (f)
		fclose(f);
	if (!ret)
		return 0;
	errno = 0;
	n = strtoul(user, &end, 10);
	if (errno || end == user || *end || n >= 0xffffffffUL)
		return -ENOENT;
	*uid = *gid = (uint32_t)n;
	return 0;
}

/**
 * ctxopt_apply() - one context option, in the order given: a preset
 *	starts afresh, the others refine
 * @o:		the options so far
 * @c:		its getopt_long value (ctxopt_is())
 * @opt:	its name, for messages
 * @arg:	its argument, or NULL
 *
 * A --user name is looked up in /etc/passwd; so is a number given as the
 * first option: a login whose group is the same number.  A number
 * refining a preset keeps the preset's group; UID:GID goes to the
 * library as it is.  Exits with @o->usage_status when the option is
 * refused, @o->error_status when "self" cannot be read.
 */
void ctxopt_apply(struct ctxopt *o, int c, const char *opt, const char *arg)
{
	static const enum fcap_ctx_opt of[] = {
		[CTXOPT_CONTEXT - CTXOPT_CONTEXT] = FCAP_CTXOPT_PRESET,
		[CTXOPT_BOUNDING - CTXOPT_CONTEXT] = FCAP_CTXOPT_BOUNDING,
		[CTXOPT_CAP_ADD - CTXOPT_CONTEXT] = FCAP_CTXOPT_CAP_ADD,
		[CTXOPT_CAP_DROP - CTXOPT_CONTEXT] = FCAP_CTXOPT_CAP_DROP,
		[CTXOPT_AMBIENT - CTXOPT_CONTEXT] = FCAP_CTXOPT_AMBIENT,
		[CTXOPT_NNP - CTXOPT_CONTEXT] = FCAP_CTXOPT_NO_NEW_PRIVS,
		[CTXOPT_USER - CTXOPT_CONTEXT] = FCAP_CTXOPT_USER,
		[CTXOPT_USERNS_ROOT - CTXOPT_CONTEXT] = FCAP_CTXOPT_USERNS_ROOT,
		[CTXOPT_NOSUID - CTXOPT_CONTEXT] = FCAP_CTXOPT_NOSUID,
		[CTXOPT_PRIVILEGED - CTXOPT_CONTEXT] = FCAP_CTXOPT_PRIVILEGED,
	};
	struct fcap_context_error e = { NULL, "", "" };
	char ids[32];
	int ret;

	if (c == CTXOPT_CONTEXT || c == CTXOPT_USER)
		o->user_name = NULL;
	if (c == CTXOPT_USER && o->defer_names && !numeric_ids(arg)) {
		o->login = o->login || !o->given;
		o->given = true;
		o->user_name = arg;
		return;
	}
	if (c == CTXOPT_USER && !strchr(arg, ':') &&
	    (!o->given || !numeric(arg))) {
		uint32_t uid, gid;

		if (lookup_user(arg, &uid, &gid))
			errx(o->usage_status, "%s: no such user", arg);
		snprintf(ids, sizeof(ids), "%" PRIu32 ":%" PRIu32, uid, gid);
		arg = ids;
	}
	o->login = (o->login || !o->given) && c == CTXOPT_USER;
	o->given = true;
	ret = fcap_context_apply(&o->ctx, of[c - CTXOPT_CONTEXT], arg, &e);
	if (ret == -ENOENT)
		errx(o->usage_status,
		     "--%s %s: unknown context preset \"%s\" (known: %s)", opt,
		     arg, e.token, fcap_context_presets());
	if (ret && e.where[0])
		errx(o->usage_status, "--%s %s: %s: %s%s%s%s", opt, arg, e.where,
		     e.reason ? e.reason : strerror(-ret),
		     e.token[0] ? " (\"" : "", e.token,
		     e.token[0] ? "\")" : "");
	if (ret && ret != -EINVAL)
		errx(o->error_status, "--%s %s: %s: %s", opt, arg,
		     e.reason ? e.reason : "", strerror(-ret));
	if (ret)
		errx(o->usage_status, "--%s%s%s: %s%s%s%s", opt, arg ? " " : "",
		     arg ? arg : "", e.reason ? e.reason : strerror(-ret),
		     e.token[0] ? " (\"" : "", e.token,
		     e.token[0] ? "\")" : "");
	/* a user the file names: where the program runs, or here */
	if (o->ctx.user_name[0]) {
		o->user_name = o->ctx.user_name;
		if (!o->defer_names)
			ctxopt_host_user(o);
	}
}

/**
 * ctxopt_check() - whether the runtime starts the context's process at
 *	all (fcap_context_check()), once its user is known
 * @o:		the options
 * @why:	the reason, when not
 *
 * Return: 0, or -EPERM.
 */
int ctxopt_check(const struct ctxopt *o, const char **why)
{
	struct fcap_context_error e = { NULL, "", "" };
	int ret;

	ret = fcap_context_check(&o->ctx, &e);
	*why = e.reason;
	return ret;
}

/**
 * ctxopt_user() - apply the --user of names left by @o->defer_names
 * @o:		the options
 * @passwd: @group: where the names are (NULL: none), as in
 *		ctxopt_resolve_user()
 * @bad:	the part not found, when -ENOENT
 *
 * Return: 0 (also when there is none); -ENOENT or -EINVAL as
 * ctxopt_resolve_user().
 */
int ctxopt_user(struct ctxopt *o, FILE *passwd, FILE *group,
		const char **bad)
{
	char ids[32];
	int ret;

	if (!o->user_name)
		return 0;
	ret = ctxopt_resolve_user(passwd, group, o->user_name, ids,
				  sizeof(ids), bad);
	if (!ret)
		ret = fcap_context_apply(&o->ctx, FCAP_CTXOPT_USER, ids, NULL);
	if (!ret) {
		o->user_name = NULL;
		o->ctx.user_name[0] = '\0';
	}
	return ret;
}

/**
 * ctxopt_host_user() - apply the --user of names left by
 *	@o->defer_names through this system's /etc/passwd and /etc/group;
 *	exits with @o->usage_status when a name is not there
 * @o:		the options
 */
void ctxopt_host_user(struct ctxopt *o)
{
	FILE *pw = fopen("/etc/passwd", "re"), *gr = fopen("/etc/group", "re");
	const char *bad = NULL, *name = o->user_name;
	int ret;

	ret = ctxopt_user(o, pw, gr, &bad);
	if (pw)
		fclose(pw);
	if (gr)
		fclose(gr);
	if (ret == -ENOENT)
		errx(o->usage_status, "--user %s: no such %s", name,
		     bad == name ? "user" : "group");
	if (ret)
		errx(o->usage_status, "--user %s: not a user", name);
}

/**
 * ctxopt_help() - the help lines of the options every tool words alike
 * @f:		where
 * @width:	the width of the option column (after two blanks)
 *
 * --bounding to --nosuid, each refining the context (--context and --user
 * are worded by each tool).
 */
void ctxopt_help(FILE *f, int width)
{
	static const char *const lines[][2] = {
		{ "--bounding caps", "with exactly this bounding set" },
		{ "--cap-add caps", "with caps added, as docker run --cap-add" },
		{ "--cap-drop caps", "with caps (or ALL) dropped" },
		{ "--ambient caps", "with this ambient set" },
		{ "--no-new-privs", "with no_new_privs set" },
		{ "--userns-root uid", "in a user namespace whose root is host uid" },
		{ "--nosuid", "from a nosuid mount" },
		{ "--privileged", "privileged (docker, podman, a pod)" },
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		fprintf(f, "  %-*s... %s\n", width, lines[i][0], lines[i][1]);
}
