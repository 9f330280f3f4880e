// SPDX-License-Identifier: GPL-2.0-only
/*
 * walk.c - the mounted source of struct entry: each operand walked by a
 * pool of threads, never following a symbolic link below it, on one file
 * system unless told to cross, reading security.capability of every
 * name through lib (fcap_read_at()).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
#include <sys/sysmacros.h>

#include "hash.h"
#include "tools.h"
#include "walk.h"

/*
 * What is known of a directory before it is read: its stat, its mount
 * (@mnt_known: statx() told) and whether that mount is nosuid
 * (@nosuid_known: statfs() or the parent's, on the same mount, told).
 */
struct dir_info {
	struct stat st;
	uint64_t mnt;
	bool mnt_known;
	bool nosuid;
	bool nosuid_known;
};

/* A directory waiting to be read, open at @fd. */
struct job {
	int fd;
	char *path;
	struct dir_info di;
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
	const struct fsck_report *rep;
	bool failed;		/* damage was reported */
	unsigned long dirs;	/* directories read, for the progress line */
	bool done;		/* the walk is over: stop the progress line */
	volatile sig_atomic_t *intr;
};

static bool fd_nosuid(int fd, bool *known)
{
	struct statvfs svfs;

	*known = fstatvfs(fd, &svfs) == 0;
	return *known && (svfs.f_flag & ST_NOSUID);
}

/* Report @path's damage (@err its errno), one report at a time. */
static void scan_fail(struct scan *s, const char *path, int err,
		      const char *what)
{
	pthread_mutex_lock(&s->lock);
	fsck_damagef(s->rep, FSCK_ERROR, path, err, NULL, "%s", what);
	s->failed = true;
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

/*
 * What probe() knows of a name; @st NULL: fstatat(@dfd, @name) on a hit.
 * @fd: the name itself, open (a directory about to be read), or -1.
 */
struct meta {
	const struct stat *st;
	int dfd;
	const char *name;
	int fd;
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
static void vanished(struct scan *s, const char *path)
{
	pthread_mutex_lock(&s->lock);
	fsck_damagef(s->rep, FSCK_NOTE, path, 0, NULL,
		     "vanished during the scan");
	pthread_mutex_unlock(&s->lock);
}

/* A stat of @path failed (errno): it vanished, or an error. */
static void stat_failed(struct scan *s, const char *path)
{
	if (errno == ENOENT) {
		vanished(s, path);
		return;
	}
	scan_fail(s, path, errno, "cannot stat");
}

/*
 * Is security.capability listed, then its value: one llistxattr costs less
 * than a getxattr of a name that is absent (the capability LSM looks the
 * value up twice), and almost every name has no value.
 */
static void probe(struct scan *s, const char *path, const struct meta *m)
{
	const struct stat *st = m->st;
	struct entry ent, *e = &ent;	/* zeroed only for a value */
	struct fcap_read r;
	struct stat lst;
	const char *name;
	int listed, ret;

	if (m->fd >= 0) {
		listed = fcap_listed_fd(m->fd);
		if (!listed)
			return;
		ret = fcap_read_fd(m->fd, listed > 0 ? FCAP_READ_LISTED : 0,
				   &r);
	} else {
		name = probe_name(path, m);
		listed = fcap_listed_at(AT_FDCWD, name);
		if (!listed)
			return;
		ret = fcap_read_at(AT_FDCWD, name,
				   listed > 0 ? FCAP_READ_LISTED : 0, &r);
	}
	if (ret == -ENOENT) {
		vanished(s, path);
		return;
	}
	if (ret < 0) {
		scan_fail(s, path, -ret, "cannot read capabilities");
		return;
	}
	if (r.state == FCAP_READ_NONE)
		return;
	if (!st) {
		if (fstatat(m->dfd, m->name, &lst, AT_SYMLINK_NOFOLLOW) < 0) {
			stat_failed(s, path);
			return;
		}
		st = &lst;
	}
	memset(e, 0, sizeof(*e));
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
		     const struct dir_info *di);

/* Queue the directory open at @fd; false when the queue is full. */
static bool enqueue(struct scan *s, int fd, const char *path,
		    const struct dir_info *di)
{
	struct job *j;

	if (__atomic_load_n(&s->queued, __ATOMIC_RELAXED) >= QUEUE_MAX)
		return false;
	/* made before the lock is taken: the other walkers wait on it */
	j = xmalloc(sizeof(*j));
	j->path = xstrdup(path);
	j->fd = fd;
	j->di = *di;
	pthread_mutex_lock(&s->lock);
	if (s->queued >= QUEUE_MAX) {
		pthread_mutex_unlock(&s->lock);
		free(j->path);
		free(j);
		return false;
	}
	j->next = s->head;
	s->head = j;
	__atomic_add_fetch(&s->queued, 1, __ATOMIC_RELAXED);
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
		__atomic_sub_fetch(&s->queued, 1, __ATOMIC_RELAXED);
		s->active++;
		pthread_mutex_unlock(&s->lock);
		walk_dir(s, j->fd, j->path, &j->di);
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

/* The progress ticker: the caller's callback, from the third second on. */
struct ticker {
	struct scan *s;
	const struct walk_opts *o;
};

static void *progress(void *arg)
{
	const struct ticker *tk = arg;
	struct scan *s = tk->s;
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
		tk->o->progress(tk->o->progress_arg,
				__atomic_load_n(&s->dirs, __ATOMIC_RELAXED),
				s->n, false);
		shown = true;
	}
	pthread_mutex_unlock(&s->lock);
	if (shown)
		tk->o->progress(tk->o->progress_arg, s->dirs, s->n, true);
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
 * fstatat(@dfd, @name, @flags) through statx(), which also tells the
 * mount the name is on (STATX_MNT_ID, Linux 5.8; @di->mnt_known): a
 * directory on its parent's mount has its parent's nosuid, and needs no
 * statfs() of its own.  Return: 0, or -1 with errno set.
 */
static int stat_mnt(int dfd, const char *name, int flags,
		    struct dir_info *di)
{
	struct stat *st = &di->st;
	struct statx x;

	di->mnt_known = false;
	if (statx(dfd, name, flags | AT_NO_AUTOMOUNT,
		  STATX_BASIC_STATS | STATX_MNT_ID, &x) < 0)
		return errno == ENOSYS ? fstatat(dfd, name, st, flags) : -1;
	memset(st, 0, sizeof(*st));
	st->st_dev = makedev(x.stx_dev_major, x.stx_dev_minor);
	st->st_ino = x.stx_ino;
	st->st_mode = x.stx_mode;
	st->st_nlink = x.stx_nlink;
	st->st_uid = x.stx_uid;
	st->st_gid = x.stx_gid;
	st->st_rdev = makedev(x.stx_rdev_major, x.stx_rdev_minor);
	st->st_size = x.stx_size;
	st->st_blksize = x.stx_blksize;
	st->st_blocks = x.stx_blocks;
	st->st_atim.tv_sec = x.stx_atime.tv_sec;
	st->st_atim.tv_nsec = x.stx_atime.tv_nsec;
	st->st_mtim.tv_sec = x.stx_mtime.tv_sec;
	st->st_mtim.tv_nsec = x.stx_mtime.tv_nsec;
	st->st_ctim.tv_sec = x.stx_ctime.tv_sec;
	st->st_ctim.tv_nsec = x.stx_ctime.tv_nsec;
	di->mnt = x.stx_mnt_id;
	di->mnt_known = x.stx_mask & STATX_MNT_ID;
	return 0;
}

/* Is the directory @di (open at @fd) on a nosuid mount; @parent's? */
static void dir_nosuid(int fd, struct dir_info *di,
		       const struct dir_info *parent)
{
	if (di->mnt_known && parent && parent->mnt_known &&
	    di->mnt == parent->mnt) {
		di->nosuid = parent->nosuid;
		di->nosuid_known = parent->nosuid_known;
		return;
	}
	di->nosuid = fd_nosuid(fd, &di->nosuid_known);
}

/*
 * One directory entry; @path is its full name.  Only directories (and
 * names of unknown type) are stat()ed up front: for the rest, probe()
 * stats only the few that carry a value.
 */
static void walk_child(struct scan *s, int dfd, const char *path,
		       const struct dir_info *dinfo, const struct meta *dm,
		       const char *name, unsigned char type)
{
	const struct stat *dst = &dinfo->st;
	struct dir_info di;
	struct meta m = *dm;
	int fd, err;

	m.dfd = dfd;
	m.name = name;
	m.fd = -1;
	if (type != DT_DIR && type != DT_UNKNOWN) {
		m.st = NULL;
		probe(s, path, &m);
		return;
	}
	if (stat_mnt(dfd, name, AT_SYMLINK_NOFOLLOW, &di) < 0) {
		stat_failed(s, path);
		return;
	}
	m.st = &di.st;
	if (!S_ISDIR(di.st.st_mode) ||
	    (di.st.st_dev != dst->st_dev && !s->cross)) {
		probe(s, path, &m);
		return;
	}
	/* A directory's value is read through the descriptor it is read by. */
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		err = errno;
		probe(s, path, &m);
		if (err == ENOENT)
			vanished(s, path);
		else
			scan_fail(s, path, err, "cannot open directory");
		return;
	}
	m.fd = fd;
	probe(s, path, &m);
	if (di.st.st_dev != dst->st_dev && fd_on_pseudo_fs(fd)) {
		close(fd);
		return;
	}
	dir_nosuid(fd, &di, dinfo);
	if (!enqueue(s, fd, path, &di))
		walk_dir(s, fd, path, &di);
}

/*
 * Entries are read with getdents64() into a buffer of this size, not
 * through a DIR: fdopendir() would fstat() and fcntl() every directory
 * first, two calls per directory that the walk does not need (the
 * directory was opened O_DIRECTORY and stat()ed by its parent).
 */
#define DENTS_BUF	32768

/* Walk the directory open at @dfd; closes @dfd. */
static void walk_dir(struct scan *s, int dfd, const char *path,
		     const struct dir_info *di)
{
	struct dirent64 *d;
	struct meta m = {
		.fd = -1,
		.parent_mode = di->st.st_mode, .parent_known = true,
		.nosuid = di->nosuid, .nosuid_known = di->nosuid_known,
	};
	size_t dlen = strlen(path), nlen;
	ssize_t got = 0, off = 0;
	char *child, *buf;

	__atomic_add_fetch(&s->dirs, 1, __ATOMIC_RELAXED);
	buf = xmalloc(DENTS_BUF);
	/* One buffer for every child's full name: "path/" + NAME_MAX. */
	child = xmalloc(dlen + NAME_MAX + 2);
	memcpy(child, path, dlen);
	if (!dlen || path[dlen - 1] != '/')
		child[dlen++] = '/';
	while (!*s->intr) {
		if (off >= got) {
			got = getdents64(dfd, buf, DENTS_BUF);
			/*
			 * ENOENT: the directory was removed while it was
			 * read, which ends it, as readdir(3) has it.
			 */
			if (got <= 0) {
				if (got < 0 && errno != ENOENT)
					scan_fail(s, path, errno,
						  "cannot read directory");
				break;
			}
			off = 0;
		}
		d = (struct dirent64 *)(buf + off);
		off += d->d_reclen;
		if (d->d_name[0] == '.' && (!d->d_name[1] ||
		    (d->d_name[1] == '.' && !d->d_name[2])))
			continue;
		nlen = strnlen(d->d_name, NAME_MAX);
		memcpy(child + dlen, d->d_name, nlen);
		child[dlen + nlen] = '\0';
		walk_child(s, dfd, child, di, &m, d->d_name, d->d_type);
	}
	free(child);
	free(buf);
	forget_dir(dfd);
	close(dfd);
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
	struct dir_info di, top;
	struct stat *st = &di.st;
	struct meta m = { .st = st, .fd = -1 };
	bool follow = false;
	int fd;

	if (lstat(path, st) < 0) {
		scan_fail(s, path, errno, "cannot scan");
		return;
	}
	if (S_ISLNK(st->st_mode) && stat(path, st) == 0 &&
	    S_ISDIR(st->st_mode))
		follow = true;
	else if (lstat(path, st) < 0)
		st->st_mode = S_IFLNK;
	m.parent_known = operand_parent(path, &m.parent_mode);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY |
		  (follow ? 0 : O_NOFOLLOW) |
		  (S_ISDIR(st->st_mode) ? O_DIRECTORY : O_PATH));
	if (fd >= 0)
		m.nosuid = fd_nosuid(fd, &m.nosuid_known);
	if (!follow)
		probe(s, path, &m);
	if (fd < 0) {
		if (S_ISDIR(st->st_mode))
			scan_fail(s, path, errno, "cannot open directory");
		return;
	}
	if (!S_ISDIR(st->st_mode)) {
		close(fd);
		return;
	}
	/* its mount, for its subdirectories to compare theirs with */
	if (stat_mnt(fd, "", AT_EMPTY_PATH, &top) == 0) {
		di.mnt = top.mnt;
		di.mnt_known = top.mnt_known;
	} else {
		di.mnt_known = false;
	}
	di.nosuid = m.nosuid;
	di.nosuid_known = m.nosuid_known;
	if (!enqueue(s, fd, path, &di))
		close(fd);
}

static void hash_entries(struct scan *s)
{
	struct stat st;
	size_t i;
	int fd, ret;

	for (i = 0; i < s->n && !*s->intr; i++) {
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
			scan_fail(s, e->path, errno, "cannot open for hashing");
			continue;
		}
		/* the content of the very file whose value was read, or none */
		if (fstat(fd, &st) || st.st_dev != e->dev ||
		    st.st_ino != e->ino) {
			close(fd);
			vanished(s, e->path);
			continue;
		}
		ret = sha256_fd(fd, e->sha256);
		close(fd);
		if (ret < 0) {
			scan_fail(s, e->path, -ret, "cannot hash");
			continue;
		}
		e->has_sha = true;
	}
}

/**
 * walk_scan() - collect the entries of mounted trees
 * @o:		the trees and how to walk them
 * @rep:	where damage goes (from the walker threads, one report at
 *		a time)
 * @v: @n:	entries are appended here (each @path malloc()ed)
 * @intr:	set (by a signal handler) to stop early
 *
 * Reports to @rep what cannot be read, and as notes the names that
 * vanished during the scan; with @o->hash, hashes every regular file
 * with a value.
 *
 * Return: 0, or -EIO when anything could not be read (each reported).
 */
int walk_scan(const struct walk_opts *o, const struct fsck_report *rep,
	      struct entry **v, size_t *n, volatile sig_atomic_t *intr)
{
	struct scan s = {
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.cond = PTHREAD_COND_INITIALIZER,
		.pcond = PTHREAD_COND_INITIALIZER,
		.v = *v, .n = *n, .cap = *n,
		.cross = o->cross, .rep = rep, .intr = intr,
	};
	struct ticker tk = { .s = &s, .o = o };
	pthread_t prog;
	bool show;
	int i;

	show = o->progress && !pthread_create(&prog, NULL, progress, &tk);
	for (i = 0; i < o->nops && !*intr; i++) {
		do_scan(&s, o->ops[i]);
		run_pool(&s, o->jobs);
	}
	if (show) {
		pthread_mutex_lock(&s.lock);
		s.done = true;
		pthread_cond_broadcast(&s.pcond);
		pthread_mutex_unlock(&s.lock);
		pthread_join(prog, NULL);
	}
	if (o->hash)
		hash_entries(&s);
	*v = s.v;
	*n = s.n;
	return s.failed ? -EIO : 0;
}

static int mounted_open(void *opts, const struct fsck_report *rep,
			void **state)
{
	*state = opts;
	return 0;
}

static int mounted_scan(void *state, const struct fsck_report *rep,
			struct entry **v, size_t *n,
			volatile sig_atomic_t *intr)
{
	return walk_scan(state, rep, v, n, intr);
}

const struct source_ops mounted_source = {
	.name = "mounted", .offline = false,
	.open = mounted_open, .scan = mounted_scan,
};
