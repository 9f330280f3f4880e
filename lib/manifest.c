// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - parse and print setfcap manifest lines (format in
 * manifest.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fcap.h"
#include "manifest.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int parse_rootid(const char *s, uint32_t *rootid)
{
	unsigned long long n = 0;

	if (!*s || *s == '0')
		return MANIFEST_ERR_ROOTID;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return MANIFEST_ERR_ROOTID;
		n = n * 10 + (unsigned int)(*s - '0');
		if (n >= 0xffffffffULL)
			return MANIFEST_ERR_ROOTID;
	}
	*rootid = (uint32_t)n;
	return 0;
}

/* Cut the ";attr" words off the CAPS word @c and record them in @e. */
static int parse_attrs(char *c, struct fcap_manifest_entry *e)
{
	char *a = strchr(c, ';'), *next;
	int ret;

	if (a)
		*a++ = '\0';
	for (; a; a = next) {
		next = strchr(a, ';');
		if (next)
			*next++ = '\0';
		if (!strncmp(a, "rootid=", 7) && !e->has_rootid) {
			ret = parse_rootid(a + 7, &e->rootid);
			if (ret)
				return ret;
			e->has_rootid = true;
		} else if (!strcmp(a, "quoted") && !e->quoted) {
			e->quoted = true;
		} else {
			return MANIFEST_ERR_ATTR;
		}
	}
	return 0;
}

/*
 * Unquote @p in place: "..." with \\, \" and \ooo.  The result is not
 * empty and holds no NUL.
 */
static int unquote(char *p)
{
	size_t len = strlen(p);

	if (len < 3 || p[0] != '"' || p[len - 1] != '"')
		return MANIFEST_ERR_QUOTE;
	p[len - 1] = '\0';
	if (fcap_unescape(p + 1, "\\\""))
		return MANIFEST_ERR_QUOTE;
	memmove(p, p + 1, strlen(p + 1) + 1);
	return *p ? 0 : MANIFEST_ERR_QUOTE;
}

/*
 * Decode the text of a ;quoted line in place: \ooo and \\, so that a
 * text of several clauses ("cap_kill=p cap_chown+i") fits in one word.
 */
static int unescape_text(char *t)
{
	return fcap_unescape(t, "\\") ? MANIFEST_ERR_QUOTE : 0;
}

/**
 * fcap_manifest_line() - split one manifest line in place
 * @line: the line, NUL-terminated; modified
 * @e: filled in (MANIFEST_ENTRY only)
 *
 * Return: MANIFEST_ENTRY, MANIFEST_SKIP, or a MANIFEST_ERR_* code.
 */
int fcap_manifest_line(char *line, struct fcap_manifest_entry *e)
{
	char *p = line + strspn(line, " \t"), *end, *c;
	int ret;

	memset(e, 0, sizeof(*e));
	end = p + strlen(p);
	while (end > p &&
	       (end[-1] == '\n' || end[-1] == '\r' || is_blank(end[-1])))
		*--end = '\0';
	if (!*p || *p == '#')
		return MANIFEST_SKIP;
	c = p;
	p += strcspn(p, " \t");
	if (!*p)
		return MANIFEST_ERR_FORMAT;
	*p++ = '\0';
	p += strspn(p, " \t");
	ret = parse_attrs(c, e);
	if (!ret && e->quoted)
		ret = unescape_text(c);
	if (!strcmp(c, "-"))
		return MANIFEST_ERR_STDIN;
	if (ret)
		return ret;
	if (!*c)
		return MANIFEST_ERR_FORMAT;
	if (e->has_rootid && !strcmp(c, "-r"))
		return MANIFEST_ERR_ATTR;
	if (e->quoted) {
		ret = unquote(p);
		if (ret)
			return ret;
	}
	e->caps = c;
	e->path = p;
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
	struct fcap_manifest_entry e;
	unsigned long lineno = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int ret;

	errno = 0;
	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		/* a NUL byte ends no path: such a line is not a pair */
		if (strlen(line) != (size_t)n)
			ret = MANIFEST_ERR_FORMAT;
		else
			ret = fcap_manifest_line(line, &e);
		if (ret == MANIFEST_ENTRY)
			cb->entry(cb->priv, lineno, &e);
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
	case MANIFEST_ERR_ATTR:
		return "unknown or repeated attribute (want ;rootid=N or ;quoted, rootid not with -r)";
	case MANIFEST_ERR_ROOTID:
		return "rootid wants a uid from 1 to 4294967294";
	case MANIFEST_ERR_QUOTE:
		return "bad quoted path (want \"...\" with \\\\, \\\" or \\ooo)";
	}
	return "invalid line";
}

/* Length of the UTF-8 sequence at @s (well formed, shortest form), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

/**
 * fcap_manifest_path_plain() - can @path be written as it is in a line?
 * @path: the path
 *
 * Return: true when the plain form reads back as @path and is readable
 * text: not empty, no blank or CR at either end, no control byte, valid
 * UTF-8.  Otherwise the path must be written ;quoted.
 */
bool fcap_manifest_path_plain(const char *path)
{
	const unsigned char *p = (const unsigned char *)path;
	size_t len = strlen(path), n;

	if (!len || is_blank(path[0]) || is_blank(path[len - 1]))
		return false;
	while (*p) {
		if (*p < 0x20 || *p == 0x7f)
			return false;
		n = utf8_len(p);
		if (!n)
			return false;
		p += n;
	}
	return true;
}

/* A text with blanks (several clauses), its blanks as \ooo. */
static void put_text(FILE *f, const char *text)
{
	fcap_put_escaped(f, text, FCAP_ESC_BLANK);
}

static void put_quoted(FILE *f, const char *path)
{
	putc('"', f);
	fcap_put_escaped(f, path,
			 FCAP_ESC_CONTROL | FCAP_ESC_HIGH | FCAP_ESC_QUOTE);
	putc('"', f);
}

/*
 * Does the manifest text @text (with @v's rootid) give exactly the bytes
 * @raw?  Only then is the line a faithful copy of the value.
 */
static bool same_bytes(const char *text, const struct fcap_value *v,
		       const void *raw, size_t len)
{
	unsigned char buf[FCAP_SIZE_MAX];
	struct fcap_value w;
	int n;

	if (fcap_from_text(text, &w, NULL))
		return false;
	if (v->has_rootid) {
		w.rev = 3;
		w.has_rootid = true;
		w.rootid = v->rootid;
	}
	n = fcap_encode(&w, buf, sizeof(buf));
	return n >= 0 && (size_t)n == len && !memcmp(buf, raw, len);
}

/**
 * fcap_manifest_print() - the manifest line that restores a value
 * @f: the stream
 * @path: the file's path, any bytes
 * @raw: its security.capability value as read
 * @len: the value's length
 *
 * Prints "TEXT[;rootid=N][;quoted] PATH": the line setfcap --manifest
 * reads back into exactly the bytes @raw.  A text of several clauses, or
 * a path that is not plain (fcap_manifest_path_plain()), makes the line
 * ;quoted: the text's blanks are then written \040.  A value that no line can
 * express (a legacy v1 value, unknown flag bits, capabilities libcap
 * cannot name, v3 rootid 0 or -1, an effective flag on empty sets, a
 * malformed value) prints nothing.
 *
 * Return: 0, -EINVAL when the value cannot be expressed, -ENOMEM, or -EIO
 * when the stream is in error.
 */
int fcap_manifest_print(FILE *f, const char *path, const void *raw,
			size_t len)
{
	struct fcap_value v;
	char *text = NULL;
	bool quoted;
	int ret;

	fcap_decode(raw, len, &v);
	if (fcap_problems_shown(&v) || v.rev < 2 ||
	    (v.has_rootid && (v.rootid == 0 || v.rootid == UINT32_MAX)))
		return -EINVAL;
	ret = fcap_to_text(&v, &text);
	if (ret)
		return ret;
	if (!same_bytes(text, &v, raw, len)) {
		free(text);
		return -EINVAL;
	}
	quoted = strpbrk(text, " \t\\") || !fcap_manifest_path_plain(path);
	if (quoted)
		put_text(f, text);
	else
		fputs(text, f);
	free(text);
	if (v.has_rootid)
		fprintf(f, ";rootid=%" PRIu32, v.rootid);
	if (!quoted) {
		fprintf(f, " %s\n", path);
	} else {
		fputs(";quoted ", f);
		put_quoted(f, path);
		putc('\n', f);
	}
	return ferror(f) ? -EIO : 0;
}
