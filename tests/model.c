// SPDX-License-Identifier: GPL-2.0-only
/*
 * model.c - the execve model, one case per rule of doc/design.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fcap.h"
#include "modelfile.h"
#include "tap.h"

#define C(n)		(1ULL << (n))
#define IPC_LOCK	C(14)
#define NET_RAW		C(13)
#define SYS_ADMIN	C(21)
#define SETUID		C(7)
#define KILL		C(5)

static struct fcap_file plain_file(void)
{
	struct fcap_file f = file_with(0, 0, false);

	f.has_xattr = false;
	return f;
}

static void run(const struct fcap_proc *p, const struct fcap_file *f,
		struct fcap_exec *e)
{
	fcap_model_exec(p, f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, NULL, e);
}

static void user_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = file_with(IPC_LOCK, 0, true);
	struct fcap_exec e;

	fcap_proc_init(&p, 1000);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK && e.cap_eff == IPC_LOCK,
	       "user + cap_ipc_lock+ep: gains exactly ipc_lock");
	tap_ok(e.secure, "user + fE: AT_SECURE");

	f = file_with(IPC_LOCK, 0, false);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK && e.cap_eff == 0,
	       "cap_ipc_lock+p: permitted, not effective");
	tap_ok(e.secure, "pP grew beyond pA: AT_SECURE");

	f = file_with(0, IPC_LOCK, true);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == 0, "fI without pI: nothing");
	p.cap_inh = IPC_LOCK;
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK && e.cap_eff == IPC_LOCK,
	       "fI & pI: inherited");
	tap_is_u64(e.cap_inh, IPC_LOCK, "pI' = pI");

	fcap_proc_init(&p, 1000);
	p.cap_bnd &= ~IPC_LOCK;
	f = file_with(IPC_LOCK, 0, true);
	run(&p, &f, &e);
	tap_is_int(e.error, -EPERM, "fE with fP outside X: capability-dumb EPERM");
	f = file_with(IPC_LOCK, 0, false);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == 0,
	       "no fE, fP outside X: exec works, gains nothing");
	tap_is_u64(e.cap_bnd, p.cap_bnd, "X' = X");

	fcap_proc_init(&p, 1000);
	f = plain_file();
	run(&p, &f, &e);
	tap_ok(!e.error && !e.cap_prm && !e.secure, "plain file: nothing, not secure");
}

static void ambient_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = plain_file();
	struct fcap_exec e;

	fcap_proc_init(&p, 1000);
	p.cap_inh = p.cap_prm = p.cap_amb = NET_RAW;
	run(&p, &f, &e);
	tap_ok(e.cap_amb == NET_RAW && e.cap_prm == NET_RAW &&
	       e.cap_eff == NET_RAW, "ambient survives a plain exec");
	tap_ok(!e.secure, "ambient only: not AT_SECURE");

	f = file_with(IPC_LOCK, 0, false);
	run(&p, &f, &e);
	tap_ok(e.cap_amb == 0 && e.cap_prm == IPC_LOCK && e.cap_eff == 0,
	       "file caps clear ambient");
	f = file_with(0, 0, false);
	run(&p, &f, &e);
	tap_ok(e.cap_amb == 0 && e.cap_prm == 0,
	       "all-zero value still clears ambient");
	f = plain_file();
	f.mode |= S_ISUID;
	f.uid = 0;
	run(&p, &f, &e);
	tap_ok(e.cap_amb == 0, "set-uid exec clears ambient");
	f.nosuid = true;
	run(&p, &f, &e);
	tap_ok(e.cap_amb == NET_RAW && e.euid == 1000,
	       "nosuid: set-uid ignored, ambient kept");
	f = file_with(IPC_LOCK, 0, true);
	f.nosuid = true;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == NET_RAW && e.cap_amb == NET_RAW,
	       "nosuid: file caps ignored, ambient kept");
}

static void root_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = plain_file();
	struct fcap_exec e;

	fcap_proc_init(&p, 0);
	run(&p, &f, &e);
	tap_ok(e.cap_prm == p.cap_bnd && e.cap_eff == p.cap_bnd,
	       "root: full bounding set");
	tap_ok(!e.secure, "root uid: not AT_SECURE");

	p.securebits = FCAP_SECURE_NOROOT;
	p.cap_prm = p.cap_eff = 0;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == 0 && e.cap_eff == 0, "SECURE_NOROOT: root gets nothing");
	f = file_with(IPC_LOCK, 0, true);
	run(&p, &f, &e);
	tap_ok(e.cap_prm == IPC_LOCK && e.cap_eff == IPC_LOCK,
	       "SECURE_NOROOT: file caps still apply");

	p.securebits = FCAP_SECURE_KEEP_CAPS | FCAP_SECURE_NO_SETUID_FIXUP;
	f = plain_file();
	run(&p, &f, &e);
	tap_is_int(e.securebits, FCAP_SECURE_NO_SETUID_FIXUP,
		   "exec clears KEEP_CAPS, keeps NO_SETUID_FIXUP");

	fcap_proc_init(&p, 1000);
	p.euid = 0;
	run(&p, &f, &e);
	tap_ok(e.cap_eff == p.cap_bnd && e.secure,
	       "euid 0: full set, effective, AT_SECURE (euid != uid)");

	fcap_proc_init(&p, 1000);
	p.cap_inh = KILL;
	f = plain_file();
	f.mode |= S_ISUID;
	f.uid = 0;
	run(&p, &f, &e);
	tap_ok(e.euid == 0 && e.cap_prm == (p.cap_bnd | KILL) &&
	       e.cap_eff == e.cap_prm && e.secure,
	       "set-uid-root: X | pI, effective, AT_SECURE");

	f = file_with(NET_RAW, 0, true);
	f.mode |= S_ISUID;
	f.uid = 0;
	run(&p, &f, &e);
	tap_ok(e.euid == 0 && e.cap_prm == NET_RAW && e.cap_eff == NET_RAW,
	       "set-uid-root with caps run by non-root: only the file's caps");

	fcap_proc_init(&p, 0);
	run(&p, &f, &e);
	tap_ok(e.cap_prm == p.cap_bnd, "same file run by root: full set");
}

static void unsafe_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = file_with(IPC_LOCK, 0, true);
	struct fcap_exec e;

	fcap_proc_init(&p, 1000);
	p.no_new_privs = true;
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == 0 && e.cap_eff == 0,
	       "no_new_privs: file caps gain nothing");
	f = plain_file();
	f.mode |= S_ISUID;
	f.uid = 0;
	run(&p, &f, &e);
	tap_ok(e.euid == 1000 && e.cap_prm == 0,
	       "no_new_privs: set-uid not applied");

	fcap_proc_init(&p, 1000);
	p.shared_fs = true;
	run(&p, &f, &e);
	tap_ok(e.euid == 1000 && e.cap_prm == 0,
	       "shared fs_struct: set-uid downgraded");
	p.cap_eff = p.cap_prm = SETUID;
	run(&p, &f, &e);
	tap_ok(e.euid == 0 && e.cap_prm == SETUID,
	       "shared fs + CAP_SETUID: euid kept, pP capped at old pP");

	fcap_proc_init(&p, 1000);
	p.traced = true;
	p.tracer_capable = false;
	f = file_with(IPC_LOCK, 0, true);
	run(&p, &f, &e);
	tap_ok(e.cap_prm == 0, "unprivileged tracer: no gain");
	p.tracer_capable = true;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == IPC_LOCK, "privileged tracer: gain");
}

static void value_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = file_with(IPC_LOCK, 0, true);
	struct fcap_exec e;
	struct fcap_policy pol;
	static const unsigned char v1[12] = { 0x01, 0, 0, 0x01, 0, 0x40 };
	static const unsigned char odd[20] = { 0x03, 0, 0, 0x02, 0, 0x40 };

	fcap_proc_init(&p, 1000);
	f.xattr.has_rootid = true;
	f.xattr.rev = 3;
	f.xattr.rootid = 100000;
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == 0 && !e.file_caps,
	       "v3 rootid of another namespace: ignored");
	p.ns_depth = 2;
	p.ns_root[0] = 100000;
	p.ns_root[1] = 0;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == IPC_LOCK, "v3 rootid = caller's namespace root: honoured");
	p.ns_root[0] = 200000;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == 0, "v3 rootid of a sibling namespace: ignored");
	f.xattr.rootid = 0;
	run(&p, &f, &e);
	tap_ok(e.cap_prm == IPC_LOCK, "v3 rootid 0 (ancestor): honoured in a child");

	fcap_proc_init(&p, 1000);
	f = file_with(IPC_LOCK, 0, true);
	fcap_decode(NULL, 0, &f.xattr);
	run(&p, &f, &e);
	tap_is_int(e.error, -EINVAL, "mainline: zero-length value makes exec fail");
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, NULL,
			&e);
	tap_ok(!e.error && !e.file_caps, "fcaps: zero-length value is no value");

	fcap_decode(v1, sizeof(v1), &f.xattr);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK, "v1 value honoured at exec");
	fcap_decode(odd, sizeof(odd), &f.xattr);
	run(&p, &f, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK,
	       "mainline: odd-flag value honoured at exec");
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, NULL,
			&e);
	tap_ok(e.error == -EINVAL && e.cap_prm == 0,
	       "fcaps: odd-flag value fails exec with EINVAL, as an unknown revision");

	f = file_with(IPC_LOCK | SYS_ADMIN, 0, true);
	fcap_policy_default(&pol);
	pol.mask &= ~SYS_ADMIN;
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, &pol,
			&e);
	tap_is_int(e.error, -EPERM,
		   "policy mask without sys_admin: a +ep value with it fails EPERM, as the bounding set makes it");
	f.xattr.effective = false;
	f.xattr.magic &= ~1U;
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, &pol,
			&e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK && e.cap_eff == 0,
	       "policy mask without sys_admin: a +p value is narrowed to ipc_lock");
	f = file_with(IPC_LOCK | SYS_ADMIN, 0, true);
	fcap_proc_init(&p, 0);
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, &pol,
			&e);
	tap_is_int(e.error, -EPERM,
		   "policy mask without sys_admin: root's exec of the +ep value fails too");
	fcap_proc_init(&p, 1000);
	pol.enabled = false;
	p.cap_inh = p.cap_prm = p.cap_amb = NET_RAW;
	fcap_model_exec(&p, &f, FCAP_KERNEL_FCAPS, FCAP_KVER_6_12, &pol,
			&e);
	tap_ok(!e.error && e.cap_prm == NET_RAW && e.cap_amb == NET_RAW,
	       "policy disabled: file ignored, ambient kept");
	run(&p, &f, &e);
	tap_ok(e.cap_amb == 0 && e.cap_prm == (IPC_LOCK | SYS_ADMIN),
	       "mainline ignores the fcaps policy");
	tap_ok(e.why != NULL, "a reason is given");
}

/*
 * fcaps-guard (guard/fcaps-guard.bpf.c) on a stock kernel: it refuses
 * what the series' mask would refuse or narrow, judges only the file
 * rules' grant, and refuses empty values for everyone.
 */
static void guard_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = file_with(IPC_LOCK | SYS_ADMIN, 0, true);
	struct fcap_policy pol;
	struct fcap_value v;
	struct fcap_exec e;

	fcap_policy_default(&pol);
	pol.guard = true;
	pol.guard_mask = ~SYS_ADMIN;
	fcap_proc_init(&p, 1000);
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_is_int(e.error, -EPERM, "guard: a +ep value outside the mask fails EPERM");
	tap_is_u64(e.guard_refused, SYS_ADMIN,
		   "guard: the refusal names what leaves the mask");
	tap_ok(e.why && strstr(e.why, "fcaps-guard"), "guard: the reason names the guard");
	f.xattr.effective = false;
	f.xattr.magic &= ~1U;
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_is_int(e.error, -EPERM,
		   "guard: a +p value outside the mask fails too (the series narrows it)");
	f = file_with(IPC_LOCK, 0, true);
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_ok(!e.error && e.cap_prm == IPC_LOCK && !e.guard_refused,
	       "guard: a value within the mask grants as before");
	fcap_proc_init(&p, 0);
	f = file_with(IPC_LOCK | SYS_ADMIN, 0, true);
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_ok(!e.error && e.cap_prm == p.cap_bnd,
	       "guard: root's rules are not judged (pP' = X | pI)");
	p.securebits = FCAP_SECURE_NOROOT;
	p.cap_prm = p.cap_eff = 0;
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_is_int(e.error, -EPERM, "guard: root under SECURE_NOROOT is judged");
	fcap_proc_init(&p, 1000);
	p.cap_inh = p.cap_prm = p.cap_amb = SYS_ADMIN;
	f.has_xattr = false;
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_ok(!e.error && e.cap_prm == SYS_ADMIN,
	       "guard: ambient capabilities outside the mask are no file grant");
	pol.guard = false;
	f = file_with(IPC_LOCK | SYS_ADMIN, 0, true);
	fcap_proc_init(&p, 1000);
	fcap_model_exec(&p, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, &pol, &e);
	tap_ok(!e.error && e.cap_prm == (IPC_LOCK | SYS_ADMIN), "guard not loaded: mainline's grant");

	pol.guard = true;
	fcap_decode(NULL, 0, &v);
	tap_is_int(fcap_guard_setxattr(&pol, &v), -EINVAL,
		   "guard: a zero-length write fails EINVAL");
	fcap_value_set(&v, SYS_ADMIN, 0, SYS_ADMIN);
	tap_is_int(fcap_guard_setxattr(&pol, &v), 0,
		   "guard: a write outside the mask passes without deny_write");
	pol.guard_deny_write = true;
	tap_is_int(fcap_guard_setxattr(&pol, &v), -EPERM,
		   "guard deny_write: a write outside the mask fails EPERM");
	fcap_value_set(&v, 0, SYS_ADMIN, 0);
	tap_is_int(fcap_guard_setxattr(&pol, &v), -EPERM,
		   "guard deny_write: fI outside the mask counts too");
	fcap_value_set(&v, IPC_LOCK, 0, IPC_LOCK);
	tap_is_int(fcap_guard_setxattr(&pol, &v), 0,
		   "guard deny_write: a value within the mask passes");
	pol.guard = false;
	fcap_decode(NULL, 0, &v);
	tap_is_int(fcap_guard_setxattr(&pol, &v), 0, "no guard: nothing refused");
}

/*
 * What exec calls a change of id, 6.12 against 7.3.  6.12 (and 6.1)
 * compare the new euid/egid with the old *real* uid/gid; 7.3 compares
 * the new euid with the old euid and asks in_group_p() of the new egid
 * (old fsgid or a supplementary group).  The test clears pA, brings the
 * no_new_privs downgrade and makes AT_SECURE; 7.3's AT_SECURE also holds
 * when the new euid/egid is not the old real one.
 */
static void line_run(const struct fcap_proc *p, const struct fcap_file *f,
		     enum fcap_kver ver, struct fcap_exec *e)
{
	struct fcap_exec e61;

	fcap_model_exec(p, f, FCAP_KERNEL_MAINLINE, ver, NULL, e);
	if (ver != FCAP_KVER_6_12)
		return;
	/* 6.1's exec rules are 6.12's */
	fcap_model_exec(p, f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_1, NULL, &e61);
	if (memcmp(e, &e61, sizeof(e61))) {
		tap_diag("6.1 and 6.12 differ at exec");
		e->error = -EDOM;
	}
}

static void line_cases(void)
{
	struct fcap_proc p;
	struct fcap_file f = plain_file();
	struct fcap_exec a, b;

	/* root's setresuid(1000, 0, 0), pA = net_raw: a plain exec */
	fcap_proc_init(&p, 0);
	p.uid = 1000;
	p.cap_inh = p.cap_amb = NET_RAW;
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.cap_amb == 0 && a.euid == 0 && a.secure,
	       "6.12: uid 1000 euid 0, plain exec: euid != old uid is set-id, pA cleared");
	tap_ok(!b.error && b.cap_amb == NET_RAW && b.euid == 0 && b.secure &&
	       b.cap_prm == p.cap_bnd,
	       "7.3: uid 1000 euid 0, plain exec: euid unchanged, pA kept, AT_SECURE (euid != uid)");

	/* the same with no_new_privs: 6.12 downgrades euid to the uid */
	p.cap_amb = 0;
	p.no_new_privs = true;
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.euid == 1000 && a.egid == 0 && a.secure,
	       "6.12: uid 1000 euid 0 + no_new_privs, plain exec: downgraded to euid 1000");
	tap_ok(!b.error && b.euid == 0 && b.secure && b.cap_eff == p.cap_bnd,
	       "7.3: uid 1000 euid 0 + no_new_privs, plain exec: no id change, euid 0 kept");

	/* the same, exec of a set-uid-1000 file: back to the real uid */
	p.no_new_privs = false;
	p.cap_amb = NET_RAW;
	f.mode |= S_ISUID;
	f.uid = 1000;
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.euid == 1000 && a.cap_amb == NET_RAW &&
	       a.cap_prm == NET_RAW && !a.secure,
	       "6.12: uid 1000 euid 0, set-uid-1000 exec: euid = old uid is no set-id, pA kept, not AT_SECURE");
	tap_ok(!b.error && b.euid == 1000 && b.cap_amb == 0 &&
	       b.cap_prm == 0 && b.secure,
	       "7.3: uid 1000 euid 0, set-uid-1000 exec: euid changed, pA cleared, AT_SECURE");

	/* uid 1000 with supplementary group 50, pA = net_raw: set-gid 50 */
	fcap_proc_init(&p, 1000);
	p.cap_inh = p.cap_prm = p.cap_amb = NET_RAW;
	p.ngroups = 2;
	p.groups[0] = 1000;
	p.groups[1] = 50;
	f = plain_file();
	f.mode |= S_ISGID | S_IXGRP;
	f.gid = 50;
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.egid == 50 && a.cap_amb == 0 && a.secure,
	       "6.12: set-gid to a supplementary group: egid != gid is set-id, pA cleared");
	tap_ok(!b.error && b.egid == 50 && b.cap_amb == NET_RAW &&
	       b.cap_eff == NET_RAW && b.secure,
	       "7.3: set-gid to a supplementary group: in_group_p, pA kept, AT_SECURE (egid != gid)");
	p.ngroups = 1;
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!b.error && b.egid == 50 && b.cap_amb == 0 && b.secure,
	       "7.3: set-gid to a group not held: id changed, pA cleared");

	/* egid 50, fsgid 50, no groups: set-gid to the real gid 1000 */
	p.ngroups = 0;
	p.egid = p.fsgid = 50;
	f.gid = 1000;
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.egid == 1000 && a.cap_amb == NET_RAW && !a.secure,
	       "6.12: egid 50, set-gid to the real gid: no set-id, pA kept, not AT_SECURE");
	tap_ok(!b.error && b.egid == 1000 && b.cap_amb == 0 && b.secure,
	       "7.3: egid 50, set-gid to the real gid not held: id changed, pA cleared");

	/* setfsgid(7) with egid 1000 not a supplementary group: plain exec */
	fcap_proc_init(&p, 1000);
	p.cap_inh = p.cap_prm = p.cap_amb = NET_RAW;
	p.fsgid = 7;
	f = plain_file();
	line_run(&p, &f, FCAP_KVER_6_12, &a);
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!a.error && a.cap_amb == NET_RAW && !a.secure,
	       "6.12: fsgid 7, plain exec: no set-id, pA kept");
	tap_ok(!b.error && b.cap_amb == 0 && b.egid == 1000 && b.secure,
	       "7.3: fsgid 7, egid not in_group_p, plain exec: id changed, pA cleared, AT_SECURE");
	p.ngroups = 1;
	p.groups[0] = 1000;
	line_run(&p, &f, FCAP_KVER_7_3, &b);
	tap_ok(!b.error && b.cap_amb == NET_RAW && !b.secure,
	       "7.3: fsgid 7, egid a supplementary group: no change, pA kept");
}

/* fcap_kver_of_release(), fcap_kver_name() */
static void kver_cases(void)
{
	static const struct {
		const char *release;
		int ret;
		enum fcap_kver ver;
	} c[] = {
		{ "7.3.4-amd64", 0, FCAP_KVER_7_3 },
		{ "7.3", 0, FCAP_KVER_7_3 },
		{ "6.12.118", 0, FCAP_KVER_6_12 },
		{ "6.1.0-44-amd64", 0, FCAP_KVER_6_1 },
		{ "6.10.2", -ENOENT, FCAP_KVER_6_1 },
		{ "6.16.9", -ENOENT, FCAP_KVER_6_12 },
		{ "6.17", -ENOENT, FCAP_KVER_7_3 },
		{ "6.18.44-fc", -ENOENT, FCAP_KVER_7_3 },
		{ "7.2.0", -ENOENT, FCAP_KVER_7_3 },
		{ "8.0.1", -ENOENT, FCAP_KVER_7_3 },
		{ "5.10.0", -ENOENT, FCAP_KVER_6_1 },
		{ "", -EINVAL, FCAP_KVER_6_12 },
		{ "6", -EINVAL, FCAP_KVER_6_12 },
		{ "6.x", -EINVAL, FCAP_KVER_6_12 },
		{ "-7.3", -EINVAL, FCAP_KVER_6_12 },
		{ "99999.1", -EINVAL, FCAP_KVER_6_12 },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		enum fcap_kver v = FCAP_KVER_6_1;
		int ret = fcap_kver_of_release(c[i].release, &v);

		tap_ok(ret == c[i].ret && v == c[i].ver,
		       "release \"%s\": line %s, %d", c[i].release,
		       fcap_kver_name(v), ret);
	}
	tap_ok(!strcmp(fcap_kver_name(FCAP_KVER_7_3), "7.3") &&
	       !strcmp(fcap_kver_name(FCAP_KVER_6_12), "6.12") &&
	       !strcmp(fcap_kver_name(FCAP_KVER_6_1), "6.1") &&
	       !strcmp(fcap_kver_name((enum fcap_kver)99), "?"),
	       "line names");
}

static void self_case(void)
{
	struct fcap_proc p;

	tap_is_int(fcap_proc_read_self(&p), 0, "read /proc/self");
	tap_ok(p.cap_bnd != 0 && p.ns_depth >= 1, "self: bounding set read");
}

/* Write @text to @dir/@name; a missing @text removes the file. */
static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!text) {
		unlink(path);
		return;
	}
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void policy_read_cases(void)
{
	char dir[256], none[300];
	struct fcap_policy pol;

	if (!tap_tmpname(dir, sizeof(dir), "fcaps-policy.XXXXXX") ||
	    !mkdtemp(dir)) {
		tap_skip("fcap_policy_read: no temporary directory");
		return;
	}
	snprintf(none, sizeof(none), "%s/none", dir);
	tap_is_int(fcap_policy_read(none, &pol), -ENOENT,
		   "policy: no directory is -ENOENT (mainline)");
	put(dir, "enabled", "1\n");
	put(dir, "mask", "0000000000004020\n");
	put(dir, "locked", "1\n");
	pol.enabled = false;
	pol.mask = 0;
	tap_is_int(fcap_policy_read(dir, &pol), 0, "policy: read");
	tap_ok(pol.enabled && pol.mask == (IPC_LOCK | KILL),
	       "policy: enabled and mask as the sysctls say");
	put(dir, "enabled", "0\n");
	tap_ok(!fcap_policy_read(dir, &pol) && !pol.enabled,
	       "policy: enabled=0 read");
	put(dir, "enabled", "2\n");
	tap_is_int(fcap_policy_read(dir, &pol), -EINVAL,
		   "policy: enabled=2 is -EINVAL");
	put(dir, "enabled", "1\n");
	put(dir, "mask", "zz\n");
	tap_is_int(fcap_policy_read(dir, &pol), -EINVAL,
		   "policy: a mask that is not hex is -EINVAL");
	put(dir, "mask", "");
	tap_is_int(fcap_policy_read(dir, &pol), -EINVAL,
		   "policy: an empty mask is -EINVAL");
	put(dir, "mask", NULL);
	tap_is_int(fcap_policy_read(dir, &pol), -EINVAL,
		   "policy: a directory without mask is -EINVAL");
	put(dir, "enabled", NULL);
	put(dir, "locked", NULL);
	rmdir(dir);
}

/*
 * Idmapped mounts: the value's root (v2: 0) and the owner are seen
 * through the mount's idmap; writes map the root back (cap_convert_nscap).
 */
static void idmap_cases(void)
{
	struct fcap_file f = file_with(IPC_LOCK, 0, true);
	struct fcap_value in, st;
	struct fcap_proc p;
	struct fcap_exec e;
	struct fcap_idmap bad;

	tap_ok(!fcap_idmap_parse("0 100000 65536\n", &f.idmap) &&
	       f.idmap.n == 1, "idmap: one uid_map line parsed");
	tap_ok(fcap_idmap_map(&f.idmap, 0) == 100000 &&
	       fcap_idmap_map(&f.idmap, 65536) == FCAP_NO_ID &&
	       fcap_idmap_unmap(&f.idmap, 100001) == 1 &&
	       fcap_idmap_unmap(&f.idmap, 0) == FCAP_NO_ID,
	       "idmap: map and unmap, unmapped ids are FCAP_NO_ID");
	tap_ok(fcap_idmap_parse("0 1", &bad) == -EINVAL &&
	       fcap_idmap_parse("0 0 0", &bad) == -EINVAL &&
	       fcap_idmap_parse("4294967295 0 2", &bad) == -EINVAL,
	       "idmap: short line, zero count, range past 2^32 refused");

	fcap_proc_init(&p, 1000);
	run(&p, &f, &e);
	tap_ok(!e.error && !e.file_caps && !e.cap_prm,
	       "idmap 0->100000: a v2 value's root is 100000, not the caller's: ignored");
	p.ns_depth = 2;
	p.ns_root[0] = 100000;
	p.ns_root[1] = 0;
	run(&p, &f, &e);
	tap_ok(!e.error && e.file_caps && e.cap_prm == IPC_LOCK,
	       "idmap 0->100000: in the namespace whose root is 100000 it grants");
	f.xattr.rev = 3;
	f.xattr.has_rootid = true;
	f.xattr.rootid = 70000;
	run(&p, &f, &e);
	tap_ok(!e.error && !e.file_caps,
	       "idmap 0->100000: a v3 root the idmap does not map is ignored");
	f.overlay = true;
	run(&p, &f, &e);
	tap_is_int(e.error, -EOVERFLOW,
		   "idmap 0->100000 below overlayfs: that root fails exec (EOVERFLOW), as under podman --uidmap");
	f.xattr.rootid = 0;
	run(&p, &f, &e);
	tap_ok(!e.error && e.file_caps && e.cap_prm == IPC_LOCK,
	       "idmap 0->100000 below overlayfs: rootid 0 grants in the namespace");
	f.overlay = false;
	f.mode |= S_ISUID;
	f.uid = 5;
	fcap_proc_init(&p, 1000);
	f.has_xattr = false;
	run(&p, &f, &e);
	tap_ok(e.euid == 100005, "idmap: a set-uid owner is seen through it");

	/* writes */
	f = file_with(IPC_LOCK, 0, true);
	fcap_proc_init(&p, 0);
	in = f.xattr;
	tap_ok(!fcap_model_setxattr(&p, &f, &in, FCAP_KERNEL_MAINLINE, &st) &&
	       st.rev == 2, "write: root, plain mount, v2 stays v2");
	fcap_idmap_parse("0 100000 65536", &f.idmap);
	tap_is_int(fcap_model_setxattr(&p, &f, &in, FCAP_KERNEL_MAINLINE, &st),
		   -EINVAL, "write: root through 0->100000: root 0 has no id below: EINVAL");
	p.ns_depth = 2;
	p.ns_root[0] = 100000;
	tap_ok(!fcap_model_setxattr(&p, &f, &in, FCAP_KERNEL_MAINLINE, &st) &&
	       st.rev == 3 && st.size == 24 && st.rootid == 0 && st.effective,
	       "write: namespace root 100000 through 0->100000: v3, rootid 0");
	memset(&f.idmap, 0, sizeof(f.idmap));
	tap_ok(!fcap_model_setxattr(&p, &f, &in, FCAP_KERNEL_MAINLINE, &st) &&
	       st.rev == 3 && st.rootid == 100000,
	       "write: namespace root 100000, plain mount: v3, rootid 100000");
	p.cap_eff = 0;
	tap_is_int(fcap_model_setxattr(&p, &f, &in, FCAP_KERNEL_MAINLINE, &st),
		   -EPERM, "write: without CAP_SETFCAP: EPERM");
}

int main(void)
{
	user_cases();
	ambient_cases();
	root_cases();
	unsafe_cases();
	value_cases();
	self_case();
	policy_read_cases();
	guard_cases();
	idmap_cases();
	line_cases();
	kver_cases();
	return tap_done();
}
