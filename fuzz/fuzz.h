/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz.h - what every harness in fuzz/ provides and may use.
 *
 * Each harness is one LLVMFuzzerTestOneInput().  Built with clang's
 * -fsanitize=fuzzer it is a libFuzzer target (make fuzz); linked with
 * driver.c instead it replays files (tests/fuzz-regress.sh, valgrind).
 * A harness reports a broken invariant with fuzz_fail(), which aborts:
 * libFuzzer saves the input, the replay driver dies with SIGABRT.
 */
#ifndef FCAPS_FUZZ_H
#define FCAPS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define fuzz_fail(...) do {						\
	fprintf(stderr, "%s:%d: invariant broken: ", __FILE__, __LINE__); \
	fprintf(stderr, __VA_ARGS__);					\
	fputc('\n', stderr);						\
	abort();							\
} while (0)

#define fuzz_assert(cond) do {						\
	if (!(cond))							\
		fuzz_fail("%s", #cond);					\
} while (0)

int fuzz_memfile(const uint8_t *data, size_t size, char *name, size_t len);

struct fsck_damage;

/* What a reader reported (report.h), counted by enum fsck_kind */
struct fuzz_damage {
	unsigned long n[4];
};

void fuzz_damage(void *arg, const struct fsck_damage *d);
bool fuzz_damage_ok(int ret, const struct fuzz_damage *c);
bool fuzz_path_normalized(const char *p);

#endif /* FCAPS_FUZZ_H */
