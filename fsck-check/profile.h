/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * profile.h - learned profiles (profile.c): what each file was found to
 * need, as fcaps-learn prints it, for the over-granted rule.  A profile
 * directory holds files of setfcap manifest lines ("CAPS PATH",
 * lib/manifest.h), read in name order; a path named twice keeps the last
 * line.  Never prints: a bad line comes back with its file, line and
 * cause.
 */
#ifndef FSCK_CHECK_PROFILE_H
#define FSCK_CHECK_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct profile - one file's learned need
 * @path:	the file, as the manifest line names it
 * @caps:	the capabilities it needs (fP | fI)
 * @effective:	it needs the effective flag
 * @text:	the manifest line's CAPS, as written
 * @where:	"FILE:LINE" of that line
 * @seq:	the order it was read in
 */
struct profile {
	char *path;
	uint64_t caps;
	bool effective;
	char *text;
	char *where;
	size_t seq;
};

struct profiles {
	struct profile *v;
	size_t n;
};

/**
 * struct profile_error - why a profile directory was refused
 * @file:	the file (a static buffer of the struct), or "" for the
 *		directory itself
 * @line:	the line, 0 when the file could not be read
 * @reason:	static English text
 */
struct profile_error {
	char file[4096];
	unsigned long line;
	const char *reason;
};

int profiles_load(struct profiles *p, const char *dir,
		  struct profile_error *err);
const struct profile *profiles_find(const struct profiles *p,
				    const char *path);
void profiles_free(struct profiles *p);

#endif /* FSCK_CHECK_PROFILE_H */
