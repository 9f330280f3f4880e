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

/* An offline open returned @ret: its state @p kept if @opened. */
static int offline_opened(struct source *s, void *p, bool opened, int ret)
{
	s->opened = opened;
	if (opened)
		s->priv = p;
	else
		free(p);
	return ret;
}

/* An offline scan ended with @ret: its state freed, its error counted. */
static int offline_done(struct source *s, int ret)
{
	free(s->priv);
	s->priv = NULL;
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
	return walk_scan(&s->o, v, n, &s->errors, intr);
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
	p->o.quiet = s->o.quiet;
	p->o.hash = s->o.hash;
	ret = image_open(&p->o, &p->im);
	return offline_opened(s, p, p->im, ret);
}

static int image_src_scan(struct source *s, struct entry **v, size_t *n,
			  volatile sig_atomic_t *intr)
{
	struct image_src *p = s->priv;

	return offline_done(s, image_read(p->im, v, n, intr));
}

/* --archive: the archive ("-": standard input), not a directory. */
static int archive_src_open(struct source *s)
{
	struct archive_opts *a = xcalloc(1, sizeof(*a));
	struct stat st;

	a->file = s->o.file;
	a->quiet = s->o.quiet;
	a->hash = s->o.hash;
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
	/* before the sandbox, which opens no library */
	if (archive_lib_load(a->file)) {
		close(a->fd);
		goto out_free;
	}
	return offline_opened(s, a, true, 0);
out_free:
	return offline_opened(s, a, false, EXIT_OPERR);
}

static int archive_src_scan(struct source *s, struct entry **v, size_t *n,
			    volatile sig_atomic_t *intr)
{
	return offline_done(s, archive_scan(s->priv, v, n, intr));
}

static int oci_src_open(struct source *s)
{
	struct oci_opts *o = xcalloc(1, sizeof(*o));
	int ret;

	o->file = s->o.file;
	o->ref = s->o.ref;
	o->quiet = s->o.quiet;
	o->hash = s->o.hash;
	o->fd = -1;
	o->index_fd = -ENOENT;
	/* before the sandbox, which opens no library */
	ret = archive_lib_load(o->file);
	if (!ret)
		ret = oci_open(o);
	/* a layout without index.json: the scan says what is missing */
	return offline_opened(s, o, !ret || o->fd >= 0 || o->index_fd >= 0 ||
			      o->nblobs, ret);
}

static int oci_src_scan(struct source *s, struct entry **v, size_t *n,
			volatile sig_atomic_t *intr)
{
	struct oci_opts *o = s->priv;
	int ret = oci_scan(o, v, n, intr);

	s->user = o->user;
	s->passwd = o->passwd;
	s->group = o->group;
	return offline_done(s, ret);
}

/**
 * source_free() - what a scan left in @s
 * @s:		the source
 */
void source_free(struct source *s)
{
	free(s->user);
	free(s->passwd);
	free(s->group);
	s->user = s->passwd = s->group = NULL;
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
