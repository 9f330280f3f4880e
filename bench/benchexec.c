// SPDX-License-Identifier: GPL-2.0-only
/*
 * benchexec.c - the guest side of make bench-exec: uid 1000 runs a
 * posix_spawn (vfork+execve) loop on a static program that exits at once, plain and
 * carrying cap_ipc_lock+ep, alternated; one "BENCH name execs/s" line per
 * measurement.  fcaps_bench_n= sets the execs per measurement.
 *
 *   benchexec loop PATH   (make bench-learn) the same loop on PATH alone,
 *                         as uid 1000 (dropped to when run as root):
 *                         "BENCH loop execs/s" lines
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"

static const unsigned char ipc_lock_ep[20] = { 1, 0, 0, 2, 0, 0x40 };

static double loop(const char *path, long n)
{
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (guest_exec_loop(path, n, -1))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)n / ((double)(t1.tv_sec - t0.tv_sec) +
			    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
}

/* benchexec loop PATH: a warm-up, then three measurements */
static int loop_only(const char *path, long n)
{
	int round;

	if (!getuid() && guest_drop_to_user()) {
		printf("Bail out! cannot become uid 1000\n");
		return 1;
	}
	loop(path, n);
	for (round = 0; round < 3; round++)
		printf("BENCH loop %.1f\n", loop(path, n));
	return fflush(stdout) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *ns = getenv("fcaps_bench_n");
	long n = ns ? atol(ns) : 1000;
	int round;

	if (argc == 3 && !strcmp(argv[1], "loop"))
		return loop_only(argv[2], n);

	mkdir("/tmp/bench", 0755);
	if (guest_copy("/tests/nop", "/tmp/bench/plain", 0755) ||
	    guest_copy("/tests/nop", "/tmp/bench/cap", 0755) ||
	    setxattr("/tmp/bench/cap", FCAP_XATTR_NAME, ipc_lock_ep,
		     sizeof(ipc_lock_ep), 0)) {
		printf("Bail out! cannot prepare the binaries\n");
		return 1;
	}
	if (guest_drop_to_user()) {
		printf("Bail out! cannot become uid 1000\n");
		return 1;
	}
	/*
	 * A first loop of each runs faster than the rest (measured under
	 * -icount: 0.3%): warm both up with a whole measurement.
	 */
	loop("/tmp/bench/plain", n);
	loop("/tmp/bench/cap", n);
	for (round = 0; round < 3; round++) {
		printf("BENCH plain %.1f\n", loop("/tmp/bench/plain", n));
		printf("BENCH cap %.1f\n", loop("/tmp/bench/cap", n));
	}
	printf("1..0 # SKIP benchmark, not a test\n");
	return 0;
}
