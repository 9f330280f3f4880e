// SPDX-License-Identifier: GPL-2.0-only
/*
 * hash.c - the SHA-256 of a file's content, through libcrypto.
 */
#include <errno.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "hash.h"

/**
 * sha256_read() - SHA-256 of what @rd returns until it returns 0
 * @rd:		reads up to @len bytes into @buf; returns the count, 0 at the
 *		end, or a negative errno
 * @priv:	passed to @rd
 * @out:	the digest
 *
 * Return: 0, or a negative errno.
 */
int sha256_read(ssize_t (*rd)(void *priv, void *buf, size_t len), void *priv,
		unsigned char out[32])
{
	unsigned char buf[65536];
	unsigned int len = 32;
	EVP_MD_CTX *ctx;
	ssize_t n;
	int ret = -EIO;

	ctx = EVP_MD_CTX_new();
	if (!ctx)
		return -ENOMEM;
	if (!EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
		goto out_free;
	for (;;) {
		n = rd(priv, buf, sizeof(buf));
		if (n < 0) {
			ret = n;
			goto out_free;
		}
		if (n == 0)
			break;
		if (!EVP_DigestUpdate(ctx, buf, n))
			goto out_free;
	}
	if (EVP_DigestFinal_ex(ctx, out, &len) && len == 32)
		ret = 0;
out_free:
	EVP_MD_CTX_free(ctx);
	return ret;
}

static ssize_t read_fd(void *priv, void *buf, size_t len)
{
	ssize_t n;

	do
		n = read(*(int *)priv, buf, len);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

/**
 * sha256_fd() - SHA-256 of what is left to read of @fd
 * @fd:		open for reading
 * @out:	the digest
 *
 * Return: 0, or a negative errno.
 */
int sha256_fd(int fd, unsigned char out[32])
{
	return sha256_read(read_fd, &fd, out);
}
