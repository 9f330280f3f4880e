// SPDX-License-Identifier: GPL-2.0-only
/*
 * memfile.c - hand an input to a parser that wants a file name.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

/**
 * fuzz_memfile() - put @data in a fresh memfd and name it
 * @data: @size: the bytes
 * @name: set to "/proc/self/fd/N"
 * @len: room in @name
 *
 * Return: the descriptor (the caller closes it), or -errno.
 */
int fuzz_memfile(const uint8_t *data, size_t size, char *name, size_t len)
{
	size_t off = 0;
	ssize_t n;
	int fd;

	fd = memfd_create("fuzz-input", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (off < size) {
		n = write(fd, data + off, size - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return -EIO;
		}
		off += n;
	}
	snprintf(name, len, "/proc/self/fd/%d", fd);
	return fd;
}
