// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcaps-guard.bpf.c - the fcaps series' fix and admin mask as BPF LSM
 * programs, for kernels that run the BPF LSM (Debian's 6.1, 6.12, 7.3).
 *
 *  - setxattr of a zero-length security.capability fails with EINVAL, for
 *    every caller (the fix series' patch 1: vfs_setxattr() skips
 *    cap_convert_nscap() when the size is 0);
 *  - with FG_DENY_WRITE, a value whose fP or fI leaves the mask fails
 *    with EPERM;
 *  - an exec whose file grant leaves the mask fails with EPERM, as the
 *    bounding set makes a capability-dumb binary fail.  The programs see
 *    the new credentials that commoncap computed (it runs first): under
 *    the file rules pP' = (fP & X) | (fI & pI) | pA', and pA' is empty
 *    whenever the file has a value, so pP' & ~pA' is the file's grant.
 *    Under root's rules (pP' = X | pI) the value does not show, and the
 *    guard does not judge root's execs;
 *  - with FG_LOCKED, the pins cannot be removed or renamed and their BPF
 *    file system cannot be unmounted.  Nothing detaches an LSM link (no
 *    ->detach for tracing links) and the maps are frozen, so with the
 *    pins held the programs stay until reboot.
 * Every refusal is counted; FG_RATE per cause and second are also sent
 * to the loader, which logs them.
 */
#include "vmlinux-min.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "guard-abi.h"

#define EPERM		1
#define EINVAL		22
#define SECURE_NOROOT	0x1
#define NS_EXTENTS	5
#define NSEC_PER_SEC	1000000000ULL

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct fg_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FG_CAUSES);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

struct fg_rate {
	__u64 window;
	__u64 sent;
	__u64 suppressed;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FG_CAUSES);
	__type(key, __u32);
	__type(value, struct fg_rate);
} rates SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 64 * 1024);
} events SEC(".maps");

static __always_inline struct fg_config *cfg(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&config, &k);
}

/*
 * Count a refusal; return an event to fill and submit, or NULL when the
 * cause is over its rate (or the ring is full): then it is only counted.
 */
static __always_inline struct fg_event *refusal(__u32 cause, int err)
{
	__u64 now = bpf_ktime_get_ns(), *n;
	struct fg_rate *r;
	struct fg_event *e;
	__u32 k = cause;

	n = bpf_map_lookup_elem(&counts, &k);
	if (n)
		__sync_fetch_and_add(n, 1);
	r = bpf_map_lookup_elem(&rates, &k);
	if (!r)
		return NULL;
	if (now - r->window >= NSEC_PER_SEC) {
		r->window = now;
		r->sent = 0;
	}
	if (r->sent >= FG_RATE) {
		__sync_fetch_and_add(&r->suppressed, 1);
		return NULL;
	}
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		__sync_fetch_and_add(&r->suppressed, 1);
		return NULL;
	}
	r->sent++;
	e->suppressed = r->suppressed;
	r->suppressed = 0;
	e->cause = cause;
	e->err = err;
	e->uid = (__u32)bpf_get_current_uid_gid();
	e->pid = bpf_get_current_pid_tgid() >> 32;
	e->caps = 0;
	e->dev = 0;
	e->ino = 0;
	e->depth = 0;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	return e;
}

/* The file and its parents' names, innermost first, and its inode. */
static __always_inline void event_dentry(struct fg_event *e,
					 struct dentry *d)
{
	struct inode *inode = BPF_CORE_READ(d, d_inode);
	unsigned int i;

	if (inode) {
		e->ino = BPF_CORE_READ(inode, i_ino);
		e->dev = BPF_CORE_READ(inode, i_sb, s_dev);
	}
	for (i = 0; i < FG_DEPTH; i++) {
		struct dentry *parent = BPF_CORE_READ(d, d_parent);

		bpf_probe_read_kernel_str(e->name[i], FG_NAME_LEN,
					  BPF_CORE_READ(d, d_name.name));
		e->depth = i + 1;
		if (!parent || parent == d)
			break;
		d = parent;
	}
}

static __always_inline bool is_capability(const char *name)
{
	static const char want[] = "security.capability";
	char buf[sizeof(want)];
	unsigned int i;

	if (bpf_probe_read_kernel_str(buf, sizeof(buf), name) != sizeof(want))
		return false;
	for (i = 0; i < sizeof(want); i++)
		if (buf[i] != want[i])
			return false;
	return true;
}

/*
 * The value is read with bpf_get_func_arg(): 6.1's verifier refuses a
 * load of a void * argument from the context.
 */
SEC("lsm/inode_setxattr")
int BPF_PROG(fg_setxattr, void *idmap, struct dentry *dentry,
	     const char *name)
{
	struct fg_config *c;
	struct fg_event *e;
	__u64 value, size;
	__u32 w[5];
	__u64 out;

	if (bpf_get_func_arg(ctx, 3, &value) || bpf_get_func_arg(ctx, 4, &size))
		return 0;

	if (!is_capability(name))
		return 0;
	if (!size) {
		e = refusal(FG_EMPTY_VALUE, EINVAL);
		if (e) {
			event_dentry(e, dentry);
			bpf_ringbuf_submit(e, 0);
		}
		return -EINVAL;
	}
	c = cfg();
	if (!c || !(c->flags & FG_DENY_WRITE) || size < sizeof(w))
		return 0;
	/* v2 and v3 alike: magic, then {fP, fI} low and high words */
	if (bpf_probe_read_kernel(w, sizeof(w), (const void *)value))
		return 0;
	out = (w[1] | w[2] | ((__u64)(w[3] | w[4]) << 32)) & ~c->mask;
	if (!out)
		return 0;
	e = refusal(FG_WRITE_MASK, EPERM);
	if (e) {
		e->caps = out;
		event_dentry(e, dentry);
		bpf_ringbuf_submit(e, 0);
	}
	return -EPERM;
}

/* make_kuid(ns, 0): kuid 0 in the initial namespace, else the extent. */
static __always_inline __u32 root_kuid(struct user_namespace *ns)
{
	struct uid_gid_extent x;
	__u32 n, i;

	if (!ns || !BPF_CORE_READ(ns, level))
		return 0;
	n = BPF_CORE_READ(ns, uid_map.nr_extents);
	if (n > NS_EXTENTS)
		return 0;	/* see fcaps-guard(8): taken as root's rules */
	for (i = 0; i < NS_EXTENTS; i++) {
		if (i >= n)
			break;
		if (bpf_probe_read_kernel(&x, sizeof(x),
					  &ns->uid_map.extent[i]))
			break;
		if (x.first == 0 && x.count)
			return x.lower_first;
	}
	return (__u32)-1;
}

static __always_inline __u64 cap_set(kernel_cap_t *set)
{
	__u64 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), set);
	return v;
}

SEC("lsm/bprm_creds_from_file")
int BPF_PROG(fg_exec, struct linux_binprm *bprm, struct file *file)
{
	struct cred *new = BPF_CORE_READ(bprm, cred);
	struct fg_config *c = cfg();
	struct fg_event *e;
	__u32 root, bits;
	__u64 grant;

	if (!c || !new)
		return 0;
	root = root_kuid(BPF_CORE_READ(new, user_ns));
	bits = BPF_CORE_READ(new, securebits);
	if (!(bits & SECURE_NOROOT) && (BPF_CORE_READ(new, uid.val) == root ||
					BPF_CORE_READ(new, euid.val) == root))
		return 0;
	grant = cap_set(&new->cap_permitted) & ~cap_set(&new->cap_ambient);
	grant &= ~c->mask;
	if (!grant)
		return 0;
	e = refusal(FG_EXEC_MASK, EPERM);
	if (e) {
		struct inode *inode = BPF_CORE_READ(file, f_inode);

		e->caps = grant;
		e->ino = BPF_CORE_READ(inode, i_ino);
		e->dev = BPF_CORE_READ(inode, i_sb, s_dev);
		bpf_probe_read_kernel_str(e->name[0], sizeof(e->name),
					  BPF_CORE_READ(bprm, interp));
		e->depth = 1;
		bpf_ringbuf_submit(e, 0);
	}
	return -EPERM;
}

/* The pin directory, while the guard is locked. */
static __always_inline bool locked_pin_dir(struct inode *dir)
{
	struct fg_config *c = cfg();

	return c && (c->flags & FG_LOCKED) && dir &&
	       BPF_CORE_READ(dir, i_ino) == c->pin_ino &&
	       BPF_CORE_READ(dir, i_sb, s_dev) == c->pin_dev;
}

static __always_inline int refuse_pin(struct dentry *d)
{
	struct fg_event *e = refusal(FG_LOCK_PIN, EPERM);

	if (e) {
		event_dentry(e, d);
		bpf_ringbuf_submit(e, 0);
	}
	return -EPERM;
}

SEC("lsm/inode_unlink")
int BPF_PROG(fg_unlink, struct inode *dir, struct dentry *dentry)
{
	return locked_pin_dir(dir) ? refuse_pin(dentry) : 0;
}

SEC("lsm/inode_rmdir")
int BPF_PROG(fg_rmdir, struct inode *dir, struct dentry *dentry)
{
	return locked_pin_dir(BPF_CORE_READ(dentry, d_inode)) ?
	       refuse_pin(dentry) : 0;
}

SEC("lsm/inode_rename")
int BPF_PROG(fg_rename, struct inode *old_dir, struct dentry *old_dentry,
	     struct inode *new_dir, struct dentry *new_dentry)
{
	if (locked_pin_dir(old_dir) || locked_pin_dir(new_dir) ||
	    locked_pin_dir(BPF_CORE_READ(old_dentry, d_inode)))
		return refuse_pin(old_dentry);
	return 0;
}

SEC("lsm/sb_umount")
int BPF_PROG(fg_umount, struct vfsmount *mnt, int flags)
{
	struct fg_config *c = cfg();
	struct fg_event *e;

	if (!c || !(c->flags & FG_LOCKED) ||
	    BPF_CORE_READ(mnt, mnt_sb, s_dev) != c->pin_dev)
		return 0;
	e = refusal(FG_LOCK_UMOUNT, EPERM);
	if (e) {
		e->dev = c->pin_dev;
		bpf_ringbuf_submit(e, 0);
	}
	return -EPERM;
}
