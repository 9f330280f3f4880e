/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vmlinux-min.h - the few kernel types fcaps-guard's and fcaps-learn's
 * programs read, with only the fields they read.  preserve_access_index
 * makes every access a CO-RE relocation: libbpf finds each field by name
 * in the running kernel's BTF at load time, so one object loads on 6.1,
 * 6.12 and 7.3 and the build needs no kernel, no BTF and no kernel
 * headers.  A layout that differs between lines is read through its
 * offset alone (kernel_cap_t: two __u32 on 6.1, one u64 from 6.3, the
 * same eight little-endian bytes).
 */
#ifndef FCAPS_GUARD_VMLINUX_MIN_H
#define FCAPS_GUARD_VMLINUX_MIN_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed int __s32;
typedef signed long long __s64;
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u32 __wsum;
typedef _Bool bool;
#define true 1
#define false 0

enum bpf_map_type {
	BPF_MAP_TYPE_HASH = 1,
	BPF_MAP_TYPE_ARRAY = 2,
	BPF_MAP_TYPE_RINGBUF = 27,
};

#pragma clang attribute push(__attribute__((preserve_access_index)), \
			     apply_to = record)

typedef struct {
	__u32 val;
} kuid_t;

typedef struct {
	__u64 val;
} kernel_cap_t;

struct uid_gid_extent {
	__u32 first;
	__u32 lower_first;
	__u32 count;
};

struct uid_gid_map {
	__u32 nr_extents;
	union {
		struct uid_gid_extent extent[5];
		struct {
			struct uid_gid_extent *forward;
			struct uid_gid_extent *reverse;
		};
	};
};

struct user_namespace {
	struct uid_gid_map uid_map;
	int level;
};

struct cred {
	kuid_t uid;
	kuid_t euid;
	unsigned int securebits;
	kernel_cap_t cap_permitted;
	kernel_cap_t cap_ambient;
	struct user_namespace *user_ns;
};

struct super_block {
	__u32 s_dev;
	unsigned long s_magic;
};

struct inode {
	unsigned long i_ino;
	struct super_block *i_sb;
};

struct qstr {
	const unsigned char *name;
};

struct dentry {
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;
	struct super_block *d_sb;
};

struct file {
	struct inode *f_inode;
};

struct linux_binprm {
	struct file *file;
	struct cred *cred;
	const char *interp;
};

struct task_struct {
	int pid;
};

struct vfsmount {
	struct super_block *mnt_sb;
};

#pragma clang attribute pop

#endif /* FCAPS_GUARD_VMLINUX_MIN_H */
