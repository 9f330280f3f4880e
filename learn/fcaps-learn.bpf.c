// SPDX-License-Identifier: GPL-2.0-only
/*
 * fcaps-learn.bpf.c - tally the capability checks of one program, as
 * fcaps-learn runs it, on the BPF base of fcaps-guard (CO-RE against
 * guard/vmlinux-min.h, a libbpf skeleton).
 *
 *  - The command's process tree is followed from the task the loader
 *    puts in "tasks" (sched_process_fork adds children, _exit removes
 *    them).  A task is FL_ACTIVE while its image is the file being
 *    learned: from an exec of that file (dev, ino) to its next exec.
 *    The shell or runtime that starts it, and what it starts in turn,
 *    are followed but not tallied.
 *  - Each check of an FL_ACTIVE task is tallied by capability and kind
 *    (enum fl_kind): granted or denied, audited or CAP_OPT_NOAUDIT, in
 *    the task's own user namespace or not, and whether it was the denied
 *    first check of a fallback pair (fl_fallback_of()) that the second
 *    followed.  Only the first check of each (capability, kind), and the
 *    first FL_EXEC_EVENTS execs, reach the ring buffer: its memory is
 *    bounded however long the command runs.
 *  - Checks are seen at fexit of security_capable(), which has opts and
 *    the verdict of every LSM, where the kernel runs tracing programs
 *    (Debian's 6.1, 6.12 and 7.3); elsewhere at the cap_capable
 *    tracepoint (6.14 and newer), which has no opts: there a check is
 *    no-audit when its stack passes through a function that makes only
 *    no-audit checks (fl_config.fn_lo/fn_hi, from /proc/kallsyms).
 */
#include "vmlinux-min.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "learn-abi.h"

#define CAP_OPT_NOAUDIT	2	/* BIT(1), include/linux/security.h */
#define BPF_ANY		0	/* include/uapi/linux/bpf.h */
#define BPF_NOEXIST	1

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct fl_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FL_CAPS * FL_KINDS);
	__type(key, __u32);
	__type(value, __u64);
} tally SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FL_STATS);
	__type(key, __u32);
	__type(value, __u64);
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, FL_MAX_TASKS);
	__type(key, __u32);
	__type(value, struct fl_task);
} tasks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 * 1024);
} events SEC(".maps");

static __always_inline struct fl_config *cfg(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&config, &k);
}

static __always_inline __u64 bump(void *map, __u32 key)
{
	__u64 *n = bpf_map_lookup_elem(map, &key);

	if (!n)
		return 0;
	return __sync_fetch_and_add(n, 1);
}

static __always_inline void send(__u32 type, __u32 cap, __u32 kind)
{
	struct fl_event *e;

	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		bump(&stats, FL_STAT_EVENTS_LOST);
		return;
	}
	e->type = type;
	e->cap = cap;
	e->kind = kind;
	e->pid = (__u32)bpf_get_current_pid_tgid();
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_ringbuf_submit(e, 0);
}

static __always_inline void tally_one(__u32 cap, __u32 kind)
{
	if (cap >= FL_CAPS || kind >= FL_KINDS)
		return;
	if (bump(&tally, cap * FL_KINDS + kind) == 0)
		send(FL_EV_FIRST, cap, kind);
}

/* noaudit: 0 or 1, or -1 when this kernel's hook does not say */
static __always_inline void check(const struct cred *cred,
				  const struct user_namespace *ns, int cap,
				  int noaudit, int ret)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct fl_task *t = bpf_map_lookup_elem(&tasks, &tid);
	__u32 kind;

	if (!t || t->state != FL_ACTIVE || cap < 0 || cap >= FL_CAPS)
		return;
	if (ns != BPF_CORE_READ(cred, user_ns))
		kind = FL_OTHER_NS;
	else if (noaudit > 0)
		kind = ret ? FL_NOAUDIT_DENIED : FL_NOAUDIT_GRANTED;
	else
		kind = ret ? FL_DENIED : FL_GRANTED;
	if (t->last_cap >= 0 && t->last_ret &&
	    fl_fallback_of(t->last_cap) == cap)
		tally_one((__u32)t->last_cap, FL_FALLBACK);
	tally_one((__u32)cap, kind);
	t->last_cap = cap;
	t->last_ret = ret;
}

SEC("fexit/security_capable")
int BPF_PROG(fl_capable, const struct cred *cred, struct user_namespace *ns,
	     int cap, unsigned int opts, int ret)
{
	check(cred, ns, cap, (opts & CAP_OPT_NOAUDIT) ? 1 : 0, ret);
	return 0;
}

/* Does the stack pass through a function that makes no-audit checks? */
static __always_inline int stack_noaudit(void *ctx, const struct fl_config *c)
{
	__u64 ips[FL_STACK];
	long n = bpf_get_stack(ctx, ips, sizeof(ips), 0);
	int i, j;

	if (n <= 0)
		return -1;
	n /= sizeof(ips[0]);
	for (i = 0; i < FL_STACK; i++) {
		if (i >= n)
			break;
		for (j = 0; j < FL_NOAUDIT_FNS; j++)
			if (j < c->nfns && ips[i] >= c->fn_lo[j] &&
			    ips[i] < c->fn_hi[j])
				return 1;
	}
	return 0;
}

SEC("raw_tp/cap_capable")
int BPF_PROG(fl_cap_tp, const struct cred *cred,
	     struct user_namespace *target_ns,
	     const struct user_namespace *capable_ns, int cap, int ret)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct fl_task *t = bpf_map_lookup_elem(&tasks, &tid);
	struct fl_config *c = cfg();

	if (!t || t->state != FL_ACTIVE || !c)
		return 0;
	check(cred, target_ns, cap, stack_noaudit(ctx, c), ret);
	return 0;
}

static __always_inline bool is_target(const struct linux_binprm *bprm)
{
	struct fl_config *c = cfg();
	struct inode *inode = BPF_CORE_READ(bprm, file, f_inode);

	return c && inode && BPF_CORE_READ(inode, i_ino) == c->ino &&
	       BPF_CORE_READ(inode, i_sb, s_dev) == c->dev;
}

SEC("raw_tp/sched_process_exec")
int BPF_PROG(fl_exec, struct task_struct *p, int old_pid,
	     struct linux_binprm *bprm)
{
	__u32 tid = BPF_CORE_READ(p, pid), old = (__u32)old_pid;
	struct fl_task *t = bpf_map_lookup_elem(&tasks, &tid);

	/* a thread's exec: the thread became the leader, with its pid */
	if (!t && old != tid) {
		t = bpf_map_lookup_elem(&tasks, &old);
		if (t && bpf_map_update_elem(&tasks, &tid, t, BPF_ANY) == 0)
			bpf_map_delete_elem(&tasks, &old);
		t = bpf_map_lookup_elem(&tasks, &tid);
	}
	if (!t)
		return 0;
	t->last_cap = -1;
	if (!is_target(bprm)) {
		t->state = FL_ARMED;
		return 0;
	}
	t->state = FL_ACTIVE;
	if (bump(&stats, FL_STAT_EXECS) < FL_EXEC_EVENTS)
		send(FL_EV_EXEC, 0, 0);
	return 0;
}

SEC("raw_tp/sched_process_fork")
int BPF_PROG(fl_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptid = BPF_CORE_READ(parent, pid), ctid = BPF_CORE_READ(child, pid);
	struct fl_task *t = bpf_map_lookup_elem(&tasks, &ptid);
	struct fl_task n;

	if (!t)
		return 0;
	n = *t;
	n.last_cap = -1;
	if (bpf_map_update_elem(&tasks, &ctid, &n, BPF_NOEXIST))
		bump(&stats, FL_STAT_TASKS_LOST);
	return 0;
}

SEC("raw_tp/sched_process_exit")
int BPF_PROG(fl_exit, struct task_struct *p)
{
	__u32 tid = BPF_CORE_READ(p, pid);

	bpf_map_delete_elem(&tasks, &tid);
	return 0;
}
