// SPDX-License-Identifier: GPL-2.0-only
/*
 * model.c - what execve() does to a process's capabilities.
 *
 * A pure function of the process, the file and the kernel: the rules of
 * bprm_fill_uid() (fs/exec.c) and cap_bprm_creds_from_file()
 * (security/commoncap.c) in Linux 6.12, 6.1 and 7.3, plus the changes of
 * the fcaps series.  The lines differ in one test, what exec calls a
 * change of id (exec_id_changed()).  The guest suites (tests/vm/model-*.sh)
 * check it against the stock and the patched kernel of each line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fcap.h"

#define CAP_SETUID_BIT	(1ULL << 7)

/**
 * fcap_policy_default() - the policy of a freshly booted fcaps kernel
 * @p: filled: enabled, every capability grantable
 */
void fcap_policy_default(struct fcap_policy *p)
{
	p->enabled = true;
	p->mask = ~0ULL;
	p->guard = false;
	p->guard_mask = ~0ULL;
	p->guard_deny_write = false;
}

/**
 * fcap_proc_init() - a plain login process of @uid in the initial namespace
 * @p: filled
 * @uid: real and effective uid, gid and fsgid, no supplementary groups;
 *	uid 0 holds the full bounding set in pP and pE, as after a root login
 */
void fcap_proc_init(struct fcap_proc *p, uint32_t uid)
{
	memset(p, 0, sizeof(*p));
	p->uid = p->euid = p->gid = p->egid = p->fsgid = uid;
	p->cap_bnd = fcap_known_mask();
	if (uid == 0)
		p->cap_prm = p->cap_eff = p->cap_bnd;
	p->tracer_capable = true;
	p->ns_depth = 1;
	p->ns_root[0] = 0;
}

/*
 * rootid_owns_currentns(): the value's root must be uid 0 of the caller's
 * namespace or of one of its ancestors.  The initial namespace's root is
 * kuid 0, so a v2 value (root 0) always qualifies.
 */
static bool rootid_owns(const struct fcap_proc *proc, uint32_t kroot)
{
	unsigned int i, depth = proc->ns_depth;

	if (depth == 0 || depth > FCAP_NS_DEPTH_MAX)
		depth = 1;
	if (kroot == 0)
		return true;
	for (i = 0; i < depth; i++)
		if (proc->ns_root[i] == kroot)
			return true;
	return false;
}

static uint32_t ns_root_uid(const struct fcap_proc *proc)
{
	return proc->ns_depth > 1 && proc->ns_depth <= FCAP_NS_DEPTH_MAX ?
	       proc->ns_root[0] : 0;
}

/* @id through @m's extents, from first to lower (@up: lower to first). */
static uint32_t idmap_walk(const struct fcap_idmap *m, uint32_t id, bool up)
{
	unsigned int i;

	if (!m || !m->n)
		return id;
	if (id == FCAP_NO_ID)
		return FCAP_NO_ID;
	for (i = 0; i < m->n && i < FCAP_IDMAP_MAX; i++) {
		uint32_t from = up ? m->ext[i].lower : m->ext[i].first;
		uint32_t to = up ? m->ext[i].first : m->ext[i].lower;

		if (id >= from && id - from < m->ext[i].count)
			return to + (id - from);
	}
	return FCAP_NO_ID;
}

/**
 * fcap_idmap_map() - an id stored in the file system, seen through a mount
 * @m: the mount's idmap (@m->n == 0: not idmapped, ids pass unchanged)
 * @id: the stored id
 *
 * Return: the id through the mount (make_vfsuid()), or FCAP_NO_ID when
 * the idmap has no mapping for @id.
 */
uint32_t fcap_idmap_map(const struct fcap_idmap *m, uint32_t id)
{
	return idmap_walk(m, id, false);
}

/**
 * fcap_idmap_unmap() - the id stored in the file system for an id seen
 *	through a mount (from_vfsuid()), the inverse of fcap_idmap_map()
 * @m: the mount's idmap
 * @id: the id through the mount
 *
 * Return: the stored id, or FCAP_NO_ID.
 */
uint32_t fcap_idmap_unmap(const struct fcap_idmap *m, uint32_t id)
{
	return idmap_walk(m, id, true);
}

/**
 * fcap_idmap_parse() - an idmap from uid_map text ("first lower count"
 *	per line, as /proc/PID/uid_map shows and takes it)
 * @text: the lines
 * @m: filled
 *
 * Return: 0, or -EINVAL for a malformed line, a zero count, a range
 * past 2^32 or more than FCAP_IDMAP_MAX lines.
 */
int fcap_idmap_parse(const char *text, struct fcap_idmap *m)
{
	const char *p = text;

	memset(m, 0, sizeof(*m));
	while (*p) {
		unsigned long v[3];
		char *end;
		int i;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		if (m->n == FCAP_IDMAP_MAX)
			return -EINVAL;
		for (i = 0; i < 3; i++) {
			if (*p < '0' || *p > '9')
				return -EINVAL;
			v[i] = strtoul(p, &end, 10);
			if (end == p || v[i] > 0xffffffffUL)
				return -EINVAL;
			p = end;
			while (*p == ' ' || *p == '\t')
				p++;
		}
		if (*p && *p != '\n')
			return -EINVAL;
		if (!v[2] || v[0] + v[2] > 0x100000000UL ||
		    v[1] + v[2] > 0x100000000UL)
			return -EINVAL;
		m->ext[m->n].first = (uint32_t)v[0];
		m->ext[m->n].lower = (uint32_t)v[1];
		m->ext[m->n].count = (uint32_t)v[2];
		m->n++;
	}
	return 0;
}

/*
 * From which release on each line's rules hold, oldest first; a release
 * follows the last entry not newer than it, and is a line of its own
 * when @name is set and its MAJOR.MINOR is the entry's.  Releases older
 * than all follow the oldest line.
 */
static const struct {
	unsigned int major, minor;
	enum fcap_kver ver;
	const char *name;
} kvers[] = {
	{ 6, 1, FCAP_KVER_6_1, "6.1" },
	/* 6.2-6.11: where copy-up came to drop a refused value is unknown */
	{ 6, 12, FCAP_KVER_6_12, "6.12" },
	/*
	 * exec's id_changed test (upstream 337490f0007f, "exec: Correct the
	 * permission check for unsafe exec", reviewed in June 2025 after
	 * 6.16's merge window, so taken as first in 6.17: no 6.16 or 6.17
	 * tree checked); a 6.18.44 host follows 7.3's rules at exec
	 */
	{ 6, 17, FCAP_KVER_7_3, NULL },
	{ 7, 3, FCAP_KVER_7_3, "7.3" },
};

#define NKVERS	(sizeof(kvers) / sizeof(kvers[0]))

/* A decimal number of at most 4 digits at *@p, moving @p past it. */
static int version_part(const char **p, unsigned int *n)
{
	unsigned int digits = 0;

	*n = 0;
	while (**p >= '0' && **p <= '9' && digits < 5) {
		*n = *n * 10 + (unsigned int)(**p - '0');
		(*p)++;
		digits++;
	}
	return digits && digits < 5 ? 0 : -EINVAL;
}

/**
 * fcap_kver_of_release() - the kernel line whose rules a release follows
 * @release: a kernel release as uname(2) gives it ("7.3.4-amd64")
 * @ver: set to the line of @release's MAJOR.MINOR; for a version that is
 *	no line, the line whose rules it follows (from 6.17 on 7.3's, 6.13
 *	to 6.16 6.12's; before 6.12 the nearest older line, before 6.1
 *	6.1); for text that is no MAJOR.MINOR, FCAP_KVER_6_12
 *
 * Return: 0 when @release is of one of the lines, -ENOENT when it is not
 * and @ver is the line taken for it, -EINVAL when @release is not
 * understood.
 */
int fcap_kver_of_release(const char *release, enum fcap_kver *ver)
{
	const char *p = release;
	unsigned int major, minor, i;

	*ver = FCAP_KVER_6_12;
	if (!p || version_part(&p, &major) || *p++ != '.' ||
	    version_part(&p, &minor))
		return -EINVAL;
	*ver = kvers[0].ver;
	for (i = 0; i < NKVERS; i++) {
		if (major < kvers[i].major ||
		    (major == kvers[i].major && minor < kvers[i].minor))
			break;
		*ver = kvers[i].ver;
		if (kvers[i].name && major == kvers[i].major &&
		    minor == kvers[i].minor)
			return 0;
	}
	return -ENOENT;
}

/**
 * fcap_kver_name() - a kernel line's version ("6.12", "6.1", "7.3")
 * @ver: the line
 *
 * Return: a static string; "?" for a value that is no line.
 */
const char *fcap_kver_name(enum fcap_kver ver)
{
	unsigned int i;

	for (i = 0; i < NKVERS; i++)
		if (kvers[i].ver == ver && kvers[i].name)
			return kvers[i].name;
	return "?";
}

/*
 * bprm_fill_uid(): set-id bits, unless nosuid, no_new_privs or unmapped
 * (the owner seen through the mount's idmap).
 */
static void fill_uid(const struct fcap_proc *proc, const struct fcap_file *f,
		     struct fcap_exec *out)
{
	uint32_t uid = fcap_idmap_map(&f->idmap, f->uid);
	uint32_t gid = fcap_idmap_map(&f->idmap, f->gid);

	if (f->nosuid || proc->no_new_privs)
		return;
	if ((f->mode & S_ISUID) && f->owner_mapped && uid != FCAP_NO_ID)
		out->euid = uid;
	if ((f->mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) &&
	    f->group_mapped && gid != FCAP_NO_ID)
		out->egid = gid;
}

/*
 * get_file_caps() + bprm_caps_from_vfs_caps().  Returns 0 with
 * has_fcap and effective set and out->cap_prm computed, or the exec error.
 */
static int file_caps(const struct fcap_proc *proc, const struct fcap_file *f,
		     enum fcap_kernel k, const struct fcap_policy *pol,
		     struct fcap_exec *out, bool *has_fcap, bool *effective)
{
	const struct fcap_value *v = &f->xattr;
	struct fcap_verdict verdict;
	uint64_t fp, fi;
	uint32_t kroot;

	out->cap_prm = 0;
	if (k == FCAP_KERNEL_FCAPS && pol && !pol->enabled) {
		out->why = "file capabilities are switched off by policy";
		return 0;
	}
	if (f->nosuid) {
		out->why = "the file is on a nosuid mount: its capabilities are ignored";
		return 0;
	}
	if (!f->has_xattr) {
		out->why = "the file carries no capabilities";
		return 0;
	}
	fcap_verdict(v, k, &verdict);
	if (verdict.exec == -ENODATA) {
		out->why = "the kernel treats this malformed value as no value";
		return 0;
	}
	if (verdict.exec) {
		out->why = "the kernel cannot read this value: exec fails";
		return verdict.exec;
	}
	/*
	 * The value's root (v2: the file system's root, 0) as the mount
	 * shows it: get_vfs_caps_from_disk() maps it through the idmap.
	 */
	kroot = fcap_idmap_map(&f->idmap, v->has_rootid ? v->rootid : 0);
	if (kroot == FCAP_NO_ID && f->overlay) {
		out->why = "read through overlayfs, getxattr refuses a value whose root has no id through the layer's idmap (EOVERFLOW): exec fails";
		return -EOVERFLOW;
	}
	if (kroot == FCAP_NO_ID) {
		out->why = "the value's root has no id here (through the mount's idmap, or in this namespace): ignored";
		return 0;
	}
	if (!rootid_owns(proc, kroot)) {
		out->why = "the value belongs to another user namespace (rootid): ignored";
		return 0;
	}
	fp = v->permitted & fcap_known_mask();
	fi = v->inheritable & fcap_known_mask();
	*has_fcap = true;
	*effective = v->effective;
	out->cap_prm = (proc->cap_bnd & fp) | (proc->cap_inh & fi);
	out->why = "pP' = (fP & X) | (fI & pI)";
	/* the series' mask: a second bounding set for what a file grants */
	if (k == FCAP_KERNEL_FCAPS && pol && (out->cap_prm & ~pol->mask)) {
		out->cap_prm &= pol->mask;
		out->why = "pP' = ((fP & X) | (fI & pI)) & kernel.fcaps.mask: the mask narrows the grant";
	}
	if (*effective && (fp & ~out->cap_prm)) {
		bool by_mask = k == FCAP_KERNEL_FCAPS && pol &&
			       (fp & proc->cap_bnd & ~pol->mask);

		out->cap_prm = 0;
		out->why = by_mask ?
			"effective flag set but kernel.fcaps.mask withholds part of fP: capability-dumb binary, exec fails, as the bounding set makes it" :
			"effective flag set but the bounding set or pI withholds part of fP: capability-dumb binary, exec fails";
		return -EPERM;
	}
	return 0;
}

/* handle_privileged_root(): the legacy root rules. */
static void privileged_root(const struct fcap_proc *proc, bool has_fcap,
			    bool *effective, uint32_t root,
			    struct fcap_exec *out)
{
	if (proc->securebits & FCAP_SECURE_NOROOT)
		return;
	if (has_fcap && out->uid != root && out->euid == root) {
		out->why = "set-uid-root file with capabilities run by non-root: only the file's capabilities apply";
		return;
	}
	if (out->euid == root || out->uid == root) {
		out->cap_prm = proc->cap_bnd | proc->cap_inh;
		out->why = "root: pP' = X | pI";
	}
	if (out->euid == root)
		*effective = true;
}

/*
 * in_group_p() of the process before exec: @gid is its fsgid or one of
 * its supplementary groups.
 */
static bool in_group(const struct fcap_proc *proc, uint32_t gid)
{
	unsigned int i;

	if (gid == proc->fsgid)
		return true;
	for (i = 0; i < proc->ngroups && i < FCAP_GROUPS_MAX; i++)
		if (proc->groups[i] == gid)
			return true;
	return false;
}

/**
 * exec_id_changed() - whether exec changes the process's ids, the test
 *	that clears pA, brings the no_new_privs / shared fs_struct /
 *	unprivileged tracer downgrade, and (with more) makes AT_SECURE
 * @proc: the process before exec
 * @out: the new ids, as bprm_fill_uid() set them
 * @ver: the kernel line
 *
 * 6.12 and 6.1 (__is_setuid() || __is_setgid()): the new euid is not
 * the old *real* uid, or the new egid not the old real gid, so a process
 * whose euid and uid already differ "changes id" at every exec.  7.3
 * (id_changed): the new euid is not the old euid, or the new egid is not
 * in_group_p() of the old process (its fsgid or a supplementary group).
 *
 * Return: true when exec changes ids, as that line counts it.
 */
static bool exec_id_changed(const struct fcap_proc *proc,
			    const struct fcap_exec *out, enum fcap_kver ver)
{
	if (ver == FCAP_KVER_7_3)
		return out->euid != proc->euid || !in_group(proc, out->egid);
	return out->euid != proc->uid || out->egid != proc->gid;
}

/*
 * fcaps-guard's exec rule (guard/fcaps-guard.bpf.c, fg_exec): it runs
 * after commoncap and sees only the new credentials.  Unless root's
 * rules made them (uid or euid root, no SECURE_NOROOT), the file's grant
 * is pP' & ~pA' (pA' is empty whenever the file has a value), and a
 * grant outside the guard's mask fails the exec with EPERM.
 */
static void guard_exec(const struct fcap_policy *pol, uint32_t root,
		       struct fcap_exec *out)
{
	uint64_t grant;

	if (!pol || !pol->guard || out->error)
		return;
	if (!(out->securebits & FCAP_SECURE_NOROOT) &&
	    (out->uid == root || out->euid == root))
		return;
	grant = out->cap_prm & ~out->cap_amb & ~pol->guard_mask;
	if (!grant)
		return;
	memset(out, 0, sizeof(*out));
	out->error = -EPERM;
	out->guard_refused = grant;
	out->why = "fcaps-guard: the file grants capabilities outside its mask, exec fails";
}

/**
 * fcap_guard_setxattr() - whether fcaps-guard lets a security.capability
 *	write through (fg_setxattr); the kernel's own checks come on top
 * @policy: the policy, with @policy->guard
 * @in: the value written (@in->size 0: the empty value)
 *
 * Return: 0; -EINVAL for a zero-length value (every caller, root too,
 * as the series refuses it); -EPERM under deny_write for a v2 or v3
 * value whose fP or fI leaves the guard's mask.
 */
int fcap_guard_setxattr(const struct fcap_policy *policy,
			const struct fcap_value *in)
{
	if (!policy || !policy->guard)
		return 0;
	if (!in->size)
		return -EINVAL;
	if (policy->guard_deny_write && in->size >= 20 &&
	    ((in->permitted | in->inheritable) & ~policy->guard_mask))
		return -EPERM;
	return 0;
}

/**
 * fcap_model_exec() - the credentials a process has after execve(@file)
 * @proc: the process before exec
 * @file: the executable
 * @k: which kernel: mainline or with the fcaps series
 * @ver: which kernel line (6.12, 6.1, 7.3)
 * @policy: the admin policy: the series' sysctls (FCAP_KERNEL_FCAPS
 *	only) and fcaps-guard's mask (any kernel); NULL for the default
 * @out: the result; @out->error non-zero means execve() fails
 */
void fcap_model_exec(const struct fcap_proc *proc, const struct fcap_file *file,
		     enum fcap_kernel k, enum fcap_kver ver,
		     const struct fcap_policy *policy, struct fcap_exec *out)
{
	uint32_t root = ns_root_uid(proc);
	bool has_fcap = false, effective = false, is_setid, gained, unsafe;

	memset(out, 0, sizeof(*out));
	out->uid = proc->uid;
	out->euid = proc->euid;
	out->gid = proc->gid;
	out->egid = proc->egid;
	out->cap_inh = proc->cap_inh;
	out->cap_bnd = proc->cap_bnd;
	out->cap_amb = proc->cap_amb;
	out->securebits = proc->securebits;

	fill_uid(proc, file, out);
	out->error = file_caps(proc, file, k, policy, out, &has_fcap,
			       &effective);
	if (out->error) {
		out->cap_prm = 0;
		return;
	}
	out->file_caps = has_fcap;
	privileged_root(proc, has_fcap, &effective, root, out);

	/* decided on the ids bprm_fill_uid() set, before any downgrade */
	is_setid = exec_id_changed(proc, out, ver);
	gained = out->cap_prm & ~proc->cap_prm;
	unsafe = proc->no_new_privs || proc->shared_fs ||
		 (proc->traced && !proc->tracer_capable);
	if ((is_setid || gained) && unsafe) {
		if (!(proc->cap_eff & CAP_SETUID_BIT) || proc->no_new_privs) {
			out->euid = out->uid;
			out->egid = out->gid;
		}
		out->cap_prm &= proc->cap_prm;
		out->why = "no_new_privs, a shared fs_struct or an unprivileged tracer: no more than the process had";
	}
	if (has_fcap || is_setid)
		out->cap_amb = 0;
	out->cap_prm |= out->cap_amb;
	out->cap_eff = effective ? out->cap_prm : out->cap_amb;
	out->securebits &= ~FCAP_SECURE_KEEP_CAPS;
	/* AT_SECURE: an id change, or caps beyond pA for a non-root uid */
	out->secure = is_setid || (out->uid != root &&
		      (effective || (out->cap_prm & ~out->cap_amb)));
	/*
	 * 7.3 also calls an exec secure when the new euid or egid (after
	 * any downgrade) is not the old real one, as 6.12's test was.
	 */
	if (ver == FCAP_KVER_7_3 &&
	    (out->euid != proc->uid || out->egid != proc->gid))
		out->secure = true;
	guard_exec(policy, root, out);
}

/**
 * fcap_model_setxattr() - what setxattr(security.capability) by @proc
 *	stores (cap_convert_nscap())
 * @proc: the writer
 * @file: the file, with the idmap of the mount it is written through;
 *	@file->owner_mapped says whether its owner, seen through that idmap,
 *	is mapped in the writer's user namespace
 * @in: the value passed to setxattr()
 * @k: which kernel
 * @stored: the value the file system then holds
 *
 * The writer needs CAP_SETFCAP (in its effective set) over the file.  A
 * v2 value written by one holding it in the initial namespace through a
 * mount that is not idmapped is stored as it is; any other value is
 * stored as v3 whose rootid is the writer's root (v2) or the value's
 * rootid, taken as an id of the writer's namespace (through
 * @proc->ns_map) and then back through the idmap to the id the file
 * system stores.  The file system is taken to belong to
 * the initial namespace.
 *
 * Return: 0 with @stored filled, or the negative errno setxattr() fails
 * with: -EINVAL for a value the kernel refuses or a root with no id in
 * the file system, -EPERM without CAP_SETFCAP over the file.
 */
int fcap_model_setxattr(const struct fcap_proc *proc,
			const struct fcap_file *file,
			const struct fcap_value *in, enum fcap_kernel k,
			struct fcap_value *stored)
{
	const uint64_t setfcap = 1ULL << 31;
	struct fcap_verdict vd;
	uint32_t root, fsroot;
	bool init_ns = proc->ns_depth <= 1;

	fcap_verdict(in, k, &vd);
	if (vd.write == -EINVAL ||
	    !((in->rev == 2 && in->size == 20) ||
	      (in->rev == 3 && in->size == 24)))
		return -EINVAL;
	if (!(proc->cap_eff & setfcap) || !file->owner_mapped ||
	    fcap_idmap_map(&file->idmap, file->uid) == FCAP_NO_ID)
		return -EPERM;
	*stored = *in;
	if (in->rev == 2 && !file->idmap.n && init_ns)
		return 0;
	root = in->rev == 3 ? in->rootid : 0;
	if (!init_ns && proc->ns_map.n) {
		root = fcap_idmap_map(&proc->ns_map, root);
	} else if (!init_ns) {
		if (proc->ns_root[0] > FCAP_NO_ID - 1 - root)
			return -EINVAL;
		root += proc->ns_root[0];
	}
	fsroot = fcap_idmap_unmap(&file->idmap, root);
	if (fsroot == FCAP_NO_ID)
		return -EINVAL;
	stored->rev = 3;
	stored->size = 24;
	stored->magic = 0x03000000U | (in->effective ? 1U : 0U);
	stored->has_rootid = true;
	stored->rootid = fsroot;
	stored->problems = 0;
	return 0;
}
