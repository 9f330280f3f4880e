// SPDX-License-Identifier: GPL-2.0-only
/*
 * profile.c - learned profiles for the over-granted rule (profile.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fcap.h"
#include "manifest.h"
#include "profile.h"

struct load {
	struct profiles *p;
	const char *file;
	struct profile_error *err;
	int ret;
};

/* bsearch(): @key is the path itself */
static int path_cmp(const void *key, const void *b)
{
	const struct profile *y = b;

	return strcmp(key, y->path);
}

static int by_path_seq(const void *a, const void *b)
{
	const struct profile *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void profile_free(struct profile *pr)
{
	free(pr->path);
	free(pr->text);
	free(pr->where);
}

static void fail(struct load *l, unsigned long lineno, const char *reason,
		 int ret)
{
	if (l->ret)
		return;
	snprintf(l->err->file, sizeof(l->err->file), "%s", l->file);
	l->err->line = lineno;
	l->err->reason = reason;
	l->ret = ret;
}

static void on_entry(void *priv, unsigned long lineno,
		     const struct fcap_manifest_entry *e)
{
	struct load *l = priv;
	struct fcap_text_error te = { 0 };
	struct fcap_value v;
	struct profile pr = { 0 }, *grown;
	char where[4200];

	if (l->ret)
		return;
	if (!strcmp(e->caps, "-r") || fcap_from_text(e->caps, &v, &te)) {
		fcap_text_error_free(&te);
		fail(l, lineno, "not a capability text", -EINVAL);
		return;
	}
	snprintf(where, sizeof(where), "%s:%lu", l->file, lineno);
	pr.path = strdup(e->path);
	pr.text = strdup(e->caps);
	pr.where = strdup(where);
	pr.caps = v.permitted | v.inheritable;
	pr.effective = v.effective;
	pr.seq = l->p->n;
	grown = realloc(l->p->v, (l->p->n + 1) * sizeof(*grown));
	if (!pr.path || !pr.text || !pr.where || !grown) {
		if (grown)
			l->p->v = grown;
		profile_free(&pr);
		fail(l, lineno, "out of memory", -ENOMEM);
		return;
	}
	l->p->v = grown;
	l->p->v[l->p->n++] = pr;
}

static void on_bad(void *priv, unsigned long lineno, int err)
{
	fail(priv, lineno, fcap_manifest_strerror(err), -EINVAL);
}

static int load_file(struct load *l)
{
	const struct manifest_cb cb = { on_entry, on_bad, l };
	FILE *f = fopen(l->file, "re");
	int ret;

	if (!f) {
		ret = -errno;
		fail(l, 0, strerror(-ret), ret);
		return ret;
	}
	ret = fcap_manifest_read(f, &cb);
	if (ret < 0)
		fail(l, 0, strerror(-ret), ret);
	fclose(f);
	return l->ret;
}

/* Sort by path, keeping the last line of a path named twice. */
static void settle(struct profiles *p)
{
	size_t i, out = 0;

	qsort(p->v, p->n, sizeof(*p->v), by_path_seq);
	for (i = 0; i < p->n; i++) {
		if (out && !strcmp(p->v[out - 1].path, p->v[i].path)) {
			profile_free(&p->v[out - 1]);
			p->v[out - 1] = p->v[i];
			continue;
		}
		p->v[out++] = p->v[i];
	}
	p->n = out;
}

/**
 * profiles_load() - read every regular file of a profile directory
 * @p:	filled (empty first)
 * @dir: the directory
 * @err: where a refusal says why
 *
 * Return: 0, or -errno with @err filled; @p is then empty.
 */
int profiles_load(struct profiles *p, const char *dir,
		  struct profile_error *err)
{
	struct load l = { .p = p, .err = err };
	struct dirent **names;
	char path[4096];
	struct stat st;
	int n, i;

	memset(p, 0, sizeof(*p));
	memset(err, 0, sizeof(*err));
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		l.file = dir;
		fail(&l, 0, strerror(errno), -errno);
		return l.ret;
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		l.file = path;
		if (!l.ret && names[i]->d_name[0] != '.' && !stat(path, &st) &&
		    S_ISREG(st.st_mode))
			load_file(&l);
		free(names[i]);
	}
	free(names);
	if (l.ret) {
		profiles_free(p);
		return l.ret;
	}
	settle(p);
	return 0;
}

/**
 * profiles_find() - the profile of a path
 * @p:		the profiles
 * @path:	the path, as the scan names it
 *
 * Return: the profile, or NULL.
 */
const struct profile *profiles_find(const struct profiles *p, const char *path)
{
	if (!p->n)
		return NULL;
	return bsearch(path, p->v, p->n, sizeof(*p->v), path_cmp);
}

void profiles_free(struct profiles *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		profile_free(&p->v[i]);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}
