// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c-test.c - fsck-check's ext2fs_crc32c_le() (fsck-check/crc32c.c)
 * gives what libext2fs's own gives: on the standard check value, and on
 * every length up to three rounds of the three-stream loop and beyond,
 * from every alignment, with seeds of all kinds, for the table and the
 * instruction alike.  libext2fs's own is found behind ours with
 * dlsym(RTLD_NEXT): in a static build there is none to compare with, and
 * those cases skip.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <ext2fs/ext2fs.h>

#include "crc32c.h"
#include "tap.h"

typedef __u32 crc_fn(__u32 crc, unsigned char const *p, size_t len);

#define BUF	9000

static unsigned char buf[BUF + 64];

/* The first length and alignment at which @f and @g differ, or -1. */
static long first_diff(crc_fn *f, crc_fn *g, size_t *align)
{
	uint32_t seed;
	size_t len;

	for (*align = 0; *align < 8; (*align)++) {
		for (len = 0; len <= BUF; len += len < 4200 ? 1 : 97) {
			seed = (uint32_t)(len * 2654435761u);
			if (f(seed, buf + *align, len) != g(seed, buf + *align, len) ||
			    f(~0u, buf + *align, len) != g(~0u, buf + *align, len))
				return len;
		}
	}
	return -1;
}

/* @f and @g agree on every length and alignment. */
static void agree(crc_fn *f, crc_fn *g, const char *what)
{
	size_t align;
	long len = first_diff(f, g, &align);

	if (len < 0)
		tap_ok(1, "%s agree", what);
	else
		tap_ok(0, "%s agree (they differ on %ld bytes at alignment %zu)",
		       what, len, align);
}

static __u32 table(__u32 crc, unsigned char const *p, size_t len)
{
	return crc32c_table(crc, p, len);
}

static __u32 insn(__u32 crc, unsigned char const *p, size_t len)
{
	return crc32c_insn(crc, p, len);
}

int main(void)
{
	crc_fn *lib = (crc_fn *)dlsym(RTLD_NEXT, "ext2fs_crc32c_le");
	const char *how = crc32c_init();
	const unsigned char check[] = "123456789";
	size_t i;

	tap_plan(5);
	srandom(31);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = random();
	tap_diag("ext2fs_crc32c_le() uses %s", how);
	/* the CRC-32C check value (RFC 3720, with its inversions) */
	tap_is_u64(~ext2fs_crc32c_le(~0u, check, 9), 0xe3069283,
		   "ext2fs_crc32c_le(\"123456789\") is the check value");
	agree(ext2fs_crc32c_le, table, "ext2fs_crc32c_le() and the table");
	if (!strcmp(how, "sse4.2"))
		agree(insn, table, "the instruction and the table");
	else
		tap_skip("no crc32 instruction: %s", how);
	if (lib && lib != ext2fs_crc32c_le) {
		agree(ext2fs_crc32c_le, lib, "ours and libext2fs's");
		agree(table, lib, "the table and libext2fs's");
	} else {
		tap_skip("no libext2fs ext2fs_crc32c_le() behind ours");
		tap_skip("no libext2fs ext2fs_crc32c_le() behind ours");
	}
	return tap_done();
}
