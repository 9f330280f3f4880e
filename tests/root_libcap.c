// SPDX-License-Identifier: GPL-2.0-only
/*
 * root_libcap.c - our codec and text bridge against the real libcap and
 * kernel: every vector of tests/text-vectors.tsv is encoded by us, written
 * with setxattr to a tmpfs file, read back with cap_get_file(), printed by
 * the installed getcap, and written by the installed setcap.  Needs root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/mount.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "tap.h"

static char dir[256];
static char file[300];
static bool mounted;

static uint64_t flagset(cap_t c, cap_flag_t fl)
{
	cap_flag_value_t v;
	uint64_t set = 0;
	int b;

	for (b = 0; b < 64; b++)
		if (!cap_get_flag(c, b, fl, &v) && v == CAP_SET)
			set |= 1ULL << b;
	return set;
}

/* Run a shell command, return its first output line (trailing \n cut). */
static int run(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");
	int st;

	out[0] = '\0';
	if (!p)
		return -1;
	if (fgets(out, (int)len, p))
		out[strcspn(out, "\n")] = '\0';
	while (fgetc(p) != EOF)
		;
	st = pclose(p);
	return st;
}

static void check(const char *text)
{
	struct fcap_value v;
	unsigned char ours[FCAP_SIZE_MAX], theirs[64];
	char *want = NULL, cmd[512], line[512], exp[600];
	cap_t c;
	int n, m;

	if (fcap_from_text(text, &v, NULL))
		return;
	n = fcap_encode(&v, ours, sizeof(ours));
	if (!tap_ok(setxattr(file, FCAP_XATTR_NAME, ours, n, 0) == 0,
		    "'%s': kernel takes our bytes", text))
		return;
	c = cap_get_file(file);
	tap_ok(c && flagset(c, CAP_PERMITTED) == v.permitted &&
	       flagset(c, CAP_INHERITABLE) == v.inheritable &&
	       flagset(c, CAP_EFFECTIVE) ==
	       (v.effective ? v.permitted | v.inheritable : 0),
	       "'%s': cap_get_file reads the same sets", text);
	if (c)
		cap_free(c);
	fcap_to_text(&v, &want);
	snprintf(cmd, sizeof(cmd), "getcap %s", file);
	run(cmd, line, sizeof(line));
	snprintf(exp, sizeof(exp), "%s %s", file, want ? want : "?");
	tap_is_str(line, exp, "'%s': getcap prints our text", text);
	free(want);

	removexattr(file, FCAP_XATTR_NAME);
	snprintf(cmd, sizeof(cmd), "setcap '%s' %s 2>/dev/null", text, file);
	run(cmd, line, sizeof(line));
	m = (int)getxattr(file, FCAP_XATTR_NAME, theirs, sizeof(theirs));
	tap_ok(m == n && !memcmp(ours, theirs, n),
	       "'%s': setcap writes our bytes", text);
}

int main(void)
{
	const char *top = getenv("FCAPS_TOP");
	char path[4096], line[512];
	FILE *f;

	if (geteuid() != 0)
		tap_skip_all("needs root to set security.capability");
	if (system("command -v getcap >/dev/null && command -v setcap >/dev/null"))
		tap_skip_all("libcap2-bin (getcap, setcap) not installed");
	if (!tap_tmpname(dir, sizeof(dir), "fcaps-root-XXXXXX") ||
	    !mkdtemp(dir))
		tap_skip_all("cannot make a temporary directory");
	mounted = mount("fcaps", dir, "tmpfs", 0, "size=1m") == 0;
	snprintf(file, sizeof(file), "%s/f", dir);
	{
		FILE *scratch = fopen(file, "w");

		if (!scratch || fclose(scratch))
			tap_skip_all("cannot create a scratch file");
	}
	tap_diag("scratch file on %s", mounted ? "tmpfs" : dir);

	snprintf(path, sizeof(path), "%s/tests/text-vectors.tsv",
		 top ? top : ".");
	f = fopen(path, "r");
	if (!f) {
		tap_ok(0, "open %s", path);
		return tap_done();
	}
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t');

		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		if (!strchr(line, '\''))
			check(line);
	}
	fclose(f);
	unlink(file);
	if (mounted)
		umount(dir);
	rmdir(dir);
	return tap_done();
}
