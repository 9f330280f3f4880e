// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - harness for the setfcap manifest parser (lib/manifest.c).
 *
 * The input is a manifest.  Every pair the parser returns must have a
 * CAPS word without blanks and a PATH that is not empty and, unless it
 * was quoted, has no newline and neither starts nor ends with a blank;
 * every pair and every bad line comes from a line of its own, in order.
 * A CAPS text that parses must encode and decode back to the same sets,
 * as setfcap writes it, and every path printed as a manifest line parses
 * back to itself.  Nothing is opened or written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fcap.h"
#include "fuzz.h"
#include "manifest.h"

struct count {
	unsigned long lines;	/* lines in the input */
	unsigned long last;	/* the last line number seen */
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return 0;
}

static void next_line(struct count *c, unsigned long lineno)
{
	fuzz_assert(lineno > c->last && lineno <= c->lines);
	c->last = lineno;
}

static void check_caps(const char *caps)
{
	struct fcap_value v, w;
	unsigned char buf[FCAP_SIZE_MAX];
	int n;

	if (!strcmp(caps, "-r"))
		return;
	if (fcap_from_text(caps, &v, NULL))
		return;		/* refused: reported, never applied */
	n = fcap_encode(&v, buf, sizeof(buf));
	fuzz_assert(n == FCAP_SIZE_V2);
	fuzz_assert(fcap_decode(buf, n, &w) == 0 || w.problems ==
		    FCAP_PROB_HIGHBITS);
	fuzz_assert(w.permitted == v.permitted);
	fuzz_assert(w.inheritable == v.inheritable);
	fuzz_assert(w.effective == v.effective);
}

/*
 * A path printed by fcap_manifest_print() (with an all-zero v2 value)
 * parses back to the same path.
 */
static void check_round_trip(const char *path)
{
	static const unsigned char zero[FCAP_SIZE_V2] = { 0, 0, 0, 2 };
	struct fcap_manifest_entry e;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	fuzz_assert(fcap_manifest_print(f, path, zero, sizeof(zero)) == 0);
	fclose(f);
	fuzz_assert(fcap_manifest_line(buf, &e) == MANIFEST_ENTRY);
	fuzz_assert(!strcmp(e.path, path) && !strcmp(e.caps, "="));
	fuzz_assert(e.quoted == !fcap_manifest_path_plain(path));
	free(buf);
}

static void on_entry(void *priv, unsigned long lineno,
		     const struct fcap_manifest_entry *e)
{
	size_t n = strlen(e->path);

	next_line(priv, lineno);
	fuzz_assert(*e->caps);
	fuzz_assert(e->quoted || !strpbrk(e->caps, " \t\n;"));
	fuzz_assert(!e->has_rootid || strcmp(e->caps, "-r"));
	fuzz_assert(strcmp(e->caps, "-"));
	fuzz_assert(n);
	if (!e->quoted) {
		fuzz_assert(!strchr(e->path, '\n'));
		fuzz_assert(!strchr(" \t", e->path[0]) &&
			    !strchr(" \t\r", e->path[n - 1]));
	}
	fuzz_assert(!e->has_rootid ||
		    (e->rootid && e->rootid != UINT32_MAX &&
		     strcmp(e->caps, "-r")));
	check_caps(e->caps);
	check_round_trip(e->path);
}

static void on_bad(void *priv, unsigned long lineno, int err)
{
	next_line(priv, lineno);
	fuzz_assert(err == MANIFEST_ERR_FORMAT || err == MANIFEST_ERR_STDIN ||
		    err == MANIFEST_ERR_ATTR || err == MANIFEST_ERR_ROOTID ||
		    err == MANIFEST_ERR_QUOTE);
	fuzz_assert(strcmp(fcap_manifest_strerror(err), "invalid line"));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct count c = { 0 };
	const struct manifest_cb cb = {
		.entry = on_entry,
		.bad = on_bad,
		.priv = &c,
	};
	char name[64];
	FILE *f;
	size_t i;
	int fd, ret;

	if (size > 65536)
		return 0;
	for (i = 0; i < size; i++)
		c.lines += data[i] == '\n';
	c.lines++;
	fd = fuzz_memfile(data, size, name, sizeof(name));
	if (fd < 0)
		return 0;
	f = fopen(name, "r");
	close(fd);
	if (!f)
		return 0;
	ret = fcap_manifest_read(f, &cb);
	fclose(f);
	fuzz_assert(ret == 0);
	return 0;
}
