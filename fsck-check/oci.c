// SPDX-License-Identifier: GPL-2.0-only
/*
 * oci.c - the container image source of struct entry: an OCI image
 * layout directory, an OCI archive (a tar of one), or a docker save tar.
 *
 * The JSON (index.json, manifests, the configuration; docker's
 * manifest.json) is read through json-c, every blob through the tar
 * reader of archive.c, and the layers are applied in order by the tree
 * of tree.c (tree_add(), tree_whiteout()): what a container started from the image
 * would see, with the history of each value.  Every blob read is hashed
 * (SHA-256, libcrypto) and compared with the digest that names it; a
 * docker save layer with the configuration's diff_id.
 *
 * Nothing is opened here after oci_open(): a layout directory's blobs
 * are all open before the reader is sandboxed (sandbox.c), and a tar is
 * read again from its start for each blob.  A name in the JSON never
 * becomes a path: a blob is found by its digest in the table of
 * oci_open(), or as a member of the tar.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <json-c/json.h>
#include <openssl/evp.h>

#include "archive-scan.h"
#include "layers.h"
#include "oci.h"
#include "tools.h"
#include "tree.h"

#define REF_ANNOTATION	"org.opencontainers.image.ref.name"

/* A file of the image kept whole (/etc/passwd, /etc/group). */
struct etc_file {
	const char *path;
	char *data;			/* NUL-terminated, or NULL: none */
	unsigned int layer;		/* the layer that wrote it */
};

struct oci {
	struct oci_opts *o;
	const struct fsck_report *rep;
	volatile sig_atomic_t *intr;
	struct tar_reader *outer;	/* a tar input: at the blob being read */
	unsigned int layer;		/* the layer being applied */
	struct etc_file etc[2];		/* /etc/passwd, /etc/group */
	bool failed;			/* damage reported */
	bool ambiguous;			/* no image picked of several */
};

/* The later passes over a tar input: survey() reported its damage. */
static const struct fsck_report said_already;

/* A blob being read: counted and hashed as it goes. */
struct blob {
	struct oci *s;
	int fd;				/* a layout's blob, or -1: @s->outer */
	EVP_MD_CTX *md;
	unsigned long long got;
	int err;
};

/* A descriptor: what names a blob. */
struct desc {
	char media[128];		/* a copy: the JSON it came from goes */
	char digest[LAYER_DIGEST_MAX];
	long long size;			/* -1: not known (docker) */
};

__attribute__((format(printf, 2, 3)))
static void fail(struct oci *s, const char *fmt, ...)
{
	char what[1024], *e;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	e = escaped(what);	/* names and digests come from the JSON */
	fsck_damagef(s->rep, FSCK_ERROR, s->o->file, 0, NULL, "%s", e);
	free(e);
	s->failed = true;
}

static bool is_hex64(const char *h)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!((h[i] >= '0' && h[i] <= '9') ||
		      (h[i] >= 'a' && h[i] <= 'f')))
			return false;
	return h[64] == '\0';
}

static int cmp_blob(const void *a, const void *b)
{
	return strcmp(((const struct oci_blob *)a)->hex,
		      ((const struct oci_blob *)b)->hex);
}

/*
 * Open @name in @dfd if it is a regular file, never following a
 * symbolic link.  Return: the descriptor, or -errno (-ELOOP: a symbolic
 * link, -EINVAL: not a regular file).
 */
static int open_plain(int dfd, const char *name)
{
	struct stat st;
	int fd;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		    O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/* A layout directory: index.json and every blobs/sha256/ blob, open. */
static int open_layout(struct oci_opts *o, int dfd,
		       const struct fsck_report *rep)
{
	struct dirent *d;
	size_t cap = 0;
	int bfd, sfd, ret = 0;
	DIR *dir;

	o->index_fd = open_plain(dfd, "index.json");
	bfd = openat(dfd, "blobs", O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		     O_CLOEXEC);
	sfd = bfd < 0 ? -1 : openat(bfd, "sha256", O_RDONLY | O_DIRECTORY |
				    O_NOFOLLOW | O_CLOEXEC);
	if (bfd >= 0)
		close(bfd);
	close(dfd);
	if (sfd < 0) {
		if (errno != ENOENT) {
			ret = -errno;
			fsck_damagef(rep, FSCK_ERROR, o->file, -ret, NULL,
				     "cannot open blobs/sha256");
		}
		return ret;	/* no blobs: every one named is missing */
	}
	dir = fdopendir(sfd);
	if (!dir) {
		ret = -errno;
		fsck_damagef(rep, FSCK_ERROR, o->file, -ret, NULL,
			     "cannot read blobs/sha256");
		close(sfd);
		return ret;
	}
	while ((d = readdir(dir))) {
		if (strlen(d->d_name) != 64 || !is_hex64(d->d_name))
			continue;
		if (o->nblobs == OCI_BLOBS_MAX) {
			fsck_damagef(rep, FSCK_ERROR, o->file, 0, NULL,
				     "more than %d blobs: the rest unread",
				     OCI_BLOBS_MAX);
			ret = -E2BIG;
			break;
		}
		if (o->nblobs == cap) {
			cap = cap ? 2 * cap : 64;
			o->blobs = xreallocarray(o->blobs, cap,
						 sizeof(*o->blobs));
		}
		memcpy(o->blobs[o->nblobs].hex, d->d_name, 65);
		o->blobs[o->nblobs++].fd = open_plain(dirfd(dir), d->d_name);
	}
	closedir(dir);
	if (o->nblobs)
		qsort(o->blobs, o->nblobs, sizeof(*o->blobs), cmp_blob);
	return ret;
}

/**
 * oci_open() - open an image before the reader is sandboxed
 * @o:		@file is the --oci operand; on return @fd (a tar), or
 *		@index_fd and @blobs (a layout directory)
 * @rep:	where damage goes
 *
 * A directory is a layout: its index.json and every file in
 * blobs/sha256/ named by 64 hex digits are opened, one component at a
 * time relative to the directory and never through a symbolic link
 * (a blob that is one, or is not a regular file, is kept as that error).
 * Nothing is parsed.
 *
 * Return: 0, or a negative errno after an error naming @o->file (a
 * layout may have been opened in part: a blob directory unreadable).
 */
int oci_open(struct oci_opts *o, const struct fsck_report *rep)
{
	struct stat st;
	int fd, ret;

	o->fd = -1;
	o->index_fd = -ENOENT;
	fd = open(o->file, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 || fstat(fd, &st) < 0) {
		ret = -errno;
		fsck_damagef(rep, FSCK_ERROR, o->file, -ret, NULL, NULL);
		if (fd >= 0)
			close(fd);
		return ret;
	}
	if (S_ISDIR(st.st_mode))
		return open_layout(o, fd, rep);
	if (!S_ISREG(st.st_mode)) {
		fsck_damagef(rep, FSCK_ERROR, o->file, 0, NULL,
			     "not an image layout directory or an archive file");
		close(fd);
		return -EINVAL;
	}
	o->fd = fd;
	return 0;
}

static ssize_t blob_read(void *priv, void *buf, size_t len)
{
	struct blob *b = priv;
	ssize_t n;

	if (*b->s->intr)
		return -EINTR;
	if (b->fd >= 0) {
		do
			n = read(b->fd, buf, len);
		while (n < 0 && errno == EINTR && !*b->s->intr);
		n = n < 0 ? -errno : n;
	} else {
		n = tar_read(b->s->outer, buf, len);
	}
	if (n < 0) {
		b->err = (int)-n;
		return n;
	}
	if (!EVP_DigestUpdate(b->md, buf, n))
		oom();
	b->got += n;
	return n;
}

/* Close the reading of the tar input, if open. */
static void outer_close(struct oci *s)
{
	if (!s->outer)
		return;
	if (tar_close(s->outer) < 0)
		s->failed = true;
	s->outer = NULL;
}

/*
 * The tar input's member @name (relative, as the JSON names it), for
 * reading, looked for with the names of extraction (tree_visible()).
 * The damage of the members is reported by the survey, the first pass
 * (@name NULL: read to the end); later passes report none again.
 * Return: 0; -ENOENT; another -errno after an error.
 */
static int find_member(struct oci *s, const char *name, const char *what)
{
	struct tar_member *m = xmalloc(sizeof(*m));
	struct tar_tree *t;
	struct entry *v = NULL;
	const char *p;
	size_t l, n = 0;
	int ret;

	outer_close(s);
	while (name && name[0] == '.' && name[1] == '/')
		name += 2;
	for (p = name; p && *p; p += l + (p[l] == '/')) {
		l = strcspn(p, "/");
		if (!l || (l == 2 && p[0] == '.' && p[1] == '.') ||
		    (l == 1 && p[0] == '.')) {
			fail(s, "%s: the name \"%s\" is not a plain name inside the archive: refused",
			     what, name);
			free(m);
			return -EINVAL;
		}
	}
	if (lseek(s->o->fd, 0, SEEK_SET) != 0) {
		fail(s, "cannot read it again from its start: %s",
		     strerror(errno));
		free(m);
		return -EIO;
	}
	if (tar_open(&s->outer, s->o->file, s->o->fd, NULL,
		     name ? &said_already : s->rep, s->intr) < 0) {
		s->failed = true;
		free(m);
		return -EINVAL;
	}
	t = tree_new(v, n, false);
	while ((ret = tar_next(s->outer, m)) > 0) {
		if (!tar_visible(s->outer, t, m) || !name ||
		    strcmp(m->path + 1, name))
			continue;
		if (m->link || !S_ISREG(m->mode)) {
			fail(s, "%s: \"%s\" is %s, not a file: refused", what,
			     name, m->link ? "a hard link" :
			     S_ISLNK(m->mode) ? "a symbolic link" :
			     "not a regular file");
			ret = -EINVAL;
		}
		break;
	}
	tree_end(t, &v, &n);
	free(v);
	free(m);
	if (ret > 0)
		return 0;
	outer_close(s);
	return ret ? ret : -ENOENT;
}

/*
 * Start reading the blob @name: in a layout directory "index.json" or
 * "blobs/sha256/HEX"; in a tar any member.  Return: 0, or a negative
 * errno (-ENOENT: there is none; others after an error).
 */
static int blob_open(struct oci *s, struct blob *b, const char *name,
		     const char *what)
{
	struct oci_blob key = { .fd = -1 }, *hit;
	int fd, ret;

	memset(b, 0, sizeof(*b));
	b->s = s;
	b->fd = -1;
	if (s->o->fd >= 0) {
		ret = find_member(s, name, what);
		if (ret < 0)
			return ret;
	} else {
		if (!strcmp(name, "index.json")) {
			fd = s->o->index_fd;
		} else if (!strncmp(name, "blobs/sha256/", 13) &&
			   strlen(name + 13) == 64) {
			memcpy(key.hex, name + 13, 65);
			hit = bsearch(&key, s->o->blobs, s->o->nblobs,
				      sizeof(key), cmp_blob);
			fd = hit ? hit->fd : -ENOENT;
		} else {
			fd = -ENOENT;
		}
		if (fd == -ENOENT)
			return fd;
		if (fd < 0) {
			fail(s, "%s: %s is %s: refused", what, name,
			     fd == -ELOOP ? "a symbolic link" :
			     fd == -EINVAL ? "not a regular file" :
			     strerror(-fd));
			return fd;
		}
		if (lseek(fd, 0, SEEK_SET) != 0) {
			fail(s, "%s: %s: %s", what, name, strerror(errno));
			return -EIO;
		}
		b->fd = fd;
	}
	b->md = EVP_MD_CTX_new();
	if (!b->md || !EVP_DigestInit_ex(b->md, EVP_sha256(), NULL))
		oom();
	return 0;
}

/*
 * Read the rest of @b, then compare its digest and size with @d's (when
 * @d has a digest).  Return: true when they match.
 */
static bool blob_close(struct blob *b, const struct desc *d,
		       const char *what)
{
	unsigned char buf[65536], md[32];
	char got[LAYER_DIGEST_MAX];
	unsigned int len = 32, i;
	bool ok = true;
	ssize_t n;

	while (!b->err && (n = blob_read(b, buf, sizeof(buf))) > 0)
		;
	if (!EVP_DigestFinal_ex(b->md, md, &len))
		oom();
	EVP_MD_CTX_free(b->md);
	b->md = NULL;
	strcpy(got, "sha256:");
	for (i = 0; i < 32; i++)
		snprintf(got + 7 + 2 * i, 3, "%02x", md[i]);
	if (b->err == EINTR && *b->s->intr)
		return false;
	if (b->err) {
		fail(b->s, "%s: unreadable: %s", what, strerror(b->err));
		ok = false;
	} else if (d && d->digest[0] && strcmp(got, d->digest)) {
		fail(b->s, "%s: its content has digest %s, not %s: altered or damaged",
		     what, got, d->digest);
		ok = false;
	} else if (d && d->size >= 0 && (unsigned long long)d->size != b->got) {
		fail(b->s, "%s: %llu bytes, not the %lld its descriptor says",
		     what, b->got, d->size);
		ok = false;
	}
	return ok;
}

/*
 * The JSON document @name (at most OCI_JSON_MAX bytes), checked against
 * @d when it has a digest.  Return: the parsed object, or NULL after an
 * error (or when there is none: *@missing).
 */
static struct json_object *read_json(struct oci *s, const char *name,
				     const struct desc *d, const char *what,
				     bool *missing)
{
	struct json_tokener *tok;
	struct json_object *obj = NULL;
	struct blob b;
	char *buf;
	size_t len = 0, cap = 16384;
	ssize_t n;
	bool ok;

	*missing = false;
	if (d && d->size > OCI_JSON_MAX) {
		fail(s, "%s: %lld bytes, more than %d: not read", what,
		     d->size, OCI_JSON_MAX);
		return NULL;
	}
	n = blob_open(s, &b, name, what);
	if (n == -ENOENT) {
		*missing = true;
		return NULL;
	}
	if (n < 0)
		return NULL;
	buf = xmalloc(cap);
	while (len <= OCI_JSON_MAX &&
	       (n = blob_read(&b, buf + len, cap - len)) > 0) {
		len += n;
		if (len == cap && cap <= OCI_JSON_MAX) {
			cap = 2 * cap > OCI_JSON_MAX + 1 ? OCI_JSON_MAX + 1 :
							   2 * cap;
			buf = xreallocarray(buf, cap, 1);
		}
	}
	if (len > OCI_JSON_MAX) {
		fail(s, "%s: more than %d bytes: not read", what, OCI_JSON_MAX);
		EVP_MD_CTX_free(b.md);
		free(buf);
		return NULL;
	}
	ok = blob_close(&b, d, what);
	tok = json_tokener_new_ex(32);
	if (!tok)
		oom();
	if (ok) {
		obj = json_tokener_parse_ex(tok, buf, (int)len);
		if (!obj || json_tokener_get_parse_end(tok) != len ||
		    !json_object_is_type(obj, d || strcmp(name, "manifest.json") ?
					 json_type_object : json_type_array)) {
			enum json_tokener_error je = json_tokener_get_error(tok);

			fail(s, "%s: not the JSON document expected: %s", what,
			     obj ? "another type, or more after it" :
			     je == json_tokener_continue ? "it ends early" :
			     json_tokener_error_desc(je));
			json_object_put(obj);
			obj = NULL;
		}
	}
	json_tokener_free(tok);
	free(buf);
	return obj;
}

static const char *get_string(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static struct json_object *get_array(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_array))
		return NULL;
	return v;
}

/* @dg a digest this reader can check: "sha256:" and 64 hex digits. */
static bool parse_digest(struct oci *s, const char *dg, char *out,
			 const char *what)
{
	char *e;

	if (dg && !strncmp(dg, "sha256:", 7) && strlen(dg) == 71 &&
	    is_hex64(dg + 7)) {
		memcpy(out, dg, 72);
		return true;
	}
	e = dg ? xstrdup(dg) : NULL;
	if (e && strlen(e) > 80)
		e[80] = '\0';
	fail(s, "%s: digest %s%s%s is not sha256: and 64 hex digits: unsupported",
	     what, e ? "\"" : "", e ? e : "(none)", e ? "\"" : "");
	free(e);
	return false;
}

/* The descriptor @o into @d; false after an error. */
static bool parse_desc(struct oci *s, struct json_object *o, struct desc *d,
		       const char *what)
{
	struct json_object *v;

	memset(d, 0, sizeof(*d));
	if (!json_object_is_type(o, json_type_object)) {
		fail(s, "%s: not a descriptor", what);
		return false;
	}
	snprintf(d->media, sizeof(d->media), "%s",
		 get_string(o, "mediaType") ?: "");
	if (!parse_digest(s, get_string(o, "digest"), d->digest, what))
		return false;
	if (!json_object_object_get_ex(o, "size", &v) ||
	    !json_object_is_type(v, json_type_int) ||
	    json_object_get_int64(v) < 0) {
		fail(s, "%s: no size, or not a number of bytes", what);
		return false;
	}
	d->size = json_object_get_int64(v);
	return true;
}

static const char *ref_of(struct json_object *m)
{
	struct json_object *a;

	if (!json_object_object_get_ex(m, "annotations", &a) ||
	    !json_object_is_type(a, json_type_object))
		return NULL;
	return get_string(a, REF_ANNOTATION);
}

/* "a, b, c" of the names of the images in @list, for messages. */
static void names_of(struct json_object *list, bool docker, char *buf,
		     size_t len)
{
	struct json_object *m, *tags, *t;
	size_t i, j, o = 0;
	const char *name;

	buf[0] = '\0';
	for (i = 0; i < json_object_array_length(list) && o < len; i++) {
		m = json_object_array_get_idx(list, i);
		tags = docker && json_object_is_type(m, json_type_object) ?
		       get_array(m, "RepoTags") : NULL;
		for (j = 0; docker ? tags && j < json_object_array_length(tags)
				   : j < 1; j++) {
			t = docker ? json_object_array_get_idx(tags, j) : NULL;
			name = docker ? (json_object_is_type(t, json_type_string) ?
					 json_object_get_string(t) : NULL) :
			       (json_object_is_type(m, json_type_object) ?
				ref_of(m) : NULL);
			o += snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
				      name ?: "(unnamed)");
			if (o >= len)
				break;
		}
	}
}

/*
 * Is @tag the name @ref, as docker normalizes names ("fcaps:v1" is
 * "docker.io/library/fcaps:v1", "me/x:v1" "docker.io/me/x:v1")?
 */
static bool same_tag(const char *tag, const char *ref)
{
	static const char *const prefix[] = {
		"", "docker.io/", "docker.io/library/",
	};
	size_t i, l;

	for (i = 0; i < sizeof(prefix) / sizeof(prefix[0]); i++) {
		l = strlen(prefix[i]);
		if (!strncmp(tag, prefix[i], l) && !strcmp(tag + l, ref))
			return true;
	}
	return false;
}

/* Does the docker manifest.json image @m have the tag @ref? */
static bool has_tag(struct json_object *m, const char *ref)
{
	struct json_object *tags = get_array(m, "RepoTags"), *t;
	size_t j;

	for (j = 0; tags && j < json_object_array_length(tags); j++) {
		t = json_object_array_get_idx(tags, j);
		if (json_object_is_type(t, json_type_string) &&
		    same_tag(json_object_get_string(t), ref))
			return true;
	}
	return false;
}

/*
 * The one image of @list to read: the one --image-ref names, or the only
 * one.  Return: it, or NULL after an error.
 */
static struct json_object *pick(struct oci *s, struct json_object *list,
				bool docker, const char *what)
{
	struct json_object *m, *hit = NULL;
	size_t i, n = json_object_array_length(list), found = 0;
	const char *ref = s->o->ref, *name;
	char names[400];

	if (n > OCI_IMAGES_MAX) {
		fail(s, "%s: %zu images, more than %d: not read", what, n,
		     OCI_IMAGES_MAX);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		m = json_object_array_get_idx(list, i);
		if (!json_object_is_type(m, json_type_object))
			continue;
		name = docker ? NULL : ref_of(m);
		if (ref && !(docker ? has_tag(m, ref) :
			     name && !strcmp(name, ref)))
			continue;
		found++;
		hit = hit ? hit : m;
	}
	if (found == 1)
		return hit;
	names_of(list, docker, names, sizeof(names));
	if (!found && ref) {
		fail(s, "no image named \"%s\" (it holds: %s)", ref,
		     *names ? names : "none");
	} else if (!found) {
		fail(s, "%s: no image in it", what);
	} else {
		char *e = escaped(names);

		fsck_damagef(s->rep, FSCK_AMBIGUOUS, s->o->file, 0, NULL,
			     "%zu images%s%s: pick one with --image-ref (%s)",
			     found, ref ? " named " : "", ref ? ref : "", e);
		free(e);
		s->ambiguous = true;
	}
	return NULL;
}

/* A layer to apply: where it is, and what it must hash to. */
struct layer {
	char name[96];		/* in the layout or the archive */
	struct desc d;
};

static bool is_index(const struct desc *d, struct json_object *doc)
{
	return strstr(d->media, "image.index") ||
	       strstr(d->media, "manifest.list") ||
	       (doc && get_array(doc, "manifests"));
}

/* "blobs/sha256/HEX" of "sha256:HEX" (@len at least 78) */
static void blob_name(char *buf, size_t len, const char *digest)
{
	memcpy(buf, "blobs/sha256/", 13);
	memcpy(buf + 13, digest + 7, 65);
}

/* The configuration's config.User, for --context (@s->o->user). */
static void config_user(struct oci *s, struct json_object *cfg)
{
	struct json_object *c;
	const char *u;

	if (!cfg || !json_object_object_get_ex(cfg, "config", &c))
		return;
	u = get_string(c, "User");
	if (u && *u) {
		free(s->o->user);
		s->o->user = xstrdup(u);
	}
}

/*
 * The layers of the OCI image @d names (a manifest, or an index of one),
 * into @l.  Return: the count, or -1 after an error.
 */
static int oci_layers(struct oci *s, struct desc *d, struct layer **l)
{
	struct json_object *doc = NULL, *arr, *c, *cfg;
	struct desc cd;
	char name[96], what[160];
	bool missing;
	size_t i, n;
	int depth, ret = -1;

	for (depth = 0; depth <= OCI_NEST_MAX; depth++) {
		blob_name(name, sizeof(name), d->digest);
		snprintf(what, sizeof(what), "%s %s",
			 is_index(d, NULL) ? "index" : "manifest", d->digest);
		json_object_put(doc);
		doc = read_json(s, name, d, what, &missing);
		if (missing)
			fail(s, "%s: its blob is missing", what);
		if (!doc)
			return -1;
		if (!is_index(d, doc))
			break;
		arr = get_array(doc, "manifests");
		n = arr ? json_object_array_length(arr) : 0;
		if (n != 1) {
			fail(s, "%s: an index of %zu manifests (one per platform?): name a manifest with --image-ref in a layout that has one",
			     what, n);
			goto out;
		}
		if (!parse_desc(s, json_object_array_get_idx(arr, 0), d, what))
			goto out;
	}
	if (depth > OCI_NEST_MAX) {
		fail(s, "indexes nested more than %d deep", OCI_NEST_MAX);
		goto out;
	}
	if (!json_object_object_get_ex(doc, "config", &c) ||
	    !parse_desc(s, c, &cd, what))
		goto out;
	arr = get_array(doc, "layers");
	n = arr ? json_object_array_length(arr) : 0;
	if (!arr || n > OCI_LAYERS_MAX) {
		fail(s, "%s: %s", what, arr ? "more layers than the bound" :
		     "no layers");
		goto out;
	}
	/* of the configuration, only User is used; its digest is checked */
	blob_name(name, sizeof(name), cd.digest);
	snprintf(what, sizeof(what), "config %s", cd.digest);
	cfg = read_json(s, name, &cd, what, &missing);
	if (missing)
		fail(s, "%s: its blob is missing", what);
	config_user(s, cfg);
	json_object_put(cfg);
	*l = xcalloc(n + 1, sizeof(**l));
	for (i = 0; i < n; i++) {
		snprintf(what, sizeof(what), "layer %zu", i + 1);
		if (!parse_desc(s, json_object_array_get_idx(arr, i),
				&(*l)[i].d, what))
			goto out_free;
		blob_name((*l)[i].name, sizeof((*l)[i].name),
			  (*l)[i].d.digest);
	}
	ret = (int)n;
	goto out;
out_free:
	free(*l);
	*l = NULL;
out:
	json_object_put(doc);
	return ret;
}

/* The digest a docker save name says, "blobs/sha256/HEX" or "HEX.json". */
static bool name_digest(const char *name, char *out)
{
	const char *b = strrchr(name, '/');
	char hex[65];

	b = b ? b + 1 : name;
	if (strlen(b) < 64)
		return false;
	memcpy(hex, b, 64);
	hex[64] = '\0';
	if (!is_hex64(hex) || (b[64] && strcmp(b + 64, ".json") &&
			       strcmp(b + 64, ".tar")))
		return false;
	snprintf(out, LAYER_DIGEST_MAX, "sha256:%s", hex);
	return true;
}

/*
 * The layers of the docker save image @m: each checked against the
 * configuration's diff_id.  Return: the count, or -1 after an error.
 */
static int docker_layers(struct oci *s, struct json_object *m,
			 struct layer **l)
{
	struct json_object *cfg, *ids, *arr, *x;
	const char *cname, *lname;
	struct desc cd = { .size = -1 };
	char what[160];
	bool missing;
	size_t i, n;
	int ret = -1;

	cname = get_string(m, "Config");
	if (!cname) {
		fail(s, "manifest.json: an image with no Config");
		return -1;
	}
	name_digest(cname, cd.digest);
	snprintf(what, sizeof(what), "config %.100s", cname);
	cfg = read_json(s, cname, &cd, what, &missing);
	if (missing)
		fail(s, "%s: missing", what);
	if (!cfg)
		return -1;
	config_user(s, cfg);
	if (!json_object_object_get_ex(cfg, "rootfs", &x))
		x = NULL;
	ids = get_array(x, "diff_ids");
	arr = get_array(m, "Layers");
	n = arr ? json_object_array_length(arr) : 0;
	if (!arr || !ids || n != json_object_array_length(ids) ||
	    n > OCI_LAYERS_MAX) {
		fail(s, "%s: %s", what, !arr ? "no Layers in manifest.json" :
		     n > OCI_LAYERS_MAX ? "more layers than the bound" :
		     "rootfs.diff_ids does not list one digest per layer");
		goto out;
	}
	*l = xcalloc(n + 1, sizeof(**l));
	for (i = 0; i < n; i++) {
		x = json_object_array_get_idx(arr, i);
		lname = json_object_is_type(x, json_type_string) ?
			json_object_get_string(x) : NULL;
		snprintf(what, sizeof(what), "layer %zu", i + 1);
		if (!lname || strlen(lname) >= sizeof((*l)[i].name)) {
			fail(s, "%s: no usable name in manifest.json", what);
			goto out_free;
		}
		x = json_object_array_get_idx(ids, i);
		if (!parse_digest(s, json_object_is_type(x, json_type_string) ?
				  json_object_get_string(x) : NULL,
				  (*l)[i].d.digest, what))
			goto out_free;
		strcpy((*l)[i].name, lname);
		(*l)[i].d.size = -1;
	}
	ret = (int)n;
	goto out;
out_free:
	free(*l);
	*l = NULL;
out:
	json_object_put(cfg);
	return ret;
}

/*
 * @path, and everything below it, removed: by a whiteout (@opaque: only
 * what lower layers put there), or by a member of another type.
 */
static void etc_removed(struct oci *s, const char *path, bool opaque)
{
	size_t l = strlen(path), i;
	struct etc_file *f;

	for (i = 0; i < sizeof(s->etc) / sizeof(s->etc[0]); i++) {
		f = &s->etc[i];
		if (!f->data || (opaque && f->layer == s->layer))
			continue;
		if (strcmp(f->path, path) && (strncmp(f->path, path, l) ||
					      (f->path[l] != '/' && l > 1)))
			continue;
		free(f->data);
		f->data = NULL;
	}
}

/*
 * A member named /etc/passwd or /etc/group: kept whole when it is a
 * regular file (no hard link: its data is another member's) of at most
 * OCI_ETC_MAX bytes; anything else at that name is none.  A member that
 * is not a directory removes what it replaces below it.
 */
static void etc_member(struct oci *s, struct tar_reader *r,
		       const struct tar_member *m)
{
	struct etc_file *f = NULL;
	size_t len = 0, i;
	ssize_t n;
	char *buf;

	if (!S_ISDIR(m->mode))
		etc_removed(s, m->path, false);
	for (i = 0; i < sizeof(s->etc) / sizeof(s->etc[0]); i++)
		if (!strcmp(m->path, s->etc[i].path))
			f = &s->etc[i];
	if (!f || !S_ISREG(m->mode) || m->link || m->value)
		return;
	buf = xmalloc(OCI_ETC_MAX + 1);
	while (len <= OCI_ETC_MAX &&
	       (n = tar_read(r, buf + len, OCI_ETC_MAX + 1 - len)) > 0)
		len += (size_t)n;
	if (n < 0 || len > OCI_ETC_MAX) {
		free(buf);
		return;
	}
	buf[len] = '\0';
	f->data = buf;
	f->layer = s->layer;
}

/* A whiteout (".wh.NAME", ".wh..wh..opq") of @path; false: not one. */
static bool whiteout(struct oci *s, struct tar_tree *t, struct tar_reader *r,
		     const char *path, int *ret)
{
	const char *base = strrchr(path, '/') + 1;
	size_t dl = base - path;
	char *target;

	if (strncmp(base, ".wh.", 4))
		return false;
	if (!strcmp(base, ".wh..wh..opq")) {
		target = xstrdup(path);
		target[dl > 1 ? dl - 1 : 1] = '\0';
		etc_removed(s, target, true);
		*ret = tree_whiteout(t, target, true);
		free(target);
		return true;
	}
	if (!strncmp(base, ".wh..wh.", 8))
		return true;	/* aufs' own files (.wh..wh.plnk...) */
	if (!strcmp(base + 4, ".") || !strcmp(base + 4, "..") || !base[4]) {
		tar_warn(r, "a whiteout of \".\", \"..\" or nothing: ignored");
		return true;
	}
	target = xmalloc(strlen(path));
	memcpy(target, path, dl);
	strcpy(target + dl, base + 4);
	etc_removed(s, target, false);
	*ret = tree_whiteout(t, target, false);
	free(target);
	return true;
}

/* Apply layer @i (1 the base) of @l; @inos counts members read so far. */
static void apply(struct oci *s, struct tar_tree *t, const struct layer *l,
		  unsigned int i, unsigned long long *inos)
{
	struct tar_source *src = xmalloc(sizeof(*src));
	struct tar_member *m = xmalloc(sizeof(*m));
	struct tar_reader *r;
	struct blob b;
	char what[200];
	int ret;

	snprintf(what, sizeof(what), "layer %u (%s)", i, l->d.digest);
	ret = blob_open(s, &b, l->name, what);
	if (ret == -ENOENT)
		fail(s, "%s: its blob %s is missing", what, l->name);
	if (ret < 0)
		goto out;
	src->read = blob_read;
	src->priv = &b;
	snprintf(what, sizeof(what), "%s: layer %u (%s)", s->o->file, i,
		 l->d.digest);
	if (tar_open(&r, what, -1, src, s->rep, s->intr) < 0) {
		s->failed = true;
	} else {
		tree_layer(t, i, l->d.digest, *inos);
		s->layer = i;
		while ((ret = tar_next(r, m)) > 0) {
			if (*inos + tar_members(r) > ARCHIVE_MEMBERS_MAX) {
				tar_warn(r, "more members than the bound in all layers: stopped there");
				break;
			}
			if (!tar_visible(r, t, m))
				continue;
			if (!whiteout(s, t, r, m->path, &ret)) {
				etc_member(s, r, m);
				ret = tar_add(r, t, m, s->o->hash);
			}
			if (ret < 0) {
				tar_warn(r, "more names with a value, or more whiteout work, than the bounds: stopped there");
				break;
			}
		}
		*inos += tar_members(r);
		if (tar_close(r) < 0)
			s->failed = true;
	}
	snprintf(what, sizeof(what), "layer %u (%s)", i, l->d.digest);
	blob_close(&b, &l->d, what);
out:
	outer_close(s);
	free(m);
	free(src);
}

/* The layers of the image to read; -1 after an error. */
static int image_layers(struct oci *s, struct layer **l)
{
	struct json_object *idx, *arr, *m;
	struct desc d;
	bool missing, docker = false;
	int n = -1;

	idx = read_json(s, "index.json", NULL, "index.json", &missing);
	if (missing) {
		docker = true;
		idx = read_json(s, "manifest.json", NULL, "manifest.json",
				&missing);
	}
	if (missing)
		fail(s, "neither index.json nor manifest.json: not an OCI image layout, OCI archive or docker save archive");
	if (!idx)
		return -1;
	arr = docker ? idx : get_array(idx, "manifests");
	if (!arr)
		fail(s, "index.json: no manifests");
	m = arr ? pick(s, arr, docker, docker ? "manifest.json" :
		       "index.json") : NULL;
	if (m && docker)
		n = docker_layers(s, m, l);
	else if (m && parse_desc(s, m, &d, "index.json"))
		n = oci_layers(s, &d, l);
	json_object_put(idx);
	return n;
}

/**
 * oci_scan() - collect the entries of an image's final file system
 * @o:		what oci_open() opened (closed here); its @user, @passwd
 *		and @group are set
 * @rep:	where damage goes
 * @v: @n:	entries are appended here: the names with a value, and
 *		those whose value a layer removed (layers.h: gone)
 * @intr:	set (by a signal handler) to stop early
 *
 * Reports to @rep what cannot be read: FSCK_ERROR when a blob is
 * missing, altered or unreadable, or hostile; FSCK_AMBIGUOUS when the
 * input holds several images and no @o->ref picks one.
 *
 * Return: 0, or a negative errno when anything was reported but notes
 * (-EINVAL: no image was picked).
 */
int oci_scan(struct oci_opts *o, const struct fsck_report *rep,
	     struct entry **v, size_t *n, volatile sig_atomic_t *intr)
{
	struct oci s = {
		.o = o, .rep = rep, .intr = intr,
		.etc = { { .path = "/etc/passwd" }, { .path = "/etc/group" } },
	};
	unsigned long long inos = 0;
	struct tar_tree *t;
	struct layer *l = NULL;
	size_t i;
	int nl;

	if (o->fd >= 0)		/* a tar input: its names, once */
		find_member(&s, NULL, NULL);
	nl = image_layers(&s, &l);
	t = tree_new(*v, *n, true);
	for (i = 0; nl > 0 && i < (size_t)nl && !*intr; i++)
		apply(&s, t, &l[i], i + 1, &inos);
	tree_end(t, v, n);
	free(l);
	outer_close(&s);
	o->passwd = s.etc[0].data;
	o->group = s.etc[1].data;
	if (o->fd >= 0)
		close(o->fd);
	if (o->index_fd >= 0)
		close(o->index_fd);
	for (i = 0; i < o->nblobs; i++)
		if (o->blobs[i].fd >= 0)
			close(o->blobs[i].fd);
	free(o->blobs);
	o->blobs = NULL;
	o->nblobs = 0;
	return s.ambiguous ? -EINVAL : s.failed ? -EIO : 0;
}

static int oci_src_open(void *opts, const struct fsck_report *rep,
			void **state)
{
	struct oci_opts *o = opts;
	int ret;

	*state = o;
	o->fd = -1;
	o->index_fd = -ENOENT;
	/* before the sandbox, which opens no library */
	ret = archive_lib_load(o->file, rep);
	if (!ret)
		ret = oci_open(o, rep);
	/* a layout without index.json: the scan says what is missing */
	if (o->fd >= 0 || o->index_fd >= 0 || o->nblobs)
		return 0;
	return ret;
}

static int oci_src_scan(void *state, const struct fsck_report *rep,
			struct entry **v, size_t *n,
			volatile sig_atomic_t *intr)
{
	return oci_scan(state, rep, v, n, intr);
}

const struct source_ops oci_source = {
	.name = "oci", .offline = true,
	.open = oci_src_open, .scan = oci_src_scan,
};
