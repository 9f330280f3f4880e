// SPDX-License-Identifier: GPL-2.0-only
/*
 * runcfg.c - contexts read from the runtime's own configuration
 * (lib/runcfg.c): an OCI config.json, Kubernetes workloads, Compose
 * services and systemd units with drop-ins, --privileged, and the errors
 * that name the file, the line and the key.  tests/runtime.sh holds the
 * same files to runc and podman.
 */
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "context.h"
#include "tap.h"

#define C(n)		(1ULL << (n))
#define CHOWN		C(0)
#define KILL		C(5)
#define NET_BIND	C(10)
#define NET_RAW		C(13)
#define SYS_TIME	C(25)
#define DOCKER_CAPS	0x00000000a80425fbULL
#define PODMAN_CAPS	0x00000000800405fbULL

static char dir[256];

/* $dir/@name with @fmt's text; the path in @path. */
static const char *put(char *path, size_t n, const char *name,
		       const char *fmt, ...)
{
	va_list ap;
	FILE *f;

	snprintf(path, n, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		tap_diag("%s: cannot write", path);
		return path;
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	if (fclose(f))
		tap_diag("%s: cannot write", path);
	return path;
}

/* "KIND:@path@sel" applied to a fresh context; @e the error. */
static int load(struct fcap_context *c, const char *kind, const char *path,
		const char *sel, struct fcap_context_error *e)
{
	char arg[512];

	memset(e, 0, sizeof(*e));
	fcap_context_init(c);
	snprintf(arg, sizeof(arg), "%s:%s%s", kind, path, sel ? sel : "");
	return fcap_context_apply(c, FCAP_CTXOPT_PRESET, arg, e);
}

/* e->where is "@path@rest" (":LINE: KEY" or ": KEY") */
static int where_is(const struct fcap_context_error *e, const char *path,
		    const char *rest)
{
	char want[512];

	snprintf(want, sizeof(want), "%s%s", path, rest);
	if (strcmp(e->where, want))
		tap_diag("where: got \"%s\", want \"%s\"", e->where, want);
	return !strcmp(e->where, want);
}

/* This process's bounding set: what --privileged inherits. */
static uint64_t own_bounding(void)
{
	struct fcap_proc p;

	if (fcap_proc_read_self(&p))
		tap_diag("cannot read /proc/self/status");
	return p.cap_bnd;
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

static void oci_cases(void)
{
	struct fcap_context_error e;
	struct fcap_context c;
	struct fcap_proc p;
	char f[300];

	put(f, sizeof(f), "config.json",
	    "{\n \"ociVersion\": \"1.0.2\",\n \"process\": {\n"
	    "  \"user\": { \"uid\": 1000, \"gid\": 1000 },\n"
	    "  \"noNewPrivileges\": true,\n"
	    "  \"capabilities\": {\n"
	    "   \"bounding\": [\"CAP_NET_BIND_SERVICE\", \"CAP_NET_RAW\", \"CAP_KILL\"],\n"
	    "   \"permitted\": [\"CAP_NET_BIND_SERVICE\", \"CAP_NET_RAW\"],\n"
	    "   \"effective\": [\"CAP_NET_BIND_SERVICE\"],\n"
	    "   \"inheritable\": [\"CAP_NET_BIND_SERVICE\", \"CAP_KILL\"],\n"
	    "   \"ambient\": [\"CAP_NET_BIND_SERVICE\", \"CAP_KILL\"]\n"
	    "  }\n }\n}\n");
	tap_is_int(load(&c, "oci", f, NULL, &e), 0, "oci: loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 1000 && p.gid == 1000 && p.no_new_privs,
	       "oci: process.user and noNewPrivileges");
	tap_ok(p.cap_bnd == (NET_BIND | NET_RAW | KILL) &&
	       p.cap_prm == (NET_BIND | NET_RAW) && p.cap_eff == NET_BIND &&
	       p.cap_inh == (NET_BIND | KILL),
	       "oci: bounding, permitted, effective, inheritable as written");
	tap_is_u64(p.cap_amb, NET_BIND,
		   "oci: ambient only where permitted and inheritable (runc)");
	tap_ok(strstr(fcap_context_source(&c), "as runc applies them") != NULL,
	       "oci: its source says what was read");
	tap_is_str(c.file, f, "oci: the file it names");

	put(f, sizeof(f), "userns.json",
	    "{\"process\": {\"user\": {\"uid\": 0, \"gid\": 0}},\n"
	    " \"linux\": {\"namespaces\": [{\"type\": \"user\"}],\n"
	    "  \"uidMappings\": [{\"containerID\": 0, \"hostID\": 100000, \"size\": 65536}]}}\n");
	tap_is_int(load(&c, "oci", f, NULL, &e), 0, "oci userns: loaded");
	tap_ok(c.userns && c.userns_root == 100000,
	       "oci userns: the namespace's root is host uid 100000");


	put(f, sizeof(f), "broken.json",
	    "{\n \"process\": {\n  \"user\": { \"uid\": 1000,, }\n }\n}\n");
	tap_is_int(load(&c, "oci", f, NULL, &e), -EINVAL,
		   "oci: a syntax error refused");
	tap_ok(where_is(&e, f, ":3"), "at its line");
	tap_ok(c.kind != FCAP_CTX_OCI, "and no context left");

	put(f, sizeof(f), "badcap.json",
	    "{\"process\": {\"capabilities\": {\"bounding\": [\"CAP_FLY\"]}}}\n");
	tap_is_int(load(&c, "oci", f, NULL, &e), -EINVAL,
		   "oci: an unknown capability refused");
	tap_ok(where_is(&e, f, ": process.capabilities.bounding") &&
	       !strcmp(e.token, "CAP_FLY"), "naming the set and the name");


	tap_is_int(load(&c, "oci", "/nonexistent/config.json", NULL, &e),
		   -EINVAL, "oci: a missing file refused");
	tap_ok(where_is(&e, "/nonexistent/config.json", "") &&
	       e.reason && strstr(e.reason, "No such file"),
	       "naming it and why");
}

static const char deployment[] =
	"apiVersion: v1\nkind: Service\nmetadata: {name: web}\n---\n"
	"apiVersion: apps/v1\n"
	"kind: Deployment\n"
	"metadata:\n  name: web\n"
	"spec:\n"
	"  template:\n"
	"    spec:\n"
	"      securityContext:\n"
	"        runAsUser: 1000\n"
	"        runAsGroup: 3000\n"
	"      containers:\n"
	"      - name: web\n"
	"        image: nginx\n"
	"        securityContext:\n"
	"          allowPrivilegeEscalation: false\n"
	"          capabilities:\n"
	"            drop: [ALL]\n"
	"            add: [NET_BIND_SERVICE]\n"
	"      - name: side\n"
	"        image: busybox\n"
	"        securityContext:\n"
	"          runAsUser: 0\n"
	"          capabilities:\n"
	"            drop: [NET_RAW]\n";

static void k8s_cases(void)
{
	struct fcap_context_error e;
	struct fcap_context c;
	struct fcap_proc p;
	char f[300];

	put(f, sizeof(f), "deploy.yaml", "%s", deployment);
	tap_is_int(load(&c, "k8s", f, "#web", &e), 0, "k8s: #web loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 1000 && p.gid == 3000,
	       "k8s: the pod's runAsUser and runAsGroup");
	tap_ok(p.cap_bnd == NET_BIND && p.cap_prm == NET_BIND &&
	       p.no_new_privs,
	       "k8s: drop ALL, add NET_BIND_SERVICE, no privilege escalation");
	tap_is_str(c.name, "web", "k8s: the container it names");

	tap_is_int(load(&c, "k8s", f, "#side", &e), 0, "k8s: #side loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 0 && p.cap_bnd == (DOCKER_CAPS & ~NET_RAW) &&
	       p.cap_prm == p.cap_bnd && !p.no_new_privs,
	       "k8s: the container's runAsUser over the pod's, containerd's defaults less NET_RAW");

	tap_is_int(load(&c, "k8s", f, NULL, &e), -EINVAL,
		   "k8s: two containers and no #NAME refused");
	tap_ok(e.reason && strstr(e.reason, "#NAME") &&
	       !strcmp(e.token, "web, side"), "naming the choices");
	tap_is_int(load(&c, "k8s", f, "#db", &e), -EINVAL,
		   "k8s: #db, which is not there, refused");

	put(f, sizeof(f), "podman-kube.yaml", "%s", deployment);
	tap_is_int(load(&c, "podman-kube", f, "#side", &e), 0,
		   "podman-kube: loaded");
	fcap_context_proc(&c, &p);
	tap_is_u64(p.cap_bnd, PODMAN_CAPS,
		   "podman-kube: containers.conf's defaults, as podman run's (not Kubernetes' 14, the NET_RAW dropped not among them)");

	put(f, sizeof(f), "cron.yaml",
	    "kind: CronJob\nspec:\n  jobTemplate:\n    spec:\n      template:\n"
	    "        spec:\n          containers:\n          - name: tick\n"
	    "            securityContext:\n              runAsNonRoot: true\n");
	tap_is_int(load(&c, "k8s", f, NULL, &e), 0,
		   "k8s: a CronJob's only container");
	tap_is_int(fcap_context_check(&c, &e), -EPERM,
		   "k8s: runAsNonRoot with root: not started");
	tap_ok(e.reason && strstr(e.reason, "runAsNonRoot"), "and why");
	fcap_context_apply(&c, FCAP_CTXOPT_USER, "1000", NULL);
	tap_is_int(fcap_context_check(&c, &e), 0,
		   "k8s: runAsNonRoot with --user 1000: started");

	put(f, sizeof(f), "priv.yaml",
	    "kind: Pod\nspec:\n  containers:\n  - name: p\n"
	    "    securityContext:\n      privileged: true\n");
	tap_is_int(load(&c, "k8s", f, NULL, &e), 0, "k8s: privileged pod");
	fcap_context_proc(&c, &p);
	tap_ok(c.privileged && p.cap_bnd == own_bounding() &&
	       p.cap_prm == p.cap_bnd,
	       "k8s privileged: the runtime's own bounding set, permitted");


	put(f, sizeof(f), "syntax.yaml",
	    "kind: Pod\nspec:\n  containers:\n  - name: p\n   bad: [\n");
	tap_is_int(load(&c, "k8s", f, NULL, &e), -EINVAL,
		   "k8s: broken YAML refused");
	tap_ok(!strncmp(e.where, f, strlen(f)) && e.where[strlen(f)] == ':',
	       "naming the file and a line (%s)", e.where);

	put(f, sizeof(f), "nopod.yaml", "kind: ConfigMap\ndata: {a: b}\n");
	tap_is_int(load(&c, "k8s", f, NULL, &e), -EINVAL,
		   "k8s: no workload refused");
}

static void compose_cases(void)
{
	struct fcap_context_error e;
	struct fcap_context c;
	struct fcap_proc p;
	char f[300];

	put(f, sizeof(f), "compose.yaml",
	    "services:\n"
	    "  web:\n"
	    "    image: nginx\n"
	    "    user: \"1000:1000\"\n"
	    "    cap_drop: [ALL]\n"
	    "    cap_add: [NET_RAW]\n"
	    "    security_opt:\n"
	    "      - no-new-privileges:true\n"
	    "  db:\n"
	    "    image: postgres\n"
	    "    user: postgres\n"
	    "    cap_add: [SYS_TIME]\n"
	    "    cap_drop: [CHOWN]\n");
	tap_is_int(load(&c, "compose", f, "#web", &e), 0,
		   "compose: #web loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 1000 && p.gid == 1000 && p.no_new_privs &&
	       p.cap_bnd == NET_RAW && !p.cap_prm && !p.cap_amb,
	       "compose: docker gives a user the bounding set only");
	tap_is_int(load(&c, "podman-compose", f, "#web", &e), 0,
		   "podman-compose: #web loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == NET_RAW && p.cap_prm == NET_RAW &&
	       p.cap_amb == NET_RAW,
	       "podman-compose: Podman gives the user the added ones, ambient");

	tap_is_int(load(&c, "compose", f, "#db", &e), 0, "compose: #db");
	tap_is_str(c.user_name, "postgres",
		   "compose: a user name is left for the tool to resolve");
	tap_is_u64(c.caps, (DOCKER_CAPS | SYS_TIME) & ~CHOWN,
		   "compose: docker's defaults, less CHOWN, with SYS_TIME");

	tap_is_int(load(&c, "compose", f, NULL, &e), -EINVAL,
		   "compose: two services and no #SERVICE refused");
	tap_ok(!strcmp(e.token, "web, db") && where_is(&e, f, ":2: services"),
	       "naming them, at the services key");

	put(f, sizeof(f), "priv-compose.yaml",
	    "services:\n  p:\n    privileged: true\n    user: \"1000\"\n");
	tap_is_int(load(&c, "podman-compose", f, NULL, &e), 0,
		   "podman-compose: privileged user");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == own_bounding() && !p.cap_prm && !p.cap_amb,
	       "podman privileged, a user: the bounding set, nothing held");
	tap_is_int(load(&c, "compose", f, NULL, &e), 0,
		   "compose: privileged user");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == own_bounding() && !p.cap_prm,
	       "docker privileged, a user: the bounding set only");

	put(f, sizeof(f), "allall.yaml",
	    "services:\n  a:\n    cap_add: [ALL]\n    cap_drop: [ALL]\n");
	tap_is_int(load(&c, "podman-compose", f, NULL, &e), -EINVAL,
		   "podman-compose: ALL added and dropped refused, as Podman does");
	put(f, sizeof(f), "noservices.yaml", "version: '3'\n");
	tap_is_int(load(&c, "compose", f, NULL, &e), -EINVAL,
		   "compose: no services refused");
}

/* $dir/@rel made, with its parents. */
static void mkdirs(const char *rel)
{
	char p[400], *s;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	for (s = p + strlen(dir) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	if (mkdir(p, 0755) && errno != EEXIST)
		tap_diag("%s: cannot make", p);
}

/*
 * A unit under another root's unit directory takes its drop-ins from that
 * root, as systemd-analyze --root does: here a tree with the unit in
 * usr/lib, its NAME.d there masked by one of the same name in etc, and a
 * service.d for every service.
 */
static void unit_root_cases(void)
{
	struct fcap_context_error e;
	struct fcap_context c;
	struct fcap_proc p;
	char f[300], g[340];

	mkdirs("r/usr/lib/systemd/system/fcaps-runcfg-root.service.d");
	mkdirs("r/etc/systemd/system/fcaps-runcfg-root.service.d");
	mkdirs("r/etc/systemd/system/service.d");
	put(f, sizeof(f), "r/usr/lib/systemd/system/fcaps-runcfg-root.service",
	    "[Service]\nUser=1000\nAmbientCapabilities=CAP_NET_RAW\n");
	put(g, sizeof(g),
	    "r/usr/lib/systemd/system/fcaps-runcfg-root.service.d/10-u.conf",
	    "[Service]\nUser=3000\n");
	put(g, sizeof(g),
	    "r/usr/lib/systemd/system/fcaps-runcfg-root.service.d/20-a.conf",
	    "[Service]\nAmbientCapabilities=CAP_NET_BIND_SERVICE\n");
	put(g, sizeof(g),
	    "r/etc/systemd/system/fcaps-runcfg-root.service.d/10-u.conf",
	    "[Service]\nUser=4000\n");
	put(g, sizeof(g), "r/etc/systemd/system/service.d/50-nnp.conf",
	    "[Service]\nNoNewPrivileges=yes\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), 0,
		   "unit under another root: loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 4000 && p.no_new_privs &&
	       p.cap_amb == (NET_RAW | NET_BIND),
	       "its drop-ins come from that root: etc's 10-u.conf masks usr/lib's, service.d applies (uid %u, nnp %d, amb %#llx)",
	       p.uid, p.no_new_privs, (unsigned long long)p.cap_amb);
}

static void unit_cases(void)
{
	struct fcap_context_error e;
	struct fcap_context c;
	struct fcap_proc p;
	char f[300], d[320], g[340];

	put(f, sizeof(f), "fcaps-runcfg-test.service",
	    "[Unit]\nDescription=x\n\n[Service]\nExecStart=/bin/true\n"
	    "User=1000\n"
	    "CapabilityBoundingSet=CAP_NET_BIND_SERVICE \\\n"
	    "  CAP_NET_RAW\n"
	    "AmbientCapabilities=CAP_NET_RAW\n"
	    "[Install]\nUser=0\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), 0, "unit: loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 1000 && p.cap_bnd == (NET_BIND | NET_RAW) &&
	       p.cap_amb == NET_RAW && !p.no_new_privs,
	       "unit: User=, a continued CapabilityBoundingSet=, AmbientCapabilities=; [Install] ignored");

	snprintf(d, sizeof(d), "%s.d", f);
	if (mkdir(d, 0755))
		tap_diag("%s: cannot make", d);
	put(g, sizeof(g), "fcaps-runcfg-test.service.d/10-nnp.conf",
	    "[Service]\nNoNewPrivileges=yes\nAmbientCapabilities=\n"
	    "AmbientCapabilities=CAP_NET_BIND_SERVICE\n");
	put(g, sizeof(g), "fcaps-runcfg-test.service.d/20-user.conf",
	    "[Service]\nUser=2000\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), 0,
		   "unit with drop-ins: loaded");
	fcap_context_proc(&c, &p);
	tap_ok(p.uid == 2000 && p.no_new_privs && p.cap_amb == NET_BIND,
	       "drop-ins apply in name order; an empty assignment resets");

	put(g, sizeof(g), "fcaps-runcfg-test.service.d/30-bad.conf",
	    "[Service]\n\nNoNewPrivileges=maybe\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), -EINVAL,
		   "unit: a drop-in's bad NoNewPrivileges= refused");
	tap_ok(where_is(&e, g, ":3: NoNewPrivileges") &&
	       !strcmp(e.token, "maybe"), "naming the drop-in, line and key");
	unlink(g);

	put(g, sizeof(g), "fcaps-runcfg-test.service.d/30-dyn.conf",
	    "[Service]\nDynamicUser=yes\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), -EINVAL,
		   "unit: DynamicUser=yes refused (its uid is not known)");
	unlink(g);

	unit_root_cases();

	put(f, sizeof(f), "fcaps-runcfg-names.service",
	    "[Service]\nUser=nobody\nGroup=nogroup\nPrivateUsers=yes\n");
	tap_is_int(load(&c, "unit", f, NULL, &e), 0, "unit: names loaded");
	tap_is_str(c.user_name, "nobody:nogroup",
		   "unit: User= and Group= names left for the tool");
	tap_ok(c.userns && c.userns_root == 0,
	       "unit: PrivateUsers= is a user namespace of the manager's root");
}

/* Files each kind refuses, and where the error says it went wrong. */
static void refused_cases(void)
{
	static const struct {
		const char *kind, *name, *text, *where, *what;
	} t[] = {
		{ "oci", "nomap.json",
		  "{\"process\": {},\n \"linux\": {\"namespaces\": [{\"type\": \"user\"}]}}\n",
		  ": linux.uidMappings", "a user namespace without uidMappings" },
		{ "oci", "baduid.json",
		  "{\"process\": {\"user\": {\"uid\": -1}}}\n",
		  ": process.user.uid", "a negative uid" },
		{ "k8s", "privape.yaml",
		  "kind: Pod\nspec:\n  containers:\n  - name: p\n"
		  "    securityContext:\n      privileged: true\n"
		  "      allowPrivilegeEscalation: false\n",
		  ":7: securityContext.allowPrivilegeEscalation",
		  "privileged without privilege escalation" },
		{ "k8s", "baduser.yaml",
		  "kind: Pod\nspec:\n  securityContext:\n    runAsUser: nobody\n"
		  "  containers:\n  - name: p\n",
		  ":4: spec.securityContext.runAsUser", "runAsUser: nobody" },
		{ "k8s", "badcap.yaml",
		  "kind: Pod\nspec:\n  containers:\n  - name: p\n"
		  "    securityContext:\n      capabilities:\n"
		  "        add: [NET_FLY]\n",
		  ":7: securityContext.capabilities.add",
		  "an unknown capability" },
		{ "compose", "badopt.yaml",
		  "services:\n  a:\n    security_opt:\n"
		  "      - no-new-privileges:perhaps\n",
		  ":4: security_opt", "no-new-privileges:perhaps" },
		{ "unit", "fcaps-runcfg-noeq.service", "[Service]\nUser\n",
		  ":2", "a line with no =" },
	};
	struct fcap_context_error e;
	struct fcap_context c;
	char f[300];
	size_t i;
	int ret;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		put(f, sizeof(f), t[i].name, "%s", t[i].text);
		ret = load(&c, t[i].kind, f, NULL, &e);
		tap_ok(ret == -EINVAL && c.kind == FCAP_CTX_LOGIN &&
		       where_is(&e, f, t[i].where),
		       "%s: %s refused, at %s%s", t[i].kind, t[i].what,
		       t[i].name, t[i].where);
	}
}

static void privileged_cases(void)
{
	struct fcap_context c;
	struct fcap_proc p;
	uint64_t bnd = own_bounding();

	fcap_context_init(&c);
	fcap_context_apply(&c, FCAP_CTXOPT_PRESET, "docker", NULL);
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRIVILEGED, NULL, NULL),
		   0, "docker --privileged");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == bnd && p.cap_prm == bnd && p.cap_eff == bnd,
	       "docker --privileged root: the bounding set it inherits, held");
	fcap_context_apply(&c, FCAP_CTXOPT_USER, "1000", NULL);
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == bnd && !p.cap_prm && !p.cap_amb,
	       "docker --privileged --user 1000: bounding only");

	fcap_context_init(&c);
	fcap_context_apply(&c, FCAP_CTXOPT_PRESET, "podman,+net_raw", NULL);
	fcap_context_apply(&c, FCAP_CTXOPT_USER, "1000", NULL);
	fcap_context_apply(&c, FCAP_CTXOPT_PRIVILEGED, NULL, NULL);
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == bnd && p.cap_prm == NET_RAW && p.cap_amb == NET_RAW,
	       "podman --cap-add NET_RAW --user 1000 --privileged: the added one ambient");
	fcap_context_apply(&c, FCAP_CTXOPT_CAP_DROP, "net_raw,kill", NULL);
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == bnd && !p.cap_prm && !p.cap_amb,
	       "then --cap-drop: the bounding set stays the runtime's, nothing ambient");

	fcap_context_init(&c);
	fcap_context_apply(&c, FCAP_CTXOPT_PRESET, "systemd", NULL);
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRIVILEGED, NULL, NULL),
		   -EINVAL, "--privileged with systemd refused");
}

int main(void)
{
	if (!tap_tmpname(dir, sizeof(dir), "fcaps-runcfg.XXXXXX") ||
	    !mkdtemp(dir))
		tap_skip_all("cannot make a scratch directory");
	oci_cases();
	k8s_cases();
	compose_cases();
	unit_cases();
	refused_cases();
	privileged_cases();
	if (nftw(dir, rm_one, 8, FTW_DEPTH | FTW_PHYS))
		tap_diag("%s: not removed", dir);
	return tap_done();
}
