/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * manifest.h - the manifest format of setfcap --manifest.
 *
 * One "CAPS PATH" pair a line: CAPS is a cap_from_text(3) text or "-r"
 * and has no blanks; PATH is the rest of the line, blanks inside it kept.
 * Leading blanks and trailing blanks (and a CR) are dropped; blank lines
 * and lines starting with '#' are skipped.  Nothing here prints.
 */
#ifndef FCAP_MANIFEST_H
#define FCAP_MANIFEST_H

#include <errno.h>
#include <stdio.h>

#define MANIFEST_SKIP		0	/* blank line or comment */
#define MANIFEST_ENTRY		1	/* a CAPS PATH pair */
#define MANIFEST_ERR_FORMAT	(-EINVAL)	/* no PATH after CAPS */
#define MANIFEST_ERR_STDIN	(-EPERM)	/* CAPS "-": no stdin here */

/**
 * struct manifest_cb - what fcap_manifest_read() calls for each line
 * @entry:	a pair; @caps and @path point into the line buffer and are
 *		valid until the callback returns
 * @bad:	a line that is not a pair (@err: MANIFEST_ERR_*)
 * @priv:	passed to both
 */
struct manifest_cb {
	void (*entry)(void *priv, unsigned long lineno, const char *caps,
		      const char *path);
	void (*bad)(void *priv, unsigned long lineno, int err);
	void *priv;
};

int fcap_manifest_line(char *line, char **caps, char **path);
int fcap_manifest_read(FILE *f, const struct manifest_cb *cb);
const char *fcap_manifest_strerror(int err);

#endif /* FCAP_MANIFEST_H */
