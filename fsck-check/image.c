// SPDX-License-Identifier: GPL-2.0-only
/*
 * image.c - the offline source of struct entry: an ext2/3/4 file system in
 * an image file or an unmounted device, read through libext2fs, read-only.
 *
 * Pass 1 reads every in-use inode once, in inode-table order, and keeps
 * those whose security.capability libext2fs returns, raw, whatever the
 * bytes are, noting whether the inode body or the external EA block holds
 * it.  Pass 2 walks the directory tree once from the root, each directory
 * at most once (so a looping tree ends), and gives every kept inode all
 * of its names.  Kept inodes no directory reaches are orphans, named
 * "<inode N>".
 *
 * Damage is reported and stepped over: a checksum mismatch is named and
 * the data used anyway, an unreadable inode table group, EA block or
 * directory is named and skipped.  Each is reported (report.h), and
 * makes the result incomplete.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <et/com_err.h>
#include <ext2fs/ext2_fs.h>
#include <ext2fs/ext2fs.h>

#include "crc32c.h"
#include "hash.h"
#include "image.h"
#include "tools.h"

/* One inode with a value, found in pass 1. */
struct hit {
	ext2_ino_t ino;
	uint32_t mode, uid, gid;
	uint16_t nlink;
	enum entry_storage storage;
	uint64_t ea_block;
	struct fcap_read read;	/* the value, whole */
	bool has_sha;
	unsigned char sha256[32];
	size_t names;		/* names found in pass 2 */
};

/*
 * A directory's inode as pass 1 read it, its checksum verified: pass 2
 * gets it from here, not from the inode table again (stash_read_inode()).
 */
struct stash {
	ext2_ino_t ino;
	struct ext2_inode in;
};

/* A directory waiting to be read. */
struct dirq {
	ext2_ino_t ino;
	char *path;
};

struct img {
	ext2_filsys fs;
	const struct image_opts *o;
	const struct fsck_report *rep;
	volatile sig_atomic_t *intr;
	struct hit *h;
	size_t nh, caph;
	unsigned char *inuse;	/* the in-use bitmap, bit N - 1 for inode N */
	unsigned char *isdir;	/* in-use directories, from pass 1 */
	unsigned char *ishit;	/* inodes in @h: most names need no search */
	unsigned char *seen;	/* directories queued once already */
	struct stash *st;	/* directory inodes, by number */
	size_t nst, capst;
	const struct stash *last_st;	/* the one stash_read_inode() gave */
	struct dirq *q;
	size_t nq, capq;
	struct entry *v;
	size_t n, cap;
	unsigned long fails;	/* img_fail() calls */
	/* the directory being read by dir_cb() */
	const char *dpath;
	size_t dlen;
	uint32_t dmode;
	bool dmode_known;
	unsigned long skip;	/* entries to pass over on a retry */
	unsigned long done;	/* entries handled in this directory */
	unsigned long limit;	/* more entries than its size allows */
};

/*
 * Directories deeper than this are not descended: a crafted chain of
 * directories would otherwise cost time quadratic in its depth.
 */
#define PATH_BOUND	65536

static bool bit_test(const unsigned char *b, ext2_ino_t i)
{
	return b[i / 8] & (1u << (i % 8));
}

static void bit_set(unsigned char *b, ext2_ino_t i)
{
	b[i / 8] |= 1u << (i % 8);
}

static bool csum_error(errcode_t e)
{
	switch (e) {
	case EXT2_ET_INODE_CSUM_INVALID:
	case EXT2_ET_EXT_ATTR_CSUM_INVALID:
	case EXT2_ET_DIR_CSUM_INVALID:
	case EXT2_ET_EXTENT_CSUM_INVALID:
	case EXT2_ET_INODE_BITMAP_CSUM_INVALID:
	case EXT2_ET_BLOCK_BITMAP_CSUM_INVALID:
	case EXT2_ET_DIR_NO_SPACE_FOR_CSUM:
		return true;
	}
	return false;
}

/* Something could not be read (or trusted): say what, and remember it. */
__attribute__((format(printf, 3, 4)))
static void img_fail(struct img *m, errcode_t e, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fsck_damagef(m->rep, FSCK_ERROR, m->o->file, 0,
		     e ? error_message(e) : NULL, "%s", what);
	m->fails++;
}

/* Checksum verification off (to read damaged data anyway) and on. */
static void csum_off(struct img *m)
{
	m->fs->flags |= EXT2_FLAG_IGNORE_CSUM_ERRORS;
}

static void csum_on(struct img *m)
{
	m->fs->flags &= ~EXT2_FLAG_IGNORE_CSUM_ERRORS;
}

/* Is the in-inode EA magic there (the same test libext2fs makes)? */
static bool has_ibody_ea(ext2_filsys fs, const struct ext2_inode_large *in)
{
	size_t isz = EXT2_INODE_SIZE(fs->super);
	size_t off;
	uint32_t magic;

	if (isz <= EXT2_GOOD_OLD_INODE_SIZE || in->i_extra_isize & 3)
		return false;
	off = EXT2_GOOD_OLD_INODE_SIZE + in->i_extra_isize;
	if (in->i_extra_isize < sizeof(in->i_extra_isize) ||
	    off + sizeof(magic) >= isz)
		return false;
	memcpy(&magic, (const char *)in + off, sizeof(magic));
	return ext2fs_le32_to_cpu(magic) == EXT2_EXT_ATTR_MAGIC;
}

struct value {
	bool found;
	struct fcap_read read;
};

/*
 * security.capability from the attributes of @in, as libext2fs reads
 * them.  When the read fails part-way, the attributes before the damage
 * are still searched: @val->found may be true with an error returned.
 */
static errcode_t read_fcap(ext2_filsys fs, ext2_ino_t ino,
			   struct ext2_inode_large *in, struct value *val)
{
	struct ext2_xattr_handle *h = NULL;
	void *buf = NULL;
	size_t len = 0;
	errcode_t e, e_read;

	val->found = false;
	e = ext2fs_xattrs_open(fs, ino, &h);
	if (e)
		return e;
#ifdef HAVE_EXT2FS_XATTRS_READ_INODE
	e_read = ext2fs_xattrs_read_inode(h, in);
#else
	e_read = ext2fs_xattrs_read(h);
#endif
	e = ext2fs_xattr_get(h, FCAP_XATTR_NAME, &buf, &len);
	if (e) {
		if (e == EXT2_ET_EA_KEY_NOT_FOUND)
			e = 0;
		goto out_close;
	}
	val->found = true;
	fcap_read_release(&val->read);
	if (fcap_read_buf(buf, len, &val->read))
		oom();
	ext2fs_free_mem(&buf);
out_close:
	ext2fs_xattrs_close(&h);
	return e_read ? e_read : e;
}

/*
 * Read one place (@block false: the inode body; true: the EA block) of
 * @ino's attributes.  A checksum mismatch is reported and the data used.
 * Returns false when the place could not be read.
 */
static bool read_place(struct img *m, ext2_ino_t ino,
		       const struct ext2_inode_large *in, size_t isz,
		       bool block, struct value *val)
{
	struct ext2_inode_large *c;
	blk64_t blk = ext2fs_file_acl_block(m->fs, (const void *)in);
	errcode_t e;

	c = xcalloc(1, isz);
	memcpy(c, in, EXT2_INODE_SIZE(m->fs->super));
	if (block)
		c->i_extra_isize = 0;	/* libext2fs skips the body */
	else
		ext2fs_file_acl_block_set(m->fs, (struct ext2_inode *)c, 0);
	e = read_fcap(m->fs, ino, c, val);
	if (csum_error(e)) {
		img_fail(m, e, "inode %u: EA block %llu", ino,
			 (unsigned long long)blk);
		csum_off(m);
		e = read_fcap(m->fs, ino, c, val);
		csum_on(m);
	}
	free(c);
	if (!e)
		return true;
	if (block)
		img_fail(m, e, "inode %u: EA block %llu %s", ino,
			 (unsigned long long)blk, val->found ?
			 "partly unreadable (security.capability was read)" :
			 "unreadable");
	else
		img_fail(m, e, "inode %u: in-inode extended attributes %s", ino,
			 val->found ?
			 "partly unreadable (security.capability was read)" :
			 "unreadable");
	return false;
}

/* @ino has attributes in its body (@ibody) or an EA block (@blk). */
static void add_hit(struct img *m, ext2_ino_t ino,
		    const struct ext2_inode_large *in, size_t isz,
		    bool ibody, blk64_t blk)
{
	struct value ib = { 0 }, bl = { 0 }, *val;
	struct hit *h;

#ifdef HAVE_EXT2FS_XATTRS_READ_INODE
	if (ibody)
		read_place(m, ino, in, isz, false, &ib);
	if (blk && !ib.found)
		read_place(m, ino, in, isz, true, &bl);
#else
	/* Older libext2fs: one read of both places, storage unknown. */
	{
		errcode_t e = read_fcap(m->fs, ino, (void *)in, &ib);

		if (e)
			img_fail(m, e, "inode %u: extended attributes unreadable",
				 ino);
	}
#endif
	if (!ib.found && !bl.found)
		return;
	val = ib.found ? &ib : &bl;
	if (m->nh == m->caph) {
		m->caph = m->caph ? 2 * m->caph : 64;
		m->h = xreallocarray(m->h, m->caph, sizeof(*m->h));
	}
	h = &m->h[m->nh++];
	memset(h, 0, sizeof(*h));
	h->ino = ino;
	bit_set(m->ishit, ino);
#ifdef HAVE_EXT2FS_XATTRS_READ_INODE
	h->storage = ib.found ? STORE_INODE : STORE_BLOCK;
#else
	h->storage = STORE_UNKNOWN;
#endif
	h->ea_block = ib.found ? 0 : blk;
	h->read = val->read;
	val->read.data = NULL;	/* @h has it */
	h->mode = in->i_mode;
	h->uid = inode_uid(*in);
	h->gid = inode_gid(*in);
	h->nlink = in->i_links_count;
}

/*
 * The in-use inode bitmap, copied to @m->inuse (bit N - 1 for inode N:
 * a bit test per inode, not a call through libext2fs's bitmap layers);
 * false (and said so) when it cannot be read, in which case inodes are
 * judged by their link count and deletion time.
 */
static bool load_inode_bitmap(struct img *m)
{
	ext2_ino_t count = m->fs->super->s_inodes_count;
	errcode_t e = ext2fs_read_inode_bitmap(m->fs);

	if (csum_error(e)) {
		img_fail(m, e, "inode bitmap");
		csum_off(m);
		e = ext2fs_read_inode_bitmap(m->fs);
		csum_on(m);
	}
	if (!e)
		e = ext2fs_get_inode_bitmap_range2(m->fs->inode_map, 1, count,
						   m->inuse);
	if (e)
		img_fail(m, e, "inode bitmap unreadable: judging inodes by their link count");
	return !e;
}

static bool inode_in_use(struct img *m, bool bitmap, ext2_ino_t ino,
			 const struct ext2_inode_large *in)
{
	if (bitmap)
		return bit_test(m->inuse, ino - 1);
	return in->i_links_count && !in->i_dtime && in->i_mode;
}

/* After an unreadable stretch of the inode table: on to the next group. */
static bool skip_group(struct img *m, ext2_inode_scan scan, ext2_ino_t *last,
		       errcode_t e)
{
	uint32_t ipg = m->fs->super->s_inodes_per_group;
	dgrp_t g = *last / ipg;		/* the group that failed */

	img_fail(m, e, "inode table of group %u unreadable (inodes %u to %u)",
		 g, g * ipg + 1, (g + 1) * ipg);
	while (++g < m->fs->group_desc_count) {
		*last = g * ipg;
		e = ext2fs_inode_scan_goto_blockgroup(scan, g);
		if (!e)
			return true;
		img_fail(m, e, "inode table of group %u unreadable (inodes %u to %u)",
			 g, g * ipg + 1, (g + 1) * ipg);
	}
	return false;
}

/* Keep directory inode @ino, read and verified in pass 1, for pass 2. */
static void stash_dir(struct img *m, ext2_ino_t ino,
		      const struct ext2_inode_large *in)
{
	if (m->nst == m->capst) {
		m->capst = m->capst ? 2 * m->capst : 64;
		m->st = xreallocarray(m->st, m->capst, sizeof(*m->st));
	}
	m->st[m->nst].ino = ino;
	memcpy(&m->st[m->nst++].in, in, sizeof(struct ext2_inode));
}

static int cmp_stash(const void *k, const void *x)
{
	ext2_ino_t a = *(const ext2_ino_t *)k;
	ext2_ino_t b = ((const struct stash *)x)->ino;

	return a < b ? -1 : a > b;
}

/*
 * libext2fs's read_inode hook: a directory inode pass 1 read and whose
 * checksum it verified comes from the stash (the same bytes a read of
 * the inode table would give, as the image is read-only), which saves
 * pass 2 one inode table block read per directory; any other inode is
 * read as usual.
 */
static errcode_t stash_read_inode(ext2_filsys fs, ext2_ino_t ino,
				  struct ext2_inode *inode)
{
	struct img *m = fs->priv_data;
	const struct stash *st = m->last_st;

	/* a directory's inode is asked for several times in a row */
	if (!st || st->ino != ino)
		st = m->nst ? bsearch(&ino, m->st, m->nst, sizeof(*m->st),
				      cmp_stash) : NULL;
	if (!st)
		return EXT2_ET_CALLBACK_NOTHANDLED;
	m->last_st = st;
	memcpy(inode, &st->in, sizeof(*inode));
	return 0;
}

/* Pass 1: every in-use inode, once. */
static void scan_inodes(struct img *m)
{
	ext2_filsys fs = m->fs;
	size_t isz = EXT2_INODE_SIZE(fs->super);
	size_t bufsz = isz > sizeof(struct ext2_inode_large) ?
		       isz : sizeof(struct ext2_inode_large);
	struct ext2_inode_large *in;
	ext2_inode_scan scan;
	ext2_ino_t ino = 0, last = 0;
	bool bitmap, dir, ibody;
	blk64_t blk;
	errcode_t e;

	bitmap = load_inode_bitmap(m);
	in = xcalloc(1, bufsz);
	e = ext2fs_open_inode_scan(fs, 0, &scan);
	if (e) {
		img_fail(m, e, "cannot scan the inode tables");
		free(in);
		return;
	}
	/*
	 * Checksums are verified below only for the inodes that matter (a
	 * directory, or one with extended attributes): CRC32c over every
	 * inode table would cost more than the rest of the scan.
	 */
	csum_off(m);
	while (!*m->intr) {
		e = ext2fs_get_next_inode_full(scan, &ino, (void *)in, isz);
		if (e) {
			if (!skip_group(m, scan, &last, e))
				break;
			continue;
		}
		if (!ino || ino > fs->super->s_inodes_count)
			break;
		last = ino;
		if (!inode_in_use(m, bitmap, ino, in))
			continue;
		dir = LINUX_S_ISDIR(in->i_mode);
		if (dir)
			bit_set(m->isdir, ino);
		if ((ino < EXT2_FIRST_INODE(fs->super) && ino != EXT2_ROOT_INO) ||
		    (in->i_flags & EXT4_EA_INODE_FL))
			continue;
		ibody = has_ibody_ea(fs, in);
		blk = ext2fs_file_acl_block(fs, (void *)in);
		if (!dir && !ibody && !blk)
			continue;
		if (!ext2fs_inode_csum_verify(fs, ino, in))
			img_fail(m, EXT2_ET_INODE_CSUM_INVALID, "inode %u", ino);
		else if (dir)
			stash_dir(m, ino, in);
		if (!ibody && !blk)
			continue;
		csum_on(m);
		add_hit(m, ino, in, bufsz, ibody, blk);
		csum_off(m);
	}
	csum_on(m);
	ext2fs_close_inode_scan(scan);
	free(in);
}

static int cmp_hit(const void *k, const void *x)
{
	ext2_ino_t a = *(const ext2_ino_t *)k, b = ((const struct hit *)x)->ino;

	return a < b ? -1 : a > b;
}

static struct hit *find_hit(struct img *m, ext2_ino_t ino)
{
	if (!m->nh)
		return NULL;
	return bsearch(&ino, m->h, m->nh, sizeof(*m->h), cmp_hit);
}

static void push_entry(struct img *m, struct hit *h, char *path,
		       uint32_t pmode, bool pknown)
{
	struct entry *e;

	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->v = xreallocarray(m->v, m->cap, sizeof(*m->v));
	}
	e = &m->v[m->n++];
	memset(e, 0, sizeof(*e));
	e->path = path;
	e->source = SRC_IMAGE;
	e->ino = h->ino;
	e->mode = h->mode;
	e->uid = h->uid;
	e->gid = h->gid;
	e->nlink = h->nlink;
	e->parent_mode = pmode;
	e->parent_known = pknown;
	e->storage = h->storage;
	e->ea_block = h->ea_block;
	e->has_sha = h->has_sha;
	memcpy(e->sha256, h->sha256, sizeof(e->sha256));
	if (fcap_read_dup(&e->read, &h->read))
		oom();
	h->names++;
}

static char *join(const char *dir, const char *name, size_t nlen)
{
	size_t dl = strlen(dir);
	char *p;

	if (dl && dir[dl - 1] == '/')
		dl--;
	p = xmalloc(dl + nlen + 2);
	memcpy(p, dir, dl);
	p[dl] = '/';
	memcpy(p + dl + 1, name, nlen);
	p[dl + 1 + nlen] = '\0';
	return p;
}

static void queue_dir(struct img *m, ext2_ino_t ino, char *path)
{
	bit_set(m->seen, ino);
	if (m->nq == m->capq) {
		m->capq = m->capq ? 2 * m->capq : 64;
		m->q = xreallocarray(m->q, m->capq, sizeof(*m->q));
	}
	m->q[m->nq].ino = ino;
	m->q[m->nq++].path = path;
}

static int dir_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *d,
		  int offset, int blocksize, char *buf, void *priv)
{
	struct img *m = priv;
	ext2_ino_t ino = d->inode;
	size_t nlen = ext2fs_dirent_name_len(d);
	struct hit *h;
	bool sub;
	char *path;

	if (m->done++ < m->skip)
		return 0;
	if (*m->intr || m->done > m->limit)
		return DIRENT_ABORT;
	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE)
		return 0;
	if (!ino || ino > m->fs->super->s_inodes_count || !nlen)
		return 0;
	if ((nlen == 1 && d->name[0] == '.') ||
	    (nlen == 2 && d->name[0] == '.' && d->name[1] == '.'))
		return 0;
	h = bit_test(m->ishit, ino) ? find_hit(m, ino) : NULL;
	sub = bit_test(m->isdir, ino);
	if (sub && bit_test(m->seen, ino)) {
		/* A directory with a second name: a loop, or a tree twice. */
		path = join(m->dpath, d->name, nlen);
		img_fail(m, 0, "%s: another name of directory inode %u (a directory hard link or loop): not walked again",
			 path, ino);
		free(path);
		sub = false;
	}
	if (sub && m->dlen + nlen + 1 > PATH_BOUND) {
		img_fail(m, 0, "directory inode %u: more than %d bytes deep: not walked",
			 ino, PATH_BOUND);
		sub = false;
	}
	if (!h && !sub)
		return 0;
	path = join(m->dpath, d->name, nlen);
	if (h)
		push_entry(m, h, sub ? xstrdup(path) : path, m->dmode,
			   m->dmode_known);
	if (sub)
		queue_dir(m, ino, path);
	return 0;
}

/* Read one directory; on a checksum mismatch, say so and read it anyway. */
static void read_dir(struct img *m, const struct dirq *d)
{
	uint64_t size, fs_bytes = ext2fs_blocks_count(m->fs->super) *
				  (uint64_t)m->fs->blocksize;
	struct ext2_inode in;
	errcode_t e;

	m->dpath = d->path;
	m->dlen = strlen(d->path);
	m->dmode_known = !ext2fs_read_inode(m->fs, d->ino, &in);
	m->dmode = m->dmode_known ? in.i_mode : 0;
	/*
	 * Empty entries are passed too, so that every block costs at least
	 * one call: a block map or extent tree that lists blocks again and
	 * again then ends at the bound instead of running for hours.
	 */
	size = m->dmode_known ? EXT2_I_SIZE(&in) : fs_bytes;
	m->limit = (size < fs_bytes ? size : fs_bytes) / 8 + 16;
	m->skip = m->done = 0;
	e = ext2fs_dir_iterate2(m->fs, d->ino, DIRENT_FLAG_INCLUDE_EMPTY,
				NULL, dir_cb, m);
	if (csum_error(e)) {
		img_fail(m, e, "directory %s (inode %u)", d->path, d->ino);
		m->skip = m->done;
		m->done = 0;
		csum_off(m);
		e = ext2fs_dir_iterate2(m->fs, d->ino,
					DIRENT_FLAG_INCLUDE_EMPTY, NULL,
					dir_cb, m);
		csum_on(m);
	}
	if (e)
		img_fail(m, e, "directory %s (inode %u) unreadable", d->path,
			 d->ino);
	else if (m->done > m->limit)
		img_fail(m, 0, "directory %s (inode %u) has more entries than its size allows: stopped there",
			 d->path, d->ino);
}

/* Pass 2: every name of every hit, one walk, each directory once. */
static void walk_tree(struct img *m)
{
	struct hit *h;
	struct dirq d;

	h = find_hit(m, EXT2_ROOT_INO);
	if (h)
		push_entry(m, h, xstrdup("/"), 0, false);
	if (!bit_test(m->isdir, EXT2_ROOT_INO)) {
		img_fail(m, 0, "the root inode is not an in-use directory: no names");
		return;
	}
	queue_dir(m, EXT2_ROOT_INO, xstrdup("/"));
	while (m->nq && !*m->intr) {
		d = m->q[--m->nq];
		read_dir(m, &d);
		free(d.path);
	}
	while (m->nq)
		free(m->q[--m->nq].path);
}

static void add_orphans(struct img *m, bool walk_complete)
{
	size_t i, n = 0;
	char *p;

	for (i = 0; i < m->nh; i++) {
		if (m->h[i].names)
			continue;
		if (!walk_complete && !n++)
			fsck_damagef(m->rep, FSCK_ERROR, m->o->file, 0, NULL,
				     "the tree could not be read whole: some inodes reported as orphans may have names there");
		if (asprintf(&p, "<inode %u>", m->h[i].ino) < 0)
			oom();
		push_entry(m, &m->h[i], p, 0, false);
		m->v[m->n - 1].orphan = true;
	}
}

/*
 * A directory whose block map lists a block twice yields its names twice:
 * keep one of each (the entries from @first on are sorted by path).
 */
static void drop_duplicates(struct img *m, size_t first)
{
	size_t i, out = first, dups = 0;

	if (m->n - first > 1)
		qsort(m->v + first, m->n - first, sizeof(*m->v),
		      entry_cmp_path);
	for (i = first; i < m->n; i++) {
		if (out > first && m->v[i].ino == m->v[out - 1].ino &&
		    !strcmp(m->v[i].path, m->v[out - 1].path)) {
			if (!dups++)
				img_fail(m, 0, "%s: the same name found more than once (a directory block listed twice?)",
					 m->v[i].path);
			entry_free(&m->v[i]);
			continue;
		}
		m->v[out++] = m->v[i];
	}
	if (dups > 1)
		fsck_damagef(m->rep, FSCK_WARNING, m->o->file, 0, NULL,
			     "%zu duplicate names dropped", dups);
	m->n = out;
}

static ssize_t read_file(void *priv, void *buf, size_t len)
{
	unsigned int got = 0;
	errcode_t e;

	e = ext2fs_file_read(priv, buf, len, &got);
	if (e)
		return -EIO;
	return got;
}

/* SHA-256 of the content of each regular file with a value. */
static void hash_hits(struct img *m)
{
	uint64_t fs_bytes = ext2fs_blocks_count(m->fs->super) *
			    (uint64_t)m->fs->blocksize;
	ext2_file_t f;
	__u64 size;
	errcode_t e;
	size_t i;

	for (i = 0; i < m->nh && !*m->intr; i++) {
		struct hit *h = &m->h[i];

		if (!LINUX_S_ISREG(h->mode))
			continue;
		e = ext2fs_file_open(m->fs, h->ino, 0, &f);
		if (e) {
			img_fail(m, e, "inode %u: cannot open for hashing",
				 h->ino);
			continue;
		}
		/* A corrupt size must not make a hash run for ever. */
		if (ext2fs_file_get_lsize(f, &size) || size > fs_bytes) {
			img_fail(m, 0, "inode %u: size %llu beyond the file system: not hashed",
				 h->ino, (unsigned long long)size);
		} else if (sha256_read(read_file, f, h->sha256) < 0) {
			img_fail(m, 0, "inode %u: content unreadable: not hashed",
				 h->ino);
		} else {
			h->has_sha = true;
		}
		ext2fs_file_close(f);
	}
}

/* Refuse a file system mounted read-write; note other trouble. */
static int check_mounted(const struct image_opts *o,
			 const struct fsck_report *rep)
{
	int mflags = 0;
	errcode_t e;

	e = ext2fs_check_if_mounted(o->file, &mflags);
	if (e) {
		fsck_damagef(rep, FSCK_NOTE, o->file, 0, error_message(e),
			     "cannot tell whether it is mounted");
		return 0;
	}
	if (!(mflags & EXT2_MF_MOUNTED) || (mflags & EXT2_MF_READONLY))
		return 0;
	if (!o->force) {
		fsck_damagef(rep, FSCK_ERROR, o->file, 0, NULL,
			     "mounted read-write: what it holds is changing (--force scans it anyway)");
		return -EBUSY;
	}
	fsck_damagef(rep, FSCK_NOTE, o->file, 0, NULL,
		     "mounted read-write: the results may be inconsistent");
	return 0;
}

/*
 * Open read-only (never EXT2_FLAG_RW); fall back to the first backup
 * superblock when the primary one is unusable.
 */
static errcode_t open_fs(struct img *m)
{
	static const unsigned int sizes[] = { 1024, 2048, 4096, 65536 };
	const struct image_opts *o = m->o;
	char io_opts[64];
	int flags = EXT2_FLAG_64BITS | EXT2_FLAG_SKIP_MMP |
		    EXT2_FLAG_IGNORE_CSUM_ERRORS;
	errcode_t e, e2;
	blk64_t sb;
	size_t i;

	snprintf(io_opts, sizeof(io_opts), "offset=%llu",
		 (unsigned long long)o->offset);
	e = ext2fs_open2(o->file, o->offset ? io_opts : NULL, flags, 0, 0,
			 unix_io_manager, &m->fs);
	if (!e)
		return 0;
	if (e == ENOENT || e == EACCES || e == EISDIR || e == EPERM)
		return e;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		sb = sizes[i] * 8 + (sizes[i] == 1024);
		e2 = ext2fs_open2(o->file, o->offset ? io_opts : NULL, flags,
				  sb, sizes[i], unix_io_manager, &m->fs);
		if (!e2) {
			img_fail(m, e, "primary superblock unusable; using the backup at block %llu",
				 (unsigned long long)sb);
			return 0;
		}
	}
	return e;
}

/* Checksums and journal state that ext2fs_open2() was told to ignore. */
static void check_super(struct img *m)
{
	ext2_filsys fs = m->fs;
	errcode_t e;
	dgrp_t g;

	if (!ext2fs_superblock_csum_verify(fs, fs->super))
		img_fail(m, EXT2_ET_SB_CSUM_INVALID, "superblock");
	for (g = 0; g < fs->group_desc_count; g++) {
		if (!ext2fs_group_desc_csum_verify(fs, g)) {
			img_fail(m, 0, "group %u: descriptor checksum mismatch", g);
			break;
		}
	}
	e = ext2fs_check_desc(fs);
	if (e)
		img_fail(m, e, "group descriptors");
	if (ext2fs_has_feature_journal_needs_recovery(fs->super))
		fsck_damagef(m->rep, FSCK_NOTE, m->o->file, 0, NULL,
			     "the journal needs recovery: changes still in the journal are not seen");
}

/**
 * image_open() - open an ext2/3/4 file system image, read-only
 * @o:		what to open
 * @rep:	where damage goes (kept for image_read())
 * @mp:		the open image, for image_read(); NULL when it could not be
 *		opened
 *
 * Everything that needs a name (the mount table, the image file) is
 * done here, so that image_read() needs only the descriptor.
 *
 * Return: 0, or a negative errno (after reporting why).
 */
int image_open(const struct image_opts *o, const struct fsck_report *rep,
	       struct img **mp)
{
	struct img *m;
	errcode_t e;
	int ret;

	*mp = NULL;
	initialize_ext2_error_table();
	crc32c_init();
	ret = check_mounted(o, rep);
	if (ret < 0)
		return ret;
	m = xcalloc(1, sizeof(*m));
	m->o = o;
	m->rep = rep;
	e = open_fs(m);
	if (e) {
		fsck_damagef(rep, FSCK_ERROR, o->file, 0, error_message(e),
			     "cannot open an ext2/3/4 file system%s",
			     o->offset ? " at that offset" : "");
		free(m);
		return e > 0 && e < 4096 ? -(int)e : -EIO;
	}
	*mp = m;
	return 0;
}

/**
 * image_read() - collect the entries of an image image_open() opened
 * @m:		the image (closed and freed)
 * @v: @n:	entries are appended here (each @path malloc()ed)
 * @intr:	set (by a signal handler) to stop early
 *
 * Return: 0, or -EIO when the scan is incomplete (each piece of damage
 * reported).
 */
int image_read(struct img *m, struct entry **v, size_t *n,
	       volatile sig_atomic_t *intr)
{
	const struct image_opts *o = m->o;
	unsigned long fails;
	size_t bytes, i;
	int ret;

	m->intr = intr;
	csum_on(m);
	check_super(m);
	bytes = m->fs->super->s_inodes_count / 8 + 1;
	m->inuse = xcalloc(1, bytes);
	m->isdir = xcalloc(1, bytes);
	m->ishit = xcalloc(1, bytes);
	m->seen = xcalloc(1, bytes);
	m->v = *v;
	m->n = m->cap = *n;
	scan_inodes(m);
	if (o->hash && !*intr)
		hash_hits(m);
	fails = m->fails;
	m->fs->priv_data = m;
	m->fs->read_inode = stash_read_inode;
	if (!*intr)
		walk_tree(m);
	m->fs->read_inode = NULL;
	if (!*intr)
		add_orphans(m, m->fails == fails);
	drop_duplicates(m, *n);
	ext2fs_close_free(&m->fs);
	free(m->inuse);
	free(m->isdir);
	free(m->ishit);
	free(m->seen);
	free(m->st);
	for (i = 0; i < m->nh; i++)
		fcap_read_release(&m->h[i].read);
	free(m->h);
	free(m->q);
	*v = m->v;
	*n = m->n;
	ret = m->fails ? -EIO : 0;
	free(m);
	return ret;
}

/**
 * image_scan() - collect the entries of an ext2/3/4 file system image
 * @o:		what to open
 * @rep:	where damage goes
 * @v: @n:	entries are appended here (each @path malloc()ed)
 * @intr:	set (by a signal handler) to stop early
 *
 * Opens @o->file read-only through libext2fs and reports to @rep what
 * cannot be read.  Usable on its own, for instance from a fuzzing
 * harness.
 *
 * Return: 0, or a negative errno when the file system could not be
 * opened or the scan is incomplete.
 */
int image_scan(const struct image_opts *o, const struct fsck_report *rep,
	       struct entry **v, size_t *n, volatile sig_atomic_t *intr)
{
	struct img *m;
	int ret;

	ret = image_open(o, rep, &m);
	if (!m)
		return ret;
	return image_read(m, v, n, intr);
}

static int image_src_open(void *opts, const struct fsck_report *rep,
			  void **state)
{
	return image_open(opts, rep, (struct img **)state);
}

static int image_src_scan(void *state, const struct fsck_report *rep,
			  struct entry **v, size_t *n,
			  volatile sig_atomic_t *intr)
{
	return image_read(state, v, n, intr);
}

const struct source_ops image_source = {
	.name = "image", .offline = true,
	.open = image_src_open, .scan = image_src_scan,
};
