/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * context-priv.h - what context.c shares with runcfg.c, the readers of
 * the runtimes' configuration files: the two files are one module
 * (context.h), and nothing outside lib/ includes this.
 */
#ifndef FCAP_CONTEXT_PRIV_H
#define FCAP_CONTEXT_PRIV_H

#include "context.h"

/* Docker's and containerd's default capabilities (moby, containerd) */
extern const uint64_t fcap_ctx_docker_caps;
/* Podman's (containers/common containers.conf default_capabilities) */
extern const uint64_t fcap_ctx_podman_caps;

int fcap_ctx_refuse(struct fcap_context_error *e, const char *reason,
		    const char *token, size_t n);
int fcap_ctx_parse_caps(const char *text, size_t n, uint64_t *mask,
			struct fcap_context_error *e);
int fcap_ctx_parse_bool(const char *s, size_t n, bool *b);
int fcap_ctx_preset(struct fcap_context *ctx, const char *name,
		    struct fcap_context_error *e);
int fcap_ctx_runtime_bounding(uint64_t *caps);

/**
 * struct fcap_ctx_systemd - systemd settings being read
 * @bset_seen: @amb_seen: CapabilityBoundingSet=, AmbientCapabilities=
 *		assigned already (the next ones merge)
 * @user: @group: User= and Group= as written ("" for none)
 */
struct fcap_ctx_systemd {
	bool bset_seen, amb_seen;
	char user[64], group[64];
};

int fcap_ctx_systemd_setting(struct fcap_context *ctx,
			     struct fcap_ctx_systemd *st, const char *s,
			     size_t n, struct fcap_context_error *e);
int fcap_ctx_systemd_user(struct fcap_context *ctx,
			  const struct fcap_ctx_systemd *st,
			  struct fcap_context_error *e);

/* runcfg.c: "KIND:FILE[#NAME]" when KIND is one of its kinds */
bool fcap_runcfg_is(const char *arg, size_t n);
int fcap_runcfg_load(struct fcap_context *ctx, const char *arg,
		     struct fcap_context_error *e);

#endif /* FCAP_CONTEXT_PRIV_H */
