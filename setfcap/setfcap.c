// SPDX-License-Identifier: GPL-2.0-only
/*
 * setfcap - set, remove or verify the file capabilities of files
 *
 * usage: setfcap [-fhqv] [-n rootid] [--] (-r|-|caps) file [...]
 *        setfcap [-fqv] [--dry-run] [--fallback-setuid] [-n rootid]
 *                [--root dir] --manifest file|-
 *
 * Command-line compatible with libcap's setcap: CAPS FILE pairs, where CAPS
 * is a cap_from_text(3) text, "-r" (remove) or "-" (read the text from
 * standard input); -q, -v, -n, -f and --fallback-setuid may appear before
 * any pair and apply to the pairs after them.  Unlike setcap, every
 * operand is parsed and every file opened and checked before anything is
 * written, and a failed write puts back the files already changed in this
 * run.  With --root, the manifest's paths are looked up under another root
 * directory, which no symbolic link or ".." leads out of.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fcap.h"
#include "manifest.h"
#include "tools.h"
#include "version.h"

#define EXIT_USAGE	2
#define EXIT_PARTIAL	3	/* failed, and a roll back failed too */

/*
 * What went wrong with an op, or what --fallback-setuid did to it.  The
 * open and write passes may run on several threads (run_pass()); they
 * record the outcome in the op, and report_open() and report_write()
 * say it afterwards, in operand order.
 */
enum step {
	STEP_OK,
	STEP_OPEN,		/* open or fstat failed: cannot VERB */
	STEP_TYPE,		/* not a regular file */
	STEP_STALE,		/* changed while being checked */
	STEP_READ,		/* the current value cannot be read */
	STEP_WRITE,		/* the write failed: cannot VERB */
	STEP_FB_STAT,		/* --fallback-setuid: fstat failed */
	STEP_FB_OWNER,		/* --fallback-setuid: not owned by root */
	STEP_FB_CHMOD,		/* --fallback-setuid: fchmod failed */
	STEP_FB_DONE,		/* --fallback-setuid: set-uid instead */
};

struct op {
	const char *path;
	char *text;		/* as given, for messages */
	bool remove;
	/* the options as they stood when the operand was parsed */
	bool verify;
	bool quiet;
	bool if_present;
	bool fallback_setuid;
	struct fcap_value val;
	unsigned char buf[FCAP_SIZE_MAX];
	int len;		/* encoded length of @val */
	int fd;
	dev_t dev;
	ino_t ino;
	unsigned char *old;	/* value before this run */
	ssize_t old_len;	/* -1: no value */
	bool old_bad;		/* a value the kernel refuses to return */
	mode_t old_mode;
	bool chmodded;		/* --fallback-setuid set S_ISUID instead */
	struct op *prev;	/* the op before this one on the same inode */
	bool skip;		/* nothing to do (already right) */
	bool written;
	enum step err_step;	/* what failed for this op, reported later */
	int err;		/* and its errno */
};

static struct op *ops;
static size_t nops, ops_room;
/* index of the last op parse_caps() parsed (ops moves on realloc) */
static size_t last_parsed = SIZE_MAX;
static bool quiet, verify, if_present, dry_run, fallback_setuid;
static bool has_rootid;
static uint32_t rootid;
static int root_fd = -1;	/* --root: the directory paths resolve in */

static void usage(FILE *f, int status)
{
	fprintf(f,
		"usage: setfcap [-fhqv] [-n rootid] [--] (-r|-|caps) file [... (-r|-|caps) file]\n"
		"       setfcap [-fqv] [--dry-run] [--fallback-setuid] [-n rootid] [--root dir] --manifest file|-\n");
	if (f == stdout) {
		fprintf(f,
			"\n"
			"  caps          a cap_from_text(3) text, e.g. cap_net_raw+ep\n"
			"  -r            remove the capabilities of file\n"
			"  -             read the caps text from standard input\n"
			"  -f, --if-present  -r on a file without capabilities is not an error\n"
			"  -h, --help    this message\n"
			"  -n, --rootid rootid\n"
			"                write a v3 value for the user namespace whose root is rootid\n"
			"  -q, --quiet   quiet: no prompt, no verify output\n"
			"  -v, --verify  verify the files carry caps instead of setting them\n"
			"  --manifest F  apply lines \"caps path\" from F (- for stdin)\n"
			"  --root DIR    look the manifest's paths up inside DIR\n"
			"  --dry-run     print what would change, change nothing\n"
			"  --fallback-setuid  where the file system cannot store\n"
			"                capabilities, make a root-owned file set-uid\n"
			"  --license     print the license\n"
			"  --version     print the fcaps version\n");
	}
	if (fflush(f) == EOF)
		status = 1;
	exit(status);
}

static struct op *new_op(void)
{
	struct op *o;

	if (nops == ops_room) {
		ops_room = ops_room ? ops_room * 2 : 16;
		ops = xreallocarray(ops, ops_room, sizeof(*ops));
	}
	o = &ops[nops++];
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->old_len = -1;
	return o;
}

/* Read a caps text from stdin: lines up to an empty line or end of file. */
static char *read_stdin_text(void)
{
	char *line = NULL, *all = NULL;
	size_t cap = 0, len = 0;
	ssize_t n;

	if (!quiet)
		fprintf(stderr, "Please enter caps for file [empty line to end]:\n");
	while ((n = getline(&line, &cap, stdin)) > 0) {
		char *p;

		if (line[0] == '\n')
			break;
		p = xreallocarray(all, len + n + 1, 1);
		all = p;
		memcpy(all + len, line, n);
		len += n;
		all[len] = '\0';
	}
	free(line);
	if (ferror(stdin))
		err(1, "standard input");
	return all;
}

/*
 * parse_caps() - turn one CAPS operand into an op.  Return 0, or -1 after
 * saying what is wrong with the text, after @where ("manifest:line: ", or
 * "" for an operand).
 */
static int parse_caps(struct op *o, const char *caps, bool line_rootid,
		      uint32_t line_id, const char *where)
{
	struct fcap_text_error te;
	bool want_rootid = line_rootid || has_rootid;
	uint32_t id = line_rootid ? line_id : rootid;
	int ret;

	o->verify = verify;
	o->quiet = quiet;
	o->if_present = if_present;
	o->fallback_setuid = fallback_setuid;
	if (!strcmp(caps, "-r")) {
		o->remove = true;
		o->text = xstrdup("-r");
	} else if (!strcmp(caps, "-")) {
		o->text = read_stdin_text();
		if (!o->text) {
			warnx("%sno capability text on standard input", where);
			return -1;
		}
	} else {
		o->text = xstrdup(caps);
	}
	if (o->remove) {
		if (want_rootid)
			o->val.rootid = id;
		return 0;
	}
	/* manifests repeat texts: reuse the last parse (rootid aside) */
	if (last_parsed < nops && !strcmp(ops[last_parsed].text, o->text)) {
		o->val = ops[last_parsed].val;
		ret = 0;
	} else {
		ret = fcap_from_text(o->text, &o->val, &te);
	}
	if (ret) {
		if (te.name)
			warnx("%sinvalid capability text '%s': '%s' at character %zu: %s",
			      where, o->text, te.name, te.offset + 1,
			      te.reason);
		else if (te.clause && strcmp(te.clause, o->text))
			warnx("%sinvalid capability text '%s': at '%s': %s",
			      where, o->text, te.clause,
			      te.reason ? te.reason : strerror(-ret));
		else
			warnx("%sinvalid capability text '%s': %s", where,
			      o->text, te.reason ? te.reason : strerror(-ret));
		fcap_text_error_free(&te);
		return -1;
	}
	if (want_rootid) {
		o->val.rev = 3;
		o->val.has_rootid = true;
		o->val.rootid = id;
	} else {
		o->val.rev = 2;
		o->val.has_rootid = false;
		o->val.rootid = 0;
	}
	o->len = fcap_encode(&o->val, o->buf, sizeof(o->buf));
	if (o->len < 0) {
		warnx("%scannot encode '%s': %s", where, o->text,
		      strerror(-o->len));
		return -1;
	}
	last_parsed = o - ops;
	return 0;
}

static int parse_rootid(const char *s)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || n == 0 ||
	    n >= 0xffffffffUL) {
		warnx("invalid rootid '%s': want a uid from 1 to 4294967294", s);
		return -1;
	}
	has_rootid = true;
	rootid = (uint32_t)n;
	return 0;
}

static const char *type_name(mode_t m)
{
	if (S_ISLNK(m))
		return "a symbolic link";
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISSOCK(m))
		return "a socket";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	return "not a regular file";
}

/*
 * Read the current value through the descriptor; -1 and errno on error.
 * A value the kernel will not return (unreadable or oversized) is
 * @old_bad: overwriting it is the fix; a roll back stores a zero-length
 * one.
 */
static int read_old(struct op *o)
{
	struct fcap_read r;
	int ret;

	ret = fcap_read_fd(o->fd, 0, &r);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	o->old_len = -1;
	if (r.state == FCAP_READ_NONE)
		return 0;
	o->old = xmalloc(r.len);
	o->old_len = r.len;
	if (r.state == FCAP_READ_VALUE)
		memcpy(o->old, r.raw, r.len);
	else
		o->old_bad = true;
	return 0;
}

#define WALK_MAX_LINKS	40	/* as the kernel's MAXSYMLINKS */

/*
 * walk_in_root() - open @path under root_fd one component at a time, for
 * kernels without openat2(): "/" and ".." at the top stay at root_fd,
 * and a symbolic link on the way is read and followed as text, relative
 * to root_fd when absolute; the last component is opened with @flags
 * and O_NOFOLLOW.  Every directory is held open, so ".." goes back to
 * the very directory it came from, never up through the kernel.
 */
static int walk_in_root(const char *path, int flags)
{
	size_t depth = 0, room = 16, len;
	int *dirs = xcalloc(room, sizeof(*dirs));
	char *todo = xstrdup(path), *name, *rest, *more;
	char link[PATH_MAX];
	unsigned int links = 0;
	struct stat st;
	int fd = -1, e = 0;
	ssize_t n;

	dirs[0] = root_fd;
	for (rest = todo; rest;) {
		name = rest + strspn(rest, "/");
		rest = strchr(name, '/');
		if (rest)
			*rest++ = '\0';
		if (rest && !rest[strspn(rest, "/")])
			rest = NULL;	/* a trailing slash */
		if (!*name || !strcmp(name, ".")) {
			if (!rest) {
				fd = openat(dirs[depth], ".",
					    flags | O_NOFOLLOW | O_CLOEXEC);
				e = errno;
			}
			continue;
		}
		if (!strcmp(name, "..")) {
			if (depth)
				close(dirs[depth--]);
			if (!rest) {
				fd = openat(dirs[depth], ".",
					    flags | O_NOFOLLOW | O_CLOEXEC);
				e = errno;
			}
			continue;
		}
		fd = openat(dirs[depth], name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st)) {
			e = errno;
			if (fd >= 0)
				close(fd);
			fd = -1;
			break;
		}
		if (S_ISLNK(st.st_mode) && rest) {
			n = readlinkat(fd, "", link, sizeof(link) - 1);
			close(fd);
			fd = -1;
			if (n < 0 || ++links > WALK_MAX_LINKS) {
				e = n < 0 ? errno : ELOOP;
				break;
			}
			link[n] = '\0';
			if (link[0] == '/')
				while (depth)
					close(dirs[depth--]);
			len = strlen(link) + strlen(rest) + 2;
			more = xmalloc(len);
			snprintf(more, len, "%s/%s", link, rest);
			free(todo);
			todo = rest = more;
			continue;
		}
		if (!rest) {
			if (!(flags & O_PATH)) {
				close(fd);
				fd = openat(dirs[depth], name,
					    flags | O_NOFOLLOW | O_CLOEXEC);
				e = errno;
			}
			break;
		}
		if (!S_ISDIR(st.st_mode)) {
			close(fd);
			fd = -1;
			e = ENOTDIR;
			break;
		}
		if (depth + 1 == room) {
			room *= 2;
			dirs = xreallocarray(dirs, room, sizeof(*dirs));
		}
		dirs[++depth] = fd;
		fd = -1;
	}
	while (depth)
		close(dirs[depth--]);
	free(dirs);
	free(todo);
	if (fd < 0)
		errno = e ? e : ENOENT;
	return fd;
}

/*
 * open_path() - open @path (with O_NOFOLLOW and @flags), under --root
 * when given: through openat2(RESOLVE_IN_ROOT), which resolves symbolic
 * links and ".." as if root_fd were "/", or walk_in_root() where the
 * kernel has no openat2().
 */
static int open_path(const char *path, int flags)
{
	struct open_how how = {
		.flags = (uint64_t)(flags | O_NOFOLLOW | O_CLOEXEC),
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	long fd;

	if (root_fd < 0)
		return open(path, flags | O_NOFOLLOW | O_CLOEXEC);
	fd = syscall(SYS_openat2, root_fd, path, &how, sizeof(how));
	if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
		return (int)fd;
	return walk_in_root(path, flags);
}

static const char *verb(const struct op *o)
{
	return o->verify ? "verify" : o->remove ? "remove" : "set";
}

/*
 * reopen() - a readable descriptor for the file behind the O_PATH
 * descriptor @pfd.  Through /proc/self/fd the kernel reopens that very
 * inode: no path lookup, so nothing can be swapped in.  Without /proc,
 * open the path again and make sure it is still the same file.
 */
static int reopen(const char *path, int pfd, const struct stat *st)
{
	const int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	char self[40];
	struct stat fs;
	int fd;

	snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
	fd = open(self, flags);
	if (fd >= 0 || errno != ENOENT)
		return fd;
	fd = open_path(path, flags);
	if (fd < 0)
		return -1;
	if (fstat(fd, &fs) || fs.st_dev != st->st_dev ||
	    fs.st_ino != st->st_ino) {
		close(fd);
		errno = ESTALE;
		return -1;
	}
	return fd;
}

/* Record what failed for @o (@what, errno @e); always -1. */
static int fail(struct op *o, enum step what, int e)
{
	o->err_step = what;
	o->err = e;
	return -1;
}

/*
 * do_open() - open and check one file: no symlink, directory, FIFO,
 * socket or device.  The file is first pinned with O_PATH, which opens
 * nothing (no FIFO wait, no driver), and only a regular file is reopened
 * for real.  Prints nothing: report_open() says what failed.
 */
static int do_open(struct op *o)
{
	struct stat st;
	int pfd;

	pfd = open_path(o->path, O_PATH);
	if (pfd < 0)
		return fail(o, STEP_OPEN, errno);
	if (fstat(pfd, &st)) {
		fail(o, STEP_OPEN, errno);
		close(pfd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		fail(o, STEP_TYPE, 0);
		o->old_mode = st.st_mode;
		close(pfd);
		return -1;
	}
	o->fd = reopen(o->path, pfd, &st);
	if (o->fd < 0)
		fail(o, errno == ESTALE ? STEP_STALE : STEP_OPEN, errno);
	close(pfd);
	if (o->fd < 0)
		return -1;
	o->dev = st.st_dev;
	o->ino = st.st_ino;
	o->old_mode = st.st_mode & 07777;
	if (read_old(o))
		return fail(o, STEP_READ, errno);
	return 0;
}

static void report_open(const struct op *o)
{
	errno = o->err;
	switch (o->err_step) {
	case STEP_OPEN:
		warn("%s: cannot %s capabilities", o->path, verb(o));
		break;
	case STEP_TYPE:
		warnx("%s: refusing %s: only regular files carry capabilities",
		      o->path, type_name(o->old_mode));
		break;
	case STEP_STALE:
		warnx("%s: file changed while being checked", o->path);
		break;
	case STEP_READ:
		warn("%s: cannot read capabilities", o->path);
		break;
	default:
		break;
	}
}

/* The value @o's file will have when op @o runs: NULL/-1 for none. */
static ssize_t state_before(struct op *o, const unsigned char **val)
{
	struct op *p;

	for (p = o->prev; p; p = p->prev) {
		if (p->verify || p->skip)
			continue;
		*val = p->remove ? NULL : p->buf;
		return p->remove ? -1 : p->len;
	}
	*val = o->old;
	return o->old_len;
}

static int do_verify(struct op *o)
{
	const unsigned char *cur;
	ssize_t n = state_before(o, &cur);
	struct fcap_value fv, want = o->val;
	uint32_t want_rootid = o->val.rootid;	/* -n as it stood, as setcap */
	uint64_t fe, we;
	bool same;

	memset(&fv, 0, sizeof(fv));
	if (n >= 0 && fcap_decode(cur, n, &fv) && fv.rev == 0) {
		if (!o->quiet)
			printf("%s differs in [pie] (unreadable value)\n",
			       o->path);
		return -1;
	}
	if (o->remove)
		memset(&want, 0, sizeof(want));
	fe = fv.effective ? fv.permitted | fv.inheritable : 0;
	we = want.effective ? want.permitted | want.inheritable : 0;
	same = fv.permitted == want.permitted &&
	       fv.inheritable == want.inheritable && fe == we &&
	       fv.rootid == want_rootid;
	if (same) {
		if (!o->quiet)
			printf("%s: OK\n", o->path);
		return 0;
	}
	if (!o->quiet) {
		if (fv.rootid != want_rootid)
			printf("nsowner[got=%u, want=%u],", fv.rootid,
			       want_rootid);
		printf("%s differs in [%s%s%s]\n", o->path,
		       fv.permitted != want.permitted ? "p" : "",
		       fv.inheritable != want.inheritable ? "i" : "",
		       fe != we ? "e" : "");
	}
	return -1;
}

static int by_inode(const void *a, const void *b)
{
	const struct op *x = *(struct op * const *)a;
	const struct op *y = *(struct op * const *)b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Chain the ops that name the same file (any path), in operand order. */
static void link_same_inode(void)
{
	struct op **v = xcalloc(nops, sizeof(*v));
	size_t i;

	for (i = 0; i < nops; i++)
		v[i] = &ops[i];
	qsort(v, nops, sizeof(*v), by_inode);
	for (i = 1; i < nops; i++)
		if (v[i]->dev == v[i - 1]->dev && v[i]->ino == v[i - 1]->ino)
			v[i]->prev = v[i - 1];
	free(v);
}

/* do_check() - everything short of writing, for one opened op. */
static int do_check(struct op *o)
{
	const unsigned char *cur;
	ssize_t n;

	if (o->verify)
		return do_verify(o);
	n = state_before(o, &cur);
	if (o->remove && n < 0) {
		if (o->if_present) {
			o->skip = true;
			return 0;
		}
		warnx("%s: has no capabilities to remove", o->path);
		return -1;
	}
	return 0;
}

/*
 * fallback() - the file system cannot store the value: make the file
 * set-uid root instead, as Debian postinst scripts do (report_write()
 * says so).
 */
static int fallback(struct op *o)
{
	struct stat st;

	if (fstat(o->fd, &st))
		return fail(o, STEP_FB_STAT, errno);
	if (st.st_uid != 0)
		return fail(o, STEP_FB_OWNER, 0);
	if (fchmod(o->fd, (st.st_mode & 07777) | S_ISUID))
		return fail(o, STEP_FB_CHMOD, errno);
	o->chmodded = true;
	o->err_step = STEP_FB_DONE;
	return 0;
}

/* Write op @o; prints nothing: report_write() says what happened. */
static int do_write(struct op *o)
{
	int ret;

	if (o->remove)
		ret = fremovexattr(o->fd, FCAP_XATTR_NAME);
	else
		ret = fsetxattr(o->fd, FCAP_XATTR_NAME, o->buf, o->len, 0);
	if (ret && !o->remove && o->fallback_setuid &&
	    (errno == ENOTSUP || errno == EOPNOTSUPP))
		return fallback(o);
	if (ret) {
		if (o->remove && errno == ENODATA && o->if_present)
			return 0;
		return fail(o, STEP_WRITE, errno);
	}
	o->written = true;
	return 0;
}

static void report_write(const struct op *o)
{
	errno = o->err;
	switch (o->err_step) {
	case STEP_WRITE:
		warn("%s: cannot %s capabilities", o->path, verb(o));
		break;
	case STEP_FB_STAT:
		warn("%s", o->path);
		break;
	case STEP_FB_OWNER:
		warnx("%s: cannot store capabilities and not owned by root: refusing --fallback-setuid",
		      o->path);
		break;
	case STEP_FB_CHMOD:
		warn("%s: cannot set the set-uid bit", o->path);
		break;
	case STEP_FB_DONE:
		warnx("%s: file system cannot store capabilities: set-uid root instead (it runs with all of root's privileges)",
		      o->path);
		break;
	default:
		break;
	}
}

/*
 * Put back every file this run changed, newest change first, and say what
 * that did; when nothing had been changed, the failure already said all
 * there is.  Return the number of changes that could not be undone.
 */
static size_t roll_back(void)
{
	size_t i, n = 0, bad = 0;
	int ret;

	for (i = nops; i-- > 0;) {
		struct op *o = &ops[i];

		if (o->chmodded) {
			ret = fchmod(o->fd, o->old_mode);
			if (ret) {
				warn("%s: cannot restore mode", o->path);
				bad++;
			} else {
				n++;
			}
			continue;
		}
		if (!o->written)
			continue;
		if (o->old_len < 0) {
			ret = fremovexattr(o->fd, FCAP_XATTR_NAME);
			if (ret && errno == ENODATA)
				ret = 0;
		} else {
			ret = fsetxattr(o->fd, FCAP_XATTR_NAME, o->old,
					o->old_len, 0);
		}
		if (ret) {
			warn("%s: cannot restore previous capabilities",
			     o->path);
			bad++;
		} else {
			n++;
		}
	}
	if (bad && n)
		warnx("rolled back %zu change(s); %zu could not be undone",
		      n, bad);
	else if (bad)
		warnx("%zu change(s) could not be undone", bad);
	else if (n)
		warnx("rolled back %zu change(s): no file was changed", n);
	return bad;
}

/* Skip an op whose file already carries exactly the wanted bytes. */
static void skip_if_right(struct op *o)
{
	const unsigned char *cur;
	ssize_t n;

	if (o->verify || o->remove || o->skip)
		return;
	n = state_before(o, &cur);
	if (n == o->len && !o->old_bad && !memcmp(cur, o->buf, n))
		o->skip = true;
}

struct manifest_state {
	const char *name;
	unsigned long bad;	/* lines refused */
};

static void manifest_entry(void *priv, unsigned long lineno,
			   const struct fcap_manifest_entry *e)
{
	struct manifest_state *m = priv;
	struct op *o = new_op();
	char *where;

	o->path = xstrdup(e->path);
	if (asprintf(&where, "%s:%lu: ", m->name, lineno) < 0)
		err(1, NULL);
	if (parse_caps(o, e->caps, e->has_rootid, e->rootid, where))
		m->bad++;
	free(where);
}

static void manifest_bad(void *priv, unsigned long lineno, int err)
{
	struct manifest_state *m = priv;

	warnx("%s:%lu: %s", m->name, lineno, fcap_manifest_strerror(err));
	m->bad++;
}

static int read_manifest(const char *name)
{
	struct manifest_state m = { .name = name };
	const struct manifest_cb cb = {
		.entry = manifest_entry,
		.bad = manifest_bad,
		.priv = &m,
	};
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	int ret;

	if (!f) {
		warn("%s", name);
		return -1;
	}
	ret = fcap_manifest_read(f, &cb);
	if (f != stdin)
		fclose(f);
	if (ret) {
		errno = -ret;
		warn("%s", name);
		return -1;
	}
	if (m.bad)
		warnx("%s: %lu line%s refused: nothing applied, no file was changed",
		      name, m.bad, m.bad == 1 ? "" : "s");
	return m.bad ? -1 : 0;
}

/*
 * Like setcap: a caller holding CAP_SETFCAP in its permitted set only
 * (capsh, a service's AmbientCapabilities=) gets it raised to effective.
 */
static void raise_setfcap(void)
{
	cap_value_t v = CAP_SETFCAP;
	cap_flag_value_t have;
	cap_t c = cap_get_proc();

	if (!c)
		return;
	if (!cap_get_flag(c, CAP_SETFCAP, CAP_PERMITTED, &have) &&
	    have == CAP_SET &&
	    !cap_get_flag(c, CAP_SETFCAP, CAP_EFFECTIVE, &have) &&
	    have != CAP_SET &&
	    !cap_set_flag(c, CAP_EFFECTIVE, 1, &v, CAP_SET))
		cap_set_proc(c);
	cap_free(c);
}

/*
 * Batches of at least PAR_MIN files are opened and written by one thread
 * per CPU (at most PAR_THREADS): the checks and the writes are system
 * calls on independent files.  Smaller batches run on the main thread
 * alone, through the same code.
 */
#define PAR_MIN		256
#define PAR_THREADS	8
#define PAR_CHUNK	64

/*
 * One pass of @fn over the ops.  By chunks, any thread takes the next
 * PAR_CHUNK ops; @by_inode, thread k takes the ops (to write) whose inode
 * falls in part k, in operand order, so that ops on one file run in the
 * order given, and every thread stops once one op fails.
 */
struct pass {
	int (*fn)(struct op *o);
	unsigned int nthreads;
	bool by_inode;
	size_t next;
	bool stop;
};

struct pass_part {
	struct pass *p;
	unsigned int k;
	pthread_t t;
};

static unsigned int pass_threads(void)
{
	long n;

	if (nops < PAR_MIN)
		return 1;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > PAR_THREADS ? PAR_THREADS : n;
}

static void *pass_run(void *arg)
{
	const struct pass_part *pp = arg;
	struct pass *p = pp->p;
	size_t i, end;

	if (p->by_inode) {
		for (i = 0; i < nops; i++) {
			struct op *o = &ops[i];

			if (__atomic_load_n(&p->stop, __ATOMIC_RELAXED))
				break;
			if (o->verify || o->skip ||
			    (o->dev ^ o->ino) % p->nthreads != pp->k)
				continue;
			if (p->fn(o))
				__atomic_store_n(&p->stop, true,
						 __ATOMIC_RELAXED);
		}
		return NULL;
	}
	while ((i = __atomic_fetch_add(&p->next, PAR_CHUNK,
				       __ATOMIC_RELAXED)) < nops) {
		end = nops - i > PAR_CHUNK ? i + PAR_CHUNK : nops;
		for (; i < end; i++)
			p->fn(&ops[i]);
	}
	return NULL;
}

/* Run @p on its threads, the caller's included; parts left over too. */
static void run_pass(struct pass *p)
{
	struct pass_part pp[PAR_THREADS];
	unsigned int k, started;

	p->next = 0;
	p->stop = false;
	for (k = 0; k < PAR_THREADS; k++) {
		pp[k].p = p;
		pp[k].k = k;
	}
	for (started = 1; started < p->nthreads; started++)
		if (pthread_create(&pp[started].t, NULL, pass_run,
				   &pp[started]))
			break;
	pass_run(&pp[0]);
	for (k = started; k < p->nthreads && p->by_inode; k++)
		pass_run(&pp[k]);
	for (k = 1; k < started; k++)
		pthread_join(pp[k].t, NULL);
}

/*
 * Growing the descriptor table while threads share it waits for an RCU
 * grace period each time (expand_fdtable()): grow it once, up front, to
 * hold one descriptor per file.
 */
static void reserve_fds(size_t n)
{
	struct rlimit rl;
	int fd;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur < 2)
		return;
	if (n >= rl.rlim_cur)
		n = rl.rlim_cur - 1;
	fd = open("/", O_PATH | O_CLOEXEC);
	if (fd < 0)
		return;
	if (dup2(fd, (int)n) >= 0)
		close((int)n);
	close(fd);
}

static int close_op(struct op *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	return 0;
}

static int do_apply(bool manifest)
{
	struct pass p = { .fn = do_open, .nthreads = pass_threads() };
	size_t i;
	int bad = 0;

	/* every file stays open until the end */
	raise_fd_limit();
	if (p.nthreads > 1)
		reserve_fds(nops + 2 * p.nthreads + 16);
	run_pass(&p);
	for (i = 0; i < nops; i++) {
		if (ops[i].err_step != STEP_OK) {
			report_open(&ops[i]);
			bad = 1;
		}
	}
	if (bad)
		return 1;
	link_same_inode();
	for (i = 0; i < nops; i++)
		if (do_check(&ops[i]))
			bad = 1;
	if (bad)
		return 1;
	if (manifest)
		for (i = 0; i < nops; i++)
			skip_if_right(&ops[i]);
	if (dry_run) {
		for (i = 0; i < nops; i++) {
			struct op *o = &ops[i];

			if (o->verify || o->skip)
				continue;
			printf("%s: would %s %s\n", o->path,
			       o->remove ? "remove" : "set",
			       o->remove ? "capabilities" : o->text);
		}
		return 0;
	}
	/* before the writers start: they inherit the raised set */
	raise_setfcap();
	p.fn = do_write;
	p.by_inode = true;
	run_pass(&p);
	for (i = 0; i < nops; i++) {
		if (ops[i].err_step == STEP_OK)
			continue;
		report_write(&ops[i]);
		if (ops[i].err_step != STEP_FB_DONE)
			bad = 1;
	}
	if (bad)
		return roll_back() ? EXIT_PARTIAL : 1;
	/* the files' last references go on every thread, not at exit */
	if (p.nthreads > 1) {
		p.fn = close_op;
		p.by_inode = false;
		run_pass(&p);
	}
	return 0;
}

/* A bundle of flag letters, "-qv": every letter must be one of fhqv. */
static bool flag_bundle(const char *arg)
{
	return arg[0] == '-' && arg[1] && arg[1] != '-' &&
	       strspn(arg + 1, "fhqv") == strlen(arg + 1);
}

/*
 * option() - one option, setcap style: options may come first and may sit
 * between pairs, applying to the pairs after them.  Return 1 if argv[*i]
 * was an option (and *i advanced past its argument), 0 if it is an operand.
 */
static int option(int argc, char **argv, int *i, const char **manifest,
		  const char **root)
{
	const char *arg = argv[*i], *val = NULL;
	const char *p;

	if (!strcmp(arg, "-n") || !strcmp(arg, "--rootid") ||
	    !strcmp(arg, "--manifest") || !strcmp(arg, "--root")) {
		if (*i + 1 >= argc) {
			warnx("option %s needs an argument", arg);
			usage(stderr, EXIT_USAGE);
		}
		val = argv[++*i];
	} else if (!strncmp(arg, "-n", 2)) {
		val = arg + 2;
	} else if (!strncmp(arg, "--rootid=", 9) ||
		   !strncmp(arg, "--manifest=", 11) ||
		   !strncmp(arg, "--root=", 7)) {
		val = strchr(arg, '=') + 1;
	}
	if (val) {
		if (!strncmp(arg, "--root", 6) &&
		    (arg[6] == '\0' || arg[6] == '=')) {
			*root = val;
		} else if (arg[1] == 'n' || arg[2] == 'r') {
			if (parse_rootid(val))
				usage(stderr, EXIT_USAGE);
		} else {
			*manifest = val;
		}
		return 1;
	}
	if (!strcmp(arg, "--help"))
		usage(stdout, 0);
	if (!strcmp(arg, "--if-present")) {
		if_present = true;
	} else if (!strcmp(arg, "--quiet")) {
		quiet = true;
	} else if (!strcmp(arg, "--verify")) {
		verify = true;
	} else if (!strcmp(arg, "--fallback-setuid")) {
		fallback_setuid = true;
	} else if (!strcmp(arg, "--dry-run")) {
		dry_run = true;
	} else if (!strcmp(arg, "--version")) {
		printf("setfcap (fcaps) %s\n", FCAPS_VERSION);
		exit(fflush(stdout) == EOF);
	} else if (!strcmp(arg, "--license")) {
		printf("setfcap: GPL-2.0-only, part of fcaps\n");
		exit(fflush(stdout) == EOF);
	} else if (flag_bundle(arg)) {
		for (p = arg + 1; *p; p++) {
			if (*p == 'f')
				if_present = true;
			else if (*p == 'h')
				usage(stdout, 0);
			else if (*p == 'q')
				quiet = true;
			else
				verify = true;
		}
	} else if (!strncmp(arg, "--", 2) && arg[2]) {
		warnx("unknown option '%s'", arg);
		usage(stderr, EXIT_USAGE);
	} else {
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	const char *manifest = NULL, *root = NULL;
	bool dashdash = false, bad = false;
	int i, status;

	for (i = 1; i < argc; i++) {
		struct op *o;

		if (!dashdash && !strcmp(argv[i], "--")) {
			dashdash = true;
			continue;
		}
		if (!dashdash && option(argc, argv, &i, &manifest, &root))
			continue;
		if (manifest) {
			warnx("--manifest takes no other operands");
			usage(stderr, EXIT_USAGE);
		}
		if (i + 1 >= argc) {
			warnx("'%s': missing file operand", argv[i]);
			usage(stderr, EXIT_USAGE);
		}
		o = new_op();
		if (parse_caps(o, argv[i], false, 0, ""))
			bad = true;
		o->path = argv[++i];
	}
	if (manifest) {
		if (nops) {
			warnx("--manifest takes no other operands");
			usage(stderr, EXIT_USAGE);
		}
		if (read_manifest(manifest))
			bad = true;
	} else if (!nops) {
		usage(stderr, EXIT_USAGE);
	}
	if (root && !manifest) {
		warnx("--root goes with --manifest");
		usage(stderr, EXIT_USAGE);
	}
	if (root) {
		root_fd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (root_fd < 0)
			err(1, "%s", root);
	}
	if (bad) {
		/* read_manifest() said it for a manifest */
		if (!manifest)
			warnx("nothing applied, no file was changed");
		status = 1;
	} else {
		status = do_apply(manifest != NULL);
	}
	if (fflush(stdout) == EOF) {
		warn("standard output");
		status = 1;
	}
	return status;
}
