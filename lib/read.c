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
 *  - ENODATA, ENOTSUP: FCAP_READ_NONE;
 *  - ERANGE, E2BIG: FCAP_READ_OVERSIZED, larger than @r->raw;
 *    @r->size is its full size when the kernel will say, else 0;
 *  - EINVAL (a value the kernel refuses to return: zero-length on kernels
 *    that store one, malformed) and EOVERFLOW (a v3 rootid with no user
 *    in the reader's namespace): FCAP_READ_UNREADABLE if the name is listed,
 *    FCAP_READ_NONE if it is not (it went away).
 *
 * @r->err holds the errno behind an unreadable or oversized value.
 *
 * Return: 0, or the negative errno of a failure to ask (ENOENT, EACCES,
 * ELOOP, EIO...); @r is then FCAP_READ_NONE.
 */
int fcap_read_ops(const struct fcap_xattr_ops *ops, void *priv,
		  unsigned int flags, struct fcap_read *r)
{
	ssize_t n, size;
	int listed;

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
		return 0;
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
