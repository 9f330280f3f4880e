// SPDX-License-Identifier: GPL-2.0-only
/*
 * seed.c - the 2004 thread's case: Oracle wants CAP_IPC_LOCK.
 *
 * As uid 1000 with RLIMIT_MEMLOCK of 64 KiB, "oracle-sim" (this program
 * with --sim) tries to mlock a 32 MiB SGA, create a SHM_HUGETLB segment
 * and mlockall() like gpg.  Refused without capabilities; after root puts
 * cap_ipc_lock+ep on the program, all three work and the process gains
 * nothing else.  TAP on stdout; run as root in the guest.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"
#include "../tap.h"

#define SGA_SIZE	(32UL << 20)
#define HUGE_SIZE	(4UL << 20)
#define SIM		"/tmp/seed/oracle-sim"

static int sim(void)
{
	struct fcap_proc p;
	void *sga = mmap(NULL, SGA_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int id, shm, lock = ENOMEM, all;

	if (sga != MAP_FAILED)
		lock = mlock(sga, SGA_SIZE) == 0 ? 0 : errno;
	if (!lock)
		munlock(sga, SGA_SIZE);
	id = shmget(IPC_PRIVATE, HUGE_SIZE, IPC_CREAT | SHM_HUGETLB | 0600);
	shm = id >= 0 ? 0 : errno;
	if (id >= 0)
		shmctl(id, IPC_RMID, NULL);
	if (sga != MAP_FAILED)
		munmap(sga, SGA_SIZE);
	all = mlockall(MCL_CURRENT) == 0 ? 0 : errno;
	munlockall();
	if (fcap_proc_read_self(&p))
		return 2;
	printf("mlock=%d shm=%d mlockall=%d eff=%" PRIx64 " prm=%" PRIx64
	       " uid=%u\n", lock, shm, all, p.cap_eff,
	       p.cap_prm, p.uid);
	return fflush(stdout) ? 1 : 0;
}

/* Run oracle-sim as uid 1000 with a 64 KiB memlock limit; its one line. */
static int run_sim(char *line, size_t len)
{
	int fd[2], st;
	pid_t pid;
	FILE *r;

	if (pipe(fd))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rlimit rl = { 64 << 10, 64 << 10 };
		char arg0[] = SIM, arg1[] = "--sim";
		char *argv[] = { arg0, arg1, NULL };

		dup2(fd[1], 1);
		if (setrlimit(RLIMIT_MEMLOCK, &rl) || setgroups(0, NULL) ||
		    setresgid(1000, 1000, 1000) || setresuid(1000, 1000, 1000))
			_exit(3);
		execv(SIM, argv);
		dprintf(1, "exec failed %d\n", errno);
		_exit(3);
	}
	close(fd[1]);
	r = fdopen(fd[0], "r");
	line[0] = '\0';
	if (!r || !fgets(line, (int)len, r))
		line[0] = '\0';
	if (r)
		fclose(r);
	waitpid(pid, &st, 0);
	return 0;
}

static int copy_self(const char *self)
{
	mkdir("/tmp/seed", 0755);
	return guest_copy(self, SIM, 0755);
}

static int reserve_huge_pages(void)
{
	FILE *f = fopen("/proc/sys/vm/nr_hugepages", "w");

	if (!f)
		return -1;
	fprintf(f, "8\n");
	return fclose(f);
}

int main(int argc, char **argv)
{
	static const unsigned char ipc_lock_ep[20] = {
		0x01, 0, 0, 0x02, 0, 0x40, 0, 0 };
	char line[256];
	unsigned int lock, shm, all, uid;
	uint64_t eff, prm;

	if (argc > 1 && !strcmp(argv[1], "--sim"))
		return sim();
	if (geteuid() != 0)
		tap_skip_all("needs root");
	tap_plan(10);
	if (copy_self("/proc/self/exe") || reserve_huge_pages())
		tap_skip_all("cannot set up oracle-sim or reserve huge pages");

	run_sim(line, sizeof(line));
	tap_diag("without capabilities: %s", line);
	if (sscanf(line, "mlock=%u shm=%u mlockall=%u eff=%" SCNx64 " prm=%"
		   SCNx64 " uid=%u", &lock, &shm, &all, &eff, &prm, &uid) != 6)
		lock = shm = all = 0, eff = ~0ULL;
	tap_ok(lock != 0, "uid 1000, 64 KiB limit: mlock of 32 MiB refused");
	tap_ok(shm != 0, "uid 1000: SHM_HUGETLB segment refused");
	tap_ok(all != 0, "uid 1000: gpg-style mlockall refused");
	tap_ok(eff == 0, "uid 1000: CapEff is 0");

	tap_ok(setxattr(SIM, FCAP_XATTR_NAME, ipc_lock_ep,
			sizeof(ipc_lock_ep), 0) == 0,
	       "root sets cap_ipc_lock+ep on oracle-sim");
	run_sim(line, sizeof(line));
	tap_diag("with cap_ipc_lock+ep: %s", line);
	if (sscanf(line, "mlock=%u shm=%u mlockall=%u eff=%" SCNx64 " prm=%"
		   SCNx64 " uid=%u", &lock, &shm, &all, &eff, &prm, &uid) != 6)
		lock = shm = all = 1, eff = 0;
	tap_ok(lock == 0, "with the capability: 32 MiB SGA locked");
	tap_ok(shm == 0, "with the capability: SHM_HUGETLB segment created");
	tap_ok(all == 0, "with the capability: gpg-style mlockall works");
	tap_is_u64(eff, 1ULL << 14, "CapEff is exactly cap_ipc_lock");
	tap_ok(prm == eff && uid == 1000, "nothing else gained, still uid 1000");
	return tap_done();
}
