// SPDX-License-Identifier: GPL-2.0-only
/*
 * policy.c - harness for fsck-check's --policy parser and the rules.
 *
 * The input is a policy file.  When it loads, every rule has a non-empty
 * glob without blanks, and judging entries against it (one per rule,
 * named by the rule's glob, carrying exactly the rule's capabilities,
 * plus a few fixed ones) gives well-formed findings: a known severity, a
 * terminated reason, and no "policy" finding for a file the policy names
 * literally and allows everything it has.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "rules.h"
#include "fuzz.h"

static void check_findings(const struct finding *f, size_t n)
{
	size_t i;

	fuzz_assert(n <= ENTRY_FINDINGS_MAX);
	for (i = 0; i < n; i++) {
		fuzz_assert(f[i].rule && f[i].rule[0]);
		fuzz_assert(f[i].sev <= SEV_ERROR);
		fuzz_assert(memchr(f[i].reason, '\0', sizeof(f[i].reason)));
	}
}

static bool has_rule(const struct finding *f, size_t n, const char *rule)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(f[i].rule, rule))
			return true;
	return false;
}

static size_t judge(const struct rules_config *cfg, const char *path,
		    uint64_t caps, struct finding *f)
{
	unsigned char raw[FCAP_SIZE_MAX];
	struct fcap_value v;
	struct entry e;
	size_t n;
	int len;

	memset(&e, 0, sizeof(e));
	e.path = (char *)(uintptr_t)path;
	e.mode = S_IFREG | 0755;
	fcap_value_set(&v, caps & fcap_known_mask(), 0, 0);
	len = fcap_encode(&v, raw, sizeof(raw));
	fuzz_assert(len == FCAP_SIZE_V2);
	fuzz_assert(fcap_read_buf(raw, len, &e.read) == 0);
	n = rules_check(&e, cfg, f, ENTRY_FINDINGS_MAX);
	check_findings(f, n);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const fixed[] = {
		"/usr/bin/ping", "/usr/bin/python3", "/", "", "a/b/../c",
	};
	struct finding f[ENTRY_FINDINGS_MAX];
	struct rules_config cfg;
	unsigned int bad_line = 0;
	size_t i, n, lines = 1;
	char name[64];
	int fd, ret;

	if (size > 65536)
		return 0;
	fuzz_assert(rules_init(&cfg) == 0);
	fd = fuzz_memfile(data, size, name, sizeof(name));
	if (fd < 0)
		return 0;
	ret = rules_load_policy(&cfg, name, &bad_line);
	close(fd);
	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (ret) {
		fuzz_assert(ret == -EINVAL || ret == -ENOMEM);
		fuzz_assert(bad_line >= 1 && bad_line <= lines);
		fuzz_assert(!cfg.have_policy);
		goto out_free;
	}
	fuzz_assert(cfg.have_policy);
	fuzz_assert(cfg.npolicy <= lines);
	for (i = 0; i < cfg.npolicy; i++) {
		const char *g = cfg.policy[i].glob;

		fuzz_assert(g && g[0] && g[0] != '#');
		fuzz_assert(!strpbrk(g, " \t\n"));
		n = judge(&cfg, g, cfg.policy[i].mask, f);
		if (!strpbrk(g, "*?[\\"))
			fuzz_assert(!has_rule(f, n, "policy"));
	}
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		judge(&cfg, fixed[i], ~0ULL, f);
out_free:
	rules_free(&cfg);
	return 0;
}
