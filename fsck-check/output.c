// SPDX-License-Identifier: GPL-2.0-only
/*
 * output.c - judge entries and print them: text, JSON lines, a
 * getcap-compatible list, or the components of a CycloneDX document
 * (cyclonedx.c).  Any source of struct entry (the mounted-tree
 * walker, an image reader) ends here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cyclonedx.h"
#include "layers.h"
#include "output.h"
#include "tools.h"

/* The decoded value of @e, or NULL when it could not be read. */
static const struct fcap_value *entry_value(const struct entry *e)
{
	if (e->source == SRC_BASELINE)
		return NULL;
	return fcap_read_value(&e->read);
}

/*
 * Hard links: @idx holds entry indices sorted by (dev, ino); the names of
 * entry i are idx[first[i]] .. idx[first[i] + count[i] - 1].
 */
struct links {
	size_t *idx;
	size_t *first;
	size_t *count;
	const struct entry *v;
};

static int cmp_inode(const void *a, const void *b, void *arg)
{
	const struct entry *v = arg;
	const struct entry *x = &v[*(const size_t *)a];
	const struct entry *y = &v[*(const size_t *)b];

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return strcmp(x->path, y->path);
}

static void links_build(struct links *l, struct entry *v, size_t n)
{
	size_t i, j, k;

	l->v = v;
	l->idx = xcalloc(n + 1, sizeof(size_t));
	l->first = xcalloc(n + 1, sizeof(size_t));
	l->count = xcalloc(n + 1, sizeof(size_t));
	for (i = 0; i < n; i++)
		l->idx[i] = i;
	qsort_r(l->idx, n, sizeof(size_t), cmp_inode, v);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[l->idx[j]].dev == v[l->idx[i]].dev &&
		     v[l->idx[j]].ino == v[l->idx[i]].ino; j++)
			;
		for (k = i; k < j; k++) {
			l->first[l->idx[k]] = i;
			l->count[l->idx[k]] = j - i;
		}
	}
}

static void links_free(struct links *l)
{
	free(l->idx);
	free(l->first);
	free(l->count);
}

static void print_links(const struct entry *e, const struct links *l)
{
	size_t i, k, n = 0;

	printf(",\"links\":[");
	if (e->source != SRC_BASELINE && !entry_gone(e) && l && l->idx) {
		i = e - l->v;
		for (k = l->first[i]; k < l->first[i] + l->count[i]; k++) {
			if (l->idx[k] == i || entry_gone(&l->v[l->idx[k]]))
				continue;
			printf("%s", n++ ? "," : "");
			fcap_json_string(stdout, l->v[l->idx[k]].path);
		}
	}
	putchar(']');
}

/* A context-* finding's ",\"exec\":{...},\"fixes\":[...]". */
static void print_exec(const struct finding_exec *fx)
{
	unsigned int i;

	fputs(",\"exec\":", stdout);
	fcap_exec_print_json(stdout, &fx->x);
	fputs(",\"fixes\":[", stdout);
	for (i = 0; i < fx->nfixes; i++) {
		fputs(i ? ",{\"change\":" : "{\"change\":", stdout);
		fcap_json_string(stdout, fx->fix[i]);
		printf(",\"full\":%s}", fx->full[i] ? "true" : "false");
	}
	putchar(']');
}

static void print_json(const struct output_opts *o, const struct entry *e,
		       const struct finding *f, size_t nf,
		       const struct links *l)
{
	static const char *const src[] = {
		"mounted", "image", "baseline", "archive", "oci"
	};
	const struct fcap_value *v;
	const unsigned char *raw;
	char *text = NULL;
	size_t i, len;
	int err;

	printf("{\"schema_version\":%d,\"path\":", JSON_SCHEMA_VERSION);
	fcap_json_string(stdout, e->path);
	printf(",\"source\":\"%s\",\"dev\":%llu,\"ino\":%llu,\"mode\":\"%o\","
	       "\"uid\":%u,\"gid\":%u,\"nlink\":%llu,\"value\":",
	       src[e->source], (unsigned long long)e->dev,
	       (unsigned long long)e->ino, e->mode, e->uid, e->gid,
	       (unsigned long long)e->nlink);
	raw = fcap_read_bytes(&e->read, &len);
	if (!raw) {
		printf("null");
	} else {
		putchar('"');
		for (i = 0; i < len; i++)
			printf("%02x", raw[i]);
		putchar('"');
	}
	printf(",\"error\":");
	err = fcap_read_error(&e->read);
	fcap_json_string_or_null(stdout, err ? strerror(err) : NULL);
	/* "caps": the older name of "text", kept for existing readers */
	v = entry_value(e);
	if (v && fcap_has_sets(v) && fcap_to_text(v, &text))
		oom();
	printf(",\"caps\":");
	fcap_json_string_or_null(stdout, text);
	free(text);
	putchar(',');
	if (fcap_print_json_value(stdout, v) == -ENOMEM)
		oom();
	if (e->source == SRC_IMAGE) {
		static const char *const store[] = { "unknown", "inode", "block" };

		printf(",\"storage\":\"%s\",\"ea_block\":", store[e->storage]);
		if (e->storage == STORE_BLOCK)
			printf("%llu", (unsigned long long)e->ea_block);
		else
			printf("null");
	}
	if (e->layers) {
		printf(",\"layer\":\"%s\",\"layer_index\":%u,\"present\":%s",
		       e->layers->digest, e->layers->layer,
		       e->layers->gone ? "false" : "true");
	}
	print_links(e, l);
	if (o->models) {
		fputs(",\"models\":", stdout);
		fcap_json_string(stdout, o->models);
	}
	if (o->ctx) {
		fputs(",\"context\":", stdout);
		fcap_context_print_json(stdout, o->ctx);
	}
	printf(",\"findings\":[");
	for (i = 0; i < nf; i++) {
		printf("%s{\"rule\":\"%s\",\"severity\":\"%s\",\"reason\":",
		       i ? "," : "", f[i].rule, severity_name(f[i].sev));
		fcap_json_string(stdout, f[i].reason);
		if (f[i].has_exec)
			print_exec(&f[i].exec);
		putchar('}');
	}
	printf("]}\n");
}

/* Add @mark to the comma-separated @buf. */
static void add_mark(char *buf, size_t len, const char *mark)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? "," : "", mark);
}

/*
 * The getcap line of every file that carries a value, as getcap -r prints
 * it (but for the rootid, always shown).  A value getcap cannot show
 * has its line marked (doc/fsck-check.8, OUTPUT): the file is a directory
 * or a symbolic link, the value is unreadable or oversized, has problems
 * other than high-bits, or no directory names the inode.
 */
static void print_list(const struct entry *e)
{
	const struct fcap_value *v;
	const char *mark;
	char marks[160] = "";
	unsigned int bit, p;
	int ret;

	if (e->source == SRC_BASELINE || entry_gone(e))
		return;
	if (S_ISDIR(e->mode))
		add_mark(marks, sizeof(marks), "directory");
	else if (S_ISLNK(e->mode))
		add_mark(marks, sizeof(marks), "symlink");
	if (e->orphan)
		add_mark(marks, sizeof(marks), "orphan");
	mark = fcap_read_mark(&e->read);
	if (mark)
		add_mark(marks, sizeof(marks), mark);
	v = entry_value(e);
	p = fcap_problems_shown(v);
	for (bit = 1; bit && bit <= p; bit <<= 1)
		if (p & bit)
			add_mark(marks, sizeof(marks), fcap_problem_name(bit));
	ret = fcap_print_line(stdout, e->path, v, *marks ? marks : NULL);
	if (ret == -ENOMEM)
		oom();
}

static const char *const colour[] = {
	[SEV_INFO] = "\033[36m",
	[SEV_WARNING] = "\033[33m",
	[SEV_ERROR] = "\033[1;31m",
};

/* Count @f by rule and severity; the rule names are static strings. */
static void tally_rule(struct tally *t, const struct finding *f)
{
	size_t i;

	for (i = 0; i < t->nrules; i++)
		if (t->rules[i].sev == f->sev &&
		    !strcmp(t->rules[i].rule, f->rule))
			break;
	if (i == t->nrules) {
		if (i == TALLY_RULES_MAX)
			return;
		t->rules[i].rule = f->rule;
		t->rules[i].sev = f->sev;
		t->rules[i].n = 0;
		t->nrules++;
	}
	t->rules[i].n++;
}

static void report(const struct output_opts *o, const struct entry *e,
		   const struct finding *f, size_t nf, struct tally *t,
		   const struct links *l)
{
	size_t i;

	t->files++;
	for (i = 0; i < nf; i++) {
		t->sev[f[i].sev]++;
		tally_rule(t, &f[i]);
		if (f[i].sev >= o->fail_on)
			t->failing++;
	}
	if (o->out == OUT_JSON) {
		print_json(o, e, f, nf, l);
		return;
	}
	if (o->out == OUT_LIST) {
		print_list(e);
		return;
	}
	if (o->out == OUT_CYCLONEDX) {
		if (cdx_add(o->cdx, e, f, nf))	/* only -ENOMEM */
			oom();
		return;
	}
	for (i = 0; i < nf; i++) {
		if (o->quiet && f[i].sev < o->fail_on)
			continue;
		/* control bytes as \\ooo, so that lines cannot be forged */
		put_escaped(stdout, e->path);
		printf(": %s%s%s: %s [%s]\n",
		       o->colour ? colour[f[i].sev] : "",
		       severity_name(f[i].sev), o->colour ? "\033[0m" : "",
		       f[i].reason, f[i].rule);
	}
}

/* Is @path one of the operands or below one? */
static bool under_operands(const char *path, char **ops, int nops)
{
	const char *op;
	size_t l;
	int i;

	for (i = 0; i < nops; i++) {
		op = ops[i];
		l = strlen(op);
		while (l > 1 && op[l - 1] == '/')
			l--;
		if (!strncmp(path, op, l) &&
		    (path[l] == '\0' || path[l] == '/' || op[l - 1] == '/'))
			return true;
	}
	return false;
}

/**
 * judge_all() - judge and print every entry, then the removed ones
 * @o:		output options
 * @cfg:	rules
 * @v: @n:	the entries, sorted by path
 * @b:		baseline to compare with, or NULL
 * @t:		counts of what was found
 */
void judge_all(const struct output_opts *o, const struct rules_config *cfg,
	       struct entry *v, size_t n, const struct baseline *b,
	       struct tally *t)
{
	struct finding f[ENTRY_FINDINGS_MAX];
	bool *seen = NULL;
	const struct entry *old;
	struct links l = { 0 };
	size_t i, nf;

	if (o->out == OUT_JSON)
		links_build(&l, v, n);
	if (b)
		seen = xcalloc(b->n + 1, sizeof(*seen));
	for (i = 0; i < n; i++) {
		const struct entry *e = &v[i];

		nf = rules_check(e, cfg, f, ENTRY_FINDINGS_MAX);
		/* an image's history: not a file with a value */
		if (entry_gone(e)) {
			report(o, e, f, nf, t, &l);
			t->files--;
			continue;
		}
		if (b) {
			old = bsearch(e, b->v, b->n, sizeof(*b->v),
				      entry_cmp_path);
			if (old)
				seen[old - b->v] = true;
			nf += baseline_compare(e, old, f + nf,
					       ENTRY_FINDINGS_MAX - nf);
		}
		report(o, e, f, nf, t, &l);
	}
	/* An interrupted scan has not seen everything: nothing is removed. */
	for (i = 0; b && !o->interrupted && i < b->n; i++) {
		if (seen[i] || !under_operands(b->v[i].path, o->ops, o->nops))
			continue;
		baseline_removed(&b->v[i], f);
		t->files--;
		report(o, &b->v[i], f, 1, t, NULL);
	}
	free(seen);
	links_free(&l);
}

/**
 * print_summary() - the last line of the text output (not with -q)
 * @o:		output options
 * @t:		what judge_all() counted
 */
void print_summary(const struct output_opts *o, const struct tally *t)
{
	if (o->out != OUT_TEXT || o->quiet)
		return;
	printf("fsck-check: %zu file%s with capabilities, %zu error%s, %zu warning%s, %zu info\n",
	       t->files, t->files == 1 ? "" : "s", t->sev[SEV_ERROR],
	       t->sev[SEV_ERROR] == 1 ? "" : "s", t->sev[SEV_WARNING],
	       t->sev[SEV_WARNING] == 1 ? "" : "s", t->sev[SEV_INFO]);
}
