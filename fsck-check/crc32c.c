// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c.c - libext2fs's CRC32c, computed with the CPU's instruction.
 *
 * Every metadata checksum libext2fs verifies (inodes, directory blocks,
 * extent blocks, EA blocks, bitmaps, group descriptors, the superblock)
 * is computed by ext2fs_crc32c_le(), which in libext2fs is table code at
 * about 3.7 instructions a byte.  On an image of 10,000 directories the
 * CRC32c of their blocks was 40% of what --image executed.
 *
 * This file defines ext2fs_crc32c_le() itself, with the same arguments
 * and the same result, and libext2fs's calls land here: each goes
 * through its PLT, where the executable's definition comes first, and a
 * static link never pulls the library's own crc32c.o in.  Where the CPU
 * has SSE4.2's crc32 instruction (x86-64 since 2008) it takes 8 bytes at
 * a time, on three independent streams for long buffers; elsewhere a
 * slice-by-8 table does, which is what libext2fs does.  Nothing is
 * verified less: the checksums are the same numbers, computed faster.
 */
#include <endian.h>
#include <stdbool.h>
#include <string.h>

#include <ext2fs/ext2fs.h>

#include "crc32c.h"

#define CRC32C_POLY	0x82f63b78	/* reflected */

/* table[k][b]: the CRC of byte b followed by k zero bytes. */
static uint32_t table[8][256];
static uint32_t (*crc_fn)(uint32_t crc, const unsigned char *p, size_t len);

static void table_init(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ CRC32C_POLY : c >> 1;
		table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			table[k][i] = (table[k - 1][i] >> 8) ^
				      table[0][table[k - 1][i] & 0xff];
}

/**
 * crc32c_table() - CRC32c of @len bytes at @p, slice-by-8
 * @crc:	the CRC so far (no inversion on the way in or out, as
 *		ext2fs_crc32c_le())
 * @p:		the bytes
 * @len:	how many
 *
 * Needs crc32c_init() first.
 *
 * Return: the CRC after @p.
 */
uint32_t crc32c_table(uint32_t crc, const unsigned char *p, size_t len)
{
	uint64_t w;

	for (; len && ((uintptr_t)p & 7); len--)
		crc = table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	for (; len >= 8; len -= 8, p += 8) {
		memcpy(&w, p, sizeof(w));
		w = le64toh(w) ^ crc;
		crc = table[7][w & 0xff] ^ table[6][(w >> 8) & 0xff] ^
		      table[5][(w >> 16) & 0xff] ^ table[4][(w >> 24) & 0xff] ^
		      table[3][(w >> 32) & 0xff] ^ table[2][(w >> 40) & 0xff] ^
		      table[1][(w >> 48) & 0xff] ^ table[0][w >> 56];
	}
	for (; len; len--)
		crc = table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

#if defined(__x86_64__)
/*
 * Three streams of STRIDE bytes each run side by side (the instruction's
 * latency is three times its throughput), then the first two are moved
 * past the bytes the later ones covered.  The CRC without inversion is
 * linear: shift[k][j][b] is the CRC state whose byte j is b (the others
 * 0) carried over STRIDE * (k + 1) zero bytes, and a state is carried a
 * byte at a time.
 */
#define STRIDE	336	/* 3 x 336 = 1,008: one round in a 1 KiB block */
static uint32_t shift[2][4][256];

/* The CRC state @crc carried over @zeros zero bytes, the slow way. */
static uint32_t crc_zeros(uint32_t crc, size_t zeros)
{
	static const unsigned char z[256];
	size_t n;

	for (; zeros; zeros -= n) {
		n = zeros < sizeof(z) ? zeros : sizeof(z);
		crc = crc32c_table(crc, z, n);
	}
	return crc;
}

static void shift_init(void)
{
	uint32_t bit[32], v;
	int k, i, b;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < 32; i++)
			bit[i] = crc_zeros(1u << i, STRIDE * (k + 1));
		for (i = 0; i < 4; i++) {
			for (b = 0; b < 256; b++) {
				v = 0;
				for (int j = 0; j < 8; j++)
					if (b & (1 << j))
						v ^= bit[8 * i + j];
				shift[k][i][b] = v;
			}
		}
	}
}

static uint32_t shift_by(const uint32_t s[4][256], uint32_t crc)
{
	return s[0][crc & 0xff] ^ s[1][(crc >> 8) & 0xff] ^
	       s[2][(crc >> 16) & 0xff] ^ s[3][crc >> 24];
}

__attribute__((target("sse4.2")))
static uint64_t insn_run(uint64_t crc, const unsigned char *p, size_t words)
{
	uint64_t w;

	for (; words; words--, p += 8) {
		memcpy(&w, p, sizeof(w));
		crc = __builtin_ia32_crc32di(crc, w);
	}
	return crc;
}

/**
 * crc32c_insn() - crc32c_table(), with SSE4.2's crc32 instruction
 * @crc: @p: @len:	as crc32c_table()
 *
 * Only where crc32c_init() returned "sse4.2".
 *
 * Return: the CRC after @p.
 */
__attribute__((target("sse4.2")))
uint32_t crc32c_insn(uint32_t crc, const unsigned char *p, size_t len)
{
	uint64_t c0, c1, c2, w;

	for (; len && ((uintptr_t)p & 7); len--)
		crc = __builtin_ia32_crc32qi(crc, *p++);
	c0 = crc;
	for (; len >= 3 * STRIDE; len -= 3 * STRIDE, p += 3 * STRIDE) {
		c1 = 0;
		c2 = 0;
		for (size_t i = 0; i < STRIDE; i += 8) {
			memcpy(&w, p + i, sizeof(w));
			c0 = __builtin_ia32_crc32di(c0, w);
			memcpy(&w, p + STRIDE + i, sizeof(w));
			c1 = __builtin_ia32_crc32di(c1, w);
			memcpy(&w, p + 2 * STRIDE + i, sizeof(w));
			c2 = __builtin_ia32_crc32di(c2, w);
		}
		c0 = shift_by(shift[1], c0) ^ shift_by(shift[0], c1) ^ c2;
	}
	c0 = insn_run(c0, p, len / 8);
	p += len & ~(size_t)7;
	crc = c0;
	for (len &= 7; len; len--)
		crc = __builtin_ia32_crc32qi(crc, *p++);
	return crc;
}

static bool insn_usable(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("sse4.2");
}
#else
uint32_t crc32c_insn(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc32c_table(crc, p, len);
}

static void shift_init(void)
{
}

static bool insn_usable(void)
{
	return false;
}
#endif

/**
 * crc32c_init() - choose how ext2fs_crc32c_le() computes
 *
 * Called by image_open(), before libext2fs computes a checksum (and by
 * ext2fs_crc32c_le() should it come first); again, it changes nothing.
 *
 * Return: "sse4.2" or "table", what ext2fs_crc32c_le() uses.
 */
const char *crc32c_init(void)
{
	if (!crc_fn) {
		table_init();
		if (insn_usable()) {
			shift_init();
			crc_fn = crc32c_insn;
		} else {
			crc_fn = crc32c_table;
		}
	}
	return crc_fn == crc32c_table ? "table" : "sse4.2";
}

/* libext2fs's, replaced (see the top of this file). */
__u32 ext2fs_crc32c_le(__u32 crc, unsigned char const *p, size_t len)
{
	if (!crc_fn)
		crc32c_init();
	return crc_fn(crc, p, len);
}
