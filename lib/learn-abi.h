/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * learn-abi.h - what fcaps-learn's BPF programs, its loader and lib share:
 * the configuration, the tallies of capability checks, the events in the
 * ring buffer and the kernel's fallback pairs.  Plain C types only: the
 * BPF side includes it after vmlinux-min.h, user space after
 * <linux/types.h>.
 */
#ifndef FCAP_LEARN_ABI_H
#define FCAP_LEARN_ABI_H

#define FL_CAPS		64	/* capability numbers tallied: 0..63 */
#define FL_NOAUDIT_FNS	6	/* raw_tp mode: no-audit callers known */
#define FL_STACK	8	/* raw_tp mode: frames looked at */
#define FL_EXEC_EVENTS	16	/* exec events sent; the rest counted */

/* fl_task.state: a task of the command's tree */
#define FL_ARMED	1	/* its image is not the file being learned */
#define FL_ACTIVE	2	/* its image is: its checks are tallied */

/* fl_config.mode: how checks are seen */
#define FL_MODE_FEXIT	0	/* fexit/security_capable: opts known */
#define FL_MODE_RAWTP	1	/* raw_tp/cap_capable: opts from the stack */

/**
 * struct fl_config - the one entry of the "config" map
 * @dev:	kernel dev_t of the file being learned
 * @ino:	its inode number
 * @mode:	FL_MODE_*
 * @nfns:	entries of @fn_lo/@fn_hi used
 * @fn_lo:	FL_MODE_RAWTP: start of each kernel function that only
 *		makes no-audit checks (ns_capable_noaudit(), ...)
 * @fn_hi:	its end (the next symbol's address)
 */
struct fl_config {
	__u64 dev;
	__u64 ino;
	__u32 mode;
	__u32 nfns;
	__u64 fn_lo[FL_NOAUDIT_FNS];
	__u64 fn_hi[FL_NOAUDIT_FNS];
};

/*
 * What a check of the learned image was; with the capability number,
 * the index of the "tally" map: cap * FL_KINDS + kind.
 */
enum fl_kind {
	FL_GRANTED,		/* audited, the task's own namespace, granted */
	FL_DENIED,		/* ... denied */
	FL_NOAUDIT_GRANTED,	/* CAP_OPT_NOAUDIT, granted */
	FL_NOAUDIT_DENIED,	/* CAP_OPT_NOAUDIT, denied */
	FL_OTHER_NS,		/* against another user namespace */
	FL_FALLBACK,		/* denied, then its fallback was checked */
	FL_KINDS
};

/* The "stats" map's slots. */
enum fl_stat {
	FL_STAT_EXECS,		/* execs of the file in the tree */
	FL_STAT_TASKS_LOST,	/* tasks of the tree not followed (map full) */
	FL_STAT_EVENTS_LOST,	/* events the ring buffer had no room for */
	FL_STATS
};

#define FL_MAX_TASKS	16384

/**
 * struct fl_task - a task of the command's tree (the "tasks" map)
 * @state:	FL_ARMED or FL_ACTIVE
 * @last_cap:	its last check's capability, or -1
 * @last_ret:	that check's result
 */
struct fl_task {
	__u32 state;
	__s32 last_cap;
	__s32 last_ret;
	__u32 pad;
};

/* fl_event.type */
#define FL_EV_FIRST	1	/* the first check of its (cap, kind) */
#define FL_EV_EXEC	2	/* an exec of the file in the tree */

/**
 * struct fl_event - what the ring buffer carries: never one per check
 * @type:	FL_EV_*
 * @cap:	FL_EV_FIRST: the capability
 * @kind:	FL_EV_FIRST: enum fl_kind
 * @pid:	the task (thread id)
 * @comm:	its command name
 */
struct fl_event {
	__u32 type;
	__u32 cap;
	__u32 kind;
	__u32 pid;
	char comm[16];
};

/*
 * The kernel's fallback pairs: where a denied check of the first
 * capability is followed by a check of the second at the same place, the
 * second is what grants the operation.  Returns the second, or -1.
 */
static inline int fl_fallback_of(int cap)
{
	switch (cap) {
	case 2:		/* CAP_DAC_READ_SEARCH: generic_permission() */
		return 1;	/* CAP_DAC_OVERRIDE */
	case 34:	/* CAP_SYSLOG: check_syslog_permissions() */
	case 38:	/* CAP_PERFMON: perfmon_capable() */
	case 39:	/* CAP_BPF: bpf_capable() */
	case 40:	/* CAP_CHECKPOINT_RESTORE */
		return 21;	/* CAP_SYS_ADMIN */
	}
	return -1;
}

#endif /* FCAP_LEARN_ABI_H */
