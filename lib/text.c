// SPDX-License-Identifier: GPL-2.0-only
/*
 * text.c - the capability text form, through libcap.
 *
 * There is no second grammar here: every text goes through cap_from_text()
 * and every set comes back through cap_to_text(), so what we print is what
 * getcap prints and what we accept is what setcap accepts.  All we add is
 * the bridge between libcap's three sets and the file's one effective bit,
 * and a finer error: which clause libcap refused.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <sys/capability.h>

#include "fcap.h"

#define NBITS 64

static uint64_t get_set(cap_t c, cap_flag_t flag)
{
	uint64_t set = 0;
	cap_flag_value_t val;
	unsigned int bit;

	for (bit = 0; bit < NBITS; bit++)
		if (cap_get_flag(c, (cap_value_t)bit, flag, &val) == 0 &&
		    val == CAP_SET)
			set |= 1ULL << bit;
	return set;
}

static int put_set(cap_t c, cap_flag_t flag, uint64_t set)
{
	unsigned int bit;

	for (bit = 0; bit < NBITS; bit++) {
		cap_value_t one = (cap_value_t)bit;

		if (!(set & (1ULL << bit)))
			continue;
		if (cap_set_flag(c, flag, 1, &one, CAP_SET))
			return -errno;
	}
	return 0;
}

static const char *explain_clause(const char *clause)
{
	const char *op = strpbrk(clause, "=+-");
	const char *s;

	if (!op)
		return "no action: a clause is NAMES followed by =, + or - and flags (e, i, p)";
	for (s = op; *s; s++)
		if (isupper((unsigned char)*s))
			return "flags are the lower-case letters e, i and p";
	if (op == clause && *op != '=')
		return "no capability names before the action";
	for (s = op; *s; s++)
		if (!strchr("=+-eip", *s))
			return "after the first action only =, +, - and the flags e, i, p may follow";
	return NULL;
}

/*
 * The first name of @clause (at @at in the whole text) that libcap does
 * not know on its own: @err->name and @err->offset.
 */
static void find_bad_name(const char *clause, size_t at,
			  struct fcap_text_error *err)
{
	size_t names = strcspn(clause, "=+-"), i = 0, n;
	char *one;
	cap_t c;

	err->reason = "libcap does not know this capability name";
	while (i < names) {
		n = strcspn(clause + i, ",=+-");
		one = malloc(n + 3);
		if (!one)
			return;
		memcpy(one, clause + i, n);
		memcpy(one + n, "=p", 3);
		c = cap_from_text(one);
		if (!c) {
			one[n] = '\0';
			err->name = one;
			err->offset = at + i;
			return;
		}
		cap_free(c);
		free(one);
		i += n + 1;
	}
	err->reason = "libcap does not know one of these capability names";
}

/* Find the first whitespace-separated clause libcap refuses on its own. */
static void find_bad_clause(const char *text, struct fcap_text_error *err)
{
	const char *p = text;

	while (*p) {
		size_t n;
		char *clause;
		cap_t c;

		p += strspn(p, " \t\n");
		n = strcspn(p, " \t\n");
		if (!n)
			break;
		clause = strndup(p, n);
		if (!clause)
			return;
		c = cap_from_text(clause);
		if (!c) {
			err->clause = clause;
			err->reason = explain_clause(clause);
			if (!err->reason)
				find_bad_name(clause, p - text, err);
			return;
		}
		cap_free(c);
		free(clause);
		p += n;
	}
	err->reason = "libcap refused the text";
}

/**
 * fcap_from_text() - parse a setcap-style text into a file value
 * @text: e.g. "cap_ipc_lock+ep" or "cap_net_raw,cap_net_admin=p"
 * @v: the resulting v2 value (no rootid)
 * @err: optional; on failure the clause libcap refused and why, to be
 *	released with fcap_text_error_free()
 *
 * Return: 0; -EINVAL when libcap refuses the text (@err->clause set, and
 * for a name libcap does not know @err->name and its byte offset in @text,
 * @err->offset) or the effective set breaks the file's one-bit rule
 * (@err->clause NULL, @err->reason explains the rule); -ENOMEM.
 */
int fcap_from_text(const char *text, struct fcap_value *v,
		   struct fcap_text_error *err)
{
	cap_t c;
	int ret;

	if (err)
		memset(err, 0, sizeof(*err));
	if (!text)
		return -EINVAL;
	c = cap_from_text(text);
	if (!c) {
		if (errno == ENOMEM)
			return -ENOMEM;
		if (err)
			find_bad_clause(text, err);
		return -EINVAL;
	}
	ret = fcap_value_set(v, get_set(c, CAP_PERMITTED),
			     get_set(c, CAP_INHERITABLE),
			     get_set(c, CAP_EFFECTIVE));
	cap_free(c);
	if (ret && err)
		err->reason = "a file has one effective bit: the effective flag (e) must be on for all of the permitted and inheritable capabilities, or for none";
	return ret;
}

/**
 * fcap_text_error_free() - release what fcap_from_text() put in @err
 * @err: the error
 */
void fcap_text_error_free(struct fcap_text_error *err)
{
	free(err->clause);
	err->clause = NULL;
	free(err->name);
	err->name = NULL;
}

/*
 * The last few texts made on this thread, by their sets: a scan prints
 * the same few values again and again, and each cap_to_text() costs a
 * cap_init() (a capget(2)) and thousands of instructions.  Texts longer
 * than a slot are made every time.
 */
#define TEXT_MEMO	8
#define TEXT_MEMO_LEN	256

struct text_memo {
	uint64_t pe, pi, pp;
	bool used;
	char text[TEXT_MEMO_LEN];
};

static __thread struct text_memo memo[TEXT_MEMO];
static __thread unsigned int memo_next;

static const char *memo_find(uint64_t pe, uint64_t pi, uint64_t pp)
{
	unsigned int i;

	for (i = 0; i < TEXT_MEMO; i++)
		if (memo[i].used && memo[i].pe == pe && memo[i].pi == pi &&
		    memo[i].pp == pp)
			return memo[i].text;
	return NULL;
}

static void memo_keep(uint64_t pe, uint64_t pi, uint64_t pp, const char *t)
{
	struct text_memo *m = &memo[memo_next];
	size_t len = strlen(t);

	if (len >= TEXT_MEMO_LEN)
		return;
	memo_next = (memo_next + 1) % TEXT_MEMO;
	m->pe = pe;
	m->pi = pi;
	m->pp = pp;
	memcpy(m->text, t, len + 1);
	m->used = true;
}

/**
 * fcap_sets_to_text() - libcap's text for three process-style sets
 * @pe: effective
 * @pi: inheritable
 * @pp: permitted
 * @text: set to a malloc()ed string, e.g. "cap_ipc_lock=ep"
 *
 * The text is cap_to_text()'s, remembered for the last few sets asked
 * for on the calling thread.
 *
 * Return: 0 or -errno.
 */
int fcap_sets_to_text(uint64_t pe, uint64_t pi, uint64_t pp, char **text)
{
	const char *known = memo_find(pe, pi, pp);
	cap_t c;
	char *t;
	int ret;

	if (known) {
		*text = strdup(known);
		return *text ? 0 : -ENOMEM;
	}
	*text = NULL;
	c = cap_init();
	if (!c)
		return -ENOMEM;
	ret = put_set(c, CAP_EFFECTIVE, pe);
	if (!ret)
		ret = put_set(c, CAP_INHERITABLE, pi);
	if (!ret)
		ret = put_set(c, CAP_PERMITTED, pp);
	if (ret)
		goto out_free_cap;
	t = cap_to_text(c, NULL);
	if (!t) {
		ret = errno ? -errno : -ENOMEM;
		goto out_free_cap;
	}
	*text = strdup(t);
	cap_free(t);
	if (*text)
		memo_keep(pe, pi, pp, *text);
	else
		ret = -ENOMEM;
out_free_cap:
	cap_free(c);
	return ret;
}

/**
 * fcap_to_text() - the text getcap prints for a file value
 * @v: the value; its effective flag raises all of P|I, as libcap loads it
 * @text: set to a malloc()ed string ("=" for an all-empty value)
 *
 * The rootid is not part of the text; callers print " [rootid=N]".
 *
 * Return: 0 or -errno.
 */
int fcap_to_text(const struct fcap_value *v, char **text)
{
	uint64_t eff = v->effective ? v->permitted | v->inheritable : 0;

	return fcap_sets_to_text(eff, v->inheritable, v->permitted, text);
}

/**
 * fcap_mask_to_names() - comma-separated libcap names of a mask
 * @mask: capability bits
 * @text: set to a malloc()ed string, "" for an empty mask
 *
 * Return: 0 or -ENOMEM.
 */
int fcap_mask_to_names(uint64_t mask, char **text)
{
	size_t len = 0, cap = 64;
	char *out = malloc(cap);
	unsigned int bit;

	*text = NULL;
	if (!out)
		return -ENOMEM;
	out[0] = '\0';
	for (bit = 0; bit < NBITS; bit++) {
		char *name;
		size_t n;

		if (!(mask & (1ULL << bit)))
			continue;
		name = cap_to_name((cap_value_t)bit);
		if (!name)
			goto out_nomem;
		n = strlen(name);
		if (len + n + 2 > cap) {
			char *bigger;

			cap = (len + n + 2) * 2;
			bigger = realloc(out, cap);
			if (!bigger) {
				cap_free(name);
				goto out_nomem;
			}
			out = bigger;
		}
		if (len)
			out[len++] = ',';
		memcpy(out + len, name, n + 1);
		len += n;
		cap_free(name);
	}
	*text = out;
	return 0;
out_nomem:
	free(out);
	return -ENOMEM;
}

static int one_name(const char *name, uint64_t *mask)
{
	cap_value_t cap;
	char buf[64];

	if (!strcasecmp(name, "all")) {
		*mask |= fcap_known_mask();
		return 0;
	}
	if (cap_from_name(name, &cap) == 0)
		goto found;
	if (strlen(name) + 5 > sizeof(buf))
		return -EINVAL;
	strcpy(buf, "cap_");
	strcat(buf, name);
	if (cap_from_name(buf, &cap))
		return -EINVAL;
found:
	if (cap < 0 || cap >= NBITS)
		return -EINVAL;
	*mask |= 1ULL << cap;
	return 0;
}

/**
 * fcap_names_to_mask() - parse a comma-separated list of capability names
 * @names: e.g. "cap_sys_admin,net_raw,all" (names as libcap knows them,
 *	with or without the cap_ prefix, or numbers)
 * @mask: set to the union
 *
 * Return: 0, or -EINVAL for an empty list or an unknown name.
 */
int fcap_names_to_mask(const char *names, uint64_t *mask)
{
	char *copy, *tok, *save = NULL;
	int ret = -EINVAL;

	*mask = 0;
	if (!names)
		return -EINVAL;
	copy = strdup(names);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ", \t", &save); tok;
	     tok = strtok_r(NULL, ", \t", &save)) {
		ret = one_name(tok, mask);
		if (ret)
			break;
	}
	free(copy);
	return ret;
}
