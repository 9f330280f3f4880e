// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules.c - judge one struct entry.  Never prints.
 *
 * Rule ids are stable: scripts and the JSON schema key on them.  The list
 * and the severities are documented in doc/fsck-check.8.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "layers.h"
#include "rules.h"

/* Root-equivalent capabilities: the documented default of --dangerous. */
const char rules_default_dangerous[] =
	"cap_chown,cap_dac_override,cap_dac_read_search,cap_fowner,"
	"cap_setgid,cap_setuid,cap_setpcap,cap_sys_module,cap_sys_rawio,"
	"cap_sys_ptrace,cap_sys_admin,cap_sys_boot,cap_mknod,cap_setfcap,"
	"cap_mac_override,cap_mac_admin,cap_bpf";

/*
 * Basenames of interpreters: a capability there reaches every script.
 * Each is a name, or a name and a trailing "*" (see name_match()), with
 * its length.
 */
struct name_pattern {
	const char *s;
	size_t len;
};

#define PAT(s)	{ s, sizeof(s) - 1 }
static const struct name_pattern interpreters[] = {
	PAT("sh"), PAT("ash"), PAT("bash"), PAT("dash"), PAT("ksh*"),
	PAT("mksh"), PAT("zsh"), PAT("csh"), PAT("tcsh"), PAT("fish"),
	PAT("busybox"), PAT("python*"), PAT("pypy*"), PAT("perl*"),
	PAT("ruby*"), PAT("irb*"), PAT("node"), PAT("nodejs"), PAT("deno"),
	PAT("bun"), PAT("lua*"), PAT("luajit*"), PAT("php*"), PAT("tclsh*"),
	PAT("wish*"), PAT("awk"), PAT("gawk"), PAT("mawk"), PAT("nawk"),
	PAT("java"), PAT("jshell"), PAT("guile*"), PAT("Rscript"), PAT("R"),
	PAT("osascript"), PAT("expect"), PAT("gdb"), PAT("env"),
};

const char *severity_name(enum severity s)
{
	switch (s) {
	case SEV_INFO:
		return "info";
	case SEV_WARNING:
		return "warning";
	case SEV_ERROR:
		return "error";
	}
	return "?";
}

int severity_parse(const char *s, enum severity *out)
{
	if (!strcmp(s, "info"))
		*out = SEV_INFO;
	else if (!strcmp(s, "warning"))
		*out = SEV_WARNING;
	else if (!strcmp(s, "error"))
		*out = SEV_ERROR;
	else
		return -EINVAL;
	return 0;
}

int rules_init(struct rules_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->kver = FCAP_KVER_7_3;
	fcap_policy_default(&cfg->model);
	return fcap_names_to_mask(rules_default_dangerous, &cfg->dangerous);
}

void rules_free(struct rules_config *cfg)
{
	size_t i;

	for (i = 0; i < cfg->npolicy; i++)
		free(cfg->policy[i].glob);
	free(cfg->policy);
	cfg->policy = NULL;
	cfg->npolicy = 0;
}

static int policy_add(struct rules_config *cfg, const char *glob,
		      uint64_t mask)
{
	struct policy_rule *p;

	p = realloc(cfg->policy, (cfg->npolicy + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	cfg->policy = p;
	p[cfg->npolicy].glob = strdup(glob);
	if (!p[cfg->npolicy].glob)
		return -ENOMEM;
	p[cfg->npolicy].mask = mask;
	cfg->npolicy++;
	return 0;
}

/*
 * One policy line: "PATH-OR-GLOB CAPS".  CAPS is a comma-separated list of
 * capability names, or "none".  Blank lines and '#' comments are skipped.
 */
static int policy_line(struct rules_config *cfg, char *line)
{
	char *glob, *caps, *rest;
	uint64_t mask = 0;
	int ret;

	glob = strtok_r(line, " \t\n", &rest);
	if (!glob || glob[0] == '#')
		return 0;
	caps = strtok_r(NULL, " \t\n", &rest);
	if (!caps || strtok_r(NULL, " \t\n", &rest))
		return -EINVAL;
	if (strcmp(caps, "none")) {
		ret = fcap_names_to_mask(caps, &mask);
		if (ret < 0)
			return ret;
	}
	return policy_add(cfg, glob, mask);
}

int rules_load_policy(struct rules_config *cfg, const char *file,
		      unsigned int *bad_line)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned int n = 0;
	FILE *f;
	int ret = 0;

	f = fopen(file, "re");
	if (!f)
		return -errno;
	while (getline(&line, &cap, f) >= 0) {
		n++;
		ret = policy_line(cfg, line);
		if (ret < 0) {
			*bad_line = n;
			goto out_close;
		}
	}
	if (ferror(f))
		ret = -EIO;
	cfg->have_policy = true;
out_close:
	free(line);
	fclose(f);
	return ret;
}

struct sink {
	struct finding *out;
	size_t max;
	size_t n;
};

__attribute__((format(printf, 4, 5)))
static void add(struct sink *s, const char *rule, enum severity sev,
		const char *fmt, ...)
{
	struct finding *f;
	va_list ap;

	if (s->n >= s->max)
		return;
	f = &s->out[s->n++];
	f->rule = rule;
	f->sev = sev;
	f->has_exec = false;
	va_start(ap, fmt);
	vsnprintf(f->reason, sizeof(f->reason), fmt, ap);
	va_end(ap);
}

static const char *base_name(const char *path)
{
	const char *p = strrchr(path, '/');

	return p && p[1] ? p + 1 : path;
}

/*
 * Does @name (@len bytes) match @p, a name or a name and a trailing "*"
 * (what fnmatch() with no flags would say of these patterns, at a
 * fraction of its cost: this runs for every value)?
 */
static bool name_match(const struct name_pattern *p, const char *name,
		       size_t len)
{
	if (p->s[p->len - 1] == '*')
		return len >= p->len - 1 && !memcmp(p->s, name, p->len - 1);
	return len == p->len && !memcmp(p->s, name, len);
}

static bool is_interpreter(const char *path)
{
	const char *b = base_name(path);
	size_t i, len = strlen(b);

	for (i = 0; i < sizeof(interpreters) / sizeof(interpreters[0]); i++)
		if (name_match(&interpreters[i], b, len))
			return true;
	return false;
}

/* "cap_a,cap_b" for @mask, or a hex fallback if the library cannot. */
static void mask_text(uint64_t mask, char *buf, size_t len)
{
	char *t = NULL;

	if (fcap_mask_to_names(mask, &t) == 0 && t) {
		snprintf(buf, len, "%s", t);
		free(t);
		return;
	}
	snprintf(buf, len, "0x%llx", (unsigned long long)mask);
}

/*
 * What the judged line's exec does with a problem value, for the reasons
 * (get_vfs_caps_from_disk() decodes alike on every mainline line).
 */
static void exec_verdict(const struct fcap_value *v, enum fcap_kver kver,
			 char *buf, size_t len)
{
	const char *line = fcap_kver_name(kver);
	struct fcap_verdict vd;

	fcap_verdict(v, FCAP_KERNEL_MAINLINE, &vd);
	if (vd.exec == 0)
		snprintf(buf, len, "; Linux %s exec honours it", line);
	else if (vd.exec == -ENODATA)
		snprintf(buf, len, "; Linux %s exec ignores it", line);
	else
		snprintf(buf, len, "; Linux %s exec fails with %s", line,
			 strerrorname_np(-vd.exec) ?: "an error");
}

/* ": cap_x=ep" for a v1 or odd-flag value whose sets still decode. */
static void sets_text(const struct fcap_value *v, char *buf, size_t len)
{
	char *t = NULL;

	if (fcap_to_text(v, &t) == 0 && t)
		snprintf(buf, len, ": %s", t);
	free(t);
}

static void check_problems(struct sink *s, const struct fcap_value *v,
			   enum fcap_kver kver)
{
	unsigned int p = v->problems;
	char x[64] = "", sets[100] = "";

	if (!p)
		return;
	exec_verdict(v, kver, x, sizeof(x));
	if (!(p & (FCAP_PROB_EMPTY | FCAP_PROB_SHORT | FCAP_PROB_SIZE |
		   FCAP_PROB_REVISION)))
		sets_text(v, sets, sizeof(sets));

	if (p & FCAP_PROB_EMPTY)
		add(s, fcap_problem_name(FCAP_PROB_EMPTY), SEV_ERROR,
		    "zero-length value: every exec of this file fails with EINVAL, root included");
	if (p & FCAP_PROB_SHORT)
		add(s, fcap_problem_name(FCAP_PROB_SHORT), SEV_ERROR,
		    "value of %zu bytes has no magic word%s", v->size, x);
	if (p & FCAP_PROB_SIZE)
		add(s, fcap_problem_name(FCAP_PROB_SIZE), SEV_ERROR,
		    "value of %zu bytes is the wrong size for revision %u%s",
		    v->size, (v->magic & FCAP_REVISION_MASK) >> 24, x);
	if (p & FCAP_PROB_REVISION)
		add(s, fcap_problem_name(FCAP_PROB_REVISION), SEV_ERROR,
		    "unknown revision 0x%02x%s", v->magic >> 24, x);
	if (p & FCAP_PROB_LEGACY)
		add(s, fcap_problem_name(FCAP_PROB_LEGACY), SEV_WARNING,
		    "legacy revision 1 value (32-bit sets)%s%s", sets, x);
	if (p & FCAP_PROB_FLAGS)
		add(s, fcap_problem_name(FCAP_PROB_FLAGS), SEV_WARNING,
		    "unknown flag bits 0x%06x%s%s", v->magic & FCAP_FLAGS_MASK &
		    ~FCAP_FLAG_EFFECTIVE, sets, x);
	if (p & FCAP_PROB_HIGHBITS)
		add(s, fcap_problem_name(FCAP_PROB_HIGHBITS), SEV_WARNING,
		    "bits above the last known capability (%u) are set%s",
		    fcap_last_cap(), x);
}

/* More than the file's learned profile: capabilities, or the flag. */
static void check_profile(struct sink *s, const struct entry *e,
			  const struct rules_config *cfg,
			  const struct fcap_value *v)
{
	const struct profile *pr;
	char names[FINDING_REASON_MAX / 2];
	uint64_t more;

	if (!cfg->profiles)
		return;
	pr = profiles_find(cfg->profiles, e->path);
	if (!pr)
		return;
	more = (v->permitted | v->inheritable) & ~pr->caps;
	if (more) {
		mask_text(more, names, sizeof(names));
		add(s, "over-granted", SEV_WARNING,
		    "grants more than its learned profile (%s, %s): %s",
		    pr->where, pr->text, names);
	} else if (v->effective && !pr->effective &&
		   (v->permitted | v->inheritable)) {
		add(s, "over-granted", SEV_WARNING,
		    "raises its capabilities at exec, which its learned profile (%s, %s) does not",
		    pr->where, pr->text);
	}
}

static void check_value(struct sink *s, const struct entry *e,
			const struct rules_config *cfg)
{
	const struct fcap_value v = e->read.value;
	char names[FINDING_REASON_MAX - 40];
	uint64_t all, bad, allowed = 0;
	bool matched = false;
	size_t i;

	check_problems(s, &v, cfg->kver);
	if (v.has_rootid && v.rootid != 0 &&
	    (e->source == SRC_ARCHIVE || e->source == SRC_OCI))
		add(s, "not-portable", SEV_WARNING,
		    "v3 value for the user namespace whose root is uid %u: wherever this is unpacked, exec honours it only inside a user namespace whose root is that uid, and ignores it on the host and in any other container",
		    v.rootid);
	else if (v.has_rootid && v.rootid != 0)
		add(s, "namespaced", SEV_INFO,
		    "v3 value for the namespace whose root is uid %u: not effective on the host",
		    v.rootid);
	if (v.problems & (FCAP_PROB_EMPTY | FCAP_PROB_SHORT | FCAP_PROB_SIZE |
			  FCAP_PROB_REVISION))
		return;		/* no sets to judge */
	if (v.rev && v.effective && !v.permitted && !v.inheritable)
		add(s, "effective-empty", SEV_INFO,
		    "effective flag set with empty permitted and inheritable sets");
	if (v.rev && !v.permitted && v.inheritable)
		add(s, "inheritable-only", SEV_INFO,
		    "only inheritable capabilities: grants nothing unless the caller holds them");

	all = v.permitted | v.inheritable;
	bad = all & cfg->dangerous;
	if (bad) {
		mask_text(bad, names, sizeof(names));
		add(s, "dangerous", SEV_WARNING,
		    "root-equivalent capabilities: %s", names);
	}
	if (all && is_interpreter(e->path))
		add(s, "interpreter", SEV_ERROR,
		    "capabilities on an interpreter reach every script it runs");
	bad = all & cfg->deny;
	if (bad) {
		mask_text(bad, names, sizeof(names));
		add(s, "denied", SEV_ERROR, "denied capabilities: %s", names);
	}
	check_profile(s, e, cfg, &v);
	if (!cfg->have_policy)
		return;
	for (i = 0; i < cfg->npolicy; i++) {
		if (fnmatch(cfg->policy[i].glob, e->path, FNM_PATHNAME))
			continue;
		matched = true;
		allowed |= cfg->policy[i].mask;
	}
	if (!matched) {
		add(s, "policy", SEV_ERROR, "not in the policy");
		return;
	}
	bad = all & ~allowed;
	if (bad) {
		mask_text(bad, names, sizeof(names));
		add(s, "policy", SEV_ERROR, "beyond the policy: %s", names);
	}
}

static void check_meta(struct sink *s, const struct entry *e)
{
	mode_t m = e->mode;

	if (!S_ISREG(m))
		add(s, "non-regular", SEV_WARNING,
		    "capabilities on a non-regular file (mode %06o)",
		    (unsigned int)m);
	if (!S_ISLNK(m) && (m & (S_IWGRP | S_IWOTH)))
		add(s, "writable", SEV_WARNING, "writable by %s (mode %04o)",
		    (m & S_IWOTH) ? "others" : "group",
		    (unsigned int)(m & 07777));
	if (e->uid != 0)
		add(s, "not-root-owned", SEV_WARNING,
		    "owned by uid %u: the owner can replace it",
		    (unsigned int)e->uid);
	if (S_ISREG(m) && (m & (S_ISUID | S_ISGID)))
		add(s, "setid", SEV_WARNING, "set-%s and capabilities",
		    (m & S_ISUID) ? "uid" : "gid");
	if (e->nosuid_known && e->nosuid)
		add(s, "nosuid-mount", SEV_INFO,
		    "on a nosuid mount: the kernel ignores these capabilities");
	if (e->parent_known && (e->parent_mode & S_IWOTH) &&
	    !(e->parent_mode & S_ISVTX))
		add(s, "parent-writable", SEV_WARNING,
		    "parent directory is writable by others without the sticky bit");
}

/* A value too large for any revision (its size 0: unknown). */
static void check_oversized(struct sink *s, const struct entry *e,
			    enum fcap_kver kver)
{
	struct fcap_value v;
	char x[64] = "";

	fcap_read_exec_value(&e->read, &v);
	exec_verdict(&v, kver, x, sizeof(x));
	if (e->read.size)
		add(s, "oversized", SEV_ERROR,
		    "value of %zu bytes, larger than any revision (%d at most)%s",
		    e->read.size, FCAP_SIZE_MAX, x);
	else
		add(s, "oversized", SEV_ERROR,
		    "value of more than %d bytes, larger than any revision (%d at most)%s",
		    FCAP_READ_MAX, FCAP_SIZE_MAX, x);
}

/* What the layers of an image did to the value (SRC_OCI). */
static void check_events(struct sink *s, const struct entry *e)
{
	const struct entry_layers *l = e->layers;
	const struct layer_event *ev;
	size_t i;

	for (i = 0; l && i < l->nevents; i++) {
		ev = &l->events[i];
		switch (ev->kind) {
		case LAYER_ADDED:
			add(s, "layer-added", SEV_INFO,
			    "value added by layer %u (%s)", ev->layer,
			    ev->digest);
			break;
		case LAYER_CHANGED:
			add(s, "layer-changed", SEV_INFO,
			    "value changed by layer %u (%s)", ev->layer,
			    ev->digest);
			break;
		case LAYER_REMOVED:
			add(s, "layer-removed", SEV_INFO,
			    "removed by layer %u (%s)", ev->layer, ev->digest);
			break;
		case LAYER_LOST:
			add(s, "layer-lost", SEV_WARNING,
			    "value lost in layer %u (%s): the file replaced by one without capabilities (what Docker's COPY does)",
			    ev->layer, ev->digest);
			break;
		}
	}
}

/* The fixes of @fx, "; fix: A; or fix: B", into @buf (truncated to fit). */
static void fixes_text(const struct finding_exec *fx, char *buf, size_t len)
{
	size_t used = 0;
	unsigned int i;

	if (!fx->nfixes) {
		snprintf(buf, len,
			 "; no fix found (bounding set, no_new_privs, rootid, nosuid, ambient tried)");
		return;
	}
	buf[0] = '\0';
	for (i = 0; i < fx->nfixes && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "; %s%s%s",
					 i ? "or " : "",
					 fx->full[i] ? "fix: " : "partial fix: ",
					 fx->fix[i]);
}

/* @e as lib's model takes a file. */
static void entry_file(const struct entry *e, struct fcap_file *file)
{
	memset(file, 0, sizeof(*file));
	file->mode = e->mode;
	file->uid = e->uid;
	file->gid = e->gid;
	file->owner_mapped = file->group_mapped = true;
	file->nosuid = e->nosuid_known && e->nosuid;
	file->has_xattr = fcap_read_exec_value(&e->read, &file->xattr);
}

/*
 * A value fcaps-guard refuses (guard-refused, warning), as lib models
 * the guard: the exec of a regular file by a user who gains all the
 * value offers (a login of uid 65534 holding every capability in pI, so
 * that fI counts as fP does) fails for the guard alone, or, under
 * deny_write, the guard's write rule refuses the value.
 */
static void check_guard(struct sink *s, const struct entry *e,
			const struct rules_config *cfg)
{
	char names[FINDING_REASON_MAX / 2];
	struct fcap_exec x = { 0 };
	struct fcap_file file;
	struct fcap_proc p;
	uint64_t outside;
	bool refuse_exec, refuse_write;

	if (!cfg->guard_from || e->read.state != FCAP_READ_VALUE)
		return;
	entry_file(e, &file);
	if (!file.has_xattr)
		return;
	if (S_ISREG(e->mode)) {
		fcap_proc_init(&p, 65534);
		p.cap_inh = fcap_known_mask();
		fcap_model_exec(&p, &file, FCAP_KERNEL_MAINLINE, cfg->kver,
				&cfg->model, &x);
	}
	/* the model says when the guard alone failed the exec, and why */
	refuse_exec = x.guard_refused != 0;
	outside = refuse_exec ? x.guard_refused :
		  (file.xattr.permitted | file.xattr.inheritable) &
		  ~cfg->model.guard_mask;
	refuse_write = fcap_guard_setxattr(&cfg->model, &file.xattr) ==
		       -EPERM;
	if (!refuse_exec && !refuse_write)
		return;
	mask_text(outside, names, sizeof(names));
	add(s, "guard-refused", SEV_WARNING,
	    "outside %s: %s: %s%s%s", cfg->guard_from, names,
	    refuse_exec ? "an exec by a user who gains them fails with EPERM (root's are not judged)" : "",
	    refuse_exec && refuse_write ? "; " : "",
	    refuse_write ? "writing this value is refused (deny_write=1)" : "");
}

/*
 * A value that cannot work in the runtime context: lib's execve model
 * (fcap_context_exec()) says exec fails (context-exec-fails, error), or
 * that it succeeds without all the file asks for (context-not-granted,
 * warning); the fixes are those fcap_context_fixes() confirms.
 */
static void check_context(struct sink *s, const struct entry *e,
			  const struct rules_config *cfg)
{
	char where[160], names[200] = "", fixes[FINDING_REASON_MAX];
	struct fcap_fix fix[FCAP_FIXES_MAX];
	struct fcap_file file;
	struct finding_exec *fx;
	struct finding *f;
	uint64_t missing;
	int i, n;

	if (!cfg->ctx || !S_ISREG(e->mode) || s->n >= s->max)
		return;
	entry_file(e, &file);
	fx = &s->out[s->n].exec;
	fcap_context_exec(cfg->ctx, &file, FCAP_KERNEL_MAINLINE, cfg->kver,
			  &cfg->model, &fx->x);
	missing = fcap_exec_missing(&file, &fx->x);
	if (!fx->x.error && !missing)
		return;
	n = fcap_context_fixes(cfg->ctx, &file, FCAP_KERNEL_MAINLINE,
			       cfg->kver, &cfg->model, fix, FCAP_FIXES_MAX);
	for (i = 0; i < n; i++) {
		fx->full[i] = fix[i].full;
		if (fcap_fix_text(cfg->ctx, &fix[i], &file, fx->fix[i],
				  sizeof(fx->fix[i])))
			snprintf(fx->fix[i], sizeof(fx->fix[i]), "?");
	}
	fx->nfixes = n > 0 ? (unsigned int)n : 0;
	fixes_text(fx, fixes, sizeof(fixes));
	if (fcap_context_text(cfg->ctx, where, sizeof(where)))
		snprintf(where, sizeof(where), "%s", cfg->ctx->preset);
	if (fx->x.error) {
		add(s, "context-exec-fails", SEV_ERROR,
		    "in %s: exec fails with %s: %s%s", where,
		    strerrorname_np(-fx->x.error) ?: "an error",
		    fx->x.why ?: "", fixes);
	} else {
		mask_text(missing, names, sizeof(names));
		add(s, "context-not-granted", SEV_WARNING,
		    "in %s: exec succeeds, but %s %s not granted, silently: %s%s",
		    where, names, strchr(names, ',') ? "are" : "is",
		    fx->x.why ?: "", fixes);
	}
	f = &s->out[s->n - 1];
	f->has_exec = true;
}

/**
 * rules_check() - judge one entry
 * @e:		the entry
 * @cfg:	rule configuration
 * @out:	findings are stored here
 * @max:	room in @out
 *
 * Return: the number of findings stored.
 */
size_t rules_check(const struct entry *e, const struct rules_config *cfg,
		   struct finding *out, size_t max)
{
	struct sink s = { .out = out, .max = max };

	if (entry_gone(e)) {	/* not in the image: only its history */
		check_events(&s, e);
		return s.n;
	}
	if (e->orphan && !e->nlink)
		add(&s, "orphan", SEV_WARNING,
		    "no directory names this inode and its link count is 0 (deleted while open): the next mount or e2fsck frees it");
	else if (e->orphan)
		add(&s, "orphan", SEV_WARNING,
		    "no directory names this inode: invisible on a mounted tree until a link or fsck brings it back");
	switch (e->read.state) {
	case FCAP_READ_OVERSIZED:
		check_oversized(&s, e, cfg->kver);
		break;
	case FCAP_READ_UNREADABLE:
		add(&s, "unreadable", SEV_ERROR,
		    "unreadable value (%s): zero-length or malformed; the kernel may still honour it; use offline mode",
		    strerror(e->read.err));
		break;
	default:
		check_value(&s, e, cfg);
	}
	check_meta(&s, e);
	check_guard(&s, e, cfg);
	check_context(&s, e, cfg);
	check_events(&s, e);
	return s.n;
}
