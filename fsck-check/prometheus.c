// SPDX-License-Identifier: GPL-2.0-only
/*
 * prometheus.c - the result of a scan in the Prometheus text exposition
 * format, for node_exporter's textfile collector: HELP and TYPE lines, no
 * timestamps, the variable parts (source, rule, severity, kind) as labels.
 * Every value is of this scan, so every metric is a gauge.
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

#include "entry.h"
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

static void family(FILE *f, const char *name, const char *help)
{
	fprintf(f, "# HELP " PROM_PREFIX "%s %s\n# TYPE " PROM_PREFIX
		"%s gauge\n", name, help, name);
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

	if (success) {
		clock_gettime(CLOCK_REALTIME, &now);
		snprintf(buf, sizeof(buf), "%lld.%03ld",
			 (long long)now.tv_sec, now.tv_nsec / 1000000);
	} else if (!old_success(r->file, buf, sizeof(buf))) {
		return;
	}
	family(f, "last_success_timestamp_seconds",
	       "When the last successful scan ended, in seconds since the epoch.");
	series(f, r, "last_success_timestamp_seconds", NULL, buf);
}

/**
 * prom_write() - write the textfile of a scan, atomically
 * @r:	what the scan found and how it ended
 *
 * Return: 0, or -errno (FILE unchanged, no temporary file left).
 */
int prom_write(const struct prom_report *r)
{
	bool success = !(r->status & (EXIT_OPERR | EXIT_INTR));
	const char *slash = strrchr(r->file, '/');
	char *tmp;
	size_t dl = slash ? (size_t)(slash - r->file) + 1 : 0;
	int fd, ret = 0;
	FILE *f;

	/* DIR/.NAME.XXXXXX: not a .prom name, so never read half written */
	tmp = xmalloc(strlen(r->file) + 9);
	memcpy(tmp, r->file, dl);
	sprintf(tmp + dl, ".%s.XXXXXX", r->file + dl);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		free(tmp);
		return ret;
	}
	f = fdopen(fd, "w");
	if (!f) {
		ret = -errno;
		close(fd);
		goto out_unlink;
	}
	put_metrics(f, r, success);
	errno = 0;
	if (fflush(f) || ferror(f))
		ret = errno ? -errno : -EIO;
	else if (fchmod(fd, 0644) || fsync(fd))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = errno ? -errno : -EIO;
	if (!ret && rename(tmp, r->file))
		ret = -errno;
out_unlink:
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}
