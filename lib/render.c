// SPDX-License-Identifier: GPL-2.0-only
/*
 * render.c - a value as the tools print it: the getcap line, the problem
 * list and the JSON value members.  getfcap and fsck-check both print
 * through here, so the two never disagree on a value's text or fields.
 * The functions write to the stream they are given and return 0 or
 * -errno; whether a line is printed at all is the tool's decision.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "fcap.h"

/**
 * fcap_has_sets() - do a value's bytes hold capability sets
 * @v: a value decoded by fcap_decode()
 *
 * A value with a known revision and the right size has sets, even when it
 * has other problems (legacy-v1, unknown-flags, high-bits).
 *
 * Return: true when @v->permitted and @v->inheritable were decoded.
 */
bool fcap_has_sets(const struct fcap_value *v)
{
	return v->rev && !(v->problems & (FCAP_PROB_EMPTY | FCAP_PROB_SHORT |
					  FCAP_PROB_SIZE | FCAP_PROB_REVISION));
}

/**
 * fcap_print_problems() - the problem names of a mask
 * @f: the stream
 * @problems: a mask of enum fcap_problem
 * @json: write a JSON array of strings; else a comma-separated list, or
 *	  "none" for an empty mask
 *
 * Return: 0, or -EIO when the stream is in error.
 */
int fcap_print_problems(FILE *f, unsigned int problems, bool json)
{
	unsigned int bit;
	bool first = true;

	if (json)
		putc('[', f);
	for (bit = 1; bit && bit <= problems; bit <<= 1) {
		if (!(problems & bit))
			continue;
		if (!first)
			putc(',', f);
		fprintf(f, json ? "\"%s\"" : "%s", fcap_problem_name(bit));
		first = false;
	}
	if (json)
		putc(']', f);
	else if (first)
		fputs("none", f);
	return ferror(f) ? -EIO : 0;
}

/**
 * fcap_print_line() - one getcap-style line: "PATH TEXT [rootid=N] [MARKS]"
 * @f: the stream
 * @path: the name, printed as is (as getcap does)
 * @v: the value, or NULL when there is none to show
 * @marks: NULL, or a note printed in brackets at the end of the line
 *
 * TEXT is fcap_to_text() of @v, left out when @v holds no sets; a v3
 * value always ends with its rootid.  For a readable, well-formed value
 * and no @marks the line is getcap's, but for the rootid, which getcap
 * prints with -n only.
 *
 * Return: 0, -ENOMEM, or -EIO when the stream is in error.
 */
int fcap_print_line(FILE *f, const char *path, const struct fcap_value *v,
		    const char *marks)
{
	char *text = NULL;
	int ret;

	fputs(path, f);
	if (v && fcap_has_sets(v)) {
		ret = fcap_to_text(v, &text);
		if (ret)
			return ret;
		fprintf(f, " %s", text);
		free(text);
	}
	if (v && v->has_rootid)
		fprintf(f, " [rootid=%" PRIu32 "]", v->rootid);
	if (marks)
		fprintf(f, " [%s]", marks);
	putc('\n', f);
	return ferror(f) ? -EIO : 0;
}

/**
 * fcap_print_json_value() - the members of a JSON value object
 * @f: the stream
 * @v: the value, or NULL when it could not be read (every member null,
 *     "problems" empty)
 *
 * Writes, with no braces and no leading comma:
 * "revision":N,"effective":B,"permitted":"0x...","inheritable":"0x...",
 * "rootid":N|null,"size":N,"text":S|null,"problems":[...].  "text" is
 * null when the value holds no sets.
 *
 * Return: 0, -ENOMEM, or -EIO when the stream is in error.
 */
int fcap_print_json_value(FILE *f, const struct fcap_value *v)
{
	char *text = NULL;
	int ret;

	if (!v) {
		fputs("\"revision\":null,\"effective\":null,\"permitted\":null,"
		      "\"inheritable\":null,\"rootid\":null,\"size\":null,"
		      "\"text\":null,\"problems\":[]", f);
		return ferror(f) ? -EIO : 0;
	}
	if (fcap_has_sets(v)) {
		ret = fcap_to_text(v, &text);
		if (ret)
			return ret;
	}
	fprintf(f, "\"revision\":%u,\"effective\":%s,"
		"\"permitted\":\"0x%016" PRIx64 "\","
		"\"inheritable\":\"0x%016" PRIx64 "\",\"rootid\":",
		v->rev, v->effective ? "true" : "false", v->permitted,
		v->inheritable);
	if (v->has_rootid)
		fprintf(f, "%" PRIu32, v->rootid);
	else
		fputs("null", f);
	fprintf(f, ",\"size\":%zu,\"text\":", v->size);
	fcap_json_string_or_null(f, text);
	free(text);
	fputs(",\"problems\":", f);
	return fcap_print_problems(f, v->problems, true);
}
