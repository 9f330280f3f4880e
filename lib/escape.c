// SPDX-License-Identifier: GPL-2.0-only
/*
 * escape.c - the \ooo escapes of names and texts in lines.
 *
 * A byte is written \ooo, three octal digits; a reader takes exactly
 * three, of a byte other than NUL.  Inside a quoted string '"' and '\\'
 * are written \" and \\.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "escape.h"

static bool must_escape(unsigned char c, unsigned int flags)
{
	if (c == '\\')
		return true;
	if ((flags & FCAP_ESC_CONTROL) && (c < 0x20 || c == 0x7f))
		return true;
	if ((flags & FCAP_ESC_HIGH) && c >= 0x80)
		return true;
	if ((flags & FCAP_ESC_BLANK) && (c == ' ' || c == '\t'))
		return true;
	return (flags & FCAP_ESC_QUOTE) && c == '"';
}

/**
 * fcap_put_escaped() - write @s with the bytes @flags name escaped
 * @f: where to
 * @s: a name or a text
 * @flags: FCAP_ESC_*: which bytes are written \ooo besides '\\' (itself
 *	\134, or \\ with FCAP_ESC_QUOTE, which also writes '"' as \")
 *
 * A name written with FCAP_ESC_CONTROL cannot forge a line or a field
 * of a tab-separated one.
 */
void fcap_put_escaped(FILE *f, const char *s, unsigned int flags)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++) {
		if (!must_escape(*p, flags))
			putc(*p, f);
		else if ((flags & FCAP_ESC_QUOTE) && (*p == '\\' || *p == '"'))
			fprintf(f, "\\%c", *p);
		else
			fprintf(f, "\\%03o", *p);
	}
}

static int octal(char c)
{
	return c >= '0' && c <= '7' ? c - '0' : -1;
}

/**
 * fcap_unescape() - decode what fcap_put_escaped() wrote, in place
 * @s: the text, NUL-terminated
 * @literal: the characters that may follow a backslash as themselves
 *	("\\" for a text, "\\\"" inside a quoted string, "" when only \ooo
 *	is written); one of them other than '\\' may not appear bare
 *
 * Return: 0, or -EINVAL for an escape that is neither (\ooo must be
 * three octal digits of a byte from 1 to 0377) or a bare @literal.
 */
int fcap_unescape(char *s, const char *literal)
{
	char *out = s;
	int a, b, c;

	for (; *s; s++) {
		if (*s != '\\') {
			if (strchr(literal, *s))
				return -EINVAL;
			*out++ = *s;
			continue;
		}
		if (s[1] && strchr(literal, s[1])) {
			*out++ = *++s;
			continue;
		}
		a = octal(s[1]);
		b = a < 0 ? -1 : octal(s[2]);
		c = b < 0 ? -1 : octal(s[3]);
		if (c < 0 || a > 3 || (a | b | c) == 0)
			return -EINVAL;
		*out++ = (char)(a << 6 | b << 3 | c);
		s += 3;
	}
	*out = '\0';
	return 0;
}
