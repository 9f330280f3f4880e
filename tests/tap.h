/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tap.h - a small TAP producer for fcaps' C test programs.
 *
 *	tap_plan(3);
 *	tap_ok(x == 1, "x is one");
 *	tap_is_u64(got, want, "permitted of %s", name);
 *	tap_skip("needs root");
 *	return tap_done();
 */
#ifndef FCAPS_TAP_H
#define FCAPS_TAP_H

#include <stddef.h>
#include <stdint.h>

void tap_plan(int n);
void tap_skip_all(const char *reason) __attribute__((noreturn));
int tap_ok(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int tap_is_int(long long got, long long want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tap_is_u64(uint64_t got, uint64_t want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tap_is_str(const char *got, const char *want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tap_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tap_done(void);
char *tap_tmpname(char *buf, size_t n, const char *name);

#endif
