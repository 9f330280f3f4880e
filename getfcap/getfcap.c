// SPDX-License-Identifier: GPL-2.0-only
/*
 * getfcap - print the file capabilities of files
 *
 * usage: getfcap [-hnrv] [--one-file-system] [--raw | --json | --manifest]
 *               file ...
 *        getfcap --explain [--json] [--context preset] [--user user] ...
 *               [--bounding caps] [--cap-add caps] [--cap-drop caps]
 *               [--ambient caps] [--no-new-privs] [--userns-root uid]
 *               [--nosuid] [--privileged] file ...
 *
 * Prints "path caps" lines like libcap's getcap.  Differences: a v3 value
 * always ends with " [rootid=N]" (-n is accepted and changes nothing), and
 * the exit status is 1 when any file could not be read, value or directory.
 * -r never follows symbolic links and does not descend into proc, sysfs or
 * devtmpfs mounts below an operand.  --manifest prints the lines that
 * setfcap --manifest reads back into the very same values: a backup.
 * --explain models an exec by this process, or by the one a runtime
 * context (--context docker, k8s-restricted, systemd:..., refined by the
 * options after it) leaves, and says what change would make it work.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "context.h"
#include "ctxopt.h"
#include "fcap.h"
#include "manifest.h"
#include "tools.h"
#include "version.h"

#define EXIT_USAGE	2

enum format { FMT_TEXT, FMT_RAW, FMT_JSON, FMT_MANIFEST };

static bool verbose, recursive, one_fs;
static enum format format = FMT_TEXT;
static int status;

static dev_t *special;		/* devices of proc, sysfs, devtmpfs mounts */
static size_t nspecial;

/* The kernel --explain models, and the policy it runs (load_policy()). */
static enum fcap_kernel model_kernel = FCAP_KERNEL_MAINLINE;
static enum fcap_kver model_kver = FCAP_KVER_6_12;
static char model_line[128];	/* "Linux 7.3", and why when not its own */
static struct fcap_policy policy;
static char *policy_dir;
static char *policy_error;	/* the policy could not be read: */
static int policy_errno;	/* what went wrong */
static struct fcap_guard_state guard;	/* fcaps-guard (load_guard()) */

/* The process --explain models: this one, unless context options say. */
static struct ctxopt co;

static void usage(FILE *f, int code)
{
	fprintf(f,
		"usage: getfcap [-hnrv] [--one-file-system] [--raw | --json | --manifest] file ...\n"
		"       getfcap --explain [--json] [--context preset] [--user user] [--bounding caps] [--cap-add caps] [--cap-drop caps] [--ambient caps] [--no-new-privs] [--userns-root uid] [--nosuid] [--privileged] file ...\n");
	if (f == stdout) {
		fprintf(f,
			"\n"
			"  -h, --help         this message\n"
			"  -n                 accepted for getcap; v3 rootids always print\n"
			"  -r                 recurse into directories (no symlinks)\n"
			"  -v                 also list files without capabilities\n"
			"  --one-file-system  -r stays on each operand's file system\n"
			"  --raw              revision, flag, hex sets, rootid, problems\n"
			"  --json             one JSON object per line\n"
			"  --manifest         lines setfcap --manifest restores the values from\n"
			"  --explain          what a process would hold after exec of file\n"
			"  --user user        ... a fresh login process of user, not this one;\n"
			"                     with a context, its uid[:gid]\n"
			"  --context preset   ... in a runtime: docker, podman, cap-drop-all,\n"
			"                     k8s-restricted (each with ,+CAP ,-CAP), systemd,\n"
			"                     systemd:Key=Value,..., self\n");
		ctxopt_help(f, 19);
		fputs("  --version          print the fcaps version\n", f);
	}
	if (fflush(f) == EOF)
		code = 1;
	exit(code);
}

/* A file we could not read: say so on stderr and in --json output. */
static void report_error(const char *path, const char *what, int e)
{
	warnx("%s: %s: %s", path, what, strerror(e));
	status = 1;
	if (format == FMT_RAW)
		printf("%s error=\"%s\"\n", path, strerror(e));
	if (format == FMT_JSON) {
		fputs("{\"path\":", stdout);
		fcap_json_string(stdout, path);
		fputs(",\"error\":", stdout);
		fcap_json_string(stdout, strerror(e));
		puts("}");
	}
}

static void print_none(const char *path, const char *why)
{
	if (!verbose || format == FMT_MANIFEST)
		return;
	if (format == FMT_JSON) {
		fputs("{\"path\":", stdout);
		fcap_json_string(stdout, path);
		if (why) {
			fputs(",\"skipped\":", stdout);
			fcap_json_string(stdout, why);
		}
		puts(",\"capabilities\":null}");
	} else if (why) {
		printf("%s (%s)\n", path, why);
	} else {
		printf("%s\n", path);
	}
}

static void print_value(const char *path, const struct fcap_value *v)
{
	int ret = 0;

	switch (format) {
	case FMT_MANIFEST:	/* do_getfcap() prints these itself */
	case FMT_TEXT:
		ret = fcap_print_line(stdout, path, v, NULL);
		break;
	case FMT_RAW:
		printf("%s rev=%u effective=%d permitted=0x%016" PRIx64
		       " inheritable=0x%016" PRIx64 " rootid=", path, v->rev,
		       v->effective, v->permitted, v->inheritable);
		if (v->has_rootid)
			printf("%" PRIu32, v->rootid);
		else
			putchar('-');
		printf(" size=%zu problems=", v->size);
		ret = fcap_print_problems(stdout, v->problems, false);
		putchar('\n');
		break;
	case FMT_JSON:
		fputs("{\"path\":", stdout);
		fcap_json_string(stdout, path);
		putchar(',');
		ret = fcap_print_json_value(stdout, v);
		puts("}");
		break;
	}
	if (ret == -ENOMEM)
		oom();
}

/*
 * do_getfcap() - print one file.  Like getcap, an operand must be a
 * regular file, while -r also asks FIFOs, sockets and devices (through
 * lgetxattr, which never opens them).  A value getcap prints is printed
 * as getcap prints it, with nothing on stderr: bits above the last
 * capability included (fsck-check reports those).
 */
static void do_getfcap(const char *path, const struct stat *st, bool any)
{
	const struct fcap_value *v;
	struct fcap_read r;
	int ret;

	if (!S_ISREG(st->st_mode) && (!any || S_ISDIR(st->st_mode) ||
					S_ISLNK(st->st_mode))) {
		print_none(path, "Not a regular file");
		return;
	}
	ret = fcap_read_at(AT_FDCWD, path, 0, &r);
	if (ret < 0) {
		report_error(path, "cannot read capabilities", -ret);
		return;
	}
	switch (r.state) {
	case FCAP_READ_NONE:
		print_none(path, NULL);
		return;
	case FCAP_READ_UNREADABLE:
	case FCAP_READ_OVERSIZED:
		report_error(path, fcap_read_reason(&r), r.err);
		return;
	case FCAP_READ_VALUE:
		break;
	}
	v = &r.value;
	if (format == FMT_MANIFEST) {
		ret = fcap_manifest_print(stdout, path, r.raw, r.len);
		if (ret == -ENOMEM)
			oom();
		if (ret == -EINVAL) {
			warnx("%s: value cannot be written as a manifest line (%zu bytes%s%s)",
			      path, r.len, v->problems ? ": " : "",
			      v->problems ? "malformed or legacy" : "");
			status = 1;
		}
		return;
	}
	if (fcap_problems_shown(v) && format == FMT_TEXT) {
		warnx("%s: malformed capability value (%zu bytes)", path,
		      r.len);
		status = 1;
	}
	if (format != FMT_TEXT || v->rev >= 2 || !v->problems)
		print_value(path, v);
}

/* Collect the devices of proc, sysfs and devtmpfs mounts. */
static void load_special(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char *line = NULL;
	size_t cap = 0;

	if (!f)
		return;
	while (getline(&line, &cap, f) > 0) {
		unsigned int maj, min;
		char *sep = strstr(line, " - ");
		dev_t *d;

		if (!sep || sscanf(line, "%*u %*u %u:%u", &maj, &min) != 2)
			continue;
		sep += 3;
		if (strncmp(sep, "proc ", 5) && strncmp(sep, "sysfs ", 6) &&
		    strncmp(sep, "devtmpfs ", 9))
			continue;
		d = xreallocarray(special, nspecial + 1, sizeof(*special));
		special = d;
		special[nspecial++] = makedev(maj, min);
	}
	free(line);
	fclose(f);
}

/* devtmpfs by its mount entry (it has tmpfs's magic), the rest by type. */
static bool is_special(const char *path, const struct stat *st)
{
	size_t i;

	for (i = 0; i < nspecial; i++)
		if (special[i] == st->st_dev)
			return true;
	return path_on_pseudo_fs(path);
}

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	switch (type) {
	case FTW_F:
		do_getfcap(path, st, true);
		break;
	case FTW_D:
		if (ftw->level > 0 && is_special(path, st)) {
			print_none(path, "skipped: proc, sysfs or devtmpfs");
			return FTW_SKIP_SUBTREE;
		}
		print_none(path, "Not a regular file");
		break;
	case FTW_DNR:
		report_error(path, "cannot read directory", errno ? errno :
			     EACCES);
		break;
	case FTW_NS:
		report_error(path, "cannot stat", errno ? errno : EIO);
		break;
	default:
		print_none(path, "Not a regular file");
		break;
	}
	return FTW_CONTINUE;
}

static void do_operand(const char *path)
{
	struct stat st;
	int flags = FTW_PHYS | FTW_ACTIONRETVAL;

	if (lstat(path, &st)) {
		report_error(path, "cannot stat", errno);
		return;
	}
	if (!recursive || !S_ISDIR(st.st_mode)) {
		do_getfcap(path, &st, recursive);
		return;
	}
	if (one_fs)
		flags |= FTW_MOUNT;
	if (nftw(path, walk_one, 32, flags) == -1)
		report_error(path, "cannot walk", errno);
}

static void print_set(const char *label, uint64_t mask)
{
	char *names = NULL;

	if (fcap_mask_to_names(mask, &names))
		oom();
	printf("  %-12s %s\n", label, *names ? names : "(none)");
	free(names);
}

/* Why capability @bit is, or is not, in the new permitted set. */
static const char *why_cap(uint64_t bit, const struct fcap_proc *p,
			   const struct fcap_file *f, const struct fcap_exec *x)
{
	uint64_t fp = f->has_xattr ? f->xattr.permitted : 0;
	uint64_t fi = f->has_xattr ? f->xattr.inheritable : 0;

	if (!(x->cap_prm & bit) && model_kernel == FCAP_KERNEL_FCAPS &&
	    f->has_xattr && ((fp | fi) & bit)) {
		if (!policy.enabled)
			return "in the file, but file capabilities are switched off (kernel.fcaps.enabled=0)";
		if (!(policy.mask & bit))
			return "in the file, but not in kernel.fcaps.mask";
	}
	if (x->cap_prm & bit) {
		if (x->cap_amb & bit)
			return "ambient (pA), kept: the file has no capabilities";
		if (fp & p->cap_bnd & bit)
			return "file permitted (fP) and in the bounding set";
		if (p->cap_inh & fi & bit)
			return "inheritable in both the process (pI) and the file (fI)";
		return "root: every capability of the bounding set";
	}
	if (fp & bit && !(p->cap_bnd & bit))
		return "file permitted (fP), but dropped from the bounding set";
	if (fi & bit && !(p->cap_inh & bit))
		return "file inheritable (fI), but not in the process's inheritable set";
	if (p->cap_inh & bit && !(fi & bit))
		return "process inheritable (pI), but not in the file's inheritable set";
	if (p->cap_amb & bit)
		return "ambient (pA), cleared: the file carries capabilities or is set-id";
	if (p->cap_prm & bit)
		return "held now, but exec grants only what the rules above give";
	return "not granted by the file";
}

/*
 * Whether @path is on an idmapped mount: its mount (statx STATX_MNT_ID)
 * has "idmapped" among its options in /proc/self/mountinfo.  Unknown
 * (no STATX_MNT_ID before Linux 5.8, no mountinfo) is "no".
 */
static bool on_idmapped_mount(const char *path)
{
	struct statx stx;
	char *line = NULL;
	size_t cap = 0;
	bool found = false;
	FILE *f;

	if (statx(AT_FDCWD, path, 0, STATX_MNT_ID, &stx) ||
	    !(stx.stx_mask & STATX_MNT_ID))
		return false;
	f = fopen("/proc/self/mountinfo", "re");
	if (!f)
		return false;
	while (!found && getline(&line, &cap, f) > 0) {
		unsigned long long id;
		char opts[1024];

		/* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... */
		if (sscanf(line, "%llu %*u %*s %*s %*s %1023s", &id, opts) != 2 ||
		    id != stx.stx_mnt_id)
			continue;
		found = true;
		if (!strstr(opts, "idmapped"))
			break;
		free(line);
		fclose(f);
		return true;
	}
	free(line);
	fclose(f);
	return false;
}

/* "exec fails", "works", or what the file asks for and does not get. */
static void print_verdict(const struct fcap_file *file,
			  const struct fcap_exec *x)
{
	uint64_t missing = fcap_exec_missing(file, x);
	char *names = NULL;

	if (x->error) {
		printf("  %-12s exec fails with %s\n", "verdict:",
		       strerrorname_np(-x->error));
		return;
	}
	if (!fcap_file_wants(file)) {
		printf("  %-12s exec succeeds; the file asks for no capabilities\n",
		       "verdict:");
		return;
	}
	if (fcap_exec_works(file, x)) {
		printf("  %-12s works: the process holds what the file asks for\n",
		       "verdict:");
		return;
	}
	if (fcap_mask_to_names(missing, &names))
		oom();
	printf("  %-12s exec succeeds, but %s %s not granted (silently)\n",
	       "verdict:", names, strchr(names, ',') ? "are" : "is");
	free(names);
}

/* What a fix's outcome gives of what the file asks for. */
static void print_grant(uint64_t want, const struct fcap_exec *x)
{
	char *names = NULL;

	if (fcap_mask_to_names(want & x->cap_prm, &names))
		oom();
	if (!(want & x->cap_prm))
		printf(": exec succeeds, nothing granted\n");
	else if (want & x->cap_prm & ~x->cap_eff)
		printf(": then %s permitted, not effective\n", names);
	else
		printf(": then %s permitted and effective\n", names);
	free(names);
}

/* The fixes the model confirms, each with what it would give. */
static void print_fixes(const struct fcap_file *file)
{
	struct fcap_fix fixes[FCAP_FIXES_MAX];
	char text[1024];
	int i, n;

	n = fcap_context_fixes(&co.ctx, file, model_kernel, model_kver,
			       &policy, fixes, FCAP_FIXES_MAX);
	if (n == 0) {
		printf("  %-12s none found (bounding set, no_new_privs, rootid, nosuid, ambient tried)\n",
		       "fix:");
		return;
	}
	for (i = 0; i < n; i++) {
		if (fcap_fix_text(&co.ctx, &fixes[i], file, text,
				  sizeof(text)))
			oom();
		printf("  %-12s %s", fixes[i].full ? "fix:" : "partial fix:",
		       text);
		print_grant(fcap_file_wants(file), &fixes[i].result);
	}
}

/* The "guard:" line: what fcaps-guard enforces, and where that was read. */
static void print_guard(void)
{
	if (!guard.loaded) {
		printf("  %-12s fcaps-guard not loaded (no %s)\n", "guard:",
		       guard.source);
		return;
	}
	printf("  %-12s fcaps-guard loaded, mask=%016" PRIx64
	       " deny_write=%d locked=%d (read from %s)\n", "guard:",
	       guard.mask, guard.deny_write, guard.locked, guard.source);
}

static void print_context(void)
{
	const char *src = fcap_context_source(&co.ctx);
	struct fcap_proc p;
	char text[256];

	fcap_context_proc(&co.ctx, &p);
	if (fcap_context_text(&co.ctx, text, sizeof(text)))
		oom();
	printf("  %-12s %s\n", "context:", text);
	if (src)
		printf("  %-12s %s\n", "source:", src);
	print_set("bounding:", p.cap_bnd);
	if (p.cap_amb)
		print_set("ambient now:", p.cap_amb);
}

/* {"loaded":...,"mask":...,"deny_write":...,"locked":...,"source":...} */
static void guard_json(void)
{
	if (guard.loaded)
		printf("{\"loaded\":true,\"mask\":\"%016" PRIx64
		       "\",\"deny_write\":%s,\"locked\":%s,\"source\":",
		       guard.mask, guard.deny_write ? "true" : "false",
		       guard.locked ? "true" : "false");
	else
		fputs("{\"loaded\":false,\"mask\":null,\"deny_write\":null,\"locked\":null,\"source\":",
		      stdout);
	fcap_json_string(stdout, guard.source);
	putchar('}');
}

static void explain_json(const char *path, const struct fcap_file *file,
			 const struct fcap_exec *x)
{
	struct fcap_fix fixes[FCAP_FIXES_MAX];
	char text[1024];
	int i, n;

	fputs("{\"path\":", stdout);
	fcap_json_string(stdout, path);
	fputs(",\"models\":", stdout);
	fcap_json_string(stdout, model_line);
	printf(",\"fcaps_series\":%s,\"guard\":",
	       model_kernel == FCAP_KERNEL_FCAPS ? "true" : "false");
	guard_json();
	fputs(",\"context\":", stdout);
	fcap_context_print_json(stdout, &co.ctx);
	fputs(",\"exec\":", stdout);
	fcap_exec_print_json(stdout, x);
	printf(",\"works\":%s,\"fixes\":[",
	       fcap_exec_works(file, x) ? "true" : "false");
	n = fcap_context_fixes(&co.ctx, file, model_kernel, model_kver,
			       &policy, fixes, FCAP_FIXES_MAX);
	for (i = 0; i < n; i++) {
		if (fcap_fix_text(&co.ctx, &fixes[i], file, text,
				  sizeof(text)))
			oom();
		fputs(i ? ",{\"change\":" : "{\"change\":", stdout);
		fcap_json_string(stdout, text);
		printf(",\"full\":%s,\"exec\":",
		       fixes[i].full ? "true" : "false");
		fcap_exec_print_json(stdout, &fixes[i].result);
		putchar('}');
	}
	puts("]}");
}

static void do_explain(const char *path)
{
	struct fcap_proc proc;
	struct fcap_file file;
	struct fcap_exec x;
	struct statvfs sv;
	struct fcap_read r;
	struct stat st;
	char *real;
	uint64_t all;
	unsigned int c;
	bool idmapped;
	int ret;

	if (policy_error) {
		report_error(path, policy_error, policy_errno);
		return;
	}
	if (!co.given && fcap_context_apply(&co.ctx, FCAP_CTXOPT_PRESET, "self",
					     NULL)) {
		report_error(path, "cannot read this process's credentials",
			     EIO);
		return;
	}
	fcap_context_proc(&co.ctx, &proc);
	if (stat(path, &st)) {
		report_error(path, "cannot stat", errno);
		return;
	}
	memset(&file, 0, sizeof(file));
	file.mode = st.st_mode;
	file.uid = st.st_uid;
	file.gid = st.st_gid;
	file.owner_mapped = file.group_mapped = true;
	file.nosuid = !statvfs(path, &sv) && (sv.f_flag & ST_NOSUID);
	/* exec follows symbolic links: read the file they lead to */
	real = realpath(path, NULL);
	if (!real) {
		report_error(path, "cannot resolve", errno);
		return;
	}
	ret = fcap_read_at(AT_FDCWD, real, 0, &r);
	free(real);
	if (ret < 0) {
		report_error(path, "cannot read capabilities", -ret);
		return;
	}
	file.has_xattr = fcap_read_exec_value(&r, &file.xattr);
	/*
	 * getxattr shows a v3 root in this namespace's ids; the model wants
	 * the initial namespace's
	 */
	if (file.xattr.has_rootid && file.xattr.rootid != FCAP_NO_ID &&
	    proc.ns_depth > 1 && proc.ns_map.n)
		file.xattr.rootid = fcap_idmap_map(&proc.ns_map,
						   file.xattr.rootid);
	/*
	 * On an idmapped mount stat() and getxattr() already show the owner
	 * and the value's root through the mount's idmap: the model is given
	 * them as they are, with no idmap of its own.
	 */
	idmapped = on_idmapped_mount(path);
	fcap_context_exec(&co.ctx, &file, model_kernel, model_kver, &policy,
			  &x);
	if (format == FMT_JSON) {
		explain_json(path, &file, &x);
		return;
	}
	printf("%s: exec by uid %" PRIu32 " (euid %" PRIu32 ")%s%s\n", path,
	       proc.uid, proc.euid,
	       file.nosuid || co.ctx.nosuid ? ", nosuid mount" : "",
	       idmapped ? ", idmapped mount" : "");
	if (idmapped)
		printf("  %-12s owner %" PRIu32 " and the value's root as the mount's idmap shows them\n",
		       "idmapped:", file.uid);
	if (model_kernel == FCAP_KERNEL_FCAPS)
		printf("  %-12s %s with the fcaps series, policy enabled=%d mask=%016" PRIx64 " (%s)\n",
		       "models:", model_line, policy.enabled, policy.mask,
		       policy_dir);
	else
		printf("  %-12s mainline %s (no %s)\n", "models:", model_line,
		       policy_dir);
	print_guard();
	if (co.given && !co.login)
		print_context();
	if (x.error) {
		printf("  execve fails: %s\n", strerror(-x.error));
		if (x.why)
			printf("  why:         %s\n", x.why);
		/* the guard refused it: what of the grant leaves its mask */
		if (x.guard_refused)
			print_set("outside:", x.guard_refused);
		if (co.given && !co.login) {
			print_verdict(&file, &x);
			print_fixes(&file);
		}
		return;
	}
	print_set("permitted:", x.cap_prm);
	print_set("effective:", x.cap_eff);
	print_set("inheritable:", x.cap_inh);
	print_set("ambient:", x.cap_amb);
	printf("  %-12s %s\n", "secure-exec:", x.secure ? "yes" : "no");
	if (x.why)
		printf("  %-12s %s\n", "rule:", x.why);
	all = x.cap_prm | proc.cap_inh | proc.cap_amb | proc.cap_prm;
	if (file.has_xattr)
		all |= file.xattr.permitted | file.xattr.inheritable;
	for (c = 0; c < 64; c++) {
		uint64_t bit = 1ULL << c;
		char *name = NULL;

		if (!(all & bit) || fcap_mask_to_names(bit, &name))
			continue;
		printf("  %-24s %s%s: %s\n", name,
		       x.cap_prm & bit ? "P" : "-",
		       x.cap_eff & bit ? "E" : "-",
		       why_cap(bit, &proc, &file, &x));
		free(name);
	}
	if (co.given && !co.login) {
		print_verdict(&file, &x);
		if (!fcap_exec_works(&file, &x))
			print_fixes(&file);
	}
}

/*
 * --explain models the kernel line of the running release (uname -r, or
 * FCAPS_KERNEL_RELEASE for tests); a release of no line is modelled by
 * the line whose rules it follows, and the models: line says so.
 */
static void load_kver(void)
{
	const char *rel = getenv("FCAPS_KERNEL_RELEASE");
	struct utsname u;
	const char *name;
	int ret;

	if (!rel || !*rel)
		rel = uname(&u) ? "" : u.release;
	ret = fcap_kver_of_release(rel, &model_kver);
	name = fcap_kver_name(model_kver);
	if (!ret)
		snprintf(model_line, sizeof(model_line), "Linux %s", name);
	else if (ret == -ENOENT)
		snprintf(model_line, sizeof(model_line),
			 "Linux %s rules, for %.40s", name, rel);
	else
		snprintf(model_line, sizeof(model_line),
			 "Linux %s (kernel release \"%.40s\" not understood)",
			 name, rel);
}

/*
 * Where the fcaps series' policy sysctls exist, --explain models that
 * series under the running policy, else mainline.  FCAPS_PROC_ROOT, for
 * tests, names a directory to use in place of /proc.
 */
static void load_policy(void)
{
	const char *root = getenv("FCAPS_PROC_ROOT");
	int ret;

	if (root && *root)
		ret = asprintf(&policy_dir, "%s/sys/kernel/fcaps", root);
	else
		ret = asprintf(&policy_dir, "%s", FCAP_POLICY_DIR);
	if (ret < 0)
		err(1, NULL);
	fcap_policy_default(&policy);
	ret = fcap_policy_read(policy_dir, &policy);
	if (ret == -ENOENT)
		return;
	model_kernel = FCAP_KERNEL_FCAPS;
	if (!ret)
		return;
	if (asprintf(&policy_error,
		     "cannot read the file capability policy in %s",
		     policy_dir) < 0)
		err(1, NULL);
	policy_errno = -ret;
}

/*
 * fcaps-guard, on any kernel: what it enforces goes into the policy
 * (its exec rule is the model's).
 */
static void load_guard(void)
{
	const char *what;
	int ret = guard_read(&guard, &what);

	if (!ret) {
		fcap_guard_policy(&guard, &policy);
		return;
	}
	if (policy_error)
		return;
	if (asprintf(&policy_error, "cannot read fcaps-guard's state (%s, %s)",
		     what, FCAP_GUARD_STATE) < 0)
		err(1, NULL);
	policy_errno = -ret;
}

enum {
	OPT_ONE_FS = 256, OPT_RAW, OPT_JSON, OPT_MANIFEST, OPT_EXPLAIN,
	OPT_VERSION,
};

static const struct option long_opts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "one-file-system", no_argument, NULL, OPT_ONE_FS },
	{ "raw", no_argument, NULL, OPT_RAW },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "manifest", no_argument, NULL, OPT_MANIFEST },
	{ "explain", no_argument, NULL, OPT_EXPLAIN },
	{ "version", no_argument, NULL, OPT_VERSION },
	CTXOPT_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

int main(int argc, char **argv)
{
	bool explain = false;
	int c, i, idx;

	/* getopt's messages name argv[0]: the name, as warnx() does */
	argv[0] = program_invocation_short_name;
	ctxopt_init(&co, EXIT_USAGE, 1);
	while ((c = getopt_long(argc, argv, "hnrv", long_opts, &idx)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout, 0);
			break;
		case 'n':
			break;
		case 'r':
			recursive = true;
			break;
		case 'v':
			verbose = true;
			break;
		case OPT_ONE_FS:
			one_fs = true;
			break;
		case OPT_RAW:
			format = FMT_RAW;
			break;
		case OPT_JSON:
			format = FMT_JSON;
			break;
		case OPT_MANIFEST:
			format = FMT_MANIFEST;
			break;
		case OPT_EXPLAIN:
			explain = true;
			break;
		case OPT_VERSION:
			printf("getfcap (fcaps) %s\n", FCAPS_VERSION);
			return fflush(stdout) == EOF;
		default:
			if (!ctxopt_is(c))
				usage(stderr, EXIT_USAGE);
			ctxopt_apply(&co, c, long_opts[idx].name, optarg);
		}
	}
	if (optind >= argc)
		usage(stderr, EXIT_USAGE);
	if (co.given && !explain) {
		warnx("--user and the context options go with --explain");
		usage(stderr, EXIT_USAGE);
	}
	if (co.given) {
		const char *why;

		if (ctxopt_check(&co, &why))
			errx(1, "the context: %s", why);
	}
	if (recursive)
		load_special();
	if (explain) {
		load_kver();
		load_policy();
		load_guard();
	}
	for (i = optind; i < argc; i++) {
		if (explain)
			do_explain(argv[i]);
		else
			do_operand(argv[i]);
	}
	if (fflush(stdout) == EOF) {
		warn("standard output");
		status = 1;
	}
	return status;
}
