// SPDX-License-Identifier: GPL-2.0-only
/*
 * runcfg.c - harness for the runtime configuration readers
 * (lib/runcfg.c): an OCI config.json (json-c), a Kubernetes workload and
 * a Compose file (libyaml), a systemd unit.
 *
 * The first byte picks the kind (its low seven bits, modulo 6) and, for
 * the YAML kinds, whether a container or service "a" is named (its top
 * bit); the rest is the file.  Either the
 * context loads, and is one the runtime could start (its sets within
 * the capabilities this build knows, ambient within permitted and
 * inheritable), or it is refused with -EINVAL, a reason and a place
 * that begins with the file's name, and no context is left.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "context.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const kinds[] = {
		"oci", "k8s", "podman-kube", "compose", "podman-compose", "unit",
	};
	struct fcap_context_error e = { NULL, "", "" };
	struct fcap_context c;
	struct fcap_proc p;
	const char *kind;
	char name[64], arg[96];
	uint64_t known = fcap_known_mask();
	int fd, k, ret;

	if (size < 1 || size > 65536)
		return 0;
	k = (data[0] & 0x7f) % 6;
	kind = kinds[k];
	fd = fuzz_memfile(data + 1, size - 1, name, sizeof(name));
	if (fd < 0)
		return 0;
	snprintf(arg, sizeof(arg), "%s:%s%s", kind, name,
		 (data[0] & 0x80) && k && k != 5 ?
		 "#a" : "");
	fcap_context_init(&c);
	ret = fcap_context_apply(&c, FCAP_CTXOPT_PRESET, arg, &e);
	close(fd);
	if (ret) {
		fuzz_assert(ret == -EINVAL || ret == -ENOMEM);
		fuzz_assert(e.reason && e.reason[0]);
		fuzz_assert(!strncmp(e.where, name, strlen(name)));
		fuzz_assert(memchr(e.where, '\0', sizeof(e.where)));
		fuzz_assert(c.kind == FCAP_CTX_LOGIN);
		return 0;
	}
	fuzz_assert(!strcmp(c.file, name));
	fcap_context_proc(&c, &p);
	fuzz_assert(!(p.cap_bnd & ~known) && !(p.cap_prm & ~known) &&
		    !(p.cap_eff & ~known) && !(p.cap_inh & ~known));
	fuzz_assert(!(p.cap_amb & ~(p.cap_prm & p.cap_inh)));
	fuzz_assert(memchr(c.user_name, '\0', sizeof(c.user_name)));
	fuzz_assert(memchr(c.name, '\0', sizeof(c.name)));
	return 0;
}
