// SPDX-License-Identifier: GPL-2.0-only
/*
 * memfile.c - what the harnesses share: an input handed to a parser that
 * wants a file name, the parsers' messages muted, a path's shape checked.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

/**
 * fuzz_memfile() - put @data in a fresh memfd, at offset 0, and name it
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
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -EIO;
	}
	snprintf(name, len, "/proc/self/fd/%d", fd);
	return fd;
}

static FILE *saved_stderr;

/*
 * fuzz_mute() - send stderr to /dev/null until fuzz_unmute(): the readers
 * report damage there, once per input.
 */
void fuzz_mute(void)
{
	static FILE *devnull;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	saved_stderr = stderr;
	if (devnull)
		stderr = devnull;
}

void fuzz_unmute(void)
{
	stderr = saved_stderr;
}

/**
 * fuzz_path_normalized() - is @p "/" alone, or "/" and components none of
 *	which is empty, "." or ".."?
 * @p: a path a reader handed back
 */
bool fuzz_path_normalized(const char *p)
{
	const char *c, *q;

	if (p[0] != '/')
		return false;
	if (!p[1])
		return true;
	for (c = p + 1;; c = q + 1) {
		q = strchrnul(c, '/');
		if (q == c || (q - c == 1 && c[0] == '.') ||
		    (q - c == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		if (!*q)
			return true;
	}
}
