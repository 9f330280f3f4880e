// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - the setfcap manifest parser (lib/manifest.c), line by line
 * and over a whole stream.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "tap.h"

static void line_is(const char *in, int want, const char *caps,
		    const char *path, const char *name)
{
	char *buf = strdup(in), *c = NULL, *p = NULL;
	int ret;

	if (!buf) {
		tap_ok(0, "%s: out of memory", name);
		return;
	}
	ret = fcap_manifest_line(buf, &c, &p);
	if (want != MANIFEST_ENTRY)
		tap_is_int(ret, want, "%s", name);
	else
		tap_ok(ret == want && c && p && !strcmp(c, caps) &&
		       !strcmp(p, path), "%s (ret %d, caps '%s', path '%s')",
		       name, ret, c ? c : "", p ? p : "");
	free(buf);
}

struct seen {
	char log[512];
};

static void on_entry(void *priv, unsigned long lineno, const char *caps,
		     const char *path)
{
	struct seen *s = priv;
	size_t n = strlen(s->log);

	snprintf(s->log + n, sizeof(s->log) - n, "%lu:%s|%s;", lineno, caps,
		 path);
}

static void on_bad(void *priv, unsigned long lineno, int err)
{
	struct seen *s = priv;
	size_t n = strlen(s->log);

	snprintf(s->log + n, sizeof(s->log) - n, "%lu:!%d;", lineno, -err);
}

static void test_stream(void)
{
	static char text[] =
		"# a manifest\n"
		"cap_net_raw+ep /usr/bin/ping\n"
		"\n"
		"   \t\n"
		"-r\t/usr/bin/old tool \r\n"
		"lonely\n"
		"- /from/stdin\n"
		"cap_kill=p   /last/no/newline";
	struct seen s = { "" };
	const struct manifest_cb cb = { on_entry, on_bad, &s };
	FILE *f = fmemopen(text, sizeof(text) - 1, "r");
	char want[200];

	if (!f) {
		tap_skip("stream: fmemopen failed");
		return;
	}
	tap_is_int(fcap_manifest_read(f, &cb), 0, "stream: read to the end");
	fclose(f);
	snprintf(want, sizeof(want),
		 "2:cap_net_raw+ep|/usr/bin/ping;5:-r|/usr/bin/old tool;"
		 "6:!%d;7:!%d;8:cap_kill=p|/last/no/newline;", EINVAL, EPERM);
	tap_is_str(s.log, want, "stream: pairs and bad lines, numbered");
}

int main(void)
{
	line_is("cap_net_raw+ep /usr/bin/ping\n", MANIFEST_ENTRY,
		"cap_net_raw+ep", "/usr/bin/ping", "a pair");
	line_is("  cap_kill=p\t\t/a b/c d  \t\r\n", MANIFEST_ENTRY,
		"cap_kill=p", "/a b/c d",
		"blanks around dropped, blanks inside the path kept");
	line_is("-r /x\n", MANIFEST_ENTRY, "-r", "/x", "-r is a CAPS word");
	line_is("\n", MANIFEST_SKIP, NULL, NULL, "an empty line is skipped");
	line_is(" \t \r\n", MANIFEST_SKIP, NULL, NULL,
		"a blank line is skipped");
	line_is("# cap_x /y\n", MANIFEST_SKIP, NULL, NULL,
		"a comment is skipped");
	line_is("   # indented comment\n", MANIFEST_SKIP, NULL, NULL,
		"an indented comment is skipped");
	line_is("cap_net_raw+ep\n", MANIFEST_ERR_FORMAT, NULL, NULL,
		"CAPS without PATH");
	line_is("cap_net_raw+ep \t\r\n", MANIFEST_ERR_FORMAT, NULL, NULL,
		"CAPS and trailing blanks only");
	line_is("- /x\n", MANIFEST_ERR_STDIN, NULL, NULL,
		"'-' (standard input) is refused");
	line_is("cap_x #/not-a-comment\n", MANIFEST_ENTRY, "cap_x",
		"#/not-a-comment", "a '#' after CAPS is part of the path");
	tap_ok(strstr(fcap_manifest_strerror(MANIFEST_ERR_FORMAT), "caps path")
	       != NULL, "the format error says what is wanted");
	tap_ok(strstr(fcap_manifest_strerror(MANIFEST_ERR_STDIN), "'-'")
	       != NULL, "the stdin error names '-'");
	test_stream();
	return tap_done();
}
