// SPDX-License-Identifier: GPL-2.0-only
/*
 * memfile.c - what the harnesses share: an input handed to a parser that
 * wants a file name, the readers' reports of damage checked and counted,
 * a path's shape checked.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "report.h"

/**
 * fuzz_memfile() - put @data in a fresh memfd, at offset 0, and name it
 * @data: @size: the bytes
 * @name: set to "/proc/self/fd/N"
 * @len: room in @name
 *
 * Return: the descriptor (the caller closes it), or -errno.
 */
int fuzz_memfile(const uint8_t *data, size_t size, char *name, size_t len)
{
	size_t off = 0;
	ssize_t n;
	int fd;

	fd = memfd_create("fuzz-input", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (off < size) {
		n = write(fd, data + off, size - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return -EIO;
		}
		off += n;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -EIO;
	}
	snprintf(name, len, "/proc/self/fd/%d", fd);
	return fd;
}

/**
 * fuzz_damage() - a reader's report (struct fsck_report's @damage): each
 *	piece of damage checked for the shape the driver prints, and
 *	counted by kind
 * @arg:	a struct fuzz_damage
 * @d:		the damage
 */
void fuzz_damage(void *arg, const struct fsck_damage *d)
{
	struct fuzz_damage *c = arg;

	fuzz_assert(d->kind >= FSCK_NOTE && d->kind <= FSCK_AMBIGUOUS);
	fuzz_assert(d->where && *d->where);
	fuzz_assert(!d->what || *d->what);
	fuzz_assert(d->what || d->cause || d->err);
	fuzz_assert(d->err >= 0 && d->err < 4096);
	c->n[d->kind]++;
}

/**
 * fuzz_damage_ok() - does a reader's return value @ret agree with what
 *	it reported in @c: 0 when nothing made the result incomplete, a
 *	negative errno when something did, and was reported
 */
bool fuzz_damage_ok(int ret, const struct fuzz_damage *c)
{
	bool bad = c->n[FSCK_ERROR] || c->n[FSCK_AMBIGUOUS];

	return ret <= 0 && ret > -4096 && (ret < 0) == bad;
}

/**
 * fuzz_path_normalized() - is @p "/" alone, or "/" and components none of
 *	which is empty, "." or ".."?
 * @p: a path a reader handed back
 */
bool fuzz_path_normalized(const char *p)
{
	const char *c, *q;

	if (p[0] != '/')
		return false;
	if (!p[1])
		return true;
	for (c = p + 1;; c = q + 1) {
		q = strchrnul(c, '/');
		if (q == c || (q - c == 1 && c[0] == '.') ||
		    (q - c == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		if (!*q)
			return true;
	}
}
