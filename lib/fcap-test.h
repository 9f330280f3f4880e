/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fcap-test.h - lib's scaffolding for the guest suites, not an interface
 * of the tools: the kernel that carries only the fix series of the
 * fcaps patches (kernel/build.sh fix, tests/vm/offline.c), whose
 * verdicts fcap_verdict() gives for any kernel that is neither mainline
 * nor the whole series.
 */
#ifndef FCAP_TEST_H
#define FCAP_TEST_H

#include "fcap.h"

#define FCAP_KERNEL_FIX	((enum fcap_kernel)2)	/* stock + the fix series */

#endif /* FCAP_TEST_H */
