// SPDX-License-Identifier: GPL-2.0-only
/*
 * read.c - the reader, the list scanner, the renderers and the problem
 * names.  The reader runs on injected getxattr/listxattr results, so that
 * every answer a kernel may give (a zero-length value, one it refuses, an
 * oversized one) is covered whatever the host kernel stores.  The last
 * cases read real files (a tmpfs or the test directory) where any kernel
 * lets the test plant the value.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>

#include "fcap.h"
#include "tap.h"

#define LE(x) (x) & 0xff, ((x) >> 8) & 0xff, ((x) >> 16) & 0xff, (x) >> 24

/* What the injected calls answer: a value (@get_len bytes) or an errno. */
struct fake {
	const unsigned char *val;
	ssize_t get_len;	/* bytes, or a negative errno */
	ssize_t size_len;	/* the answer to a size query (len 0) */
	const char *list;	/* NUL-separated names */
	ssize_t list_len;	/* bytes, or a negative errno */
	int gets, lists;	/* calls made */
};

static ssize_t fake_get(void *priv, void *buf, size_t len)
{
	struct fake *f = priv;

	f->gets++;
	if (!len)
		return f->size_len;
	if (f->get_len < 0)
		return f->get_len;
	if ((size_t)f->get_len > len)
		return -ERANGE;
	memcpy(buf, f->val, f->get_len);
	return f->get_len;
}

static ssize_t fake_list(void *priv, char *buf, size_t len)
{
	struct fake *f = priv;

	f->lists++;
	if (f->list_len < 0)
		return f->list_len;
	if (!len)
		return f->list_len;
	if ((size_t)f->list_len > len)
		return -ERANGE;
	memcpy(buf, f->list, f->list_len);
	return f->list_len;
}

static const struct fcap_xattr_ops fake_ops = {
	.get = fake_get,
	.list = fake_list,
};

static const char caps_listed[] = "user.a\0security.capability\0";
static const char caps_absent[] = "user.a\0security.capabilityx\0";

static const unsigned char v2_raw[] = {
	LE(0x02000001), LE(1U << 13), LE(0), LE(0), LE(0)
};
static const unsigned char v3_raw[] = {
	LE(0x03000000), LE(1U << 5), LE(0), LE(0), LE(0), LE(1000)
};

static void test_list_scanner(void)
{
	static const char tail[] = "user.x\0security.capability";
	static const char prefix[] = "security.capabilit\0";
	char big[3000];
	struct fake f = { .list = big };
	size_t i;

	tap_ok(fcap_list_has(caps_listed, sizeof(caps_listed) - 1),
	       "list: security.capability found among others");
	tap_ok(!fcap_list_has(caps_absent, sizeof(caps_absent) - 1),
	       "list: a longer name is no match");
	tap_ok(!fcap_list_has(prefix, sizeof(prefix) - 1),
	       "list: a shorter name is no match");
	tap_ok(fcap_list_has(tail, sizeof(tail) - 1),
	       "list: a last name without its NUL still counts");
	tap_ok(!fcap_list_has(NULL, 0) && !fcap_list_has("", 0),
	       "list: an empty list has nothing");

	/* a list longer than the stack buffer: sized, then read whole */
	for (i = 0; i + 8 < sizeof(big) - 30; i += 8)
		memcpy(big + i, "user.ab\0", 8);
	memcpy(big + i, "security.capability", 20);
	f.list_len = i + 20;
	tap_is_int(fcap_listed_ops(&fake_ops, &f), 1,
		   "list: a long list is read whole");
	f.list_len = -ENOTSUP;
	tap_is_int(fcap_listed_ops(&fake_ops, &f), 0,
		   "list: no xattrs on the file system lists nothing");
	f.list_len = -EACCES;
	tap_is_int(fcap_listed_ops(&fake_ops, &f), -EACCES,
		   "list: an error is returned");
}

static void read_case(struct fake *f, unsigned int flags, struct fcap_read *r,
		      int want_ret, enum fcap_read_state want, int want_err,
		      const char *name)
{
	int ret = fcap_read_ops(&fake_ops, f, flags, r);

	tap_ok(ret == want_ret && r->state == want && r->err == want_err,
	       "read: %s (ret %d state %d err %d)", name, ret, r->state,
	       r->err);
}

static void test_reader(void)
{
	static const unsigned char empty[1];
	struct fcap_read r;
	struct fake f;

	f = (struct fake){ .val = v2_raw, .get_len = sizeof(v2_raw) };
	read_case(&f, 0, &r, 0, FCAP_READ_VALUE, 0, "a v2 value");
	tap_ok(r.len == 20 && r.value.rev == 2 && r.value.effective &&
	       r.value.permitted == 1ULL << 13 && !r.value.problems,
	       "read: the v2 value is decoded");
	tap_ok(f.gets == 1 && f.lists == 0, "read: one get, no list");
	tap_ok(fcap_read_value(&r) == &r.value && !fcap_read_reason(&r),
	       "read: a value has no reason");

	f = (struct fake){ .val = v3_raw, .get_len = sizeof(v3_raw) };
	read_case(&f, 0, &r, 0, FCAP_READ_VALUE, 0, "a v3 value");
	tap_ok(r.value.has_rootid && r.value.rootid == 1000,
	       "read: the v3 rootid is decoded");

	/* some kernels store a zero-length value and return it */
	f = (struct fake){ .val = empty, .get_len = 0 };
	read_case(&f, 0, &r, 0, FCAP_READ_VALUE, 0, "a 0-byte read");
	tap_is_int(r.value.problems, FCAP_PROB_EMPTY,
		   "read: a 0-byte read is the zero-length problem");

	f = (struct fake){ .get_len = -ENODATA };
	read_case(&f, 0, &r, 0, FCAP_READ_NONE, 0, "ENODATA is no value");
	tap_ok(!fcap_read_value(&r), "read: none has no value");
	f = (struct fake){ .get_len = -ENOTSUP };
	read_case(&f, 0, &r, 0, FCAP_READ_NONE, 0,
		  "ENOTSUP (no xattrs on that file system) is no value");

	/* the fix reads a stored zero-length value as none; the list names it */
	f = (struct fake){ .get_len = -ENODATA, .list = caps_listed,
			   .list_len = sizeof(caps_listed) - 1 };
	read_case(&f, FCAP_READ_LISTED, &r, 0, FCAP_READ_VALUE, 0,
		  "ENODATA, name listed twice: the zero-length value");
	tap_ok(r.len == 0 && r.value.problems == FCAP_PROB_EMPTY &&
	       f.lists == 1, "read: it is the zero-length problem, listed again");
	f.lists = 0;
	read_case(&f, 0, &r, 0, FCAP_READ_NONE, 0,
		  "ENODATA, name not seen listed: no value, no list call");
	tap_ok(f.lists == 0, "read: plain ENODATA costs no list call");
	f = (struct fake){ .get_len = -ENODATA, .list = caps_absent,
			   .list_len = sizeof(caps_absent) - 1 };
	read_case(&f, FCAP_READ_LISTED, &r, 0, FCAP_READ_NONE, 0,
		  "ENODATA, name gone from the second list: no value");

	/* a value the kernel refuses to return: zero-length or malformed */
	f = (struct fake){ .get_len = -EINVAL, .list = caps_listed,
			   .list_len = sizeof(caps_listed) - 1 };
	read_case(&f, 0, &r, 0, FCAP_READ_UNREADABLE, EINVAL,
		  "EINVAL, name listed: unreadable");
	tap_ok(f.lists == 1, "read: EINVAL is confirmed by the list");
	tap_ok(fcap_read_reason(&r) &&
	       strstr(fcap_read_reason(&r), "zero-length or malformed"),
	       "read: EINVAL means zero-length or malformed");
	f.lists = 0;
	read_case(&f, FCAP_READ_LISTED, &r, 0, FCAP_READ_UNREADABLE, EINVAL,
		  "EINVAL, caller saw the name: unreadable");
	tap_ok(f.lists == 0, "read: FCAP_READ_LISTED saves the list call");
	f = (struct fake){ .get_len = -EINVAL, .list = caps_absent,
			   .list_len = sizeof(caps_absent) - 1 };
	read_case(&f, 0, &r, 0, FCAP_READ_NONE, 0,
		  "EINVAL, name not listed: gone, no value");
	f = (struct fake){ .get_len = -EINVAL, .list_len = -EIO };
	read_case(&f, 0, &r, 0, FCAP_READ_UNREADABLE, EINVAL,
		  "EINVAL, list unreadable: the get's word stands");
	f = (struct fake){ .get_len = -EOVERFLOW, .list = caps_listed,
			   .list_len = sizeof(caps_listed) - 1 };
	read_case(&f, 0, &r, 0, FCAP_READ_UNREADABLE, EOVERFLOW,
		  "EOVERFLOW: a v3 rootid with no user here");
	tap_ok(strstr(fcap_read_reason(&r), "rootid") != NULL,
	       "read: EOVERFLOW's reason names the rootid");

	/* larger than the buffer: oversized, with its size when known */
	f = (struct fake){ .get_len = 100, .size_len = 100,
			   .val = (const unsigned char *)"" };
	read_case(&f, 0, &r, 0, FCAP_READ_OVERSIZED, ERANGE,
		  "a 100-byte value: oversized");
	tap_is_int(r.size, 100, "read: the oversized value's size");
	tap_ok(strstr(fcap_read_reason(&r), "larger") != NULL,
	       "read: oversized has its reason");
	f = (struct fake){ .get_len = -E2BIG, .size_len = -E2BIG };
	read_case(&f, 0, &r, 0, FCAP_READ_OVERSIZED, E2BIG,
		  "E2BIG: oversized");
	tap_is_int(r.size, 0, "read: its size unknown");

	f = (struct fake){ .get_len = -ENOENT };
	read_case(&f, 0, &r, -ENOENT, FCAP_READ_NONE, 0,
		  "ENOENT is an error");
	f = (struct fake){ .get_len = -EACCES };
	read_case(&f, 0, &r, -EACCES, FCAP_READ_NONE, 0,
		  "EACCES is an error");
	f = (struct fake){ .get_len = -EIO };
	read_case(&f, 0, &r, -EIO, FCAP_READ_NONE, 0, "EIO is an error");
}

static void test_names(void)
{
	static const struct {
		unsigned int bit;
		const char *name, *old;
	} names[] = {
		{ FCAP_PROB_EMPTY, "zero-length", NULL },
		{ FCAP_PROB_SHORT, "truncated", "too-short" },
		{ FCAP_PROB_SIZE, "bad-size", "size-mismatch" },
		{ FCAP_PROB_REVISION, "bad-revision", "unknown-revision" },
		{ FCAP_PROB_FLAGS, "unknown-flags", NULL },
		{ FCAP_PROB_HIGHBITS, "high-bits", "unknown-capabilities" },
		{ FCAP_PROB_LEGACY, "legacy-v1", NULL },
	};
	unsigned int bit;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		tap_is_str(fcap_problem_name(names[i].bit), names[i].name,
			   "problem name of bit 0x%x", names[i].bit);
		bit = 0;
		tap_ok(!fcap_problem_parse(names[i].name, &bit) &&
		       bit == names[i].bit, "parse %s", names[i].name);
		if (names[i].old) {
			bit = 0;
			tap_ok(!fcap_problem_parse(names[i].old, &bit) &&
			       bit == names[i].bit, "parse the older name %s",
			       names[i].old);
		}
	}
	tap_is_int(fcap_problem_parse("oversized", &bit), -EINVAL,
		   "oversized is a reader state, not a problem");
}

/* What @fn writes to a stream, as a malloc()ed string. */
static char *render(int (*fn)(FILE *f, const void *arg), const void *arg,
		    int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	*ret = fn(f, arg);
	fclose(f);
	return buf;
}

struct line_arg {
	const char *path;
	const struct fcap_value *v;
	const char *marks;
};

static int do_line(FILE *f, const void *arg)
{
	const struct line_arg *a = arg;

	return fcap_print_line(f, a->path, a->v, a->marks);
}

static int do_json(FILE *f, const void *arg)
{
	return fcap_print_json_value(f, arg);
}

static void line_is(const char *path, const unsigned char *raw, size_t len,
		    const char *marks, const char *want, const char *name)
{
	struct fcap_value v;
	struct line_arg a = { path, raw ? &v : NULL, marks };
	char *got;
	int ret = -1;

	fcap_decode(raw, len, &v);
	got = render(do_line, &a, &ret);
	tap_ok(ret == 0 && got && !strcmp(got, want), "line: %s (got '%.*s')",
	       name, got ? (int)strcspn(got, "\n") : 6, got ? got : "(null)");
	free(got);
}

static void test_render(void)
{
	static const unsigned char zero_v2[] = {
		LE(0x02000000), LE(0), LE(0), LE(0), LE(0)
	};
	static const unsigned char high[] = {
		LE(0x02000001), LE(0), LE(0), LE(0x80000000), LE(0)
	};
	static const unsigned char bad_size[] = {
		LE(0x02000000), LE(0), LE(0), LE(0)
	};
	static const unsigned char v1[] = { LE(0x01000000), LE(0x20), LE(0) };
	struct fcap_value v;
	char *got;
	int ret = -1;

	line_is("/bin/ping", v2_raw, sizeof(v2_raw), NULL,
		"/bin/ping cap_net_raw=ep\n", "a v2 value as getcap prints it");
	line_is("f", v3_raw, sizeof(v3_raw), NULL,
		"f cap_kill=p [rootid=1000]\n",
		"a v3 value always with its rootid");
	line_is("f", zero_v2, sizeof(zero_v2), NULL, "f =\n",
		"an all-zero v2 value");
	line_is("f", high, sizeof(high), NULL, "f = 63+ep\n",
		"bits above the last capability, as getcap prints them");
	line_is("d", v2_raw, sizeof(v2_raw), "directory",
		"d cap_net_raw=ep [directory]\n", "a marked line");
	line_is("f", bad_size, sizeof(bad_size), "bad-size", "f [bad-size]\n",
		"a value without sets has no text");
	line_is("f", v1, sizeof(v1), "legacy-v1", "f cap_kill=p [legacy-v1]\n",
		"a v1 value has its sets");
	line_is("f", NULL, 0, "unreadable", "f [unreadable]\n",
		"no value: the marks alone");

	fcap_decode(v3_raw, sizeof(v3_raw), &v);
	got = render(do_json, &v, &ret);
	tap_is_str(got, "\"revision\":3,\"effective\":false,"
		   "\"permitted\":\"0x0000000000000020\","
		   "\"inheritable\":\"0x0000000000000000\",\"rootid\":1000,"
		   "\"size\":24,\"text\":\"cap_kill=p\",\"problems\":[]",
		   "json: the members of a v3 value");
	free(got);
	fcap_decode(high, sizeof(high), &v);
	got = render(do_json, &v, &ret);
	tap_ok(got && strstr(got, "\"text\":\"= 63+ep\","
			     "\"problems\":[\"high-bits\"]"),
	       "json: high-bits named in problems");
	free(got);
	fcap_decode(bad_size, sizeof(bad_size), &v);
	got = render(do_json, &v, &ret);
	tap_ok(got && strstr(got, "\"text\":null,\"problems\":[\"bad-size\"]"),
	       "json: no text for a value without sets");
	free(got);
	got = render(do_json, NULL, &ret);
	tap_ok(ret == 0 && got && strstr(got, "\"revision\":null") &&
	       strstr(got, "\"problems\":[]"),
	       "json: no value, every member null");
	free(got);
}

/* Real files: a v2 value and none, by descriptor and by dfd + name. */
static void test_files(void)
{
	char dir[256], path[300];
	struct fcap_read r;
	int dfd, fd, ret;

	if (!tap_tmpname(dir, sizeof(dir), "fcaps-read.XXXXXX") ||
	    !mkdtemp(dir)) {
		tap_skip("real files: mkdtemp failed");
		return;
	}
	snprintf(path, sizeof(path), "%s/f", dir);
	fd = open(path, O_RDWR | O_CREAT, 0755);
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	ret = fcap_read_fd(fd, 0, &r);
	tap_ok(!ret && r.state == FCAP_READ_NONE, "file: none by descriptor");
	tap_is_int(fcap_listed_fd(fd), 0, "file: not listed by descriptor");
	if (fsetxattr(fd, FCAP_XATTR_NAME, v2_raw, sizeof(v2_raw), 0)) {
		tap_skip("file: cannot set security.capability (%s)",
			 strerror(errno));
		tap_skip("file: cannot set security.capability");
		tap_skip("file: cannot set security.capability");
		tap_skip("file: cannot set security.capability");
		tap_skip("file: cannot set security.capability");
		goto out;
	}
	ret = fcap_read_fd(fd, 0, &r);
	tap_ok(!ret && r.state == FCAP_READ_VALUE && r.len == 20 &&
	       r.value.permitted == 1ULL << 13, "file: v2 by descriptor");
	ret = fcap_read_at(dfd, "f", 0, &r);
	tap_ok(!ret && r.state == FCAP_READ_VALUE && r.len == 20,
	       "file: v2 by directory fd + name");
	tap_is_int(fcap_listed_at(dfd, "f"), 1, "file: listed by dfd + name");
	tap_is_int(fcap_listed_fd(fd), 1, "file: listed by descriptor");
	if (symlinkat("f", dfd, "l")) {
		tap_skip("file: symlink: %s", strerror(errno));
		goto out;
	}
	ret = fcap_read_at(dfd, "l", 0, &r);
	tap_ok(!ret && r.state == FCAP_READ_NONE,
	       "file: a symbolic link is not followed");
out:
	unlinkat(dfd, "l", 0);
	close(fd);
	unlink(path);
	close(dfd);
	rmdir(dir);
	ret = fcap_read_at(AT_FDCWD, path, 0, &r);
	tap_is_int(ret, -ENOENT, "file: a missing name is -ENOENT");
}

/* An offline source's value, held in memory (fcap_read_buf()). */
static void test_buf(void)
{
	static const unsigned char v2[] = {
		LE(0x02000001), LE(0x2000), LE(0), LE(0), LE(0)
	};
	static unsigned char big[FCAP_XATTR_SIZE_MAX + 1];
	struct fcap_read r, d;
	struct fcap_value v;
	const unsigned char *b;
	size_t len;

	tap_is_int(fcap_read_buf(v2, sizeof(v2), &r), 0, "buf: a v2 value");
	tap_ok(r.state == FCAP_READ_VALUE && !fcap_read_error(&r) &&
	       !fcap_read_mark(&r) && r.value.permitted == 0x2000,
	       "buf: decoded, no error, no mark");
	memset(big, 0xab, sizeof(big));
	memcpy(big, v2, 4);
	tap_is_int(fcap_read_buf(big, 1024, &r), 0, "buf: 1024 bytes");
	b = fcap_read_bytes(&r, &len);
	tap_ok(r.state == FCAP_READ_OVERSIZED && r.size == 1024 && b &&
	       len == 1024 && !memcmp(b, big, 1024),
	       "buf: an oversized value is kept whole");
	tap_ok(!fcap_read_error(&r) && !strcmp(fcap_read_mark(&r), "oversized"),
	       "buf: no reader's error to show, marked oversized");
	tap_is_int(fcap_read_dup(&d, &r), 0, "buf: duplicated");
	tap_ok(d.data != r.data && fcap_read_same(&d, &r),
	       "buf: the copy has its own bytes, the same");
	d.data[1000] ^= 1;
	tap_ok(!fcap_read_same(&d, &r), "buf: a byte changed is another value");
	fcap_read_release(&d);
	fcap_read_release(&r);
	tap_ok(!r.data, "buf: released");
	fcap_read_buf(big, sizeof(big), &r);
	tap_ok(r.state == FCAP_READ_OVERSIZED && !r.data &&
	       r.size == sizeof(big) && fcap_read_error(&r) == E2BIG,
	       "buf: beyond XATTR_SIZE_MAX: no bytes, E2BIG (setxattr's word)");
	r = (struct fcap_read){ .state = FCAP_READ_UNREADABLE,
				.err = EOVERFLOW };
	tap_ok(fcap_read_exec_value(&r, &v) && v.rev == 3 && v.has_rootid &&
	       v.rootid == FCAP_NO_ID && v.size == FCAP_SIZE_V3,
	       "exec value: EOVERFLOW is a v3 value with no root here");
	r.err = EINVAL;
	fcap_read_exec_value(&r, &v);
	tap_ok(v.problems == FCAP_PROB_EMPTY,
	       "exec value: another unreadable one is zero-length");
	r = (struct fcap_read){ .state = FCAP_READ_OVERSIZED, .err = ERANGE };
	fcap_read_exec_value(&r, &v);
	tap_ok(v.problems == FCAP_PROB_SIZE && v.size == FCAP_READ_MAX + 1,
	       "exec value: oversized of unknown size");
	r.state = FCAP_READ_NONE;
	tap_ok(!fcap_read_exec_value(&r, &v), "exec value: none");
	v.problems = FCAP_PROB_HIGHBITS | FCAP_PROB_FLAGS;
	tap_ok(fcap_problems_shown(&v) == FCAP_PROB_FLAGS &&
	       !fcap_problems_shown(NULL),
	       "problems shown: all but high-bits");
}

int main(void)
{
	test_list_scanner();
	test_reader();
	test_names();
	test_render();
	test_buf();
	test_files();
	return tap_done();
}
