/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * entry.h - what fsck-check knows about one capability-bearing file.
 *
 * A source (the mounted-tree walker, the offline ext4 reader, the tar
 * reader, the OCI image reader) fills a struct entry; rules.c turns it into findings; output.c prints.
 * Nothing in rules.c or baseline.c prints: they return 0 or -errno.
 */
#ifndef FSCK_CHECK_ENTRY_H
#define FSCK_CHECK_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "fcap.h"

#define ENTRY_FINDINGS_MAX	32
#define FINDING_REASON_MAX	200

enum entry_source {
	SRC_MOUNTED = 0,	/* lgetxattr on a mounted tree */
	SRC_IMAGE = 1,		/* read from a file system image (offline) */
	SRC_BASELINE = 2,	/* only known from a baseline (removed) */
	SRC_ARCHIVE = 3,	/* a member of a tar archive (offline) */
	SRC_OCI = 4,		/* a file of a container image (offline) */
};

/* "sha256:" and 64 hex digits, and the NUL */
#define ENTRY_DIGEST_MAX	72
/* Layer events kept per name (SRC_OCI): the latest ones */
#define ENTRY_EVENTS_MAX	12

/* What a layer of an image did to a name's value (SRC_OCI). */
enum layer_event_kind {
	LAYER_ADDED = 0,	/* a value where there was none */
	LAYER_CHANGED = 1,	/* another value */
	LAYER_REMOVED = 2,	/* a whiteout (or a file over its directory) */
	LAYER_LOST = 3,		/* the file replaced by one with no value */
};

/**
 * struct layer_event - one layer's doing
 * @kind:	what it did
 * @layer:	which layer, 1 the base
 * @digest:	its digest, "sha256:..."
 */
struct layer_event {
	enum layer_event_kind kind;
	unsigned int layer;
	char digest[ENTRY_DIGEST_MAX];
};

/* Where an offline value is stored (SRC_IMAGE only). */
enum entry_storage {
	STORE_UNKNOWN = 0,
	STORE_INODE = 1,	/* in the inode body, after i_extra_isize */
	STORE_BLOCK = 2,	/* in an external EA block (@ea_block) */
};

/**
 * struct entry - one name of a file that carries security.capability
 * @path:	the name (malloc()ed)
 * @source:	where the value was read
 * @dev: @ino: @mode: @uid: @gid: @nlink: stat(2) fields
 * @parent_mode: st_mode of the containing directory (@parent_known)
 * @nosuid:	the file system is mounted nosuid (@nosuid_known)
 * @read:	the value, as lib read it (fcap_read_at(), or fcap_read_buf()
 *		offline: an oversized value whole); never FCAP_READ_NONE
 *		but for SRC_BASELINE, whose @read holds no @data
 * @has_sha: @sha256: SHA-256 of the content (regular files, on demand)
 * @storage: @ea_block: where an offline value is stored
 * @orphan:	offline: no directory names the inode; @path is "<inode N>"
 * @layer: @digest: SRC_OCI: the layer (1 the base) that last set the
 *		value, or, when @gone, that removed it
 * @gone:	SRC_OCI: not in the image's final file system with a value
 *		(removed or lost by a later layer); @read is the last value
 * @events: @nevents: SRC_OCI: what the layers did to the value, oldest
 *		first (malloc()ed; the latest ENTRY_EVENTS_MAX)
 */
struct entry {
	char *path;
	enum entry_source source;
	uint64_t dev;
	uint64_t ino;
	uint32_t mode;
	uint32_t uid;
	uint32_t gid;
	uint64_t nlink;
	uint32_t parent_mode;
	bool parent_known;
	bool nosuid;
	bool nosuid_known;
	struct fcap_read read;
	bool has_sha;
	unsigned char sha256[32];
	enum entry_storage storage;
	uint64_t ea_block;
	bool orphan;
	unsigned int layer;
	char digest[ENTRY_DIGEST_MAX];
	bool gone;
	struct layer_event *events;
	size_t nevents;
};

enum severity {
	SEV_INFO = 0,
	SEV_WARNING = 1,
	SEV_ERROR = 2,
};

struct finding {
	const char *rule;
	enum severity sev;
	char reason[FINDING_REASON_MAX];
};

struct policy_rule {
	char *glob;
	uint64_t mask;
};

/**
 * struct rules_config - the knobs of the rule set
 * @dangerous:	capabilities that are root-equivalent (overridable)
 * @deny:	capabilities that may never appear (--deny)
 * @policy:	allow-list (--policy), NULL when none
 */
struct rules_config {
	uint64_t dangerous;
	uint64_t deny;
	struct policy_rule *policy;
	size_t npolicy;
	bool have_policy;
};

/* rules.c */
extern const char rules_default_dangerous[];
int rules_init(struct rules_config *cfg);
void rules_free(struct rules_config *cfg);
int rules_load_policy(struct rules_config *cfg, const char *file,
		      unsigned int *bad_line);
size_t rules_check(const struct entry *e, const struct rules_config *cfg,
		   struct finding *out, size_t max);
const char *severity_name(enum severity s);
int severity_parse(const char *s, enum severity *out);
void entry_free(struct entry *e);

/* baseline.c */
#define BASELINE_MAGIC		"fsck-check-baseline"
#define BASELINE_VERSION	1

struct baseline {
	struct entry *v;
	size_t n;
};

int baseline_sha256_fd(int fd, unsigned char out[32]);
int baseline_sha256_read(ssize_t (*rd)(void *priv, void *buf, size_t len),
			 void *priv, unsigned char out[32]);
int baseline_save(const char *file, const struct entry *v, size_t n);
int baseline_write(FILE *f, const struct entry *v, size_t n);
int baseline_load(const char *file, struct baseline *b, unsigned int *line);
void baseline_free(struct baseline *b);
size_t baseline_compare(const struct entry *e, const struct entry *old,
			struct finding *out, size_t max);
void baseline_removed(const struct entry *old, struct finding *f);
int entry_cmp_path(const void *a, const void *b);

/* output.c: exit status bits, as fsck(8) */
#define EXIT_FINDINGS	4
#define EXIT_OPERR	8
#define EXIT_USAGE	16
#define EXIT_INTR	32
#define EXIT_PROMETHEUS	64	/* the --prometheus file was not written */

/* The "schema_version" member of every --json line (fsck-check.schema.json) */
#define JSON_SCHEMA_VERSION	2

enum output { OUT_TEXT, OUT_JSON, OUT_LIST };

struct opts {
	enum output out;
	bool quiet;
	enum severity fail_on;
	const char *save_baseline;
	const char *baseline;
	const char *prometheus;	/* --prometheus file, or NULL */
	long jobs;
	bool colour;
	char **ops;		/* the operands, for removed entries */
	int nops;
	bool interrupted;	/* the scan did not finish */
};

/* Distinct (rule, severity) pairs counted for --prometheus */
#define TALLY_RULES_MAX		64

struct rule_count {
	const char *rule;
	enum severity sev;
	size_t n;
};

struct tally {
	size_t files;
	size_t sev[3];
	size_t failing;
	struct rule_count rules[TALLY_RULES_MAX];
	size_t nrules;
};

void judge_all(const struct opts *o, const struct rules_config *cfg,
	       struct entry *v, size_t n, const struct baseline *b,
	       struct tally *t);

/* prometheus.c: the node_exporter textfile of a scan */
struct prom_report {
	const char *file;
	const char *source;	/* "mounted", "image", "archive" or "oci" */
	const char *const *paths; /* the operands, or the image file */
	int npaths;
	const struct tally *t;
	bool baseline;		/* compared with a baseline */
	unsigned long errors;	/* operational errors */
	double duration;	/* seconds */
	int status;		/* the exit status, but for EXIT_PROMETHEUS */
	char last_success[64];	/* set by prom_fill() */
};

/* The file being written: a temporary beside it, made before reading. */
struct prom_file {
	const char *file;
	char *tmp;
	int fd;
	char last_success[64];	/* of the file replaced, "" when none */
};

int prom_open(struct prom_file *p, const char *file);
int prom_fill(struct prom_file *p, struct prom_report *r);
int prom_commit(struct prom_file *p, bool ok);

#endif /* FSCK_CHECK_ENTRY_H */
