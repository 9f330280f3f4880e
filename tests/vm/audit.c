// SPDX-License-Identifier: GPL-2.0-only
/*
 * audit.c - the BPRM_FCAPS audit record (type 1321) of exec, against lib's
 * model, on a kernel booted with audit=1.
 *
 * The guest has no auditd: this program becomes the audit daemon (netlink
 * AUDIT_SET with its pid), adds the rule "always, at exit of execve" and
 * reads the records itself.  The disk is tests/vm/offline.sh's: copies of
 * the probe under /mnt/x/NAME carrying the raw value /mnt/val/NAME (v2,
 * v3, v1, unknown flag bits, zero-length, wrong sizes...).  uid 1000 execs
 * each one; where the model says the exec raises capabilities the kernel
 * must log one BPRM_FCAPS record, with the value's revision, sets, flag
 * and root (fver fp fi fe frootid) and the process's sets before and
 * after (old_pp..pa, pp..pa) as the model has them; where it does not,
 * none.  A value whose grant the series changes (lib's verdicts differ
 * between the kernels: unknown flag bits, policy patch 4) is named as such.
 * TAP on stdout.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fcap.h"
#include "guest.h"
#include "../tap.h"

static enum fcap_kernel kernel;
static struct fcap_policy policy = { .enabled = true, .mask = ~0ULL };
static int nl = -1;

static int nl_send(int type, const void *data, size_t len)
{
	char buf[NLMSG_SPACE(sizeof(struct audit_rule_data))];
	struct nlmsghdr *h = (struct nlmsghdr *)buf;
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };
	char ack[NLMSG_SPACE(sizeof(struct nlmsgerr)) + 256];
	struct nlmsgerr *e;
	ssize_t n;

	if (NLMSG_SPACE(len) > sizeof(buf))
		return -EINVAL;
	memset(buf, 0, sizeof(buf));
	h->nlmsg_len = NLMSG_LENGTH(len);
	h->nlmsg_type = (unsigned short)type;
	h->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	h->nlmsg_seq = (unsigned int)type;
	memcpy(NLMSG_DATA(h), data, len);
	if (sendto(nl, buf, h->nlmsg_len, 0, (struct sockaddr *)&to,
		   sizeof(to)) < 0)
		return -errno;
	/* the ack; records are not flowing yet (no rule, or not ours) */
	for (;;) {
		n = recv(nl, ack, sizeof(ack), 0);
		if (n < 0)
			return -errno;
		h = (struct nlmsghdr *)ack;
		if (!NLMSG_OK(h, (unsigned int)n))
			return -EIO;
		if (h->nlmsg_type != NLMSG_ERROR)
			continue;
		e = NLMSG_DATA(h);
		return e->error;
	}
}

/* Become the audit daemon, and log every execve at its exit. */
static int audit_setup(void)
{
	struct sockaddr_nl me = { .nl_family = AF_NETLINK };
	struct audit_status st;
	struct audit_rule_data rule;
	int ret;

	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (nl < 0 || bind(nl, (struct sockaddr *)&me, sizeof(me)))
		return -errno;
	memset(&st, 0, sizeof(st));
	st.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID;
	st.enabled = 1;
	st.pid = (unsigned int)getpid();
	ret = nl_send(AUDIT_SET, &st, sizeof(st));
	if (ret)
		return ret;
	memset(&rule, 0, sizeof(rule));
	rule.flags = AUDIT_FILTER_EXIT;
	rule.action = AUDIT_ALWAYS;
	rule.field_count = 1;
	rule.fields[0] = AUDIT_ARCH;
	rule.values[0] = AUDIT_ARCH_X86_64;
	rule.fieldflags[0] = AUDIT_EQUAL;
	rule.mask[AUDIT_WORD(59)] |= AUDIT_BIT(59);	/* execve */
	rule.mask[AUDIT_WORD(322)] |= AUDIT_BIT(322);	/* execveat */
	return nl_send(AUDIT_ADD_RULE, &rule, sizeof(rule));
}

/*
 * Records until an event's end (AUDIT_EOE) or 5 s of silence: the text of
 * its BPRM_FCAPS record, after "audit(...): ", into @fcaps ("" if none),
 * how many the event had into @count.  Returns 0, or -1 on timeout.
 */
static int read_event(char *fcaps, size_t len, int *count)
{
	char buf[8960];

	fcaps[0] = '\0';
	*count = 0;
	for (;;) {
		struct pollfd p = { .fd = nl, .events = POLLIN };
		struct nlmsghdr *h;
		char rec[1024], *body;
		ssize_t n;

		if (poll(&p, 1, 5000) != 1)
			return -1;
		n = recv(nl, buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			return -1;
		/*
		 * One record per datagram; its nlmsg_len counts the text
		 * only (audit_log_end()), so the datagram's size is used.
		 */
		h = (struct nlmsghdr *)buf;
		if ((size_t)n < NLMSG_HDRLEN)
			continue;
		if (h->nlmsg_type == AUDIT_EOE)
			return 0;
		if (h->nlmsg_type != AUDIT_BPRM_FCAPS)
			continue;
		(*count)++;
		snprintf(rec, sizeof(rec), "%.*s", (int)(n - NLMSG_HDRLEN),
			 (char *)NLMSG_DATA(h));
		body = strstr(rec, "): ");
		snprintf(fcaps, len, "%s", body ? body + 3 : rec);
		fcaps[strcspn(fcaps, "\n")] = '\0';
	}
}

static void cap_field(char *buf, size_t len, const char *name, uint64_t v)
{
	size_t at = strlen(buf);

	if (v)
		snprintf(buf + at, len - at, " %s=%016" PRIx64, name, v);
	else
		snprintf(buf + at, len - at, " %s=0", name);
}

/*
 * The record __audit_log_bprm_fcaps() writes: the value as the kernel
 * decodes it for exec (v1: its 32-bit sets), the sets before and after.
 */
static void want_record(const struct fcap_value *v,
			const struct fcap_proc *old, const struct fcap_exec *e,
			char *buf, size_t len)
{
	snprintf(buf, len, "fver=%x", v->magic >> 24);
	cap_field(buf, len, "fp", v->permitted);
	cap_field(buf, len, "fi", v->inheritable);
	snprintf(buf + strlen(buf), len - strlen(buf), " fe=%d",
		 v->effective ? 1 : 0);
	cap_field(buf, len, "old_pp", old->cap_prm);
	cap_field(buf, len, "old_pi", old->cap_inh);
	cap_field(buf, len, "old_pe", old->cap_eff);
	cap_field(buf, len, "old_pa", old->cap_amb);
	cap_field(buf, len, "pp", e->cap_prm);
	cap_field(buf, len, "pi", e->cap_inh);
	cap_field(buf, len, "pe", e->cap_eff);
	cap_field(buf, len, "pa", e->cap_amb);
	snprintf(buf + strlen(buf), len - strlen(buf), " frootid=%u",
		 v->has_rootid ? v->rootid : 0);
}

static bool logs(const struct fcap_proc *p, const struct fcap_file *f,
		 enum fcap_kernel k, struct fcap_exec *e)
{
	fcap_model_exec(p, f, k, guest_kver(NULL), &policy, e);
	/* nonroot_raised_pE(): uid 1000 with fP gained (no set-id here) */
	return !e->error && e->file_caps && (e->cap_prm & ~p->cap_prm);
}

static void check_value(const char *name)
{
	unsigned char raw[64];
	char path[512], line[256], want[512], got[512];
	struct fcap_exec e, other;
	struct fcap_proc proc;
	struct fcap_file f;
	bool expect, differs;
	ssize_t len;
	int fd, count;

	snprintf(path, sizeof(path), "/mnt/val/%s", name);
	fd = open(path, O_RDONLY);
	len = fd < 0 ? -1 : read(fd, raw, sizeof(raw));
	if (fd >= 0)
		close(fd);
	snprintf(path, sizeof(path), "/mnt/x/%s", name);
	if (len < 0 || guest_file(path, raw, (size_t)len, &f) ||
	    guest_run(path, guest_drop_to_user, &proc, line, sizeof(line))) {
		tap_ok(0, "%s: exec as uid 1000: setup", name);
		return;
	}
	if (read_event(got, sizeof(got), &count)) {
		tap_ok(0, "%s: the exec's audit event ends (AUDIT_EOE)", name);
		return;
	}
	expect = logs(&proc, &f, kernel, &e);
	differs = expect != logs(&proc, &f, kernel == FCAP_KERNEL_FCAPS ?
				 FCAP_KERNEL_MAINLINE : FCAP_KERNEL_FCAPS,
				 &other);
	if (differs)
		tap_diag("%s: the series changes this grant: stock %s a record, patched %s",
			 name, kernel == FCAP_KERNEL_FCAPS ?
			 (expect ? "has no" : "has") : (expect ? "has" : "has no"),
			 kernel == FCAP_KERNEL_FCAPS ?
			 (expect ? "has one" : "has none") :
			 (expect ? "has none" : "has one"));
	if (!expect) {
		tap_is_int(count, 0, "%s: exec by uid 1000 (%s) logs no BPRM_FCAPS%s",
			   name, line[0] == 'E' ? line : "granted nothing",
			   differs ? " (the series' change: stock logs one)" : "");
		return;
	}
	want_record(&f.xattr, &proc, &e, want, sizeof(want));
	if (!tap_is_int(count, 1, "%s: exec by uid 1000 logs one BPRM_FCAPS%s",
			name, differs ? " (the series' change: patched logs none)" : ""))
		return;
	tap_is_str(got, want, "%s: the record has the value and the sets the model has",
		   name);
}

int main(void)
{
	const char *kenv = getenv("fcaps_kernel");
	const char *kver_name;
	char *names[64];
	size_t n, i;
	ssize_t got;
	int ret;

	kernel = kenv && !strcmp(kenv, "patched") ? FCAP_KERNEL_FCAPS :
		 FCAP_KERNEL_MAINLINE;
	if (geteuid() != 0)
		tap_skip_all("needs root");
	got = guest_names("/mnt/val", names, sizeof(names) / sizeof(names[0]));
	if (got < 0)
		tap_skip_all("no planted values on /mnt/val");
	n = got;
	guest_kver(&kver_name);
	tap_diag("kernel flavour: %s, Linux %s",
		 kernel == FCAP_KERNEL_FCAPS ? "fcaps" : "mainline", kver_name);
	ret = audit_setup();
	if (!tap_is_int(ret, 0, "this program is the audit daemon, execve audited"))
		return tap_done();
	for (i = 0; i < n; i++) {
		check_value(names[i]);
		free(names[i]);
	}
	return tap_done();
}
