// SPDX-License-Identifier: GPL-2.0-only
/*
 * noisy - fcaps-learn's noise case: a program whose runs make capability
 * checks it does not need (tests/learn.sh, tests/vm/guard-guest).
 *
 *   noisy [port]
 *
 *  - reads its parent's /proc/PID/stat (fcaps-learn starts it from a
 *    process of root's): for a user other than the owner, the kernel asks
 *    for CAP_SYS_PTRACE without audit (do_task_stat(): ptrace_may_access()
 *    with PTRACE_MODE_NOAUDIT) and only hides some fields without it;
 *  - access("/etc/shadow", R_OK): access(2) checks with the effective set
 *    cleared, so CAP_DAC_READ_SEARCH is denied and its fallback
 *    CAP_DAC_OVERRIDE is checked (and denied) too;
 *  - setpriority(-5): CAP_SYS_NICE, and carries on when refused;
 *  - with a port, binds 127.0.0.1:port and fails (exit 1) if it cannot:
 *    its one need below 1024 is CAP_NET_BIND_SERVICE.
 * Exit 0 when it did what it was asked.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static int bind_port(const char *arg)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_port = htons((unsigned short)atoi(arg));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a))) {
		perror("noisy: bind");
		return 1;
	}
	close(fd);
	return 0;
}

/* Read /proc/PID/stat; return its fourth field, the parent, or 0. */
static long read_stat(const char *path)
{
	char buf[1024], *end;
	FILE *f = fopen(path, "r");
	long ppid = 0;

	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f)) {
		end = strrchr(buf, ')');
		if (end && sscanf(end + 1, " %*c %ld", &ppid) != 1)
			ppid = 0;
	}
	fclose(f);
	return ppid;
}

int main(int argc, char **argv)
{
	char path[64];
	long ppid = read_stat("/proc/self/stat");

	snprintf(path, sizeof(path), "/proc/%ld/stat", ppid);
	if (ppid > 0)
		read_stat(path);
	if (access("/etc/shadow", R_OK) == 0)
		puts("noisy: /etc/shadow is readable");
	if (setpriority(PRIO_PROCESS, 0, -5))
		puts("noisy: running at the usual priority");
	if (argc > 1 && bind_port(argv[1]))
		return 1;
	return 0;
}
