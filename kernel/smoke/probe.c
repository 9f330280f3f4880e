// SPDX-License-Identifier: GPL-2.0-only
/*
 * probe FILE...: for each file, print what getxattr returns for
 * security.capability, what an exec of it as uid 1000 gives (errno or the
 * child's CapPrm/CapEff), and whether chown removes the value.  Run by
 * kernel/smoke/offline.sh inside the guest; "probe report" is the child.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#define CAPS_NAME "security.capability"

static int report(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "CapPrm:", 7) || !strncmp(line, "CapEff:", 7) ||
		    !strncmp(line, "CapAmb:", 7)) {
			line[strcspn(line, "\n")] = '\0';
			printf(" %s", line);
		}
	return fflush(stdout) ? 1 : 0;
}

static void getx(const char *file)
{
	unsigned char buf[64];
	ssize_t n = getxattr(file, CAPS_NAME, buf, sizeof(buf));

	if (n < 0) {
		printf(" getxattr=%s", strerrorname_np(errno));
		return;
	}
	printf(" getxattr=%zd:", n);
	for (ssize_t i = 0; i < n; i++)
		printf("%02x", buf[i]);
}

static void run(const char *file)
{
	int pfd[2], status;
	char out[512];
	ssize_t n;

	fflush(stdout);
	if (pipe(pfd))
		return;
	if (fork() == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		if (setgroups(0, NULL) || setresgid(1000, 1000, 1000) ||
		    setresuid(1000, 1000, 1000))
			_exit(98);
		execl(file, file, "report", (char *)NULL);
		printf(" exec=%s", strerrorname_np(errno));
		fflush(stdout);
		_exit(0);
	}
	close(pfd[1]);
	n = read(pfd[0], out, sizeof(out) - 1);
	out[n > 0 ? n : 0] = '\0';
	close(pfd[0]);
	wait(&status);
	printf("%s", out[0] == ' ' && strncmp(out, " exec=", 6) ? " exec=ok" : "");
	printf("%s", out);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "report"))
		return report();
	for (int i = 1; i < argc; i++) {
		printf("%s:", argv[i]);
		getx(argv[i]);
		run(argv[i]);
		if (chown(argv[i], 0, 0))
			printf(" chown=%s", strerrorname_np(errno));
		printf(" after-chown:");
		getx(argv[i]);
		printf("\n");
	}
	return fflush(stdout) ? 1 : 0;
}
