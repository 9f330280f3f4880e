// SPDX-License-Identifier: GPL-2.0-only
/*
 * codec.c - the xattr codec against exact byte vectors, and each value's
 * verdicts on the mainline and the fcaps kernel.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fcap.h"
#include "tap.h"

#define LE(x) (x) & 0xff, ((x) >> 8) & 0xff, ((x) >> 16) & 0xff, (x) >> 24

struct vec {
	const char *name;
	unsigned char bytes[32];
	size_t len;
	int ret;
	unsigned int rev, problems;
	bool eff;
	uint64_t p, i;
	uint32_t rootid;
	/* mainline write/read/exec, fcaps write/read/exec */
	int mw, mr, mx, fw, fr, fx;
};

static const struct vec vecs[] = {
	{ "design example cap_ipc_lock+ep",
	  { LE(0x02000001), LE(0x4000), LE(0), LE(0), LE(0) }, 20,
	  0, 2, 0, true, 1ULL << 14, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "all-zero v2 (setcap \"\")",
	  { LE(0x02000000), LE(0), LE(0), LE(0), LE(0) }, 20,
	  0, 2, 0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "v2 high word (cap_bpf=i, cap_perfmon=p)",
	  { LE(0x02000000), LE(0), LE(0), LE(0x100), LE(0x80) }, 20,
	  0, 2, 0, false, 1ULL << 40, 1ULL << 39, 0, 0, 0, 0, 0, 0, 0 },
	{ "v3 rootid 1000 cap_net_raw+ep",
	  { LE(0x03000001), LE(0x2000), LE(0), LE(0), LE(0), LE(1000) }, 24,
	  0, 3, 0, true, 1ULL << 13, 0, 1000, 0, 0, 0, 0, 0, 0 },
	{ "v3 rootid (uid_t)-1: no kuid, refused and unreadable",
	  { LE(0x03000000), LE(1), LE(0), LE(0), LE(0), LE(0xffffffff) }, 24,
	  0, 3, 0, false, 1, 0, 0xffffffff,
	  -EINVAL, -EOVERFLOW, 0, -EINVAL, -EOVERFLOW, 0 },
	{ "v3 rootid 0",
	  { LE(0x03000000), LE(1), LE(2), LE(0), LE(0), LE(0) }, 24,
	  0, 3, 0, false, 1, 2, 0, 0, 0, 0, 0, 0, 0 },
	{ "v1 legacy cap_kill+ep",
	  { LE(0x01000001), LE(0x20), LE(0) }, 12,
	  -EINVAL, 1, FCAP_PROB_LEGACY, true, 1ULL << 5, 0, 0,
	  -EINVAL, -EINVAL, 0, -EINVAL, 0, 0 },
	{ "zero-length",
	  { 0 }, 0,
	  -EINVAL, 0, FCAP_PROB_EMPTY, false, 0, 0, 0,
	  0, -EINVAL, -EINVAL, -EINVAL, -ENODATA, -ENODATA },
	{ "three bytes",
	  { 0x00, 0x00, 0x02 }, 3,
	  -EINVAL, 0, FCAP_PROB_SHORT, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "v2 magic in 24 bytes",
	  { LE(0x02000000), LE(1), LE(0), LE(0), LE(0), LE(0) }, 24,
	  -EINVAL, 2, FCAP_PROB_SIZE, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "v3 magic in 20 bytes",
	  { LE(0x03000000), LE(1), LE(0), LE(0), LE(0) }, 20,
	  -EINVAL, 3, FCAP_PROB_SIZE, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "v1 magic in 20 bytes",
	  { LE(0x01000000), LE(1), LE(0), LE(0), LE(0) }, 20,
	  -EINVAL, 1, FCAP_PROB_SIZE | FCAP_PROB_LEGACY, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "revision 4",
	  { LE(0x04000000), LE(1), LE(0), LE(0), LE(0) }, 20,
	  -EINVAL, 0, FCAP_PROB_REVISION, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "revision 0",
	  { LE(0x00000001), LE(1), LE(0), LE(0), LE(0) }, 20,
	  -EINVAL, 0, FCAP_PROB_REVISION, true, 0, 0, 0,
	  -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL },
	{ "v2 with unknown flag 0x2",
	  { LE(0x02000003), LE(0x1000), LE(0), LE(0), LE(0) }, 20,
	  -EINVAL, 2, FCAP_PROB_FLAGS, true, 1ULL << 12, 0, 0,
	  -EINVAL, -EINVAL, 0, -EINVAL, -EINVAL, -EINVAL },
	{ "v3 with unknown flag 0x800000",
	  { LE(0x03800000), LE(1), LE(0), LE(0), LE(0), LE(0) }, 24,
	  -EINVAL, 3, FCAP_PROB_FLAGS, false, 1, 0, 0,
	  -EINVAL, -EINVAL, 0, -EINVAL, -EINVAL, -EINVAL },
	{ "v1 with unknown flag",
	  { LE(0x01000100), LE(1), LE(0) }, 12,
	  -EINVAL, 1, FCAP_PROB_LEGACY | FCAP_PROB_FLAGS, false, 1, 0, 0,
	  -EINVAL, -EINVAL, 0, -EINVAL, -EINVAL, -EINVAL },
	{ "bit 63 set in permitted",
	  { LE(0x02000000), LE(0), LE(0), LE(0x80000000), LE(0) }, 20,
	  -EINVAL, 2, FCAP_PROB_HIGHBITS, false, 1ULL << 63, 0, 0,
	  0, 0, 0, 0, 0, 0 },
	{ "oversized 28 bytes",
	  { LE(0x02000000), LE(1), LE(0), LE(0), LE(0), LE(0), LE(0) }, 28,
	  -EINVAL, 2, FCAP_PROB_SIZE, false, 0, 0, 0,
	  -EINVAL, -EINVAL, -ERANGE, -EINVAL, -EINVAL, -ERANGE },
};

static void check_vec(const struct vec *t)
{
	struct fcap_value v;
	struct fcap_verdict m, f;
	int ret = fcap_decode(t->len ? t->bytes : NULL, t->len, &v);
	bool fields = v.rev && !(v.problems & (FCAP_PROB_SIZE |
				 FCAP_PROB_REVISION));

	tap_is_int(ret, t->ret, "%s: decode result", t->name);
	tap_is_int(v.problems, t->problems, "%s: problems", t->name);
	tap_is_int(v.rev, t->rev, "%s: revision", t->name);
	if (fields) {
		tap_ok(v.effective == t->eff && v.permitted == t->p &&
		       v.inheritable == t->i && v.rootid == t->rootid,
		       "%s: fields", t->name);
	}
	fcap_verdict(&v, FCAP_KERNEL_MAINLINE, &m);
	fcap_verdict(&v, FCAP_KERNEL_FCAPS, &f);
	tap_ok(m.write == t->mw && m.read == t->mr && m.exec == t->mx,
	       "%s: mainline write %d read %d exec %d", t->name,
	       m.write, m.read, m.exec);
	tap_ok(f.write == t->fw && f.read == t->fr && f.exec == t->fx,
	       "%s: fcaps write %d read %d exec %d", t->name,
	       f.write, f.read, f.exec);
	if (ret == 0) {
		unsigned char out[FCAP_SIZE_MAX];
		int n = fcap_encode(&v, out, sizeof(out));

		tap_ok(n == (int)t->len && memcmp(out, t->bytes, t->len) == 0,
		       "%s: re-encodes to the same bytes", t->name);
	}
}

static void check_encode(void)
{
	struct fcap_value v;
	unsigned char out[FCAP_SIZE_MAX];
	static const unsigned char ipc[] = {
		LE(0x02000001), LE(0x4000), LE(0), LE(0), LE(0) };

	tap_is_int(fcap_value_set(&v, 1ULL << 14, 0, 1ULL << 14), 0,
		   "value_set: cap_ipc_lock+ep");
	tap_ok(fcap_encode(&v, out, sizeof(out)) == 20 &&
	       !memcmp(out, ipc, 20), "encode: design example bytes");
	tap_is_int(fcap_value_set(&v, 3, 4, 1), -EINVAL,
		   "value_set: effective subset of P|I refused");
	tap_is_int(fcap_value_set(&v, 3, 4, 7), 0,
		   "value_set: effective == P|I accepted");
	tap_ok(v.effective, "value_set: flag on when E == P|I");
	tap_is_int(fcap_value_set(&v, 0, 0, 1ULL << 13), 0,
		   "value_set: E beyond empty P|I gives the bare flag (libcap)");
	tap_is_int(fcap_value_set(&v, 1, 0, 0), 0,
		   "value_set: empty effective accepted");
	tap_ok(!v.effective, "value_set: flag off when E empty");
	v.has_rootid = true;
	v.rootid = 1000;
	tap_is_int(fcap_encode(&v, out, sizeof(out)), 24,
		   "encode: rootid gives v3");
	tap_is_int(out[3], 3, "encode: v3 magic");
	tap_is_int(fcap_encode(&v, out, 20), -ERANGE,
		   "encode: short buffer refused");
	tap_is_int(fcap_decode(NULL, 5, &v), -EFAULT, "decode: NULL buffer");
	tap_is_str(fcap_problem_name(FCAP_PROB_EMPTY), "zero-length",
		   "problem name");
	tap_ok(fcap_last_cap() >= 40 && fcap_last_cap() < 64,
	       "last cap %u plausible", fcap_last_cap());
}

/* Every length 0..32 with every revision byte: never a crash. */
static void check_sweep(void)
{
	unsigned char buf[32];
	unsigned int len, rev, bad = 0;

	memset(buf, 0xff, sizeof(buf));
	for (rev = 0; rev < 256; rev++)
		for (len = 0; len <= sizeof(buf); len++) {
			struct fcap_value v;
			struct fcap_verdict vd;
			int r;

			buf[3] = (unsigned char)rev;
			r = fcap_decode(buf, len, &v);
			fcap_verdict(&v, FCAP_KERNEL_FCAPS, &vd);
			if ((r == 0) != (v.problems == 0) || (r && r != -EINVAL))
				bad++;
		}
	tap_is_int(bad, 0, "sweep: 8448 values classified consistently");
}

/* A writer without CAP_SETFCAP: the header is judged first. */
static void check_unpriv(void)
{
	static const struct {
		const char *name;
		unsigned char bytes[24];
		size_t len;
		int mainline, fcaps;
	} u[] = {
		{ "v2 cap_ipc_lock+ep", { LE(0x02000001), LE(0x4000) }, 20,
		  -EPERM, -EPERM },
		{ "v3 rootid (uid_t)-1", { LE(0x03000001), LE(0x4000), LE(0),
		  LE(0), LE(0), LE(0xffffffffU) }, 24, -EPERM, -EPERM },
		{ "zero-length", { 0 }, 0, 0, -EINVAL },
		{ "v1", { LE(0x01000001), LE(0x20), LE(0) }, 12,
		  -EINVAL, -EINVAL },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		struct fcap_value v;
		struct fcap_verdict m, f;

		fcap_decode(u[i].len ? u[i].bytes : NULL, u[i].len, &v);
		fcap_verdict(&v, FCAP_KERNEL_MAINLINE, &m);
		fcap_verdict(&v, FCAP_KERNEL_FCAPS, &f);
		tap_is_int(m.write_unpriv, u[i].mainline,
			   "%s: mainline unprivileged write", u[i].name);
		tap_is_int(f.write_unpriv, u[i].fcaps,
			   "%s: fcaps unprivileged write", u[i].name);
	}
}

/*
 * Overlayfs copy-up of a lower file's value, by kernel line: the value as
 * getxattr returns it, or, when getxattr refuses it, dropped (6.12, 7.3;
 * 6.1 only for ENODATA, an empty value with the fix series) or the copy-up
 * failing with getxattr's error (6.1).  Verdicts from the
 * decoder, so the rule is checked on the values, not on chosen errnos.
 */
static void check_copy_up(void)
{
	static const struct {
		const char *name;
		unsigned char bytes[24];
		size_t len;
		enum fcap_kernel k;
		int v612, v61;
	} c[] = {
		{ "v2 cap_ipc_lock+ep", { LE(0x02000001), LE(0x4000) }, 20,
		  FCAP_KERNEL_MAINLINE, 0, 0 },
		{ "zero-length", { 0 }, 0, FCAP_KERNEL_MAINLINE,
		  -ENODATA, -EINVAL },
		{ "zero-length, fcaps (getxattr reads it as none)", { 0 }, 0,
		  FCAP_KERNEL_FCAPS, -ENODATA, -ENODATA },
		{ "v1", { LE(0x01000001), LE(0x20), LE(0) }, 12,
		  FCAP_KERNEL_MAINLINE, -ENODATA, -EINVAL },
		{ "v1, fcaps (getxattr shows it as v2)",
		  { LE(0x01000001), LE(0x20), LE(0) }, 12,
		  FCAP_KERNEL_FCAPS, 0, 0 },
		{ "unknown flag bits, fcaps",
		  { LE(0x02000003), LE(0x4000) }, 20, FCAP_KERNEL_FCAPS,
		  -ENODATA, -EINVAL },
		{ "v3 rootid (uid_t)-1", { LE(0x03000001), LE(0x4000), LE(0),
		  LE(0), LE(0), LE(0xffffffffU) }, 24, FCAP_KERNEL_MAINLINE,
		  -EOVERFLOW, -EOVERFLOW },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct fcap_value v;
		struct fcap_verdict vd;

		fcap_decode(c[i].len ? c[i].bytes : NULL, c[i].len, &v);
		fcap_verdict(&v, c[i].k, &vd);
		tap_is_int(fcap_copy_up(&vd, FCAP_KVER_6_12), c[i].v612,
			   "%s: copy-up on 6.12", c[i].name);
		tap_is_int(fcap_copy_up(&vd, FCAP_KVER_6_1), c[i].v61,
			   "%s: copy-up on 6.1", c[i].name);
		/* 7.3's ovl_copy_xattr() and ovl_no_fscap() are 6.12's */
		tap_is_int(fcap_copy_up(&vd, FCAP_KVER_7_3), c[i].v612,
			   "%s: copy-up on 7.3 (as 6.12)", c[i].name);
	}
}

/* fcap_json_string(): pure ASCII, lossless, every special byte escaped */
static void check_json(void)
{
	char all[256], *out = NULL;
	size_t len = 0, i;
	bool ascii = true;
	FILE *f;

	f = open_memstream(&out, &len);
	fcap_json_string(f, "a\"b\\c\n\x7f\xe9/");
	fclose(f);
	tap_ok(out && !strcmp(out, "\"a\\\"b\\\\c\\u000a\\u007f\\u00e9/\""),
	       "json string: quote, backslash, newline, DEL, 0xe9 (%s)", out);
	free(out);

	for (i = 1; i < 256; i++)
		all[i - 1] = (char)i;
	all[255] = '\0';
	out = NULL;
	f = open_memstream(&out, &len);
	fcap_json_string(f, all);
	fclose(f);
	for (i = 0; i < len; i++)
		if (out[i] < 0x20 || out[i] > 0x7e)
			ascii = false;
	tap_ok(ascii, "json string: bytes 1..255 come out as printable ASCII");
	/* 95 printable, 2 of them as 2 bytes, 160 others as 6 bytes, quotes */
	tap_is_int((long long)len, 93 + 2 * 2 + 160 * 6 + 2,
		   "json string: bytes 1..255 take the length of their escapes");
	free(out);
}

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++)
		check_vec(&vecs[i]);
	check_encode();
	check_sweep();
	check_unpriv();
	check_copy_up();
	check_json();
	return tap_done();
}
