// SPDX-License-Identifier: GPL-2.0-only
/*
 * context.c - runtime contexts (lib/context.c): the presets and the
 * process each leaves, options refining them, refused arguments, and the
 * fixes, each one the model's.  tests/runtime.sh holds the same presets
 * to podman and runc.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "context.h"
#include "modelfile.h"
#include "tap.h"

#define C(n)		(1ULL << (n))
#define NET_BIND	C(10)
#define NET_RAW		C(13)
#define SYS_ADMIN	C(21)
#define KILL		C(5)
#define DOCKER_CAPS	0x00000000a80425fbULL
#define PODMAN_CAPS	0x00000000800405fbULL

static struct fcap_context ctx_of(const char *preset)
{
	struct fcap_context c;

	fcap_context_init(&c);
	if (preset && fcap_context_apply(&c, FCAP_CTXOPT_PRESET, preset, NULL))
		tap_diag("preset %s refused", preset);
	return c;
}

static int opt(struct fcap_context *c, enum fcap_ctx_opt o, const char *arg)
{
	return fcap_context_apply(c, o, arg, NULL);
}

static void exec_in(const struct fcap_context *c, const struct fcap_file *f,
		    struct fcap_exec *x)
{
	fcap_context_exec(c, f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12, NULL, x);
}

static void preset_cases(void)
{
	struct fcap_context c;
	struct fcap_proc p;

	c = ctx_of("docker");
	fcap_context_proc(&c, &p);
	tap_is_u64(p.cap_bnd, DOCKER_CAPS, "docker: moby's 14 capabilities");
	tap_ok(p.cap_prm == DOCKER_CAPS && p.cap_eff == DOCKER_CAPS &&
	       !p.cap_inh && !p.cap_amb && p.uid == 0,
	       "docker: root holds them permitted and effective");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == DOCKER_CAPS && !p.cap_prm && !p.cap_eff &&
	       p.uid == 1000 && p.gid == 0,
	       "docker --user 1000: bounding only, group 0");

	c = ctx_of("podman");
	fcap_context_proc(&c, &p);
	tap_is_u64(p.cap_bnd, PODMAN_CAPS, "podman: containers.conf's 11");
	opt(&c, FCAP_CTXOPT_USER, "1000:1000");
	opt(&c, FCAP_CTXOPT_CAP_ADD, "NET_RAW");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == (PODMAN_CAPS | NET_RAW) && p.cap_prm == NET_RAW &&
	       p.cap_inh == NET_RAW && p.cap_amb == NET_RAW && p.gid == 1000,
	       "podman --user --cap-add: the added one in every set");

	c = ctx_of("cap-drop-all,+net_bind_service");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == NET_BIND && p.cap_prm == NET_BIND,
	       "cap-drop-all,+net_bind_service");
	c = ctx_of("docker,-all,+kill");
	fcap_context_proc(&c, &p);
	tap_is_u64(p.cap_bnd, KILL, "docker,-all,+kill");

	c = ctx_of("k8s-restricted");
	fcap_context_proc(&c, &p);
	tap_ok(!p.cap_bnd && p.no_new_privs && p.uid == 1000,
	       "k8s-restricted: nothing, no_new_privs, non-root");
	c = ctx_of("k8s-restricted,+NET_BIND_SERVICE");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == NET_BIND && p.cap_prm == NET_BIND &&
	       p.cap_eff == NET_BIND,
	       "k8s-restricted,+NET_BIND_SERVICE: containerd's sets");

	c = ctx_of("systemd");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == fcap_known_mask() && p.cap_prm == p.cap_bnd &&
	       !p.no_new_privs && p.uid == 0, "systemd: a root service");
	c = ctx_of("systemd:User=1000,AmbientCapabilities=CAP_NET_BIND_SERVICE,CapabilityBoundingSet=CAP_NET_BIND_SERVICE CAP_KILL");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == (NET_BIND | KILL) && p.cap_amb == NET_BIND &&
	       p.cap_inh == NET_BIND && p.cap_prm == fcap_known_mask() &&
	       !p.cap_eff && p.uid == 1000 && p.gid == 1000,
	       "systemd User= with ambient: pP kept, pE cleared");
	c = ctx_of("systemd:CapabilityBoundingSet=~CAP_KILL,CapabilityBoundingSet=~CAP_NET_RAW");
	tap_is_u64(c.caps, fcap_known_mask() & ~(KILL | NET_RAW),
		   "systemd: ~ lines remove from the full set");
	c = ctx_of("systemd:CapabilityBoundingSet=CAP_KILL,CapabilityBoundingSet=CAP_NET_RAW");
	tap_is_u64(c.caps, KILL | NET_RAW, "systemd: lines merge");
	c = ctx_of("systemd:CapabilityBoundingSet=CAP_KILL,CapabilityBoundingSet=");
	tap_is_u64(c.caps, 0, "systemd: an empty assignment resets");
	c = ctx_of("systemd:NoNewPrivileges=yes,SecureBits=noroot keep-caps");
	tap_ok(c.no_new_privs && c.securebits == (FCAP_SECURE_NOROOT |
						  FCAP_SECURE_KEEP_CAPS),
	       "systemd: NoNewPrivileges= and SecureBits=");

	c = ctx_of("self");
	fcap_context_proc(&c, &p);
	tap_ok(p.ns_depth >= 1 && !strcmp(c.preset, "self"),
	       "self: read from /proc/self");
	tap_ok(fcap_context_source(&c) &&
	       strstr(fcap_context_source(&c), "/proc/self/status"),
	       "self: cites /proc/self/status");
	c = ctx_of("docker");
	tap_ok(strstr(fcap_context_source(&c), "oci/caps/defaults.go") != NULL,
	       "docker: cites moby's oci/caps/defaults.go");
	c = ctx_of("podman");
	tap_ok(strstr(fcap_context_source(&c), "containers.conf") != NULL,
	       "podman: cites containers.conf");
}

static void option_cases(void)
{
	struct fcap_context c = ctx_of(NULL);
	struct fcap_proc p;

	opt(&c, FCAP_CTXOPT_USER, "1000");
	opt(&c, FCAP_CTXOPT_BOUNDING, "kill,net_raw");
	opt(&c, FCAP_CTXOPT_AMBIENT, "cap_kill");
	opt(&c, FCAP_CTXOPT_NO_NEW_PRIVS, NULL);
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == (KILL | NET_RAW) && p.cap_amb == KILL &&
	       p.cap_prm == KILL && p.cap_inh == KILL && p.no_new_privs &&
	       p.uid == 1000 && p.gid == 1000,
	       "a login with --bounding, --ambient, --no-new-privs");
	c = ctx_of("docker");
	opt(&c, FCAP_CTXOPT_CAP_DROP, "ALL");
	opt(&c, FCAP_CTXOPT_CAP_ADD, "cap_net_raw");
	fcap_context_proc(&c, &p);
	tap_ok(p.cap_bnd == NET_RAW && p.cap_prm == NET_RAW,
	       "--cap-drop ALL --cap-add NET_RAW");
	opt(&c, FCAP_CTXOPT_PRESET, "podman");
	tap_is_u64(c.caps, PODMAN_CAPS, "a preset starts afresh");
	opt(&c, FCAP_CTXOPT_USERNS_ROOT, "100000");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	fcap_context_proc(&c, &p);
	tap_ok(p.ns_depth == 2 && p.ns_root[0] == 100000 &&
	       p.uid == 101000 && p.gid == 100000,
	       "--userns-root: ids as the host sees them");
}

static void refused_cases(void)
{
	struct fcap_context c = ctx_of(NULL);
	struct fcap_context_error e;

	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET, "dokcer", &e),
		   -ENOENT, "an unknown preset: -ENOENT");
	tap_is_str(e.token, "dokcer", "naming it");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET,
				      "k8s-restricted,+net_raw", &e),
		   -EINVAL, "restricted adds only NET_BIND_SERVICE");
	tap_is_str(e.token, "+net_raw", "naming the refused part");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET,
				      "docker,net_raw", &e),
		   -EINVAL, "a modifier without + or -");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET,
				      "systemd:NoNewPrivileges=maybe", &e),
		   -EINVAL, "a systemd boolean that is none");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET,
				      "systemd:Nope=1", &e),
		   -EINVAL, "an unknown systemd setting");
	tap_is_str(e.token, "Nope", "naming the key");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_PRESET, "docker:x", &e),
		   -EINVAL, "settings after ':' for a container preset");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_CAP_ADD, "net_rwa", &e),
		   -EINVAL, "an unknown capability");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_CAP_ADD, "", &e),
		   -EINVAL, "--cap-add of nothing");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_USER, "10x", &e),
		   -EINVAL, "a user that is no number");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_USER, "10:", &e),
		   -EINVAL, "an empty group");
	tap_is_int(fcap_context_apply(&c, FCAP_CTXOPT_USERNS_ROOT,
				      "4294967295", &e),
		   -EINVAL, "--userns-root (uid_t)-1");
}

static void fix_cases(void)
{
	struct fcap_fix fx[FCAP_FIXES_MAX];
	struct fcap_context c;
	struct fcap_file f = file_with(NET_RAW, 0, true);
	struct fcap_exec x;
	char text[512];
	int n;

	c = ctx_of("podman");
	exec_in(&c, &f, &x);
	tap_is_int(x.error, -EPERM, "podman, cap_net_raw+ep: EPERM");
	tap_is_u64(fcap_exec_missing(&f, &x), NET_RAW,
		   "exec fails: all the file asks for is missing");
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_is_int(n, 2, "two fixes");
	tap_ok(n == 2 && fx[0].changes == FCAP_FIX_BOUNDING &&
	       fx[0].caps == NET_RAW && fx[0].full &&
	       (fx[0].result.cap_eff & NET_RAW),
	       "adding NET_RAW to the bounding set works");
	tap_ok(n == 2 && !fcap_fix_text(&c, &fx[0], &f, text, sizeof(text)) &&
	       !strcmp(text, "--cap-add NET_RAW"), "in podman's words");
	tap_ok(n == 2 && fx[1].changes == FCAP_FIX_NO_EFFECTIVE &&
	       !fx[1].full && !fx[1].result.error,
	       "without the effective flag exec succeeds: partial");

	f = file_with(NET_BIND, 0, true);
	c = ctx_of("docker");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	opt(&c, FCAP_CTXOPT_NO_NEW_PRIVS, NULL);
	exec_in(&c, &f, &x);
	tap_ok(!x.error && !x.cap_prm && !fcap_exec_works(&f, &x),
	       "docker --user, no_new_privs: nothing, silently");
	tap_is_u64(fcap_exec_missing(&f, &x), NET_BIND,
		   "and NET_BIND_SERVICE is what is missing");
	memset(&x, 0, sizeof(x));
	x.cap_prm = NET_BIND;
	tap_is_u64(fcap_exec_missing(&f, &x), NET_BIND,
		   "permitted, not effective, for a value with the effective flag: missing");
	f = file_with(NET_BIND, 0, false);
	tap_is_u64(fcap_exec_missing(&f, &x), 0,
		   "permitted, for a value without it: nothing missing");
	f = file_with(NET_BIND, 0, true);
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_ok(n == 1 && fx[0].changes == FCAP_FIX_NO_NNP,
	       "the one fix is no_new_privs off (Docker has no ambient)");

	c = ctx_of("cap-drop-all");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	opt(&c, FCAP_CTXOPT_NO_NEW_PRIVS, NULL);
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_ok(n >= 1 && fx[0].changes == (FCAP_FIX_BOUNDING | FCAP_FIX_NO_NNP),
	       "nothing bounded and no_new_privs: both changes, together");

	c = ctx_of("k8s-restricted,+net_bind_service");
	exec_in(&c, &f, &x);
	tap_ok(fcap_exec_works(&f, &x) && !fcap_exec_missing(&f, &x),
	       "restricted with NET_BIND_SERVICE: the value works");
	tap_is_int(fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE,
				      FCAP_KVER_6_12, NULL, fx, FCAP_FIXES_MAX),
		   0, "and needs no fix");

	c = ctx_of("systemd:User=1000,NoNewPrivileges=yes");
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_ok(n == 2 && fx[0].changes == FCAP_FIX_NO_NNP &&
	       fx[1].changes == FCAP_FIX_AMBIENT && fx[1].ambient == NET_BIND,
	       "systemd: NoNewPrivileges=no, or AmbientCapabilities=");
	tap_ok(n == 2 && !fcap_fix_text(&c, &fx[1], &f, text, sizeof(text)) &&
	       strstr(text, "AmbientCapabilities=CAP_NET_BIND_SERVICE"),
	       "in the unit's words");
}

static void userns_cases(void)
{
	struct fcap_fix fx[FCAP_FIXES_MAX];
	struct fcap_context c;
	struct fcap_file f = file_with(NET_BIND, 0, true);
	struct fcap_exec x;
	int n;

	f.xattr.rev = 3;
	f.xattr.size = FCAP_SIZE_V3;
	f.xattr.has_rootid = true;
	f.xattr.rootid = 100000;
	c = ctx_of("docker");
	opt(&c, FCAP_CTXOPT_USERNS_ROOT, "100000");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	exec_in(&c, &f, &x);
	tap_ok(fcap_exec_works(&f, &x), "v3 for the namespace: honoured");
	opt(&c, FCAP_CTXOPT_USERNS_ROOT, "200000");
	exec_in(&c, &f, &x);
	tap_ok(!x.error && !x.cap_prm, "v3 for another namespace: ignored");
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_ok(n == 1 && fx[0].changes == FCAP_FIX_ROOTID &&
	       fx[0].rootid == 200000, "the fix: rootid 200000");

	/* podman: overlayfs over layers idmapped 0 -> the namespace root */
	c = ctx_of("podman");
	opt(&c, FCAP_CTXOPT_USERNS_ROOT, "100000");
	opt(&c, FCAP_CTXOPT_USER, "1000");
	exec_in(&c, &f, &x);
	tap_is_int(x.error, -EOVERFLOW,
		   "podman --uidmap: v3 rootid 100000 fails with EOVERFLOW");
	n = fcap_context_fixes(&c, &f, FCAP_KERNEL_MAINLINE, FCAP_KVER_6_12,
			       NULL, fx, FCAP_FIXES_MAX);
	tap_ok(n >= 1 && fx[0].changes == FCAP_FIX_ROOTID && !fx[0].rootid,
	       "the fix: a version 2 value");
	f = file_with(NET_BIND, 0, true);
	exec_in(&c, &f, &x);
	tap_ok(fcap_exec_works(&f, &x), "podman --uidmap: v2 honoured");
}

int main(void)
{
	preset_cases();
	option_cases();
	refused_cases();
	fix_cases();
	userns_cases();
	return tap_done();
}
