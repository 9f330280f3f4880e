/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hash.h - the SHA-256 of a file's content (hash.c), which baselines
 * compare; every source hashes the files it hands back with a value.
 */
#ifndef FSCK_CHECK_HASH_H
#define FSCK_CHECK_HASH_H

#include <stddef.h>
#include <sys/types.h>

int sha256_fd(int fd, unsigned char out[32]);
int sha256_read(ssize_t (*rd)(void *priv, void *buf, size_t len), void *priv,
		unsigned char out[32]);

#endif /* FSCK_CHECK_HASH_H */
