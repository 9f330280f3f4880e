// SPDX-License-Identifier: GPL-2.0-only
/*
 * report.c - a source's damage, handed to its caller's callback
 * (report.h).  Never prints.
 */
#include <stdarg.h>
#include <stdio.h>

#include "report.h"

/**
 * fsck_damagef() - report one piece of damage
 * @r:		where to (NULL, or no @damage: nowhere)
 * @kind:	what it means for the scan
 * @where:	the input or the name it is in
 * @err:	the errno of the cause, or 0
 * @cause:	the cause's text when it is not an errno, or NULL
 * @fmt:	the English of @what, printf-style; NULL for none
 *
 * @what is cut at 1023 bytes.
 */
void fsck_damagef(const struct fsck_report *r, enum fsck_kind kind,
		  const char *where, int err, const char *cause,
		  const char *fmt, ...)
{
	struct fsck_damage d = {
		.kind = kind, .where = where, .err = err, .cause = cause,
	};
	char what[1024];
	va_list ap;

	if (!r || !r->damage)
		return;
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(what, sizeof(what), fmt, ap);
		va_end(ap);
		d.what = what;
	}
	r->damage(r->arg, &d);
}
