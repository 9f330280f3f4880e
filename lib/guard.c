// SPDX-License-Identifier: GPL-2.0-only
/*
 * guard.c - fcaps-guard's configuration and state, for its loader and
 * the tools: /etc/fcaps/guard.conf parsed once, and what the running
 * guard enforces, read from its pinned maps (root) or from the state
 * file its loader writes (anyone).  The rules it enforces are the
 * model's (model.c: guard_exec(), fcap_guard_setxattr()).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/types.h>

#include "fcap.h"
#include "guard-abi.h"

/*
 * A mask as kernel.fcaps.mask takes it (hex, the CapBnd form) or as
 * names ("cap_ipc_lock,cap_net_raw"), or "all".
 */
static int parse_mask(const char *s, uint64_t *mask)
{
	const char *p = s;
	char *end;

	if (!strcmp(s, "all")) {
		*mask = fcap_known_mask();
		return 0;
	}
	if (!strncmp(p, "0x", 2))
		p += 2;
	if (*p && strspn(p, "0123456789abcdefABCDEF") == strlen(p)) {
		if (strlen(p) > 16)
			return -EINVAL;
		*mask = strtoull(p, &end, 16);
		return *mask & ~fcap_known_mask() ? -ERANGE : 0;
	}
	return fcap_names_to_mask(s, mask);
}

static int parse_bool(const char *s, bool *b)
{
	if (!strcmp(s, "0") || !strcmp(s, "no")) {
		*b = false;
		return 0;
	}
	if (!strcmp(s, "1") || !strcmp(s, "yes")) {
		*b = true;
		return 0;
	}
	return -EINVAL;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* One "key = value" line; *why names what is wrong with it. */
static int parse_line(char *s, struct fcap_guard_conf *c, const char **why)
{
	char *eq = strchr(s, '='), *key, *val;
	int ret;

	if (!eq) {
		*why = "not a \"key = value\" line";
		return -EINVAL;
	}
	*eq = '\0';
	key = trim(s);
	val = trim(eq + 1);
	if (!strcmp(key, "mask")) {
		ret = parse_mask(val, &c->mask);
		*why = ret == -ERANGE ? "mask: bits above the last capability" :
		       "mask: neither hex, \"all\" nor capability names";
	} else if (!strcmp(key, "deny_write")) {
		ret = parse_bool(val, &c->deny_write);
		*why = "deny_write: not 0 or 1";
	} else if (!strcmp(key, "locked")) {
		ret = parse_bool(val, &c->locked);
		*why = "locked: not 0 or 1";
	} else {
		ret = -EINVAL;
		*why = "unknown key (mask, deny_write and locked are known)";
	}
	return ret ? -EINVAL : 0;
}

/**
 * fcap_guard_conf_default() - the guard with no configuration: every
 *	capability in the mask, writes judged only for emptiness, unlocked
 * @c: filled
 */
void fcap_guard_conf_default(struct fcap_guard_conf *c)
{
	c->mask = fcap_known_mask();
	c->deny_write = false;
	c->locked = false;
}

/**
 * fcap_guard_conf_parse() - parse guard.conf text
 * @text: the file's contents, NUL-terminated
 * @c: filled from the defaults and the lines (unchanged on error)
 * @line: on error, the 1-based line at fault
 * @why: on error, what is wrong with it (static English)
 *
 * Lines are "key = value", blank, or comments from '#'.  Keys: mask (hex
 * as kernel.fcaps.mask, "all", or capability names), deny_write and
 * locked (0 or 1).  A key given twice takes its last value.
 *
 * Return: 0, -EINVAL for a bad line, -ENOMEM.
 */
int fcap_guard_conf_parse(const char *text, struct fcap_guard_conf *c,
			  unsigned int *line, const char **why)
{
	struct fcap_guard_conf tmp;
	char *copy, *s, *next, *hash;
	unsigned int n = 0;
	int ret = 0;

	fcap_guard_conf_default(&tmp);
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;
	for (s = copy; s; s = next) {
		next = strchr(s, '\n');
		if (next)
			*next++ = '\0';
		n++;
		hash = strchr(s, '#');
		if (hash)
			*hash = '\0';
		if (!*trim(s))
			continue;
		ret = parse_line(s, &tmp, why);
		if (ret) {
			*line = n;
			break;
		}
	}
	free(copy);
	if (!ret)
		*c = tmp;
	return ret;
}

/**
 * fcap_guard_conf_read() - read and parse a guard.conf file
 * @path: the file
 * @c: @line: @why: as fcap_guard_conf_parse(); @line is 0 when the file
 *	could not be read
 *
 * Return: 0, -errno of open()/read(), or fcap_guard_conf_parse()'s.
 */
int fcap_guard_conf_read(const char *path, struct fcap_guard_conf *c,
			 unsigned int *line, const char **why)
{
	char buf[8192];
	ssize_t n;
	size_t len = 0;
	int fd, ret;

	*line = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (len < sizeof(buf) - 1) {
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	ret = n < 0 ? -errno : 0;
	close(fd);
	if (ret)
		return ret;
	if (len == sizeof(buf) - 1) {
		*why = "longer than 8 KiB";
		return -EFBIG;
	}
	buf[len] = '\0';
	return fcap_guard_conf_parse(buf, c, line, why);
}

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	long ret = syscall(SYS_bpf, cmd, attr, sizeof(*attr));

	return ret < 0 ? -errno : (int)ret;
}

static int map_get(const char *dir, const char *name)
{
	union bpf_attr a;
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	memset(&a, 0, sizeof(a));
	a.pathname = (__u64)(unsigned long)path;
	a.file_flags = BPF_F_RDONLY;
	return sys_bpf(BPF_OBJ_GET, &a);
}

static int map_lookup(int fd, __u32 key, void *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (__u64)(unsigned long)&key;
	a.value = (__u64)(unsigned long)val;
	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a);
}

/* The pinned maps: config, and the counts of each cause. */
static int read_pins(const char *dir, struct fcap_guard_state *st)
{
	struct fg_config cfg;
	__u64 n;
	int fd, ret;
	__u32 i;

	fd = map_get(dir, "config");
	if (fd < 0)
		return fd;
	ret = map_lookup(fd, 0, &cfg);
	close(fd);
	if (ret)
		return ret;
	st->mask = cfg.mask;
	st->deny_write = cfg.flags & FG_DENY_WRITE;
	st->locked = cfg.flags & FG_LOCKED;
	fd = map_get(dir, "counts");
	if (fd < 0)
		return fd;
	for (i = 0; i < FCAP_GUARD_CAUSES && !ret; i++) {
		ret = map_lookup(fd, i, &n);
		st->refusals[i] = n;
	}
	close(fd);
	st->counted = !ret;
	return ret;
}

/* The state file: key=value lines, written by the loader. */
static int read_state_file(const char *path, struct fcap_guard_state *st)
{
	char line[256], *v;
	FILE *f = fopen(path, "re");
	int ret = 0;

	if (!f)
		return -errno;
	while (!ret && fgets(line, sizeof(line), f)) {
		v = strchr(line, '=');
		if (!v)
			continue;
		*v++ = '\0';
		v[strcspn(v, "\n")] = '\0';
		if (!strcmp(line, "mask"))
			ret = parse_mask(v, &st->mask);
		else if (!strcmp(line, "deny_write"))
			ret = parse_bool(v, &st->deny_write);
		else if (!strcmp(line, "locked"))
			ret = parse_bool(v, &st->locked);
	}
	fclose(f);
	return ret ? -EINVAL : 0;
}

/**
 * fcap_guard_read() - what the running fcaps-guard enforces
 * @pindir: its pin directory; NULL for FCAP_GUARD_PINDIR
 * @st: filled; @st->loaded false when no guard is pinned there
 *
 * Root (or a holder of CAP_BPF) reads the pinned maps themselves, counts
 * included; others, whom the bpf() system call refuses, read the state
 * file the loader writes (FCAP_GUARD_STATE, no counts).  @st->source
 * says which was read.
 *
 * Return: 0 (loaded or not), or -errno when neither could be read.
 */
int fcap_guard_read(const char *pindir, struct fcap_guard_state *st)
{
	const char *dir = pindir ? pindir : FCAP_GUARD_PINDIR;
	int ret;

	memset(st, 0, sizeof(*st));
	if (access(dir, F_OK) && errno == ENOENT) {
		st->source = dir;
		return 0;
	}
	ret = read_pins(dir, st);
	if (!ret) {
		st->loaded = true;
		st->source = "the pinned maps";
		return 0;
	}
	if (ret == -ENOENT) {
		memset(st, 0, sizeof(*st));
		st->source = dir;
		return 0;
	}
	if (ret != -EPERM && ret != -EACCES)
		return ret;
	memset(st, 0, sizeof(*st));
	ret = read_state_file(FCAP_GUARD_STATE, st);
	if (ret == -ENOENT) {
		st->source = FCAP_GUARD_STATE;
		return 0;
	}
	if (ret)
		return ret;
	st->loaded = true;
	st->source = FCAP_GUARD_STATE;
	return 0;
}

/* The causes of refusal: a name for keys and labels, and English. */
static const struct {
	const char *name, *text;
} causes[] = {
	[FG_EMPTY_VALUE] = { "empty_value", "a zero-length security.capability" },
	[FG_WRITE_MASK] = { "write_mask", "a security.capability outside the mask" },
	[FG_EXEC_MASK] = { "exec_mask", "exec of file capabilities outside the mask" },
	[FG_LOCK_PIN] = { "lock_pin", "removing or renaming a pin of the locked guard" },
	[FG_LOCK_UMOUNT] = { "lock_umount", "unmounting the locked guard's BPF file system" },
};
_Static_assert(sizeof(causes) / sizeof(causes[0]) == FG_CAUSES,
	       "a name for every enum fg_cause");

/**
 * fcap_guard_cause_name() - the name of a cause of refusal, as
 *	fcaps-guard --status and fsck-check --prometheus print it
 * @cause: enum fg_cause (lib/guard-abi.h), below FCAP_GUARD_CAUSES
 *
 * Return: "empty_value", "write_mask", ...; "unknown" out of range.
 */
const char *fcap_guard_cause_name(unsigned int cause)
{
	return cause < FCAP_GUARD_CAUSES ? causes[cause].name : "unknown";
}

/**
 * fcap_guard_cause_text() - what was refused, in English, for a log line
 * @cause: enum fg_cause, below FCAP_GUARD_CAUSES
 *
 * Return: "a zero-length security.capability", ...; "a request" out of
 * range.
 */
const char *fcap_guard_cause_text(unsigned int cause)
{
	return cause < FCAP_GUARD_CAUSES ? causes[cause].text : "a request";
}

/**
 * fcap_guard_policy() - put what the guard enforces in a model policy
 * @st: from fcap_guard_read()
 * @p: its guard fields set (the series' fields untouched)
 */
void fcap_guard_policy(const struct fcap_guard_state *st,
		       struct fcap_policy *p)
{
	p->guard = st->loaded;
	p->guard_mask = st->loaded ? st->mask : ~0ULL;
	p->guard_deny_write = st->loaded && st->deny_write;
}
