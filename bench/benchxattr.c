// SPDX-License-Identifier: GPL-2.0-only
/*
 * benchxattr.c - the guest side of make bench-guard's write cost: root
 * stores the same cap_ipc_lock+ep value on one file fcaps_bench_n times
 * (fsetxattr), three measurements; one "BENCH setxattr writes/s" line
 * each.  With fcaps-guard loaded every write goes through its
 * inode_setxattr program.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

static const unsigned char ipc_lock_ep[20] = { 1, 0, 0, 2, 0, 0x40 };

static double loop(int fd, long n)
{
	struct timespec t0, t1;
	long i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		if (fsetxattr(fd, "security.capability", ipc_lock_ep,
			      sizeof(ipc_lock_ep), 0))
			return -1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)n / ((double)(t1.tv_sec - t0.tv_sec) +
			    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
}

int main(void)
{
	const char *ns = getenv("fcaps_bench_n");
	long n = ns ? atol(ns) * 10 : 10000;
	int fd, round;

	mkdir("/tmp/bench", 0755);
	fd = open("/tmp/bench/xattr", O_RDWR | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || loop(fd, n) < 0) {
		printf("Bail out! cannot write security.capability\n");
		return 1;
	}
	for (round = 0; round < 3; round++)
		printf("BENCH setxattr %.1f\n", loop(fd, n));
	return close(fd) ? 1 : 0;
}
