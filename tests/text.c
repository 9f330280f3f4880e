// SPDX-License-Identifier: GPL-2.0-only
/*
 * text.c - the text bridge against what libcap 2.66's setcap writes and
 * getcap prints (tests/text-vectors.tsv, captured from the real tools; the
 * root_libcap suite re-checks every line against the installed tools).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcap.h"
#include "tap.h"

static void hex(const unsigned char *b, int n, char *out)
{
	int i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
	out[2 * n] = '\0';
}

static void check_line(char *line)
{
	char *text = line, *want_hex, *want_text, *nl;
	struct fcap_text_error err;
	struct fcap_value v, back;
	unsigned char buf[FCAP_SIZE_MAX];
	char got_hex[2 * FCAP_SIZE_MAX + 1], *got_text = NULL;
	int ret, n;

	nl = strchr(line, '\n');
	if (nl)
		*nl = '\0';
	want_hex = strchr(text, '\t');
	if (!want_hex)
		return;
	*want_hex++ = '\0';
	want_text = strchr(want_hex, '\t');
	if (!want_text)
		return;
	*want_text++ = '\0';

	ret = fcap_from_text(text, &v, &err);
	if (!strcmp(want_hex, "FAIL")) {
		tap_ok(ret == -EINVAL && err.reason,
		       "'%s' refused (%s%s%s)", text,
		       err.clause ? err.clause : "", err.clause ? ": " : "",
		       err.reason ? err.reason : "no reason");
		fcap_text_error_free(&err);
		return;
	}
	if (!tap_is_int(ret, 0, "'%s' accepted", text))
		return;
	n = fcap_encode(&v, buf, sizeof(buf));
	hex(buf, n > 0 ? n : 0, got_hex);
	tap_is_str(got_hex, want_hex, "'%s' encodes like setcap", text);
	fcap_decode(buf, n, &back);
	if (fcap_to_text(&back, &got_text) == 0)
		tap_is_str(got_text, want_text, "'%s' prints like getcap", text);
	else
		tap_ok(0, "'%s' fcap_to_text failed", text);
	free(got_text);
}

static void check_errors(void)
{
	struct fcap_text_error err;
	struct fcap_value v;

	fcap_from_text("cap_ipc_lock+ep cap_bogus+p", &v, &err);
	tap_is_str(err.clause, "cap_bogus+p", "error names the bad clause");
	tap_is_str(err.name, "cap_bogus", "... and the unknown name");
	tap_is_int((int)err.offset, 16, "... and where it starts");
	fcap_text_error_free(&err);
	fcap_from_text("cap_net_raw,cap_fooo,cap_kill+ep", &v, &err);
	tap_is_str(err.name, "cap_fooo", "the unknown name of several");
	tap_is_int((int)err.offset, 12, "... and where it starts");
	tap_ok(err.reason && strstr(err.reason, "this capability name"),
	       "... explained: %s", err.reason);
	fcap_text_error_free(&err);
	fcap_from_text("cap_net_raw+p", &v, &err);
	tap_ok(!err.name && !err.clause, "no name when the text parses");
	fcap_text_error_free(&err);
	fcap_from_text("cap_net_raw", &v, &err);
	tap_ok(err.reason && strstr(err.reason, "no action"),
	       "no action explained: %s", err.reason);
	fcap_text_error_free(&err);
	fcap_from_text("cap_net_raw+EP", &v, &err);
	tap_ok(err.reason && strstr(err.reason, "lower-case"),
	       "upper-case flags explained: %s", err.reason);
	fcap_text_error_free(&err);
	fcap_from_text("cap_kill=ep cap_chown=i", &v, &err);
	tap_ok(!err.clause && err.reason && strstr(err.reason, "effective"),
	       "effective-bit rule explained: %s", err.reason);
	fcap_text_error_free(&err);
	tap_is_int(fcap_from_text(NULL, &v, NULL), -EINVAL, "NULL text");
}

/*
 * fcap_sets_to_text() remembers its last few texts: asked again and
 * again, for a few sets and for more than it keeps, in turn, each text
 * is still that of its own sets.
 */
static void check_memo(void)
{
	int k, wrong = 0;

	for (k = 0; k < 60; k++) {
		unsigned int bit = k < 30 ? k % 3 : k % 12;
		char *t = NULL, *name = NULL, *want = NULL;

		fcap_mask_to_names(1ULL << bit, &name);
		if (asprintf(&want, "%s=ei", name) < 0)
			want = NULL;
		fcap_sets_to_text(1ULL << bit, 1ULL << bit, 0, &t);
		if (!t || !want || strcmp(t, want))
			wrong++;
		free(t);
		free(name);
		free(want);
	}
	tap_is_int(wrong, 0, "texts asked for again are their own sets' texts");
}

static void check_names(void)
{
	uint64_t mask;
	char *t = NULL;

	tap_is_int(fcap_names_to_mask("cap_sys_admin,net_raw", &mask), 0,
		   "names: with and without prefix");
	tap_is_u64(mask, (1ULL << 21) | (1ULL << 13), "names: mask");
	tap_is_int(fcap_names_to_mask("cap_bogus", &mask), -EINVAL,
		   "names: unknown refused");
	tap_is_int(fcap_names_to_mask("", &mask), -EINVAL,
		   "names: empty refused");
	tap_is_int(fcap_names_to_mask("all", &mask), 0, "names: all");
	tap_is_u64(mask, fcap_known_mask(), "names: all is every known cap");
	fcap_mask_to_names((1ULL << 14) | (1ULL << 0), &t);
	tap_is_str(t, "cap_chown,cap_ipc_lock", "mask to names");
	free(t);
	fcap_mask_to_names(0, &t);
	tap_is_str(t, "", "empty mask to names");
	free(t);
	fcap_sets_to_text(0, 0, 1ULL << 14, &t);
	tap_is_str(t, "cap_ipc_lock=p", "process sets to text");
	free(t);
	check_memo();
}

int main(void)
{
	const char *path = getenv("FCAPS_TOP");
	char file[4096], line[512];
	FILE *f;
	int n = 0;

	snprintf(file, sizeof(file), "%s/tests/text-vectors.tsv",
		 path ? path : ".");
	f = fopen(file, "r");
	if (!f) {
		tap_ok(0, "open %s", file);
		return tap_done();
	}
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		check_line(line);
		n++;
	}
	fclose(f);
	tap_ok(n >= 50, "%d text vectors", n);
	check_errors();
	check_names();
	return tap_done();
}
