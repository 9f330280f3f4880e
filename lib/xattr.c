// SPDX-License-Identifier: GPL-2.0-only
/*
 * xattr.c - the security.capability codec.
 *
 * Decoding classifies every way a raw value can be wrong, and
 * fcap_verdict() says what each kernel's write, read and exec paths do
 * with it (security/commoncap.c: cap_convert_nscap, cap_inode_getsecurity,
 * get_vfs_caps_from_disk).
 */
#include <errno.h>
#include <string.h>

#include <sys/capability.h>

#include "fcap.h"

static uint32_t get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	       (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = (v >> 24) & 0xff;
}

/**
 * fcap_last_cap() - highest capability number this system knows
 *
 * The running kernel's /proc/sys/kernel/cap_last_cap as libcap reads it,
 * or libcap's own compiled-in maximum when that is unavailable.
 *
 * Return: the number of the last capability (40 on Linux 6.12).
 */
unsigned int fcap_last_cap(void)
{
	static unsigned int last;

	if (!last) {
		unsigned int n = cap_max_bits();

		last = n > 0 && n <= 64 ? n - 1 : CAP_LAST_CAP;
	}
	return last;
}

/**
 * fcap_known_mask() - mask of every capability fcap_last_cap() covers
 *
 * Return: bits 0..fcap_last_cap() set.
 */
uint64_t fcap_known_mask(void)
{
	unsigned int last = fcap_last_cap();

	return last >= 63 ? ~0ULL : (1ULL << (last + 1)) - 1;
}

static unsigned int size_for_rev(unsigned int rev)
{
	switch (rev) {
	case 1:
		return FCAP_SIZE_V1;
	case 2:
		return FCAP_SIZE_V2;
	case 3:
		return FCAP_SIZE_V3;
	}
	return 0;
}

/**
 * fcap_decode() - decode and classify a raw security.capability value
 * @buf: the raw bytes (may be NULL when @len is 0)
 * @len: their number
 * @v: filled with what could be decoded and the problems found
 *
 * Fields are decoded whenever the bytes allow, even for a value with
 * problems (an odd-flag v2 still has its sets).  The sets of a value whose
 * size does not match its revision are left zero.
 *
 * Return: 0 when the value is a well-formed v2 or v3 value with only known
 * capabilities, -EINVAL otherwise (@v->problems says why).
 */
int fcap_decode(const void *buf, size_t len, struct fcap_value *v)
{
	const unsigned char *p = buf;
	unsigned int want;

	memset(v, 0, sizeof(*v));
	v->size = len;
	if (len == 0) {
		v->problems = FCAP_PROB_EMPTY;
		return -EINVAL;
	}
	if (!buf)
		return -EFAULT;
	if (len < 4) {
		v->problems = FCAP_PROB_SHORT;
		return -EINVAL;
	}
	v->magic = get_le32(p);
	v->effective = v->magic & FCAP_FLAG_EFFECTIVE;
	if (v->magic & FCAP_FLAGS_MASK & ~FCAP_FLAG_EFFECTIVE)
		v->problems |= FCAP_PROB_FLAGS;
	v->rev = (v->magic & FCAP_REVISION_MASK) >> 24;
	want = size_for_rev(v->rev);
	if (!want) {
		v->rev = 0;
		v->problems |= FCAP_PROB_REVISION;
		return -EINVAL;
	}
	if (v->rev == 1)
		v->problems |= FCAP_PROB_LEGACY;
	if (len != want) {
		v->problems |= FCAP_PROB_SIZE;
		return -EINVAL;
	}
	v->permitted = get_le32(p + 4);
	v->inheritable = get_le32(p + 8);
	if (v->rev >= 2) {
		v->permitted |= (uint64_t)get_le32(p + 12) << 32;
		v->inheritable |= (uint64_t)get_le32(p + 16) << 32;
	}
	if (v->rev == 3) {
		v->has_rootid = true;
		v->rootid = get_le32(p + 20);
	}
	if ((v->permitted | v->inheritable) & ~fcap_known_mask())
		v->problems |= FCAP_PROB_HIGHBITS;
	return v->problems ? -EINVAL : 0;
}

/**
 * fcap_encode() - encode a value as the kernel's write path accepts it
 * @v: revision, effective flag, sets and rootid; @v->rev 3 (or
 *     @v->has_rootid) writes v3, anything else v2
 * @buf: output buffer
 * @len: its size, at least FCAP_SIZE_V3 for v3 and FCAP_SIZE_V2 for v2
 *
 * Return: the number of bytes written, -ERANGE when @buf is too small.
 */
int fcap_encode(const struct fcap_value *v, void *buf, size_t len)
{
	unsigned char *p = buf;
	bool v3 = v->rev == 3 || v->has_rootid;
	size_t size = v3 ? FCAP_SIZE_V3 : FCAP_SIZE_V2;
	uint32_t magic = v3 ? FCAP_MAGIC_V3 : FCAP_MAGIC_V2;

	if (!buf || len < size)
		return -ERANGE;
	if (v->effective)
		magic |= FCAP_FLAG_EFFECTIVE;
	put_le32(p, magic);
	put_le32(p + 4, (uint32_t)v->permitted);
	put_le32(p + 8, (uint32_t)v->inheritable);
	put_le32(p + 12, (uint32_t)(v->permitted >> 32));
	put_le32(p + 16, (uint32_t)(v->inheritable >> 32));
	if (v3)
		put_le32(p + 20, v->rootid);
	return (int)size;
}

/**
 * fcap_value_set() - fill a v2 value from three process-style sets
 * @v: the value (zeroed, then rev 2)
 * @permitted: fP
 * @inheritable: fI
 * @effective: the effective set a text form asked for
 *
 * A file has one effective bit, not a set: it can only say "raise all of
 * P and I" or "raise nothing".  Like libcap, an effective set that covers
 * P|I sets the flag (bits of it outside P|I cannot be stored and are
 * dropped: libcap's "cap_x+e" writes the flag with empty sets).
 *
 * Return: 0, or -EINVAL when @effective is non-empty but misses a bit of
 * @permitted | @inheritable (the effective-bit rule).
 */
int fcap_value_set(struct fcap_value *v, uint64_t permitted,
		   uint64_t inheritable, uint64_t effective)
{
	memset(v, 0, sizeof(*v));
	v->rev = 2;
	v->size = FCAP_SIZE_V2;
	v->magic = FCAP_MAGIC_V2;
	v->permitted = permitted;
	v->inheritable = inheritable;
	if (!effective)
		return 0;
	if ((permitted | inheritable) & ~effective)
		return -EINVAL;
	v->effective = true;
	v->magic |= FCAP_FLAG_EFFECTIVE;
	return 0;
}

static const struct {
	unsigned int bit;
	const char *name;
	const char *old;	/* an alias parsed too (older outputs), or NULL */
} problem_names[] = {
	{ FCAP_PROB_EMPTY, "zero-length", NULL },
	{ FCAP_PROB_SHORT, "truncated", "too-short" },
	{ FCAP_PROB_SIZE, "bad-size", "size-mismatch" },
	{ FCAP_PROB_REVISION, "bad-revision", "unknown-revision" },
	{ FCAP_PROB_FLAGS, "unknown-flags", NULL },
	{ FCAP_PROB_HIGHBITS, "high-bits", "unknown-capabilities" },
	{ FCAP_PROB_LEGACY, "legacy-v1", NULL },
};

#define NPROBLEMS (sizeof(problem_names) / sizeof(problem_names[0]))

/**
 * fcap_problem_name() - the name of one problem bit
 * @problem: a single enum fcap_problem bit
 *
 * The one vocabulary of every output (getfcap --raw and --json, the
 * rule ids of fsck-check), documented in fsck-check(8), VALUE PROBLEMS.
 *
 * Return: a static string such as "zero-length", or "unknown".
 */
const char *fcap_problem_name(unsigned int problem)
{
	size_t i;

	for (i = 0; i < NPROBLEMS; i++)
		if (problem_names[i].bit == problem)
			return problem_names[i].name;
	return "unknown";
}

/**
 * fcap_problem_parse() - the problem bit of a name
 * @name: a name fcap_problem_name() returns, or one an older getfcap
 *	  printed (too-short, size-mismatch, unknown-revision,
 *	  unknown-capabilities)
 * @problem: set to the bit
 *
 * Return: 0, or -EINVAL for a name that is no problem.
 */
int fcap_problem_parse(const char *name, unsigned int *problem)
{
	size_t i;

	for (i = 0; i < NPROBLEMS; i++) {
		if (!strcmp(name, problem_names[i].name) ||
		    (problem_names[i].old &&
		     !strcmp(name, problem_names[i].old))) {
			*problem = problem_names[i].bit;
			return 0;
		}
	}
	return -EINVAL;
}

static bool well_formed(const struct fcap_value *v)
{
	return v->size >= 4 && v->rev && !(v->problems & (FCAP_PROB_SIZE |
	       FCAP_PROB_REVISION | FCAP_PROB_SHORT | FCAP_PROB_EMPTY));
}

/**
 * fcap_verdict() - what a kernel's write, read and exec paths do with a value
 * @v: a value decoded by fcap_decode()
 * @k: which kernel
 * @out: the three verdicts, 0 or a negative errno (see struct fcap_verdict)
 *
 * Read verdicts are for a reader in the initial user namespace on a file
 * system of that namespace; a v3 rootid that is not 0 is returned as is,
 * except (uid_t)-1, which no namespace owns (written: -EINVAL, read:
 * -EOVERFLOW).
 * Exec verdicts leave out the rootid check, which depends on the caller
 * (fcap_model_exec() does it).
 */
void fcap_verdict(const struct fcap_value *v, enum fcap_kernel k,
		  struct fcap_verdict *out)
{
	bool odd = v->problems & FCAP_PROB_FLAGS;
	bool exact = well_formed(v) && v->rev >= 2 && !odd;
	/* (uid_t)-1 is no uid: make_kuid() gives INVALID_UID for it */
	bool no_root = v->has_rootid && v->rootid == 0xffffffffU;

	/*
	 * cap_convert_nscap(): validheader() accepts exact v2/v3 only.  But
	 * vfs_setxattr() calls it only for a non-empty value: mainline
	 * stores a zero-length one for anybody allowed to write the file.
	 */
	out->write = exact && !no_root ? 0 : -EINVAL;
	/* The header is checked before CAP_SETFCAP, the rootid after. */
	out->write_unpriv = exact ? -EPERM : -EINVAL;
	if (v->size == 0 && k == FCAP_KERNEL_MAINLINE)
		out->write = out->write_unpriv = 0;
	/*
	 * cap_inode_getsecurity(): is_v2header() || is_v3header(); a rootid
	 * that maps to no kuid is owned by no namespace: -EOVERFLOW.
	 */
	out->read = exact ? 0 : -EINVAL;
	if (exact && no_root)
		out->read = -EOVERFLOW;

	/* get_vfs_caps_from_disk(): 24-byte buffer, flags ignored. */
	if (v->size == 0)
		out->exec = -EINVAL;
	else if (v->size > FCAP_SIZE_MAX)
		out->exec = -ERANGE;
	else if (well_formed(v))
		out->exec = 0;
	else
		out->exec = -EINVAL;

	if (k == FCAP_KERNEL_MAINLINE)
		return;
	/*
	 * The fix series: a zero-length value is refused (patch 1), stands
	 * for nothing at exec (patch 1) and reads as none (patch 2).
	 */
	if (v->size == 0)
		out->exec = out->read = -ENODATA;
	if (k != FCAP_KERNEL_FCAPS)
		return;
	/* Policy patch 3: getxattr shows a v1 value as exec reads it. */
	if (well_formed(v) && v->rev == 1 && !odd)
		out->read = 0;
	/* Policy patch 4: exec refuses what it cannot fully read. */
	if (well_formed(v) && odd)
		out->exec = -EINVAL;
}

/**
 * fcap_copy_up() - what overlayfs' copy-up does with a lower file's value
 * @vd:  the value's verdicts on the running kernel (fcap_verdict())
 * @ver: the kernel line
 *
 * Copy-up (a chmod, a utimes, an open for writing through the overlay)
 * copies the value as getxattr of the lower file returns it
 * (ovl_copy_xattr()).  When that getxattr fails, 6.12 and 7.3 drop a
 * security.capability refused with ENODATA, EOPNOTSUPP or EINVAL
 * (ovl_no_fscap()) and copy the file without it.  6.1 drops it on ENODATA
 * only, which it reads only with the fix series (an empty value: the 6.1
 * backport of its patch 2 skips it), and fails the copy-up, and so the
 * chmod or open, with any other error of getxattr.  All fail on any other
 * error (EOVERFLOW).
 *
 * Return: 0 (copied as read), -ENODATA (dropped: the upper file has no
 * value) or the negative errno the operation fails with.
 */
int fcap_copy_up(const struct fcap_verdict *vd, enum fcap_kver ver)
{
	int r = vd->read;

	if (r == 0)
		return 0;
	if (r == -ENODATA ||
	    (ver != FCAP_KVER_6_1 && (r == -EOPNOTSUPP || r == -EINVAL)))
		return -ENODATA;
	return r;
}
