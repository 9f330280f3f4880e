/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * guard-abi.h - what fcaps-guard's BPF programs, its loader and lib share:
 * the configuration map's value, the causes of a refusal and the event
 * the programs put in the ring buffer.  Plain C types only: the BPF side
 * includes it after vmlinux-min.h, user space after <linux/types.h>.
 */
#ifndef FCAP_GUARD_ABI_H
#define FCAP_GUARD_ABI_H

/* fg_config.flags */
#define FG_DENY_WRITE	0x1	/* refuse writes of values outside the mask */
#define FG_LOCKED	0x2	/* pins and bpffs protected until reboot */

/**
 * struct fg_config - the one entry of the frozen "config" map
 * @mask:	capabilities a file may grant (fP and fI)
 * @flags:	FG_DENY_WRITE, FG_LOCKED
 * @pin_dev:	kernel dev_t of the BPF file system holding the pins
 * @pin_ino:	inode number of the pin directory there
 */
struct fg_config {
	__u64 mask;
	__u32 flags;
	__u32 pad;
	__u64 pin_dev;
	__u64 pin_ino;
};

/* Why a request was refused; the index of the "counts" map. */
enum fg_cause {
	FG_EMPTY_VALUE,		/* zero-length security.capability write */
	FG_WRITE_MASK,		/* deny_write: a value outside the mask */
	FG_EXEC_MASK,		/* exec whose file grant leaves the mask */
	FG_LOCK_PIN,		/* unlink or rename of a pin (locked) */
	FG_LOCK_UMOUNT,		/* umount of the pins' BPF file system */
	FG_CAUSES
};

#ifdef FCAP_GUARD_CAUSES
_Static_assert(FG_CAUSES == FCAP_GUARD_CAUSES, "lib/fcap.h: FCAP_GUARD_CAUSES");
#endif

/* Events per cause and second before the rest are only counted. */
#define FG_RATE		10
#define FG_NAME_LEN	48
#define FG_DEPTH	6

/**
 * struct fg_event - one refusal, as logged
 * @cause:	enum fg_cause
 * @err:	the errno returned (positive)
 * @uid:	real uid of the process, in the initial namespace
 * @pid:	its thread-group id
 * @caps:	the capabilities outside the mask (FG_*_MASK)
 * @dev:	kernel dev_t of the file's file system
 * @ino:	the file's inode number
 * @suppressed:	refusals of this cause not logged since the last event
 * @depth:	names in @name: the file and up to FG_DEPTH - 1 parents,
 *		innermost first, or 1 with the exec'd path (FG_EXEC_MASK)
 * @comm:	the process' command name
 * @name:	path components (see @depth)
 */
struct fg_event {
	__u32 cause;
	__u32 err;
	__u32 uid;
	__u32 pid;
	__u64 caps;
	__u64 dev;
	__u64 ino;
	__u64 suppressed;
	__u32 depth;
	char comm[16];
	char name[FG_DEPTH][FG_NAME_LEN];
};

#endif /* FCAP_GUARD_ABI_H */
