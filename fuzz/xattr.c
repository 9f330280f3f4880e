// SPDX-License-Identifier: GPL-2.0-only
/*
 * xattr.c - harness for the security.capability codec.
 *
 * Any bytes: fcap_decode() never reads past @size and classifies them.
 * Where the value is valid: encode(decode(x)) == x byte for byte, and
 * decoding that again gives the same value.  The kernel verdicts are
 * computed for both kernels and must be 0 or one of the documented
 * errnos.
 */
#include <errno.h>
#include <string.h>

#include "fcap.h"
#include "fuzz.h"

static void check_verdict(const struct fcap_value *v, enum fcap_kernel k)
{
	struct fcap_verdict vd;

	fcap_verdict(v, k, &vd);
	fuzz_assert(vd.write == 0 || vd.write == -EINVAL || vd.write == -EPERM);
	fuzz_assert(vd.read == 0 || vd.read == -EINVAL ||
		    vd.read == -EOVERFLOW || vd.read == -ENODATA);
	/* only the empty value reads as none, and only with the fix */
	if (vd.read == -ENODATA)
		fuzz_assert(v->size == 0 && k != FCAP_KERNEL_MAINLINE);
	fuzz_assert(vd.exec == 0 || vd.exec == -ENODATA ||
		    vd.exec == -EINVAL || vd.exec == -ERANGE);
	/* what the kernel returns to a reader, it lets a writer store */
	if (vd.read == 0 && v->rev >= 2)
		fuzz_assert(vd.write == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fcap_value v, w;
	unsigned char buf[FCAP_SIZE_MAX + 8];
	int ret, n;

	ret = fcap_decode(data, size, &v);
	fuzz_assert(v.size == size);
	fuzz_assert(ret == 0 || ret == -EINVAL);
	fuzz_assert((ret == 0) == (v.problems == FCAP_PROB_NONE));
	fuzz_assert(v.rev <= 3);
	if (v.rev != 3)
		fuzz_assert(!v.has_rootid);
	if (v.rev == 1)
		fuzz_assert(v.problems & FCAP_PROB_LEGACY);
	if (v.problems & (FCAP_PROB_EMPTY | FCAP_PROB_SHORT | FCAP_PROB_SIZE |
			  FCAP_PROB_REVISION))
		fuzz_assert(!v.permitted && !v.inheritable);
	fuzz_assert(strcmp(fcap_problem_name(v.problems & -v.problems),
			   "unknown") || !v.problems);
	check_verdict(&v, FCAP_KERNEL_MAINLINE);
	check_verdict(&v, FCAP_KERNEL_FCAPS);
	if (ret)
		return 0;

	/* valid: v2 or v3, known capabilities, no odd flags */
	fuzz_assert(v.rev == 2 || v.rev == 3);
	memset(buf, 0xa5, sizeof(buf));
	n = fcap_encode(&v, buf, sizeof(buf));
	fuzz_assert(n >= 0 && (size_t)n == size);
	fuzz_assert(!memcmp(buf, data, size));
	fuzz_assert(buf[size] == 0xa5);
	fuzz_assert(fcap_encode(&v, buf, size - 1) == -ERANGE);
	ret = fcap_decode(buf, n, &w);
	fuzz_assert(ret == 0);
	fuzz_assert(!memcmp(&v, &w, sizeof(v)));
	return 0;
}
