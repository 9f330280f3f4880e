// SPDX-License-Identifier: GPL-2.0-only
/*
 * manifest.c - harness for setfcap's --manifest parser.
 *
 * setfcap.c is compiled into this file (its main() renamed) so the
 * harness reaches read_manifest() and parse_caps() exactly as the tool
 * runs them, without exporting them.  The input is a manifest; after
 * reading it, every op must carry a path and a text, and every op that
 * parsed must hold the value fcap_from_text() gives for its text, encoded
 * as fcap_encode() encodes it.  Nothing is opened or written.
 */
#include <stdint.h>

int setfcap_main(int argc, char **argv);
#define main setfcap_main
#include "../setfcap/setfcap.c"
#undef main

#include "fuzz.h"

static FILE *devnull, *saved_stderr;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	saved_stderr = stderr;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		devnull = stderr;
	return 0;
}

static void reset(void)
{
	size_t i;

	for (i = 0; i < nops; i++) {
		free((void *)(uintptr_t)ops[i].path);
		free(ops[i].text);
		free(ops[i].old);
	}
	nops = 0;
	last_parsed = SIZE_MAX;
}

static void check_op(const struct op *o)
{
	struct fcap_value want;
	unsigned char buf[FCAP_SIZE_MAX];
	int n;

	fuzz_assert(o->path && o->text);
	fuzz_assert(!strchr(o->path, '\n'));
	fuzz_assert(o->path[0] != ' ' && o->path[0] != '\t');
	fuzz_assert(o->fd == -1 && !o->written);
	if (o->remove) {
		fuzz_assert(!strcmp(o->text, "-r"));
		return;
	}
	if (fcap_from_text(o->text, &want, NULL))
		return;		/* refused: reported, never applied */
	fuzz_assert(o->val.permitted == want.permitted);
	fuzz_assert(o->val.inheritable == want.inheritable);
	fuzz_assert(o->val.effective == want.effective);
	n = fcap_encode(&want, buf, sizeof(buf));
	fuzz_assert(n == o->len && !memcmp(buf, o->buf, n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[64];
	size_t i, lines = 0;
	int fd, ret;

	if (size > 65536)
		return 0;
	fd = fuzz_memfile(data, size, name, sizeof(name));
	if (fd < 0)
		return 0;
	quiet = true;
	/* warnx() per bad line: keep them out of libFuzzer's output */
	stderr = devnull;
	ret = read_manifest(name);
	stderr = saved_stderr;
	close(fd);
	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	fuzz_assert(nops <= lines + 1);
	for (i = 0; i < nops; i++)
		check_op(&ops[i]);
	fuzz_assert(ret == 0 || ret == -1);
	reset();
	return 0;
}
