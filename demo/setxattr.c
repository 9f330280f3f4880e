// SPDX-License-Identifier: GPL-2.0-only
/*
 * setxattr - store raw bytes in an extended attribute (the demo guest has
 * no setfattr).  No value argument stores a zero-length value.
 *
 *   setxattr file name [hex]
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	unsigned char buf[256];
	const char *hex = argc > 3 ? argv[3] : "";
	size_t n = 0;
	unsigned int byte;

	if (argc < 3 || argc > 4)
		errx(2, "usage: setxattr file name [hex]");
	while (hex[0] && hex[1] && n < sizeof(buf) &&
	       sscanf(hex, "%2x", &byte) == 1) {
		buf[n++] = (unsigned char)byte;
		hex += 2;
	}
	if (*hex)
		errx(2, "%s: not an even run of hex digits (at most %zu bytes)",
		     argv[3], sizeof(buf));
	if (setxattr(argv[1], argv[2], buf, n, 0))
		err(1, "%s: cannot set %s", argv[1], argv[2]);
	return 0;
}
