// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsck-check - audit file capabilities on mounted trees.
 *
 * usage: fsck-check [-hqx] [-j jobs] [--json | --list | --cyclonedx]
 *                   [--fail-on severity] [--policy file] [--profiles dir]
 *                   [--deny caps] [--dangerous caps] [--guard-mask mask]
 *                   [--kernel line] [--baseline file] [--save-baseline file]
 *                   [--prometheus file]
 *                   [--image file [--offset bytes] [--force]]
 *                   [--archive file] [--oci path [--image-ref name]]
 *                   [--context preset] [--user user] [--bounding caps]
 *                   [--cap-add caps] [--cap-drop caps] [--ambient caps]
 *                   [--no-new-privs] [--userns-root uid] [--nosuid]
 *                   [--privileged]
 *                   [path ...]
 *
 * Walks each path (default /) without following symbolic links, on one file
 * system unless -x, reads security.capability of every name, and judges each
 * capability-bearing file (rules.c).  With --image, reads an ext2/3/4 file
 * system image or unmounted device instead (image.c); with --archive, a tar
 * archive (archive.c); with --oci, a container image's layers (oci.c).
 * With --context (or any option that refines one, common/ctxopt.c), each
 * value is also judged where it will run, by lib's execve model: exec
 * fails, or grants less than the file asks for.  Values that fcaps-guard
 * refuses are reported: the loaded guard's mask on a mounted tree, or the
 * one --guard-mask gives for any input; --prometheus also exports the
 * state of the loaded guard.  --cyclonedx prints the files with a value
 * as a CycloneDX bill of materials (cyclonedx.c).
 * Exit status as fsck(8): 0 clean,
 * 4 findings at or above --fail-on, 8 operational error, 16 usage error,
 * 32 interrupted, 64 the --prometheus file not written; the bits combine.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "archive-scan.h"
#include "baseline.h"
#include "ctxopt.h"
#include "cyclonedx.h"
#include "exit.h"
#include "image.h"
#include "oci.h"
#include "output.h"
#include "prometheus.h"
#include "report.h"
#include "rules.h"
#include "sandbox.h"
#include "source.h"
#include "tools.h"
#include "version.h"
#include "walk.h"

/**
 * struct run - one run of fsck-check
 * @out:	how entries are printed
 * @cfg:	the rules
 * @src:	where entries come from: its kind
 * @src_opts:	its options: @walk, @image, @archive or @oci
 * @src_state:	what its @open left for its @scan
 * @input:	the offline input's name (--image, --archive, --oci), or NULL
 * @walk: @image: @archive: @oci: each kind's options, as the command
 *		line gives them
 * @rep:	where the source reports damage (report())
 * @damaged:	damage reported that makes the result incomplete
 * @errors:	operational errors, for --prometheus
 * @baseline: @save_baseline: @prometheus: the files of those options
 * @b:		the baseline compared with (@baseline)
 * @pf:		the --prometheus file being written
 * @bfd:	offline: the pipe the baseline goes to the parent through
 * @v: @n:	the entries
 * @t:		the counts of what was found
 * @start:	when the scan began, for --prometheus
 * @co:		the runtime context of the context-* rules
 * @kernel:	--kernel, or NULL
 * @models:	the kernel rules the exec model follows, for --json
 * @guard_mask:	--guard-mask, when @guard_given
 * @guard:	the running fcaps-guard, when @guard_read
 * @profiles:	the learned profiles of --profiles
 * @cdx:	--cyclonedx: the document
 * @cdx_meta:	--cyclonedx: its timestamp (SOURCE_DATE_EPOCH or now)
 * @status:	the exit status so far
 */
struct run {
	struct output_opts out;
	struct rules_config cfg;
	const struct source_ops *src;
	void *src_opts, *src_state;
	const char *input;
	struct walk_opts walk;
	struct image_opts image;
	struct archive_opts archive;
	struct oci_opts oci;
	struct fsck_report rep;
	unsigned long damaged, errors;
	const char *baseline, *save_baseline, *prometheus;
	struct baseline b;
	struct profiles profiles;
	struct prom_file pf;
	int bfd;
	struct entry *v;
	size_t n;
	struct tally t;
	struct timespec start;
	struct ctxopt co;
	const char *kernel;
	char models[96];
	uint64_t guard_mask;
	bool guard_given, guard_read;
	struct fcap_guard_state guard;
	struct cdx_bom cdx;
	struct cdx_meta cdx_meta;
	int status;
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

/*
 * A source's damage, said on stderr as "fsck-check: WHERE: WHAT: CAUSE":
 * a note only without -q; an error makes the exit status 8, an input of
 * several images and no --image-ref 16.  A mounted scan's walkers call
 * it one at a time.
 */
static void report(void *arg, const struct fsck_damage *d)
{
	struct run *r = arg;
	const char *cause = d->cause;

	if (d->kind == FSCK_NOTE && r->out.quiet)
		return;
	if (!cause && d->err)
		cause = strerror(d->err);
	if (d->what && cause)
		warnx("%s: %s: %s", d->where, d->what, cause);
	else
		warnx("%s: %s", d->where, d->what ?: cause ?: "damaged");
	if (d->kind == FSCK_ERROR) {
		r->status |= EXIT_OPERR;
		r->damaged++;
	} else if (d->kind == FSCK_AMBIGUOUS) {
		r->status |= EXIT_USAGE;
	}
}

/*
 * A mounted scan's progress, on stderr when it is a terminal (and no
 * -q), from the third second on; erased at the end.
 */
static void progress_line(void *arg, unsigned long dirs, size_t names,
			  bool done)
{
	if (done)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\rfsck-check: %lu directories, %zu names with capabilities\033[K",
			dirs, names);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: fsck-check [-hqx] [-j jobs] [--json | --list | --cyclonedx]\n"
		"                  [--fail-on severity] [--policy file] [--profiles dir]\n"
		"                  [--deny caps] [--dangerous caps] [--guard-mask mask]\n"
		"                  [--kernel line] [--baseline file] [--save-baseline file]\n"
		"                  [--prometheus file]\n"
		"                  [--image file [--offset bytes] [--force]]\n"
		"                  [--archive file] [--oci path [--image-ref name]]\n"
		"                  [--context preset] [--user user] [--bounding caps]\n"
		"                  [--cap-add caps] [--cap-drop caps] [--ambient caps]\n"
		"                  [--no-new-privs] [--userns-root uid] [--nosuid]\n"
		"                  [--privileged]\n"
		"                  [path ...]\n");
	if (f != stdout)
		return;
	fprintf(f,
		"\n"
		"  path                  a tree to audit (default /)\n"
		"  -h, --help            this message\n"
		"  -j, --jobs jobs       scanning threads (default: one per online CPU)\n"
		"  -q, --quiet           only findings at or above --fail-on, no summary\n"
		"  -x, --cross-mounts    descend into other mounted file systems\n"
		"  --json                one JSON object per line\n"
		"  --list                getcap -r style inventory: \"path caps\" lines\n"
		"  --cyclonedx           a CycloneDX 1.6 JSON SBOM of the files with a value\n"
		"                        (SOURCE_DATE_EPOCH: reproducible)\n"
		"  --fail-on severity    lowest severity that makes the exit status 4:\n"
		"                        info, warning (default) or error\n"
		"  --policy file         allow-list of \"path-or-glob caps\" lines\n"
		"  --profiles dir        learned profiles, files of \"caps path\" lines\n"
		"                        (fcaps-learn's manifest lines): more is over-granted\n"
		"  --deny caps           capabilities that may never appear\n"
		"  --dangerous caps      replace the list of root-equivalent capabilities\n"
		"  --guard-mask mask     report values fcaps-guard with this mask refuses\n"
		"                        (hex, capability names or all, as guard.conf)\n"
		"  --kernel line         judge execs by the rules of kernel line 6.1, 6.12\n"
		"                        or 7.3, or of a release (default: the running\n"
		"                        kernel's for a mounted tree, else 7.3)\n"
		"  --save-baseline file  write a baseline of this scan to file\n"
		"  --baseline file       report what changed since the baseline in file\n"
		"  --prometheus file     also write the result for node_exporter's textfile\n"
		"                        collector to file (atomically)\n"
		"  --image file          audit the ext2/3/4 file system in file, offline\n"
		"  --offset bytes        with --image: where in file the file system starts\n"
		"  --force               with --image: even one mounted read-write\n"
		"  --archive file        audit the tar archive file (plain, gzip, xz, zstd...;\n"
		"                        - for standard input), offline\n"
		"  --oci path            audit the container image in path (an OCI image\n"
		"                        layout directory, an OCI archive or a docker save\n"
		"                        tar), its layers applied in order, offline\n"
		"  --image-ref name      with --oci: the image of that name (OCI ref.name\n"
		"                        annotation, docker RepoTags)\n"
		"  --context preset      judge each value where it runs: docker, podman,\n"
		"                        cap-drop-all, k8s-restricted (each with ,+CAP\n"
		"                        ,-CAP), systemd, systemd:Key=Value,..., self\n"
		"  --user user           ... run by user (uid[:gid], or a name, with --oci\n"
		"                        the image's); with --oci, the image's User\n"
		"                        unless given\n");
	ctxopt_help(f, 22);
	fputs("  --version             print the fcaps version\n", f);
}

static int parse_caps(const char *opt, const char *arg, uint64_t *mask)
{
	if (!strcmp(arg, "none")) {
		*mask = 0;
		return 0;
	}
	if (fcap_names_to_mask(arg, mask) < 0) {
		warnx("%s: invalid capability list: %s", opt, arg);
		return -EINVAL;
	}
	return 0;
}

enum {
	OPT_JSON = 256, OPT_LIST, OPT_FAIL_ON, OPT_POLICY, OPT_DENY,
	OPT_DANGEROUS, OPT_BASELINE, OPT_SAVE_BASELINE, OPT_VERSION,
	OPT_IMAGE, OPT_OFFSET, OPT_FORCE, OPT_ARCHIVE, OPT_PROMETHEUS,
	OPT_OCI, OPT_IMAGE_REF, OPT_GUARD_MASK, OPT_PROFILES, OPT_KERNEL,
	OPT_CYCLONEDX,
};

static const struct option longopts[] = {
	{ "archive", required_argument, NULL, OPT_ARCHIVE },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "cross-mounts", no_argument, NULL, 'x' },
	{ "cyclonedx", no_argument, NULL, OPT_CYCLONEDX },
	{ "dangerous", required_argument, NULL, OPT_DANGEROUS },
	{ "deny", required_argument, NULL, OPT_DENY },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "guard-mask", required_argument, NULL, OPT_GUARD_MASK },
	{ "kernel", required_argument, NULL, OPT_KERNEL },
	{ "help", no_argument, NULL, 'h' },
	{ "image", required_argument, NULL, OPT_IMAGE },
	{ "image-ref", required_argument, NULL, OPT_IMAGE_REF },
	{ "jobs", required_argument, NULL, 'j' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "list", no_argument, NULL, OPT_LIST },
	{ "oci", required_argument, NULL, OPT_OCI },
	{ "offset", required_argument, NULL, OPT_OFFSET },
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "profiles", required_argument, NULL, OPT_PROFILES },
	{ "prometheus", required_argument, NULL, OPT_PROMETHEUS },
	{ "quiet", no_argument, NULL, 'q' },
	{ "save-baseline", required_argument, NULL, OPT_SAVE_BASELINE },
	{ "version", no_argument, NULL, OPT_VERSION },
	CTXOPT_LONGOPTS,	/* --ambient ... --userns-root */
	{ NULL, 0, NULL, 0 },
};

static int parse_offset(const char *arg, uint64_t *off)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(arg, &end, 0);
	if (errno || end == arg || *end || arg[0] == '-') {
		warnx("--offset: invalid byte offset: %s", arg);
		return -EINVAL;
	}
	*off = v;
	return 0;
}

/* A --guard-mask: guard.conf's mask, parsed by lib as the guard's is. */
static int parse_guard_mask(const char *arg, uint64_t *mask)
{
	struct fcap_guard_conf c;
	const char *why = "a mask on one line, without '#'";
	unsigned int line;
	char *text;
	int ret = -EINVAL;

	if (*arg && !strpbrk(arg, "\n#")) {
		if (asprintf(&text, "mask = %s", arg) < 0)
			oom();
		ret = fcap_guard_conf_parse(text, &c, &line, &why);
		free(text);
	}
	if (ret == -ENOMEM)
		oom();
	if (ret) {
		warnx("--guard-mask %s: %s", arg, why);
		return ret;
	}
	*mask = c.mask;
	return 0;
}

/* The offline inputs named on the command line. */
struct inputs {
	const char *image, *archive, *oci;
};

/* Which source the options name; false after a usage error. */
static bool pick_source(struct run *r, const struct inputs *in, int argc)
{
	if (!in->image && (r->image.offset || r->image.force)) {
		warnx("--offset and --force go with --image");
		return false;
	}
	if (in->image && optind < argc) {
		warnx("--image takes no path operands");
		return false;
	}
	if (in->archive && (optind < argc || in->image)) {
		warnx("--archive takes no path operands and no --image");
		return false;
	}
	if (r->oci.ref && !in->oci) {
		warnx("--image-ref goes with --oci");
		return false;
	}
	if (in->oci && (optind < argc || in->image || in->archive)) {
		warnx("--oci takes no path operands, no --image and no --archive");
		return false;
	}
	if (in->oci && !strcmp(in->oci, "-")) {
		warnx("--oci: an image is read more than once: name a file or directory, not standard input");
		return false;
	}
	if (in->image) {
		r->src = &image_source;
		r->src_opts = &r->image;
		r->input = r->image.file = in->image;
	} else if (in->archive) {
		r->src = &archive_source;
		r->src_opts = &r->archive;
		r->archive.fd = -1;
		r->archive.file = in->archive;
		if (!strcmp(in->archive, "-")) {
			r->archive.fd = STDIN_FILENO;
			r->archive.file = "(standard input)";
		}
		r->input = r->archive.file;
	} else if (in->oci) {
		r->src = &oci_source;
		r->src_opts = &r->oci;
		r->input = r->oci.file = in->oci;
	} else {
		r->src = &mounted_source;
		r->src_opts = &r->walk;
	}
	return true;
}

/* --profiles: every bad line named with its file, line and cause. */
static int load_profiles(struct run *r, const char *dir)
{
	struct profile_error e;
	int ret;

	profiles_free(&r->profiles);
	ret = profiles_load(&r->profiles, dir, &e);
	if (ret < 0 && e.line)
		warnx("%s:%lu: invalid profile line: %s", e.file, e.line,
		      e.reason);
	else if (ret < 0)
		warnx("%s: cannot load profiles: %s", e.file, e.reason);
	else
		r->cfg.profiles = &r->profiles;
	return ret;
}

/*
 * --cyclonedx: SOURCE_DATE_EPOCH, when set, is the document's timestamp
 * and makes it reproducible; a malformed value is a usage error, as
 * reproducible-builds.org asks of every tool that reads it.
 */
static int cyclonedx_epoch(struct run *r)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");

	r->cdx_meta.version = FCAPS_VERSION;
	if (!sde)
		return 0;
	if (cdx_parse_epoch(sde, &r->cdx_meta.when) < 0) {
		warnx("SOURCE_DATE_EPOCH: not a count of seconds since the epoch: %s",
		      sde);
		return -EINVAL;
	}
	r->cdx_meta.reproducible = true;
	return 0;
}

static int parse_opts(int argc, char **argv, struct run *r)
{
	struct output_opts *o = &r->out;
	struct rules_config *cfg = &r->cfg;
	struct inputs in = { 0 };
	unsigned int line = 0;
	char *end;
	int c, idx, ret;

	/* getopt's messages name argv[0]: the name, as warnx() does */
	argv[0] = program_invocation_short_name;
	ctxopt_init(&r->co, EXIT_USAGE, EXIT_OPERR);
	r->co.defer_names = true;	/* --oci: in the image */
	while ((c = getopt_long(argc, argv, "hj:qx", longopts, &idx)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			exit(fflush(stdout) ? EXIT_OPERR : 0);
		case 'j':
			errno = 0;
			r->walk.jobs = strtol(optarg, &end, 10);
			if (errno || *end || r->walk.jobs < 1 ||
			    r->walk.jobs > 1024) {
				warnx("-j: invalid number of jobs: %s", optarg);
				return -EINVAL;
			}
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'x':
			r->walk.cross = true;
			break;
		case OPT_JSON:
			o->out = OUT_JSON;
			break;
		case OPT_LIST:
			o->out = OUT_LIST;
			break;
		case OPT_CYCLONEDX:
			o->out = OUT_CYCLONEDX;
			break;
		case OPT_FAIL_ON:
			if (severity_parse(optarg, &o->fail_on) < 0) {
				warnx("--fail-on: unknown severity: %s", optarg);
				return -EINVAL;
			}
			break;
		case OPT_POLICY:
			ret = rules_load_policy(cfg, optarg, &line);
			if (ret == -EINVAL && line) {
				warnx("%s:%u: invalid policy line", optarg, line);
				return ret;
			}
			if (ret < 0) {
				errno = -ret;
				warn("%s: cannot load policy", optarg);
				return ret;
			}
			break;
		case OPT_PROFILES:
			ret = load_profiles(r, optarg);
			if (ret < 0)
				return ret;
			break;
		case OPT_DENY:
			if (parse_caps("--deny", optarg, &cfg->deny) < 0)
				return -EINVAL;
			break;
		case OPT_DANGEROUS:
			if (parse_caps("--dangerous", optarg,
				       &cfg->dangerous) < 0)
				return -EINVAL;
			break;
		case OPT_GUARD_MASK:
			if (parse_guard_mask(optarg, &r->guard_mask) < 0)
				return -EINVAL;
			r->guard_given = true;
			break;
		case OPT_KERNEL:
			if (fcap_kver_of_release(optarg, &cfg->kver) == -EINVAL) {
				warnx("--kernel %s: not a kernel line or release (6.1, 6.12, 7.3, or as uname -r prints one)",
				      optarg);
				return -EINVAL;
			}
			r->kernel = optarg;
			break;
		case OPT_BASELINE:
			r->baseline = optarg;
			break;
		case OPT_SAVE_BASELINE:
			r->save_baseline = optarg;
			break;
		case OPT_PROMETHEUS:
			if (!*optarg) {
				warnx("--prometheus: empty file name");
				return -EINVAL;
			}
			r->prometheus = optarg;
			break;
		case OPT_IMAGE:
			in.image = optarg;
			break;
		case OPT_OFFSET:
			if (parse_offset(optarg, &r->image.offset) < 0)
				return -EINVAL;
			break;
		case OPT_FORCE:
			r->image.force = true;
			break;
		case OPT_ARCHIVE:
			in.archive = optarg;
			break;
		case OPT_OCI:
			in.oci = optarg;
			break;
		case OPT_IMAGE_REF:
			r->oci.ref = optarg;
			break;
		case OPT_VERSION:
			printf("fsck-check (fcaps) %s\n", FCAPS_VERSION);
			exit(fflush(stdout) ? EXIT_OPERR : 0);
		default:
			if (ctxopt_is(c)) {
				ctxopt_apply(&r->co, c, longopts[idx].name,
					     optarg);
				break;
			}
			usage(stderr);
			return -EINVAL;
		}
	}
	if (r->co.given) {
		cfg->ctx = &r->co.ctx;
		o->ctx = &r->co.ctx;
	}
	if (!in.oci)
		ctxopt_host_user(&r->co);
	if (o->out == OUT_CYCLONEDX && cyclonedx_epoch(r) < 0)
		return -EINVAL;
	return pick_source(r, &in, argc) ? 0 : -EINVAL;
}

/* The baseline: to its file, or to the parent through @bfd. */
static int save_baseline(const char *file, int bfd, const struct entry *v,
			 size_t n)
{
	FILE *f;

	if (bfd < 0)
		return baseline_save(file, v, n);
	f = fdopen(bfd, "w");
	if (!f)
		return -errno;
	return baseline_write(f, v, n);
}

static int load_baseline(const char *file, struct baseline *b)
{
	unsigned int line;
	int ret;

	ret = baseline_load(file, b, &line);
	if (ret == -EINVAL) {
		warnx("%s:%u: invalid baseline", file, line);
		return ret;
	}
	if (ret < 0) {
		errno = -ret;
		warn("%s: cannot load baseline", file);
	}
	return ret;
}

/*
 * --prometheus: fill the textfile of this scan, and put it in place unless
 * the source is read in the sandbox (the parent does, sandbox.c);
 * EXIT_PROMETHEUS when it is not written.
 */
static int write_prometheus(struct run *r)
{
	const char *input = r->input;
	struct prom_report pr = {
		.file = r->prometheus,
		.source = r->src->name,
		.paths = input ? &input : (const char *const *)r->out.ops,
		.npaths = input ? 1 : r->out.nops,
		.t = &r->t,
		.baseline = r->baseline,
		.errors = r->errors,
		.status = r->status,
		.guard = r->guard_read ? &r->guard : NULL,
	};
	struct timespec now;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &now);
	pr.duration = (now.tv_sec - r->start.tv_sec) +
		      (now.tv_nsec - r->start.tv_nsec) / 1e9;
	ret = prom_fill(&r->pf, &pr);
	if (!r->src->offline) {
		int c = prom_commit(&r->pf, !ret);

		ret = ret ? ret : c;
	} else {
		free(r->pf.tmp);	/* the parent's copy puts it in place */
		r->pf.tmp = NULL;
	}
	if (!ret)
		return 0;
	errno = -ret;
	warn("%s: cannot write the Prometheus file", r->prometheus);
	return EXIT_PROMETHEUS;
}

/*
 * fcaps-guard: --guard-mask stands for the guard of the machine the
 * values are for; else a mounted tree is judged under the running guard.
 * That one is read for --prometheus too, before the sandbox, which
 * cannot (FCAPS_GUARD_PINDIR, for tests, stands for its pin directory).
 */
static void load_guard(struct run *r)
{
	const char *what;
	int ret;

	if (r->guard_given) {
		r->cfg.model.guard = true;
		r->cfg.model.guard_mask = r->guard_mask;
		r->cfg.guard_from = "fcaps-guard's mask (--guard-mask)";
	}
	if (!r->prometheus && (r->guard_given || r->src->offline))
		return;
	ret = guard_read(&r->guard, &what);
	if (ret) {
		errno = -ret;
		warn("cannot read fcaps-guard's state (%s, %s)", what,
		     FCAP_GUARD_STATE);
		r->status |= EXIT_OPERR;
		r->errors++;
		return;
	}
	r->guard_read = true;
	if (r->guard_given || r->src->offline || !r->guard.loaded)
		return;
	fcap_guard_policy(&r->guard, &r->cfg.model);
	r->cfg.guard_from = "the loaded fcaps-guard's mask";
}

/*
 * The kernel line whose exec rules judge the values: --kernel's, else the
 * running kernel's for a mounted tree (FCAPS_KERNEL_RELEASE, for tests,
 * stands for its release), else the newest line.  --json says which.
 */
static void load_kver(struct run *r)
{
	const char *rel = r->kernel, *how = "--kernel";
	struct utsname u;
	int ret;

	if (!rel && !r->src->offline) {
		rel = getenv("FCAPS_KERNEL_RELEASE");
		if (!rel || !*rel)
			rel = uname(&u) ? "" : u.release;
		how = "the running kernel";
		ret = fcap_kver_of_release(rel, &r->cfg.kver);
	} else if (!rel) {
		r->cfg.kver = FCAP_KVER_7_3;
		snprintf(r->models, sizeof(r->models),
			 "Linux %s (the newest line; --kernel for another)",
			 fcap_kver_name(r->cfg.kver));
		goto out;
	} else {
		ret = fcap_kver_of_release(rel, &r->cfg.kver);
	}
	if (!ret)
		snprintf(r->models, sizeof(r->models), "Linux %s (%s)",
			 fcap_kver_name(r->cfg.kver), how);
	else
		snprintf(r->models, sizeof(r->models),
			 "Linux %s rules, for %.40s (%s)",
			 fcap_kver_name(r->cfg.kver), rel, how);
out:
	if (r->cfg.ctx || r->cfg.guard_from)
		r->out.models = r->models;
}

/*
 * Before anything is read: the --prometheus file, then the input, then,
 * offline, the split into a sandboxed reader (sandbox.c) and a parent
 * that only writes the baseline and the --prometheus file.
 * Return: 0, or -1 when there is nothing to read (@r->status says why).
 */
static int start(struct run *r)
{
	int ret;

	if (r->prometheus) {
		ret = prom_open(&r->pf, r->prometheus);
		if (ret) {
			errno = -ret;
			warn("%s: cannot write the Prometheus file",
			     r->prometheus);
			r->status |= EXIT_PROMETHEUS;
			r->prometheus = NULL;
		}
	}
	if (r->src->open(r->src_opts, &r->rep, &r->src_state) < 0) {
		r->status |= EXIT_OPERR;
		if (r->prometheus)
			prom_commit(&r->pf, false);
		return -1;
	}
	if (r->src->offline)
		sandbox_split(r->save_baseline, &r->bfd,
			      r->prometheus ? &r->pf : NULL);
	return 0;
}

/* @text (NUL-terminated, or NULL) as a stream, for fgetpwent(). */
static FILE *text_file(char *text)
{
	return text ? fmemopen((void *)text, strlen(text), "r") : NULL;
}

/*
 * No value is judged in the context (it was said why): an operational
 * error, and the output names no context, nor kernel rules unless a
 * guard's mask is judged by them.
 */
static void drop_context(struct run *r)
{
	r->status |= EXIT_OPERR;
	r->errors++;
	r->cfg.ctx = NULL;
	r->out.ctx = NULL;
	if (!r->cfg.guard_from)
		r->out.models = NULL;
}

/*
 * --oci: a --user of names, or else the image's User for a container
 * context that no --user names, resolved in the image as runc resolves
 * it; a name the image does not have leaves no context to judge in
 * (exit status 8).
 */
static void image_user(struct run *r)
{
	struct fcap_context *ctx = &r->co.ctx;
	const char *bad = NULL, *user = r->co.user_name, *what = "--user";
	FILE *pw, *gr;
	int ret;

	if (!user) {
		if (!r->co.given || !r->oci.user ||
		    (ctx->set & FCAP_CTX_SET_USER) ||
		    ctx->kind == FCAP_CTX_SYSTEMD || ctx->kind == FCAP_CTX_SELF)
			return;
		user = r->co.user_name = r->oci.user;
		what = "the image's user";
	}
	pw = text_file(r->oci.passwd);
	gr = text_file(r->oci.group);
	ret = ctxopt_user(&r->co, pw, gr, &bad);
	if (pw)
		fclose(pw);
	if (gr)
		fclose(gr);
	if (!ret)
		return;
	if (ret == -ENOENT)
		warnx("%s: %s \"%s\": no such %s in its %s%s; give --user uid[:gid]: values not judged in the context",
		      r->input, what, user,
		      bad == user ? "user" : "group",
		      bad == user ? "/etc/passwd" : "/etc/group",
		      (bad == user ? r->oci.passwd : r->oci.group) ?
		      "" : " (it has none)");
	else
		warnx("%s: %s \"%s\": not a user; give --user uid[:gid]: values not judged in the context",
		      r->input, what, user);
	drop_context(r);
}

/*
 * A context whose process the runtime would not start (runAsNonRoot
 * with root): nothing runs, so no value is judged in it (exit status 8).
 */
static void context_check(struct run *r)
{
	const char *why;

	if (!r->cfg.ctx || !ctxopt_check(&r->co, &why))
		return;
	warnx("the context: %s: values not judged in the context", why);
	drop_context(r);
}

/*
 * The entries, sorted by path.  An offline input counts as one error
 * however it is damaged, a mounted tree one for each name that could not
 * be read.
 */
static void scan(struct run *r)
{
	unsigned long before = r->damaged;
	int ret;

	ret = r->src->scan(r->src_state, &r->rep, &r->v, &r->n, &interrupted);
	/* a failure no report said (no memory) is an error all the same */
	if (ret < 0 && r->damaged == before && !(r->status & EXIT_USAGE)) {
		r->status |= EXIT_OPERR;
		r->damaged++;
	}
	if (r->src->offline)
		r->errors += r->damaged > before;
	else
		r->errors += r->damaged - before;
	if (r->n)
		qsort(r->v, r->n, sizeof(*r->v), entry_cmp_path);
	image_user(r);
	context_check(r);
}

/*
 * --cyclonedx: the document, once every entry is in it; complete when
 * the scan read everything (no 8 or 32 in the exit status so far).
 */
static void write_cyclonedx(struct run *r)
{
	const char *input = r->input;
	struct cdx_subject s = {
		.source = r->src->name,
		.paths = input ? &input : (const char *const *)r->out.ops,
		.npaths = input ? 1 : r->out.nops,
		.ref = r->oci.ref,
	};
	int ret;

	if (!r->cdx_meta.reproducible)
		r->cdx_meta.when = time(NULL);
	r->cdx_meta.complete = !(r->status & (EXIT_OPERR | EXIT_INTR));
	ret = cdx_finish(&r->cdx, stdout, &s, &r->cdx_meta);
	if (ret == -ENOMEM)
		oom();
	if (ret) {
		errno = -ret;
		warn("cannot write the CycloneDX document");
		r->status |= EXIT_OPERR;
	}
}

/* The baseline, the findings, the summary and the exit status. */
static void finish(struct run *r)
{
	int ret;

	if (r->save_baseline && !interrupted) {
		ret = save_baseline(r->save_baseline, r->bfd, r->v, r->n);
		if (ret < 0) {
			errno = -ret;
			warn("%s: cannot save baseline", r->save_baseline);
			r->status |= EXIT_OPERR;
			r->errors++;
		}
	}
	r->out.interrupted = interrupted;
	if (r->out.out == OUT_CYCLONEDX) {
		if (cdx_begin(&r->cdx))
			oom();
		r->out.cdx = &r->cdx;
	}
	judge_all(&r->out, &r->cfg, r->v, r->n, r->baseline ? &r->b : NULL,
		  &r->t);
	print_summary(&r->out, &r->t);
	if (r->t.failing)
		r->status |= EXIT_FINDINGS;
	if (interrupted)
		r->status |= EXIT_INTR;
	if (r->out.out == OUT_CYCLONEDX)
		write_cyclonedx(r);
	if (fflush(stdout) || ferror(stdout)) {
		warn("stdout");
		r->status |= EXIT_OPERR;
	}
	if (r->prometheus)
		r->status |= write_prometheus(r);
}

static void run_free(struct run *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		entry_free(&r->v[i]);
	free(r->v);
	baseline_free(&r->b);
	profiles_free(&r->profiles);
	cdx_free(&r->cdx);
	rules_free(&r->cfg);
	free(r->oci.user);
	free(r->oci.passwd);
	free(r->oci.group);
}

/* The operands: a mounted scan's trees, / when there are none. */
static void operands(struct run *r, int argc, char **argv)
{
	static char root[] = "/";
	static char *default_ops[] = { root, NULL };
	bool hash = r->baseline || r->save_baseline ||
		    r->out.out == OUT_CYCLONEDX;

	r->out.ops = argc > optind ? argv + optind : default_ops;
	r->out.nops = argc > optind ? argc - optind : 1;
	r->walk.ops = r->out.ops;
	r->walk.nops = r->out.nops;
	if (!r->out.quiet && isatty(STDERR_FILENO))
		r->walk.progress = progress_line;
	r->walk.hash = r->image.hash = r->archive.hash = r->oci.hash = hash;
}

int main(int argc, char **argv)
{
	struct run r = {
		.out = { .out = OUT_TEXT, .fail_on = SEV_WARNING },
		.pf = { .fd = -1 },
		.bfd = -1,
		.rep = { .damage = report },
	};
	struct sigaction sa = { .sa_handler = on_sigint };

	tools_oom_status = EXIT_OPERR;
	if (rules_init(&r.cfg) < 0)
		errx(EXIT_OPERR, "cannot parse the default dangerous list");
	r.rep.arg = &r;
	r.walk.jobs = sysconf(_SC_NPROCESSORS_ONLN);
	if (r.walk.jobs < 1)
		r.walk.jobs = 1;
	if (parse_opts(argc, argv, &r) < 0)
		return EXIT_USAGE;
	r.out.colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	operands(&r, argc, argv);
	if (r.baseline && load_baseline(r.baseline, &r.b) < 0)
		return EXIT_OPERR;
	sigaction(SIGINT, &sa, NULL);
	raise_fd_limit();
	clock_gettime(CLOCK_MONOTONIC, &r.start);
	load_guard(&r);
	load_kver(&r);
	if (start(&r) == 0) {
		scan(&r);
		finish(&r);
	}
	run_free(&r);
	return r.status;
}
