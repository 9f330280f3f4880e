// SPDX-License-Identifier: GPL-2.0-only
/*
 * image.c - harness for fsck-check's offline reader, fed whole images.
 *
 * The input is an ext2/3/4 image (seeds: small images made by
 * fuzz/mkimages.sh with every kind of value and place).  image_scan()
 * reads it through libext2fs; whatever the bytes, it must report every
 * piece of damage in the shape the driver prints, return 0, or a
 * negative errno exactly when it reported damage that makes the result
 * incomplete, in bounded time, and every entry it hands back must be a
 * well-formed one (a path, the image source, a value within bounds or a
 * read error) that the rules judge without trouble.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "image.h"
#include "fuzz.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile sig_atomic_t intr;
	struct fuzz_damage dmg = { { 0 } };
	const struct fsck_report rep = { fuzz_damage, &dmg };
	struct finding f[ENTRY_FINDINGS_MAX];
	struct image_opts o = { .hash = true };
	struct rules_config cfg;
	struct entry *v = NULL;
	size_t n = 0, i, nf;
	char name[64];
	int fd, ret;

	if (size < 1024 || size > (4U << 20))
		return 0;
	fd = fuzz_memfile(data, size, name, sizeof(name));
	if (fd < 0)
		return 0;
	o.file = name;
	ret = image_scan(&o, &rep, &v, &n, &intr);
	close(fd);
	fuzz_assert(fuzz_damage_ok(ret, &dmg));
	fuzz_assert(rules_init(&cfg) == 0);
	for (i = 0; i < n; i++) {
		struct entry *e = &v[i];

		fuzz_assert(e->path && e->path[0]);
		fuzz_assert(e->source == SRC_IMAGE);
		fuzz_assert(e->read.state == FCAP_READ_VALUE ||
			    (e->read.state == FCAP_READ_OVERSIZED &&
			     e->read.size > FCAP_READ_MAX &&
			     !e->read.data == (e->read.err == E2BIG)));
		nf = rules_check(e, &cfg, f, ENTRY_FINDINGS_MAX);
		fuzz_assert(nf <= ENTRY_FINDINGS_MAX);
		entry_free(e);
	}
	free(v);
	rules_free(&cfg);
	return 0;
}
