// SPDX-License-Identifier: GPL-2.0-only
/*
 * context.c - the process a runtime leaves to execute a file: presets for
 * Docker, Podman, Kubernetes, systemd and this process, options refining
 * them, and the changes that would make a file work there, each one
 * checked by running the execve model again (context.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "context-priv.h"

#define CAP_BIT(n)	(1ULL << (n))
#define CAP_CHOWN_B		CAP_BIT(0)
#define CAP_DAC_OVERRIDE_B	CAP_BIT(1)
#define CAP_FOWNER_B		CAP_BIT(3)
#define CAP_FSETID_B		CAP_BIT(4)
#define CAP_KILL_B		CAP_BIT(5)
#define CAP_SETGID_B		CAP_BIT(6)
#define CAP_SETUID_B		CAP_BIT(7)
#define CAP_SETPCAP_B		CAP_BIT(8)
#define CAP_NET_BIND_SERVICE_B	CAP_BIT(10)
#define CAP_NET_RAW_B		CAP_BIT(13)
#define CAP_SYS_CHROOT_B	CAP_BIT(18)
#define CAP_MKNOD_B		CAP_BIT(27)
#define CAP_AUDIT_WRITE_B	CAP_BIT(29)
#define CAP_SETFCAP_B		CAP_BIT(31)

/* containers/common pkg/config/containers.conf default_capabilities */
#define PODMAN_CAPS (CAP_CHOWN_B | CAP_DAC_OVERRIDE_B | CAP_FOWNER_B | \
	CAP_FSETID_B | CAP_KILL_B | CAP_NET_BIND_SERVICE_B | CAP_SETFCAP_B | \
	CAP_SETGID_B | CAP_SETPCAP_B | CAP_SETUID_B | CAP_SYS_CHROOT_B)
/* moby/moby oci/caps/defaults.go DefaultCapabilities() */
#define DOCKER_CAPS (PODMAN_CAPS | CAP_MKNOD_B | CAP_NET_RAW_B | \
	CAP_AUDIT_WRITE_B)

#define K8S_DEFAULT_UID	1000

const uint64_t fcap_ctx_docker_caps = DOCKER_CAPS;
const uint64_t fcap_ctx_podman_caps = PODMAN_CAPS;

static const struct preset {
	const char *name;
	enum fcap_ctx_kind kind;
	uint64_t caps;		/* ~0: every capability this kernel knows */
	uint32_t uid;
	bool no_new_privs;
	const char *source;
} presets[] = {
	{ "docker", FCAP_CTX_DOCKER, DOCKER_CAPS, 0, false,
	  "Docker's default capabilities: moby/moby oci/caps/defaults.go (DefaultCapabilities), given by oci/oci.go SetCapabilities" },
	{ "podman", FCAP_CTX_PODMAN, PODMAN_CAPS, 0, false,
	  "Podman 4.x's default capabilities: containers/common pkg/config/containers.conf (default_capabilities)" },
	{ "cap-drop-all", FCAP_CTX_DOCKER, 0, 0, false,
	  "docker run --cap-drop ALL (moby/moby oci/caps/utils.go TweakCapabilities)" },
	{ "k8s-restricted", FCAP_CTX_K8S, 0, K8S_DEFAULT_UID, true,
	  "Kubernetes Pod Security Standards, restricted: capabilities drop ALL (add only NET_BIND_SERVICE), allowPrivilegeEscalation false, runAsNonRoot; containerd oci/spec_opts.go WithCapabilities" },
	{ "systemd", FCAP_CTX_SYSTEMD, ~0ULL, 0, false,
	  "systemd.exec(5): NoNewPrivileges=, CapabilityBoundingSet=, AmbientCapabilities=, SecureBits=, User=, Group=" },
	{ "self", FCAP_CTX_SELF, ~0ULL, 0, false,
	  "this process: /proc/self/status (CapBnd, CapAmb, ids), prctl(PR_GET_NO_NEW_PRIVS, PR_GET_SECUREBITS)" },
	/* the kinds of runcfg.c, for their sources */
	{ "oci", FCAP_CTX_OCI, 0, 0, false,
	  "an OCI runtime configuration: process.user, process.capabilities (all five sets), process.noNewPrivileges, linux.uidMappings, as runc applies them" },
	{ "k8s", FCAP_CTX_K8S, DOCKER_CAPS, 0, false,
	  "a Kubernetes pod's container as containerd starts it: its default capabilities (pkg/oci/spec_opts.go), then the pod's and the container's securityContext (cri/opts WithCapabilities, WithPrivileged)" },
	{ "podman-kube", FCAP_CTX_PODMAN, PODMAN_CAPS, 0, false,
	  "a Kubernetes pod's container as podman kube play starts it: Podman's default capabilities, those of podman run (containers.conf's default_capabilities, not Kubernetes' 14), then its securityContext; a user other than root holds only what capabilities.add names, ambient" },
	{ "compose", FCAP_CTX_DOCKER, DOCKER_CAPS, 0, false,
	  "a Compose service as docker compose starts it: Docker's default capabilities, then user, cap_add, cap_drop, privileged, security_opt (moby oci/caps TweakCapabilities)" },
	{ "podman-compose", FCAP_CTX_PODMAN, PODMAN_CAPS, 0, false,
	  "a Compose service with Podman's rules: its default capabilities, then user, cap_add, cap_drop, privileged, security_opt (containers/common MergeCapabilities)" },
	{ "unit", FCAP_CTX_SYSTEMD, ~0ULL, 0, false,
	  "a systemd unit file and its drop-ins, as systemd-analyze reads them: User=, Group=, NoNewPrivileges=, CapabilityBoundingSet=, AmbientCapabilities=, SecureBits=, PrivateUsers=" },
};

#define NPRESETS	(sizeof(presets) / sizeof(presets[0]))

/**
 * fcap_context_init() - the context of no preset: a fresh login process
 *	of root in the initial namespace, every capability bounded
 * @ctx: filled
 */
void fcap_context_init(struct fcap_context *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->kind = FCAP_CTX_LOGIN;
	ctx->caps = fcap_known_mask();
}

/**
 * fcap_context_presets() - the names of the presets, for a message
 *
 * Return: a static string, "docker, podman, ..."
 */
const char *fcap_context_presets(void)
{
	return "docker, podman, cap-drop-all, k8s-restricted, systemd[:SETTINGS], self, oci:FILE, k8s:FILE[#CONTAINER], podman-kube:FILE[#CONTAINER], compose:FILE[#SERVICE], podman-compose:FILE[#SERVICE], unit:FILE";
}

/**
 * fcap_context_source() - where the context's preset comes from
 * @ctx: the context
 *
 * Return: a static English string citing the source; NULL for no preset.
 */
const char *fcap_context_source(const struct fcap_context *ctx)
{
	size_t i;

	for (i = 0; i < NPRESETS; i++)
		if (!strcmp(presets[i].name, ctx->preset))
			return presets[i].source;
	return NULL;
}

int fcap_ctx_refuse(struct fcap_context_error *e, const char *reason,
		    const char *token, size_t n)
{
	if (e) {
		e->reason = reason;
		if (n >= sizeof(e->token))
			n = sizeof(e->token) - 1;
		memcpy(e->token, token, n);
		e->token[n] = '\0';
	}
	return -EINVAL;
}

#define refuse		fcap_ctx_refuse
#define parse_caps	fcap_ctx_parse_caps
#define parse_bool	fcap_ctx_parse_bool

/* Capability names (with or without cap_, any case, or ALL), @sep apart. */
int fcap_ctx_parse_caps(const char *text, size_t n, uint64_t *mask,
			struct fcap_context_error *e)
{
	char buf[1024];
	size_t i;

	*mask = 0;
	if (n >= sizeof(buf))
		return refuse(e, "too long", text, n);
	memcpy(buf, text, n);
	buf[n] = '\0';
	for (i = 0; i < n; i++)
		if (buf[i] != ' ' && buf[i] != ',' && buf[i] != '\t')
			break;
	if (i == n)
		return 0;
	if (fcap_names_to_mask(buf, mask))
		return refuse(e, "unknown capability name", text, n);
	*mask &= fcap_known_mask();
	return 0;
}

static int parse_id(const char *s, size_t n, uint32_t *id)
{
	unsigned long v = 0;
	size_t i;

	if (!n || n > 10)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	if (v >= FCAP_NO_ID)
		return -EINVAL;
	*id = (uint32_t)v;
	return 0;
}

/* "UID[:GID]"; without GID, the runtime's: root's group in containers. */
static int set_user(struct fcap_context *ctx, const char *arg,
		    struct fcap_context_error *e)
{
	const char *colon = strchr(arg, ':');
	size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
	uint32_t uid, gid;

	if (parse_id(arg, n, &uid))
		return refuse(e, "not a user id", arg, n);
	gid = ctx->kind == FCAP_CTX_LOGIN || ctx->kind == FCAP_CTX_SYSTEMD ||
	      ctx->kind == FCAP_CTX_SELF ? uid : 0;
	if (colon && parse_id(colon + 1, strlen(colon + 1), &gid))
		return refuse(e, "not a group id", colon + 1,
			      strlen(colon + 1));
	ctx->uid = uid;
	ctx->gid = gid;
	ctx->set |= FCAP_CTX_SET_USER;
	return 0;
}

int fcap_ctx_parse_bool(const char *s, size_t n, bool *b)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };
	size_t i;

	for (i = 0; i < 4; i++) {
		if (strlen(yes[i]) == n && !strncasecmp(s, yes[i], n)) {
			*b = true;
			return 0;
		}
		if (strlen(no[i]) == n && !strncasecmp(s, no[i], n)) {
			*b = false;
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_securebits(const char *s, size_t n, unsigned int *bits)
{
	static const struct { const char *name; unsigned int bit; } sb[] = {
		{ "noroot", FCAP_SECURE_NOROOT },
		{ "noroot-locked", FCAP_SECURE_NOROOT_LOCKED },
		{ "no-setuid-fixup", FCAP_SECURE_NO_SETUID_FIXUP },
		{ "no-setuid-fixup-locked", FCAP_SECURE_NO_SETUID_FIXUP_LOCKED },
		{ "keep-caps", FCAP_SECURE_KEEP_CAPS },
		{ "keep-caps-locked", FCAP_SECURE_KEEP_CAPS_LOCKED },
	};
	size_t i, len;

	*bits = 0;
	while (n) {
		while (n && *s == ' ') {
			s++;
			n--;
		}
		for (len = 0; len < n && s[len] != ' '; len++)
			;
		if (!len)
			break;
		for (i = 0; i < sizeof(sb) / sizeof(sb[0]); i++)
			if (strlen(sb[i].name) == len &&
			    !strncmp(s, sb[i].name, len))
				break;
		if (i == sizeof(sb) / sizeof(sb[0]))
			return -EINVAL;
		*bits |= sb[i].bit;
		s += len;
		n -= len;
	}
	return 0;
}

/*
 * A capability list of systemd.exec(5): blank-separated names, "~" first
 * to invert; assignments merge (OR, or AND NOT with "~"), the first one
 * replacing the default, and an empty one resets to the empty set.
 */
static int systemd_caps(const char *v, size_t n, uint64_t *set, bool *seen,
			struct fcap_context_error *e)
{
	bool invert = n && *v == '~';
	uint64_t m;
	int ret;

	ret = parse_caps(v + invert, n - invert, &m, e);
	if (ret)
		return ret;
	if (!n)
		*set = 0;
	else if (invert)
		*set = (*seen ? *set : fcap_known_mask()) & ~m;
	else
		*set = (*seen ? *set : 0) | m;
	*seen = true;
	return 0;
}

/* A User= or Group= value, kept as written for fcap_ctx_systemd_user() */
static int systemd_id(char *dst, size_t size, const char *v, size_t n)
{
	if (!n || n >= size || memchr(v, ':', n) || memchr(v, ' ', n))
		return -EINVAL;
	memcpy(dst, v, n);
	dst[n] = '\0';
	return 0;
}

/**
 * fcap_ctx_systemd_setting() - one systemd.exec(5) KEY=VALUE setting
 * @ctx:	the context
 * @st:		the settings read so far
 * @s: @n:	the setting
 * @e:		why it was refused
 *
 * User= and Group= are kept in @st until fcap_ctx_systemd_user().
 *
 * Return: 0, or -EINVAL (@e says why).
 */
int fcap_ctx_systemd_setting(struct fcap_context *ctx,
			     struct fcap_ctx_systemd *st, const char *s,
			     size_t n, struct fcap_context_error *e)
{
	const char *eq = memchr(s, '=', n);
	size_t klen, vlen;
	const char *v;
	bool b;

	if (!eq)
		return refuse(e, "not KEY=VALUE", s, n);
	klen = (size_t)(eq - s);
	v = eq + 1;
	vlen = n - klen - 1;
#define KEY(k)	(klen == sizeof(k) - 1 && !strncmp(s, k, klen))
	if (KEY("NoNewPrivileges")) {
		if (parse_bool(v, vlen, &ctx->no_new_privs))
			return refuse(e, "not a boolean", s, n);
		return 0;
	}
	if (KEY("CapabilityBoundingSet"))
		return systemd_caps(v, vlen, &ctx->caps, &st->bset_seen, e);
	if (KEY("AmbientCapabilities")) {
		ctx->set |= FCAP_CTX_SET_AMBIENT;
		return systemd_caps(v, vlen, &ctx->ambient, &st->amb_seen, e);
	}
	if (KEY("SecureBits")) {
		if (parse_securebits(v, vlen, &ctx->securebits))
			return refuse(e, "unknown securebit", s, n);
		return 0;
	}
	if (KEY("User") || KEY("Group")) {
		if (systemd_id(KEY("User") ? st->user : st->group,
			       sizeof(st->user), v, vlen))
			return refuse(e, "not a user or group name or id",
				      s, n);
		return 0;
	}
	if (KEY("PrivateUsers")) {
		/* its namespace maps root and the user to themselves */
		if (parse_bool(v, vlen, &b))
			return refuse(e, "not a boolean", s, n);
		ctx->userns = b;
		ctx->userns_root = 0;
		ctx->set = b ? ctx->set | FCAP_CTX_SET_USERNS :
			       ctx->set & ~FCAP_CTX_SET_USERNS;
		return 0;
	}
#undef KEY
	return refuse(e, "unknown systemd setting", s, klen);
}

/**
 * fcap_ctx_systemd_user() - User= and Group= of @st into @ctx: numbers
 *	(or root) at once, names left in @ctx->user_name for the tool
 * @ctx:	the context
 * @st:		the settings read
 * @e:		why they were refused
 *
 * Without Group=, the user's own group (systemd's rule): the uid as the
 * gid for a number, the passwd's group for a name.
 *
 * Return: 0, or -EINVAL.
 */
int fcap_ctx_systemd_user(struct fcap_context *ctx,
			  const struct fcap_ctx_systemd *st,
			  struct fcap_context_error *e)
{
	const char *u = st->user[0] ? st->user : NULL;
	const char *g = st->group[0] ? st->group : NULL;
	bool unum, gnum;
	uint32_t id;

	if (u && !strcmp(u, "root"))
		u = "0";
	if (g && !strcmp(g, "root"))
		g = "0";
	unum = !u || !parse_id(u, strlen(u), &id);
	gnum = !g || !parse_id(g, strlen(g), &id);
	if (unum && u) {
		parse_id(u, strlen(u), &ctx->uid);
		ctx->gid = ctx->uid;
		ctx->set |= FCAP_CTX_SET_USER;
	}
	if (unum && gnum && g) {
		parse_id(g, strlen(g), &ctx->gid);
		ctx->set |= FCAP_CTX_SET_USER;
	}
	if (unum && gnum)
		return 0;
	/* a name: "USER[:GROUP]" for ctxopt_resolve_user() */
	if (snprintf(ctx->user_name, sizeof(ctx->user_name), "%s%s%s",
		     u ? u : "0", g ? ":" : "", g ? g : "") >=
	    (int)sizeof(ctx->user_name))
		return refuse(e, "User= or Group= too long", u ? u : g,
			      strlen(u ? u : g));
	return 0;
}

/* systemd:KEY=VALUE,KEY=VALUE... */
static int systemd_settings(struct fcap_context *ctx, const char *s,
			    struct fcap_context_error *e)
{
	struct fcap_ctx_systemd st = { 0 };
	size_t n;
	int ret;

	while (*s) {
		n = strcspn(s, ",");
		if (n) {
			ret = fcap_ctx_systemd_setting(ctx, &st, s, n, e);
			if (ret)
				return ret;
		}
		s += n;
		if (*s == ',')
			s++;
	}
	return fcap_ctx_systemd_user(ctx, &st, e);
}

/* ",+CAP" and ",-CAP" (",-all") after a container preset. */
static int container_modifiers(struct fcap_context *ctx, const char *s,
			       struct fcap_context_error *e)
{
	uint64_t m;
	size_t n;
	int ret;

	while (*s) {
		n = strcspn(s, ",");
		if (n && *s != '+' && *s != '-')
			return refuse(e, "expected +CAP or -CAP", s, n);
		if (n) {
			ret = parse_caps(s + 1, n - 1, &m, e);
			if (ret)
				return ret;
			if (!m)
				return refuse(e, "expected +CAP or -CAP", s, n);
			if (*s == '+' && ctx->kind == FCAP_CTX_K8S &&
			    (m & ~CAP_NET_BIND_SERVICE_B))
				return refuse(e, "the restricted profile allows adding only NET_BIND_SERVICE",
					      s, n);
			if (*s == '+') {
				ctx->caps |= m;
				ctx->added |= m;
			} else {
				ctx->caps &= ~m;
				ctx->added &= ~m;
			}
		}
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

/**
 * fcap_ctx_preset() - start @ctx afresh from the preset @name
 * @ctx:	the context
 * @name:	a name of the presets table (the kinds of runcfg.c too)
 * @e:		why it was refused
 *
 * Return: 0; -ENOENT for an unknown name; another -errno when "self"
 * cannot be read.
 */
int fcap_ctx_preset(struct fcap_context *ctx, const char *name,
		    struct fcap_context_error *e)
{
	const struct preset *p = NULL;
	size_t i;
	int ret;

	for (i = 0; i < NPRESETS; i++)
		if (!strcmp(presets[i].name, name))
			p = &presets[i];
	if (!p) {
		refuse(e, "unknown context preset", name, strlen(name));
		return -ENOENT;
	}
	fcap_context_init(ctx);
	ctx->kind = p->kind;
	snprintf(ctx->preset, sizeof(ctx->preset), "%s", p->name);
	ctx->caps = p->caps & fcap_known_mask();
	ctx->uid = p->uid;
	ctx->gid = p->kind == FCAP_CTX_K8S ? p->uid : 0;
	ctx->no_new_privs = p->no_new_privs;
	if (p->kind != FCAP_CTX_SELF)
		return 0;
	ret = fcap_proc_read_self(&ctx->self);
	if (ret) {
		refuse(e, "cannot read this process's state", name,
		       strlen(name));
		return ret;
	}
	ctx->caps = ctx->self.cap_bnd;
	ctx->ambient = ctx->self.cap_amb;
	ctx->no_new_privs = ctx->self.no_new_privs;
	ctx->securebits = ctx->self.securebits;
	ctx->uid = ctx->self.uid;
	ctx->gid = ctx->self.gid;
	return 0;
}

static int set_preset(struct fcap_context *ctx, const char *arg,
		      struct fcap_context_error *e)
{
	size_t n = strcspn(arg, ",:");
	char name[32];
	int ret;

	if (fcap_runcfg_is(arg, n)) {
		if (arg[n] != ':' || !arg[n + 1])
			return refuse(e, "names a file: KIND:FILE", arg,
				      strlen(arg));
		return fcap_runcfg_load(ctx, arg, e);
	}
	if (n >= sizeof(name)) {
		refuse(e, "unknown context preset", arg, n);
		return -ENOENT;
	}
	memcpy(name, arg, n);
	name[n] = '\0';
	ret = fcap_ctx_preset(ctx, name, e);
	if (ret)
		return ret;
	if (arg[n] == ':' && ctx->kind == FCAP_CTX_SYSTEMD)
		return systemd_settings(ctx, arg + n + 1, e);
	if (arg[n] == ':')
		return refuse(e, "only systemd takes settings after ':'", arg,
			      strlen(arg));
	if (arg[n] == ',' && (ctx->kind == FCAP_CTX_SYSTEMD ||
			      ctx->kind == FCAP_CTX_SELF))
		return refuse(e, "+CAP and -CAP go with container presets",
			      arg, strlen(arg));
	return arg[n] == ',' ? container_modifiers(ctx, arg + n + 1, e) : 0;
}

/**
 * fcap_ctx_runtime_bounding() - the bounding set a runtime started from
 *	here inherits: this process's
 * @caps:	filled
 *
 * Return: 0, or -errno when /proc/self/status cannot be read.
 */
int fcap_ctx_runtime_bounding(uint64_t *caps)
{
	struct fcap_proc self;
	int ret;

	ret = fcap_proc_read_self(&self);
	if (!ret)
		*caps = self.cap_bnd & fcap_known_mask();
	return ret;
}

/* --privileged: the runtime's bounding set, whatever the list said */
static int set_privileged(struct fcap_context *ctx,
			  struct fcap_context_error *e)
{
	int ret;

	if (ctx->kind != FCAP_CTX_DOCKER && ctx->kind != FCAP_CTX_PODMAN &&
	    ctx->kind != FCAP_CTX_K8S)
		return refuse(e, "--privileged goes with docker, podman and Kubernetes contexts",
			      "", 0);
	ret = fcap_ctx_runtime_bounding(&ctx->caps);
	if (ret) {
		refuse(e, "cannot read this process's bounding set", "", 0);
		return ret;
	}
	ctx->privileged = true;
	ctx->set |= FCAP_CTX_SET_PRIVILEGED;
	/* a privileged pod cannot forbid privilege escalation */
	if (ctx->kind == FCAP_CTX_K8S)
		ctx->no_new_privs = false;
	return 0;
}

static int caps_arg(const char *arg, uint64_t *m, struct fcap_context_error *e)
{
	return parse_caps(arg, strlen(arg), m, e);
}

/**
 * fcap_context_apply() - refine @ctx with one option, in the order given
 * @ctx: the context (fcap_context_init() first)
 * @opt: which option
 * @arg: its argument (NULL for FCAP_CTXOPT_NO_NEW_PRIVS, _NOSUID)
 * @e: filled with the reason when the option is refused; may be NULL
 *
 * A preset starts the context afresh; the other options change what they
 * name and leave the rest.  --cap-add and --cap-drop change the runtime's
 * capability list as docker run's options do (the bounding set, and the
 * permitted and effective sets of root); --bounding sets it exactly.
 *
 * Return: 0; -ENOENT for an unknown preset name; -EINVAL for an argument
 * refused or missing (@e says why); another -errno when "self" cannot be
 * read.
 */
int fcap_context_apply(struct fcap_context *ctx, enum fcap_ctx_opt opt,
		       const char *arg, struct fcap_context_error *e)
{
	uint64_t m;
	int ret = 0;

	if (!arg && opt != FCAP_CTXOPT_NO_NEW_PRIVS &&
	    opt != FCAP_CTXOPT_NOSUID && opt != FCAP_CTXOPT_PRIVILEGED)
		return refuse(e, "argument missing", "", 0);
	switch (opt) {
	case FCAP_CTXOPT_PRESET:
		return set_preset(ctx, arg, e);
	case FCAP_CTXOPT_BOUNDING:
		ret = caps_arg(arg, &m, e);
		if (!ret) {
			ctx->caps = m;
			ctx->added &= m;
			ctx->set |= FCAP_CTX_SET_BOUNDING;
		}
		return ret;
	case FCAP_CTXOPT_CAP_ADD:
	case FCAP_CTXOPT_CAP_DROP:
		ret = caps_arg(arg, &m, e);
		if (!ret && !m)
			return refuse(e, "no capability named", arg,
				      strlen(arg));
		/* privileged: the bounding set stays the runtime's */
		if (!ret && opt == FCAP_CTXOPT_CAP_ADD) {
			ctx->caps |= ctx->privileged ? 0 : m;
			ctx->added |= m;
		} else if (!ret) {
			ctx->caps &= ctx->privileged ? ~0ULL : ~m;
			ctx->added &= ~m;
		}
		if (!ret)
			ctx->set |= FCAP_CTX_SET_BOUNDING;
		return ret;
	case FCAP_CTXOPT_NO_NEW_PRIVS:
		ctx->no_new_privs = true;
		ctx->set |= FCAP_CTX_SET_NNP;
		return 0;
	case FCAP_CTXOPT_AMBIENT:
		ret = caps_arg(arg, &m, e);
		if (!ret) {
			ctx->ambient = m;
			ctx->set |= FCAP_CTX_SET_AMBIENT;
		}
		return ret;
	case FCAP_CTXOPT_USER:
		return set_user(ctx, arg, e);
	case FCAP_CTXOPT_USERNS_ROOT:
		if (parse_id(arg, strlen(arg), &ctx->userns_root))
			return refuse(e, "not a user id", arg, strlen(arg));
		ctx->userns = ctx->userns_root != 0;
		ctx->set |= FCAP_CTX_SET_USERNS;
		return 0;
	case FCAP_CTXOPT_NOSUID:
		ctx->nosuid = true;
		return 0;
	case FCAP_CTXOPT_PRIVILEGED:
		return set_privileged(ctx, e);
	}
	return refuse(e, "unknown option", "", 0);
}

/**
 * fcap_context_check() - whether the runtime starts the process of @ctx
 *	at all, once every option is applied and its user known
 * @ctx:	the context
 * @e:		why not
 *
 * Return: 0, or -EPERM: runAsNonRoot with root as the user (the kubelet
 * refuses to start the container: nothing is executed).
 */
int fcap_context_check(const struct fcap_context *ctx,
		       struct fcap_context_error *e)
{
	if (ctx->nonroot && ctx->uid == 0) {
		refuse(e, "runAsNonRoot: true, and the container would run as root: the kubelet does not start it (give runAsUser, or --user)",
		       "", 0);
		return -EPERM;
	}
	return 0;
}

/* The sets the runtime gives the process it starts, before any exec. */
static void runtime_sets(const struct fcap_context *ctx, struct fcap_proc *p)
{
	uint64_t x = ctx->caps;

	p->cap_bnd = x;
	p->cap_prm = p->cap_eff = p->cap_inh = p->cap_amb = 0;
	switch (ctx->kind) {
	case FCAP_CTX_K8S:	/* containerd: whatever the user */
		p->cap_prm = p->cap_eff = x;
		break;
	case FCAP_CTX_PODMAN:
		/*
		 * a user other than root: the added ones in every set,
		 * privileged or not (pkg/specgen/generate/security_linux.go:
		 * MergeCapabilities(nil, CapAdd, nil))
		 */
		if (ctx->uid != 0)
			p->cap_prm = p->cap_eff = p->cap_inh = p->cap_amb =
				ctx->added & x;
		else
			p->cap_prm = p->cap_eff = x;
		break;
	case FCAP_CTX_SYSTEMD:
		/*
		 * exec_child(): CapabilityBoundingSet= drops from the
		 * bounding set only (capability_bounding_set_drop(, false)),
		 * so root keeps the manager's full pP and pE; User= is
		 * setresuid(), which clears them, unless there are
		 * AmbientCapabilities=: then KEEP_CAPS keeps pP (pE is
		 * cleared) and the ambient ones are raised again after it
		 */
		if (ctx->uid == 0)
			p->cap_prm = p->cap_eff = fcap_known_mask();
		else if ((ctx->set & FCAP_CTX_SET_AMBIENT) && (ctx->ambient & x))
			p->cap_prm = fcap_known_mask();
		break;
	case FCAP_CTX_DOCKER:
	case FCAP_CTX_LOGIN:
	case FCAP_CTX_SELF:
	case FCAP_CTX_OCI:
		if (ctx->uid == 0)
			p->cap_prm = p->cap_eff = x;
		break;
	}
}

/**
 * fcap_context_proc() - the process that executes a file in @ctx
 * @ctx: the context
 * @p: filled: ids as kuids (in a user namespace, its root plus the id),
 *	the sets the runtime leaves, no_new_privs and securebits
 */
void fcap_context_proc(const struct fcap_context *ctx, struct fcap_proc *p)
{
	uint32_t root = ctx->userns_root;
	uint64_t amb;

	if (ctx->kind == FCAP_CTX_SELF || ctx->kind == FCAP_CTX_OCI) {
		*p = ctx->self;
		if (ctx->set & FCAP_CTX_SET_BOUNDING)
			p->cap_bnd = ctx->caps;
		if (ctx->set & FCAP_CTX_SET_USER) {
			p->uid = p->euid = ctx->uid;
			p->gid = p->egid = p->fsgid = ctx->gid;
		}
		if (ctx->set & FCAP_CTX_SET_NNP)
			p->no_new_privs = ctx->no_new_privs;
		p->securebits = ctx->securebits;
	} else {
		fcap_proc_init(p, ctx->uid);
		p->gid = p->egid = p->fsgid = ctx->gid;
		runtime_sets(ctx, p);
		p->no_new_privs = ctx->no_new_privs;
		p->securebits = ctx->securebits;
	}
	if (ctx->set & FCAP_CTX_SET_AMBIENT) {
		/* an ambient capability is also permitted and inheritable */
		amb = ctx->ambient & p->cap_bnd;
		p->cap_amb = amb;
		p->cap_inh |= amb;
		p->cap_prm |= amb;
	}
	if (ctx->set & FCAP_CTX_SET_USERNS) {
		p->ns_depth = ctx->userns ? 2 : 1;
		p->ns_root[0] = root;
		p->ns_root[1] = 0;
		p->uid += root;
		p->euid += root;
		p->gid += root;
		p->egid += root;
		p->fsgid += root;
	}
}

/**
 * fcap_context_exec() - fcap_model_exec() of @file by the process of @ctx
 * @ctx: the context (its nosuid applies to the file's mount)
 * @file: the file
 * @k: @ver: @policy: @out: as for fcap_model_exec()
 */
void fcap_context_exec(const struct fcap_context *ctx,
		       const struct fcap_file *file, enum fcap_kernel k,
		       enum fcap_kver ver, const struct fcap_policy *policy,
		       struct fcap_exec *out)
{
	struct fcap_proc p;
	struct fcap_file f = *file;

	fcap_context_proc(ctx, &p);
	fcap_context_file(ctx, &f);
	fcap_model_exec(&p, &f, k, ver, policy, out);
}

/* The size of the uid map Podman makes with --uidmap 0:ROOT:SIZE. */
#define PODMAN_MAP_SIZE	65536

/**
 * fcap_context_file() - the file as the context's process reaches it
 * @ctx: the context
 * @file: changed: on a nosuid mount when the context says; for Podman in
 *	a user namespace, through overlayfs over layers idmapped from 0 to
 *	the namespace's root (unless @file has an idmap of its own)
 */
void fcap_context_file(const struct fcap_context *ctx, struct fcap_file *file)
{
	file->nosuid = file->nosuid || ctx->nosuid;
	if (ctx->kind != FCAP_CTX_PODMAN || !ctx->userns_root ||
	    file->idmap.n)
		return;
	file->overlay = true;
	file->idmap.n = 1;
	file->idmap.ext[0].first = 0;
	file->idmap.ext[0].lower = ctx->userns_root;
	file->idmap.ext[0].count = PODMAN_MAP_SIZE;
}

/**
 * fcap_file_wants() - the capabilities a file's value asks for: its
 *	permitted set, or, when that is empty, its inheritable set
 * @file: the file
 *
 * Return: the mask; 0 for a file without a value.
 */
uint64_t fcap_file_wants(const struct fcap_file *file)
{
	uint64_t m;

	if (!file->has_xattr)
		return 0;
	m = file->xattr.permitted ? file->xattr.permitted :
	    file->xattr.inheritable;
	return m & fcap_known_mask();
}

/**
 * fcap_exec_works() - whether an exec gives what the file asks for
 * @file: the file as it is
 * @x: the model's outcome (perhaps of a changed context or file)
 *
 * Return: true when exec succeeds and every capability of
 * fcap_file_wants() is permitted, and effective too when the file's
 * effective flag is set.
 */
bool fcap_exec_works(const struct fcap_file *file, const struct fcap_exec *x)
{
	uint64_t w = fcap_file_wants(file);

	if (x->error)
		return false;
	if (w & ~x->cap_prm)
		return false;
	return !(file->has_xattr && file->xattr.effective) ||
	       !(w & ~x->cap_eff);
}

/**
 * fcap_exec_missing() - what the file asks for and an exec does not give
 * @file: the file as it is
 * @x: the model's outcome
 *
 * Return: fcap_file_wants() when exec fails; else the capabilities it
 * asks for that are not permitted, or, when all are, those not effective
 * although the file's effective flag is set; 0 when fcap_exec_works().
 */
uint64_t fcap_exec_missing(const struct fcap_file *file,
			   const struct fcap_exec *x)
{
	uint64_t w = fcap_file_wants(file), lost;

	if (x->error)
		return w;
	lost = w & ~x->cap_prm;
	if (!lost && file->has_xattr && file->xattr.effective)
		lost = w & ~x->cap_eff;
	return lost;
}

/* Whether the runtime can give a process ambient capabilities. */
static bool has_ambient(const struct fcap_context *ctx)
{
	if (ctx->uid == 0 && ctx->kind != FCAP_CTX_SELF &&
	    ctx->kind != FCAP_CTX_OCI)
		return false;
	return ctx->kind != FCAP_CTX_DOCKER && ctx->kind != FCAP_CTX_K8S;
}

/* Apply the changes of @changes; false when one of them changes nothing. */
static bool apply_fix(const struct fcap_context *ctx,
		      const struct fcap_file *file, const struct fcap_proc *p,
		      unsigned int changes, struct fcap_context *c2,
		      struct fcap_file *f2, struct fcap_fix *fix)
{
	uint64_t w = fcap_file_wants(file);
	uint32_t root = ctx->userns_root;

	*c2 = *ctx;
	*f2 = *file;
	fix->caps = fix->ambient = 0;
	fix->rootid = 0;
	if (changes & FCAP_FIX_BOUNDING) {
		fix->caps = w & ~p->cap_bnd;
		if (!fix->caps)
			return false;
		c2->caps |= fix->caps;
		c2->added |= fix->caps;
		c2->set |= FCAP_CTX_SET_BOUNDING;
	}
	if (changes & FCAP_FIX_NO_NNP) {
		if (!p->no_new_privs)
			return false;
		c2->no_new_privs = false;
		c2->set |= FCAP_CTX_SET_NNP;
	}
	if (changes & FCAP_FIX_ROOTID) {
		struct fcap_file seen = *file;
		uint32_t want;

		/* the root that, as the context sees the file, is its own */
		fcap_context_file(ctx, &seen);
		want = fcap_idmap_unmap(&seen.idmap, root);
		if (!file->has_xattr || want == FCAP_NO_ID ||
		    (file->xattr.has_rootid ? file->xattr.rootid : 0) == want)
			return false;
		fix->rootid = want;
		f2->xattr.rootid = want;
		f2->xattr.has_rootid = want != 0;
		f2->xattr.rev = want ? 3 : 2;
		f2->xattr.size = want ? FCAP_SIZE_V3 : FCAP_SIZE_V2;
		f2->xattr.magic = (want ? FCAP_MAGIC_V3 : FCAP_MAGIC_V2) |
				  (file->xattr.effective ? FCAP_FLAG_EFFECTIVE : 0);
	}
	if (changes & FCAP_FIX_NOSUID) {
		if (!file->nosuid && !ctx->nosuid)
			return false;
		f2->nosuid = c2->nosuid = false;
	}
	if (changes & FCAP_FIX_AMBIENT) {
		if (!has_ambient(ctx) || (changes & FCAP_FIX_ROOTID))
			return false;
		f2->has_xattr = false;
		fix->ambient = w;
		if (ctx->kind == FCAP_CTX_PODMAN) {
			c2->added |= w;
			c2->caps |= w;
		} else {
			c2->ambient |= w;
			c2->set |= FCAP_CTX_SET_AMBIENT;
		}
	}
	return true;
}

/**
 * fcap_context_fixes() - the smallest changes that make @file work in @ctx
 * @ctx: the context
 * @file: the file
 * @k: @ver: @policy: as for fcap_model_exec()
 * @fixes: filled with up to @max fixes
 * @max: room in @fixes
 *
 * Each combination of FCAP_FIX_BOUNDING, _NO_NNP, _ROOTID, _NOSUID and
 * _AMBIENT (the last only where the runtime gives ambient capabilities
 * to a user other than root: Podman, systemd, a login) is applied to the
 * context and the file, smallest first, and kept when the model, run
 * again, says the exec then gives what the file asks for
 * (fcap_exec_works()) and no smaller kept one is part of it.  When exec
 * fails, the value without its effective flag (FCAP_FIX_NO_EFFECTIVE) is
 * added as a partial fix when the model says exec then succeeds.
 *
 * Return: the number of fixes; 0 when the file works already, asks for
 * nothing, or nothing tried helps.
 */
int fcap_context_fixes(const struct fcap_context *ctx,
		       const struct fcap_file *file, enum fcap_kernel k,
		       enum fcap_kver ver, const struct fcap_policy *policy,
		       struct fcap_fix *fixes, size_t max)
{
	struct fcap_context c2;
	struct fcap_file f2;
	struct fcap_proc p;
	struct fcap_exec x;
	unsigned int size, m, i, n = 0;

	fcap_context_proc(ctx, &p);
	fcap_context_exec(ctx, file, k, ver, policy, &x);
	if (!fcap_file_wants(file) || fcap_exec_works(file, &x))
		return 0;
	for (size = 1; size <= 5 && n < max; size++) {
		for (m = 1; m < 32 && n < max; m++) {
			bool subsumed = false;

			if ((unsigned int)__builtin_popcount(m) != size)
				continue;
			for (i = 0; i < n; i++)
				if ((fixes[i].changes & m) == fixes[i].changes)
					subsumed = true;
			if (subsumed ||
			    !apply_fix(ctx, file, &p, m, &c2, &f2, &fixes[n]))
				continue;
			fcap_context_exec(&c2, &f2, k, ver, policy,
					  &fixes[n].result);
			if (!fcap_exec_works(file, &fixes[n].result))
				continue;
			fixes[n].changes = m;
			fixes[n].full = true;
			n++;
		}
	}
	if (x.error == -EPERM && n < max && file->xattr.effective) {
		f2 = *file;
		f2.xattr.effective = false;
		f2.xattr.magic &= ~FCAP_FLAG_EFFECTIVE;
		fcap_context_exec(ctx, &f2, k, ver, policy, &fixes[n].result);
		if (!fixes[n].result.error) {
			fixes[n].changes = FCAP_FIX_NO_EFFECTIVE;
			fixes[n].caps = fixes[n].ambient = 0;
			fixes[n].full = false;
			n++;
		}
	}
	return (int)n;
}

/* Upper-case names without "cap_", space-separated: "NET_RAW KILL". */
static int docker_names(uint64_t caps, const char *sep, bool prefix,
			char *buf, size_t len)
{
	char *names = NULL, *tok, *save = NULL;
	size_t used = 0;
	int ret;

	ret = fcap_mask_to_names(caps, &names);
	if (ret)
		return ret;
	buf[0] = '\0';
	for (tok = strtok_r(names, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *c;

		if (!prefix && !strncmp(tok, "cap_", 4))
			tok += 4;
		for (c = tok; *c; c++)
			if (*c >= 'a' && *c <= 'z')
				*c = (char)(*c - 'a' + 'A');
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", used ? sep : "", tok);
	}
	free(names);
	return used < len ? 0 : -ENOSPC;
}

/* How the file of a docker or podman context adds capabilities. */
static const char *file_words(const struct fcap_context *ctx)
{
	if (!strcmp(ctx->preset, "compose") ||
	    !strcmp(ctx->preset, "podman-compose"))
		return "cap_add";
	if (!strcmp(ctx->preset, "podman-kube"))
		return "securityContext.capabilities.add";
	return NULL;
}

/* "--cap-add A --cap-add B", or in the words of the context's file */
static int added_words(const struct fcap_context *ctx, uint64_t caps,
		       char *buf, size_t len)
{
	const char *words = file_words(ctx);
	char names[512];
	int ret;

	ret = docker_names(caps, words ? ", " : " --cap-add ", false, names,
			   sizeof(names));
	if (ret)
		return ret;
	if (words)
		return snprintf(buf, len, "%s: [%s]", words, names);
	return snprintf(buf, len, "--cap-add %s", names);
}

static int fix_bounding(const struct fcap_context *ctx, uint64_t caps,
			char *buf, size_t len)
{
	char names[512];
	int ret;

	switch (ctx->kind) {
	case FCAP_CTX_DOCKER:
	case FCAP_CTX_PODMAN:
		return added_words(ctx, caps, buf, len);
	case FCAP_CTX_K8S:
		ret = docker_names(caps, ", ", false, names, sizeof(names));
		if (ret)
			return ret;
		return snprintf(buf, len,
				"securityContext.capabilities.add: [%s]%s",
				names, (caps & ~CAP_NET_BIND_SERVICE_B) &&
				!strcmp(ctx->preset, "k8s-restricted") ?
				" (outside the restricted profile, which allows only NET_BIND_SERVICE)" :
				"");
	case FCAP_CTX_SYSTEMD:
		ret = docker_names(caps, " ", true, names, sizeof(names));
		return ret ? ret : snprintf(buf, len,
			"CapabilityBoundingSet=%s (added to the unit's)", names);
	case FCAP_CTX_OCI:
		ret = docker_names(caps, "\", \"", true, names,
				   sizeof(names));
		return ret ? ret : snprintf(buf, len,
			"\"%s\" in process.capabilities.bounding", names);
	case FCAP_CTX_LOGIN:
	case FCAP_CTX_SELF:
		break;
	}
	ret = docker_names(caps, ",", true, names, sizeof(names));
	return ret ? ret : snprintf(buf, len, "%s in the bounding set",
				    names);
}

static int fix_nnp(const struct fcap_context *ctx, char *buf, size_t len)
{
	switch (ctx->kind) {
	case FCAP_CTX_DOCKER:
	case FCAP_CTX_PODMAN:
		if (!strcmp(ctx->preset, "podman-kube"))
			return snprintf(buf, len,
					"no_new_privs off: allowPrivilegeEscalation: true");
		return snprintf(buf, len, file_words(ctx) ?
				"no_new_privs off: without security_opt: [no-new-privileges]" :
				"no_new_privs off: without --security-opt no-new-privileges");
	case FCAP_CTX_K8S:
		return snprintf(buf, len,
				"no_new_privs off: allowPrivilegeEscalation: true%s",
				strcmp(ctx->preset, "k8s-restricted") ? "" :
				" (outside the restricted profile)");
	case FCAP_CTX_SYSTEMD:
		return snprintf(buf, len,
				"no_new_privs off: NoNewPrivileges=no, and none of the settings that imply it (SystemCallFilter=, RestrictNamespaces=, DynamicUser=, ...)");
	case FCAP_CTX_OCI:
		return snprintf(buf, len,
				"no_new_privs off: process.noNewPrivileges false");
	case FCAP_CTX_LOGIN:
	case FCAP_CTX_SELF:
		break;
	}
	return snprintf(buf, len, "no_new_privs off");
}

static int fix_ambient(const struct fcap_context *ctx, uint64_t caps,
		       char *buf, size_t len)
{
	char names[512];
	int ret;

	if (ctx->kind == FCAP_CTX_PODMAN) {
		ret = added_words(ctx, caps, names, sizeof(names));
		if (ret < 0 || (size_t)ret >= sizeof(names))
			return -ENOSPC;
		return snprintf(buf, len,
			"the file's value removed (setfcap -r) and %s: Podman makes added capabilities ambient for a user other than root",
			names);
	}
	ret = docker_names(caps, " ", true, names, sizeof(names));
	if (ret)
		return ret;
	if (ctx->kind == FCAP_CTX_OCI)
		return snprintf(buf, len,
				"the file's value removed (setfcap -r) and %s in process.capabilities ambient, inheritable and permitted",
				names);
	if (ctx->kind == FCAP_CTX_SYSTEMD)
		return snprintf(buf, len,
				"the file's value removed (setfcap -r) and AmbientCapabilities=%s",
				names);
	return snprintf(buf, len,
			"the file's value removed (setfcap -r) and %s in the ambient set (capsh --addamb)",
			names);
}

/**
 * fcap_fix_text() - a fix as the runtime's user would make it, in English
 * @ctx: the context
 * @fix: the fix (from fcap_context_fixes())
 * @file: the file
 * @buf: @len: where to write the text, its parts separated by "; "
 *
 * Return: 0, or -ENOSPC when @len is too small, -ENOMEM.
 */
int fcap_fix_text(const struct fcap_context *ctx, const struct fcap_fix *fix,
		  const struct fcap_file *file, char *buf, size_t len)
{
	char part[6][512];	/* one per FCAP_FIX_* bit */
	size_t used = 0, i, n = 0;
	int ret = 0;

	if (fix->changes & FCAP_FIX_BOUNDING)
		ret = fix_bounding(ctx, fix->caps, part[n++], sizeof(part[0]));
	if (ret >= 0 && (fix->changes & FCAP_FIX_NO_NNP))
		ret = fix_nnp(ctx, part[n++], sizeof(part[0]));
	if (ret >= 0 && (fix->changes & FCAP_FIX_ROOTID) && fix->rootid)
		ret = snprintf(part[n++], sizeof(part[0]),
			       "the value written for this user namespace: setfcap -n %u",
			       fix->rootid);
	else if (ret >= 0 && (fix->changes & FCAP_FIX_ROOTID))
		ret = snprintf(part[n++], sizeof(part[0]),
			       "the value written as version 2 (setfcap without -n), which every namespace honours");
	if (ret >= 0 && (fix->changes & FCAP_FIX_NOSUID))
		ret = snprintf(part[n++], sizeof(part[0]),
			       "a mount without nosuid");
	if (ret >= 0 && (fix->changes & FCAP_FIX_AMBIENT))
		ret = fix_ambient(ctx, fix->ambient, part[n++],
				  sizeof(part[0]));
	if (ret >= 0 && (fix->changes & FCAP_FIX_NO_EFFECTIVE))
		ret = snprintf(part[n++], sizeof(part[0]),
			       "the value without the effective flag (+p, not +ep), for a program that raises what it needs itself");
	if (ret < 0)
		return ret;
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(buf + (used < len ? used : 0),
					 used < len ? len - used : 0, "%s%s",
					 i ? "; " : "", part[i]);
	return used < len ? 0 : -ENOSPC;
}

/**
 * fcap_context_text() - one line naming the context: preset, user,
 *	namespace, no_new_privs, nosuid
 * @ctx: the context
 * @buf: @len: where to write it
 *
 * Return: 0, or -ENOSPC when @len is too small.
 */
int fcap_context_text(const struct fcap_context *ctx, char *buf, size_t len)
{
	int n;

	n = snprintf(buf, len, "%s%s%s%s%s, uid %u gid %u%s%s%s%s",
		     ctx->preset[0] ? ctx->preset : "login",
		     ctx->file[0] ? " " : "", ctx->file,
		     ctx->name[0] ? "#" : "", ctx->name, ctx->uid, ctx->gid,
		     ctx->privileged ? ", privileged" : "",
		     ctx->no_new_privs ? ", no_new_privs" : "",
		     ctx->nosuid ? ", nosuid" : "",
		     ctx->userns ? ", user namespace" : "");
	if (n >= 0 && (size_t)n < len && ctx->userns)
		n += snprintf(buf + n, len - (size_t)n, " (root is host uid %u)",
			      ctx->userns_root);
	return n >= 0 && (size_t)n < len ? 0 : -ENOSPC;
}

static void json_set(FILE *f, const char *key, uint64_t mask, bool comma)
{
	fprintf(f, "%s\"%s\":\"%016llx\"", comma ? "," : "", key,
		(unsigned long long)mask);
}

/**
 * fcap_context_print_json() - @ctx as a JSON object: preset, source,
 *	file and container (a configuration file's; null for none),
 *	privileged, uid, gid, userns_root, no_new_privs, nosuid, securebits, and the
 *	process's bounding, permitted, effective, inheritable and ambient
 *	sets as 16 hex digits (as /proc/PID/status shows them)
 * @f: the stream
 * @ctx: the context
 *
 * Return: 0, or -EIO when writing fails.
 */
int fcap_context_print_json(FILE *f, const struct fcap_context *ctx)
{
	const char *src = fcap_context_source(ctx);
	struct fcap_proc p;

	fcap_context_proc(ctx, &p);
	fputs("{\"preset\":", f);
	fcap_json_string_or_null(f, ctx->preset);
	fputs(",\"source\":", f);
	fcap_json_string_or_null(f, src);
	fputs(",\"file\":", f);
	fcap_json_string_or_null(f, ctx->file);
	fputs(",\"container\":", f);
	fcap_json_string_or_null(f, ctx->name);
	fprintf(f, ",\"privileged\":%s", ctx->privileged ? "true" : "false");
	fprintf(f, ",\"uid\":%u,\"gid\":%u,\"userns_root\":%u,\"no_new_privs\":%s,\"nosuid\":%s,\"securebits\":%u",
		ctx->uid, ctx->gid, ctx->userns_root,
		p.no_new_privs ? "true" : "false",
		ctx->nosuid ? "true" : "false", p.securebits);
	json_set(f, "bounding", p.cap_bnd, true);
	json_set(f, "permitted", p.cap_prm, true);
	json_set(f, "effective", p.cap_eff, true);
	json_set(f, "inheritable", p.cap_inh, true);
	json_set(f, "ambient", p.cap_amb, true);
	putc('}', f);
	return ferror(f) ? -EIO : 0;
}

/**
 * fcap_exec_print_json() - a model outcome as a JSON object: error (the
 *	errno's name, or null), why, and, when exec succeeds, the permitted,
 *	effective, inheritable and ambient sets (16 hex digits) and secure
 * @f: the stream
 * @x: the outcome
 *
 * Return: 0, or -EIO when writing fails.
 */
int fcap_exec_print_json(FILE *f, const struct fcap_exec *x)
{
	fputs("{\"error\":", f);
	if (x->error) {
		const char *name = strerrorname_np(-x->error);

		fcap_json_string(f, name ? name : "?");
	} else {
		fputs("null", f);
	}
	fputs(",\"why\":", f);
	fcap_json_string_or_null(f, x->why);
	if (!x->error) {
		json_set(f, "permitted", x->cap_prm, true);
		json_set(f, "effective", x->cap_eff, true);
		json_set(f, "inheritable", x->cap_inh, true);
		json_set(f, "ambient", x->cap_amb, true);
		fprintf(f, ",\"secure\":%s", x->secure ? "true" : "false");
	}
	putc('}', f);
	return ferror(f) ? -EIO : 0;
}
