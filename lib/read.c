// SPDX-License-Identifier: GPL-2.0-only
/*
 * read.c - reading a file's security.capability, and what the answer means.
 *
 * Every tool asks the kernel through here, so that an error from getxattr
 * means the same thing everywhere: ENODATA (or a file system without
 * extended attributes) is "no value"; EINVAL and EOVERFLOW for a name the
 * attribute list shows are a value the kernel will not return; ERANGE and
 * E2BIG are a value larger than any revision; anything else is a failure to
 * ask.  Nothing here follows a symbolic link.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/xattr.h>

#include "fcap.h"

/* Room for the attribute list before the scanner falls back to malloc(). */
#define LIST_STACK	1024

/**
 * fcap_list_has() - is security.capability among the names of a list
 * @list: a buffer as listxattr(2) fills it: NUL-terminated names
 * @len: its length in bytes (a last name without a NUL still counts)
 *
 * The match is exact: "security.capability" and nothing longer or shorter.
 *
 * Return: true when the name is listed.
 */
bool fcap_list_has(const char *list, size_t len)
{
	const size_t want = sizeof(FCAP_XATTR_NAME) - 1;
	const char *p = list, *end = list + len;
	size_t n;

	for (; list && p < end; p += n + 1) {
		n = strnlen(p, end - p);
		if (n == want && !memcmp(p, FCAP_XATTR_NAME, want))
			return true;
	}
	return false;
}

static int list_has(const struct fcap_xattr_ops *ops, void *priv)
{
	char stack[LIST_STACK], *buf = stack;
	ssize_t n, size;
	int ret;

	n = ops->list(priv, stack, sizeof(stack));
	while (n == -ERANGE) {
		size = ops->list(priv, NULL, 0);
		if (size < 0)
			return (int)size;
		if (buf != stack)
			free(buf);
		buf = malloc(size + 1);
		if (!buf)
			return -ENOMEM;
		n = ops->list(priv, buf, size + 1);
	}
	if (n == -ENOTSUP || n == -EOPNOTSUPP)
		ret = 0;
	else if (n < 0)
		ret = (int)n;
	else
		ret = fcap_list_has(buf, n);
	if (buf != stack)
		free(buf);
	return ret;
}

/**
 * fcap_listed_ops() - is security.capability listed, through @ops
 * @ops: the list call to use (@ops->get is not used)
 * @priv: passed to it
 *
 * One list call into a buffer on the stack; only a list longer than that
 * takes its size first.  A file system without extended attributes lists
 * nothing.
 *
 * Return: 1 listed, 0 not listed, or a negative errno.
 */
int fcap_listed_ops(const struct fcap_xattr_ops *ops, void *priv)
{
	return list_has(ops, priv);
}

static void set_none(struct fcap_read *r)
{
	r->state = FCAP_READ_NONE;
}

/*
 * An oversized value of @r->size bytes into @r->data, when the kernel
 * could hold it (FCAP_XATTR_SIZE_MAX); a larger one is one setxattr
 * refuses (@r->err E2BIG).  Return: 0, or -ENOMEM.
 */
static int read_whole(const struct fcap_xattr_ops *ops, void *priv,
		      struct fcap_read *r)
{
	ssize_t n;

	if (r->size > FCAP_XATTR_SIZE_MAX) {
		r->err = E2BIG;
		return 0;
	}
	if (!r->size)
		return 0;
	r->data = malloc(r->size);
	if (!r->data)
		return -ENOMEM;
	n = ops->get(priv, r->data, r->size);
	if (n != (ssize_t)r->size) {
		free(r->data);
		r->data = NULL;
	}
	return 0;
}

/**
 * fcap_read_ops() - read and classify a value through injected calls
 * @ops: the get and list calls (each returns a count or a negative errno)
 * @priv: passed to them
 * @flags: FCAP_READ_LISTED when the caller has just seen the name listed
 * @r: the outcome
 *
 * This is the one place that says what each getxattr answer means:
 *
 *  - a count of bytes (0 included): FCAP_READ_VALUE, decoded into
 *    @r->value (a zero-length read is the zero-length problem);
 *  - ENODATA for a name the caller has just seen listed
 *    (FCAP_READ_LISTED) and that a second list still shows: a zero-length
 *    value on a kernel with the fix, which reads one as none;
 *    FCAP_READ_VALUE of zero bytes, as above;
 *  - ENODATA otherwise, ENOTSUP: FCAP_READ_NONE;
 *  - ERANGE, E2BIG: FCAP_READ_OVERSIZED, larger than @r->raw;
 *    @r->size is its full size when the kernel will say, else 0;
 *  - EINVAL (a value the kernel refuses to return: zero-length on kernels
 *    that store one, malformed) and EOVERFLOW (a v3 rootid with no user
 *    in the reader's namespace): FCAP_READ_UNREADABLE if the name is listed,
 *    FCAP_READ_NONE if it is not (it went away).
 *
 * @r->err holds the errno behind an unreadable or oversized value.  With
 * FCAP_READ_WHOLE (an offline source, whose values nothing limits to
 * @r->raw) an oversized value of up to FCAP_XATTR_SIZE_MAX bytes is read
 * whole into @r->data, which fcap_read_release() frees.
 *
 * Return: 0, or the negative errno of a failure to ask (ENOENT, EACCES,
 * ELOOP, EIO, ENOMEM...); @r is then FCAP_READ_NONE.
 */
int fcap_read_ops(const struct fcap_xattr_ops *ops, void *priv,
		  unsigned int flags, struct fcap_read *r)
{
	ssize_t n, size;
	int listed, ret;

	memset(r, 0, sizeof(*r));
	n = ops->get(priv, r->raw, sizeof(r->raw));
	if (n >= 0) {
		if ((size_t)n > sizeof(r->raw))
			return -EIO;
		r->state = FCAP_READ_VALUE;
		r->len = n;
		fcap_decode(r->raw, n, &r->value);
		return 0;
	}
	switch (n) {
	case -ENODATA:
		/* rare: so the list is asked again, in case it went away */
		if (flags & FCAP_READ_LISTED && list_has(ops, priv) > 0) {
			r->state = FCAP_READ_VALUE;
			fcap_decode(r->raw, 0, &r->value);
			return 0;
		}
		set_none(r);
		return 0;
	case -ENOTSUP:
#if EOPNOTSUPP != ENOTSUP
	case -EOPNOTSUPP:
#endif
		set_none(r);
		return 0;
	case -ERANGE:
	case -E2BIG:
		r->state = FCAP_READ_OVERSIZED;
		r->err = (int)-n;
		size = ops->get(priv, NULL, 0);
		if (size > (ssize_t)sizeof(r->raw))
			r->size = size;
		ret = flags & FCAP_READ_WHOLE ? read_whole(ops, priv, r) : 0;
		if (ret)
			set_none(r);
		return ret;
	case -EINVAL:
	case -EOVERFLOW:
		listed = flags & FCAP_READ_LISTED ? 1 : list_has(ops, priv);
		if (!listed) {
			set_none(r);
			return 0;
		}
		/* a list that cannot be read: the get said a value is there */
		r->state = FCAP_READ_UNREADABLE;
		r->err = (int)-n;
		return 0;
	}
	set_none(r);
	return (int)n;
}

struct at_priv {
	int fd;			/* descriptor, or -1 for @path */
	const char *path;
};

static ssize_t at_get(void *priv, void *buf, size_t len)
{
	const struct at_priv *p = priv;
	ssize_t n;

	if (p->fd >= 0)
		n = fgetxattr(p->fd, FCAP_XATTR_NAME, buf, len);
	else
		n = lgetxattr(p->path, FCAP_XATTR_NAME, buf, len);
	return n < 0 ? -errno : n;
}

static ssize_t at_list(void *priv, char *buf, size_t len)
{
	const struct at_priv *p = priv;
	ssize_t n;

	if (p->fd >= 0)
		n = flistxattr(p->fd, buf, len);
	else
		n = llistxattr(p->path, buf, len);
	return n < 0 ? -errno : n;
}

static const struct fcap_xattr_ops at_ops = {
	.get = at_get,
	.list = at_list,
};

/*
 * The name @name of directory @dfd as a path the l*xattr calls take:
 * itself when relative to the working directory or absolute, else through
 * the directory's /proc/self/fd link (the last component is never
 * followed).  Return 0, or -ENAMETOOLONG.
 */
static int at_path(int dfd, const char *name, char *buf, size_t len,
		   struct at_priv *p)
{
	p->fd = -1;
	p->path = name;
	if (dfd == AT_FDCWD || name[0] == '/')
		return 0;
	if ((size_t)snprintf(buf, len, "/proc/self/fd/%d/%s", dfd, name) >= len)
		return -ENAMETOOLONG;
	p->path = buf;
	return 0;
}

/**
 * fcap_read_fd() - read and classify the value of an open file
 * @fd: the file (not an O_PATH descriptor)
 * @flags: FCAP_READ_LISTED, or 0
 * @r: the outcome, see fcap_read_ops()
 *
 * Return: 0, or a negative errno.
 */
int fcap_read_fd(int fd, unsigned int flags, struct fcap_read *r)
{
	struct at_priv p = { .fd = fd };

	if (fd < 0) {
		memset(r, 0, sizeof(*r));
		return -EBADF;
	}
	return fcap_read_ops(&at_ops, &p, flags, r);
}

/**
 * fcap_read_at() - read and classify the value of a name, not following it
 * @dfd: the directory @name is relative to, or AT_FDCWD
 * @name: the name; a symbolic link is read itself, never followed
 * @flags: FCAP_READ_LISTED, or 0
 * @r: the outcome, see fcap_read_ops()
 *
 * With AT_FDCWD (or an absolute @name) this costs one lgetxattr() for
 * any value of up to FCAP_READ_MAX bytes and for no value.  Another
 * @dfd is reached through /proc/self/fd.
 *
 * Return: 0, or a negative errno.
 */
int fcap_read_at(int dfd, const char *name, unsigned int flags,
		 struct fcap_read *r)
{
	char buf[4096 + 32];
	struct at_priv p;
	int ret;

	ret = at_path(dfd, name, buf, sizeof(buf), &p);
	if (ret) {
		memset(r, 0, sizeof(*r));
		return ret;
	}
	return fcap_read_ops(&at_ops, &p, flags, r);
}

/**
 * fcap_listed_at() - is security.capability listed on a name
 * @dfd: the directory @name is relative to, or AT_FDCWD
 * @name: the name, not followed
 *
 * Return: 1 listed, 0 not, or a negative errno.
 */
int fcap_listed_at(int dfd, const char *name)
{
	char buf[4096 + 32];
	struct at_priv p;
	int ret;

	ret = at_path(dfd, name, buf, sizeof(buf), &p);
	if (ret)
		return ret;
	return list_has(&at_ops, &p);
}

/**
 * fcap_listed_fd() - is security.capability listed on an open file
 * @fd: the file (not an O_PATH descriptor)
 *
 * Return: 1 listed, 0 not, or a negative errno.
 */
int fcap_listed_fd(int fd)
{
	struct at_priv p = { .fd = fd };

	if (fd < 0)
		return -EBADF;
	return list_has(&at_ops, &p);
}

/* A value held in memory, asked for as getxattr(2) asks. */
struct buf_priv {
	const void *buf;
	size_t len;
};

static ssize_t buf_get(void *priv, void *buf, size_t len)
{
	const struct buf_priv *p = priv;

	if (!buf)
		return p->len;
	if (p->len > len)
		return -ERANGE;
	if (p->len)
		memcpy(buf, p->buf, p->len);
	return p->len;
}

static ssize_t buf_list(void *priv, char *buf, size_t len)
{
	if (!buf)
		return sizeof(FCAP_XATTR_NAME);
	if (len < sizeof(FCAP_XATTR_NAME))
		return -ERANGE;
	memcpy(buf, FCAP_XATTR_NAME, sizeof(FCAP_XATTR_NAME));
	return sizeof(FCAP_XATTR_NAME);
}

static const struct fcap_xattr_ops buf_ops = {
	.get = buf_get,
	.list = buf_list,
};

/**
 * fcap_read_buf() - read and classify a value an offline source holds
 * @buf: @len: the value, as stored (a tar header's, an image's EA)
 * @r: the outcome, see fcap_read_ops(); an oversized value is read
 *	whole (FCAP_READ_WHOLE): call fcap_read_release()
 *
 * Return: 0, or -ENOMEM.
 */
int fcap_read_buf(const void *buf, size_t len, struct fcap_read *r)
{
	struct buf_priv p = { .buf = buf, .len = len };

	return fcap_read_ops(&buf_ops, &p, FCAP_READ_LISTED | FCAP_READ_WHOLE,
			     r);
}

/**
 * fcap_read_release() - free what an outcome holds (@r->data)
 * @r: an outcome, or a zeroed struct
 */
void fcap_read_release(struct fcap_read *r)
{
	free(r->data);
	r->data = NULL;
}

/**
 * fcap_read_dup() - a copy of an outcome, with its own @data
 * @dst: the copy
 * @src: the outcome
 *
 * Return: 0, or -ENOMEM (@dst then holds no @data).
 */
int fcap_read_dup(struct fcap_read *dst, const struct fcap_read *src)
{
	*dst = *src;
	if (!src->data)
		return 0;
	dst->data = malloc(src->size);
	if (!dst->data)
		return -ENOMEM;
	memcpy(dst->data, src->data, src->size);
	return 0;
}

/**
 * fcap_read_bytes() - the bytes of the value an outcome holds
 * @r: an outcome
 * @len: their number
 *
 * Return: @r->raw for a value, @r->data for an oversized one read
 * whole; NULL when the bytes are not known (none, unreadable, oversized
 * read by the kernel).
 */
const unsigned char *fcap_read_bytes(const struct fcap_read *r, size_t *len)
{
	*len = 0;
	if (r->state == FCAP_READ_VALUE) {
		*len = r->len;
		return r->raw;
	}
	if (r->state == FCAP_READ_OVERSIZED && r->data) {
		*len = r->size;
		return r->data;
	}
	return NULL;
}

/**
 * fcap_read_same() - do two outcomes say the same value
 * @a: @b: outcomes
 *
 * Return: true when both hold the same bytes, or neither holds bytes and
 * they are in the same state for the same reason and size.
 */
bool fcap_read_same(const struct fcap_read *a, const struct fcap_read *b)
{
	const unsigned char *x, *y;
	size_t lx, ly;

	if (a->state != b->state)
		return false;
	x = fcap_read_bytes(a, &lx);
	y = fcap_read_bytes(b, &ly);
	if (x || y)
		return x && y && lx == ly && !memcmp(x, y, lx);
	return a->err == b->err && a->size == b->size;
}

/**
 * fcap_read_error() - the error a reader of the value met, to show
 * @r: an outcome
 *
 * Return: the positive errno of an unreadable value, or of an oversized
 * one whose bytes are not known; 0 when there is none (a value, none, an
 * oversized value read whole).
 */
int fcap_read_error(const struct fcap_read *r)
{
	if (r->state == FCAP_READ_UNREADABLE)
		return r->err;
	if (r->state == FCAP_READ_OVERSIZED && !r->data)
		return r->err;
	return 0;
}

/**
 * fcap_read_mark() - the one-word name of a state that is no value
 * @r: an outcome
 *
 * Return: "unreadable", "oversized", or NULL (a value, or none).
 */
const char *fcap_read_mark(const struct fcap_read *r)
{
	switch (r->state) {
	case FCAP_READ_UNREADABLE:
		return "unreadable";
	case FCAP_READ_OVERSIZED:
		return "oversized";
	default:
		return NULL;
	}
}

/**
 * fcap_problems_shown() - the problems of a value that getcap does not
 *	print as a value: all but bits above the last capability, which
 *	getcap prints as numbers
 * @v: a decoded value, or NULL
 *
 * Return: a mask of enum fcap_problem.
 */
unsigned int fcap_problems_shown(const struct fcap_value *v)
{
	return v ? v->problems & ~FCAP_PROB_HIGHBITS : 0;
}

/**
 * fcap_read_exec_value() - the value execve() sees for an outcome, for
 *	the model (struct fcap_file's @xattr)
 * @r: an outcome of a read in the caller's namespace
 * @v: the value: as read; for an unreadable one whose v3 rootid maps to
 *	no user here (EOVERFLOW), a v3 value with rootid FCAP_NO_ID (exec
 *	ignores it); for another unreadable one, the zero-length value
 *	(the kernel refuses to return a zero-length or malformed value);
 *	for an oversized one, a value of its size (or of more than
 *	FCAP_READ_MAX bytes) with the bad-size problem
 *
 * Return: true when the file carries a value (@r is not FCAP_READ_NONE).
 */
bool fcap_read_exec_value(const struct fcap_read *r, struct fcap_value *v)
{
	memset(v, 0, sizeof(*v));
	switch (r->state) {
	case FCAP_READ_NONE:
		return false;
	case FCAP_READ_VALUE:
		*v = r->value;
		break;
	case FCAP_READ_UNREADABLE:
		if (r->err != EOVERFLOW) {
			fcap_decode(NULL, 0, v);
			break;
		}
		v->size = FCAP_SIZE_V3;
		v->rev = 3;
		v->magic = FCAP_MAGIC_V3;
		v->has_rootid = true;
		v->rootid = FCAP_NO_ID;
		break;
	case FCAP_READ_OVERSIZED:
		v->size = r->size ? r->size : FCAP_READ_MAX + 1;
		v->problems = FCAP_PROB_SIZE;
		break;
	}
	return true;
}

/**
 * fcap_read_reason() - what an unreadable or oversized value means
 * @r: an outcome of fcap_read_ops()
 *
 * Return: a static English phrase, or NULL when @r is a value or none.
 */
const char *fcap_read_reason(const struct fcap_read *r)
{
	if (r->state == FCAP_READ_OVERSIZED)
		return "capability value present but unreadable: larger than any revision";
	if (r->state != FCAP_READ_UNREADABLE)
		return NULL;
	switch (r->err) {
	case EINVAL:
		return "capability value present but unreadable: the kernel refuses to return it (zero-length or malformed)";
	case EOVERFLOW:
		return "capability value present but unreadable: its v3 rootid maps to no user in this namespace";
	}
	return "capability value present but unreadable";
}

/**
 * fcap_read_value() - the decoded value of an outcome, if there is one
 * @r: an outcome of fcap_read_ops()
 *
 * Return: &@r->value for FCAP_READ_VALUE, NULL otherwise.
 */
const struct fcap_value *fcap_read_value(const struct fcap_read *r)
{
	return r->state == FCAP_READ_VALUE ? &r->value : NULL;
}
