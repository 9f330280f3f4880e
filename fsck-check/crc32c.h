/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc32c.h - the CRC32c behind libext2fs's metadata checksums, with the
 * CPU's instruction where there is one (crc32c.c).
 */
#ifndef FSCK_CHECK_CRC32C_H
#define FSCK_CHECK_CRC32C_H

#include <stddef.h>
#include <stdint.h>

const char *crc32c_init(void);
uint32_t crc32c_table(uint32_t crc, const unsigned char *p, size_t len);
uint32_t crc32c_insn(uint32_t crc, const unsigned char *p, size_t len);

#endif /* FSCK_CHECK_CRC32C_H */
