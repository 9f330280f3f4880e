// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules-test.c - fsck-check's rules and baselines on values the host
 * kernel refuses to store (TAP).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "layers.h"
#include "output.h"
#include "tap.h"

static struct rules_config cfg;
static char p_t[] = "/usr/bin/t", p_perl[] = "/usr/bin/perl5.36";
static char p_odd[] = "/a\tb\nc\\d", p_p[] = "/p", p_u[] = "/u";

static void le32(unsigned char *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = (v >> 24) & 0xff;
}

/* A root-owned 0755 regular file /usr/bin/t with the given value. */
static void mk(struct entry *e, const uint32_t *w, size_t nw, size_t len)
{
	unsigned char raw[FCAP_READ_MAX] = { 0 };
	size_t i;

	memset(e, 0, sizeof(*e));
	e->path = p_t;
	e->mode = S_IFREG | 0755;
	e->parent_mode = S_IFDIR | 0755;
	e->parent_known = true;
	for (i = 0; i < nw; i++)
		le32(raw + 4 * i, w[i]);
	fcap_read_buf(raw, len, &e->read);
}

/* @e's value one the reader met @err on (@size: its size, if oversized). */
static void unread(struct entry *e, int err, size_t size)
{
	memset(&e->read, 0, sizeof(e->read));
	e->read.state = err == ERANGE || err == E2BIG ? FCAP_READ_OVERSIZED :
			FCAP_READ_UNREADABLE;
	e->read.err = err;
	e->read.size = size;
}

static bool has(const struct entry *e, const char *rule, enum severity sev)
{
	struct finding f[ENTRY_FINDINGS_MAX];
	size_t i, n;

	n = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
	for (i = 0; i < n; i++)
		if (!strcmp(f[i].rule, rule) && f[i].sev == sev)
			return true;
	return false;
}

static bool reason_has(const struct entry *e, const char *rule,
		       const char *text)
{
	struct finding f[ENTRY_FINDINGS_MAX];
	size_t i, n;

	n = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
	for (i = 0; i < n; i++)
		if (!strcmp(f[i].rule, rule) && strstr(f[i].reason, text))
			return true;
	return false;
}

static size_t count(const struct entry *e)
{
	struct finding f[ENTRY_FINDINGS_MAX];

	return rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
}

static void test_values(void)
{
	static const uint32_t ping[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	static const uint32_t v1[] = { 0x01000001, 1U << 13, 0 };
	static const uint32_t flags[] = { 0x02000003, 1U << 13, 0, 0, 0 };
	static const uint32_t high[] = { 0x02000001, 1U << 13, 0, 1U << 31, 0 };
	static const uint32_t rev[] = { 0x04000001, 1U << 13, 0, 0, 0 };
	static const uint32_t v3[] = { 0x03000001, 1U << 13, 0, 0, 0, 1000 };
	static const uint32_t v3root[] = { 0x03000001, 1U << 13, 0, 0, 0, 0 };
	static const uint32_t effempty[] = { 0x02000001, 0, 0, 0, 0 };
	static const uint32_t allzero[] = { 0x02000000, 0, 0, 0, 0 };
	static const uint32_t admin[] = { 0x02000001, 1U << 21, 0, 0, 0 };
	struct entry e;

	mk(&e, ping, 5, 20);
	tap_is_int(count(&e), 0, "cap_net_raw=ep: no findings");
	mk(&e, allzero, 5, 20);
	tap_is_int(count(&e), 0, "all-zero v2 is valid: no findings");
	mk(&e, ping, 0, 0);
	tap_ok(has(&e, "zero-length", SEV_ERROR), "zero-length value");
	mk(&e, ping, 1, 3);
	tap_ok(has(&e, "truncated", SEV_ERROR), "3-byte value");
	mk(&e, ping, 4, 16);
	tap_ok(has(&e, "bad-size", SEV_ERROR), "16-byte v2 value");
	tap_is_int(count(&e), 1, "no set rules on a value of the wrong size");
	tap_ok(reason_has(&e, "bad-size", "exec fails with EINVAL"),
	       "the reason says what exec does");
	mk(&e, rev, 5, 20);
	tap_ok(has(&e, "bad-revision", SEV_ERROR), "revision 4");
	mk(&e, v1, 3, 12);
	tap_ok(has(&e, "legacy-v1", SEV_WARNING), "v1 value");
	mk(&e, flags, 5, 20);
	tap_ok(has(&e, "unknown-flags", SEV_WARNING), "unknown flag bit");
	mk(&e, high, 5, 20);
	tap_ok(has(&e, "high-bits", SEV_WARNING), "bit 63 set");
	mk(&e, v3, 6, 24);
	tap_ok(has(&e, "namespaced", SEV_INFO), "v3 rootid 1000");
	mk(&e, v3root, 6, 24);
	tap_ok(!has(&e, "namespaced", SEV_INFO), "v3 rootid 0 is not namespaced");
	mk(&e, v3, 6, 24);
	e.source = SRC_ARCHIVE;
	tap_ok(has(&e, "not-portable", SEV_WARNING) &&
	       !has(&e, "namespaced", SEV_INFO) &&
	       reason_has(&e, "not-portable", "ignores it on the host"),
	       "in an archive, v3 rootid 1000 is not portable, and says why");
	mk(&e, v3root, 6, 24);
	e.source = SRC_ARCHIVE;
	tap_ok(!has(&e, "not-portable", SEV_WARNING),
	       "in an archive, v3 rootid 0 is portable");
	mk(&e, effempty, 5, 20);
	tap_ok(has(&e, "effective-empty", SEV_INFO), "effective, empty sets");
	mk(&e, admin, 5, 20);
	tap_ok(has(&e, "dangerous", SEV_WARNING), "cap_sys_admin is dangerous");
	mk(&e, ping, 5, 20);
	unread(&e, EINVAL, 0);
	tap_ok(has(&e, "unreadable", SEV_ERROR), "unreadable value");
	unread(&e, EOVERFLOW, 0);
	tap_ok(has(&e, "unreadable", SEV_ERROR), "EOVERFLOW: unreadable");
	unread(&e, ERANGE, 4096);
	tap_ok(reason_has(&e, "oversized", "4096 bytes"),
	       "oversized value of known size");
	unread(&e, ERANGE, 0);
	tap_ok(reason_has(&e, "oversized", "more than 64 bytes") &&
	       !has(&e, "unreadable", SEV_ERROR),
	       "a mounted oversized value of unknown size is oversized");
	unread(&e, E2BIG, 0);
	tap_ok(has(&e, "oversized", SEV_ERROR), "E2BIG: oversized");
	mk(&e, ping, 5, 20);
	e.path = p_perl;
	tap_ok(has(&e, "interpreter", SEV_ERROR), "perl5.36 is an interpreter");
	{
		/* names and names with a trailing "*", as fnmatch() has them */
		static struct { char path[24]; bool interp; } names[] = {
			{ "/usr/bin/perl", true }, { "/bin/sh", true },
			{ "/bin/shx", false }, { "/bin/ssh", false },
			{ "/usr/bin/pytho", false }, { "/usr/bin/R", true },
			{ "/usr/bin/Rx", false }, { "/opt/sh/ping", false },
		};
		size_t i, right = 0;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			mk(&e, ping, 5, 20);
			e.path = names[i].path;
			right += has(&e, "interpreter", SEV_ERROR) ==
				 names[i].interp;
		}
		tap_is_int(right, i, "interpreter names: exact, or a prefix before *");
	}
	mk(&e, ping, 5, 20);
	e.mode = S_IFREG | 02755;
	tap_ok(has(&e, "setid", SEV_WARNING), "set-gid plus capabilities");
	e.mode = S_IFREG | 0757;
	tap_ok(has(&e, "writable", SEV_WARNING), "world-writable");
	e.mode = S_IFCHR | 0600;
	tap_ok(has(&e, "non-regular", SEV_WARNING), "character device");
	mk(&e, ping, 5, 20);
	e.uid = 1000;
	tap_ok(has(&e, "not-root-owned", SEV_WARNING), "owned by uid 1000");
	mk(&e, ping, 5, 20);
	e.nosuid = e.nosuid_known = true;
	tap_ok(has(&e, "nosuid-mount", SEV_INFO), "nosuid mount");
	mk(&e, ping, 5, 20);
	e.parent_mode = S_IFDIR | 0777;
	tap_ok(has(&e, "parent-writable", SEV_WARNING), "parent 0777");
	e.parent_mode = S_IFDIR | 01777;
	tap_ok(!has(&e, "parent-writable", SEV_WARNING), "parent 1777");
}

static void test_baseline(void)
{
	static const uint32_t ping[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	char file[256];
	struct finding f[4];
	struct baseline b;
	struct entry e[3];
	unsigned int line;
	int fd;

	mk(&e[0], ping, 0, 0);
	e[0].path = p_odd;
	mk(&e[1], ping, 5, 20);
	e[1].path = p_p;
	e[1].has_sha = true;
	memset(e[1].sha256, 0xab, 32);
	mk(&e[2], ping, 5, 20);
	e[2].path = p_u;
	unread(&e[2], EINVAL, 0);
	fd = tap_tmpname(file, sizeof(file), "fsck-check-rules-test.XXXXXX") ?
		mkstemp(file) : -1;
	if (fd < 0) {
		tap_skip("mkstemp: %s", strerror(errno));
		return;
	}
	close(fd);
	tap_is_int(baseline_save(file, e, 3), 0, "baseline saved");
	tap_is_int(baseline_load(file, &b, &line), 0, "baseline loaded");
	unlink(file);
	if (b.n != 3) {
		tap_ok(0, "3 entries read back (%zu)", b.n);
		baseline_free(&b);
		return;
	}
	tap_is_str(b.v[0].path, e[0].path, "escaped path round trip");
	tap_is_int(b.v[0].read.len, 0, "zero-length value round trip");
	tap_is_int(baseline_compare(&e[0], &b.v[0], f, 4), 0,
		   "zero-length value unchanged");
	tap_is_int(baseline_compare(&e[1], &b.v[1], f, 4), 0,
		   "v2 value and SHA-256 unchanged");
	tap_is_int(b.v[2].read.err, EINVAL, "unreadable value round trip");
	e[1].read.raw[5] ^= 1;
	tap_ok(baseline_compare(&e[1], &b.v[1], f, 4) == 1 &&
	       !strcmp(f[0].rule, "baseline-changed"), "raw value change");
	e[1].read.raw[5] ^= 1;
	e[1].sha256[0] = 0;
	tap_ok(baseline_compare(&e[1], &b.v[1], f, 4) == 1 &&
	       !strcmp(f[0].rule, "baseline-content"), "content change");
	e[1].sha256[0] = b.v[1].sha256[0];
	e[1].mode ^= 0002;
	tap_ok(baseline_compare(&e[1], &b.v[1], f, 4) == 1 &&
	       !strcmp(f[0].rule, "baseline-metadata") &&
	       strstr(f[0].reason, "100755 to 0:0 100757") != NULL,
	       "mode change (%s)", f[0].reason);
	e[1].mode ^= 0002;
	e[1].uid = 1000;
	tap_ok(baseline_compare(&e[1], &b.v[1], f, 4) == 1 &&
	       !strcmp(f[0].rule, "baseline-metadata"), "owner change");
	e[1].read.raw[5] ^= 1;
	tap_is_int(baseline_compare(&e[1], &b.v[1], f, 4), 2,
		   "value and owner change: two findings");
	baseline_free(&b);
}

/* An image's entry: @n events of @kinds, by layers 1, 2..., in @l */
static void layered(struct entry *e, const enum layer_event_kind *kinds,
		    size_t n, struct entry_layers *l)
{
	struct layer_event *ev = l->events;
	size_t i;

	memset(l, 0, sizeof(*l));
	e->source = SRC_OCI;
	e->layers = l;
	l->nevents = n;
	for (i = 0; i < n; i++) {
		ev[i].kind = kinds[i];
		ev[i].layer = i + 1;
		snprintf(ev[i].digest, sizeof(ev[i].digest), "sha256:%064zx",
			 i + 1);
	}
	l->layer = n;
	memcpy(l->digest, ev[n - 1].digest, sizeof(l->digest));
}

static void test_layers(void)
{
	static const uint32_t ping[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	static const uint32_t v3[] = { 0x03000001, 1U << 13, 0, 0, 0, 1000 };
	static const enum layer_event_kind ac[] = { LAYER_ADDED, LAYER_CHANGED };
	static const enum layer_event_kind al[] = { LAYER_ADDED, LAYER_LOST };
	static const enum layer_event_kind ar[] = {
		LAYER_ADDED, LAYER_REMOVED, LAYER_ADDED,
	};
	char file[256];
	struct entry_layers l[2];
	struct baseline b = { 0 };
	struct entry e[2];
	unsigned int line;
	int fd;

	mk(&e[0], ping, 5, 20);
	layered(&e[0], ac, 2, &l[0]);
	tap_ok(has(&e[0], "layer-added", SEV_INFO) &&
	       has(&e[0], "layer-changed", SEV_INFO) && count(&e[0]) == 2 &&
	       reason_has(&e[0], "layer-changed",
			  "by layer 2 (sha256:0000000000000000000000000000000000000000000000000000000000000002)"),
	       "an image's value: a finding per layer event, naming the layer");
	mk(&e[0], ping, 5, 20);
	layered(&e[0], al, 2, &l[0]);
	l[0].gone = true;
	e[0].mode = S_IFREG | 0777;
	tap_ok(has(&e[0], "layer-lost", SEV_WARNING) && count(&e[0]) == 2 &&
	       reason_has(&e[0], "layer-lost", "Docker's COPY"),
	       "a value lost: a warning, and no rule on a file that is not there");
	mk(&e[0], ping, 5, 20);
	layered(&e[0], ar, 3, &l[0]);
	tap_ok(has(&e[0], "layer-removed", SEV_INFO) && count(&e[0]) == 3,
	       "removed by a whiteout, then added back");
	mk(&e[0], v3, 6, 24);
	layered(&e[0], ac, 1, &l[0]);
	tap_ok(has(&e[0], "not-portable", SEV_WARNING),
	       "in an image, v3 rootid 1000 is not portable");
	fd = tap_tmpname(file, sizeof(file), "fsck-check-rules-test.XXXXXX") ?
		mkstemp(file) : -1;
	if (fd < 0) {
		tap_skip("mkstemp: %s", strerror(errno));
		return;
	}
	close(fd);
	mk(&e[0], ping, 5, 20);
	e[0].path = p_p;
	mk(&e[1], ping, 5, 20);
	e[1].path = p_u;
	layered(&e[1], al, 2, &l[1]);
	l[1].gone = true;
	tap_ok(baseline_save(file, e, 2) == 0 &&
	       baseline_load(file, &b, &line) == 0 && b.n == 1 &&
	       !strcmp(b.v[0].path, p_p),
	       "a baseline holds the image's final file system, not a gone name");
	unlink(file);
	baseline_free(&b);
}

/* What judge_all() prints for @v with --list. */
static char *list_of(struct entry *v, size_t n)
{
	struct output_opts o = { .out = OUT_LIST, .fail_on = SEV_WARNING };
	struct tally t = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *saved = stdout;

	stdout = open_memstream(&buf, &len);
	if (!stdout) {
		stdout = saved;
		return NULL;
	}
	judge_all(&o, &cfg, v, n, NULL, &t);
	fclose(stdout);
	stdout = saved;
	return buf;
}

/*
 * --list: every entry a line, marked where getcap cannot show it, with
 * the values a host kernel may refuse to store.
 */
static void test_list(void)
{
	static const uint32_t ping[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	static const uint32_t v1[] = { 0x01000001, 1U << 13, 0 };
	static const uint32_t v3[] = { 0x03000000, 1U << 5, 0, 0, 0, 1000 };
	static const uint32_t high[] = { 0x02000001, 0, 0, 1U << 31, 0 };
	static char names[9][16] = {
		"/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h", "<inode 12>",
	};
	struct entry v[9];
	char *got;

	mk(&v[0], ping, 5, 20);
	mk(&v[1], ping, 5, 20);
	v[1].mode = S_IFDIR | 0755;
	mk(&v[2], ping, 5, 20);
	v[2].mode = S_IFLNK | 0777;
	mk(&v[3], NULL, 0, 0);
	mk(&v[4], ping, 5, 20);
	unread(&v[4], EINVAL, 0);
	mk(&v[5], ping, 5, 20);
	unread(&v[5], ERANGE, 4096);
	mk(&v[6], v1, 3, 12);
	mk(&v[7], v3, 6, 24);
	v[7].mode = S_IFIFO | 0644;
	mk(&v[8], high, 5, 20);
	v[8].orphan = true;
	for (size_t i = 0; i < 9; i++)
		v[i].path = names[i];
	got = list_of(v, 9);
	tap_is_str(got,
		   "/a cap_net_raw=ep\n"
		   "/b cap_net_raw=ep [directory]\n"
		   "/c cap_net_raw=ep [symlink]\n"
		   "/d [zero-length]\n"
		   "/e [unreadable]\n"
		   "/f [oversized]\n"
		   "/g cap_net_raw=ep [legacy-v1]\n"
		   "/h cap_kill=p [rootid=1000]\n"
		   "<inode 12> = 63+ep [orphan]\n",
		   "--list: every value a line, marked where getcap cannot show it");
	free(got);
}

/* @e judged in the context of options @opts (preset first), NULL-ended */
static const struct finding *in_context(const struct entry *e,
					const char *const *opts,
					struct finding *f, size_t *n)
{
	static struct fcap_context ctx;
	size_t i;

	fcap_context_init(&ctx);
	for (i = 0; opts[i]; i += 2)
		if (fcap_context_apply(&ctx, opts[i][0] == 'p' ?
				       FCAP_CTXOPT_PRESET : opts[i][0] == 'n' ?
				       FCAP_CTXOPT_NO_NEW_PRIVS :
				       FCAP_CTXOPT_USER, opts[i + 1], NULL))
			return NULL;
	cfg.ctx = &ctx;
	*n = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
	cfg.ctx = NULL;
	for (i = 0; i < *n; i++)
		if (!strncmp(f[i].rule, "context-", 8))
			return &f[i];
	return NULL;
}

static void test_context(void)
{
	static const uint32_t raw_ep[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	static const uint32_t nbs_p[] = { 0x02000000, 1U << 10, 0, 0, 0 };
	static const uint32_t nbs_ep[] = { 0x02000001, 1U << 10, 0, 0, 0 };
	static const char *const drop_all[] = { "p", "cap-drop-all", NULL };
	static const char *const docker[] = { "p", "docker", NULL };
	static const char *const podman_nnp[] = {
		"p", "podman", "n", NULL, NULL };
	static const char *const login_nnp[] = {
		"u", "1000:1000", "n", NULL, NULL };
	struct finding f[ENTRY_FINDINGS_MAX];
	const struct finding *c;
	struct entry e;
	size_t n;

	mk(&e, raw_ep, 5, 20);
	c = in_context(&e, drop_all, f, &n);
	tap_ok(c && !strcmp(c->rule, "context-exec-fails") &&
	       c->sev == SEV_ERROR && c->has_exec && c->exec.x.error == -EPERM,
	       "cap_net_raw=ep under --cap-drop ALL: context-exec-fails, EPERM");
	tap_ok(c && strstr(c->reason, "exec fails with EPERM") &&
	       strstr(c->reason, "fix: --cap-add NET_RAW") &&
	       c->exec.nfixes >= 1 && !strcmp(c->exec.fix[0], "--cap-add NET_RAW") &&
	       c->exec.full[0],
	       "and its fix, from the model: --cap-add NET_RAW");
	tap_ok(!in_context(&e, docker, f, &n) && n == 0,
	       "in Docker's default set (NET_RAW in it): no finding");
	e.mode = S_IFDIR | 0755;
	tap_ok(!in_context(&e, drop_all, f, &n),
	       "a directory is not judged in a context");
	mk(&e, nbs_p, 5, 20);
	c = in_context(&e, drop_all, f, &n);
	tap_ok(c && !strcmp(c->rule, "context-not-granted") &&
	       c->sev == SEV_WARNING && !c->exec.x.error &&
	       strstr(c->reason, "cap_net_bind_service is not granted"),
	       "cap_net_bind_service=p under --cap-drop ALL: context-not-granted, silently");
	mk(&e, nbs_ep, 5, 20);
	c = in_context(&e, login_nnp, f, &n);
	tap_ok(c && !strcmp(c->rule, "context-not-granted") &&
	       strstr(c->reason, "no_new_privs") &&
	       strstr(c->reason, "fix: no_new_privs off"),
	       "cap_net_bind_service=ep, uid 1000 with no_new_privs: not granted; fix: no_new_privs off");
	tap_ok(!in_context(&e, podman_nnp, f, &n),
	       "root in Podman's default set, no_new_privs: holds it already, no finding");
	mk(&e, raw_ep, 0, 0);
	c = in_context(&e, docker, f, &n);
	tap_ok(c && !strcmp(c->rule, "context-exec-fails") &&
	       c->exec.x.error == -EINVAL && has(&e, "zero-length", SEV_ERROR),
	       "a zero-length value: exec fails with EINVAL in any context too");
}

/* Judge @e under a guard whose mask lacks cap_sys_admin; NULL: none */
static const struct finding *guarded(const struct entry *e, bool deny_write,
				     struct finding *f)
{
	size_t i, n;

	cfg.model.guard = true;
	cfg.model.guard_mask = fcap_known_mask() & ~(1ULL << 21);
	cfg.model.guard_deny_write = deny_write;
	cfg.guard_from = "the loaded fcaps-guard's mask";
	n = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
	fcap_policy_default(&cfg.model);
	cfg.guard_from = NULL;
	for (i = 0; i < n; i++)
		if (!strcmp(f[i].rule, "guard-refused"))
			return &f[i];
	return NULL;
}

static void test_guard(void)
{
	static const uint32_t admin_ep[] = { 0x02000001, 1U << 21, 0, 0, 0 };
	static const uint32_t admin_i[] = { 0x02000000, 0, 1U << 21, 0, 0 };
	static const uint32_t raw_ep[] = { 0x02000001, 1U << 13, 0, 0, 0 };
	static const uint32_t admin_v3[] = {
		0x03000001, 1U << 21, 0, 0, 0, 1000 };
	struct finding f[ENTRY_FINDINGS_MAX];
	const struct finding *g;
	struct entry e;

	mk(&e, admin_ep, 5, 20);
	tap_ok(!has(&e, "guard-refused", SEV_WARNING),
	       "no guard: no guard-refused finding");
	g = guarded(&e, false, f);
	tap_ok(g && g->sev == SEV_WARNING &&
	       !strcmp(g->reason, "outside the loaded fcaps-guard's mask: cap_sys_admin: an exec by a user who gains them fails with EPERM (root's are not judged)"),
	       "cap_sys_admin=ep outside the mask: guard-refused, a warning, exec fails with EPERM");
	g = guarded(&e, true, f);
	tap_ok(g && strstr(g->reason, "EPERM (root's are not judged); writing this value is refused (deny_write=1)"),
	       "with deny_write, the write is refused too");
	mk(&e, raw_ep, 5, 20);
	tap_ok(!guarded(&e, true, f), "cap_net_raw=ep, within the mask: no finding");
	mk(&e, admin_i, 5, 20);
	g = guarded(&e, false, f);
	tap_ok(g && strstr(g->reason, ": cap_sys_admin: an exec"),
	       "cap_sys_admin=i: fI outside the mask counts as fP does");
	mk(&e, admin_ep, 5, 20);
	e.mode |= S_ISUID;
	tap_ok(!guarded(&e, false, f),
	       "set-uid root: every exec is root's, not judged; no deny_write: no finding");
	g = guarded(&e, true, f);
	tap_ok(g && !strcmp(g->reason, "outside the loaded fcaps-guard's mask: cap_sys_admin: writing this value is refused (deny_write=1)"),
	       "set-uid root under deny_write: the write alone is refused");
	mk(&e, admin_ep, 5, 20);
	e.nosuid_known = e.nosuid = true;
	tap_ok(!guarded(&e, false, f),
	       "on a nosuid mount the value is ignored at exec: no finding");
	mk(&e, admin_v3, 6, 24);
	tap_ok(!guarded(&e, false, f) && guarded(&e, true, f),
	       "v3 for another namespace: exec ignores it, deny_write refuses its write");
	mk(&e, admin_ep, 5, 20);
	e.mode = S_IFDIR | 0755;
	tap_ok(!guarded(&e, false, f) && guarded(&e, true, f),
	       "a directory: never executed, its write refused under deny_write");
	mk(&e, admin_ep, 0, 0);
	tap_ok(!guarded(&e, true, f),
	       "a zero-length value: the guard's empty-value rule, not its mask");
}

int main(void)
{
	tap_plan(68);
	if (rules_init(&cfg) < 0)
		tap_skip_all("cannot parse the dangerous list");
	test_values();
	test_baseline();
	test_layers();
	test_list();
	test_context();
	test_guard();
	rules_free(&cfg);
	return tap_done();
}
