// SPDX-License-Identifier: GPL-2.0-only
/*
 * proc.c - read the calling process's state, and the running kernel's
 * file capability policy, for the execve model.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "fcap.h"

/* Map an id through a /proc/self/{uid,gid}_map to the parent namespace. */
static int read_map(const char *path, uint32_t id, uint32_t *out, bool *init)
{
	FILE *f = fopen(path, "re");
	unsigned long in, outer, count;
	int ret = -ENOENT;

	*init = false;
	if (!f)
		return -errno;
	while (fscanf(f, "%lu %lu %lu", &in, &outer, &count) == 3) {
		if (in == 0 && outer == 0 && count == 4294967295UL)
			*init = true;
		if (id >= in && id - in < count) {
			*out = (uint32_t)(outer + (id - in));
			ret = 0;
		}
	}
	fclose(f);
	return ret;
}

static int status_field(const char *line, const char *key, uint64_t *val)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n))
		return 0;
	return sscanf(line + n, "%" SCNx64, val) == 1;
}

static int parse_status(struct fcap_proc *p, uint32_t ids[4], uint32_t gids[4])
{
	FILE *f = fopen("/proc/self/status", "re");
	char line[256];
	int seen = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Uid: %u %u", &ids[0], &ids[1]) == 2)
			seen++;
		else if (sscanf(line, "Gid: %u %u %u %u", &gids[0], &gids[1],
				&gids[2], &gids[3]) == 4)
			seen++;
		else
			seen += status_field(line, "CapInh:", &p->cap_inh) +
				status_field(line, "CapPrm:", &p->cap_prm) +
				status_field(line, "CapEff:", &p->cap_eff) +
				status_field(line, "CapBnd:", &p->cap_bnd) +
				status_field(line, "CapAmb:", &p->cap_amb);
	}
	fclose(f);
	return seen == 7 ? 0 : -EIO;
}

/* The whole of uid_map, when it has at most FCAP_IDMAP_MAX lines. */
static void read_ns_map(struct fcap_idmap *m)
{
	char buf[512];
	size_t n;
	FILE *f = fopen("/proc/self/uid_map", "re");

	memset(m, 0, sizeof(*m));
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	if (n == sizeof(buf) - 1 || fcap_idmap_parse(buf, m))
		memset(m, 0, sizeof(*m));
}

/*
 * The supplementary groups (getgroups(2)), at most FCAP_GROUPS_MAX, as
 * kgids: in a user namespace through gid_map (FCAP_NO_ID where none).
 */
static void read_groups(struct fcap_proc *p, bool in_ns)
{
	gid_t g[FCAP_GROUPS_MAX];
	bool init;
	int i, n = getgroups(FCAP_GROUPS_MAX, g);

	if (n < 0) {
		gid_t *all;
		int total = getgroups(0, NULL);

		all = total > 0 ? calloc((size_t)total, sizeof(*all)) : NULL;
		n = all ? getgroups(total, all) : -1;
		if (n > FCAP_GROUPS_MAX)
			n = FCAP_GROUPS_MAX;
		if (n > 0)
			memcpy(g, all, (size_t)n * sizeof(*g));
		free(all);
	}
	p->ngroups = 0;
	for (i = 0; i < n; i++) {
		uint32_t k = g[i];

		if (in_ns && read_map("/proc/self/gid_map", g[i], &k, &init))
			k = FCAP_NO_ID;
		p->groups[p->ngroups++] = k;
	}
}

/**
 * fcap_proc_read_self() - the calling process as struct fcap_proc
 * @p: filled from /proc/self/status, getgroups(), uid_map, gid_map and
 *	prctl()
 *
 * Ids are translated to the parent namespace through uid_map and gid_map
 * (one level of user namespace nesting is modelled); a tracer is assumed
 * privileged; of more than FCAP_GROUPS_MAX supplementary groups the
 * first FCAP_GROUPS_MAX are kept.
 *
 * Return: 0 or -errno.
 */
int fcap_proc_read_self(struct fcap_proc *p)
{
	uint32_t ids[4] = { 0 }, gids[4] = { 0 }, root = 0;
	bool init = true;
	int ret, bits;

	memset(p, 0, sizeof(*p));
	ret = parse_status(p, ids, gids);
	if (ret)
		return ret;
	p->tracer_capable = true;
	p->ns_depth = 1;
	p->uid = ids[0];
	p->euid = ids[1];
	p->gid = gids[0];
	p->egid = gids[1];
	p->fsgid = gids[3];
	if (read_map("/proc/self/uid_map", 0, &root, &init) == 0 && !init) {
		p->ns_depth = 2;
		p->ns_root[0] = root;
		p->ns_root[1] = 0;
		read_map("/proc/self/uid_map", ids[0], &p->uid, &init);
		read_map("/proc/self/uid_map", ids[1], &p->euid, &init);
		read_map("/proc/self/gid_map", gids[0], &p->gid, &init);
		read_map("/proc/self/gid_map", gids[1], &p->egid, &init);
		read_map("/proc/self/gid_map", gids[3], &p->fsgid, &init);
		read_ns_map(&p->ns_map);
	}
	read_groups(p, p->ns_depth > 1);
	bits = prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
	if (bits >= 0)
		p->securebits = (unsigned int)bits;
	p->no_new_privs = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1;
	return 0;
}

/*
 * Read sysctl @name of the directory @dfd as an unsigned number in @base:
 * digits, an optional newline, nothing else.
 */
static int read_sysctl(int dfd, const char *name, int base, uint64_t *val)
{
	char buf[32], *end;
	ssize_t n;
	int fd;

	fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -EINVAL : -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	if (n == 0 || buf[0] == '-' || buf[0] == '+' || buf[0] == ' ')
		return -EINVAL;
	errno = 0;
	*val = strtoull(buf, &end, base);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

/**
 * fcap_policy_read() - the policy of the running fcaps kernel
 * @dir: the directory of the policy sysctls; NULL for FCAP_POLICY_DIR
 * @p: filled from @dir/enabled and @dir/mask (unchanged on error)
 *
 * Return: 0; -ENOENT when @dir does not exist (a kernel without the fcaps
 * series, whose policy is mainline's); -EINVAL when @dir lacks one of the
 * files or one holds what the series never writes; another -errno when
 * they cannot be read.
 */
int fcap_policy_read(const char *dir, struct fcap_policy *p)
{
	uint64_t enabled, mask;
	int dfd, ret;

	dfd = open(dir ? dir : FCAP_POLICY_DIR,
		   O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	ret = read_sysctl(dfd, "enabled", 10, &enabled);
	if (!ret)
		ret = read_sysctl(dfd, "mask", 16, &mask);
	close(dfd);
	if (ret)
		return ret;
	if (enabled > 1 || (mask & ~fcap_known_mask()))
		return -EINVAL;
	p->enabled = enabled;
	p->mask = mask;
	return 0;
}
