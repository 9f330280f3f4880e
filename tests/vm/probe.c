// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe.c - what a process holds right after execve(): one line on
 * stdout, "R uid euid gid egid inh prm eff bnd amb securebits at_secure".
 * The guest suites exec it with every kind of capability value.
 * "probe --as UID PROG" drops to UID (and gid UID) and execs PROG.
 */
#include <grp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "fcap.h"

int main(int argc, char **argv)
{
	struct fcap_proc p;

	if (argc == 4 && !strcmp(argv[1], "--as")) {
		unsigned int id = (unsigned int)strtoul(argv[2], NULL, 10);

		if (setgroups(0, NULL) || setresgid(id, id, id) ||
		    setresuid(id, id, id))
			return 97;
		execv(argv[3], argv + 3);
		return 96;
	}

	if (fcap_proc_read_self(&p))
		return 99;
	printf("R %u %u %u %u %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64
	       " %" PRIx64 " %x %lu\n", p.uid, p.euid, p.gid, p.egid,
	       p.cap_inh, p.cap_prm, p.cap_eff, p.cap_bnd, p.cap_amb,
	       p.securebits, getauxval(AT_SECURE));
	return fflush(stdout) ? 98 : 0;
}
