// SPDX-License-Identifier: GPL-2.0-only
/*
 * source.c - the four sources of struct entry in one shape (source.h):
 * open the input, then scan it.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "archive-scan.h"
#include "image.h"
#include "oci.h"
#include "source.h"
#include "tools.h"
#include "walk.h"

/* The exit status bits @ret of an offline scan, its error counted. */
static int counted(struct source *s, int ret)
{
	if (ret & EXIT_OPERR)
		s->errors++;
	return ret;
}

static int mounted_open(struct source *s)
{
	s->opened = true;
	return 0;
}

static int mounted_scan(struct source *s, struct entry **v, size_t *n,
			volatile sig_atomic_t *intr)
{
	const struct walk_opts w = {
		.ops = s->o.ops,
		.nops = s->o.nops,
		.jobs = s->o.jobs,
		.cross = s->o.cross,
		.quiet = s->o.quiet,
		.hash = s->o.hash,
	};

	return walk_scan(&w, v, n, &s->errors, intr);
}

/* --image: image_open()'s options live as long as its reader. */
struct image_src {
	struct image_opts o;
	struct img *im;
};

static int image_src_open(struct source *s)
{
	struct image_src *p = xcalloc(1, sizeof(*p));
	int ret;

	p->o.file = s->o.file;
	p->o.offset = s->o.offset;
	p->o.force = s->o.force;
	ret = image_open(&p->o, &p->im);
	s->opened = p->im;
	if (s->opened)
		s->priv = p;
	else
		free(p);
	return ret;
}

static int image_src_scan(struct source *s, struct entry **v, size_t *n,
			  volatile sig_atomic_t *intr)
{
	struct image_src *p = s->priv;
	int ret;

	p->o.quiet = s->o.quiet;
	p->o.hash = s->o.hash;
	ret = image_read(p->im, v, n, intr);
	free(p);
	return counted(s, ret);
}

/* --archive: the archive ("-": standard input), not a directory. */
static int archive_src_open(struct source *s)
{
	struct archive_opts *a = xcalloc(1, sizeof(*a));
	struct stat st;

	a->file = s->o.file;
	if (!strcmp(a->file, "-")) {
		a->fd = STDIN_FILENO;
		a->file = s->o.file = "(standard input)";
	} else {
		a->fd = open(a->file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	}
	if (a->fd < 0) {
		warn("%s", a->file);
		goto out_free;
	}
	if (fstat(a->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		warnx("%s: a directory, not a tar archive", a->file);
		close(a->fd);
		goto out_free;
	}
	s->priv = a;
	s->opened = true;
	return 0;
out_free:
	free(a);
	return EXIT_OPERR;
}

static int archive_src_scan(struct source *s, struct entry **v, size_t *n,
			    volatile sig_atomic_t *intr)
{
	struct archive_opts *a = s->priv;
	int ret;

	a->quiet = s->o.quiet;
	a->hash = s->o.hash;
	ret = archive_scan(a, v, n, intr);
	free(a);
	return counted(s, ret);
}

static int oci_src_open(struct source *s)
{
	struct oci_opts *o = xcalloc(1, sizeof(*o));
	int ret;

	o->file = s->o.file;
	o->ref = s->o.ref;
	o->fd = -1;
	o->index_fd = -ENOENT;
	ret = oci_open(o);
	/* a layout without index.json: the scan says what is missing */
	s->opened = !ret || o->fd >= 0 || o->index_fd >= 0 || o->nblobs;
	if (s->opened)
		s->priv = o;
	else
		free(o);
	return ret;
}

static int oci_src_scan(struct source *s, struct entry **v, size_t *n,
			volatile sig_atomic_t *intr)
{
	struct oci_opts *o = s->priv;
	int ret;

	o->quiet = s->o.quiet;
	o->hash = s->o.hash;
	ret = oci_scan(o, v, n, intr);
	free(o);
	return counted(s, ret);
}

const struct source_ops mounted_source = {
	"mounted", false, mounted_open, mounted_scan,
};
const struct source_ops image_source = {
	"image", true, image_src_open, image_src_scan,
};
const struct source_ops archive_source = {
	"archive", true, archive_src_open, archive_src_scan,
};
const struct source_ops oci_source = {
	"oci", true, oci_src_open, oci_src_scan,
};
