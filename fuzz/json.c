// SPDX-License-Identifier: GPL-2.0-only
/*
 * json.c - harness for fsck-check's --json writer, through json-c.
 *
 * The input is carved into up to 8 entries (path bytes, ids, mode, raw
 * value or read error) and a baseline of up to 4 more; judge_all() prints
 * them as JSON lines into memory.  Every line must parse as one strict
 * JSON object whose path decodes back to the entry's bytes (each byte
 * above 0x7e is written as the code point of the same number), whose
 * value is the raw bytes in hex, and whose findings are well formed.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "output.h"
#include "fuzz.h"

struct input {
	const uint8_t *p;
	size_t left;
};

static uint8_t byte(struct input *in)
{
	if (!in->left)
		return 0;
	in->left--;
	return *in->p++;
}

static uint32_t word(struct input *in)
{
	uint32_t w = byte(in);

	w |= (uint32_t)byte(in) << 8;
	w |= (uint32_t)byte(in) << 16;
	return w | (uint32_t)byte(in) << 24;
}

static void take_entry(struct input *in, struct entry *e, bool baseline)
{
	unsigned char raw[FCAP_READ_MAX] = { 0 };
	size_t n = byte(in) % 48, i, len;
	uint8_t kind;

	memset(e, 0, sizeof(*e));
	e->path = malloc(n + 2);
	fuzz_assert(e->path);
	e->path[0] = '/';
	for (i = 0; i < n; i++)
		e->path[i + 1] = byte(in) ?: 'x';
	e->path[n + 1] = '\0';
	e->source = baseline ? SRC_BASELINE : byte(in) % 2;
	e->mode = word(in);
	e->uid = byte(in) ? word(in) : 0;
	e->gid = byte(in);
	e->dev = byte(in) % 3;
	e->ino = byte(in) % 4;	/* collide: hard links */
	e->nlink = byte(in);
	kind = byte(in);
	if (kind < 8) {
		e->read.err = kind ? kind * 17 % 134 : EINVAL;
		e->read.state = e->read.err == ERANGE || e->read.err == E2BIG ?
				FCAP_READ_OVERSIZED : FCAP_READ_UNREADABLE;
		return;
	}
	len = byte(in) % (FCAP_READ_MAX + 1);
	if (kind & 1 && len >= 4) {
		/* a plausible header: more of the decoder gets exercised */
		len = (kind & 2) ? FCAP_SIZE_V2 : FCAP_SIZE_V3;
		raw[3] = (kind & 4) ? 2 : 3;
		raw[0] = kind & 8 ? 1 : 0;
		for (i = 4; i < len; i++)
			raw[i] = byte(in);
	} else {
		for (i = 0; i < len; i++)
			raw[i] = byte(in);
	}
	fuzz_assert(fcap_read_buf(raw, len, &e->read) == 0);
}

/* The path as json_str() writes it, decoded: bytes as code points. */
static char *as_utf8(const char *path)
{
	const unsigned char *s = (const unsigned char *)path;
	char *out = malloc(2 * strlen(path) + 1), *o = out;

	fuzz_assert(out);
	for (; *s; s++) {
		if (*s < 0x80) {
			*o++ = *s;
		} else {
			*o++ = 0xc0 | *s >> 6;
			*o++ = 0x80 | (*s & 0x3f);
		}
	}
	*o = '\0';
	return out;
}

static json_object *get(json_object *obj, const char *key, json_type t)
{
	json_object *v;

	if (!json_object_object_get_ex(obj, key, &v))
		fuzz_fail("no \"%s\"", key);
	if (!json_object_is_type(v, t))
		fuzz_fail("\"%s\" has type %s", key, json_type_to_name(
			  json_object_get_type(v)));
	return v;
}

/* The other names of @e's inode among the @n entries of @v. */
static size_t other_names(const struct entry *e, const struct entry *v,
			  size_t n)
{
	size_t i, k = 0;

	if (e->source == SRC_BASELINE)
		return 0;
	for (i = 0; i < n; i++)
		if (&v[i] != e && v[i].dev == e->dev && v[i].ino == e->ino)
			k++;
	return k;
}

static void check_line(const char *line, size_t len, const struct entry *e,
		       size_t links)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *obj, *v, *f;
	char hex[2 * FCAP_READ_MAX + 1], *want;
	size_t i;

	fuzz_assert(tok);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
			       JSON_TOKENER_VALIDATE_UTF8);
	obj = json_tokener_parse_ex(tok, line, (int)len);
	if (!obj || json_tokener_get_parse_end(tok) != len)
		fuzz_fail("not one JSON object: %.*s: %s", (int)len, line,
			  json_tokener_error_desc(json_tokener_get_error(tok)));
	fuzz_assert(json_object_is_type(obj, json_type_object));

	fuzz_assert(json_object_get_int(get(obj, "schema_version",
		    json_type_int)) == JSON_SCHEMA_VERSION);
	want = as_utf8(e->path);
	v = get(obj, "path", json_type_string);
	if (strcmp(json_object_get_string(v), want))
		fuzz_fail("path does not round-trip: %s", line);
	free(want);
	get(obj, "source", json_type_string);
	fuzz_assert((uint64_t)json_object_get_int64(get(obj, "dev",
		    json_type_int)) == e->dev);
	fuzz_assert((uint64_t)json_object_get_int64(get(obj, "ino",
		    json_type_int)) == e->ino);
	fuzz_assert(json_object_get_int64(get(obj, "uid", json_type_int)) ==
		    e->uid);
	fuzz_assert(strtoul(json_object_get_string(get(obj, "mode",
		    json_type_string)), NULL, 8) == e->mode);
	if (e->read.state != FCAP_READ_VALUE) {
		get(obj, "value", json_type_null);
		get(obj, "error", json_type_string);
	} else {
		for (i = 0; i < e->read.len; i++)
			snprintf(hex + 2 * i, 3, "%02x", e->read.raw[i]);
		hex[2 * e->read.len] = '\0';
		v = get(obj, "value", json_type_string);
		fuzz_assert(!strcmp(json_object_get_string(v), hex));
		get(obj, "error", json_type_null);
	}
	if (!json_object_is_type(json_object_object_get(obj, "caps"),
				 json_type_null))
		get(obj, "caps", json_type_string);
	v = get(obj, "links", json_type_array);
	if (json_object_array_length(v) != links)
		fuzz_fail("%zu links, want %zu: %.*s",
			  json_object_array_length(v), links, (int)len, line);
	for (i = 0; i < json_object_array_length(v); i++)
		fuzz_assert(json_object_is_type(json_object_array_get_idx(v, i),
						json_type_string));
	v = get(obj, "findings", json_type_array);
	for (i = 0; i < json_object_array_length(v); i++) {
		const char *sev;

		f = json_object_array_get_idx(v, i);
		fuzz_assert(json_object_is_type(f, json_type_object));
		get(f, "rule", json_type_string);
		get(f, "reason", json_type_string);
		sev = json_object_get_string(get(f, "severity",
						 json_type_string));
		fuzz_assert(!strcmp(sev, "info") || !strcmp(sev, "warning") ||
			    !strcmp(sev, "error"));
	}
	json_object_put(obj);
	json_tokener_free(tok);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	struct entry v[8], bv[4];
	struct baseline b = { bv, 0 };
	struct rules_config cfg;
	struct output_opts o;
	struct tally t;
	static char root[] = "/";
	char *out = NULL, *ops[1] = { root }, *line, *nl;
	size_t n, i, j = 0, outlen = 0, lines = 0;
	bool seen[4];
	FILE *saved = stdout, *mem;

	if (size > 4096)
		return 0;
	memset(&o, 0, sizeof(o));
	memset(&t, 0, sizeof(t));
	o.out = OUT_JSON;
	o.fail_on = byte(&in) % 3;
	o.ops = ops;
	o.nops = 1;
	o.interrupted = byte(&in) & 1;
	n = byte(&in) % 9;
	b.n = byte(&in) % 5;
	for (i = 0; i < n; i++)
		take_entry(&in, &v[i], false);
	for (i = 0; i < b.n; i++)
		take_entry(&in, &bv[i], true);
	qsort(v, n, sizeof(v[0]), entry_cmp_path);
	qsort(bv, b.n, sizeof(bv[0]), entry_cmp_path);
	fuzz_assert(rules_init(&cfg) == 0);

	mem = open_memstream(&out, &outlen);
	fuzz_assert(mem);
	stdout = mem;
	judge_all(&o, &cfg, v, n, b.n ? &b : NULL, &t);
	fflush(stdout);
	stdout = saved;
	fclose(mem);

	/* the removed ones: baseline entries no entry's path found */
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < n && b.n; i++) {
		const struct entry *old = bsearch(&v[i], bv, b.n, sizeof(bv[0]),
						  entry_cmp_path);

		if (old)
			seen[old - bv] = true;
	}
	for (line = out; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		fuzz_assert(nl);
		if (lines < n) {
			check_line(line, nl - line, &v[lines],
				   other_names(&v[lines], v, n));
		} else {
			while (j < b.n && seen[j])
				j++;
			fuzz_assert(j < b.n);
			check_line(line, nl - line, &bv[j++], 0);
			fuzz_assert(strstr(line, "\"baseline-removed\""));
		}
		lines++;
	}
	if (!o.interrupted)
		while (j < b.n && seen[j])
			j++;
	fuzz_assert(o.interrupted ? lines == n : j == b.n);
	fuzz_assert(t.files == n);
	free(out);
	rules_free(&cfg);
	for (i = 0; i < n; i++)
		entry_free(&v[i]);
	for (i = 0; i < b.n; i++)
		entry_free(&bv[i]);
	return 0;
}
