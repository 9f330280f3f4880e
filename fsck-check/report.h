/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report.h - how a source tells its caller what it could not read
 * (report.c).  The sources never print: each piece of damage goes to
 * the caller's callback, which says it (or counts it, or asserts on it)
 * and chooses the exit status.
 */
#ifndef FSCK_CHECK_REPORT_H
#define FSCK_CHECK_REPORT_H

/**
 * enum fsck_kind - what a piece of damage means for the scan
 * @FSCK_NOTE:	worth saying, but the result is whole (a name that
 *		vanished during the scan, a journal that needs recovery):
 *		the caller may keep it to itself (-q)
 * @FSCK_WARNING: the input was not what it should be, but the result
 *		is whole (duplicate names in a directory, dropped): always
 *		worth saying
 * @FSCK_ERROR:	the input could not be read whole, or is hostile: the
 *		result is incomplete
 * @FSCK_AMBIGUOUS: the input holds several things to read and nothing
 *		says which (an image of several images): nothing was read
 */
enum fsck_kind {
	FSCK_NOTE = 0,
	FSCK_WARNING = 1,
	FSCK_ERROR = 2,
	FSCK_AMBIGUOUS = 3,
};

/**
 * struct fsck_damage - one piece of damage
 * @kind:	what it means
 * @where:	the input or the name it is in (never NULL)
 * @what:	one line of English, or NULL when @where and the cause say
 *		it all
 * @err:	the errno of the cause, or 0
 * @cause:	the cause in the words of the library that found it
 *		(libext2fs), or NULL: then @err's, if any
 */
struct fsck_damage {
	enum fsck_kind kind;
	const char *where;
	const char *what;
	int err;
	const char *cause;
};

/**
 * struct fsck_report - where a source sends its damage
 * @damage:	called once per piece of damage, with @arg; a mounted
 *		scan calls it from its walker threads, one call at a time
 * @arg:	its argument
 */
struct fsck_report {
	void (*damage)(void *arg, const struct fsck_damage *d);
	void *arg;
};

__attribute__((format(printf, 6, 7)))
void fsck_damagef(const struct fsck_report *r, enum fsck_kind kind,
		  const char *where, int err, const char *cause,
		  const char *fmt, ...);

#endif /* FSCK_CHECK_REPORT_H */
