/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * manifest.h - the manifest format of setfcap --manifest.
 *
 * One "CAPS PATH" pair a line: CAPS is a cap_from_text(3) text or "-r"
 * and has no blanks; PATH is the rest of the line, blanks inside it kept,
 * every other byte (a backslash too) taken as it is.  Leading blanks and
 * trailing blanks (and a CR) are dropped; blank lines and lines starting
 * with '#' are skipped.
 *
 * CAPS may end in attributes, each introduced by ';' (a character no
 * cap_from_text text holds, so no line that parsed before changes its
 * meaning):
 *   ;rootid=N   a version 3 value for the user namespace whose root is N
 *               (1 to 4294967294)
 *   ;quoted     PATH is written in double quotes, where \\ is a
 *               backslash, \" a double quote and \ooo (exactly three
 *               octal digits, 001 to 377) any byte: a path with a
 *               newline, blanks at either end, control bytes or bytes
 *               that are not UTF-8 is written this way; the same
 *               \ooo and \\ escapes (without quotes) work in CAPS, for a
 *               text of several clauses: cap_kill=p\040cap_chown+i
 * Nothing here prints but fcap_manifest_print(), to the stream it is
 * given.
 */
#ifndef FCAP_MANIFEST_H
#define FCAP_MANIFEST_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define MANIFEST_SKIP		0	/* blank line or comment */
#define MANIFEST_ENTRY		1	/* a CAPS PATH pair */
#define MANIFEST_ERR_FORMAT	(-EINVAL)	/* no PATH after CAPS */
#define MANIFEST_ERR_STDIN	(-EPERM)	/* CAPS "-": no stdin here */
#define MANIFEST_ERR_ATTR	(-ENOTSUP)	/* unknown or repeated ;attr */
#define MANIFEST_ERR_ROOTID	(-ERANGE)	/* ;rootid= not 1..2^32-2 */
#define MANIFEST_ERR_QUOTE	(-EILSEQ)	/* a bad ;quoted path */

/**
 * struct fcap_manifest_entry - one parsed line
 * @caps:	the text (attributes cut off, ;quoted escapes decoded), or
 *		"-r"; blanks only where a ;quoted line wrote them \040
 * @path:	the path, unquoted: never empty, no NUL, and unless it was
 *		quoted no newline and no blank at either end
 * @has_rootid:	the line gave ;rootid=
 * @rootid:	its value
 * @quoted:	the line gave ;quoted
 */
struct fcap_manifest_entry {
	char *caps;
	char *path;
	bool has_rootid;
	uint32_t rootid;
	bool quoted;
};

/**
 * struct manifest_cb - what fcap_manifest_read() calls for each line
 * @entry:	a pair; the strings in @e point into the line buffer and are
 *		valid until the callback returns
 * @bad:	a line that is not a pair (@err: MANIFEST_ERR_*)
 * @priv:	passed to both
 */
struct manifest_cb {
	void (*entry)(void *priv, unsigned long lineno,
		      const struct fcap_manifest_entry *e);
	void (*bad)(void *priv, unsigned long lineno, int err);
	void *priv;
};

int fcap_manifest_line(char *line, struct fcap_manifest_entry *e);
int fcap_manifest_read(FILE *f, const struct manifest_cb *cb);
const char *fcap_manifest_strerror(int err);
bool fcap_manifest_path_plain(const char *path);
int fcap_manifest_print(FILE *f, const char *path, const void *raw,
			size_t len);

#endif /* FCAP_MANIFEST_H */
