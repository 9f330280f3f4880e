// SPDX-License-Identifier: GPL-2.0-only
/*
 * archive.c - harness for fsck-check's tar reader, fed whole archives.
 *
 * The input is a tar archive, plain or compressed (seeds: small archives
 * made by GNU tar, bsdtar and Python's tarfile, some hostile).
 * archive_scan() reads it through libarchive; whatever the bytes, it
 * must report every piece of damage in the shape the driver prints,
 * return 0, or a negative errno exactly when it reported damage that
 * makes the result incomplete, and every entry it hands back must be a
 * well-formed one: a normalized name under the root ("/", no empty, "."
 * or ".." component), the archive source, a value within bounds or a
 * size, names unique, link counts that count the names of each file, and
 * findings the rules give without trouble.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "archive-scan.h"
#include "fuzz.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile sig_atomic_t intr;
	struct fuzz_damage dmg = { { 0 } };
	const struct fsck_report rep = { fuzz_damage, &dmg };
	struct finding f[ENTRY_FINDINGS_MAX];
	struct archive_opts o = { .hash = true };
	struct rules_config cfg;
	struct entry *v = NULL;
	size_t n = 0, i, j, names, nf;
	char name[64];
	int ret;

	if (size > (1U << 20))
		return 0;
	o.fd = fuzz_memfile(data, size, name, sizeof(name));
	if (o.fd < 0)
		return 0;
	o.file = name;
	ret = archive_scan(&o, &rep, &v, &n, &intr);	/* closes o.fd */
	fuzz_assert(fuzz_damage_ok(ret, &dmg));
	fuzz_assert(rules_init(&cfg) == 0);
	if (n)
		qsort(v, n, sizeof(*v), entry_cmp_path);
	for (i = 0; i < n; i++) {
		struct entry *e = &v[i];

		fuzz_assert(e->path && fuzz_path_normalized(e->path));
		fuzz_assert(!i || strcmp(v[i - 1].path, e->path) < 0);
		fuzz_assert(e->source == SRC_ARCHIVE);
		fuzz_assert(e->read.state == FCAP_READ_VALUE ||
			    (e->read.state == FCAP_READ_OVERSIZED &&
			     e->read.size > FCAP_READ_MAX &&
			     !e->read.data == (e->read.err == E2BIG)));
		for (j = 0, names = 0; j < n; j++)
			names += v[j].ino == e->ino;
		fuzz_assert(e->nlink == names);
		nf = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
		fuzz_assert(nf <= ENTRY_FINDINGS_MAX);
	}
	for (i = 0; i < n; i++)
		entry_free(&v[i]);
	free(v);
	rules_free(&cfg);
	return 0;
}
