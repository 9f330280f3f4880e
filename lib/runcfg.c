// SPDX-License-Identifier: GPL-2.0-only
/*
 * runcfg.c - the context from a runtime's own configuration (context.h):
 *
 *   oci:FILE                 an OCI runtime config.json, as runc applies
 *                            it: process.user, the five capability sets,
 *                            noNewPrivileges, linux.uidMappings
 *   k8s:FILE[#NAME]          a Pod, Deployment, StatefulSet, DaemonSet,
 *                            ReplicaSet, Job or CronJob: a container's
 *                            pod- and container-level securityContext,
 *                            over containerd's defaults
 *   podman-kube:FILE[#NAME]  the same, as podman kube play starts it
 *   compose:FILE[#SERVICE]   a Compose service: user, cap_add, cap_drop,
 *                            privileged, security_opt, as docker compose
 *   podman-compose:FILE[#SERVICE]  the same with Podman's rules
 *   unit:FILE                a systemd service and its drop-ins
 *
 * JSON is read with json-c, YAML with libyaml; a file refused names where
 * (struct fcap_context_error @where: "FILE:LINE: KEY") and why, and leaves
 * no context.  Nothing here prints.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>
#include <yaml.h>

#include "context-priv.h"

/* A configuration file larger than this is refused. */
#define RUNCFG_MAX	(4U << 20)

enum runcfg_kind {
	RC_OCI,
	RC_K8S,
	RC_PODMAN_KUBE,
	RC_COMPOSE,
	RC_PODMAN_COMPOSE,
	RC_UNIT,
};

static const char *const kinds[] = {
	[RC_OCI] = "oci",
	[RC_K8S] = "k8s",
	[RC_PODMAN_KUBE] = "podman-kube",
	[RC_COMPOSE] = "compose",
	[RC_PODMAN_COMPOSE] = "podman-compose",
	[RC_UNIT] = "unit",
};

#define NKINDS	(sizeof(kinds) / sizeof(kinds[0]))

static int kind_of(const char *arg, size_t n)
{
	size_t i;

	for (i = 0; i < NKINDS; i++)
		if (strlen(kinds[i]) == n && !strncmp(kinds[i], arg, n))
			return (int)i;
	return -1;
}

/**
 * fcap_runcfg_is() - whether @arg's first @n characters name a kind of
 *	configuration file
 * @arg: @n:	the --context argument, up to its ':'
 *
 * Return: true for oci, k8s, podman-kube, compose, podman-compose, unit.
 */
bool fcap_runcfg_is(const char *arg, size_t n)
{
	return kind_of(arg, n) >= 0;
}

/* The file being read, for the messages. */
struct rc {
	const char *path;
	struct fcap_context_error *e;
};

/* Refuse the file: @line 0 for none, @key NULL for none. */
static int bad(const struct rc *rc, unsigned int line, const char *key,
	       const char *reason, const char *token)
{
	struct fcap_context_error *e = rc->e;
	int n;

	fcap_ctx_refuse(e, reason, token ? token : "",
			token ? strlen(token) : 0);
	if (!e)
		return -EINVAL;
	n = snprintf(e->where, sizeof(e->where), "%s", rc->path);
	if (line && n >= 0 && (size_t)n < sizeof(e->where))
		n += snprintf(e->where + n, sizeof(e->where) - (size_t)n,
			      ":%u", line);
	if (key && n >= 0 && (size_t)n < sizeof(e->where))
		snprintf(e->where + n, sizeof(e->where) - (size_t)n, ": %s",
			 key);
	return -EINVAL;
}

/* The whole file, NUL-terminated, in *@buf (malloc()ed). */
static int slurp(const struct rc *rc, char **buf, size_t *len)
{
	struct stat st;
	ssize_t r;
	size_t got = 0;
	int fd, ret = 0;

	fd = open(rc->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		bad(rc, 0, NULL, strerror(-ret), NULL);
		return ret;
	}
	if (fstat(fd, &st)) {
		ret = -errno;
		bad(rc, 0, NULL, strerror(-ret), NULL);
		goto out_close;
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > RUNCFG_MAX) {
		ret = bad(rc, 0, NULL, S_ISREG(st.st_mode) ?
			  "larger than 4 MiB" : "not a regular file", NULL);
		goto out_close;
	}
	*buf = malloc((size_t)st.st_size + 1);
	if (!*buf) {
		ret = -ENOMEM;
		goto out_close;
	}
	while (got < (size_t)st.st_size) {
		r = read(fd, *buf + got, (size_t)st.st_size - got);
		if (r <= 0) {
			ret = r ? -errno : -EIO;
			bad(rc, 0, NULL, r ? strerror(errno) : "shorter than it was",
			    NULL);
			free(*buf);
			goto out_close;
		}
		got += (size_t)r;
	}
	(*buf)[got] = '\0';
	*len = got;
out_close:
	close(fd);
	return ret;
}

/* ---- OCI config.json ---------------------------------------------------- */

/* The line of byte @off of @buf. */
static unsigned int line_at(const char *buf, size_t off)
{
	unsigned int line = 1;
	size_t i;

	for (i = 0; i < off && buf[i]; i++)
		line += buf[i] == '\n';
	return line;
}

static int oci_set(const struct rc *rc, json_object *caps, const char *set,
		   uint64_t *m)
{
	char key[64];
	json_object *a, *v;
	uint64_t one;
	size_t i, n;

	*m = 0;
	snprintf(key, sizeof(key), "process.capabilities.%s", set);
	if (!json_object_object_get_ex(caps, set, &a) ||
	    json_object_is_type(a, json_type_null))
		return 0;
	if (!json_object_is_type(a, json_type_array))
		return bad(rc, 0, key, "not an array", NULL);
	n = json_object_array_length(a);
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(a, i);
		if (!json_object_is_type(v, json_type_string))
			return bad(rc, 0, key, "not a capability name", NULL);
		/* runc takes the kernel's names: CAP_ and upper case */
		if (strncmp(json_object_get_string(v), "CAP_", 4) ||
		    fcap_ctx_parse_caps(json_object_get_string(v),
					strlen(json_object_get_string(v)),
					&one, NULL) || !one)
			return bad(rc, 0, key, "unknown capability",
				   json_object_get_string(v));
		*m |= one;
	}
	return 0;
}

static int oci_id(const struct rc *rc, json_object *o, const char *name,
		  const char *key, uint32_t *id)
{
	json_object *v;
	int64_t x;

	if (!json_object_object_get_ex(o, name, &v))
		return 0;
	if (!json_object_is_type(v, json_type_int))
		return bad(rc, 0, key, "not a number", NULL);
	x = json_object_get_int64(v);
	if (x < 0 || x >= FCAP_NO_ID)
		return bad(rc, 0, key, "out of range", NULL);
	*id = (uint32_t)x;
	return 0;
}

/* One extent of linux.uidMappings: 0, or -EINVAL refused */
static int oci_extent(const struct rc *rc, json_object *m, uint32_t *c,
		      uint32_t *h, uint32_t *sz)
{
	*c = *h = *sz = 0;
	if (!json_object_is_type(m, json_type_object))
		return bad(rc, 0, "linux.uidMappings", "not an object", NULL);
	if (oci_id(rc, m, "containerID", "linux.uidMappings", c) ||
	    oci_id(rc, m, "hostID", "linux.uidMappings", h) ||
	    oci_id(rc, m, "size", "linux.uidMappings", sz))
		return -EINVAL;
	return 0;
}

/*
 * A config with a user namespace: @root, the host uid of its uid 0, from
 * linux.uidMappings; the process's uid must map with the same offset (the
 * model's namespace is one range from its root).
 */
static int oci_userns(const struct rc *rc, json_object *top, uint32_t uid,
		      bool *userns, uint32_t *root)
{
	json_object *lx, *ns, *maps, *t;
	uint32_t c, h, sz;
	int found = 0;
	size_t i, n;

	*userns = false;
	if (!json_object_object_get_ex(top, "linux", &lx) ||
	    !json_object_object_get_ex(lx, "namespaces", &ns) ||
	    !json_object_is_type(ns, json_type_array))
		return 0;
	n = json_object_array_length(ns);
	for (i = 0; i < n; i++)
		if (json_object_object_get_ex(json_object_array_get_idx(ns, i),
					      "type", &t) &&
		    !strcmp(json_object_get_string(t), "user"))
			*userns = true;
	if (!*userns)
		return 0;
	if (!json_object_object_get_ex(lx, "uidMappings", &maps) ||
	    !json_object_is_type(maps, json_type_array))
		return bad(rc, 0, "linux.uidMappings",
			   "a user namespace without uidMappings", NULL);
	n = json_object_array_length(maps);
	for (i = 0; i < n; i++) {
		if (oci_extent(rc, json_object_array_get_idx(maps, i), &c, &h,
			       &sz))
			return -EINVAL;
		if (c == 0 && sz) {
			*root = h;
			found = 1;
		}
	}
	if (!found)
		return bad(rc, 0, "linux.uidMappings",
			   "no mapping for the namespace's root (uid 0)", NULL);
	for (i = 0; i < n; i++) {
		oci_extent(rc, json_object_array_get_idx(maps, i), &c, &h, &sz);
		if (uid >= c && uid - c < sz && h - c == *root)
			return 0;
	}
	return bad(rc, 0, "linux.uidMappings",
		   "the process's uid is not mapped in the range of uid 0",
		   NULL);
}

static int load_oci(struct fcap_context *ctx, const struct rc *rc,
		    const char *buf, size_t len)
{
	static const char *const sets[] = {
		"bounding", "permitted", "effective", "inheritable", "ambient",
	};
	enum json_tokener_error jerr;
	json_object *top, *proc, *user, *caps = NULL, *v;
	struct json_tokener *tok;
	uint64_t m[5] = { 0 };
	uint32_t uid = 0, gid = 0, root = 0;
	bool userns;
	size_t i;
	int ret;

	tok = json_tokener_new();
	if (!tok)
		return -ENOMEM;
	top = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	if (!top || jerr != json_tokener_success) {
		ret = bad(rc, line_at(buf, json_tokener_get_parse_end(tok)),
			  NULL, json_tokener_error_desc(
				jerr == json_tokener_success ?
				json_tokener_error_parse_eof : jerr), NULL);
		json_tokener_free(tok);
		json_object_put(top);
		return ret;
	}
	json_tokener_free(tok);
	ret = -EINVAL;
	if (!json_object_is_type(top, json_type_object) ||
	    !json_object_object_get_ex(top, "process", &proc) ||
	    !json_object_is_type(proc, json_type_object)) {
		bad(rc, 0, "process", "no process object", NULL);
		goto out_put;
	}
	if (json_object_object_get_ex(proc, "user", &user) &&
	    (oci_id(rc, user, "uid", "process.user.uid", &uid) ||
	     oci_id(rc, user, "gid", "process.user.gid", &gid)))
		goto out_put;
	if (json_object_object_get_ex(proc, "capabilities", &caps) &&
	    !json_object_is_type(caps, json_type_object)) {
		bad(rc, 0, "process.capabilities", "not an object", NULL);
		goto out_put;
	}
	for (i = 0; caps && i < 5; i++)
		if (oci_set(rc, caps, sets[i], &m[i]))
			goto out_put;
	if (oci_userns(rc, top, uid, &userns, &root))
		goto out_put;
	ret = fcap_ctx_preset(ctx, "oci", rc->e);
	if (ret)
		goto out_put;
	fcap_proc_init(&ctx->self, uid);
	ctx->self.gid = ctx->self.egid = ctx->self.fsgid = gid;
	ctx->self.cap_bnd = m[0];
	ctx->self.cap_prm = m[1];
	ctx->self.cap_eff = m[2];
	ctx->self.cap_inh = m[3];
	/*
	 * PR_CAP_AMBIENT_RAISE needs the capability permitted and
	 * inheritable; runc leaves out what the kernel refuses
	 */
	ctx->self.cap_amb = m[4] & m[1] & m[3];
	if (json_object_object_get_ex(proc, "noNewPrivileges", &v))
		ctx->self.no_new_privs = json_object_get_boolean(v);
	ctx->caps = m[0];
	ctx->ambient = ctx->self.cap_amb;
	ctx->no_new_privs = ctx->self.no_new_privs;
	ctx->uid = uid;
	ctx->gid = gid;
	ctx->set |= FCAP_CTX_SET_USER;
	if (userns) {
		ctx->userns = true;
		ctx->userns_root = root;
		ctx->set |= FCAP_CTX_SET_USERNS;
	}
out_put:
	json_object_put(top);
	return ret;
}

/* ---- YAML: Kubernetes and Compose --------------------------------------- */

struct ydoc {
	const struct rc *rc;
	yaml_document_t d;
};

static yaml_node_t *ynode(struct ydoc *y, int i)
{
	return i ? yaml_document_get_node(&y->d, i) : NULL;
}

static unsigned int yline(const yaml_node_t *n)
{
	return n ? (unsigned int)n->start_mark.line + 1 : 0;
}

static bool yis(const yaml_node_t *n, const char *s)
{
	return n && n->type == YAML_SCALAR_NODE &&
	       n->data.scalar.length == strlen(s) &&
	       !memcmp(n->data.scalar.value, s, n->data.scalar.length);
}

static const char *ytext(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ?
	       (const char *)n->data.scalar.value : NULL;
}

/*
 * The value of @key in mapping @map; NULL when @map is not a mapping or
 * has no such key (or its value is null)
 */
static yaml_node_t *yget(struct ydoc *y, const yaml_node_t *map,
			 const char *key)
{
	yaml_node_pair_t *p;
	yaml_node_t *v;

	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		if (!yis(ynode(y, p->key), key))
			continue;
		v = ynode(y, p->value);
		if (v && v->type == YAML_SCALAR_NODE &&
		    v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
		    (yis(v, "null") || yis(v, "~") || yis(v, "")))
			return NULL;
		return v;
	}
	return NULL;
}

static int ybool(struct ydoc *y, const yaml_node_t *n, const char *key,
		 bool *b)
{
	const char *s = ytext(n);

	if (!s || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	    fcap_ctx_parse_bool(s, strlen(s), b))
		return bad(y->rc, yline(n), key, "not a boolean", s);
	return 0;
}

static int yid(struct ydoc *y, const yaml_node_t *n, const char *key,
	       uint32_t *id)
{
	const char *s = ytext(n);
	unsigned long v;
	char *end;

	if (!s || !*s || strspn(s, "0123456789") != strlen(s))
		return bad(y->rc, yline(n), key, "not a number", s);
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || v >= FCAP_NO_ID)
		return bad(y->rc, yline(n), key, "out of range", s);
	*id = (uint32_t)v;
	return 0;
}

/* A sequence of capability names: their mask, and whether ALL is there */
static int ycaps(struct ydoc *y, const yaml_node_t *n, const char *key,
		 uint64_t *m, bool *all)
{
	yaml_node_item_t *it;
	yaml_node_t *v;
	uint64_t one;
	const char *s;

	*m = 0;
	*all = false;
	if (!n)
		return 0;
	if (n->type != YAML_SEQUENCE_NODE)
		return bad(y->rc, yline(n), key, "not a list", NULL);
	for (it = n->data.sequence.items.start;
	     it < n->data.sequence.items.top; it++) {
		v = ynode(y, *it);
		s = ytext(v);
		if (!s)
			return bad(y->rc, yline(v), key,
				   "not a capability name", NULL);
		if (!strcasecmp(s, "ALL")) {
			*all = true;
			continue;
		}
		if (fcap_ctx_parse_caps(s, strlen(s), &one, NULL) || !one ||
		    strchr(s, ','))
			return bad(y->rc, yline(v), key, "unknown capability",
				   s);
		*m |= one;
	}
	return 0;
}

/*
 * The runtime's list (@ctx->caps, its defaults) with a file's add and drop
 * applied: ALL added is every capability but those dropped, ALL dropped
 * leaves only those added, otherwise the defaults less those dropped and
 * with those added (moby TweakCapabilities, containers/common
 * MergeCapabilities, containerd's CRI WithCapabilities alike).  ALL added
 * is every capability known, or with @from_runtime the runtime's own
 * bounding set (this process's).  @ctx->added: what the file adds.
 */
static int set_caps(struct fcap_context *ctx, const struct rc *rc,
		    uint64_t add, bool add_all, uint64_t drop, bool drop_all,
		    bool from_runtime)
{
	uint64_t base = ctx->caps, all = fcap_known_mask();

	if (add_all && from_runtime && fcap_ctx_runtime_bounding(&all))
		return bad(rc, 0, NULL,
			   "cannot read this process's bounding set", NULL);
	if (add_all)
		base = all;
	if (drop_all)
		base = 0;
	ctx->caps = (base & ~drop) | add;
	ctx->added = add & ctx->caps;
	return 0;
}

/* ---- Kubernetes ----------------------------------------------------------- */

struct k8s_pick {
	const char *want;		/* #NAME, or NULL */
	yaml_node_t *pod_sc;		/* the pod's securityContext */
	yaml_node_t *container;
	unsigned int found;
	unsigned int doc;		/* the document of @container */
	char names[128];		/* the containers seen, for a message */
};

/* The pod spec of a workload document, or NULL for another kind. */
static yaml_node_t *k8s_pod_spec(struct ydoc *y, yaml_node_t *root)
{
	static const char *const templated[] = {
		"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job",
		"ReplicationController",
	};
	yaml_node_t *kind = yget(y, root, "kind"), *spec = yget(y, root, "spec");
	size_t i;

	if (yis(kind, "Pod"))
		return spec;
	if (yis(kind, "CronJob"))
		spec = yget(y, yget(y, spec, "jobTemplate"), "spec");
	else
		for (i = 0; !yis(kind, templated[i]); i++)
			if (i + 1 == sizeof(templated) / sizeof(templated[0]))
				return NULL;
	return yget(y, yget(y, spec, "template"), "spec");
}

static void k8s_pick_in(struct ydoc *y, yaml_node_t *pod, const char *list,
			struct k8s_pick *pk)
{
	yaml_node_t *cs = yget(y, pod, list), *c;
	yaml_node_item_t *it;
	const char *name;
	size_t used;

	if (!cs || cs->type != YAML_SEQUENCE_NODE)
		return;
	for (it = cs->data.sequence.items.start;
	     it < cs->data.sequence.items.top; it++) {
		c = ynode(y, *it);
		name = ytext(yget(y, c, "name"));
		if (!name)
			name = "?";
		used = strlen(pk->names);
		if (used + strlen(name) + 3 < sizeof(pk->names))
			snprintf(pk->names + used, sizeof(pk->names) - used,
				 "%s%s", used ? ", " : "", name);
		if (pk->want && strcmp(pk->want, name))
			continue;
		pk->found++;
		pk->container = c;
		pk->pod_sc = yget(y, pod, "securityContext");
	}
}

/* runAsUser, runAsGroup, runAsNonRoot of one securityContext */
static int k8s_ids(struct ydoc *y, yaml_node_t *sc, const char *where,
		   struct fcap_context *ctx, bool *has_uid)
{
	char key[96];
	yaml_node_t *v;

	if ((v = yget(y, sc, "runAsUser"))) {
		snprintf(key, sizeof(key), "%s.runAsUser", where);
		if (yid(y, v, key, &ctx->uid))
			return -EINVAL;
		*has_uid = true;
	}
	if ((v = yget(y, sc, "runAsGroup"))) {
		snprintf(key, sizeof(key), "%s.runAsGroup", where);
		if (yid(y, v, key, &ctx->gid))
			return -EINVAL;
	}
	if ((v = yget(y, sc, "runAsNonRoot"))) {
		snprintf(key, sizeof(key), "%s.runAsNonRoot", where);
		if (ybool(y, v, key, &ctx->nonroot))
			return -EINVAL;
	}
	return 0;
}

static int k8s_container(struct fcap_context *ctx, struct ydoc *y,
			 const struct k8s_pick *pk, bool podman)
{
	yaml_node_t *sc = yget(y, pk->container, "securityContext"), *v;
	uint64_t add, drop;
	bool add_all, drop_all, priv = false, ape = true, has_ape = false;
	bool has_uid = false;
	int ret;

	ret = fcap_ctx_preset(ctx, podman ? "podman-kube" : "k8s", y->rc->e);
	if (ret)
		return ret;
	if (k8s_ids(y, pk->pod_sc, "spec.securityContext", ctx, &has_uid) ||
	    k8s_ids(y, sc, "securityContext", ctx, &has_uid))
		return -EINVAL;
	if ((v = yget(y, sc, "privileged")) &&
	    ybool(y, v, "securityContext.privileged", &priv))
		return -EINVAL;
	if ((v = yget(y, sc, "allowPrivilegeEscalation"))) {
		if (ybool(y, v, "securityContext.allowPrivilegeEscalation",
			  &ape))
			return -EINVAL;
		has_ape = true;
	}
	if (priv && has_ape && !ape)
		return bad(y->rc, yline(v),
			   "securityContext.allowPrivilegeEscalation",
			   "cannot be false with privileged: true (the API server refuses the pod)",
			   NULL);
	v = yget(y, sc, "capabilities");
	if (ycaps(y, yget(y, v, "add"), "securityContext.capabilities.add",
		  &add, &add_all) ||
	    ycaps(y, yget(y, v, "drop"),
		  "securityContext.capabilities.drop", &drop, &drop_all))
		return -EINVAL;
	if (set_caps(ctx, y->rc, add, add_all, drop, drop_all, podman))
		return -EINVAL;
	ctx->no_new_privs = has_ape && !ape;
	if (has_uid)
		ctx->set |= FCAP_CTX_SET_USER;
	if (priv)
		return fcap_context_apply(ctx, FCAP_CTXOPT_PRIVILEGED, NULL,
					  y->rc->e);
	return 0;
}

static int load_k8s(struct fcap_context *ctx, struct ydoc *y,
		    yaml_parser_t *parser, const char *want, bool podman)
{
	struct k8s_pick pk = { .want = want };
	yaml_document_t docs[16];
	yaml_node_t *root, *pod;
	unsigned int ndocs = 0, i;
	int ret = 0;

	for (;;) {
		if (ndocs == sizeof(docs) / sizeof(docs[0])) {
			ret = bad(y->rc, 0, NULL, "more than 16 documents",
				  NULL);
			goto out_docs;
		}
		if (!yaml_parser_load(parser, &docs[ndocs])) {
			ret = bad(y->rc, (unsigned int)parser->problem_mark.line + 1,
				  NULL, parser->problem ? parser->problem :
				  "not YAML", NULL);
			goto out_docs;
		}
		if (!yaml_document_get_root_node(&docs[ndocs])) {
			yaml_document_delete(&docs[ndocs]);
			break;
		}
		y->d = docs[ndocs++];
		root = yaml_document_get_root_node(&y->d);
		pod = k8s_pod_spec(y, root);
		if (!pod)
			continue;
		i = pk.found;
		k8s_pick_in(y, pod, "containers", &pk);
		k8s_pick_in(y, pod, "initContainers", &pk);
		if (pk.found != i)
			pk.doc = ndocs - 1;
	}
	if (!pk.found || (pk.found > 1 && want)) {
		ret = bad(y->rc, 0, NULL, want ? (pk.found ?
			  "more than one container of that name" :
			  "no container of that name") :
			  "no Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job or CronJob with a container",
			  want ? want : NULL);
		goto out_docs;
	}
	if (pk.found > 1) {
		ret = bad(y->rc, 0, NULL,
			  "more than one container: choose one with #NAME",
			  pk.names);
		goto out_docs;
	}
	/* the pick points into that document, all still loaded */
	y->d = docs[pk.doc];
	ret = k8s_container(ctx, y, &pk, podman);
	if (!ret && ytext(yget(y, pk.container, "name")))
		snprintf(ctx->name, sizeof(ctx->name), "%s",
			 ytext(yget(y, pk.container, "name")));
out_docs:
	for (i = 0; i < ndocs; i++)
		yaml_document_delete(&docs[i]);
	return ret;
}

/* ---- Compose -------------------------------------------------------------- */

static int compose_nnp(struct ydoc *y, yaml_node_t *opts, bool *nnp)
{
	yaml_node_item_t *it;
	const char *s;
	size_t n = strlen("no-new-privileges");

	if (!opts)
		return 0;
	if (opts->type != YAML_SEQUENCE_NODE)
		return bad(y->rc, yline(opts), "security_opt", "not a list",
			   NULL);
	for (it = opts->data.sequence.items.start;
	     it < opts->data.sequence.items.top; it++) {
		s = ytext(ynode(y, *it));
		if (!s || strncmp(s, "no-new-privileges", n))
			continue;
		if (!s[n])
			*nnp = true;
		else if ((s[n] != ':' && s[n] != '=') ||
			 fcap_ctx_parse_bool(s + n + 1, strlen(s + n + 1),
					     nnp))
			return bad(y->rc, yline(ynode(y, *it)),
				   "security_opt", "not no-new-privileges[:BOOL]",
				   s);
	}
	return 0;
}

static int compose_service(struct fcap_context *ctx, struct ydoc *y,
			   yaml_node_t *svc, bool podman)
{
	uint64_t add, drop;
	bool add_all, drop_all, priv = false, nnp = false;
	yaml_node_t *v;
	const char *user;
	int ret;

	if (svc->type != YAML_MAPPING_NODE)
		return bad(y->rc, yline(svc), "services", "not a mapping",
			   NULL);
	ret = fcap_ctx_preset(ctx, podman ? "podman-compose" : "compose",
			      y->rc->e);
	if (ret)
		return ret;
	if (ycaps(y, yget(y, svc, "cap_add"), "cap_add", &add, &add_all) ||
	    ycaps(y, yget(y, svc, "cap_drop"), "cap_drop", &drop,
		  &drop_all) ||
	    ((v = yget(y, svc, "privileged")) &&
	     ybool(y, v, "privileged", &priv)) ||
	    compose_nnp(y, yget(y, svc, "security_opt"), &nnp))
		return -EINVAL;
	if (add_all && drop_all && podman)
		return bad(y->rc, yline(yget(y, svc, "cap_add")), "cap_add",
			   "adding all caps and removing all caps not allowed (Podman refuses it)",
			   NULL);
	if (set_caps(ctx, y->rc, add, add_all, drop, drop_all, true))
		return -EINVAL;
	ctx->no_new_privs = nnp;
	v = yget(y, svc, "user");
	user = ytext(v);
	if (v && (!user || !*user || strlen(user) >= sizeof(ctx->user_name)))
		return bad(y->rc, yline(v), "user", "not USER[:GROUP]", NULL);
	/* a name is looked up where the container runs: by the tool */
	if (user && strspn(user, "0123456789:") != strlen(user))
		snprintf(ctx->user_name, sizeof(ctx->user_name), "%s", user);
	else if (user && fcap_context_apply(ctx, FCAP_CTXOPT_USER, user, NULL))
		return bad(y->rc, yline(v), "user", "not UID[:GID]", user);
	if (priv)
		return fcap_context_apply(ctx, FCAP_CTXOPT_PRIVILEGED, NULL,
					  y->rc->e);
	return 0;
}

static int load_compose(struct fcap_context *ctx, struct ydoc *y,
			yaml_parser_t *parser, const char *want, bool podman)
{
	yaml_node_t *root, *svcs, *svc = NULL, *k;
	const char *svc_name = "";
	yaml_node_pair_t *p;
	char names[128] = "";
	unsigned int n = 0;
	size_t used;
	int ret;

	if (!yaml_parser_load(parser, &y->d))
		return bad(y->rc, (unsigned int)parser->problem_mark.line + 1,
			   NULL, parser->problem ? parser->problem :
			   "not YAML", NULL);
	root = yaml_document_get_root_node(&y->d);
	svcs = yget(y, root, "services");
	if (!svcs || svcs->type != YAML_MAPPING_NODE) {
		ret = bad(y->rc, yline(root), "services",
			  "no services mapping", NULL);
		goto out_doc;
	}
	for (p = svcs->data.mapping.pairs.start;
	     p < svcs->data.mapping.pairs.top; p++) {
		k = ynode(y, p->key);
		used = strlen(names);
		if (ytext(k) && used + strlen(ytext(k)) + 3 < sizeof(names))
			snprintf(names + used, sizeof(names) - used, "%s%s",
				 used ? ", " : "", ytext(k));
		if (want && !yis(k, want))
			continue;
		n++;
		svc = ynode(y, p->value);
		svc_name = ytext(k) ? ytext(k) : "";
	}
	if (!n || n > 1) {
		ret = bad(y->rc, yline(svcs), "services", !n ?
			  "no service of that name" :
			  "more than one service: choose one with #SERVICE",
			  !n ? want : names);
		goto out_doc;
	}
	ret = compose_service(ctx, y, svc, podman);
	if (!ret)
		snprintf(ctx->name, sizeof(ctx->name), "%s", svc_name);
out_doc:
	yaml_document_delete(&y->d);
	return ret;
}

static int load_yaml(struct fcap_context *ctx, const struct rc *rc,
		     const char *buf, size_t len, enum runcfg_kind kind,
		     const char *want)
{
	yaml_parser_t parser;
	struct ydoc y = { .rc = rc };
	int ret;

	if (!yaml_parser_initialize(&parser))
		return -ENOMEM;
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (kind == RC_K8S || kind == RC_PODMAN_KUBE)
		ret = load_k8s(ctx, &y, &parser, want, kind == RC_PODMAN_KUBE);
	else
		ret = load_compose(ctx, &y, &parser, want,
				   kind == RC_PODMAN_COMPOSE);
	yaml_parser_delete(&parser);
	return ret;
}

/* ---- systemd units -------------------------------------------------------- */

/* The [Service] settings of one unit file or drop-in, in order. */
static int unit_file(struct fcap_context *ctx, struct fcap_ctx_systemd *st,
		     const struct rc *rc)
{
	static const char *const keys[] = {
		"User", "Group", "NoNewPrivileges", "CapabilityBoundingSet",
		"AmbientCapabilities", "SecureBits", "PrivateUsers",
	};
	char *buf, *line, *next, *eq, *k, *v, *end, set[1024];
	unsigned int lineno = 0, start;
	bool service = false, b;
	size_t len, i;
	int ret;

	ret = slurp(rc, &buf, &len);
	if (ret)
		return ret;
	for (line = buf; line && *line; line = next) {
		start = ++lineno;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/* a continuation: the backslash and newline become a blank */
		while (next && *line && line[strlen(line) - 1] == '\\' &&
		       *line != '#' && *line != ';') {
			char *more = next;

			line[strlen(line) - 1] = ' ';
			next = strchr(more, '\n');
			if (next)
				*next++ = '\0';
			lineno++;
			memmove(line + strlen(line), more, strlen(more) + 1);
		}
		line += strspn(line, " \t");
		if (!*line || *line == '#' || *line == ';')
			continue;
		if (*line == '[') {
			service = !strncmp(line, "[Service]", 9);
			continue;
		}
		eq = strchr(line, '=');
		if (!eq) {
			ret = bad(rc, start, NULL, "not KEY=VALUE", line);
			goto out_free;
		}
		if (!service)
			continue;
		k = line;
		for (end = eq; end > k && (end[-1] == ' ' || end[-1] == '\t');)
			end--;
		*end = '\0';
		v = eq + 1;
		v += strspn(v, " \t");
		for (end = v + strlen(v);
		     end > v && (end[-1] == ' ' || end[-1] == '\t');)
			end--;
		*end = '\0';
		if (!strcmp(k, "DynamicUser") &&
		    (fcap_ctx_parse_bool(v, strlen(v), &b) || b)) {
			ret = bad(rc, start, k,
				  "not modelled: the uid is chosen when the service starts",
				  v);
			goto out_free;
		}
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strcmp(k, keys[i]))
				break;
		if (i == sizeof(keys) / sizeof(keys[0]))
			continue;
		if (snprintf(set, sizeof(set), "%s=%s", k, v) >=
		    (int)sizeof(set)) {
			ret = bad(rc, start, k, "too long", NULL);
			goto out_free;
		}
		ret = fcap_ctx_systemd_setting(ctx, st, set, strlen(set),
					       rc->e);
		if (ret) {
			bad(rc, start, k, rc->e ? rc->e->reason : "refused",
			    v);
			goto out_free;
		}
	}
out_free:
	free(buf);
	return ret;
}

static int conf_cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;

	return strcmp(strrchr(x, '/'), strrchr(y, '/'));
}

static const char *const unit_dirs[] = {
	"/etc/systemd/system", "/run/systemd/system",
	"/usr/local/lib/systemd/system", "/usr/lib/systemd/system",
};

/*
 * The length of the root unit @path lies under: R when @path is
 * R/DIR/NAME for one of the unit directories DIR (as `systemd-analyze
 * --root=R` reads it; 0 for the host's own), else -1.
 */
static int unit_root(const char *path, const char *base)
{
	size_t i, dl, pl = (size_t)(base - path);

	for (i = 0; i < sizeof(unit_dirs) / sizeof(unit_dirs[0]); i++) {
		dl = strlen(unit_dirs[i]);
		if (pl > dl && path[pl - 1] == '/' &&
		    !strncmp(path + pl - 1 - dl, unit_dirs[i], dl))
			return (int)(pl - 1 - dl);
	}
	return -1;
}

/*
 * The drop-ins of unit @path: *.conf in "@path.d" and in NAME.d (and the
 * type's service.d) of the unit directories, a name in an earlier
 * directory masking the same name in a later one, all applied in the
 * order of their names (systemd.unit(5)).  A unit in a unit directory
 * takes the directories of its root (the host's, or another tree's), and
 * its "@path.d" is one of them, in its place; a unit elsewhere takes the
 * host's, after its own "@path.d".  At most 64.
 */
static int unit_dropins(const char *path, char **out, size_t *n)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int root = unit_root(path, base), rl = root < 0 ? 0 : root;
	char dir[512];
	struct dirent *de;
	size_t j, d;
	DIR *dh;

	*n = 0;
	for (d = root < 0 ? 0 : 1;
	     d <= 2 * (sizeof(unit_dirs) / sizeof(unit_dirs[0])); d++) {
		if (!d)
			snprintf(dir, sizeof(dir), "%s.d", path);
		else if (d % 2)
			snprintf(dir, sizeof(dir), "%.*s%s/%s.d", rl, path,
				 unit_dirs[d / 2], base);
		else
			snprintf(dir, sizeof(dir), "%.*s%s/service.d", rl,
				 path, unit_dirs[d / 2 - 1]);
		dh = opendir(dir);
		if (!dh)
			continue;
		while ((de = readdir(dh)) && *n < 64) {
			size_t l = strlen(de->d_name);
			char *full;

			if (l < 6 || strcmp(de->d_name + l - 5, ".conf"))
				continue;
			for (j = 0; j < *n; j++)
				if (!strcmp(strrchr(out[j], '/') + 1,
					    de->d_name))
					break;
			if (j < *n)
				continue;
			full = malloc(strlen(dir) + l + 2);
			if (!full)
				break;
			sprintf(full, "%s/%s", dir, de->d_name);
			out[(*n)++] = full;
		}
		closedir(dh);
	}
	qsort(out, *n, sizeof(*out), conf_cmp);
	return 0;
}

static int load_unit(struct fcap_context *ctx, const struct rc *rc)
{
	struct fcap_ctx_systemd st = { 0 };
	char *dropins[64];
	struct rc drc;
	size_t n = 0, i;
	int ret;

	ret = fcap_ctx_preset(ctx, "unit", rc->e);
	if (ret)
		return ret;
	ret = unit_file(ctx, &st, rc);
	if (ret)
		return ret;
	unit_dropins(rc->path, dropins, &n);
	for (i = 0; i < n && !ret; i++) {
		drc.path = dropins[i];
		drc.e = rc->e;
		ret = unit_file(ctx, &st, &drc);
	}
	for (i = 0; i < n; i++)
		free(dropins[i]);
	if (!ret && fcap_ctx_systemd_user(ctx, &st, NULL))
		ret = bad(rc, 0, st.user[0] ? "User=" : "Group=",
			  "User= or Group= too long", NULL);
	return ret;
}

/**
 * fcap_runcfg_load() - @ctx from "KIND:FILE[#NAME]"
 * @ctx:	the context, started afresh
 * @arg:	the --context argument
 * @e:		why the file was refused (@where names the place)
 *
 * Return: 0; -EINVAL for a file refused or that cannot be read (@e says
 * where and why); -ENOMEM.
 */
int fcap_runcfg_load(struct fcap_context *ctx, const char *arg,
		     struct fcap_context_error *e)
{
	size_t n = strcspn(arg, ":");
	int kind = kind_of(arg, n), ret;
	char path[256], *hash, *buf = NULL;
	const char *want = NULL;
	struct rc rc = { path, e };
	size_t len;

	if (kind < 0 || snprintf(path, sizeof(path), "%s", arg + n + 1) >=
			(int)sizeof(path))
		return fcap_ctx_refuse(e, "file name too long", arg,
				       strlen(arg));
	hash = strrchr(path, '#');
	if (hash && kind != RC_OCI && kind != RC_UNIT) {
		*hash = '\0';
		want = hash + 1;
		if (!*want || strlen(want) >= sizeof(ctx->name))
			return fcap_ctx_refuse(e, "expected FILE#NAME", arg,
					       strlen(arg));
	}
	if (kind == RC_UNIT) {
		ret = load_unit(ctx, &rc);
	} else {
		ret = slurp(&rc, &buf, &len);
		if (!ret && kind == RC_OCI)
			ret = load_oci(ctx, &rc, buf, len);
		else if (!ret)
			ret = load_yaml(ctx, &rc, buf, len, kind, want);
		free(buf);
	}
	if (ret) {
		fcap_context_init(ctx);
		return ret == -ENOMEM ? ret : -EINVAL;
	}
	snprintf(ctx->file, sizeof(ctx->file), "%s", path);
	return 0;
}
