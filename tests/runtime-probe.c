// SPDX-License-Identifier: GPL-2.0-only
/*
 * runtime-probe - what a process holds after exec, from inside a
 * container: one line "uid=U prm=HEX eff=HEX amb=HEX nnp=N" from
 * /proc/self/status, and " tag=ARG" when given an argument (the Debian
 * guest runs several copies in one service and tells their lines apart).  tests/runtime.sh copies it under many names, each
 * with a capability value, and runs each copy as a container's process.
 * Static: the images hold nothing else it could link with.
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char line[256], uid[32] = "?", prm[32] = "?", eff[32] = "?",
	     amb[32] = "?", nnp[8] = "?";
	FILE *f = fopen("/proc/self/status", "re");

	if (!f) {
		perror("runtime-probe: /proc/self/status");
		return 1;
	}
	/* a line is one field at most: stop at the first that matches */
	while (fgets(line, sizeof(line), f))
		(void)(sscanf(line, "Uid: %31s", uid) == 1 ||
		       sscanf(line, "CapPrm: %31s", prm) == 1 ||
		       sscanf(line, "CapEff: %31s", eff) == 1 ||
		       sscanf(line, "CapAmb: %31s", amb) == 1 ||
		       sscanf(line, "NoNewPrivs: %7s", nnp) == 1);
	fclose(f);
	printf("uid=%s prm=%s eff=%s amb=%s nnp=%s", uid, prm, eff, amb, nnp);
	if (argc > 1)
		printf(" tag=%s", argv[1]);
	putchar('\n');
	return fflush(stdout) ? 1 : 0;
}
