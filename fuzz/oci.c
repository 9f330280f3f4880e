// SPDX-License-Identifier: GPL-2.0-only
/*
 * oci.c - harness for fsck-check's container image reader, fed whole
 * OCI archives and docker save tars.
 *
 * The input is a tar holding an OCI image layout (index.json, blobs) or
 * a docker save (manifest.json, configurations, layer tars); seeds come
 * from fuzz/mkoci.sh.  oci_scan() reads it: the JSON through json-c,
 * every blob through the tar reader, the layers applied in order with
 * their whiteouts.  Whatever the bytes, it must report every piece of
 * damage in the shape the driver prints, return a negative errno exactly
 * when it reported one that makes the result incomplete (or picked no
 * image of several), and hand back well-formed entries: a
 * normalized name under the root, one entry per name, the image source,
 * a layer index and digest, a value within bounds, the latest events
 * only, gone names with no link count and present ones whose link count
 * counts the present names of the file, and findings the rules give
 * without trouble, in a runtime context too; the configuration's User
 * and the image's /etc/passwd and /etc/group, within bounds, resolve (or
 * not) without trouble.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "ctxopt.h"
#include "fuzz.h"
#include "layers.h"
#include "oci.h"
#include "rules.h"

static bool digest_ok(const char *d)
{
	size_t i;

	if (strncmp(d, "sha256:", 7) || strlen(d) != 71)
		return false;
	for (i = 7; i < 71; i++)
		if (!strchr("0123456789abcdef", d[i]))
			return false;
	return true;
}

static void check_entry(const struct entry *v, size_t n, size_t i,
			const struct rules_config *cfg)
{
	struct finding f[ENTRY_FINDINGS_MAX];
	const struct entry *e = &v[i];
	const struct entry_layers *l = e->layers;
	const struct layer_event *last;
	size_t j, names;

	fuzz_assert(e->path && fuzz_path_normalized(e->path));
	fuzz_assert(!i || strcmp(v[i - 1].path, e->path) < 0);
	fuzz_assert(e->source == SRC_OCI);
	fuzz_assert(l && l->layer >= 1 && digest_ok(l->digest));
	fuzz_assert(l->nevents >= 1 && l->nevents <= LAYER_EVENTS_MAX);
	last = &l->events[l->nevents - 1];
	for (j = 0; j < l->nevents; j++) {
		fuzz_assert(l->events[j].layer <= l->layer);
		fuzz_assert(digest_ok(l->events[j].digest));
	}
	fuzz_assert(!l->gone || last->layer == l->layer);
	fuzz_assert(e->read.state == FCAP_READ_VALUE ||
		    (e->read.state == FCAP_READ_OVERSIZED &&
		     e->read.size > FCAP_READ_MAX &&
		     !e->read.data == (e->read.err == E2BIG)));
	if (l->gone) {
		fuzz_assert(e->nlink == 0);
		fuzz_assert(last->kind == LAYER_REMOVED ||
			    last->kind == LAYER_LOST);
	} else {
		for (j = 0, names = 0; j < n; j++)
			names += !entry_gone(&v[j]) && v[j].ino == e->ino;
		fuzz_assert(e->nlink == names);
		fuzz_assert(last->kind == LAYER_ADDED ||
			    last->kind == LAYER_CHANGED);
	}
	fuzz_assert(rules_check(e, cfg, f, ENTRY_FINDINGS_MAX) <=
		    ENTRY_FINDINGS_MAX);
}

/* The image's user, through its own files, as fsck-check resolves it. */
static void check_user(struct oci_opts *o, struct fcap_context *ctx)
{
	const char *bad = NULL;
	FILE *pw = NULL, *gr = NULL;
	char ids[32];
	int ret;

	fuzz_assert(!o->passwd || strlen(o->passwd) <= OCI_ETC_MAX);
	fuzz_assert(!o->group || strlen(o->group) <= OCI_ETC_MAX);
	if (!o->user)
		return;
	fuzz_assert(*o->user);
	if (o->passwd)
		pw = fmemopen(o->passwd, strlen(o->passwd), "r");
	if (o->group)
		gr = fmemopen(o->group, strlen(o->group), "r");
	ret = ctxopt_resolve_user(pw, gr, o->user, ids, sizeof(ids), &bad);
	fuzz_assert(ret == 0 || ret == -ENOENT || ret == -EINVAL);
	fuzz_assert(ret != -ENOENT || (bad >= o->user &&
				       bad < o->user + strlen(o->user)));
	if (!ret)
		fuzz_assert(!fcap_context_apply(ctx, FCAP_CTXOPT_USER, ids,
						NULL));
	if (pw)
		fclose(pw);
	if (gr)
		fclose(gr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile sig_atomic_t intr;
	struct fuzz_damage dmg = { { 0 } };
	const struct fsck_report rep = { fuzz_damage, &dmg };
	struct oci_opts o = { .hash = true, .index_fd = -1 };
	struct rules_config cfg;
	struct fcap_context ctx;
	struct entry *v = NULL;
	size_t n = 0, i;
	char name[64];
	int ret;

	if (size > (1U << 20))
		return 0;
	o.fd = fuzz_memfile(data, size, name, sizeof(name));
	if (o.fd < 0)
		return 0;
	o.file = name;
	ret = oci_scan(&o, &rep, &v, &n, &intr);	/* closes o.fd */
	fuzz_assert(fuzz_damage_ok(ret, &dmg));
	fuzz_assert(rules_init(&cfg) == 0);
	fcap_context_init(&ctx);
	fuzz_assert(!fcap_context_apply(&ctx, FCAP_CTXOPT_PRESET,
					"cap-drop-all", NULL));
	check_user(&o, &ctx);
	if (n)
		qsort(v, n, sizeof(*v), entry_cmp_path);
	for (i = 0; i < n; i++)
		check_entry(v, n, i, &cfg);
	cfg.ctx = &ctx;
	for (i = 0; i < n; i++)
		check_entry(v, n, i, &cfg);
	for (i = 0; i < n; i++)
		entry_free(&v[i]);
	free(v);
	free(o.user);
	free(o.passwd);
	free(o.group);
	rules_free(&cfg);
	return 0;
}
