// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsck-check - audit file capabilities on mounted trees.
 *
 * usage: fsck-check [-hqx] [-j jobs] [--json | --list] [--fail-on severity]
 *                   [--policy file] [--deny caps] [--dangerous caps]
 *                   [--baseline file] [--save-baseline file]
 *                   [--prometheus file]
 *                   [--image file [--offset bytes] [--force]]
 *                   [--archive file] [--oci path [--image-ref name]]
 *                   [path ...]
 *
 * Walks each path (default /) without following symbolic links, on one file
 * system unless -x, reads security.capability of every name, and judges each
 * capability-bearing file (rules.c).  With --image, reads an ext2/3/4 file
 * system image or unmounted device instead (image.c); with --archive, a tar
 * archive (archive.c); with --oci, a container image's layers (oci.c).
 * Exit status as fsck(8): 0 clean,
 * 4 findings at or above --fail-on, 8 operational error, 16 usage error,
 * 32 interrupted, 64 the --prometheus file not written; the bits combine.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "archive-scan.h"
#include "entry.h"
#include "image.h"
#include "oci.h"
#include "sandbox.h"
#include "tools.h"
#include "version.h"

/* A directory waiting to be read, open at @fd. */
struct job {
	int fd;
	char *path;
	struct stat st;
	struct job *next;
};

/* Directories queued beyond this are walked in place: bounds open fds. */
#define QUEUE_MAX	256

struct scan {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	pthread_cond_t pcond;	/* wakes the progress line */
	struct job *head;
	size_t queued;
	size_t active;
	struct entry *v;
	size_t n;
	size_t cap;
	bool cross;
	bool quiet;
	int status;
	unsigned long errors;	/* operational errors, for --prometheus */
	unsigned long dirs;	/* directories read, for the progress line */
	bool done;		/* the walk is over: stop the progress line */
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	interrupted = 1;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: fsck-check [-hqx] [-j jobs] [--json | --list] [--fail-on severity]\n"
		"                  [--policy file] [--deny caps] [--dangerous caps]\n"
		"                  [--baseline file] [--save-baseline file]\n"
		"                  [--prometheus file]\n"
		"                  [--image file [--offset bytes] [--force]]\n"
		"                  [--archive file] [--oci path [--image-ref name]]\n"
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
		"  --fail-on severity    lowest severity that makes the exit status 4:\n"
		"                        info, warning (default) or error\n"
		"  --policy file         allow-list of \"path-or-glob caps\" lines\n"
		"  --deny caps           capabilities that may never appear\n"
		"  --dangerous caps      replace the list of root-equivalent capabilities\n"
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
		"  --version             print the fcaps version\n");
}

static bool fd_nosuid(int fd, bool *known)
{
	struct statvfs svfs;

	*known = fstatvfs(fd, &svfs) == 0;
	return *known && (svfs.f_flag & ST_NOSUID);
}

static void scan_fail(struct scan *s)
{
	pthread_mutex_lock(&s->lock);
	s->status |= EXIT_OPERR;
	s->errors++;
	pthread_mutex_unlock(&s->lock);
}

static void scan_push(struct scan *s, const struct entry *e)
{
	struct entry *v;

	pthread_mutex_lock(&s->lock);
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		v = xreallocarray(s->v, s->cap, sizeof(*v));
		s->v = v;
	}
	s->v[s->n++] = *e;
	pthread_mutex_unlock(&s->lock);
}

/* What probe() knows of a name; @st NULL: fstatat(@dfd, @name) on a hit. */
struct meta {
	const struct stat *st;
	int dfd;
	const char *name;
	mode_t parent_mode;
	bool parent_known;
	bool nosuid;
	bool nosuid_known;
};

/*
 * Each walker thread has a working directory of its own (unshare
 * CLONE_FS) and moves it into the directory it reads: a name is then
 * looked up as one component, relative to the very directory being read.
 * That costs less than walking the full path for every name, has no
 * PATH_MAX limit and no window in which a parent directory swapped for a
 * symbolic link redirects the read.  A thread that cannot (the main
 * thread, an unshare refused) uses full paths.  @cwd_fd: the directory
 * descriptor the working directory is in; @tried_fd: the one fchdir()
 * last failed on (not searchable).
 */
static __thread bool own_cwd;
static __thread int cwd_fd = -1;
static __thread int tried_fd = -1;

/* The name to give a path-based call for the entry @m describes. */
static const char *probe_name(const char *path, const struct meta *m)
{
	if (!own_cwd || !m->name)
		return path;
	if (cwd_fd == m->dfd)
		return m->name;
	if (tried_fd == m->dfd)
		return path;
	if (fchdir(m->dfd) < 0) {
		tried_fd = m->dfd;
		cwd_fd = -1;
		return path;
	}
	cwd_fd = m->dfd;
	return m->name;
}

/* @dfd is about to be closed: it may be reused for another directory. */
static void forget_dir(int dfd)
{
	if (cwd_fd == dfd)
		cwd_fd = -1;
	if (tried_fd == dfd)
		tried_fd = -1;
}

/* A name went away between readdir and its use: a race, not an error. */
static void vanished(const struct scan *s, const char *path)
{
	if (!s->quiet)
		warnx("%s: vanished during the scan", path);
}

/*
 * Is security.capability listed, then its value: one llistxattr costs less
 * than a getxattr of a name that is absent (the capability LSM looks the
 * value up twice), and almost every name has no value.
 */
static void probe(struct scan *s, const char *path, const struct meta *m)
{
	const struct stat *st = m->st;
	struct entry ent = { 0 }, *e = &ent;
	struct fcap_read r;
	struct stat lst;
	const char *name = probe_name(path, m);
	int listed, ret;

	listed = fcap_listed_at(AT_FDCWD, name);
	if (!listed)
		return;
	ret = fcap_read_at(AT_FDCWD, name,
			   listed > 0 ? FCAP_READ_LISTED : 0, &r);
	if (ret == -ENOENT) {
		vanished(s, path);
		return;
	}
	if (ret < 0) {
		errno = -ret;
		warn("%s: cannot read capabilities", path);
		scan_fail(s);
		return;
	}
	if (r.state == FCAP_READ_NONE)
		return;
	if (!st) {
		if (fstatat(m->dfd, m->name, &lst, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno == ENOENT) {
				vanished(s, path);
				return;
			}
			warn("%s: cannot stat", path);
			scan_fail(s);
			return;
		}
		st = &lst;
	}
	e->path = xstrdup(path);
	e->source = SRC_MOUNTED;
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->mode = st->st_mode;
	e->uid = st->st_uid;
	e->gid = st->st_gid;
	e->nlink = st->st_nlink;
	e->parent_mode = m->parent_mode;
	e->parent_known = m->parent_known;
	e->nosuid = m->nosuid;
	e->nosuid_known = m->nosuid_known;
	e->read = r;
	scan_push(s, e);
}

static void walk_dir(struct scan *s, int dfd, const char *path,
		     const struct stat *dst);

/* Queue the directory open at @fd; false when the queue is full. */
static bool enqueue(struct scan *s, int fd, const char *path,
		    const struct stat *st)
{
	struct job *j;

	pthread_mutex_lock(&s->lock);
	if (s->queued >= QUEUE_MAX) {
		pthread_mutex_unlock(&s->lock);
		return false;
	}
	j = xmalloc(sizeof(*j));
	j->path = xstrdup(path);
	j->fd = fd;
	j->st = *st;
	j->next = s->head;
	s->head = j;
	s->queued++;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	return true;
}

static void *worker(void *arg)
{
	struct scan *s = arg;
	struct job *j;

	pthread_mutex_lock(&s->lock);
	for (;;) {
		while (!s->head && s->active)
			pthread_cond_wait(&s->cond, &s->lock);
		j = s->head;
		if (!j)
			break;
		s->head = j->next;
		s->queued--;
		s->active++;
		pthread_mutex_unlock(&s->lock);
		walk_dir(s, j->fd, j->path, &j->st);
		free(j->path);
		free(j);
		pthread_mutex_lock(&s->lock);
		if (!--s->active && !s->head)
			pthread_cond_broadcast(&s->cond);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

/* Block (@how SIG_BLOCK) or unblock SIGINT in the calling thread. */
static void mask_sigint(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	pthread_sigmask(how, &set, NULL);
}

/*
 * A progress line on stderr, when it is a terminal and the scan takes
 * more than two seconds.
 */
static void *progress(void *arg)
{
	struct scan *s = arg;
	struct timespec ts;
	bool shown = false;
	int ticks = 0;

	mask_sigint(SIG_BLOCK);
	pthread_mutex_lock(&s->lock);
	while (!s->done) {
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec++;
		pthread_cond_timedwait(&s->pcond, &s->lock, &ts);
		if (s->done || ++ticks < 2)
			continue;
		fprintf(stderr, "\rfsck-check: %lu directories, %zu names with capabilities\033[K",
			__atomic_load_n(&s->dirs, __ATOMIC_RELAXED), s->n);
		shown = true;
	}
	pthread_mutex_unlock(&s->lock);
	if (shown)
		fprintf(stderr, "\r\033[K");
	return NULL;
}

/*
 * A walker thread: its own working directory (probe_name()), then work.
 * SIGINT is taken by the walkers, so that one sent in the middle of the
 * walk stops it at once, not when a waiting thread gets to run.
 */
static void *walker(void *arg)
{
	mask_sigint(SIG_UNBLOCK);
	own_cwd = unshare(CLONE_FS) == 0;
	return worker(arg);
}

/*
 * Drain the queue with @jobs walker threads.  The caller only waits: its
 * working directory is the process's, which relative operands and the
 * hashing pass still need.
 */
static void run_pool(struct scan *s, long jobs)
{
	pthread_t *t;
	long i, started = 0;

	t = xcalloc(jobs, sizeof(*t));
	mask_sigint(SIG_BLOCK);
	for (i = 0; i < jobs; i++) {
		if (pthread_create(&t[i], NULL, walker, s))
			break;
		started = i + 1;
	}
	if (!started) {
		mask_sigint(SIG_UNBLOCK);
		worker(s);
	}
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	mask_sigint(SIG_UNBLOCK);
	free(t);
}

/*
 * One directory entry; @path is its full name.  Only directories (and
 * names of unknown type) are stat()ed up front: for the rest, probe()
 * stats only the few that carry a value.
 */
static void walk_child(struct scan *s, int dfd, const char *path,
		       const struct stat *dst, const struct meta *dm,
		       const char *name, unsigned char type)
{
	struct stat st;
	struct meta m = *dm;
	int fd;

	m.dfd = dfd;
	m.name = name;
	if (type != DT_DIR && type != DT_UNKNOWN) {
		m.st = NULL;
		probe(s, path, &m);
		return;
	}
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT) {
			vanished(s, path);
			return;
		}
		warn("%s: cannot stat", path);
		scan_fail(s);
		return;
	}
	m.st = &st;
	probe(s, path, &m);
	if (!S_ISDIR(st.st_mode) || (st.st_dev != dst->st_dev && !s->cross))
		return;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		if (errno == ENOENT) {
			vanished(s, path);
		} else {
			warn("%s: cannot open directory", path);
			scan_fail(s);
		}
		return;
	}
	if (st.st_dev != dst->st_dev && fd_on_pseudo_fs(fd))
		close(fd);
	else if (!enqueue(s, fd, path, &st))
		walk_dir(s, fd, path, &st);
}

/* Walk the directory open at @dfd; closes @dfd. */
static void walk_dir(struct scan *s, int dfd, const char *path,
		     const struct stat *dst)
{
	struct dirent *d;
	struct meta m = { .parent_mode = dst->st_mode, .parent_known = true };
	size_t dlen = strlen(path), nlen;
	char *child;
	DIR *dir;

	m.nosuid = fd_nosuid(dfd, &m.nosuid_known);
	__atomic_add_fetch(&s->dirs, 1, __ATOMIC_RELAXED);
	dir = fdopendir(dfd);
	if (!dir) {
		warn("%s: cannot read directory", path);
		scan_fail(s);
		close(dfd);
		return;
	}
	/* One buffer for every child's full name: "path/" + NAME_MAX. */
	child = xmalloc(dlen + NAME_MAX + 2);
	memcpy(child, path, dlen);
	if (!dlen || path[dlen - 1] != '/')
		child[dlen++] = '/';
	while (!interrupted) {
		errno = 0;
		d = readdir(dir);
		if (!d) {
			if (errno) {
				warn("%s: cannot read directory", path);
				scan_fail(s);
			}
			break;
		}
		if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
			continue;
		nlen = strnlen(d->d_name, NAME_MAX);
		memcpy(child + dlen, d->d_name, nlen);
		child[dlen + nlen] = '\0';
		walk_child(s, dirfd(dir), child, dst, &m, d->d_name,
			   d->d_type);
	}
	free(child);
	forget_dir(dfd);
	closedir(dir);
}

/* st_mode of the directory holding operand @path ("/" has none). */
static bool operand_parent(const char *path, mode_t *mode)
{
	struct stat pst;
	char *parent, *slash;
	size_t l;
	bool ok;

	parent = xstrdup(path);
	l = strlen(parent);
	while (l > 1 && parent[l - 1] == '/')
		parent[--l] = '\0';
	slash = strrchr(parent, '/');
	if (slash == parent && !slash[1]) {
		free(parent);
		return false;
	}
	if (slash == parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	ok = stat(slash ? parent : ".", &pst) == 0;
	free(parent);
	if (ok)
		*mode = pst.st_mode;
	return ok;
}

/*
 * Scan one operand.  A symbolic link to a directory given as an operand
 * is followed (as find -H does), so that /bin on a merged-/usr system is
 * scanned; nothing below it is ever followed.
 */
static void do_scan(struct scan *s, const char *path)
{
	struct stat st;
	struct meta m = { .st = &st };
	bool follow = false;
	int fd;

	if (lstat(path, &st) < 0) {
		warn("%s: cannot scan", path);
		scan_fail(s);
		return;
	}
	if (S_ISLNK(st.st_mode) && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		follow = true;
	else if (lstat(path, &st) < 0)
		st.st_mode = S_IFLNK;
	m.parent_known = operand_parent(path, &m.parent_mode);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY |
		  (follow ? 0 : O_NOFOLLOW) |
		  (S_ISDIR(st.st_mode) ? O_DIRECTORY : O_PATH));
	if (fd >= 0)
		m.nosuid = fd_nosuid(fd, &m.nosuid_known);
	if (!follow)
		probe(s, path, &m);
	if (fd < 0) {
		if (S_ISDIR(st.st_mode)) {
			warn("%s: cannot open directory", path);
			scan_fail(s);
		}
		return;
	}
	if (!S_ISDIR(st.st_mode) || !enqueue(s, fd, path, &st))
		close(fd);
}

static void hash_entries(struct scan *s)
{
	struct stat st;
	size_t i;
	int fd, ret;

	for (i = 0; i < s->n && !interrupted; i++) {
		struct entry *e = &s->v[i];

		if (!S_ISREG(e->mode))
			continue;
		fd = open(e->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
			  O_NOCTTY | O_NONBLOCK);
		if (fd < 0 && (errno == ENOENT || errno == ELOOP)) {
			vanished(s, e->path);
			continue;
		}
		if (fd < 0) {
			warn("%s: cannot open for hashing", e->path);
			scan_fail(s);
			continue;
		}
		/* the content of the very file whose value was read, or none */
		if (fstat(fd, &st) || st.st_dev != e->dev ||
		    st.st_ino != e->ino) {
			close(fd);
			vanished(s, e->path);
			continue;
		}
		ret = baseline_sha256_fd(fd, e->sha256);
		close(fd);
		if (ret < 0) {
			errno = -ret;
			warn("%s: cannot hash", e->path);
			scan_fail(s);
			continue;
		}
		e->has_sha = true;
	}
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
	OPT_OCI, OPT_IMAGE_REF,
};

static const struct option longopts[] = {
	{ "archive", required_argument, NULL, OPT_ARCHIVE },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "cross-mounts", no_argument, NULL, 'x' },
	{ "dangerous", required_argument, NULL, OPT_DANGEROUS },
	{ "deny", required_argument, NULL, OPT_DENY },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "help", no_argument, NULL, 'h' },
	{ "image", required_argument, NULL, OPT_IMAGE },
	{ "image-ref", required_argument, NULL, OPT_IMAGE_REF },
	{ "jobs", required_argument, NULL, 'j' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "list", no_argument, NULL, OPT_LIST },
	{ "oci", required_argument, NULL, OPT_OCI },
	{ "offset", required_argument, NULL, OPT_OFFSET },
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "prometheus", required_argument, NULL, OPT_PROMETHEUS },
	{ "quiet", no_argument, NULL, 'q' },
	{ "save-baseline", required_argument, NULL, OPT_SAVE_BASELINE },
	{ "version", no_argument, NULL, OPT_VERSION },
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

static int parse_opts(int argc, char **argv, struct opts *o,
		      struct rules_config *cfg, struct scan *s,
		      struct image_opts *img, struct archive_opts *arc,
		      struct oci_opts *oci)
{
	unsigned int line = 0;
	char *end;
	int c, ret;

	while ((c = getopt_long(argc, argv, "hj:qx", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			exit(fflush(stdout) ? EXIT_OPERR : 0);
		case 'j':
			errno = 0;
			o->jobs = strtol(optarg, &end, 10);
			if (errno || *end || o->jobs < 1 || o->jobs > 1024) {
				warnx("-j: invalid number of jobs: %s", optarg);
				return -EINVAL;
			}
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'x':
			s->cross = true;
			break;
		case OPT_JSON:
			o->out = OUT_JSON;
			break;
		case OPT_LIST:
			o->out = OUT_LIST;
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
		case OPT_DENY:
			if (parse_caps("--deny", optarg, &cfg->deny) < 0)
				return -EINVAL;
			break;
		case OPT_DANGEROUS:
			if (parse_caps("--dangerous", optarg,
				       &cfg->dangerous) < 0)
				return -EINVAL;
			break;
		case OPT_BASELINE:
			o->baseline = optarg;
			break;
		case OPT_SAVE_BASELINE:
			o->save_baseline = optarg;
			break;
		case OPT_PROMETHEUS:
			if (!*optarg) {
				warnx("--prometheus: empty file name");
				return -EINVAL;
			}
			o->prometheus = optarg;
			break;
		case OPT_IMAGE:
			img->file = optarg;
			break;
		case OPT_OFFSET:
			if (parse_offset(optarg, &img->offset) < 0)
				return -EINVAL;
			break;
		case OPT_FORCE:
			img->force = true;
			break;
		case OPT_ARCHIVE:
			arc->file = optarg;
			break;
		case OPT_OCI:
			oci->file = optarg;
			break;
		case OPT_IMAGE_REF:
			oci->ref = optarg;
			break;
		case OPT_VERSION:
			printf("fsck-check (fcaps) %s\n", FCAPS_VERSION);
			exit(fflush(stdout) ? EXIT_OPERR : 0);
		default:
			usage(stderr);
			return -EINVAL;
		}
	}
	if (!img->file && (img->offset || img->force)) {
		warnx("--offset and --force go with --image");
		return -EINVAL;
	}
	if (img->file && optind < argc) {
		warnx("--image takes no path operands");
		return -EINVAL;
	}
	if (arc->file && (optind < argc || img->file)) {
		warnx("--archive takes no path operands and no --image");
		return -EINVAL;
	}
	if (oci->ref && !oci->file) {
		warnx("--image-ref goes with --oci");
		return -EINVAL;
	}
	if (oci->file && (optind < argc || img->file || arc->file)) {
		warnx("--oci takes no path operands, no --image and no --archive");
		return -EINVAL;
	}
	if (oci->file && !strcmp(oci->file, "-")) {
		warnx("--oci: an image is read more than once: name a file or directory, not standard input");
		return -EINVAL;
	}
	return 0;
}

/* --archive: open the archive ("-": standard input). */
static int open_archive(struct archive_opts *arc)
{
	struct stat st;

	if (!strcmp(arc->file, "-")) {
		arc->fd = STDIN_FILENO;
		arc->file = "(standard input)";
	} else {
		arc->fd = open(arc->file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	}
	if (arc->fd < 0) {
		warn("%s", arc->file);
		return EXIT_OPERR;
	}
	if (fstat(arc->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		warnx("%s: a directory, not a tar archive", arc->file);
		close(arc->fd);
		arc->fd = -1;
		return EXIT_OPERR;
	}
	return 0;
}

/*
 * --image, --archive: open the input, then read it in a child process
 * without privileges (sandbox.c); the parent only writes the baseline.
 * Return: in the child, 0 and @bfd the baseline pipe; EXIT_OPERR when
 * the input cannot be opened.
 */
static int open_offline(struct image_opts *img, struct img **im,
			struct archive_opts *arc, struct oci_opts *oci,
			const char *save, int *bfd, struct prom_file *prom)
{
	int status = 0;

	if (img->file) {
		status = image_open(img, im);
		if (!*im)
			return status;
	}
	if (arc->file && open_archive(arc))
		return EXIT_OPERR;
	if (oci->file) {
		status = oci_open(oci);
		if (oci->fd < 0 && oci->index_fd < 0 && !oci->nblobs &&
		    status)
			return status;
	}
	sandbox_split(save, bfd, prom);
	return status;
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
 * @sandboxed (the parent does, sandbox.c); EXIT_PROMETHEUS when it is not
 * written.
 */
static int write_prometheus(const struct opts *o, const struct image_opts *img,
			    const struct archive_opts *arc,
			    const struct oci_opts *oci,
			    const struct scan *s, const struct tally *t,
			    const struct timespec *start,
			    struct prom_file *pf, bool sandboxed)
{
	const char *input = img->file ?: arc->file ?: oci->file;
	struct prom_report r = {
		.file = o->prometheus,
		.source = img->file ? "image" : arc->file ? "archive" :
			  oci->file ? "oci" : "mounted",
		.paths = input ? &input : (const char *const *)o->ops,
		.npaths = input ? 1 : o->nops,
		.t = t,
		.baseline = o->baseline,
		.errors = s->errors,
		.status = s->status,
	};
	struct timespec now;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &now);
	r.duration = (now.tv_sec - start->tv_sec) +
		     (now.tv_nsec - start->tv_nsec) / 1e9;
	ret = prom_fill(pf, &r);
	if (!sandboxed) {
		int c = prom_commit(pf, !ret);

		ret = ret ? ret : c;
	} else {
		free(pf->tmp);	/* the parent's copy puts it in place */
		pf->tmp = NULL;
	}
	if (!ret)
		return 0;
	errno = -ret;
	warn("%s: cannot write the Prometheus file", o->prometheus);
	return EXIT_PROMETHEUS;
}

int main(int argc, char **argv)
{
	struct opts o = { .out = OUT_TEXT, .fail_on = SEV_WARNING };
	struct rules_config cfg;
	struct scan s = {
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.cond = PTHREAD_COND_INITIALIZER,
		.pcond = PTHREAD_COND_INITIALIZER,
	};
	struct baseline b = { 0 };
	struct image_opts img = { 0 };
	struct archive_opts arc = { .fd = -1 };
	struct oci_opts oci = { .fd = -1, .index_fd = -ENOENT };
	struct img *im = NULL;
	struct prom_file pf = { .fd = -1 };
	int bfd = -1;
	struct tally t = { 0 };
	struct sigaction sa = { .sa_handler = on_sigint };
	struct timespec start;
	static char root[] = "/";
	pthread_t prog;
	bool show, offline;
	static char *default_ops[] = { root, NULL };
	size_t i;
	int ret;

	tools_oom_status = EXIT_OPERR;
	if (rules_init(&cfg) < 0)
		errx(EXIT_OPERR, "cannot parse the default dangerous list");
	o.jobs = sysconf(_SC_NPROCESSORS_ONLN);
	if (o.jobs < 1)
		o.jobs = 1;
	if (parse_opts(argc, argv, &o, &cfg, &s, &img, &arc, &oci) < 0)
		return EXIT_USAGE;
	offline = img.file || arc.file || oci.file;
	s.quiet = o.quiet;
	o.colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	if (o.baseline && load_baseline(o.baseline, &b) < 0)
		return EXIT_OPERR;
	sigaction(SIGINT, &sa, NULL);
	raise_fd_limit();
	clock_gettime(CLOCK_MONOTONIC, &start);

	o.ops = argv + optind;
	o.nops = argc - optind;
	if (!o.nops) {
		o.ops = default_ops;
		o.nops = 1;
	}
	if (o.prometheus) {
		ret = prom_open(&pf, o.prometheus);
		if (ret) {
			errno = -ret;
			warn("%s: cannot write the Prometheus file",
			     o.prometheus);
			s.status |= EXIT_PROMETHEUS;
			o.prometheus = NULL;
		}
	}
	if (offline) {
		ret = open_offline(&img, &im, &arc, &oci, o.save_baseline,
				   &bfd, o.prometheus ? &pf : NULL);
		if (ret && !im && arc.fd < 0 && oci.fd < 0 &&
		    oci.index_fd < 0 && !oci.nblobs) {
			if (o.prometheus)
				prom_commit(&pf, false);
			return s.status | ret;
		}
		s.status |= ret;
	}
	show = !offline && !o.quiet && isatty(STDERR_FILENO) &&
	       !pthread_create(&prog, NULL, progress, &s);
	if (img.file) {
		img.quiet = o.quiet;
		img.hash = o.baseline || o.save_baseline;
		ret = image_read(im, &s.v, &s.n, &interrupted);
		if (ret & EXIT_OPERR)
			s.errors++;
		s.status |= ret;
	}
	if (arc.file) {
		arc.quiet = o.quiet;
		arc.hash = o.baseline || o.save_baseline;
		ret = archive_scan(&arc, &s.v, &s.n, &interrupted);
		if (ret & EXIT_OPERR)
			s.errors++;
		s.status |= ret;
	}
	if (oci.file) {
		oci.quiet = o.quiet;
		oci.hash = o.baseline || o.save_baseline;
		ret = oci_scan(&oci, &s.v, &s.n, &interrupted);
		if (ret & EXIT_OPERR)
			s.errors++;
		s.status |= ret;
	}
	for (i = 0; i < (size_t)o.nops && !offline && !interrupted; i++) {
		do_scan(&s, o.ops[i]);
		run_pool(&s, o.jobs);
	}
	if (show) {
		pthread_mutex_lock(&s.lock);
		s.done = true;
		pthread_cond_broadcast(&s.pcond);
		pthread_mutex_unlock(&s.lock);
		pthread_join(prog, NULL);
	}
	if (s.n)
		qsort(s.v, s.n, sizeof(*s.v), entry_cmp_path);
	if ((o.baseline || o.save_baseline) && !offline)
		hash_entries(&s);
	if (o.save_baseline && !interrupted) {
		ret = save_baseline(o.save_baseline, bfd, s.v, s.n);
		if (ret < 0) {
			errno = -ret;
			warn("%s: cannot save baseline", o.save_baseline);
			s.status |= EXIT_OPERR;
			s.errors++;
		}
	}
	o.interrupted = interrupted;
	judge_all(&o, &cfg, s.v, s.n, o.baseline ? &b : NULL, &t);
	if (o.out == OUT_TEXT && !o.quiet)
		printf("fsck-check: %zu file%s with capabilities, %zu error%s, %zu warning%s, %zu info\n",
		       t.files, t.files == 1 ? "" : "s", t.sev[SEV_ERROR],
		       t.sev[SEV_ERROR] == 1 ? "" : "s", t.sev[SEV_WARNING],
		       t.sev[SEV_WARNING] == 1 ? "" : "s", t.sev[SEV_INFO]);
	if (t.failing)
		s.status |= EXIT_FINDINGS;
	if (interrupted)
		s.status |= EXIT_INTR;
	if (fflush(stdout) || ferror(stdout)) {
		warn("stdout");
		s.status |= EXIT_OPERR;
	}
	if (o.prometheus)
		s.status |= write_prometheus(&o, &img, &arc, &oci, &s, &t,
					     &start, &pf, offline);
	for (i = 0; i < s.n; i++)
		entry_free(&s.v[i]);
	free(s.v);
	baseline_free(&b);
	rules_free(&cfg);
	return s.status;
}
