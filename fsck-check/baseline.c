// SPDX-License-Identifier: GPL-2.0-only
/*
 * baseline.c - save, load and compare scan baselines.  Never prints.
 *
 * Format, one record a line, fields separated by one TAB:
 *
 *   fsck-check-baseline VERSION
 *   PATH DEV INO UID GID MODE VALUE SHA256 [later fields...]
 *
 * PATH escapes '\\', control bytes and DEL as \ooo.  MODE is octal.  VALUE
 * is "x" followed by the raw bytes in hex ("x" alone: zero-length), or
 * "!ERRNO" when the value could not be read.  SHA256 is 64 hex digits or
 * "-".  Lines starting with '#' are comments.  A reader accepts any version
 * at or above 1 and ignores fields it does not know, so baselines written
 * by older and newer versions keep loading.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "escape.h"
#include "layers.h"
#include "tools.h"

static void put_hex(FILE *f, const unsigned char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "%02x", b[i]);
}

int baseline_save(const char *file, const struct entry *v, size_t n)
{
	FILE *f;

	f = fopen(file, "we");
	if (!f)
		return -errno;
	return baseline_write(f, v, n);
}

/* The baseline of @v to @f, which is closed. */
int baseline_write(FILE *f, const struct entry *v, size_t n)
{
	size_t i;
	int ret = 0;

	fprintf(f, "%s %d\n", BASELINE_MAGIC, BASELINE_VERSION);
	fprintf(f, "# path dev ino uid gid mode value sha256\n");
	for (i = 0; i < n; i++) {
		const struct entry *e = &v[i];

		if (entry_gone(e))	/* not in the image's file system */
			continue;
		put_escaped(f, e->path);
		fprintf(f, "\t%llu\t%llu\t%u\t%u\t%o\t",
			(unsigned long long)e->dev,
			(unsigned long long)e->ino, e->uid, e->gid, e->mode);
		/* an oversized value: its errno, as a mounted scan says */
		if (e->read.state != FCAP_READ_VALUE) {
			fprintf(f, "!%d", e->read.err);
		} else {
			putc('x', f);
			put_hex(f, e->read.raw, e->read.len);
		}
		putc('\t', f);
		if (e->has_sha)
			put_hex(f, e->sha256, 32);
		else
			putc('-', f);
		putc('\n', f);
	}
	if (ferror(f))
		ret = -EIO;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

/* A path as put_escaped() writes it: \ooo only. */
static int unescape(const char *s, char **out)
{
	char *d = strdup(s);

	if (!d)
		return -ENOMEM;
	if (fcap_unescape(d, "")) {
		free(d);
		return -EINVAL;
	}
	*out = d;
	return 0;
}

static int unhex(const char *s, unsigned char *b, size_t max, size_t *len)
{
	size_t n = strlen(s), i;
	unsigned int c;

	if (n % 2 || n / 2 > max)
		return -EINVAL;
	for (i = 0; i < n / 2; i++) {
		if (sscanf(s + 2 * i, "%2x", &c) != 1)
			return -EINVAL;
		b[i] = (unsigned char)c;
	}
	*len = n / 2;
	return 0;
}

static int parse_record(char *line, struct entry *e)
{
	char *f[8], *rest = line;
	unsigned char raw[FCAP_READ_MAX];
	unsigned long long dev, ino;
	unsigned int uid, gid, mode;
	size_t i, len;
	int ret, err;

	for (i = 0; i < 8; i++) {
		f[i] = strsep(&rest, "\t");
		if (!f[i])
			return -EINVAL;
	}
	if (sscanf(f[1], "%llu", &dev) != 1 || sscanf(f[2], "%llu", &ino) != 1 ||
	    sscanf(f[3], "%u", &uid) != 1 || sscanf(f[4], "%u", &gid) != 1 ||
	    sscanf(f[5], "%o", &mode) != 1)
		return -EINVAL;
	memset(e, 0, sizeof(*e));
	e->source = SRC_BASELINE;
	e->dev = dev;
	e->ino = ino;
	e->uid = uid;
	e->gid = gid;
	e->mode = mode;
	if (f[6][0] == '!') {
		if (sscanf(f[6] + 1, "%d", &err) != 1 || err <= 0)
			return -EINVAL;
		e->read.state = err == ERANGE || err == E2BIG ?
				FCAP_READ_OVERSIZED : FCAP_READ_UNREADABLE;
		e->read.err = err;
	} else if (f[6][0] != 'x' || unhex(f[6] + 1, raw, sizeof(raw), &len) ||
		   fcap_read_buf(raw, len, &e->read)) {
		return -EINVAL;
	}
	if (strcmp(f[7], "-")) {
		if (unhex(f[7], e->sha256, 32, &len) || len != 32)
			return -EINVAL;
		e->has_sha = true;
	}
	ret = unescape(f[0], &e->path);
	return ret;
}

static int baseline_push(struct baseline *b, const struct entry *e)
{
	struct entry *v = realloc(b->v, (b->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	b->v = v;
	v[b->n++] = *e;
	return 0;
}

int baseline_load(const char *file, struct baseline *b, unsigned int *lineno)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct entry e;
	int version, ret = -EINVAL;
	FILE *f;

	memset(b, 0, sizeof(*b));
	*lineno = 0;
	f = fopen(file, "re");
	if (!f)
		return -errno;
	while ((len = getline(&line, &cap, f)) >= 0) {
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (++*lineno == 1) {
			if (sscanf(line, BASELINE_MAGIC " %d", &version) != 1 ||
			    version < 1)
				goto out_free;
			continue;
		}
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (parse_record(line, &e) < 0)
			goto out_free;
		if (baseline_push(b, &e) < 0) {
			free(e.path);
			ret = -ENOMEM;
			goto out_free;
		}
	}
	ret = *lineno ? 0 : -EINVAL;
	if (ferror(f))
		ret = -EIO;
	if (b->n)
		qsort(b->v, b->n, sizeof(*b->v), entry_cmp_path);
out_free:
	free(line);
	fclose(f);
	if (ret < 0)
		baseline_free(b);
	return ret;
}

void baseline_free(struct baseline *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		free(b->v[i].path);
	free(b->v);
	b->v = NULL;
	b->n = 0;
}

static void value_text(const struct entry *e, char *buf, size_t len)
{
	size_t i, o = 0;

	if (e->read.state != FCAP_READ_VALUE) {
		snprintf(buf, len, "unreadable");
		return;
	}
	if (!e->read.len) {
		snprintf(buf, len, "%s", fcap_problem_name(FCAP_PROB_EMPTY));
		return;
	}
	for (i = 0; i < e->read.len && o + 3 < len; i++)
		o += snprintf(buf + o, len - o, "%02x", e->read.raw[i]);
}

/*
 * Does @r say what the baseline record @saved does?  A baseline keeps a
 * value's bytes, or the errno of one that is unreadable or oversized
 * (never an oversized value's bytes, nor its size).
 */
static bool same_as_saved(const struct fcap_read *r,
			  const struct fcap_read *saved)
{
	if (r->state != saved->state)
		return false;
	if (r->state != FCAP_READ_VALUE)
		return r->err == saved->err;
	return r->len == saved->len && !memcmp(r->raw, saved->raw, r->len);
}

/**
 * baseline_compare() - findings for an entry seen in a baseline
 * @e:		the entry now (or NULL: added entries pass @old NULL instead)
 * @old:	its baseline record, or NULL when it is new
 * @out:	@max findings at most
 *
 * Raw values are compared, never their text.
 */
size_t baseline_compare(const struct entry *e, const struct entry *old,
			struct finding *out, size_t max)
{
	char a[2 * FCAP_READ_MAX + 1], b[2 * FCAP_READ_MAX + 1];
	size_t n = 0;

	if (!max)
		return 0;
	if (!old) {
		out[n].rule = "baseline-added";
		out[n].has_exec = false;
		out[n].sev = SEV_WARNING;
		snprintf(out[n].reason, sizeof(out[n].reason),
			 "not in the baseline");
		return 1;
	}
	if (!same_as_saved(&e->read, &old->read)) {
		value_text(old, a, sizeof(a));
		value_text(e, b, sizeof(b));
		out[n].rule = "baseline-changed";
		out[n].has_exec = false;
		out[n].sev = SEV_WARNING;
		snprintf(out[n].reason, sizeof(out[n].reason),
			 "value changed from %.80s to %.80s", a, b);
		n++;
	}
	if (n < max && e->has_sha && old->has_sha &&
	    memcmp(e->sha256, old->sha256, 32)) {
		out[n].rule = "baseline-content";
		out[n].has_exec = false;
		out[n].sev = SEV_WARNING;
		snprintf(out[n].reason, sizeof(out[n].reason),
			 "content changed since the baseline");
		n++;
	}
	if (n < max && (e->uid != old->uid || e->gid != old->gid ||
			e->mode != old->mode)) {
		out[n].rule = "baseline-metadata";
		out[n].has_exec = false;
		out[n].sev = SEV_WARNING;
		snprintf(out[n].reason, sizeof(out[n].reason),
			 "owner or mode changed from %u:%u %o to %u:%u %o",
			 old->uid, old->gid, old->mode, e->uid, e->gid, e->mode);
		n++;
	}
	return n;
}

void baseline_removed(const struct entry *old, struct finding *f)
{
	f->rule = "baseline-removed";
	f->has_exec = false;
	f->sev = SEV_WARNING;
	snprintf(f->reason, sizeof(f->reason),
		 "in the baseline, no longer carries capabilities");
}
