// SPDX-License-Identifier: GPL-2.0-only
/*
 * baseline.c - harness for fsck-check's baseline reader and writer.
 *
 * The input is a baseline file.  When it loads, saving the entries and
 * loading that file again must give the same entries (path bytes, ids,
 * mode, raw value or error, checksum), and saving those gives the same
 * file byte for byte.  Comparing every entry with itself finds nothing.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "baseline.h"
#include "fuzz.h"

/* A total order, so that equal paths cannot reorder between loads. */
static int cmp_all(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return memcmp(&x->dev, &y->dev,
		      sizeof(*x) - offsetof(struct entry, dev));
}

static void normalise(struct baseline *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		struct entry *e = &b->v[i];

		/* bytes past the value are not part of it */
		if (e->read.state == FCAP_READ_VALUE)
			memset(e->read.raw + e->read.len, 0,
			       sizeof(e->read.raw) - e->read.len);
		if (!e->has_sha)
			memset(e->sha256, 0, sizeof(e->sha256));
	}
	if (b->n)
		qsort(b->v, b->n, sizeof(*b->v), cmp_all);
}

static void same(const struct baseline *a, const struct baseline *b)
{
	size_t i;

	fuzz_assert(a->n == b->n);
	for (i = 0; i < a->n; i++) {
		const struct entry *x = &a->v[i], *y = &b->v[i];

		if (strcmp(x->path, y->path))
			fuzz_fail("entry %zu: path changed on reload", i);
		fuzz_assert(x->dev == y->dev && x->ino == y->ino);
		fuzz_assert(x->uid == y->uid && x->gid == y->gid);
		fuzz_assert(x->mode == y->mode);
		fuzz_assert(x->read.state == y->read.state);
		fuzz_assert(x->read.err == y->read.err);
		fuzz_assert(x->read.len == y->read.len);
		fuzz_assert(!memcmp(x->read.raw, y->read.raw,
				    sizeof(x->read.raw)));
		fuzz_assert(x->has_sha == y->has_sha);
		fuzz_assert(!memcmp(x->sha256, y->sha256, 32));
	}
}

/* Save @b into a fresh memfd; return it (the caller closes it). */
static int save(const struct baseline *b, char *name, size_t len)
{
	int fd = memfd_create("fuzz-save", MFD_CLOEXEC);

	fuzz_assert(fd >= 0);
	snprintf(name, len, "/proc/self/fd/%d", fd);
	fuzz_assert(baseline_save(name, b->v, b->n) == 0);
	return fd;
}

static char *slurp(int fd, size_t *len)
{
	off_t end = lseek(fd, 0, SEEK_END);
	char *buf;

	fuzz_assert(end >= 0);
	buf = malloc(end + 1);
	fuzz_assert(buf);
	fuzz_assert(pread(fd, buf, end, 0) == end);
	*len = end;
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct baseline b1, b2;
	struct finding f[4];
	char name[64], n2[64], n3[64];
	unsigned int line;
	char *t2, *t3;
	size_t i, l2, l3;
	int fd, fd2, fd3, ret;

	if (size > 65536)
		return 0;
	fd = fuzz_memfile(data, size, name, sizeof(name));
	if (fd < 0)
		return 0;
	ret = baseline_load(name, &b1, &line);
	close(fd);
	if (ret) {
		fuzz_assert(ret == -EINVAL || ret == -ENOMEM || ret == -EIO);
		fuzz_assert(!b1.v && !b1.n);
		return 0;
	}
	for (i = 0; i < b1.n; i++) {
		fuzz_assert(b1.v[i].read.len <= FCAP_READ_MAX);
		fuzz_assert(!b1.v[i].read.data);
		fuzz_assert(b1.v[i].source == SRC_BASELINE);
		fuzz_assert(baseline_compare(&b1.v[i], &b1.v[i], f, 4) == 0);
	}
	fd2 = save(&b1, n2, sizeof(n2));
	ret = baseline_load(n2, &b2, &line);
	if (ret)
		fuzz_fail("a saved baseline does not load: %d at line %u",
			  ret, line);
	fd3 = save(&b2, n3, sizeof(n3));
	t2 = slurp(fd2, &l2);
	t3 = slurp(fd3, &l3);
	fuzz_assert(l2 == l3 && !memcmp(t2, t3, l2));
	normalise(&b1);
	normalise(&b2);
	same(&b1, &b2);
	free(t2);
	free(t3);
	close(fd2);
	close(fd3);
	baseline_free(&b1);
	baseline_free(&b2);
	return 0;
}
