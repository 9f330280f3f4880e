// SPDX-License-Identifier: GPL-2.0-only
/*
 * driver.c - replay inputs through a harness without libFuzzer.
 *
 * usage: HARNESS-replay FILE|DIR...
 *
 * Every regular file named, and every regular file directly inside a
 * named directory (in name order), goes once through
 * LLVMFuzzerTestOneInput().  Prints "replayed N inputs" and exits 0; a
 * broken invariant aborts and a sanitizer or valgrind reports the rest.
 * This is what `make check` runs, so regressions need no long fuzzing.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	return 0;
}

static unsigned long replayed;

static void replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, room = 0, n;

	if (!f)
		err(1, "%s", path);
	for (;;) {
		if (len == room) {
			uint8_t *b;

			room = room ? room * 2 : 4096;
			b = realloc(buf, room);
			if (!b)
				err(1, NULL);
			buf = b;
		}
		n = fread(buf + len, 1, room - len, f);
		if (!n)
			break;
		len += n;
	}
	if (ferror(f))
		err(1, "%s", path);
	fclose(f);
	/* an exact-size copy, so a sanitizer catches any over-read */
	{
		uint8_t *exact = malloc(len ? len : 1);

		if (!exact)
			err(1, NULL);
		memcpy(exact, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	replayed++;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void replay_dir(const char *dir)
{
	struct dirent **names;
	char path[4096];
	struct stat st;
	int i, n;

	n = scandir(dir, &names, NULL, by_name);
	if (n < 0)
		err(1, "%s", dir);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (names[i]->d_name[0] != '.' && !stat(path, &st) &&
		    S_ISREG(st.st_mode))
			replay_file(path);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	struct stat st;
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st))
			err(1, "%s", argv[i]);
		if (S_ISDIR(st.st_mode))
			replay_dir(argv[i]);
		else
			replay_file(argv[i]);
	}
	printf("replayed %lu inputs\n", replayed);
	return fflush(stdout) == EOF;
}
