// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - what extraction would leave of the members of a tar archive,
 * or of the layers of an image applied in order: the names with a value
 * (struct entry), the directories (for parent modes) and the symbolic
 * links (a member below one is not a name of the tree), and for layers
 * what each layer did to each value.  archive.c feeds it one archive's
 * members, oci.c each layer's and the names of an OCI archive.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "layers.h"
#include "tools.h"
#include "tree.h"

/*
 * A table of names: open addressing, FNV-1a.  @key of a slot points at
 * the name (owned by the table when @own), @val is what it maps to.
 */
struct name_map {
	struct slot {
		const char *key;
		size_t val;
	} *s;
	size_t cap, used;
	bool own;
};

static const char tomb[] = "";

static size_t name_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static struct slot *map_find(const struct name_map *m, const char *key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = name_hash(key) & (m->cap - 1); m->s[i].key;
	     i = (i + 1) & (m->cap - 1))
		if (m->s[i].key != tomb && !strcmp(m->s[i].key, key))
			return &m->s[i];
	return NULL;
}

static void map_put(struct name_map *m, const char *key, size_t val)
{
	struct slot *s = map_find(m, key), *old;
	size_t i, j, oldcap;

	if (s) {
		s->val = val;
		return;
	}
	if (2 * (m->used + 1) > m->cap) {
		old = m->s;
		oldcap = m->cap;
		m->cap = m->cap ? 2 * m->cap : 64;
		m->s = xcalloc(m->cap, sizeof(*m->s));
		m->used = 0;
		for (j = 0; j < oldcap; j++) {
			if (!old[j].key || old[j].key == tomb)
				continue;
			for (i = name_hash(old[j].key) & (m->cap - 1);
			     m->s[i].key; i = (i + 1) & (m->cap - 1))
				;
			m->s[i] = old[j];
			m->used++;
		}
		free(old);
	}
	for (i = name_hash(key) & (m->cap - 1);
	     m->s[i].key && m->s[i].key != tomb; i = (i + 1) & (m->cap - 1))
		;
	if (!m->s[i].key)
		m->used++;
	m->s[i].key = m->own ? xstrdup(key) : key;
	m->s[i].val = val;
}

static void map_free(struct name_map *m)
{
	size_t i;

	for (i = 0; m->own && i < m->cap; i++)
		if (m->s[i].key && m->s[i].key != tomb)
			free((void *)(uintptr_t)m->s[i].key);
	free(m->s);
}

/* Remove @key from @m, if there. */
static void map_del(struct name_map *m, const char *key)
{
	struct slot *sl = map_find(m, key);

	if (!sl)
		return;
	if (m->own)
		free((void *)(uintptr_t)sl->key);
	sl->key = tomb;
}

/*
 * What extraction would leave of one archive, or of the layers of an
 * image applied in order (@layered): there a name whose value goes away
 * is kept as a gone entry with its history, and each layer's doing is
 * recorded as an event.
 */
struct tar_tree {
	struct entry *v;
	size_t n, cap, first;
	struct name_map names;	/* path -> index in @v of a live entry */
	struct name_map dirs;	/* directory path -> mode */
	struct name_map gone;	/* path -> index in @v of a gone entry */
	struct name_map links;	/* symbolic link path -> its layer */
	bool layered;
	unsigned int layer;
	char digest[LAYER_DIGEST_MAX];
	uint64_t ino_base, work;
	char *below;		/* the link tree_visible() last named */
};

static struct entry *push(struct tar_tree *s)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->v = xreallocarray(s->v, s->cap, sizeof(*s->v));
	}
	memset(&s->v[s->n], 0, sizeof(*s->v));
	return &s->v[s->n++];
}

/* The live entry of @path, out of the table: its index, or SIZE_MAX. */
static size_t take(struct tar_tree *s, const char *path)
{
	struct slot *sl = map_find(&s->names, path);

	if (!sl)
		return SIZE_MAX;
	sl->key = tomb;
	return sl->val;
}

static void dead(struct entry *e)
{
	e->source = SRC_BASELINE;	/* finish() drops it */
}

static bool is_dead(const struct entry *e)
{
	return e->source == SRC_BASELINE;
}

/* Record what the current layer did to @e (the latest events kept). */
static void event(struct tar_tree *s, struct entry *e,
		  enum layer_event_kind kind)
{
	struct entry_layers *l = e->layers;
	struct layer_event *ev;

	if (l->nevents == LAYER_EVENTS_MAX) {
		memmove(l->events, l->events + 1,
			(LAYER_EVENTS_MAX - 1) * sizeof(*l->events));
		l->nevents--;
	}
	ev = &l->events[l->nevents++];
	ev->kind = kind;
	ev->layer = s->layer;
	memcpy(ev->digest, s->digest, sizeof(ev->digest));
}

/*
 * The value of the entry at @i goes away (@kind LAYER_REMOVED or
 * LAYER_LOST): layered, it stays as a gone entry; otherwise it is dropped.
 */
static void lose(struct tar_tree *s, size_t i, enum layer_event_kind kind)
{
	struct entry *e = &s->v[i];

	if (!s->layered) {
		dead(e);
		return;
	}
	e->layers->gone = true;
	e->layers->layer = s->layer;
	memcpy(e->layers->digest, s->digest, sizeof(e->layers->digest));
	event(s, e, kind);
	map_put(&s->gone, e->path, i);
}

/*
 * Everything below the directory @path goes (a whiteout of it, an opaque
 * directory, a file in its place): what lower layers (below @layer) put
 * there.  Bounded by TREE_WORK_MAX entries looked at in all.
 */
static int drop_below(struct tar_tree *s, const char *path,
		      unsigned int layer)
{
	size_t l = strlen(path), i;
	const char *k;
	struct entry *e;

	if (!s->layered)
		return 0;
	if (l == 1)
		l = 0;		/* "/": every name */
	s->work += s->n - s->first + s->links.cap;
	if (s->work > TREE_WORK_MAX)
		return -E2BIG;
	for (i = 0; i < s->links.cap; i++) {
		k = s->links.s[i].key;
		if (k && k != tomb && s->links.s[i].val < layer &&
		    !strncmp(k, path, l) && k[l] == '/')
			map_del(&s->links, k);
	}
	for (i = s->first; i < s->n; i++) {
		e = &s->v[i];
		if (is_dead(e) || e->layers->gone ||
		    e->layers->layer >= layer ||
		    strncmp(e->path, path, l) || e->path[l] != '/')
			continue;
		take(s, e->path);
		lose(s, i, LAYER_REMOVED);
	}
	return 0;
}

/*
 * The entry @e now at @path takes over the history of what was there
 * (@old, live, or a gone entry) and records this layer's doing.
 */
static void inherit(struct tar_tree *s, struct entry *e, size_t old)
{
	struct slot *sl = NULL;
	struct entry *o;
	enum layer_event_kind kind = LAYER_ADDED;

	if (old == SIZE_MAX) {
		sl = map_find(&s->gone, e->path);
		if (sl) {
			old = sl->val;
			sl->key = tomb;
		}
	}
	if (old != SIZE_MAX) {
		o = &s->v[old];
		e->layers = o->layers;	/* its history */
		o->layers = NULL;
	} else {
		e->layers = xcalloc(1, sizeof(*e->layers));
	}
	e->layers->gone = false;
	e->layers->layer = s->layer;
	memcpy(e->layers->digest, s->digest, sizeof(e->layers->digest));
	if (old == SIZE_MAX) {
		event(s, e, LAYER_ADDED);
		return;
	}
	if (sl)
		dead(o);	/* the gone entry: this one has its history */
	if (!sl && fcap_read_same(&o->read, &e->read))
		return;		/* set again, as it was */
	if (!sl)
		kind = LAYER_CHANGED;
	event(s, e, kind);
}

/* The symbolic link @path is below, into @buf; NULL when there is none. */
static const char *below_link(struct tar_tree *s, const char *path,
			      char **buf)
{
	char *p;

	if (!s->links.cap)
		return NULL;	/* no symbolic link so far */
	free(*buf);
	*buf = xstrdup(path);
	for (p = strchr(*buf + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (map_find(&s->links, *buf))
			return *buf;	/* cut at the link */
		*p = '/';
	}
	return NULL;
}

/**
 * tree_visible() - is a member a name of the tree extraction leaves
 * @s:		the tree
 * @m:		the member (whiteouts included)
 * @link:	set, when it is not, to the symbolic link it is below
 *		(valid until the next call)
 *
 * A name below a symbolic link the tree holds (an earlier member, or a
 * lower layer's) is not: GNU tar and bsdtar refuse to extract through a
 * symbolic link ("Not a directory", "Too many levels of symbolic links",
 * "Cannot extract through symlink"), while umoci, containerd and Docker
 * follow it inside the root (lnk -> /etc puts lnk/x at /etc/x) or fail
 * on a loop.  Either way the member's name is not where a file lands, so
 * the caller is to report and skip it, as a hard link to such a name.  A
 * member that is a symbolic link is recorded; any other member of that
 * name replaces the link.
 *
 * Return: TREE_VISIBLE when the member is to be used, else why not.
 */
enum tree_verdict tree_visible(struct tar_tree *s, const struct tar_member *m,
			       const char **link)
{
	if (below_link(s, m->path, &s->below)) {
		*link = s->below;
		return TREE_NAME_BELOW_LINK;
	}
	if (m->link && below_link(s, m->link, &s->below)) {
		*link = s->below;
		return TREE_TARGET_BELOW_LINK;
	}
	if (S_ISLNK(m->mode) && m->path[1])
		map_put(&s->links, m->path, s->layer);
	else
		map_del(&s->links, m->path);
	return TREE_VISIBLE;
}

/* The live entry a hard link @m names, or NULL. */
static const struct entry *link_target(const struct tar_tree *s,
				       const struct tar_member *m)
{
	struct slot *sl = m->link ? map_find(&s->names, m->link) : NULL;

	return sl ? &s->v[sl->val] : NULL;
}

/**
 * tree_wants_hash() - would tree_add() use the SHA-256 of @m's data
 * @s:		the tree
 * @m:		the member, about to be added
 *
 * A regular file with a value needs one; a hard link has its target's.
 *
 * Return: true when the caller is to hash the member's data for
 * tree_add().
 */
bool tree_wants_hash(const struct tar_tree *s, const struct tar_member *m)
{
	return S_ISREG(m->mode) && m->value && !link_target(s, m) &&
	       s->n - s->first < TREE_VALUES_MAX;
}

/**
 * tree_add() - a member, as extraction would leave it
 * @s:		the tree
 * @m:		the member
 * @ino:	its inode number (its place in the archive): a hard link
 *		has its target's
 * @sha256:	the SHA-256 of its data, or NULL when not known
 *		(tree_wants_hash())
 *
 * A later member of the same name replaces an earlier one (with a value
 * or not); a hard link is one more name of its target; layered, a file
 * in place of a directory removes what was below it.
 *
 * Return: 0, or -E2BIG when TREE_VALUES_MAX or TREE_WORK_MAX is passed.
 */
int tree_add(struct tar_tree *s, const struct tar_member *m, uint64_t ino,
	     const unsigned char *sha256)
{
	const struct entry *t = NULL;
	size_t ti = SIZE_MAX, old;
	struct slot *sl;
	struct entry *e;

	if (s->n - s->first >= TREE_VALUES_MAX && (m->value || m->link))
		return -E2BIG;
	if (m->link) {
		sl = map_find(&s->names, m->link);
		ti = sl ? sl->val : SIZE_MAX;
	}
	if (s->layered && !S_ISDIR(m->mode) && map_find(&s->dirs, m->path)) {
		map_del(&s->dirs, m->path);
		if (drop_below(s, m->path, UINT_MAX) < 0)
			return -E2BIG;
	}
	old = take(s, m->path);
	if (S_ISDIR(m->mode))
		map_put(&s->dirs, m->path, m->mode);
	if (!m->value && ti == SIZE_MAX) {
		if (old != SIZE_MAX)
			lose(s, old, LAYER_LOST);
		return 0;
	}
	e = push(s);
	if (ti != SIZE_MAX)
		t = &s->v[ti];	/* @v may have moved */
	e->path = xstrdup(m->path);
	e->source = s->layered ? SRC_OCI : SRC_ARCHIVE;
	e->ino = t ? t->ino : s->ino_base + ino;
	e->mode = t ? t->mode : m->mode;
	e->uid = t ? t->uid : m->uid;
	e->gid = t ? t->gid : m->gid;
	if (fcap_read_dup(&e->read, m->value ? m->value : &t->read))
		oom();
	if (t) {
		e->has_sha = t->has_sha;
		memcpy(e->sha256, t->sha256, sizeof(e->sha256));
	} else if (sha256 && S_ISREG(m->mode)) {
		e->has_sha = true;
		memcpy(e->sha256, sha256, sizeof(e->sha256));
	}
	if (s->layered)
		inherit(s, e, old);
	if (old != SIZE_MAX)
		dead(&s->v[old]);
	map_put(&s->names, e->path, s->n - 1);
	return 0;
}

/**
 * tree_whiteout() - a whiteout of the layer being applied
 * @s:		the tree (layered)
 * @path:	".wh.NAME"'s NAME, with its directory: NAME goes, and all
 *		below it; or, @opaque (".wh..wh..opq"), the directory whose
 *		content from lower layers goes
 *
 * Return: 0, or -E2BIG when the bound on the work is passed.
 */
int tree_whiteout(struct tar_tree *s, const char *path, bool opaque)
{
	struct slot *sl;
	size_t i;

	if (opaque)
		return drop_below(s, path, s->layer);
	i = take(s, path);
	if (i != SIZE_MAX && s->v[i].layers->layer < s->layer)
		lose(s, i, LAYER_REMOVED);
	else if (i != SIZE_MAX)	/* same layer: a whiteout hides lower ones */
		map_put(&s->names, s->v[i].path, i);
	/* a directory a layer never listed has no entry in @dirs: look */
	map_del(&s->dirs, path);
	sl = map_find(&s->links, path);
	if (sl && sl->val < s->layer)
		map_del(&s->links, path);
	return drop_below(s, path, s->layer);
}

/**
 * tree_layer() - the layers that follow are layer @layer, @digest
 * @s:		the tree (layered)
 * @layer:	1 the base
 * @digest:	"sha256:..."
 * @inos:	members read so far: names of later layers are other inodes
 */
void tree_layer(struct tar_tree *s, unsigned int layer, const char *digest,
		uint64_t inos)
{
	s->layer = layer;
	snprintf(s->digest, sizeof(s->digest), "%s", digest);
	s->ino_base = inos;
}

/**
 * tree_new() - an empty tree
 * @v: @n:	entries are appended to these (tree_end())
 * @layered:	the layers of an image (tree_layer(), tree_whiteout())
 */
struct tar_tree *tree_new(struct entry *v, size_t n, bool layered)
{
	struct tar_tree *s = xcalloc(1, sizeof(*s));

	s->v = v;
	s->n = s->cap = s->first = n;
	s->dirs.own = true;
	s->links.own = true;
	s->layered = layered;
	return s;
}

static int cmp_ino(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Drop replaced entries; fill in link counts and parent modes. */
static void finish(struct tar_tree *s)
{
	size_t i, out = s->first, nv = 0, lo, hi;
	uint64_t *inos;
	struct slot *sl;
	char *slash;

	for (i = s->first; i < s->n; i++) {
		if (is_dead(&s->v[i])) {
			entry_free(&s->v[i]);
			continue;
		}
		s->v[out++] = s->v[i];
	}
	s->n = out;
	inos = xcalloc(s->n - s->first + 1, sizeof(*inos));
	for (i = s->first; i < s->n; i++)
		if (!entry_gone(&s->v[i]))
			inos[nv++] = s->v[i].ino;
	qsort(inos, nv, sizeof(*inos), cmp_ino);
	for (i = s->first; i < s->n; i++) {
		struct entry *e = &s->v[i];

		for (lo = 0, hi = nv; lo < hi;) {
			size_t mid = (lo + hi) / 2;

			if (inos[mid] < e->ino)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (hi = lo; hi < nv && inos[hi] == e->ino; hi++)
			;
		e->nlink = entry_gone(e) ? 0 : hi - lo;
		slash = strrchr(e->path, '/');
		if (!slash || slash == e->path) {
			sl = e->path[1] ? map_find(&s->dirs, "/") : NULL;
		} else {
			*slash = '\0';
			sl = map_find(&s->dirs, e->path);
			*slash = '/';
		}
		e->parent_known = sl;
		e->parent_mode = sl ? sl->val : 0;
	}
	free(inos);
}

/**
 * tree_end() - the entries, and the tree freed
 * @s:		the tree
 * @v: @n:	the entries passed to tree_new() and those added
 */
void tree_end(struct tar_tree *s, struct entry **v, size_t *n)
{
	finish(s);
	map_free(&s->names);
	map_free(&s->dirs);
	map_free(&s->gone);
	map_free(&s->links);
	free(s->below);
	*v = s->v;
	*n = s->n;
	free(s);
}
