// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcaps-guard - load the fcaps guard, a BPF LSM, and log its refusals.
 *
 * usage: fcaps-guard [-c file] [-p dir]
 *        fcaps-guard --status [-p dir]
 *        fcaps-guard --unload [-p dir]
 *        fcaps-guard --check [-c file]
 *
 * The programs (fcaps-guard.bpf.c, built into a libbpf skeleton) refuse
 * zero-length security.capability values, file grants outside the mask
 * at exec and, if asked, on write; the configuration is
 * /etc/fcaps/guard.conf (lib/guard.c).  They are pinned under
 * /sys/fs/bpf/fcaps-guard, so they stay attached whatever happens to
 * this process; it stays to log what they refuse, and, unless the guard
 * is locked, unpins them when it is stopped.  A locked guard stays until
 * reboot: a second start finds it pinned and only logs for it.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <systemd/sd-daemon.h>

#include "fcap.h"
#include "guard-abi.h"
#include "version.h"
#include "fcaps-guard.skel.h"

#define BPF_FS_MAGIC	0xcafe4a11
#define EXIT_NOTLOADED	3	/* --status: no guard pinned */
#define EXIT_UNSUPPORTED 77	/* this kernel cannot run the guard */

static const char *prog = "fcaps-guard";
static const char *conf_path = FCAP_GUARD_CONF;
static const char *pin_dir = FCAP_GUARD_PINDIR;
static volatile sig_atomic_t stop;

/* What is pinned in the pin directory: maps, then one link per program. */
static const char *const pin_names[] = {
	"config", "counts", "events", "setxattr", "exec", "unlink", "rmdir",
	"rename", "umount",
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: fcaps-guard [-c file] [-p dir]\n"
		"       fcaps-guard --status [-p dir]\n"
		"       fcaps-guard --unload [-p dir]\n"
		"       fcaps-guard --check [-c file]\n");
}

/* The journal's priority prefix, when stderr is the journal. */
static const char *prio(int level)
{
	static const char *const p[] = { "<0>", "<1>", "<2>", "<3>", "<4>",
					 "<5>", "<6>", "<7>" };

	return getenv("JOURNAL_STREAM") ? p[level & 7] : "";
}

static void say(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(int level, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s%s: ", prio(level), prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	/*
	 * libbpf's lines carry their own "libbpf: "; the verifier's log is
	 * one multi-line message
	 */
	if (level == LIBBPF_DEBUG && !getenv("FCAPS_GUARD_DEBUG"))
		return 0;
	fputs(prio(level == LIBBPF_WARN ? 4 : 6), stderr);
	return vfprintf(stderr, fmt, ap);
}

static int read_conf(struct fcap_guard_conf *c, bool must_exist)
{
	unsigned int line;
	const char *why = NULL;
	int ret = fcap_guard_conf_read(conf_path, c, &line, &why);

	if (ret == -ENOENT && !must_exist) {
		fcap_guard_conf_default(c);
		say(6, "%s: no such file: every capability in the mask, unlocked",
		    conf_path);
		return 0;
	}
	if (ret && line)
		say(3, "%s:%u: %s", conf_path, line, why);
	else if (ret)
		say(3, "%s: %s", conf_path, why && ret == -EFBIG ? why :
		    strerror(-ret));
	return ret;
}

static char *mask_text(__u64 mask)
{
	char *names = NULL;

	if (mask == fcap_known_mask())
		return strdup("all");
	if (fcap_mask_to_names(mask, &names))
		return NULL;
	return names;
}

/*
 * Whether this kernel can run the guard: BTF for CO-RE, and the BPF LSM
 * in the active list.  Prints what is missing and what to do.
 */
static bool kernel_ready(void)
{
	char lsm[512] = "";
	FILE *f;

	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		say(3, "this kernel has no BTF (/sys/kernel/btf/vmlinux: %s): the guard needs a kernel built with CONFIG_DEBUG_INFO_BTF=y",
		    strerror(errno));
		return false;
	}
	f = fopen("/sys/kernel/security/lsm", "re");
	if (!f)
		return true;	/* no securityfs: the attach will tell */
	if (!fgets(lsm, sizeof(lsm), f))
		lsm[0] = '\0';
	fclose(f);
	lsm[strcspn(lsm, "\n")] = '\0';
	if (!strstr(lsm, ",bpf") && strncmp(lsm, "bpf", 3)) {
		say(3, "the BPF LSM is not active (/sys/kernel/security/lsm: %s): boot with lsm=%s,bpf (CONFIG_BPF_LSM=y)",
		    lsm, lsm);
		return false;
	}
	return true;
}

static int pin_path(char *buf, size_t n, const char *name)
{
	if (snprintf(buf, n, "%s/%s", pin_dir, name) >= (int)n) {
		say(3, "%s: path too long", pin_dir);
		return -ENAMETOOLONG;
	}
	return 0;
}

/*
 * Unpin the programs and maps: the programs detach once nothing holds
 * their links.  @unload: the pin directory and the state file go too;
 * else the directory stays for the pins of a guard that replaces them
 * (its configuration names the directory's inode).
 */
static int unpin(bool unload)
{
	char path[4096];
	unsigned int i;
	int rc = 0;

	for (i = 0; i < sizeof(pin_names) / sizeof(pin_names[0]); i++) {
		if (pin_path(path, sizeof(path), pin_names[i]))
			return -ENAMETOOLONG;
		if (unlink(path) && errno != ENOENT) {
			rc = -errno;
			say(3, "%s: cannot unpin: %s", path, strerror(-rc));
		}
	}
	if (rc || !unload)
		return rc;
	if (rmdir(pin_dir) && errno != ENOENT) {
		rc = -errno;
		say(3, "%s: %s", pin_dir, strerror(-rc));
	}
	if (!rc && unlink(FCAP_GUARD_STATE) && errno != ENOENT)
		say(4, "%s: %s", FCAP_GUARD_STATE, strerror(errno));
	return rc;
}

/* The state file: what the guard enforces, for readers without bpf(). */
static void write_state(const struct fcap_guard_conf *c)
{
	char tmp[] = FCAP_GUARD_STATE ".XXXXXX";
	FILE *f;
	int fd;

	if (mkdir("/run/fcaps-guard", 0755) && errno != EEXIST)
		goto fail;
	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		goto fail_tmp;
	}
	fchmod(fd, 0644);
	fprintf(f, "loaded=1\nlocked=%d\ndeny_write=%d\nmask=%016llx\npin=%s\n",
		c->locked, c->deny_write, (unsigned long long)c->mask, pin_dir);
	if (fclose(f) || rename(tmp, FCAP_GUARD_STATE))
		goto fail_tmp;
	return;
fail_tmp:
	unlink(tmp);
fail:
	say(4, "%s: cannot write: %s (getfcap --explain run by users will not see the guard)",
	    FCAP_GUARD_STATE, strerror(errno));
}

static void pin_dev_ino(const struct stat *st, struct fg_config *cfg)
{
	/* the kernel's dev_t: 12 bits of major, 20 of minor */
	cfg->pin_dev = ((__u64)major(st->st_dev) << 20) | minor(st->st_dev);
	cfg->pin_ino = st->st_ino;
}

static int make_pin_dir(struct stat *st)
{
	struct statfs sfs;
	char parent[4096], *slash;

	snprintf(parent, sizeof(parent), "%s", pin_dir);
	slash = strrchr(parent, '/');
	if (slash && slash != parent)
		*slash = '\0';
	if (statfs(parent, &sfs) || sfs.f_type != BPF_FS_MAGIC) {
		say(3, "%s: not a BPF file system (mount -t bpf none %s)",
		    parent, parent);
		return -ENOTDIR;
	}
	if (mkdir(pin_dir, 0700) && errno != EEXIST) {
		say(3, "%s: %s", pin_dir, strerror(errno));
		return -errno;
	}
	if (stat(pin_dir, st)) {
		say(3, "%s: %s", pin_dir, strerror(errno));
		return -errno;
	}
	return 0;
}

/* Pin the maps and links, after the old guard's pins are gone. */
static int pin_all(struct fcaps_guard_bpf *skel)
{
	struct bpf_map *maps[] = { skel->maps.config, skel->maps.counts,
				   skel->maps.events };
	struct bpf_link *links[] = {
		skel->links.fg_setxattr, skel->links.fg_exec,
		skel->links.fg_unlink, skel->links.fg_rmdir,
		skel->links.fg_rename, skel->links.fg_umount,
	};
	char path[4096];
	unsigned int i;
	int ret;

	for (i = 0; i < 3 + 6; i++) {
		if (pin_path(path, sizeof(path), pin_names[i]))
			return -ENAMETOOLONG;
		ret = i < 3 ? bpf_map__pin(maps[i], path) :
			      bpf_link__pin(links[i - 3], path);
		if (ret) {
			say(3, "%s: cannot pin: %s", path, strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/* What the verifier checked of each program, for the log. */
static void log_programs(struct fcaps_guard_bpf *skel)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, skel->obj) {
		struct bpf_prog_info info;
		__u32 len = sizeof(info);

		memset(&info, 0, sizeof(info));
		if (bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len))
			continue;
		say(6, "%s: %u instructions, %u verified", bpf_program__name(p),
		    info.xlated_prog_len / 8, info.verified_insns);
	}
}

static int load(const struct fcap_guard_conf *c, struct fcaps_guard_bpf **out)
{
	struct fcaps_guard_bpf *skel;
	struct fg_config cfg = { 0 };
	struct stat st;
	__u32 key = 0;
	int ret;

	skel = fcaps_guard_bpf__open_and_load();
	if (!skel) {
		say(3, "cannot load the BPF programs: %s", strerror(errno));
		return -errno;
	}
	ret = make_pin_dir(&st);
	if (ret)
		goto out_destroy;
	cfg.mask = c->mask;
	cfg.flags = (c->deny_write ? FG_DENY_WRITE : 0) |
		    (c->locked ? FG_LOCKED : 0);
	pin_dev_ino(&st, &cfg);
	ret = bpf_map__update_elem(skel->maps.config, &key, sizeof(key), &cfg,
				   sizeof(cfg), BPF_ANY);
	if (!ret)
		ret = bpf_map_freeze(bpf_map__fd(skel->maps.config));
	if (!ret)
		ret = bpf_map_freeze(bpf_map__fd(skel->maps.counts));
	if (ret) {
		say(3, "cannot set up the configuration map: %s", strerror(-ret));
		goto out_destroy;
	}
	ret = fcaps_guard_bpf__attach(skel);
	if (ret) {
		say(3, "cannot attach the BPF LSM programs: %s (is bpf in /sys/kernel/security/lsm?)",
		    strerror(-ret));
		goto out_destroy;
	}
	log_programs(skel);
	*out = skel;
	return 0;
out_destroy:
	fcaps_guard_bpf__destroy(skel);
	return ret;
}

/* The names the programs sent, innermost first, as a path. */
static void event_path(const struct fg_event *e, char *buf, size_t n)
{
	size_t len = 0;
	unsigned int depth = e->depth > FG_DEPTH ? FG_DEPTH : e->depth;
	int i;

	buf[0] = '\0';
	if (e->cause == FG_LOCK_UMOUNT) {
		snprintf(buf, n, "%s", pin_dir);
		return;
	}
	if (e->cause == FG_EXEC_MASK) {
		snprintf(buf, n, "%.*s", (int)sizeof(e->name),
			 (const char *)e->name);
		return;
	}
	/* a pin: its path is from the root of the pins' BPF file system */
	if (e->cause == FG_LOCK_PIN) {
		const char *slash = strrchr(pin_dir, '/');

		if (slash && slash != pin_dir)
			len += snprintf(buf, n, "%.*s", (int)(slash - pin_dir),
					pin_dir);
	}
	if (depth == FG_DEPTH && strcmp(e->name[depth - 1], "/"))
		len += snprintf(buf + len, n - len, "...");
	for (i = depth - 1; i >= 0 && len < n; i--) {
		if (!strcmp(e->name[i], "/"))
			continue;
		len += snprintf(buf + len, n - len, "/%.*s", FG_NAME_LEN,
				e->name[i]);
	}
	if (!buf[0])
		snprintf(buf, n, "/");
}

static int on_event(void *ctx, void *data, size_t size)
{
	const struct fg_event *e = data;
	char path[FG_DEPTH * (FG_NAME_LEN + 1) + 8], *caps = NULL;

	if (size < sizeof(*e) || e->cause >= FG_CAUSES)
		return 0;
	event_path(e, path, sizeof(path));
	if (e->caps)
		caps = mask_text(e->caps);
	say(4, "refused %s: %s (device %u:%u, inode %llu), uid %u, pid %u (%.16s)%s%s: %s%s",
	    fcap_guard_cause_text(e->cause), path, (unsigned int)(e->dev >> 20),
	    (unsigned int)(e->dev & 0xfffff), (unsigned long long)e->ino,
	    e->uid, e->pid, e->comm, caps ? ", outside the mask: " : "",
	    caps ? caps : "", strerror(e->err),
	    e->suppressed ? " (and earlier ones of this kind, not logged)" : "");
	if (e->suppressed)
		say(4, "%llu refusals of %s were counted but not logged (rate limit)",
		    (unsigned long long)e->suppressed, fcap_guard_cause_text(e->cause));
	free(caps);
	return 0;
}

static void on_signal(int sig)
{
	stop = 1;
}

/* Log the refusals of the pinned ring buffer until a signal. */
static int log_events(int events_fd)
{
	struct ring_buffer *rb;
	struct sigaction sa;
	int ret = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	rb = ring_buffer__new(events_fd, on_event, NULL, NULL);
	if (!rb) {
		say(3, "cannot read the refusals: %s", strerror(errno));
		return -errno;
	}
	while (!stop) {
		ret = ring_buffer__poll(rb, 1000);
		if (ret == -EINTR) {
			ret = 0;
			continue;
		}
		if (ret < 0) {
			say(3, "reading the refusals: %s", strerror(-ret));
			break;
		}
		ret = 0;
	}
	ring_buffer__free(rb);
	return ret;
}

static bool same_conf(const struct fcap_guard_state *st,
		      const struct fcap_guard_conf *c)
{
	return st->mask == c->mask && st->deny_write == c->deny_write &&
	       st->locked == c->locked;
}

static void describe(const char *what, const struct fcap_guard_conf *c)
{
	char *m = mask_text(c->mask);

	say(5, "%s: mask %s, deny_write=%d, locked=%d", what, m ? m : "?",
	    c->deny_write, c->locked);
	free(m);
}

/*
 * A locked guard is already pinned: log for it if this configuration is
 * its own (a restart of the service), refuse anything else.
 */
static int adopt(const struct fcap_guard_state *st,
		 const struct fcap_guard_conf *c)
{
	struct fcap_guard_conf in_force = {
		st->mask, st->deny_write, st->locked
	};
	char path[4096];
	int fd, ret;

	if (!same_conf(st, c)) {
		describe("in force until reboot", &in_force);
		describe(conf_path, c);
		say(3, "%s: the guard is locked until reboot: %s is not applied",
		    pin_dir, conf_path);
		return -EPERM;
	}
	if (pin_path(path, sizeof(path), "events"))
		return -ENAMETOOLONG;
	fd = bpf_obj_get(path);
	if (fd < 0) {
		say(3, "%s: %s", path, strerror(errno));
		return -errno;
	}
	describe("locked guard in force, logging its refusals", &in_force);
	sd_notify(0, "READY=1\nSTATUS=locked until reboot; logging refusals");
	ret = log_events(fd);
	close(fd);
	return ret;
}

static int do_run(void)
{
	struct fcaps_guard_bpf *skel = NULL;
	struct fcap_guard_conf c;
	struct fcap_guard_state st;
	int ret;

	if (read_conf(&c, strcmp(conf_path, FCAP_GUARD_CONF)))
		return 1;
	if (!kernel_ready()) {
		sd_notify(0, "READY=1\nSTATUS=not loaded: this kernel cannot run it (see the log)");
		return EXIT_UNSUPPORTED;
	}
	ret = fcap_guard_read(pin_dir, &st);
	if (ret) {
		say(3, "%s: %s", pin_dir, strerror(-ret));
		return 1;
	}
	if (st.loaded && st.locked)
		return adopt(&st, &c) ? 1 : 0;
	if (load(&c, &skel))
		return 1;
	/* the new programs are attached: the old ones may go */
	if (st.loaded && unpin(false))
		goto out_destroy;
	if (pin_all(skel)) {
		unpin(true);
		goto out_destroy;
	}
	write_state(&c);
	describe(st.loaded ? "replaced the guard" : "loaded", &c);
	sd_notify(0, "READY=1\nSTATUS=loaded; logging refusals");
	ret = log_events(bpf_map__fd(skel->maps.events));
	if (!c.locked && unpin(true) == 0)
		say(5, "unloaded");
	fcaps_guard_bpf__destroy(skel);
	return ret ? 1 : 0;
out_destroy:
	fcaps_guard_bpf__destroy(skel);
	return 1;
}

static int do_status(void)
{
	struct fcap_guard_state st;
	__u64 total = 0;
	unsigned int i;
	int ret = fcap_guard_read(pin_dir, &st);

	if (ret) {
		say(3, "%s: %s", pin_dir, strerror(-ret));
		return 1;
	}
	printf("loaded=%d\n", st.loaded);
	if (!st.loaded)
		return EXIT_NOTLOADED;
	printf("locked=%d\ndeny_write=%d\nmask=%016llx\nsource=%s\n",
	       st.locked, st.deny_write, (unsigned long long)st.mask,
	       st.source);
	if (!st.counted)
		return 0;
	for (i = 0; i < FCAP_GUARD_CAUSES; i++) {
		printf("refusals_%s=%llu\n", fcap_guard_cause_name(i),
		       (unsigned long long)st.refusals[i]);
		total += st.refusals[i];
	}
	printf("refusals=%llu\n", (unsigned long long)total);
	return 0;
}

static int do_unload(void)
{
	struct fcap_guard_state st;
	int ret = fcap_guard_read(pin_dir, &st);

	if (ret) {
		say(3, "%s: %s", pin_dir, strerror(-ret));
		return 1;
	}
	if (!st.loaded) {
		say(5, "%s: no guard is pinned here", pin_dir);
		return 0;
	}
	if (st.locked) {
		say(3, "%s: the guard is locked until reboot", pin_dir);
		return 1;
	}
	return unpin(true) ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'n' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "pin-dir", required_argument, NULL, 'p' },
		{ "status", no_argument, NULL, 's' },
		{ "unload", no_argument, NULL, 'u' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct fcap_guard_conf c;
	int ch, verb = 0;

	while ((ch = getopt_long(argc, argv, "c:hp:", opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			conf_path = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'n':
		case 's':
		case 'u':
			if (verb && verb != ch) {
				usage(stderr);
				return 1;
			}
			verb = ch;
			break;
		case 'p':
			pin_dir = optarg;
			break;
		case 'V':
			printf("fcaps-guard (fcaps) %s\n", FCAPS_VERSION);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 1;
	}
	libbpf_set_print(libbpf_print);
	switch (verb) {
	case 'n':
		if (read_conf(&c, true))
			return 1;
		describe(conf_path, &c);
		return 0;
	case 's':
		ch = do_status();
		break;
	case 'u':
		return do_unload();
	default:
		return do_run();
	}
	if (fflush(stdout) || ferror(stdout)) {
		say(3, "standard output: %s", strerror(errno));
		return 1;
	}
	return ch;
}
