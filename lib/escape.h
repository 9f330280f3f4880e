/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * escape.h - the \ooo escapes of names and texts in lines (escape.c):
 * one writer and one reader for every format that has them (fsck-check's
 * output and baselines, getfcap --manifest's texts and ;quoted paths).
 */
#ifndef FCAP_ESCAPE_H
#define FCAP_ESCAPE_H

#include <stdio.h>

/* The bytes fcap_put_escaped() writes as \ooo, beyond the backslash. */
#define FCAP_ESC_CONTROL	(1U << 0)	/* below 0x20, and DEL */
#define FCAP_ESC_HIGH		(1U << 1)	/* 0x80 and above */
#define FCAP_ESC_BLANK		(1U << 2)	/* space and tab */
#define FCAP_ESC_QUOTE		(1U << 3)	/* '"' and '\\' as \" and \\ */

void fcap_put_escaped(FILE *f, const char *s, unsigned int flags);
int fcap_unescape(char *s, const char *literal);

#endif /* FCAP_ESCAPE_H */
