// SPDX-License-Identifier: GPL-2.0-only
/*
 * json.c - the one JSON string form of the tools' --json output.
 *
 * A path is bytes, not text: a name need not be UTF-8, and JSON must be.
 * getfcap and fsck-check therefore write every string as pure ASCII, each
 * byte outside printable ASCII as the \u00XX escape of the code point of
 * the same number.  The output is valid JSON whatever the name holds, and
 * lossless: a reader gets the original bytes back by encoding the decoded
 * string as Latin-1 (Python: path.encode("latin-1")).
 */
#include <stdio.h>

#include "fcap.h"

/**
 * fcap_json_string() - write @s as a JSON string, quotes included
 * @f: the stream
 * @s: the bytes, NUL-terminated
 *
 * '"' and '\' are backslash-escaped; bytes below 0x20 and from 0x7f up
 * become \u00XX.
 */
void fcap_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	putc('"', f);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			putc(*p, f);
	}
	putc('"', f);
}

/**
 * fcap_json_string_or_null() - @s as fcap_json_string() writes it, or
 *	null for NULL or "" (a field that has no value)
 * @f: the stream
 * @s: the bytes, NUL-terminated, or NULL
 */
void fcap_json_string_or_null(FILE *f, const char *s)
{
	if (s && *s)
		fcap_json_string(f, s);
	else
		fputs("null", f);
}
