// SPDX-License-Identifier: GPL-2.0-only
/*
 * diff.c - differential harness: lib's decoder against the kernel and
 * libcap, on the same bytes.
 *
 * Needs root (CAP_SETFCAP) and a file system that stores security.*
 * xattrs: the input is written with fsetxattr() to a file on tmpfs
 * ($FUZZ_TMPDIR, default /dev/shm).  Then:
 *   - the kernel's write and read verdicts must be what fcap_verdict()
 *     predicts for the running kernel family (the fcaps series when
 *     /proc/sys/kernel/fcaps exists, else mainline), except for the one
 *     value mainline kernels disagree on: Linux 6.12 stores a zero-length
 *     value, some later builds refuse it.  For that one the harness
 *     compares against what this kernel did when it started (a write
 *     refused with EINVAL, or stored and then read back as EINVAL or as
 *     zero bytes; anything else fails) — the stock 6.12 guest proves
 *     the model's verdict (tests/vm/modelcheck.c);
 *   - where the kernel stored it, what getxattr returns decodes (ours) to
 *     the same sets, flag and rootid as the input, and libcap's
 *     cap_get_file() agrees with our decoding where both accept it.
 * Without root the harness does nothing (make fuzz skips it).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "fuzz.h"

static int fd = -1;
static char path[4096];
static enum fcap_kernel family = FCAP_KERNEL_MAINLINE;
static int zero_write, zero_read;	/* this kernel, on a zero-length value */

static void cleanup(void)
{
	if (fd >= 0)
		unlink(path);
}

/* What this kernel does with a zero-length value; only two known ways. */
static void probe_zero_length(void)
{
	unsigned char back[8];

	zero_write = fsetxattr(fd, FCAP_XATTR_NAME, "", 0, 0) ? -errno : 0;
	zero_read = 0;
	if (zero_write == 0 &&
	    fgetxattr(fd, FCAP_XATTR_NAME, back, sizeof(back)) < 0)
		zero_read = -errno;
	fremovexattr(fd, FCAP_XATTR_NAME);
	if (zero_write != 0 && zero_write != -EINVAL)
		fuzz_fail("zero-length value: kernel write %d", zero_write);
	if (zero_read != 0 && zero_read != -EINVAL)
		fuzz_fail("zero-length value: kernel read %d", zero_read);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("FUZZ_TMPDIR");

	if (geteuid() != 0) {
		fprintf(stderr, "diff: not root, nothing to compare\n");
		return 0;
	}
	snprintf(path, sizeof(path), "%s/fcaps-diff.XXXXXX",
		 dir ? dir : "/dev/shm");
	fd = mkstemp(path);
	if (fd < 0) {
		perror(path);
		exit(1);
	}
	atexit(cleanup);
	if (!access("/proc/sys/kernel/fcaps", F_OK))
		family = FCAP_KERNEL_FCAPS;
	probe_zero_length();
	return 0;
}

static uint64_t lc_set(cap_t c, cap_flag_t flag)
{
	cap_flag_value_t val;
	uint64_t set = 0;
	unsigned int bit;

	for (bit = 0; bit < 64; bit++)
		if (!cap_get_flag(c, bit, flag, &val) && val == CAP_SET)
			set |= 1ULL << bit;
	return set;
}

/* libcap's reading of the file against our decoding of what it holds. */
static void against_libcap(const struct fcap_value *v)
{
	cap_t c = cap_get_file(path);
	uint64_t pe, want_e;

	if (!c) {
		/* libcap refuses only what the kernel cannot return */
		fuzz_fail("libcap refuses a value the kernel returned: %s",
			  strerror(errno));
	}
	want_e = v->effective ? v->permitted | v->inheritable : 0;
	pe = lc_set(c, CAP_EFFECTIVE);
	if (lc_set(c, CAP_PERMITTED) != v->permitted ||
	    lc_set(c, CAP_INHERITABLE) != v->inheritable || pe != want_e)
		fuzz_fail("libcap reads p=%llx i=%llx e=%llx, we decode p=%llx i=%llx e=%d",
			  (unsigned long long)lc_set(c, CAP_PERMITTED),
			  (unsigned long long)lc_set(c, CAP_INHERITABLE),
			  (unsigned long long)pe,
			  (unsigned long long)v->permitted,
			  (unsigned long long)v->inheritable, v->effective);
	if ((uint32_t)cap_get_nsowner(c) != (v->has_rootid ? v->rootid : 0))
		fuzz_fail("libcap reads rootid %d, we decode %u",
			  cap_get_nsowner(c), v->rootid);
	cap_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fcap_value in, out;
	struct fcap_verdict vd;
	unsigned char back[64];
	ssize_t n;
	int ret, err;

	if (fd < 0 || size > 64)
		return 0;
	fcap_decode(data, size, &in);
	fcap_verdict(&in, family, &vd);
	if (size == 0 && family == FCAP_KERNEL_MAINLINE) {
		vd.write = zero_write;
		vd.read = zero_read;
	}
	fremovexattr(fd, FCAP_XATTR_NAME);
	ret = fsetxattr(fd, FCAP_XATTR_NAME, data, size, 0);
	err = ret ? -errno : 0;
	if (err != vd.write)
		fuzz_fail("%zu bytes, magic %08x: kernel write %d, model %d",
			  size, in.magic, err, vd.write);
	if (err)
		return 0;

	n = fgetxattr(fd, FCAP_XATTR_NAME, back, sizeof(back));
	if (n < 0) {
		if (-errno != vd.read)
			fuzz_fail("kernel read %d, model %d", -errno, vd.read);
		return 0;
	}
	fuzz_assert(vd.read == 0);
	if (size == 0) {
		/* returned as zero bytes: decoded as the zero-length value */
		fuzz_assert(n == 0);
		fuzz_assert(fcap_decode(back, n, &out) &&
			    (out.problems & FCAP_PROB_EMPTY));
		return 0;
	}
	/* stored and returned as is: bits above the last known cap too */
	if (fcap_decode(back, n, &out))
		fuzz_assert(out.problems == FCAP_PROB_HIGHBITS);
	/* a v3 value for rootid 0 reads back as v2 in the initial ns */
	fuzz_assert(out.permitted == in.permitted);
	fuzz_assert(out.inheritable == in.inheritable);
	fuzz_assert(out.effective == in.effective);
	fuzz_assert((in.has_rootid ? in.rootid : 0) ==
		    (out.has_rootid ? out.rootid : 0));
	fuzz_assert(out.rev == (in.rev == 3 && in.rootid ? 3 : 2));
	against_libcap(&out);
	return 0;
}
