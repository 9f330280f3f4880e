/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * context.h - where a program runs: the process that executes it, as a
 * container runtime, a service manager or this very process leaves it,
 * for the execve model (fcap_model_exec()).
 *
 * A context is built from a preset and options that refine it, in the
 * order given (fcap_context_apply()); fcap_context_proc() turns it into
 * the struct fcap_proc the model takes, following the runtime's own rules
 * for the process it starts.  The presets and their sources:
 *
 *   docker          moby/moby oci/caps/defaults.go DefaultCapabilities()
 *                   (14 capabilities), oci/oci.go SetCapabilities(): root
 *                   holds them in its bounding, permitted and effective
 *                   sets; another user only in its bounding set
 *   podman          containers/common pkg/config/containers.conf
 *                   default_capabilities (Podman 4.x, 11 capabilities);
 *                   a user other than root holds only the capabilities
 *                   named by --cap-add, in every set, ambient included;
 *                   in a user namespace (--uidmap 0:ROOT:65536) the
 *                   image's layers are idmapped mounts below overlayfs,
 *                   as Podman 4.3 makes them where the kernel can
 *   cap-drop-all    docker run --cap-drop ALL (Docker's rules)
 *   k8s-restricted  Kubernetes' restricted Pod Security Standard: every
 *                   capability dropped (NET_BIND_SERVICE may be added),
 *                   allowPrivilegeEscalation: false (no_new_privs),
 *                   runAsNonRoot (uid 1000 unless --user says); as
 *                   containerd starts it (oci/spec_opts.go
 *                   WithCapabilities(): bounding, permitted and effective
 *                   whatever the user)
 *   systemd         systemd.exec(5): a service, root unless User=, with
 *                   NoNewPrivileges=, CapabilityBoundingSet=,
 *                   AmbientCapabilities=, SecureBits=, User=, Group=;
 *                   as src/core/execute.c exec_child() makes it: the
 *                   bounding set limits exec only, root keeps every
 *                   capability in pP and pE, another user keeps pP
 *                   (KEEP_CAPS) only when it has ambient capabilities
 *   self            this process (/proc/self/status, prctl())
 *
 * Or from the runtime's own configuration (runcfg.c): "oci:FILE" (an OCI
 * runtime config.json, exactly as runc applies it), "k8s:FILE[#NAME]" (a
 * Kubernetes workload's container as containerd starts it),
 * "podman-kube:FILE[#NAME]" (as podman kube play does), "compose:FILE
 * [#SERVICE]" (a Compose service as docker compose starts it),
 * "podman-compose:FILE[#SERVICE]" (with Podman's rules) and "unit:FILE"
 * (a systemd service and its drop-ins).  --privileged (docker run's,
 * podman's, a pod's privileged: true) gives the container the bounding
 * set of the runtime, which is this process's.
 *
 * Nothing here prints.
 */
#ifndef FCAP_CONTEXT_H
#define FCAP_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fcap.h"

enum fcap_ctx_kind {
	FCAP_CTX_LOGIN = 0,	/* a fresh login process (no preset) */
	FCAP_CTX_DOCKER,
	FCAP_CTX_PODMAN,
	FCAP_CTX_K8S,
	FCAP_CTX_SYSTEMD,
	FCAP_CTX_SELF,
	FCAP_CTX_OCI,		/* a config.json: @self is its process */
};

/* What options set over the "self" preset's process (@set). */
#define FCAP_CTX_SET_BOUNDING	(1U << 0)
#define FCAP_CTX_SET_AMBIENT	(1U << 1)
#define FCAP_CTX_SET_USER	(1U << 2)
#define FCAP_CTX_SET_NNP	(1U << 3)
#define FCAP_CTX_SET_USERNS	(1U << 4)
#define FCAP_CTX_SET_SECUREBITS	(1U << 5)
#define FCAP_CTX_SET_PRIVILEGED	(1U << 6)

/**
 * struct fcap_context - the process that will execute a file
 * @kind:	whose rules make the process (enum fcap_ctx_kind)
 * @preset:	the preset's name ("" for none)
 * @caps:	the capability list of the runtime: the bounding set (and,
 *		as each runtime does, the permitted and effective sets of
 *		root)
 * @added:	capabilities named by --cap-add ("+CAP") since the preset
 *		(Podman gives them to a user other than root)
 * @ambient:	the ambient set asked for (--ambient, AmbientCapabilities=)
 * @securebits:	securebits (FCAP_SECURE_*)
 * @no_new_privs: no_new_privs set
 * @uid: @gid:	the user and group, as the runtime sees them (in the user
 *		namespace when @userns_root is not 0)
 * @userns_root: the host uid of the user namespace's root
 * @userns:	in a user namespace (@userns_root may be 0: systemd's
 *		PrivateUsers=)
 * @nosuid:	the file's mount is nosuid
 * @privileged:	--privileged: @caps is the runtime's bounding set
 * @nonroot:	the runtime refuses to start the process as root
 *		(Kubernetes' runAsNonRoot: true); fcap_context_check()
 * @set:	FCAP_CTX_SET_* of what options set (the "self" preset keeps
 *		the rest of the process as it is)
 * @self:	the process of "self", or of FCAP_CTX_OCI, as read
 * @file:	the configuration file the context was read from, or ""
 * @name:	its container or service ("" for the only one, or none)
 * @user_name:	a user (USER[:GROUP]) the file names that the tool must
 *		resolve, in the passwd of where the program runs; "" none
 */
struct fcap_context {
	enum fcap_ctx_kind kind;
	char preset[32];
	uint64_t caps;
	uint64_t added;
	uint64_t ambient;
	unsigned int securebits;
	bool no_new_privs;
	uint32_t uid, gid;
	uint32_t userns_root;
	bool userns;
	bool nosuid;
	bool privileged;
	bool nonroot;
	unsigned int set;
	struct fcap_proc self;
	char file[256];
	char name[64];
	char user_name[72];
};

/* The options that build a context, in the order the tool got them. */
enum fcap_ctx_opt {
	FCAP_CTXOPT_PRESET,	/* NAME[,+CAP|,-CAP|,-all...], systemd:K=V,... */
	FCAP_CTXOPT_BOUNDING,	/* CAPS: the bounding set, exactly */
	FCAP_CTXOPT_CAP_ADD,	/* CAPS (or ALL) added, as docker --cap-add */
	FCAP_CTXOPT_CAP_DROP,	/* CAPS (or ALL) dropped, as --cap-drop */
	FCAP_CTXOPT_NO_NEW_PRIVS, /* no argument */
	FCAP_CTXOPT_AMBIENT,	/* CAPS: the ambient set */
	FCAP_CTXOPT_USER,	/* UID[:GID] */
	FCAP_CTXOPT_USERNS_ROOT, /* UID: the namespace's root on the host */
	FCAP_CTXOPT_NOSUID,	/* no argument */
	FCAP_CTXOPT_PRIVILEGED,	/* no argument */
};

/**
 * struct fcap_context_error - why an option was refused
 * @reason:	static English text
 * @token:	the part of the argument refused (truncated)
 * @where:	a configuration file refused: "FILE:LINE: KEY" (or
 *		"FILE: KEY", "FILE") where it went wrong; "" otherwise
 */
struct fcap_context_error {
	const char *reason;
	char token[64];
	char where[384];
};

void fcap_context_init(struct fcap_context *ctx);
int fcap_context_apply(struct fcap_context *ctx, enum fcap_ctx_opt opt,
		       const char *arg, struct fcap_context_error *e);
int fcap_context_check(const struct fcap_context *ctx,
		       struct fcap_context_error *e);
const char *fcap_context_presets(void);
const char *fcap_context_source(const struct fcap_context *ctx);
void fcap_context_proc(const struct fcap_context *ctx, struct fcap_proc *p);
void fcap_context_file(const struct fcap_context *ctx, struct fcap_file *file);
void fcap_context_exec(const struct fcap_context *ctx,
		       const struct fcap_file *file, enum fcap_kernel k,
		       enum fcap_kver ver, const struct fcap_policy *policy,
		       struct fcap_exec *out);

/*
 * What would make a file work in a context: each a change of the context
 * or of the file, kept only when the model, run again with it, says so.
 */
#define FCAP_FIX_BOUNDING	(1U << 0) /* @caps added to the bounding set */
#define FCAP_FIX_NO_NNP		(1U << 1) /* no_new_privs off */
#define FCAP_FIX_ROOTID		(1U << 2) /* the value for this namespace */
#define FCAP_FIX_NOSUID		(1U << 3) /* a mount without nosuid */
#define FCAP_FIX_AMBIENT	(1U << 4) /* no file value; @caps ambient */
#define FCAP_FIX_NO_EFFECTIVE	(1U << 5) /* the value without 'e' */
#define FCAP_FIXES_MAX		4

/**
 * struct fcap_fix - one change that makes a file work, as the model says
 * @changes:	FCAP_FIX_* bits
 * @caps:	the capabilities added to the bounding set
 * @ambient:	the capabilities made ambient
 * @rootid:	FCAP_FIX_ROOTID: the rootid to write (0: a version 2 value)
 * @full:	the process then holds every capability the file asks for
 *		(effective too when the file's effective flag is set); when
 *		false (FCAP_FIX_NO_EFFECTIVE) exec only stops failing
 * @result:	the model's outcome with the change
 */
struct fcap_fix {
	unsigned int changes;
	uint64_t caps;
	uint64_t ambient;
	uint32_t rootid;
	bool full;
	struct fcap_exec result;
};

uint64_t fcap_file_wants(const struct fcap_file *file);
bool fcap_exec_works(const struct fcap_file *file, const struct fcap_exec *x);
uint64_t fcap_exec_missing(const struct fcap_file *file,
			   const struct fcap_exec *x);
int fcap_context_fixes(const struct fcap_context *ctx,
		       const struct fcap_file *file, enum fcap_kernel k,
		       enum fcap_kver ver, const struct fcap_policy *policy,
		       struct fcap_fix *fixes, size_t max);
int fcap_fix_text(const struct fcap_context *ctx, const struct fcap_fix *fix,
		  const struct fcap_file *file, char *buf, size_t len);
int fcap_context_text(const struct fcap_context *ctx, char *buf, size_t len);
int fcap_context_print_json(FILE *f, const struct fcap_context *ctx);
int fcap_exec_print_json(FILE *f, const struct fcap_exec *x);

#endif /* FCAP_CONTEXT_H */
