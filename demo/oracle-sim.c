// SPDX-License-Identifier: GPL-2.0-only
/*
 * oracle-sim - the demo's stand-in for the database of the 2004 thread.
 *
 *   oracle-sim          lock a 32 MiB "SGA" with mlock(2), create a 4 MiB
 *                       SHM_HUGETLB segment, print the process's
 *                       capabilities; exit 0 when both worked, 1 if not
 *   oracle-sim --caps   only print the capabilities (exit 0)
 *
 * Both calls need CAP_IPC_LOCK once the size passes RLIMIT_MEMLOCK (the
 * demo runs it with 64 KiB) or, for SHM_HUGETLB, without membership of
 * vm.hugetlb_shm_group.  The reserved huge pages come from root, through
 * /proc/sys/vm/nr_hugepages.
 */
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <unistd.h>

#include <sys/capability.h>

#define SGA_SIZE	(32UL << 20)
#define HUGE_SIZE	(4UL << 20)

/* The hex CapEff/CapPrm of /proc/self/status, 0 when absent. */
static uint64_t status_caps(const char *key)
{
	char line[256];
	uint64_t v = 0;
	size_t n = strlen(key);
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		err(2, "/proc/self/status");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = strtoull(line + n + 1, NULL, 16);
	fclose(f);
	return v;
}

static void print_set(const char *key)
{
	uint64_t v = status_caps(key);
	const char *sep = "";
	int i;

	printf("%s: %016" PRIx64 " (", key, v);
	for (i = 0; i < 64; i++) {
		char *name;

		if (!(v & (1ULL << i)))
			continue;
		name = cap_to_name((cap_value_t)i);
		printf("%s%s", sep, name ? name : "?");
		cap_free(name);
		sep = ",";
	}
	printf("%s)\n", *sep ? "" : "none");
}

static int do_sga(void)
{
	void *sga = mmap(NULL, SGA_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int ret;

	if (sga == MAP_FAILED)
		return -errno;
	ret = mlock(sga, SGA_SIZE) ? -errno : 0;
	if (!ret)
		munlock(sga, SGA_SIZE);
	munmap(sga, SGA_SIZE);
	return ret;
}

static int do_hugetlb(void)
{
	int id = shmget(IPC_PRIVATE, HUGE_SIZE,
			IPC_CREAT | SHM_HUGETLB | 0600);

	if (id < 0)
		return -errno;
	shmctl(id, IPC_RMID, NULL);
	return 0;
}

static void report(const char *what, int ret, const char *done)
{
	if (ret)
		printf("  %-28s refused: %s\n", what, strerror(-ret));
	else
		printf("  %-28s %s\n", what, done);
}

int main(int argc, char **argv)
{
	struct rlimit rl;
	int sga, huge;

	if (argc > 1 && !strcmp(argv[1], "--caps")) {
		print_set("CapEff");
		return fflush(stdout) == EOF;
	}
	if (argc > 1)
		errx(2, "usage: oracle-sim [--caps]");
	if (getrlimit(RLIMIT_MEMLOCK, &rl))
		err(2, "getrlimit");
	printf("oracle-sim: uid %u, RLIMIT_MEMLOCK %llu KiB\n",
	       (unsigned int)getuid(),
	       rl.rlim_cur == RLIM_INFINITY ? ~0ULL :
	       (unsigned long long)rl.rlim_cur >> 10);
	sga = do_sga();
	report("mlock(32 MiB SGA)", sga, "locked");
	huge = do_hugetlb();
	report("shmget(4 MiB, SHM_HUGETLB)", huge, "created");
	print_set("CapEff");
	if (fflush(stdout) == EOF)
		return 2;
	return sga || huge;
}
