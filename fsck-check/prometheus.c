// SPDX-License-Identifier: GPL-2.0-only
/*
 * prometheus.c - the result of a scan in the Prometheus text exposition
 * format, for node_exporter's textfile collector: HELP and TYPE lines, no
 * timestamps, the variable parts (source, rule, severity, kind) as labels.
 * Every value is of this scan, so every metric is a gauge, but for the
 * refusals of fcaps-guard, which it counts from when it was loaded.
 *
 * The file is written whole to a temporary file in the same directory,
 * then renamed over FILE: node_exporter reads only names ending in
 * ".prom" and never sees a partial file.  Never prints: returns 0 or
 * -errno, and the caller says what failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "exit.h"
#include "prometheus.h"
#include "tools.h"

#define PROM_PREFIX	"fsck_check_"
#define LAST_SUCCESS	PROM_PREFIX "last_success_timestamp_seconds"

/* The length of the valid UTF-8 sequence at @s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
		return 0;
	return n;
}

/*
 * A label value: backslash, double quote and newline escaped as the
 * format wants; a byte that is not part of valid UTF-8 (label values must
 * be UTF-8) as the four characters \xHH.
 */
static void put_label(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	while (*s) {
		if (*s == '\\' || *s == '"') {
			fprintf(f, "\\%c", *s++);
		} else if (*s == '\n') {
			fputs("\\n", f);
			s++;
		} else if ((n = utf8_len(s)) == 0) {
			fprintf(f, "\\\\x%02x", *s++);
		} else {
			fwrite(s, 1, n, f);
			s += n;
		}
	}
}

/* The labels every series carries: which source, which paths. */
static void put_source(FILE *f, const struct prom_report *r)
{
	int i;

	fprintf(f, "source=\"%s\",path=\"", r->source);
	for (i = 0; i < r->npaths; i++) {
		if (i)
			putc(' ', f);
		put_label(f, r->paths[i]);
	}
	putc('"', f);
}

static void family_of(FILE *f, const char *name, const char *type,
		      const char *help)
{
	fprintf(f, "# HELP " PROM_PREFIX "%s %s\n# TYPE " PROM_PREFIX
		"%s %s\n", name, help, name, type);
}

static void family(FILE *f, const char *name, const char *help)
{
	family_of(f, name, "gauge", help);
}

/* One series: NAME{source labels[,extra]} VALUE */
static void series(FILE *f, const struct prom_report *r, const char *name,
		   const char *extra, const char *value)
{
	fprintf(f, PROM_PREFIX "%s{", name);
	put_source(f, r);
	fprintf(f, "%s%s} %s\n", extra ? "," : "", extra ? extra : "", value);
}

static void series_n(FILE *f, const struct prom_report *r, const char *name,
		     const char *extra, unsigned long long n)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", n);
	series(f, r, name, extra, buf);
}

static int cmp_rule(const void *a, const void *b)
{
	const struct rule_count *x = a, *y = b;
	int c = strcmp(x->rule, y->rule);

	return c ? c : (int)x->sev - (int)y->sev;
}

/* The baseline kinds and the rules that count for them. */
static const char *const kinds[][2] = {
	{ "added", "baseline-added" },
	{ "removed", "baseline-removed" },
	{ "changed", "baseline-changed" },
	{ "content", "baseline-content" },
	{ "metadata", "baseline-metadata" },
};

static size_t rule_total(const struct tally *t, const char *rule)
{
	size_t i, n = 0;

	for (i = 0; i < t->nrules; i++)
		if (!strcmp(t->rules[i].rule, rule))
			n += t->rules[i].n;
	return n;
}

/*
 * The last successful scan's time from the file this one replaces, into
 * @buf; false when there is none.  A scan that failed keeps it, so that
 * the time says how stale the last good result is.
 */
static bool old_success(const char *file, char *buf, size_t len)
{
	char line[4096], *sp, *end;
	bool found = false;
	FILE *f;

	f = fopen(file, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, LAST_SUCCESS "{", strlen(LAST_SUCCESS) + 1))
			continue;
		sp = strrchr(line, ' ');
		if (!sp)
			continue;
		line[strcspn(line, "\n")] = '\0';
		strtod(sp + 1, &end);
		if (end == sp + 1 || *end || strlen(sp + 1) >= len)
			continue;
		strcpy(buf, sp + 1);
		found = true;
	}
	fclose(f);
	return found;
}

/*
 * The running fcaps-guard: loaded, locked, deny_write, and, where its
 * maps could be read (root), its refusals by cause.
 */
static void put_guard(FILE *f, const struct prom_report *r)
{
	const struct fcap_guard_state *g = r->guard;
	char lab[64];
	size_t i;

	family(f, "guard_loaded",
	       "1 when fcaps-guard (fcaps-guard(8)) is loaded, 0 when not.");
	series_n(f, r, "guard_loaded", NULL, g->loaded);
	family(f, "guard_locked",
	       "1 when fcaps-guard is locked until reboot (locked=1).");
	series_n(f, r, "guard_locked", NULL, g->loaded && g->locked);
	family(f, "guard_deny_write",
	       "1 when fcaps-guard refuses writes of values outside its mask (deny_write=1).");
	series_n(f, r, "guard_deny_write", NULL, g->loaded && g->deny_write);
	if (!g->loaded || !g->counted)
		return;
	family_of(f, "guard_refusals_total", "counter",
		  "Requests fcaps-guard refused since it was loaded, by cause.");
	for (i = 0; i < FCAP_GUARD_CAUSES; i++) {
		snprintf(lab, sizeof(lab), "cause=\"%s\"", fcap_guard_cause_name(i));
		series_n(f, r, "guard_refusals_total", lab, g->refusals[i]);
	}
}

static void put_metrics(FILE *f, const struct prom_report *r, bool success)
{
	static const char *const sev[] = { "info", "warning", "error" };
	const struct tally *t = r->t;
	struct rule_count rc[TALLY_RULES_MAX];
	struct timespec now;
	char buf[64], lab[96];
	size_t i;

	family(f, "files", "Names carrying a security.capability value.");
	series_n(f, r, "files", NULL, t->files);

	family(f, "findings", "Findings of the scan, by rule and severity.");
	memcpy(rc, t->rules, t->nrules * sizeof(*rc));
	qsort(rc, t->nrules, sizeof(*rc), cmp_rule);
	for (i = 0; i < t->nrules; i++) {
		snprintf(lab, sizeof(lab), "rule=\"%s\",severity=\"%s\"",
			 rc[i].rule, sev[rc[i].sev]);
		series_n(f, r, "findings", lab, rc[i].n);
	}

	family(f, "findings_by_severity",
	       "Findings of the scan, by severity.");
	for (i = 0; i < 3; i++) {
		snprintf(lab, sizeof(lab), "severity=\"%s\"", sev[i]);
		series_n(f, r, "findings_by_severity", lab, t->sev[i]);
	}

	if (r->baseline) {
		family(f, "baseline_changes",
		       "Changes since the baseline, by kind.");
		for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
			snprintf(lab, sizeof(lab), "kind=\"%s\"", kinds[i][0]);
			series_n(f, r, "baseline_changes", lab,
				 rule_total(t, kinds[i][1]));
		}
	}

	family(f, "scan_errors",
	       "Operational errors of the scan (fsck-check(8), exit status 8).");
	series_n(f, r, "scan_errors", NULL, r->errors);
	family(f, "scan_success",
	       "1 when the scan read everything, 0 when it failed or was interrupted.");
	series_n(f, r, "scan_success", NULL, success);
	family(f, "scan_duration_seconds", "How long the scan took.");
	snprintf(buf, sizeof(buf), "%.6f", r->duration);
	series(f, r, "scan_duration_seconds", NULL, buf);
	family(f, "exit_status",
	       "The exit status of the scan (fsck-check(8), EXIT STATUS).");
	series_n(f, r, "exit_status", NULL, r->status);
	if (r->guard)
		put_guard(f, r);

	if (success) {
		clock_gettime(CLOCK_REALTIME, &now);
		snprintf(buf, sizeof(buf), "%lld.%03ld",
			 (long long)now.tv_sec, now.tv_nsec / 1000000);
	} else if (r->last_success[0]) {
		snprintf(buf, sizeof(buf), "%s", r->last_success);
	} else {
		return;
	}
	family(f, "last_success_timestamp_seconds",
	       "When the last successful scan ended, in seconds since the epoch.");
	series(f, r, "last_success_timestamp_seconds", NULL, buf);
}

/**
 * prom_open() - start the textfile of a scan, before anything is read
 * @p:		filled in
 * @file:	the --prometheus file
 *
 * Creates the temporary file beside @file (DIR/.NAME.XXXXXX: not a .prom
 * name, so never read half written) and keeps the last successful scan's
 * time from the file it will replace.  Done first, while fsck-check may
 * still create files: an offline scan then reads its input without that
 * right (sandbox.c), and only writes to @p->fd.
 *
 * Return: 0, or -errno (nothing left behind).
 */
int prom_open(struct prom_file *p, const char *file)
{
	const char *slash = strrchr(file, '/');
	size_t dl = slash ? (size_t)(slash - file) + 1 : 0;
	int ret;

	memset(p, 0, sizeof(*p));
	p->file = file;
	p->tmp = xmalloc(strlen(file) + 9);
	memcpy(p->tmp, file, dl);
	sprintf(p->tmp + dl, ".%s.XXXXXX", file + dl);
	p->fd = mkostemp(p->tmp, O_CLOEXEC);
	if (p->fd < 0 || fchmod(p->fd, 0644)) {
		ret = -errno;
		if (p->fd >= 0) {
			close(p->fd);
			unlink(p->tmp);
		}
		free(p->tmp);
		p->tmp = NULL;
		p->fd = -1;
		return ret;
	}
	if (!old_success(file, p->last_success, sizeof(p->last_success)))
		p->last_success[0] = '\0';
	return 0;
}

/**
 * prom_fill() - write the metrics of a scan into the temporary file
 * @p:	from prom_open()
 * @r:	what the scan found and how it ended
 *
 * Return: 0, or -errno.
 */
int prom_fill(struct prom_file *p, struct prom_report *r)
{
	bool success = !(r->status & (EXIT_OPERR | EXIT_INTR));
	char *buf = NULL;
	size_t len = 0, off = 0;
	ssize_t n;
	int ret = 0;
	FILE *f;

	/* into memory, then write(2): all a sandboxed reader may do */
	f = open_memstream(&buf, &len);
	if (!f)
		return -errno;
	memcpy(r->last_success, p->last_success, sizeof(r->last_success));
	put_metrics(f, r, success);
	if (fclose(f)) {
		free(buf);
		return -ENOMEM;
	}
	while (off < len) {
		n = write(p->fd, buf + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			break;
		}
		off += n;
	}
	free(buf);
	return ret;
}

/**
 * prom_commit() - put the temporary file in place, or remove it
 * @p:	from prom_open()
 * @ok:	prom_fill() succeeded
 *
 * Return: 0 when @ok and the file is in place; -errno (FILE unchanged, no
 * temporary file left) otherwise; -ECANCELED when not @ok.
 */
int prom_commit(struct prom_file *p, bool ok)
{
	int ret = ok ? 0 : -ECANCELED;

	if (p->fd < 0)
		return -EBADF;
	if (ok && fsync(p->fd))
		ret = -errno;
	if (close(p->fd) && !ret)
		ret = -errno;
	p->fd = -1;
	if (!ret && rename(p->tmp, p->file))
		ret = -errno;
	if (ret)
		unlink(p->tmp);
	free(p->tmp);
	p->tmp = NULL;
	return ret;
}
