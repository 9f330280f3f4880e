// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe.c - what a process holds right after execve(): one line on
 * stdout, "R uid euid gid egid inh prm eff bnd amb securebits at_secure".
 * The guest suites exec it with every kind of capability value.
 */
#include <inttypes.h>
#include <stdio.h>
#include <sys/auxv.h>

#include "fcap.h"

int main(void)
{
	struct fcap_proc p;

	if (fcap_proc_read_self(&p))
		return 99;
	printf("R %u %u %u %u %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64
	       " %" PRIx64 " %x %lu\n", p.uid, p.euid, p.gid, p.egid,
	       p.cap_inh, p.cap_prm, p.cap_eff, p.cap_bnd, p.cap_amb,
	       p.securebits, getauxval(AT_SECURE));
	return fflush(stdout) ? 98 : 0;
}
