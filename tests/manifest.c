// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - the setfcap manifest parser (lib/manifest.c), line by line
 * and over a whole stream.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fcap.h"
#include "manifest.h"
#include "tap.h"

static void line_is(const char *in, int want, const char *caps,
		    const char *path, const char *name)
{
	struct fcap_manifest_entry e = { 0 };
	char *buf = strdup(in), *c, *p;
	int ret;

	if (!buf) {
		tap_ok(0, "%s: out of memory", name);
		return;
	}
	ret = fcap_manifest_line(buf, &e);
	c = e.caps;
	p = e.path;
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

static void on_entry(void *priv, unsigned long lineno,
		     const struct fcap_manifest_entry *e)
{
	struct seen *s = priv;
	size_t n = strlen(s->log);

	snprintf(s->log + n, sizeof(s->log) - n, "%lu:%s|%s;", lineno, e->caps,
		 e->path);
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

/* A line's attributes: rootid and quoted. */
static void attrs_are(const char *in, bool rid, uint32_t id, bool quoted,
		      const char *path, const char *name)
{
	struct fcap_manifest_entry e = { 0 };
	char *buf = strdup(in);
	int ret;

	if (!buf) {
		tap_ok(0, "%s: out of memory", name);
		return;
	}
	ret = fcap_manifest_line(buf, &e);
	tap_ok(ret == MANIFEST_ENTRY && e.has_rootid == rid &&
	       (!rid || e.rootid == id) && e.quoted == quoted &&
	       !strcmp(e.path, path) && !strchr(e.caps, ';'),
	       "%s (ret %d, rootid %d:%u, quoted %d)", name, ret, e.has_rootid,
	       e.rootid, e.quoted);
	free(buf);
}

/* The line fcap_manifest_print() gives for @path and @raw, or NULL. */
static char *print_line(const char *path, const void *raw, size_t len,
			int *ret)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f)
		return NULL;
	*ret = fcap_manifest_print(f, path, raw, len);
	fclose(f);
	return buf;
}

static const unsigned char raw_ping[] = {	/* cap_net_raw+ep */
	1, 0, 0, 2, 0, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};
static const unsigned char raw_v3[] = {	/* cap_kill+p, rootid 1000 */
	0, 0, 0, 3, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0xe8, 3, 0, 0
};
static const unsigned char raw_v1[] = { 0, 0, 0, 1, 0x20, 0, 0, 0, 0, 0,
	0, 0 };
static const unsigned char raw_flags[] = {	/* unknown flag bit 1 */
	2, 0, 0, 2, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};
static const unsigned char raw_two[] = {	/* cap_kill+p, cap_chown+i */
	0, 0, 0, 2, 0x20, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};
static const unsigned char raw_63[] = {	/* capability 63 permitted */
	0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0
};
static const unsigned char raw_e_empty[] = {	/* fE on empty sets */
	1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
};

/* Print @path with @raw, parse the line back: the same path and value. */
static void round_trip(const char *path, const void *raw, size_t len,
		       bool quoted, const char *name)
{
	struct fcap_manifest_entry e = { 0 };
	unsigned char buf[FCAP_SIZE_MAX];
	struct fcap_value v;
	char *line;
	int ret = -1, n = -1;

	line = print_line(path, raw, len, &ret);
	if (!line || ret) {
		tap_ok(0, "%s: printed (ret %d)", name, ret);
		free(line);
		return;
	}
	tap_ok(fcap_manifest_line(line, &e) == MANIFEST_ENTRY &&
	       e.quoted == quoted && !strcmp(e.path, path),
	       "%s: the path reads back%s", name,
	       quoted ? ", quoted" : ", plain");
	if (e.caps && !fcap_from_text(e.caps, &v, NULL)) {
		if (e.has_rootid) {
			v.rev = 3;
			v.has_rootid = true;
			v.rootid = e.rootid;
		}
		n = fcap_encode(&v, buf, sizeof(buf));
	}
	tap_ok(n == (int)len && !memcmp(buf, raw, len),
	       "%s: the value reads back byte for byte", name);
	free(line);
}

static void test_print(void)
{
	char *line;
	int ret = 0;

	line = print_line("/usr/bin/ping", raw_ping, sizeof(raw_ping), &ret);
	tap_is_str(line ? line : "", "cap_net_raw=ep /usr/bin/ping\n",
		   "print: a plain line");
	free(line);
	line = print_line("/srv/ns/kill", raw_v3, sizeof(raw_v3), &ret);
	tap_is_str(line ? line : "", "cap_kill=p;rootid=1000 /srv/ns/kill\n",
		   "print: a v3 value keeps its rootid");
	free(line);
	line = print_line("/a\nb \"c\\d\"\x01\xff ", raw_ping,
			  sizeof(raw_ping), &ret);
	tap_is_str(line ? line : "",
		   "cap_net_raw=ep;quoted \"/a\\012b \\\"c\\\\d\\\"\\001\\377 \"\n",
		   "print: quoted: newline, quote, backslash, control, non-UTF-8, trailing blank");
	free(line);
	line = print_line("/x", raw_v1, sizeof(raw_v1), &ret);
	tap_ok(ret == -EINVAL && line && !*line,
	       "print: a v1 value cannot be a line (ret %d)", ret);
	free(line);
	line = print_line("/x", raw_flags, sizeof(raw_flags), &ret);
	tap_ok(ret == -EINVAL && line && !*line,
	       "print: unknown flag bits cannot be a line (ret %d)", ret);
	free(line);
	line = print_line("/x", raw_e_empty, sizeof(raw_e_empty), &ret);
	tap_ok(ret == -EINVAL && line && !*line,
	       "print: an effective flag on empty sets cannot be a line (ret %d)",
	       ret);
	free(line);
	line = print_line("/x", raw_ping, 0, &ret);
	tap_ok(ret == -EINVAL, "print: a zero-length value cannot be a line");
	free(line);

	round_trip("/usr/bin/ping", raw_ping, sizeof(raw_ping), false,
		   "round trip: plain");
	round_trip("/srv/ns/kill", raw_v3, sizeof(raw_v3), false,
		   "round trip: v3");
	round_trip("/srv/a b/ c", raw_ping, sizeof(raw_ping), false,
		   "round trip: blanks inside");
	round_trip(" lead", raw_ping, sizeof(raw_ping), true,
		   "round trip: a leading blank");
	round_trip("trail\t", raw_ping, sizeof(raw_ping), true,
		   "round trip: a trailing tab");
	round_trip("cr\r", raw_ping, sizeof(raw_ping), true,
		   "round trip: a trailing CR");
	round_trip("new\nline", raw_v3, sizeof(raw_v3), true,
		   "round trip: a newline, v3");
	round_trip("\x80\xfe\xc0\xaf", raw_ping, sizeof(raw_ping), true,
		   "round trip: bytes that are not UTF-8 (overlong too)");
	round_trip("caf\xc3\xa9 \xe2\x82\xac", raw_ping, sizeof(raw_ping),
		   false, "round trip: UTF-8 stays plain");
	round_trip("#hash", raw_ping, sizeof(raw_ping), false,
		   "round trip: a leading #");
	round_trip("-r", raw_ping, sizeof(raw_ping), false,
		   "round trip: a path named -r");
	round_trip("-", raw_ping, sizeof(raw_ping), false,
		   "round trip: a path named -");
	round_trip("back\\slash", raw_ping, sizeof(raw_ping), false,
		   "round trip: a backslash stays plain and literal");
	round_trip("\"q\"", raw_ping, sizeof(raw_ping), false,
		   "round trip: a path in double quotes stays plain");
	round_trip("x;quoted", raw_ping, sizeof(raw_ping), false,
		   "round trip: ;quoted in a path is a path");
	round_trip("/two", raw_two, sizeof(raw_two), true,
		   "round trip: a text of two clauses is quoted");
	round_trip("/high", raw_63, sizeof(raw_63), true,
		   "round trip: capability 63 (\"= 63+p\")");
	line = print_line("/two", raw_two, sizeof(raw_two), &ret);
	tap_ok(line && !strchr(strchr(line, ' ') + 1, ' ') &&
	       strstr(line, "\\040") && strstr(line, ";quoted \"/two\""),
	       "print: the text's blanks are \\040 (%s)", line ? line : "");
	free(line);
}

static void test_attrs(void)
{
	attrs_are("cap_kill+p;rootid=1000 /x\n", true, 1000, false, "/x",
		  "attrs: rootid");
	attrs_are("cap_kill+p;rootid=4294967294 /x", true, 4294967294U,
		  false, "/x", "attrs: the largest rootid");
	attrs_are("cap_kill+p;quoted \"/a\\012b\\\\c\\\"\"", false, 0, true,
		  "/a\nb\\c\"", "attrs: quoted: octal, backslash, quote");
	attrs_are("cap_kill+p;quoted;rootid=7 \"  x  \"  ", true, 7, true,
		  "  x  ", "attrs: quoted keeps blanks inside the quotes");
	attrs_are("-r;quoted \"/a\\011\"", false, 0, true, "/a\t",
		  "attrs: -r takes quoted");
	attrs_are("cap_kill+p /a\\012b", false, 0, false, "/a\\012b",
		  "attrs: without ;quoted a backslash is a backslash");
	attrs_are("cap_kill+p \"/x\"", false, 0, false, "\"/x\"",
		  "attrs: without ;quoted quotes are part of the path");
	line_is("cap_kill+p;rootid=0 /x", MANIFEST_ERR_ROOTID, NULL, NULL,
		"attrs: rootid 0 is refused");
	line_is("cap_kill+p;rootid=4294967295 /x", MANIFEST_ERR_ROOTID, NULL,
		NULL, "attrs: rootid -1 is refused");
	line_is("cap_kill+p;rootid=012 /x", MANIFEST_ERR_ROOTID, NULL, NULL,
		"attrs: a leading zero is refused");
	line_is("cap_kill+p;rootid=1x /x", MANIFEST_ERR_ROOTID, NULL, NULL,
		"attrs: a rootid with junk is refused");
	line_is("cap_kill+p;rootid= /x", MANIFEST_ERR_ROOTID, NULL, NULL,
		"attrs: an empty rootid is refused");
	line_is("cap_kill+p;rootid=1;rootid=2 /x", MANIFEST_ERR_ATTR, NULL,
		NULL, "attrs: a repeated rootid is refused");
	line_is("cap_kill+p;bogus /x", MANIFEST_ERR_ATTR, NULL, NULL,
		"attrs: an unknown attribute is refused");
	line_is("cap_kill+p; /x", MANIFEST_ERR_ATTR, NULL, NULL,
		"attrs: an empty attribute is refused");
	line_is("-r;rootid=5 /x", MANIFEST_ERR_ATTR, NULL, NULL,
		"attrs: -r takes no rootid");
	line_is(";quoted \"/x\"", MANIFEST_ERR_FORMAT, NULL, NULL,
		"attrs: no text before the attributes");
	line_is("-;quoted \"/x\"", MANIFEST_ERR_STDIN, NULL, NULL,
		"attrs: '-' is still refused");
	line_is("cap_kill=p\\040cap_chown+i;quoted \"/x\"", MANIFEST_ENTRY,
		"cap_kill=p cap_chown+i", "/x",
		"quoted: \\040 in the text is a blank");
	line_is("cap_kill=p\\040 /x", MANIFEST_ENTRY, "cap_kill=p\\040", "/x",
		"without ;quoted a backslash in the text stays");
	line_is("\\055;quoted \"/x\"", MANIFEST_ERR_STDIN, NULL, NULL,
		"quoted: '-' written \\055 is still refused");
	line_is("\\055r;rootid=3;quoted \"/x\"", MANIFEST_ERR_ATTR, NULL,
		NULL, "quoted: -r written \\055r still takes no rootid");
	line_is("cap_kill=p\\04;quoted \"/x\"", MANIFEST_ERR_QUOTE, NULL,
		NULL, "quoted: a short escape in the text");
	line_is("\\040;quoted \"/x\"", MANIFEST_ENTRY, " ", "/x",
		"quoted: a text of one blank is a text (libcap refuses it)");
	line_is("cap_kill+p;quoted /x", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: no opening quote");
	line_is("cap_kill+p;quoted \"/x", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: no closing quote");
	line_is("cap_kill+p;quoted \"/x\" y", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: text after the closing quote");
	line_is("cap_kill+p;quoted \"\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: an empty path");
	line_is("cap_kill+p;quoted \"\\000\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: \\000 (NUL) is refused");
	line_is("cap_kill+p;quoted \"\\400\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: \\400 is over a byte");
	line_is("cap_kill+p;quoted \"\\12\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: two octal digits are refused");
	line_is("cap_kill+p;quoted \"\\n\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: \\n is not an escape");
	line_is("cap_kill+p;quoted \"a\\\"", MANIFEST_ERR_QUOTE, NULL, NULL,
		"quoted: a backslash before the end");
	tap_ok(fcap_manifest_path_plain("/usr/bin/ping") &&
	       !fcap_manifest_path_plain("") &&
	       !fcap_manifest_path_plain("/x\x7f") &&
	       !fcap_manifest_path_plain("\xed\xa0\x80"),
	       "plain: a simple path; not empty, DEL or a UTF-16 surrogate");
}

/* fcap_put_escaped() of @in with @flags is @want, and reads back. */
static void escape_is(const char *in, unsigned int flags, const char *lit,
		      const char *want, const char *what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		tap_skip("open_memstream: %s", strerror(errno));
		return;
	}
	fcap_put_escaped(f, in, flags);
	fclose(f);
	tap_is_str(buf, want, "escape: %s", what);
	tap_ok(!fcap_unescape(buf, lit) && !strcmp(buf, in),
	       "escape: %s reads back", what);
	free(buf);
}

static void test_escape(void)
{
	char bad[][8] = { "a\\08", "\\000", "\\400", "x\\", "\\12" };
	char bare[] = "a\"b", lit[] = "a\\\\b";
	size_t i;

	escape_is("a\tb\\c\177\377 d", FCAP_ESC_CONTROL, "",
		  "a\\011b\\134c\\177\377 d", "control bytes (names)");
	escape_is("cap_a=p cap_b\\+i", FCAP_ESC_BLANK, "\\",
		  "cap_a=p\\040cap_b\\134+i", "blanks (texts)");
	escape_is("a\"b\\c\n\377", FCAP_ESC_CONTROL | FCAP_ESC_HIGH |
		  FCAP_ESC_QUOTE, "\\\"", "a\\\"b\\\\c\\012\\377",
		  "quoted strings");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		tap_ok(fcap_unescape(bad[i], "\\") == -EINVAL,
		       "unescape: %zu: not three octal digits of 1 to 0377", i);
	tap_ok(fcap_unescape(bare, "\\\"") == -EINVAL,
	       "unescape: a bare quote inside a quoted string");
	tap_ok(fcap_unescape(lit, "") == -EINVAL,
	       "unescape: \\\\ only where it is a literal");
}

int main(void)
{
	test_escape();
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
	test_attrs();
	test_print();
	return tap_done();
}
