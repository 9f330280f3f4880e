// SPDX-License-Identifier: GPL-2.0-only
/*
 * tap.c - TAP output for the C suites.  With tap_plan(0) (or no plan) the
 * plan is printed at the end by tap_done().
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

static int planned = -1;
static int count;
static int failed;

void tap_plan(int n)
{
	if (n > 0) {
		planned = n;
		printf("1..%d\n", n);
	}
}

void tap_skip_all(const char *reason)
{
	printf("1..0 # SKIP %s\n", reason);
	fflush(stdout);
	exit(0);
}

static int vresult(int cond, const char *fmt, va_list ap)
{
	count++;
	printf("%sok %d - ", cond ? "" : "not ", count);
	vprintf(fmt, ap);
	putchar('\n');
	if (!cond)
		failed++;
	return cond;
}

int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vresult(cond, fmt, ap);
	va_end(ap);
	return cond;
}

int tap_is_int(long long got, long long want, const char *fmt, ...)
{
	va_list ap;
	int ok = got == want;

	va_start(ap, fmt);
	vresult(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		printf("#   got %lld, want %lld\n", got, want);
	return ok;
}

int tap_is_u64(uint64_t got, uint64_t want, const char *fmt, ...)
{
	va_list ap;
	int ok = got == want;

	va_start(ap, fmt);
	vresult(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		printf("#   got 0x%016" PRIx64 ", want 0x%016" PRIx64 "\n",
		       got, want);
	return ok;
}

int tap_is_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int ok = got && want ? strcmp(got, want) == 0 : got == want;

	va_start(ap, fmt);
	vresult(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		printf("#   got '%s', want '%s'\n", got ? got : "(null)",
		       want ? want : "(null)");
	return ok;
}

void tap_skip(const char *fmt, ...)
{
	va_list ap;

	count++;
	printf("ok %d # SKIP ", count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int tap_done(void)
{
	if (planned < 0)
		printf("1..%d\n", count);
	else if (planned != count)
		printf("# planned %d tests, ran %d\n", planned, count);
	if (fflush(stdout) != 0)
		return 1;
	return failed || (planned >= 0 && planned != count) ? 1 : 0;
}

/**
 * tap_tmpname() - a scratch name under $TMPDIR (default /tmp)
 * @buf: where to write "$TMPDIR/@name"
 * @n: its size
 * @name: e.g. "fcaps-read.XXXXXX", for mkdtemp() or mkstemp()
 *
 * Return: @buf, or NULL when the name does not fit.
 */
char *tap_tmpname(char *buf, size_t n, const char *name)
{
	const char *dir = getenv("TMPDIR");
	int len;

	if (!dir || !*dir)
		dir = "/tmp";
	len = snprintf(buf, n, "%s/%s", dir, name);
	return len < 0 || (size_t)len >= n ? NULL : buf;
}
