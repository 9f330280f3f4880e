/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fcap.h - the one place that knows security.capability.
 *
 * The raw xattr codec (v1/v2/v3) with the kernel's own validation, the
 * bridge to libcap's text form, and a pure model of the Linux execve
 * rules for file capabilities.  Nothing here prints or exits: functions
 * return 0 or a negative errno, and the tools decide what to say.
 */
#ifndef FCAP_H
#define FCAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define FCAP_XATTR_NAME		"security.capability"

/* On-disk layout, all little-endian __le32 (include/uapi/linux/capability.h). */
#define FCAP_REVISION_MASK	0xFF000000U
#define FCAP_FLAGS_MASK		0x00FFFFFFU
#define FCAP_FLAG_EFFECTIVE	0x000001U
#define FCAP_MAGIC_V1		0x01000000U
#define FCAP_MAGIC_V2		0x02000000U
#define FCAP_MAGIC_V3		0x03000000U
#define FCAP_SIZE_V1		12
#define FCAP_SIZE_V2		20
#define FCAP_SIZE_V3		24
#define FCAP_SIZE_MAX		FCAP_SIZE_V3

/*
 * Problems fcap_decode() finds in a raw value.  A value may have several;
 * FCAP_PROB_NONE means it is a well-formed v2 or v3 value.  Each has one
 * name (fcap_problem_name()), the same in every tool's output and the id
 * of fsck-check's rule for it: zero-length, truncated, bad-size,
 * bad-revision, unknown-flags, high-bits, legacy-v1.
 */
enum fcap_problem {
	FCAP_PROB_NONE		= 0,
	FCAP_PROB_EMPTY		= 1 << 0,  /* zero-length value */
	FCAP_PROB_SHORT		= 1 << 1,  /* 1..3 bytes: no magic word */
	FCAP_PROB_SIZE		= 1 << 2,  /* size wrong for its revision */
	FCAP_PROB_REVISION	= 1 << 3,  /* revision not 1, 2 or 3 */
	FCAP_PROB_FLAGS		= 1 << 4,  /* flag bits other than effective */
	FCAP_PROB_HIGHBITS	= 1 << 5,  /* bits above the last known cap */
	FCAP_PROB_LEGACY	= 1 << 6,  /* revision 1 (32-bit sets) */
};

/**
 * struct fcap_value - a decoded security.capability value
 * @size:	length of the raw value in bytes
 * @magic:	raw magic_etc word (0 when @size < 4)
 * @rev:	revision 1, 2 or 3; 0 when unknown or unreadable
 * @effective:	the effective flag (fE)
 * @permitted:	fP, 64 bits (only the low 32 exist in v1)
 * @inheritable: fI
 * @has_rootid:	a v3 value: @rootid is meaningful
 * @rootid:	uid (in the file system's user namespace) of the namespace root
 * @problems:	mask of enum fcap_problem
 */
struct fcap_value {
	size_t size;
	uint32_t magic;
	unsigned int rev;
	bool effective;
	uint64_t permitted;
	uint64_t inheritable;
	bool has_rootid;
	uint32_t rootid;
	unsigned int problems;
};

int fcap_decode(const void *buf, size_t len, struct fcap_value *v);
int fcap_encode(const struct fcap_value *v, void *buf, size_t len);
int fcap_value_set(struct fcap_value *v, uint64_t permitted,
		   uint64_t inheritable, uint64_t effective);
const char *fcap_problem_name(unsigned int problem);
int fcap_problem_parse(const char *name, unsigned int *problem);
bool fcap_has_sets(const struct fcap_value *v);
unsigned int fcap_last_cap(void);
uint64_t fcap_known_mask(void);

/*
 * What a kernel does with a raw value.  Each verdict is 0 (accepted,
 * returned, honoured) or the negative errno that path gives:
 *   @write: setxattr by a process holding CAP_SETFCAP (-EINVAL, -EPERM)
 *   @write_unpriv: setxattr by one without CAP_SETFCAP that may write the
 *           file (-EINVAL, -EPERM); 0 is mainline's zero-length hole
 *   @read:  getxattr from the initial user namespace (-EINVAL, -EOVERFLOW)
 *   @exec:  0 the value grants, -ENODATA exec treats the file as having
 *           no value, else exec fails with that errno (-EINVAL, -ERANGE)
 */
enum fcap_kernel {
	FCAP_KERNEL_MAINLINE = 0,	/* Linux 6.12 as released */
	FCAP_KERNEL_FCAPS = 1,		/* 6.12 with the fcaps series */
};	/* the guest suites' third kernel: fcap-test.h */

struct fcap_verdict {
	int write;
	int write_unpriv;
	int read;
	int exec;
};

void fcap_verdict(const struct fcap_value *v, enum fcap_kernel k,
		  struct fcap_verdict *out);

/*
 * The kernel line.  All three share the value rules above (setxattr,
 * getxattr, what exec makes of a value, with or without the series).
 * 6.1 differs from 6.12 in what overlayfs' copy-up does with a value
 * getxattr refuses (fcap_copy_up()); 7.3 differs from 6.12 in what
 * execve calls a change of id (fcap_model_exec()).
 */
enum fcap_kver {
	FCAP_KVER_6_12 = 0,	/* Linux 6.12 */
	FCAP_KVER_6_1 = 1,	/* Linux 6.1 (Debian 12) */
	FCAP_KVER_7_3 = 2,	/* Linux 7.3 */
};

int fcap_kver_of_release(const char *release, enum fcap_kver *ver);
const char *fcap_kver_name(enum fcap_kver ver);
int fcap_copy_up(const struct fcap_verdict *vd, enum fcap_kver ver);

/*
 * Reading a file's value (read.c).  The outcome of one read:
 *   FCAP_READ_NONE        no value (ENODATA, or no xattrs on that fs)
 *   FCAP_READ_VALUE       @raw/@len as read, @value decoded (it may have
 *                         problems: a 0-byte read is zero-length)
 *   FCAP_READ_UNREADABLE  listed, but getxattr fails with @err (EINVAL:
 *                         zero-length or malformed; EOVERFLOW: v3 rootid
 *                         with no user here)
 *   FCAP_READ_OVERSIZED   larger than @raw (@err ERANGE or E2BIG); @size
 *                         is its full size, 0 when unknown; read whole
 *                         (FCAP_READ_WHOLE), its bytes are in @data
 */
#define FCAP_READ_MAX		64
#define FCAP_XATTR_SIZE_MAX	65536		/* the kernel's XATTR_SIZE_MAX */
#define FCAP_READ_LISTED	(1U << 0)	/* the name was seen listed */
#define FCAP_READ_WHOLE		(1U << 1)	/* keep an oversized value */

enum fcap_read_state {
	FCAP_READ_NONE = 0,
	FCAP_READ_VALUE,
	FCAP_READ_UNREADABLE,
	FCAP_READ_OVERSIZED,
};

/**
 * struct fcap_read - what one read of security.capability found
 * @state:	see enum fcap_read_state
 * @err:	positive errno behind an unreadable or oversized value
 * @size:	oversized: the full size when known, else 0
 * @len:	bytes in @raw (FCAP_READ_VALUE)
 * @raw:	the value as read
 * @data:	oversized, read with FCAP_READ_WHOLE: its @size bytes
 *		(malloc()ed, fcap_read_release()); NULL otherwise
 * @value:	@raw decoded (FCAP_READ_VALUE)
 */
struct fcap_read {
	enum fcap_read_state state;
	int err;
	size_t size;
	size_t len;
	unsigned char raw[FCAP_READ_MAX];
	unsigned char *data;
	struct fcap_value value;
};

/**
 * struct fcap_xattr_ops - the calls a read makes; each returns a count of
 * bytes or a negative errno, as getxattr(2) and listxattr(2) with errno
 * folded in.  @len 0 (and @buf NULL) asks for the size.
 * @get:	the value of security.capability
 * @list:	the list of names
 */
struct fcap_xattr_ops {
	ssize_t (*get)(void *priv, void *buf, size_t len);
	ssize_t (*list)(void *priv, char *buf, size_t len);
};

bool fcap_list_has(const char *list, size_t len);
int fcap_listed_ops(const struct fcap_xattr_ops *ops, void *priv);
int fcap_listed_at(int dfd, const char *name);
int fcap_listed_fd(int fd);
int fcap_read_ops(const struct fcap_xattr_ops *ops, void *priv,
		  unsigned int flags, struct fcap_read *r);
int fcap_read_fd(int fd, unsigned int flags, struct fcap_read *r);
int fcap_read_at(int dfd, const char *name, unsigned int flags,
		 struct fcap_read *r);
int fcap_read_buf(const void *buf, size_t len, struct fcap_read *r);
void fcap_read_release(struct fcap_read *r);
int fcap_read_dup(struct fcap_read *dst, const struct fcap_read *src);
bool fcap_read_same(const struct fcap_read *a, const struct fcap_read *b);
const char *fcap_read_reason(const struct fcap_read *r);
const struct fcap_value *fcap_read_value(const struct fcap_read *r);
const unsigned char *fcap_read_bytes(const struct fcap_read *r, size_t *len);
int fcap_read_error(const struct fcap_read *r);
const char *fcap_read_mark(const struct fcap_read *r);
unsigned int fcap_problems_shown(const struct fcap_value *v);
bool fcap_read_exec_value(const struct fcap_read *r, struct fcap_value *v);

/* Printing a value (render.c). */
int fcap_print_problems(FILE *f, unsigned int problems, bool json);
int fcap_print_line(FILE *f, const char *path, const struct fcap_value *v,
		    const char *marks);
int fcap_print_json_value(FILE *f, const struct fcap_value *v);

/* Text form, through libcap.  Returned strings are malloc()ed. */

/**
 * struct fcap_text_error - where cap_from_text-style input went wrong
 * @clause:	the offending clause (malloc()ed copy), or NULL
 * @reason:	static English explanation
 * @name:	the capability name libcap does not know (malloc()ed), or NULL
 * @offset:	where @name starts in the text, in bytes from 0
 */
struct fcap_text_error {
	char *clause;
	const char *reason;
	char *name;
	size_t offset;
};

int fcap_from_text(const char *text, struct fcap_value *v,
		   struct fcap_text_error *err);
void fcap_text_error_free(struct fcap_text_error *err);
int fcap_to_text(const struct fcap_value *v, char **text);
int fcap_sets_to_text(uint64_t pe, uint64_t pi, uint64_t pp, char **text);
int fcap_mask_to_names(uint64_t mask, char **text);
int fcap_names_to_mask(const char *names, uint64_t *mask);

/* The JSON string form of --json output (pure ASCII, bytes as \u00XX). */
void fcap_json_string(FILE *f, const char *s);
void fcap_json_string_or_null(FILE *f, const char *s);

/* The execve model (security/commoncap.c, Linux 6.12, 6.1 and 7.3). */

#define FCAP_SECURE_NOROOT		(1U << 0)
#define FCAP_SECURE_NOROOT_LOCKED	(1U << 1)
#define FCAP_SECURE_NO_SETUID_FIXUP	(1U << 2)
#define FCAP_SECURE_NO_SETUID_FIXUP_LOCKED (1U << 3)
#define FCAP_SECURE_KEEP_CAPS		(1U << 4)
#define FCAP_SECURE_KEEP_CAPS_LOCKED	(1U << 5)
#define FCAP_SECURE_NO_CAP_AMBIENT_RAISE (1U << 6)
#define FCAP_SECURE_NO_CAP_AMBIENT_RAISE_LOCKED (1U << 7)

#define FCAP_NS_DEPTH_MAX	8

/**
 * struct fcap_idmap - the idmap of an idmapped mount (mount_setattr()
 *	MOUNT_ATTR_IDMAP), as the uid_map of the user namespace it was made
 *	from: an id @first..@first+@count-1 stored in the file system is
 *	seen through the mount as @lower..  (make_vfsuid()).
 * @n:		number of extents; 0 for a mount that is not idmapped
 * @ext:	the extents
 */
#define FCAP_IDMAP_MAX	5
#define FCAP_NO_ID	((uint32_t)-1)	/* no mapping (INVALID_UID) */

struct fcap_idmap {
	unsigned int n;
	struct {
		uint32_t first, lower, count;
	} ext[FCAP_IDMAP_MAX];
};

uint32_t fcap_idmap_map(const struct fcap_idmap *m, uint32_t id);
uint32_t fcap_idmap_unmap(const struct fcap_idmap *m, uint32_t id);
int fcap_idmap_parse(const char *text, struct fcap_idmap *m);

/**
 * struct fcap_proc - the calling process, as /proc/self/status shows it
 * @uid: @euid: @gid: @egid: ids as seen in the initial user namespace (kuids)
 * @fsgid:	the file system gid (kgid; setfsgid(), else @egid)
 * @ngroups:	number of entries in @groups
 * @groups:	the supplementary groups (kgids; FCAP_NO_ID: not mapped
 *		here), at most FCAP_GROUPS_MAX of them
 * @cap_inh: @cap_prm: @cap_eff: @cap_bnd: @cap_amb: CapInh..CapAmb
 * @securebits:	prctl(PR_GET_SECUREBITS)
 * @no_new_privs: prctl(PR_GET_NO_NEW_PRIVS)
 * @shared_fs:	fs_struct shared with another task (clone(CLONE_FS))
 * @traced:	being ptraced
 * @tracer_capable: the tracer holds CAP_SYS_PTRACE over the new creds
 * @ns_depth:	number of entries in @ns_root (1 = initial namespace only)
 * @ns_root:	kuid of uid 0 of the caller's user namespace [0], its parent
 *		[1], ... up to the initial namespace (whose root is kuid 0)
 * @ns_map:	the caller's namespace's uid_map (@ns_map.n == 0: unknown,
 *		taken as its ids from @ns_root[0] up); used for writes only
 */
#define FCAP_GROUPS_MAX	32

struct fcap_proc {
	uint32_t uid, euid, gid, egid;
	uint32_t fsgid;
	unsigned int ngroups;
	uint32_t groups[FCAP_GROUPS_MAX];
	uint64_t cap_inh, cap_prm, cap_eff, cap_bnd, cap_amb;
	unsigned int securebits;
	bool no_new_privs;
	bool shared_fs;
	bool traced;
	bool tracer_capable;
	unsigned int ns_depth;
	uint32_t ns_root[FCAP_NS_DEPTH_MAX];
	struct fcap_idmap ns_map;
};

/**
 * struct fcap_file - the executable
 * @mode:	st_mode (S_ISUID/S_ISGID matter)
 * @uid: @gid:	owner, as kuid/kgid stored in the file system
 * @owner_mapped: @uid, seen through @idmap, is mapped in the caller's
 *		user namespace
 * @group_mapped: @gid, likewise
 * @nosuid:	on a nosuid mount (or one outside the caller's namespace)
 * @has_xattr:	the file carries security.capability
 * @xattr:	the raw value as stored, decoded (@has_xattr only); a v3
 *		rootid of FCAP_NO_ID is one with no mapping at all
 * @idmap:	the idmap of the mount the file is executed through: the
 *		owner and the value's root (v2: 0) are seen through it
 * @overlay:	executed through overlayfs, whose layer is mounted with
 *		@idmap (Podman's --uidmap): the overlay reads the value
 *		with getxattr() under its mounter's credentials (the initial
 *		namespace), which refuses a value whose root has no id
 *		through @idmap (EOVERFLOW), and exec fails with that error
 */
struct fcap_file {
	mode_t mode;
	uint32_t uid, gid;
	bool owner_mapped, group_mapped;
	bool nosuid;
	bool overlay;
	bool has_xattr;
	struct fcap_value xattr;
	struct fcap_idmap idmap;
};

/**
 * struct fcap_policy - the admin policy: the fcaps kernel series' sysctls
 *	and fcaps-guard, the BPF LSM that carries them to stock kernels
 * @enabled:	file capabilities honoured at exec at all (series)
 * @mask:	kernel.fcaps.mask (series): a second bounding set for what a
 *		file grants, pP' = ((fP & X) | (fI & pI)) & mask; a value
 *		with the effective flag whose fP it withholds fails exec
 *		with EPERM, as the bounding set makes a capability-dumb
 *		binary fail, and a value without it is narrowed
 * @guard:	fcaps-guard is loaded (any kernel with the BPF LSM)
 * @guard_mask:	its mask: an exec whose file grant (the new pP without
 *		pA, under the file rules; root's execs are not judged)
 *		leaves it fails with EPERM, narrowing nothing
 * @guard_deny_write: it refuses writes of values outside @guard_mask
 */
struct fcap_policy {
	bool enabled;
	uint64_t mask;
	bool guard;
	uint64_t guard_mask;
	bool guard_deny_write;
};

/**
 * struct fcap_exec - result of the model
 * @error:	0, or the negative errno execve() fails with
 * @uid: @euid: @gid: @egid: new ids (kuids)
 * @cap_*:	new sets (valid when @error is 0)
 * @securebits:	new securebits
 * @secure:	AT_SECURE
 * @file_caps:	the file's value took part (has_fcap in commoncap.c)
 * @guard_refused: when fcaps-guard alone failed the exec (EPERM), the
 *		capabilities of the file's grant outside its mask; else 0
 * @why:	static English sentence on the rule that decided the outcome
 */
struct fcap_exec {
	int error;
	uint32_t uid, euid, gid, egid;
	uint64_t cap_inh, cap_prm, cap_eff, cap_bnd, cap_amb;
	unsigned int securebits;
	bool secure;
	bool file_caps;
	uint64_t guard_refused;
	const char *why;
};

/* Where the fcaps series puts its policy sysctls. */
#define FCAP_POLICY_DIR		"/proc/sys/kernel/fcaps"

void fcap_policy_default(struct fcap_policy *p);
int fcap_policy_read(const char *dir, struct fcap_policy *p);
void fcap_proc_init(struct fcap_proc *p, uint32_t uid);
void fcap_model_exec(const struct fcap_proc *proc, const struct fcap_file *file,
		     enum fcap_kernel k, enum fcap_kver ver,
		     const struct fcap_policy *policy, struct fcap_exec *out);
int fcap_proc_read_self(struct fcap_proc *p);
int fcap_model_setxattr(const struct fcap_proc *proc,
			const struct fcap_file *file,
			const struct fcap_value *in, enum fcap_kernel k,
			struct fcap_value *stored);
int fcap_guard_setxattr(const struct fcap_policy *policy,
			const struct fcap_value *in);

/* fcaps-guard: where it pins, what its loader reads and writes (guard.c) */
#define FCAP_GUARD_PINDIR	"/sys/fs/bpf/fcaps-guard"
#define FCAP_GUARD_CONF		"/etc/fcaps/guard.conf"
#define FCAP_GUARD_STATE	"/run/fcaps-guard/state"
#define FCAP_GUARD_CAUSES	5

/**
 * struct fcap_guard_conf - /etc/fcaps/guard.conf
 * @mask:	capabilities a file may grant
 * @deny_write:	refuse writes of values outside @mask
 * @locked:	until reboot, nothing unloads or changes the guard
 */
struct fcap_guard_conf {
	uint64_t mask;
	bool deny_write;
	bool locked;
};

/**
 * struct fcap_guard_state - what the running guard enforces
 * @loaded:	a guard is pinned (the rest is valid only then)
 * @locked:	@deny_write: @mask: its configuration
 * @counted:	@refusals was read (root: the pinned maps)
 * @refusals:	refusals per cause (guard-abi.h, enum fg_cause)
 * @source:	what was read: "the pinned maps", the state file, or the
 *		pin directory that does not exist
 */
struct fcap_guard_state {
	bool loaded, locked, deny_write, counted;
	uint64_t mask;
	uint64_t refusals[FCAP_GUARD_CAUSES];
	const char *source;
};

void fcap_guard_conf_default(struct fcap_guard_conf *c);
int fcap_guard_conf_parse(const char *text, struct fcap_guard_conf *c,
			  unsigned int *line, const char **why);
int fcap_guard_conf_read(const char *path, struct fcap_guard_conf *c,
			 unsigned int *line, const char **why);
int fcap_guard_read(const char *pindir, struct fcap_guard_state *st);
void fcap_guard_policy(const struct fcap_guard_state *st,
		       struct fcap_policy *p);
const char *fcap_guard_cause_name(unsigned int cause);
const char *fcap_guard_cause_text(unsigned int cause);

#endif /* FCAP_H */
