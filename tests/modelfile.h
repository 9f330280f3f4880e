/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * modelfile.h - for the model's tests (tests/model.c, tests/context.c):
 * the model's record of an executable regular file, owner and group
 * mapped, carrying a revision 2 value.
 */
#ifndef FCAPS_TESTS_MODELFILE_H
#define FCAPS_TESTS_MODELFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "fcap.h"

/* permitted P, inheritable I, the effective flag if EFF */
static inline struct fcap_file file_with(uint64_t p, uint64_t i, bool eff)
{
	struct fcap_file f;

	memset(&f, 0, sizeof(f));
	f.mode = S_IFREG | 0755;
	f.owner_mapped = f.group_mapped = true;
	f.has_xattr = true;
	fcap_value_set(&f.xattr, p, i, eff ? p | i : 0);
	f.xattr.size = FCAP_SIZE_V2;
	return f;
}

#endif
