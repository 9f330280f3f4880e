// SPDX-License-Identifier: GPL-2.0-only
/*
 * text.c - harness for the libcap text bridge.
 *
 * The input is a text (NUL-terminated copy).  When fcap_from_text()
 * accepts it, fcap_to_text() of the value must parse back to the very
 * same value, and printing that gives the same text again: the form
 * getfcap prints is a fixed point.  A refused text names a clause that
 * is part of the input, or none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fcap.h"
#include "fuzz.h"

static void check_names(uint64_t mask)
{
	uint64_t back;
	char *names;

	fuzz_assert(fcap_mask_to_names(mask, &names) == 0);
	if (mask) {
		fuzz_assert(fcap_names_to_mask(names, &back) == 0);
		fuzz_assert(back == mask);
	} else {
		fuzz_assert(!strcmp(names, ""));
	}
	free(names);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fcap_text_error te;
	struct fcap_value v, w;
	char *text, *t1 = NULL, *t2 = NULL;
	uint64_t mask;
	int ret;

	if (size > 4096)
		return 0;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	ret = fcap_from_text(text, &v, &te);
	fuzz_assert(ret == 0 || ret == -EINVAL || ret == -ENOMEM);
	if (ret) {
		fuzz_assert(te.reason || ret == -ENOMEM);
		if (te.clause)
			fuzz_assert(strstr(text, te.clause));
		fcap_text_error_free(&te);
		goto out_names;
	}
	fuzz_assert(!te.clause);
	fuzz_assert(v.rev == 2 && !v.has_rootid);
	fuzz_assert(fcap_to_text(&v, &t1) == 0 && t1);
	ret = fcap_from_text(t1, &w, &te);
	if (ret)
		fuzz_fail("'%s' -> '%s' is refused: %s", text, t1,
			  te.reason ? te.reason : "?");
	fuzz_assert(w.permitted == v.permitted);
	fuzz_assert(w.inheritable == v.inheritable);
	fuzz_assert(w.effective == v.effective || !(v.permitted | v.inheritable));
	fuzz_assert(fcap_to_text(&w, &t2) == 0 && t2);
	if (strcmp(t1, t2))
		fuzz_fail("'%s' -> '%s' -> '%s'", text, t1, t2);
	check_names(v.permitted);
	check_names(v.inheritable);
out_names:
	/* the same bytes as a --deny style name list */
	if (fcap_names_to_mask(text, &mask) == 0)
		check_names(mask);
	free(t1);
	free(t2);
	free(text);
	return 0;
}
