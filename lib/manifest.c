// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - parse setfcap manifests (format in manifest.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/**
 * fcap_manifest_line() - split one manifest line in place
 * @line: the line, NUL-terminated; modified
 * @caps: set to the CAPS word (MANIFEST_ENTRY only)
 * @path: set to the PATH (MANIFEST_ENTRY only): never empty, never
 *	  starting or ending with a blank, no newline
 *
 * Return: MANIFEST_ENTRY, MANIFEST_SKIP, or a MANIFEST_ERR_* code.
 */
int fcap_manifest_line(char *line, char **caps, char **path)
{
	char *p = line + strspn(line, " \t"), *e, *c;

	e = p + strlen(p);
	while (e > p && (e[-1] == '\n' || e[-1] == '\r' || is_blank(e[-1])))
		*--e = '\0';
	if (!*p || *p == '#')
		return MANIFEST_SKIP;
	c = p;
	p += strcspn(p, " \t");
	if (!*p)
		return MANIFEST_ERR_FORMAT;
	*p++ = '\0';
	p += strspn(p, " \t");
	if (!strcmp(c, "-"))
		return MANIFEST_ERR_STDIN;
	*caps = c;
	*path = p;
	return MANIFEST_ENTRY;
}

/**
 * fcap_manifest_read() - parse a manifest stream line by line
 * @f: the stream
 * @cb: called for every pair and every bad line, in order
 *
 * Return: 0 when the stream was read to its end, -ENOMEM, or -EIO on a
 * read error (the lines before it were parsed).
 */
int fcap_manifest_read(FILE *f, const struct manifest_cb *cb)
{
	char *line = NULL, *caps, *path;
	unsigned long lineno = 0;
	size_t cap = 0;
	int ret;

	errno = 0;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		ret = fcap_manifest_line(line, &caps, &path);
		if (ret == MANIFEST_ENTRY)
			cb->entry(cb->priv, lineno, caps, path);
		else if (ret < 0)
			cb->bad(cb->priv, lineno, ret);
		errno = 0;
	}
	free(line);
	if (ferror(f))
		return errno == ENOMEM ? -ENOMEM : -EIO;
	return 0;
}

/**
 * fcap_manifest_strerror() - what a MANIFEST_ERR_* code means
 * @err: the code
 *
 * Return: a static English phrase.
 */
const char *fcap_manifest_strerror(int err)
{
	switch (err) {
	case MANIFEST_ERR_FORMAT:
		return "want \"caps path\"";
	case MANIFEST_ERR_STDIN:
		return "'-' is not allowed in a manifest";
	}
	return "invalid line";
}
