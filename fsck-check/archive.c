// SPDX-License-Identifier: GPL-2.0-only
/*
 * archive.c - the tar source of struct entry, read through libarchive,
 * read-only: nothing is extracted, no name is followed.
 *
 * The reader (tar_*()) returns one member at a time with its name made
 * relative to the archive root ("/" and the components, "./" and
 * repeated slashes dropped) and its security.capability exactly as the
 * PAX header carries it (SCHILY.xattr.security.capability as GNU tar and
 * Docker write it, LIBARCHIVE.xattr.security.capability as bsdtar does;
 * libarchive presents both as the same extended attribute), whatever the
 * bytes are.  archive_scan() turns members into entries through the
 * tree of tree.c, as extraction would leave it: a later member of the
 * same name replaces an earlier one, and a hard link is one more name
 * of its target.
 *
 * What it keeps grows with the values and the directories, not with the
 * files.  Hostile input ends with an error naming the archive, never a
 * crash or a hang: a name with a ".." component or below a symbolic
 * link (tree_visible()) is skipped, an absolute one read relative to the
 * root (as tar extracts it) and reported, and the bounds of
 * archive-scan.h stop the reading.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <archive.h>
#include <archive_entry.h>

#include "archive-scan.h"
#include "hash.h"
#include "tools.h"
#include "tree.h"

/* libarchive's soname, the same since libarchive 3.0 */
#ifndef LIBARCHIVE_SONAME
#define LIBARCHIVE_SONAME "libarchive.so.13"
#endif

const bool archive_supported = true;

/*
 * libarchive is loaded when an archive or an OCI image is to be read, not
 * when fsck-check starts: with the libraries it brings (ICU, libxml2,
 * libstdc++, nettle, the compressors: 12 of the tool's 22) it made every
 * run, a scan of a mounted tree too, start 4-5 ms later.  The calls this
 * file makes, bound by archive_lib_load():
 */
#define LA_CALLS(X) \
	X(archive_entry_gid), \
	X(archive_entry_hardlink), \
	X(archive_entry_mode), \
	X(archive_entry_pathname), \
	X(archive_entry_uid), \
	X(archive_entry_xattr_next), \
	X(archive_entry_xattr_reset), \
	X(archive_error_string), \
	X(archive_filter_bytes), \
	X(archive_filter_count), \
	X(archive_read_data), \
	X(archive_read_data_block), \
	X(archive_read_data_skip), \
	X(archive_read_free), \
	X(archive_read_new), \
	X(archive_read_next_header), \
	X(archive_read_open), \
	X(archive_read_open_fd), \
	X(archive_read_support_filter_bzip2), \
	X(archive_read_support_filter_gzip), \
	X(archive_read_support_filter_lz4), \
	X(archive_read_support_filter_lzma), \
	X(archive_read_support_filter_xz), \
	X(archive_read_support_filter_zstd), \
	X(archive_read_support_format_tar), \
	X(archive_set_error)
#define LA_INDEX(f) LA_##f
#define LA_NAME(f) #f
enum { LA_CALLS(LA_INDEX), LA_N };
static const char *const la_names[LA_N] = { LA_CALLS(LA_NAME) };
static void *la_fn[LA_N];
/* libarchive's @f, as its prototype has it: LA(archive_read_new)() */
#define LA(f) ((__typeof__(f) *)la_fn[LA_##f])

/**
 * archive_lib_load() - load libarchive (LIBARCHIVE_SONAME) and bind its calls
 * @file:	the archive or image it is for, for the report
 * @rep:	where damage goes
 *
 * Once per process; the sources call it before the sandbox (sandbox.c),
 * which leaves no file to open, and tar_open() again (the fuzzers and the
 * tests have no sandbox).
 *
 * Return: 0, or -ELIBACC after an error naming @file.
 */
int archive_lib_load(const char *file, const struct fsck_report *rep)
{
	void *h;
	int i;

	if (la_fn[LA_N - 1])	/* bound in order: all are */
		return 0;
	h = dlopen(LIBARCHIVE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fsck_damagef(rep, FSCK_ERROR, file, 0, dlerror(),
			     "cannot read archives without libarchive");
		return -ELIBACC;
	}
	for (i = 0; i < LA_N; i++) {
		la_fn[i] = dlsym(h, la_names[i]);
		if (!la_fn[i]) {
			fsck_damagef(rep, FSCK_ERROR, file, 0, dlerror(),
				     "cannot read archives");
			dlclose(h);
			return -ELIBACC;
		}
	}
	return 0;
}

struct tar_reader {
	struct archive *a;
	const char *file;
	const struct fsck_report *rep;
	volatile sig_atomic_t *intr;
	unsigned long members;
	bool compressed;
	bool data_left;		/* the current member's data is unread */
	bool failed;		/* damage was reported */
	char *path, *link;
	size_t pathcap, linkcap;
	struct fcap_read value;	/* the current member's */
};

__attribute__((format(printf, 2, 3)))
static void tar_fail(struct tar_reader *r, const char *fmt, ...)
{
	char what[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fsck_damagef(r->rep, FSCK_ERROR, r->file, 0, NULL, "%s", what);
	r->failed = true;
}

/*
 * @in as "/" plus its components, into @buf.  Return: 0; 1 when @in was
 * absolute; -EINVAL for a ".." component (outside the root, or a way
 * there) or a name with no component but "." and "/" is fine ("/").
 */
static int norm_name(const char *in, char **buf, size_t *cap)
{
	size_t need = strlen(in) + 2, o = 0, l;
	const char *p = in, *q;
	int abs = in[0] == '/';

	if (need > *cap) {
		*buf = xreallocarray(*buf, need, 1);
		*cap = need;
	}
	while (*p) {
		while (*p == '/')
			p++;
		q = strchrnul(p, '/');
		l = q - p;
		if (l == 2 && p[0] == '.' && p[1] == '.')
			return -EINVAL;
		if (l && !(l == 1 && p[0] == '.')) {
			(*buf)[o++] = '/';
			memcpy(*buf + o, p, l);
			o += l;
		}
		p = q;
	}
	if (!o)
		(*buf)[o++] = '/';
	(*buf)[o] = '\0';
	return abs;
}

/* The decompression-bomb bound: false (and an error) when it is passed. */
static bool bomb_ok(struct tar_reader *r)
{
	la_int64_t out, in;

	if (!r->compressed)
		return true;
	out = LA(archive_filter_bytes)(r->a, 0);
	in = LA(archive_filter_bytes)(r->a, -1);
	if ((unsigned long long)out <= ARCHIVE_BOMB_FLOOR || in <= 0 ||
	    out / in <= ARCHIVE_BOMB_RATIO)
		return true;
	tar_fail(r, "%lld bytes uncompressed from %lld read, more than %d to 1: a decompression bomb? stopped there",
		 (long long)out, (long long)in, ARCHIVE_BOMB_RATIO);
	return false;
}

/* Pass over the rest of the member's data, within the bounds. */
static int skip_data(struct tar_reader *r)
{
	const void *buf;
	size_t len;
	la_int64_t off;
	int ret;

	if (!r->data_left)
		return 0;
	r->data_left = false;
	if (!r->compressed)
		ret = LA(archive_read_data_skip)(r->a);
	else
		while ((ret = LA(archive_read_data_block)(r->a, &buf,
							  &len, &off)) ==
		       ARCHIVE_OK)
			if (*r->intr || !bomb_ok(r))
				return -EINTR;
	if (ret == ARCHIVE_OK || ret == ARCHIVE_EOF || ret == ARCHIVE_WARN)
		return 0;
	tar_fail(r, "member %lu: %s", r->members,
		 LA(archive_error_string)(r->a) ?: "data unreadable");
	return -EIO;
}

static la_ssize_t read_cb(struct archive *a, void *priv, const void **buf)
{
	struct tar_source *src = priv;
	ssize_t n;

	*buf = src->buf;
	n = src->read(src->priv, src->buf, sizeof(src->buf));
	if (n < 0) {
		LA(archive_set_error)(a, (int)-n, "%s", strerror((int)-n));
		return -1;
	}
	return n;
}

/**
 * tar_open() - start reading the tar archive open at @fd, or read
 *		through @src when @fd is negative
 * @r:		the reader, on success
 * @file:	its name, for messages
 * @fd:		the archive (the caller closes it after tar_close())
 * @src:	with @fd -1: where the bytes come from (a layer inside an
 *		image), which must outlive the reader
 * @rep:	where the damage of the archive goes (must outlive the
 *		reader)
 * @intr:	set (by a signal handler) to stop early
 *
 * Return: 0, or a negative errno after an error naming @file.
 */
int tar_open(struct tar_reader **rp, const char *file, int fd,
	     struct tar_source *src, const struct fsck_report *rep,
	     volatile sig_atomic_t *intr)
{
	struct tar_reader *r;
	int ret;

	if (archive_lib_load(file, rep))
		return -ELIBACC;
	r = xcalloc(1, sizeof(*r));
	r->file = file;
	r->rep = rep;
	r->intr = intr;
	r->a = LA(archive_read_new)();
	if (!r->a)
		oom();
	/* Only filters built into the library: no external programs. */
	LA(archive_read_support_format_tar)(r->a);
	LA(archive_read_support_filter_gzip)(r->a);
	LA(archive_read_support_filter_bzip2)(r->a);
	LA(archive_read_support_filter_xz)(r->a);
	LA(archive_read_support_filter_lzma)(r->a);
	LA(archive_read_support_filter_lz4)(r->a);
	LA(archive_read_support_filter_zstd)(r->a);
	if (fd >= 0)
		ret = LA(archive_read_open_fd)(r->a, fd, 65536);
	else
		ret = LA(archive_read_open)(r->a, src, NULL, read_cb, NULL);
	if (ret != ARCHIVE_OK) {
		fsck_damagef(rep, FSCK_ERROR, file, 0,
			     LA(archive_error_string)(r->a) ?: "unknown error",
			     "cannot read a tar archive");
		LA(archive_read_free)(r->a);
		free(r);
		return -EINVAL;
	}
	r->compressed = LA(archive_filter_count)(r->a) > 1;
	*rp = r;
	return 0;
}

/* The value of security.capability of @ae, if any, into @m. */
static void member_value(struct tar_reader *r, struct archive_entry *ae,
			 struct tar_member *m)
{
	const char *name;
	const void *val;
	size_t size;

	LA(archive_entry_xattr_reset)(ae);
	while (LA(archive_entry_xattr_next)(ae, &name, &val, &size) ==
	       ARCHIVE_OK) {
		if (strcmp(name, FCAP_XATTR_NAME))
			continue;
		fcap_read_release(&r->value);
		if (fcap_read_buf(val, size, &r->value))
			oom();
		m->value = &r->value;
	}
}

/* A name into @buf; false (after an error) when it cannot be used. */
static bool member_name(struct tar_reader *r, const char *what,
			const char *name, char **buf, size_t *cap)
{
	char *e;
	int ret;

	ret = norm_name(name, buf, cap);
	if (ret >= 0 && !(ret > 0 && !strcmp(what, "name")))
		return true;
	e = escaped(name);
	if (ret > 0)
		tar_fail(r, "member %lu: absolute name \"%s\": read as %s relative to the archive root, as tar extracts it",
			 r->members, e, *buf);
	else
		tar_fail(r, "member %lu: %s \"%s\" has a \"..\" component, a way out of the archive root: skipped",
			 r->members, what, e);
	free(e);
	return ret > 0;
}

/*
 * A name that is not in the character set the header says (GNU tar
 * writes one it cannot convert as it is) is kept byte for byte: the
 * bytes are the name, as on the file system.  Not a fault of the archive.
 */
static bool conversion_only(struct archive *a)
{
	const char *e = LA(archive_error_string)(a);

	return e && strstr(e, "can't be converted from");
}

/**
 * tar_next() - the next member
 * @r:		the reader
 * @m:		the member, on 1
 *
 * Skips what cannot be used, after saying why.
 *
 * Return: 1, a member; 0, the end (or @r's @intr); a negative errno,
 * the reading stopped after an error naming the archive.
 */
int tar_next(struct tar_reader *r, struct tar_member *m)
{
	struct archive_entry *ae;
	la_int64_t before, hdr;
	const char *name, *link;
	int ret;

	for (;;) {
		if (skip_data(r) < 0)
			return *r->intr ? 0 : -EIO;
		if (*r->intr)
			return 0;
		if (r->members >= ARCHIVE_MEMBERS_MAX) {
			tar_fail(r, "more than %lu members: stopped there",
				 ARCHIVE_MEMBERS_MAX);
			return -E2BIG;
		}
		before = LA(archive_filter_bytes)(r->a, 0);
		ret = LA(archive_read_next_header)(r->a, &ae);
		if (ret == ARCHIVE_EOF)
			return 0;
		r->members++;
		if (ret != ARCHIVE_OK && ret != ARCHIVE_WARN) {
			tar_fail(r, "member %lu: %s: stopped there",
				 r->members, LA(archive_error_string)(r->a) ?:
				 "unreadable header");
			return -EIO;
		}
		r->data_left = true;
		hdr = LA(archive_filter_bytes)(r->a, 0) - before;
		if (hdr > ARCHIVE_HEADER_MAX) {
			tar_fail(r, "member %lu: a header of %lld bytes, more than %d: stopped there",
				 r->members, (long long)hdr, ARCHIVE_HEADER_MAX);
			return -E2BIG;
		}
		if (!bomb_ok(r))
			return -E2BIG;
		name = LA(archive_entry_pathname)(ae);
		if (ret == ARCHIVE_WARN && !conversion_only(r->a))
			tar_fail(r, "member %lu: %s", r->members,
				 LA(archive_error_string)(r->a) ?: "warning");
		if (!name) {
			tar_fail(r, "member %lu: no name: skipped", r->members);
			continue;
		}
		if (!member_name(r, "name", name, &r->path, &r->pathcap))
			continue;
		memset(m, 0, sizeof(*m));
		m->path = r->path;
		link = LA(archive_entry_hardlink)(ae);
		if (link) {
			if (!member_name(r, "hard link target", link, &r->link,
					 &r->linkcap))
				continue;
			m->link = r->link;
		}
		m->mode = LA(archive_entry_mode)(ae);
		m->uid = LA(archive_entry_uid)(ae);
		m->gid = LA(archive_entry_gid)(ae);
		member_value(r, ae, m);
		return 1;
	}
}

/**
 * tar_read() - read the current member's data
 * @priv:	the reader, after tar_next() returned 1
 * @buf: @len:	where to, how much at most
 *
 * Return: the bytes read, 0 at the end of the member, or a negative
 * errno (no message: the caller says what it was reading).
 */
ssize_t tar_read(void *priv, void *buf, size_t len)
{
	struct tar_reader *r = priv;
	la_ssize_t n;

	r->data_left = false;
	if (*r->intr || !bomb_ok(r))
		return -EINTR;
	n = LA(archive_read_data)(r->a, buf, len);
	return n < 0 ? -EIO : n;
}

/**
 * tar_hash() - SHA-256 of the current member's data
 * @r:		the reader, after tar_next() returned 1
 * @out:	the digest
 *
 * Return: 0, or a negative errno (after an error naming the archive,
 * unless interrupted).
 */
int tar_hash(struct tar_reader *r, unsigned char out[32])
{
	int ret;

	r->data_left = false;
	ret = sha256_read(tar_read, r, out);
	if (ret < 0 && !*r->intr)
		tar_fail(r, "member %lu: data unreadable: %s", r->members,
			 LA(archive_error_string)(r->a) ?: "not hashed");
	return ret;
}

/* Members read so far (the inode numbers of an archive's files). */
unsigned long tar_members(const struct tar_reader *r)
{
	return r->members;
}

/**
 * tar_warn() - report a fault of the member just read
 * @r:		the reader
 * @what:	the fault
 *
 * tar_fail() is for the reader's own reports; tar_warn() lets a caller
 * (oci.c) report a fault of the member just read the same way.
 */
void tar_warn(struct tar_reader *r, const char *what)
{
	tar_fail(r, "member %lu: %s", r->members, what);
}

/**
 * tar_visible() - is the member just read a name of the tree @t, and
 *		if not, report it (tree_visible())
 * @r:		the reader
 * @t:		the tree being built of its members
 * @m:		the member
 *
 * Return: true when the member is to be used.
 */
bool tar_visible(struct tar_reader *r, struct tar_tree *t,
		 const struct tar_member *m)
{
	enum tree_verdict v;
	const char *lnk;
	char *en, *el;

	v = tree_visible(t, m, &lnk);
	if (v == TREE_VISIBLE)
		return true;
	en = escaped((v == TREE_NAME_BELOW_LINK ? m->path : m->link) + 1);
	el = escaped(lnk + 1);
	tar_fail(r, "member %lu: %s \"%s\" is below the symbolic link \"%s\": tar refuses to extract it, a container runtime follows the link: skipped",
		 r->members, v == TREE_NAME_BELOW_LINK ? "name" :
		 "hard link target", en, el);
	free(en);
	free(el);
	return false;
}

/**
 * tar_add() - the member just read, added to the tree @t (tree_add())
 * @r:		the reader
 * @t:		the tree
 * @m:		the member, visible (tar_visible())
 * @hash:	hash its data when the tree wants it (tree_wants_hash())
 *
 * Return: 0, or -E2BIG when a bound of the tree is passed.
 */
int tar_add(struct tar_reader *r, struct tar_tree *t,
	    const struct tar_member *m, bool hash)
{
	unsigned char sha[32];
	bool hashed;

	hashed = hash && tree_wants_hash(t, m) && tar_hash(r, sha) == 0;
	return tree_add(t, m, r->members, hashed ? sha : NULL);
}

/**
 * tar_close() - end the reading, close the archive
 * @r:		the reader
 *
 * Return: 0, or -EIO when damage was reported.
 */
int tar_close(struct tar_reader *r)
{
	int ret = r->failed ? -EIO : 0;

	LA(archive_read_free)(r->a);
	free(r->path);
	free(r->link);
	fcap_read_release(&r->value);
	free(r);
	return ret;
}

/**
 * archive_scan() - collect the entries of a tar archive
 * @o:		what to read
 * @rep:	where damage goes
 * @v: @n:	entries are appended here (each @path malloc()ed)
 * @intr:	set (by a signal handler) to stop early
 *
 * Reports to @rep what cannot be read.  Usable on its own, for instance
 * from a fuzzing harness.
 *
 * Return: 0, or a negative errno when the archive could not be read
 * whole or holds hostile names (each reported).
 */
int archive_scan(const struct archive_opts *o, const struct fsck_report *rep,
		 struct entry **v, size_t *n, volatile sig_atomic_t *intr)
{
	struct tar_tree *s;
	struct tar_reader *r;
	struct tar_member m;
	int ret;

	ret = tar_open(&r, o->file, o->fd, NULL, rep, intr);
	if (ret < 0) {
		close(o->fd);
		return ret;
	}
	s = tree_new(*v, *n, false);
	while ((ret = tar_next(r, &m)) > 0) {
		if (!tar_visible(r, s, &m))
			continue;
		if (tar_add(r, s, &m, o->hash) < 0) {
			tar_fail(r, "more than %lu names with a value: stopped there",
				 TREE_VALUES_MAX);
			break;
		}
	}
	ret = tar_close(r);
	close(o->fd);
	tree_end(s, v, n);
	return ret;
}

static int archive_src_scan(void *state, const struct fsck_report *rep,
			    struct entry **v, size_t *n,
			    volatile sig_atomic_t *intr)
{
	return archive_scan(state, rep, v, n, intr);
}

const struct source_ops archive_source = {
	.name = "archive", .offline = true,
	.open = archive_src_open, .scan = archive_src_scan,
};
