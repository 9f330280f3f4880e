// SPDX-License-Identifier: GPL-2.0-only
/*
 * getfcap - print the file capabilities of files
 *
 * usage: getfcap [-hnrv] [--one-file-system] [--raw | --json] file ...
 *
 * Prints "path caps" lines like libcap's getcap.  Differences: a v3 value
 * always ends with " [rootid=N]" (-n is accepted and changes nothing), and
 * the exit status is 1 when any file could not be read, value or directory.
 * -r never follows symbolic links and does not descend into proc, sysfs or
 * devtmpfs mounts below an operand.
 */
#include <err.h>
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"

#define EXIT_USAGE	2
#define PROC_MAGIC	0x9fa0
#define SYSFS_MAGIC	0x62656572

enum format { FMT_TEXT, FMT_RAW, FMT_JSON };

static bool verbose, recursive, one_fs;
static enum format format = FMT_TEXT;
static int status;

static dev_t *special;		/* devices of proc, sysfs, devtmpfs mounts */
static size_t nspecial;

static void usage(FILE *f, int code)
{
	fprintf(f,
		"usage: getfcap [-hnrv] [--one-file-system] [--raw | --json] file ...\n");
	if (f == stdout)
		fprintf(f,
			"\n"
			"  -h, --help         this message\n"
			"  -n                 accepted for getcap; v3 rootids always print\n"
			"  -r                 recurse into directories (no symlinks)\n"
			"  -v                 also list files without capabilities\n"
			"  --one-file-system  -r stays on each operand's file system\n"
			"  --raw              revision, flag, hex sets, rootid, problems\n"
			"  --json             one JSON object per line\n");
	if (fflush(f) == EOF)
		code = 1;
	exit(code);
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void print_problems(unsigned int problems, bool json)
{
	unsigned int bit;
	bool first = true;

	if (json)
		putchar('[');
	for (bit = 1; bit && bit <= problems; bit <<= 1) {
		if (!(problems & bit))
			continue;
		if (!first)
			putchar(',');
		if (json)
			printf("\"%s\"", fcap_problem_name(bit));
		else
			fputs(fcap_problem_name(bit), stdout);
		first = false;
	}
	if (json)
		putchar(']');
	else if (first)
		fputs("none", stdout);
}

/* A file we could not read: say so on stderr and in --json output. */
static void report_error(const char *path, const char *what, int e)
{
	warnx("%s: %s: %s", path, what, strerror(e));
	status = 1;
	if (format == FMT_JSON) {
		fputs("{\"path\":", stdout);
		json_string(path);
		fputs(",\"error\":", stdout);
		json_string(strerror(e));
		puts("}");
	}
}

static void print_none(const char *path, const char *why)
{
	if (!verbose)
		return;
	if (format == FMT_JSON) {
		fputs("{\"path\":", stdout);
		json_string(path);
		if (why) {
			fputs(",\"skipped\":", stdout);
			json_string(why);
		}
		puts(",\"capabilities\":null}");
	} else if (why) {
		printf("%s (%s)\n", path, why);
	} else {
		printf("%s\n", path);
	}
}

static void print_value(const char *path, const struct fcap_value *v)
{
	char *text = NULL;
	char rootid[24] = "";

	if (fcap_to_text(v, &text))
		text = NULL;
	if (v->has_rootid)
		snprintf(rootid, sizeof(rootid), " [rootid=%" PRIu32 "]",
			 v->rootid);
	switch (format) {
	case FMT_TEXT:
		printf("%s %s%s\n", path, text ? text : "?", rootid);
		break;
	case FMT_RAW:
		printf("%s rev=%u effective=%d permitted=0x%016" PRIx64
		       " inheritable=0x%016" PRIx64 " rootid=", path, v->rev,
		       v->effective, v->permitted, v->inheritable);
		if (v->has_rootid)
			printf("%" PRIu32, v->rootid);
		else
			putchar('-');
		printf(" size=%zu problems=", v->size);
		print_problems(v->problems, false);
		putchar('\n');
		break;
	case FMT_JSON:
		fputs("{\"path\":", stdout);
		json_string(path);
		printf(",\"revision\":%u,\"effective\":%s,"
		       "\"permitted\":\"0x%016" PRIx64 "\","
		       "\"inheritable\":\"0x%016" PRIx64 "\",\"rootid\":",
		       v->rev, v->effective ? "true" : "false", v->permitted,
		       v->inheritable);
		if (v->has_rootid)
			printf("%" PRIu32, v->rootid);
		else
			fputs("null", stdout);
		printf(",\"size\":%zu,\"text\":", v->size);
		if (text)
			json_string(text);
		else
			fputs("null", stdout);
		fputs(",\"problems\":", stdout);
		print_problems(v->problems, true);
		puts("}");
		break;
	}
	free(text);
}

/* Is the name listed even though getxattr refused it? */
static bool name_listed(const char *path)
{
	char buf[4096];
	ssize_t n = llistxattr(path, buf, sizeof(buf));
	ssize_t i;

	for (i = 0; i < n; i += strlen(buf + i) + 1)
		if (!strcmp(buf + i, FCAP_XATTR_NAME))
			return true;
	return false;
}

static void do_getfcap(const char *path, const struct stat *st)
{
	unsigned char small[64], *buf = small;
	struct fcap_value v;
	ssize_t n;

	if (!S_ISREG(st->st_mode)) {
		print_none(path, "Not a regular file");
		return;
	}
	n = lgetxattr(path, FCAP_XATTR_NAME, buf, sizeof(small));
	if (n < 0 && errno == ERANGE) {
		n = lgetxattr(path, FCAP_XATTR_NAME, NULL, 0);
		if (n >= 0) {
			buf = malloc(n + 1);
			if (!buf)
				err(1, NULL);
			n = lgetxattr(path, FCAP_XATTR_NAME, buf, n);
		}
	}
	if (n < 0) {
		int e = errno;

		if (e == ENODATA || e == ENOTSUP)
			print_none(path, NULL);
		else if (e == EINVAL && name_listed(path))
			report_error(path,
				     "capability value present but unreadable (zero-length or malformed)",
				     e);
		else
			report_error(path, "cannot read capabilities", e);
		goto out;
	}
	memset(&v, 0, sizeof(v));
	if (fcap_decode(buf, n, &v) && format == FMT_TEXT) {
		/* bits above the last cap: readable, the kernel masks them */
		if (v.problems == FCAP_PROB_HIGHBITS) {
			warnx("%s: value names capabilities above %u, unknown to this kernel",
			      path, fcap_last_cap());
		} else {
			warnx("%s: malformed capability value (%zd bytes)",
			      path, n);
			status = 1;
		}
	}
	if (format != FMT_TEXT || v.rev >= 2 || !v.problems)
		print_value(path, &v);
out:
	if (buf != small)
		free(buf);
}

/* Collect the devices of proc, sysfs and devtmpfs mounts. */
static void load_special(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char *line = NULL;
	size_t cap = 0;

	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		unsigned int maj, min;
		char *sep = strstr(line, " - ");
		dev_t *d;

		if (!sep || sscanf(line, "%*u %*u %u:%u", &maj, &min) != 2)
			continue;
		sep += 3;
		if (strncmp(sep, "proc ", 5) && strncmp(sep, "sysfs ", 6) &&
		    strncmp(sep, "devtmpfs ", 9))
			continue;
		d = reallocarray(special, nspecial + 1, sizeof(*special));
		if (!d)
			err(1, NULL);
		special = d;
		special[nspecial++] = makedev(maj, min);
	}
	free(line);
	fclose(f);
}

static bool is_special(const char *path, const struct stat *st)
{
	struct statfs sfs;
	size_t i;

	for (i = 0; i < nspecial; i++)
		if (special[i] == st->st_dev)
			return true;
	return !statfs(path, &sfs) &&
	       (sfs.f_type == PROC_MAGIC || sfs.f_type == SYSFS_MAGIC);
}

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	switch (type) {
	case FTW_F:
		do_getfcap(path, st);
		break;
	case FTW_D:
		if (ftw->level > 0 && is_special(path, st)) {
			print_none(path, "skipped: proc, sysfs or devtmpfs");
			return FTW_SKIP_SUBTREE;
		}
		print_none(path, "Not a regular file");
		break;
	case FTW_DNR:
		report_error(path, "cannot read directory", errno ? errno :
			     EACCES);
		break;
	case FTW_NS:
		report_error(path, "cannot stat", errno ? errno : EIO);
		break;
	default:
		print_none(path, "Not a regular file");
		break;
	}
	return FTW_CONTINUE;
}

static void do_operand(const char *path)
{
	struct stat st;
	int flags = FTW_PHYS | FTW_ACTIONRETVAL;

	if (lstat(path, &st)) {
		report_error(path, "cannot stat", errno);
		return;
	}
	if (!recursive || !S_ISDIR(st.st_mode)) {
		do_getfcap(path, &st);
		return;
	}
	if (one_fs)
		flags |= FTW_MOUNT;
	if (nftw(path, walk_one, 32, flags) == -1)
		report_error(path, "cannot walk", errno);
}

enum { OPT_ONE_FS = 256, OPT_RAW, OPT_JSON };

static const struct option long_opts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "one-file-system", no_argument, NULL, OPT_ONE_FS },
	{ "raw", no_argument, NULL, OPT_RAW },
	{ "json", no_argument, NULL, OPT_JSON },
	{ NULL, 0, NULL, 0 },
};

int main(int argc, char **argv)
{
	int c, i;

	while ((c = getopt_long(argc, argv, "hnrv", long_opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout, 0);
			break;
		case 'n':
			break;
		case 'r':
			recursive = true;
			break;
		case 'v':
			verbose = true;
			break;
		case OPT_ONE_FS:
			one_fs = true;
			break;
		case OPT_RAW:
			format = FMT_RAW;
			break;
		case OPT_JSON:
			format = FMT_JSON;
			break;
		default:
			usage(stderr, EXIT_USAGE);
		}
	}
	if (optind >= argc)
		usage(stderr, EXIT_USAGE);
	if (recursive)
		load_special();
	for (i = optind; i < argc; i++)
		do_operand(argv[i]);
	if (fflush(stdout) == EOF) {
		warn("standard output");
		status = 1;
	}
	return status;
}
