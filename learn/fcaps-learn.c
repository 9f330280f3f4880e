// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcaps-learn - which capabilities does this program need?  Learned from
 * the kernel's own checks, verified by replay, printed for setcap, a
 * manifest and the runtimes, and set if asked.
 *
 * usage: fcaps-learn [--apply] [--check command] [--same-output]
 *                    [--timeout seconds] --user user file -- command [arg ...]
 *
 * Every run happens in a private mount and PID namespace: a copy of FILE
 * on a private tmpfs is bind-mounted over FILE, carrying the value under
 * test (nothing on the host changes; when the namespace's first process
 * ends, everything the command left behind ends with it).  The command
 * runs as USER, stdin /dev/null, its output captured.
 *
 *  1. The learning run: the copy has no value and the command gets every
 *     capability as ambient capabilities, so each check the file's image
 *     makes is granted; fcaps-learn.bpf.c tallies them (lib/learn.h says
 *     which are candidates).
 *  2. Replays, as USER with no capabilities but the copy's value:
 *     the candidates +ep must give the learning run's exit status (and
 *     output with --same-output, and --check's success); each candidate
 *     is dropped in turn and goes if the run still gives the same; then
 *     +p without the effective flag is tried.
 *  3. The proposal is printed with the checks it rests on and the same
 *     grant for docker/podman, Kubernetes and systemd, each confirmed by
 *     getfcap --explain in that context on the copy; --apply sets it on
 *     FILE with setfcap --verify.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "fcap.h"
#include "learn.h"
#include "learn-abi.h"
#include "manifest.h"
#include "tools.h"
#include "version.h"
#include "fcaps-learn.skel.h"

#define EXIT_UNSUPPORTED 77	/* this kernel cannot show the checks */
#define OUTPUT_MAX	(1 << 20)

static const char *prog = "fcaps-learn";
static const char *file_arg;
static char *file;		/* realpath of FILE */
static char **cmd;
static const char *check_cmd;
static bool same_output, apply, verbose;
static unsigned int timeout_s = 60;
static struct passwd user;
static char tmpdir[] = "/tmp/fcaps-learn.XXXXXX";
static struct fcaps_learn_bpf *skel;
static struct fl_config conf;	/* the recorder's configuration */
static unsigned int replays;

/* What one run gave. */
struct result {
	int status;		/* wait status of the command */
	bool timed_out;
	bool check_ok;
	char *out;
	size_t out_len;
	bool out_cut;
};

static void usage(FILE *f, int status)
{
	fprintf(f,
		"usage: fcaps-learn [-v] [--apply] [--check command] [--same-output]\n"
		"                   [--timeout seconds] --user user file -- command [arg ...]\n");
	if (f == stdout)
		fputs("\n"
		      "Run COMMAND (which executes FILE) as USER with every capability, record\n"
		      "the capability checks FILE's image makes, and propose the least value,\n"
		      "verified by running COMMAND again with only that value.\n"
		      "  --apply            set the proposal on FILE (setfcap --verify)\n"
		      "  --check command    a shell command (run as root after each run)\n"
		      "                     that must succeed as after the learning run\n"
		      "  --same-output      a replay must print what the learning run printed\n"
		      "  --timeout seconds  each run's limit (default 60)\n"
		      "  --user user        who runs COMMAND (a name or uid)\n"
		      "  -v, --verbose      show each run's value, status and output\n", f);
	exit(status);
}

/* libbpf says why a load failed; the first mode's failure is expected */
static bool libbpf_quiet;

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (getenv("FCAPS_LEARN_DEBUG"))
		return vfprintf(stderr, fmt, ap);
	if (level != LIBBPF_WARN || libbpf_quiet)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

/* ---- the recorder --------------------------------------------------- */

/*
 * Functions whose checks are all no-audit, for the cap_capable
 * tracepoint, which has no opts: cap_vm_enough_memory() calls
 * cap_capable() itself at every mapping a process commits.
 */
static const char *const noaudit_fns[FL_NOAUDIT_FNS] = {
	"cap_vm_enough_memory", "security_vm_enough_memory_mm",
	"ns_capable_noaudit", "has_ns_capability_noaudit",
	"has_capability_noaudit", "file_ns_capable_noaudit",
};

/* fn_lo/fn_hi of noaudit_fns from /proc/kallsyms (sorted by address) */
static int noaudit_ranges(struct fl_config *c)
{
	char line[512], name[256];
	unsigned long long addr;
	int open_fn = -1;
	char type;
	FILE *f = fopen("/proc/kallsyms", "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned int i;

		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (open_fn >= 0 && addr > c->fn_lo[open_fn]) {
			c->fn_hi[open_fn] = addr;
			open_fn = -1;
		}
		if (!addr || c->nfns >= FL_NOAUDIT_FNS || (type != 't' && type != 'T'))
			continue;
		for (i = 0; i < FL_NOAUDIT_FNS; i++)
			if (!strcmp(name, noaudit_fns[i]))
				break;
		if (i == FL_NOAUDIT_FNS || open_fn >= 0)
			continue;
		open_fn = (int)c->nfns++;
		c->fn_lo[open_fn] = addr;
	}
	fclose(f);
	if (open_fn >= 0)
		c->nfns--;
	return c->nfns ? 0 : -ENOENT;
}

static struct fcaps_learn_bpf *open_mode(unsigned int mode)
{
	struct fcaps_learn_bpf *s = fcaps_learn_bpf__open();

	if (!s)
		return NULL;
	bpf_program__set_autoload(s->progs.fl_capable, mode == FL_MODE_FEXIT);
	bpf_program__set_autoload(s->progs.fl_cap_tp, mode == FL_MODE_RAWTP);
	if (fcaps_learn_bpf__load(s) || fcaps_learn_bpf__attach(s)) {
		int e = errno;

		fcaps_learn_bpf__destroy(s);
		errno = e;
		return NULL;
	}
	return s;
}

/* Load and attach the recorder: fexit where it runs, the tracepoint else. */
static int recorder_start(struct fl_config *c)
{
	int e_fexit, e_tp;

	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		warnx("this kernel has no BTF (/sys/kernel/btf/vmlinux: %s): fcaps-learn needs a kernel built with CONFIG_DEBUG_INFO_BTF=y",
		      strerror(errno));
		return -ENOTSUP;
	}
	libbpf_set_print(libbpf_print);
	c->mode = FL_MODE_FEXIT;
	libbpf_quiet = true;
	skel = open_mode(FL_MODE_FEXIT);
	libbpf_quiet = false;
	if (skel)
		return 0;
	e_fexit = errno;
	c->mode = FL_MODE_RAWTP;
	skel = open_mode(FL_MODE_RAWTP);
	if (skel) {
		if (noaudit_ranges(c))
			warnx("no no-audit callers found in /proc/kallsyms: every check counts as audited");
		return 0;
	}
	e_tp = errno;
	warnx("this kernel shows no capability checks: fexit/security_capable (BPF tracing programs, CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS): %s; the cap_capable tracepoint (Linux 6.14): %s",
	      strerror(e_fexit), strerror(e_tp));
	return -ENOTSUP;
}

static int map_zero(struct bpf_map *m, unsigned int n)
{
	__u64 zero = 0;
	__u32 k;

	for (k = 0; k < n; k++)
		if (bpf_map__update_elem(m, &k, sizeof(k), &zero, sizeof(zero),
					 BPF_ANY))
			return -errno;
	return 0;
}

static void tasks_clear(void)
{
	__u32 k, next;
	int fd = bpf_map__fd(skel->maps.tasks);

	while (!bpf_map_get_next_key(fd, NULL, &next)) {
		k = next;
		if (bpf_map_delete_elem(fd, &k))
			break;
	}
}

/* Aim the recorder at this run: the file's copy, the tree's first task. */
static int recorder_arm(struct fl_config *c, const struct stat *st,
			pid_t first)
{
	struct fl_task t = { .state = FL_ARMED, .last_cap = -1 };
	__u32 k = 0, tid = (__u32)first;

	c->dev = ((__u64)major(st->st_dev) << 20) | minor(st->st_dev);
	c->ino = st->st_ino;
	tasks_clear();
	if (bpf_map__update_elem(skel->maps.config, &k, sizeof(k), c,
				 sizeof(*c), BPF_ANY) ||
	    map_zero(skel->maps.tally, FL_CAPS * FL_KINDS) ||
	    map_zero(skel->maps.stats, FL_STATS) ||
	    bpf_map__update_elem(skel->maps.tasks, &tid, sizeof(tid), &t,
				 sizeof(t), BPF_ANY))
		return -errno;
	return 0;
}

static int recorder_read(struct fcap_learned *l, const struct fl_config *c)
{
	__u64 v[FL_STATS];
	__u32 k;

	memset(l, 0, sizeof(*l));
	l->noaudit_from_stack = c->mode == FL_MODE_RAWTP;
	for (k = 0; k < FL_CAPS * FL_KINDS; k++)
		if (bpf_map__lookup_elem(skel->maps.tally, &k, sizeof(k),
					 &l->tally[k / FL_KINDS][k % FL_KINDS],
					 sizeof(__u64), 0))
			return -errno;
	for (k = 0; k < FL_STATS; k++)
		if (bpf_map__lookup_elem(skel->maps.stats, &k, sizeof(k),
					 &v[k], sizeof(v[k]), 0))
			return -errno;
	l->execs = v[FL_STAT_EXECS];
	l->tasks_lost = v[FL_STAT_TASKS_LOST];
	l->events_lost = v[FL_STAT_EVENTS_LOST];
	tasks_clear();
	return 0;
}

/* ---- one run, in its own mount and PID namespace --------------------- */

/* What the namespace's first process tells the parent. */
struct stage_msg {
	int err;		/* 0, or the errno of @what */
	char what[96];
	struct stat st;		/* FILE, as the namespace sees it */
};

static void stage_fail(int fd, const char *what)
{
	struct stage_msg m = { .err = errno ? errno : EIO };

	snprintf(m.what, sizeof(m.what), "%s", what);
	if (write(fd, &m, sizeof(m)) < 0)
		_exit(127);
	_exit(127);
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	struct stat st;
	ssize_t n;
	int in, out, ret = 0;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	if (fstat(in, &st)) {
		close(in);
		return -1;
	}
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			ret = -1;
			break;
		}
	if (n < 0 || fchown(out, st.st_uid, st.st_gid) ||
	    fchmod(out, st.st_mode & 07777))
		ret = -1;
	close(in);
	if (close(out))
		ret = -1;
	return ret;
}

/*
 * In a chroot "/" may not be a mount point; the runs' mounts stay in
 * their namespace as long as no mount it sees propagates (shared:N in
 * /proc/self/mountinfo).  Unreadable counts as shared.
 */
static bool any_shared_mount(void)
{
	char line[4096];
	bool shared = false;
	FILE *f = fopen("/proc/self/mountinfo", "re");

	if (!f)
		return true;
	while (!shared && fgets(line, sizeof(line), f))
		shared = strstr(line, " shared:") != NULL;
	fclose(f);
	return shared;
}

/*
 * The namespace's first process: a private tmpfs over tmpdir, FILE's
 * copy there with @val (none when NULL), bind-mounted over FILE.
 */
static void stage(int fd, const struct fcap_value *val)
{
	struct stage_msg m = { 0 };
	unsigned char raw[FCAP_SIZE_MAX];
	char copy[sizeof(tmpdir) + 8];
	int len;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) &&
	    (errno != EINVAL || any_shared_mount()))
		stage_fail(fd, "cannot make the mounts private");
	if (mount("fcaps-learn", tmpdir, "tmpfs", MS_NODEV, "mode=0755"))
		stage_fail(fd, "cannot mount a tmpfs");
	snprintf(copy, sizeof(copy), "%s/file", tmpdir);
	if (copy_file(file, copy))
		stage_fail(fd, "cannot copy the file");
	if (val) {
		len = fcap_encode(val, raw, sizeof(raw));
		if (len < 0) {
			errno = -len;
			stage_fail(fd, "cannot encode the value");
		}
		if (setxattr(copy, "security.capability", raw, (size_t)len, 0))
			stage_fail(fd, "cannot set the value on the copy");
	}
	if (mount(copy, file, NULL, MS_BIND, NULL))
		stage_fail(fd, "cannot bind-mount the copy");
	if (stat(file, &m.st))
		stage_fail(fd, "cannot stat the copy");
	if (write(fd, &m, sizeof(m)) != sizeof(m))
		_exit(127);
}

/* Every capability, as ambient capabilities of USER. */
static int grant_all(void)
{
	unsigned int c, last = fcap_last_cap();
	cap_t caps = cap_init();
	cap_value_t v;
	int ret = -1;

	if (!caps)
		return -1;
	for (c = 0; c <= last; c++) {
		v = (cap_value_t)c;
		if (CAP_IS_SUPPORTED(v) && cap_get_bound(v) == 1) {
			cap_set_flag(caps, CAP_PERMITTED, 1, &v, CAP_SET);
			cap_set_flag(caps, CAP_INHERITABLE, 1, &v, CAP_SET);
			cap_set_flag(caps, CAP_EFFECTIVE, 1, &v, CAP_SET);
		}
	}
	if (cap_set_proc(caps) || prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) ||
	    setuid(user.pw_uid) || cap_set_proc(caps))
		goto out;
	for (c = 0; c <= last; c++) {
		v = (cap_value_t)c;
		if (CAP_IS_SUPPORTED(v) && cap_get_bound(v) == 1 &&
		    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, c, 0, 0))
			goto out;
	}
	ret = 0;
out:
	cap_free(caps);
	return ret;
}

/* The command's process: USER, with every capability or none. */
static void command(int out, bool learning, char **argv)
{
	int null = open("/dev/null", O_RDONLY);

	if (null < 0 || dup2(null, 0) < 0 || dup2(out, 1) < 0 ||
	    dup2(out, 2) < 0)
		_exit(127);
	if (initgroups(user.pw_name, user.pw_gid) || setgid(user.pw_gid)) {
		perror("fcaps-learn: cannot take the user's groups");
		_exit(127);
	}
	if (learning ? grant_all() : setuid(user.pw_uid)) {
		perror("fcaps-learn: cannot become the user");
		_exit(127);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "fcaps-learn: %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/*
 * The namespace's first process (PID 1 there): stage, wait for the
 * parent, start the command as root (@as_root) or USER, and report its
 * wait status; when it exits, the kernel ends what the command left.
 */
static void ns_init(int msg, int go, int out, const struct fcap_value *val,
		    bool learning, bool as_root, char **argv)
{
	pid_t pid;
	int status;
	char c;

	stage(msg, val);
	if (read(go, &c, 1) != 1)
		_exit(127);
	pid = fork();
	if (pid < 0)
		_exit(127);
	if (pid == 0) {
		if (as_root) {
			if (dup2(out, 1) < 0 || dup2(out, 2) < 0)
				_exit(127);
			execvp(argv[0], argv);
			_exit(127);
		}
		command(out, learning, argv);
	}
	close(out);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			_exit(127);
	if (write(msg, &status, sizeof(status)) != sizeof(status))
		_exit(127);
	_exit(0);
}

static int read_full(int fd, void *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

/* Seconds of CLOCK_MONOTONIC: a command may set the clock (date -s). */
static time_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/* Read the command's output until EOF or the deadline (mono()). */
static void collect(int fd, struct result *r, time_t deadline, pid_t init)
{
	char buf[8192];

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		time_t now = mono();
		ssize_t n;

		if (now >= deadline) {
			r->timed_out = true;
			kill(init, SIGKILL);
			return;
		}
		if (poll(&p, 1, (int)(deadline - now) * 1000) <= 0)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		if (r->out_len + (size_t)n > OUTPUT_MAX) {
			r->out_cut = true;
			continue;
		}
		r->out = xreallocarray(r->out, r->out_len + (size_t)n + 1, 1);
		memcpy(r->out + r->out_len, buf, (size_t)n);
		r->out_len += (size_t)n;
		r->out[r->out_len] = '\0';
	}
}

static bool run_check(void)
{
	pid_t pid;
	int status;

	if (!check_cmd)
		return true;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
		}
		execl("/bin/sh", "sh", "-c", check_cmd, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

struct run_opts {
	const struct fcap_value *val;	/* the copy's value; NULL: none */
	bool learning;			/* every capability, recorded */
	bool as_root;			/* getfcap's confirmation */
	char **argv;
};

static const char *status_text(const struct result *r, char *buf, size_t n);

/* --verbose: a run's value, status and output, on stderr */
static void show_run(const struct run_opts *o, const struct result *r)
{
	char st[64], *text = NULL;

	if (o->val && fcap_to_text(o->val, &text))
		text = NULL;
	fprintf(stderr, "%s: %s run, %s: %s%s%s\n", prog,
		o->learning ? "learning" : o->as_root ? "getfcap" : "replay",
		o->learning ? "every capability" : text ? text : "no value",
		status_text(r, st, sizeof(st)), r->check_ok ? "" : ", --check failed",
		r->out_len ? ", output:" : "");
	if (r->out_len)
		fwrite(r->out, 1, r->out_len, stderr);
	free(text);
}

/*
 * One run in a new namespace; with @l, the recorder's tallies.
 * Return: 0, or -1 after saying why the run could not be made.
 */
static int run(const struct run_opts *o, struct result *r,
	       struct fcap_learned *l)
{
	int msg[2], go[2], out[2], status;
	struct stage_msg m;
	pid_t init;

	memset(r, 0, sizeof(*r));
	if (pipe2(msg, O_CLOEXEC) || pipe2(go, O_CLOEXEC) ||
	    pipe2(out, O_CLOEXEC)) {
		warn("cannot make pipes");
		return -1;
	}
	init = (pid_t)syscall(SYS_clone, CLONE_NEWNS | CLONE_NEWPID | SIGCHLD,
			      NULL, NULL, NULL, NULL);
	if (init < 0) {
		warn("cannot start a private mount and PID namespace");
		return -1;
	}
	if (init == 0) {
		close(msg[0]);
		close(go[1]);
		close(out[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		ns_init(msg[1], go[0], out[1], o->val, o->learning, o->as_root,
			o->argv);
	}
	close(msg[1]);
	close(go[0]);
	close(out[1]);
	if (read_full(msg[0], &m, sizeof(m))) {
		warnx("%s: the namespace's set-up ended early", file_arg);
		goto out_kill;
	}
	if (m.err) {
		warnx("%s: %s: %s", file_arg, m.what, strerror(m.err));
		goto out_kill;
	}
	if (o->learning) {
		if (recorder_arm(&conf, &m.st, init)) {
			warn("cannot set up the recorder's maps");
			goto out_kill;
		}
	}
	if (write(go[1], "g", 1) != 1)
		goto out_kill;
	close(go[1]);
	collect(out[0], r, mono() + (time_t)timeout_s, init);
	close(out[0]);
	if (r->timed_out || read_full(msg[0], &r->status, sizeof(r->status)))
		r->status = -1;
	close(msg[0]);
	while (waitpid(init, &status, 0) < 0 && errno == EINTR)
		;
	if (o->learning && l && recorder_read(l, &conf)) {
		warn("cannot read the recorder's maps");
		return -1;
	}
	r->check_ok = run_check();
	if (verbose)
		show_run(o, r);
	return 0;
out_kill:
	kill(init, SIGKILL);
	waitpid(init, &status, 0);
	close(msg[0]);
	close(go[1]);
	close(out[0]);
	return -1;
}

/* ---- learn, replay, propose ------------------------------------------ */

static const char *status_text(const struct result *r, char *buf, size_t n)
{
	if (r->timed_out)
		snprintf(buf, n, "timed out after %u s", timeout_s);
	else if (r->status < 0)
		snprintf(buf, n, "no status");
	else if (WIFEXITED(r->status))
		snprintf(buf, n, "exit status %d", WEXITSTATUS(r->status));
	else if (WIFSIGNALED(r->status))
		snprintf(buf, n, "killed by signal %d", WTERMSIG(r->status));
	else
		snprintf(buf, n, "wait status %#x", r->status);
	return buf;
}

static bool same(const struct result *a, const struct result *b)
{
	if (a->timed_out || b->timed_out || a->status != b->status ||
	    a->check_ok != b->check_ok)
		return false;
	if (!same_output)
		return true;
	return a->out_len == b->out_len && a->out_cut == b->out_cut &&
	       (!a->out_len || !memcmp(a->out, b->out, a->out_len));
}

/* Replay with @caps (+ep, or +p without @eff); does it give @want? */
static int replay(uint64_t caps, bool eff, const struct result *want,
		  bool *ok)
{
	struct run_opts o = { .argv = cmd };
	struct fcap_value v;
	struct result r;

	if (fcap_value_set(&v, caps, 0, eff ? caps : 0))
		return -1;
	o.val = caps ? &v : NULL;
	if (run(&o, &r, NULL))
		return -1;
	replays++;
	*ok = same(&r, want);
	free(r.out);
	return 0;
}

static char *names(uint64_t caps)
{
	char *t;

	if (fcap_mask_to_names(caps, &t))
		oom();
	return t;
}

static void print_checks(const struct fcap_learned *l, uint64_t kept,
			 uint64_t dropped)
{
	static const char *const kind[FL_KINDS] = {
		"granted", "denied", "no-audit granted", "no-audit denied",
		"other namespace", "fell back",
	};
	uint64_t checked = fcap_learn_checked(l);
	unsigned int c, k;

	printf("checks:\n");
	for (c = 0; c < FL_CAPS; c++) {
		const char *sep = "";
		char *n;

		if (!(checked & (1ULL << c)))
			continue;
		n = names(1ULL << c);
		printf("  %-22s", n);
		free(n);
		for (k = 0; k < FL_KINDS; k++)
			if (l->tally[c][k]) {
				printf("%s%s %" PRIu64, sep, kind[k],
				       l->tally[c][k]);
				sep = ", ";
			}
		if (kept & (1ULL << c))
			printf(": proposed\n");
		else if (dropped & (1ULL << c))
			printf(": dropped, the replay without it gave the same\n");
		else
			printf(": not proposed, %s\n", fcap_learn_why_not(l, c));
	}
	if (!checked)
		printf("  none\n");
	if (l->noaudit_from_stack)
		printf("  (this kernel's cap_capable tracepoint has no opts: no-audit checks were told by their callers)\n");
}

/* The path of a tool installed beside this one. */
static void sibling(char *buf, size_t n, const char *tool)
{
	char self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	self[len > 0 ? len : 0] = '\0';
	slash = strrchr(self, '/');
	snprintf(buf, n, "%.*s/%s", slash ? (int)(slash - self) : 1,
		 slash ? self : ".", tool);
}

/*
 * getfcap --explain with the context options @ctx (@nctx of them) on the
 * copy carrying @v: does the exec work there?
 */
static bool confirm(const struct fcap_value *v, const char *const *ctx,
		    size_t nctx)
{
	char getfcap[PATH_MAX + 16], uid[16];
	char *argv[16];
	struct run_opts o = { .val = v, .as_root = true, .argv = argv };
	struct result r;
	size_t i = 0, k;
	bool ok;

	sibling(getfcap, sizeof(getfcap), "getfcap");
	snprintf(uid, sizeof(uid), "%u", (unsigned int)user.pw_uid);
	argv[i++] = getfcap;
	argv[i++] = (char *)"--explain";
	for (k = 0; k < nctx && i < 12; k++)
		argv[i++] = (char *)ctx[k];
	argv[i++] = (char *)"--user";
	argv[i++] = uid;
	argv[i++] = file;
	argv[i] = NULL;
	ok = !run(&o, &r, NULL) && WIFEXITED(r.status) &&
	     WEXITSTATUS(r.status) == 0 && r.out &&
	     !strstr(r.out, "execve fails");
	printf("  getfcap --explain");
	for (k = 0; k < nctx; k++)
		printf(strchr(ctx[k], ' ') ? " '%s'" : " %s", ctx[k]);
	printf(" --user %s: %s\n", uid, ok ? "execve works" : "execve fails");
	if (!ok && r.out)
		fputs(r.out, stdout);
	free(r.out);
	return ok;
}

static bool print_runtimes(uint64_t caps, const struct fcap_value *v)
{
	char text[2048], up[1024], sd[1200];
	const char *docker[] = { "--context", "cap-drop-all", "--cap-add", up };
	const char *k8s[] = { "--context", "k8s-restricted", "--cap-add", up };
	const char *systemd[] = { "--context", sd };
	bool ok = true;

	if (fcap_grant_text(caps, FCAP_GRANT_CAPS, up, sizeof(up)) ||
	    fcap_grant_text(caps, FCAP_GRANT_SYSTEMD_BOUNDING, text,
			    sizeof(text)))
		return false;
	snprintf(sd, sizeof(sd), "systemd:%s", text);
	printf("runtimes:\n");
	if (!fcap_grant_text(caps, FCAP_GRANT_DOCKER, text, sizeof(text)))
		printf("  docker/podman: %s\n", text);
	ok &= confirm(v, docker, 4);
	if (!fcap_grant_text(caps, FCAP_GRANT_K8S, text, sizeof(text)))
		printf("  kubernetes: %s\n", text);
	ok &= confirm(v, k8s, 4);
	if (!fcap_grant_text(caps, FCAP_GRANT_SYSTEMD, text, sizeof(text)))
		printf("  systemd: %s\n", text);
	ok &= confirm(v, systemd, 2);
	return ok;
}

/* Run a tool installed beside this one; 0 when it exits 0. */
static int run_tool(const char *tool, const char *a1, const char *a2,
		    const char *a3)
{
	char path[PATH_MAX + 16];
	pid_t pid;
	int status;

	sibling(path, sizeof(path), tool);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl(path, tool, a1, a2, a3, (char *)NULL);
		warn("%s", path);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* --apply: setfcap sets it, setfcap --verify reads it back. */
static int do_apply(const char *text)
{
	if (run_tool("setfcap", text, file_arg, NULL) ||
	    run_tool("setfcap", "--verify", text, file_arg))
		return -1;
	return 0;
}
/* The least value: drop each candidate in turn, then try +p. */
static int minimise(uint64_t *caps, bool *eff, uint64_t *dropped,
		    const struct result *want)
{
	unsigned int c;
	bool ok;

	if (replay(*caps, true, want, &ok))
		return -1;
	if (!ok)
		return 1;
	for (c = 0; c < 64; c++) {
		if (!(*caps & (1ULL << c)))
			continue;
		if (replay(*caps & ~(1ULL << c), true, want, &ok))
			return -1;
		if (ok) {
			*caps &= ~(1ULL << c);
			*dropped |= 1ULL << c;
		}
	}
	*eff = true;
	if (*caps) {
		if (replay(*caps, false, want, &ok))
			return -1;
		*eff = !ok;
	}
	return 0;
}

static int report(const struct fcap_learned *l, uint64_t caps, bool eff,
		  uint64_t dropped)
{
	struct fcap_value v;
	unsigned char raw[FCAP_SIZE_MAX];
	char *text = NULL;
	int len, rc = 0;

	printf("%s: learned from %" PRIu64 " exec%s of it, verified by %u replay%s\n",
	       file_arg, l->execs, l->execs == 1 ? "" : "s", replays,
	       replays == 1 ? "" : "s");
	print_checks(l, caps, dropped);
	if (!caps) {
		printf("value: none (the runs without capabilities gave the same)\n");
		return 0;
	}
	if (fcap_value_set(&v, caps, 0, eff ? caps : 0) || fcap_to_text(&v, &text))
		oom();
	printf("value: %s\n", text);
	len = fcap_encode(&v, raw, sizeof(raw));
	printf("manifest: ");
	if (len < 0 || fcap_manifest_print(stdout, file, raw, (size_t)len))
		rc = 1;
	if (!print_runtimes(caps, &v))
		rc = 1;
	if (apply && do_apply(text)) {
		warnx("%s: cannot apply %s", file_arg, text);
		rc = 1;
	}
	free(text);
	return rc;
}

static int do_learn(void)
{
	struct run_opts o = { .learning = true, .argv = cmd };
	struct fcap_learned l;
	struct result want;
	uint64_t caps, dropped = 0;
	char st[64];
	bool eff = true;
	int ret;

	if (run(&o, &want, &l))
		return 1;
	fprintf(stderr, "%s: learning run: %s, %" PRIu64 " exec%s of %s\n",
		prog, status_text(&want, st, sizeof(st)), l.execs,
		l.execs == 1 ? "" : "s", file_arg);
	if (want.timed_out) {
		warnx("%s: the learning run %s", file_arg, st);
		return 1;
	}
	if (!l.execs) {
		warnx("%s: the command never executed it; it printed:", file_arg);
		if (want.out)
			fputs(want.out, stderr);
		return 1;
	}
	if (!WIFEXITED(want.status) || WEXITSTATUS(want.status))
		warnx("%s: the learning run did not exit 0 (%s): the replays must fail the same way",
		      file_arg, st);
	if (check_cmd && !want.check_ok) {
		warnx("%s: --check failed after the learning run", file_arg);
		return 1;
	}
	if (l.tasks_lost || l.events_lost)
		warnx("%s: %" PRIu64 " tasks not followed, %" PRIu64 " events lost",
		      file_arg, l.tasks_lost, l.events_lost);
	caps = fcap_learn_candidates(&l);
	ret = minimise(&caps, &eff, &dropped, &want);
	if (ret < 0)
		return 1;
	if (ret > 0) {
		char *n = names(caps);

		warnx("%s: a replay with %s+ep does not give the learning run's %s: the command needs more than its checks show, or does not repeat",
		      file_arg, n, st);
		free(n);
		return 1;
	}
	free(want.out);
	return report(&l, caps, eff, dropped);
}

static void parse_user(const char *s)
{
	struct passwd *pw = getpwnam(s);
	char *end;

	if (!pw) {
		unsigned long u;

		errno = 0;
		u = strtoul(s, &end, 10);
		if (!*s || *end || errno || u >= UINT32_MAX ||
		    !(pw = getpwuid((uid_t)u)))
			errx(1, "%s: no such user", s);
	}
	if (!pw->pw_uid)
		errx(1, "%s: root gets every capability without a file value: learn as another user",
		     s);
	user = *pw;
	user.pw_name = xstrdup(pw->pw_name);
}

static void parse_args(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "apply", no_argument, NULL, 'a' },
		{ "check", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "same-output", no_argument, NULL, 'o' },
		{ "timeout", required_argument, NULL, 't' },
		{ "user", required_argument, NULL, 'u' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	bool have_user = false;
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "+hu:v", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			apply = true;
			break;
		case 'c':
			check_cmd = optarg;
			break;
		case 'h':
			usage(stdout, 0);
			break;
		case 'o':
			same_output = true;
			break;
		case 't':
			errno = 0;
			timeout_s = (unsigned int)strtoul(optarg, &end, 10);
			if (errno || *end || !timeout_s || timeout_s > 86400)
				errx(1, "--timeout %s: not 1 to 86400 seconds",
				     optarg);
			break;
		case 'u':
			parse_user(optarg);
			have_user = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'V':
			printf("%s (fcaps) %s\n", prog, FCAPS_VERSION);
			exit(0);
		default:
			usage(stderr, 1);
		}
	}
	if (argc - optind < 3 || strcmp(argv[optind + 1], "--") || !have_user)
		usage(stderr, 1);
	file_arg = argv[optind];
	cmd = argv + optind + 2;
}

int main(int argc, char **argv)
{
	struct stat st;
	int rc;

	parse_args(argc, argv);
	if (geteuid())
		errx(1, "needs root: it loads BPF programs and makes namespaces");
	file = realpath(file_arg, NULL);
	if (!file)
		err(1, "%s", file_arg);
	if (stat(file, &st))
		err(1, "%s", file_arg);
	if (!S_ISREG(st.st_mode))
		errx(1, "%s: not a regular file", file_arg);
	if (recorder_start(&conf))
		return EXIT_UNSUPPORTED;
	if (!mkdtemp(tmpdir))
		err(1, "cannot make a directory in /tmp");
	rc = do_learn();
	fcaps_learn_bpf__destroy(skel);
	rmdir(tmpdir);
	free(file);
	if (fflush(stdout) || ferror(stdout)) {
		warn("stdout");
		rc = 1;
	}
	return rc;
}
