// SPDX-License-Identifier: GPL-2.0-only
/*
 * cyclonedx.c - a scan as a CycloneDX 1.6 JSON document (--cyclonedx).
 *
 * One component of type "file" for every name that carries a value in
 * what was scanned (a removed baseline entry, or a name an OCI image's
 * later layer took the value from, is not in it), with the SHA-256 of a
 * regular file's content and the value in properties of the fcaps:
 * namespace: the getcap text, the revision, the sets, the raw bytes, why
 * a value cannot be read, and each finding of the rules.  The scanned
 * tree, image file, archive or container image is metadata.component.
 *
 * Strings are written as --json writes them (lib/json.c): pure ASCII,
 * each byte outside printable ASCII as \u00XX, lossless for any name.
 * The components are kept in memory until the end, when the serial
 * number can be made: random (a version 4 UUID), or, with
 * SOURCE_DATE_EPOCH, a version 5 UUID of the document itself, so that
 * the same input and epoch give the same bytes.  Never prints but to
 * the stream it is given; returns 0 or -errno.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/evp.h>

#include "cyclonedx.h"
#include "layers.h"

#define CDX_PREFIX	"fcaps:"

/* The namespace of the version 5 serial numbers (a random UUID). */
static const unsigned char serial_ns[16] = {
	0x94, 0x2d, 0x12, 0x80, 0x45, 0x02, 0x47, 0x4e,
	0xa3, 0xd6, 0xd2, 0x32, 0x38, 0x0f, 0x1a, 0xe3,
};

/* One member of a "properties" array; @first is cleared. */
static void prop(FILE *f, bool *first, const char *name, const char *value)
{
	fputs(*first ? "{\"name\":" : ",{\"name\":", f);
	fcap_json_string(f, name);
	fputs(",\"value\":", f);
	fcap_json_string(f, value);
	putc('}', f);
	*first = false;
}

static void prop_u(FILE *f, bool *first, const char *name,
		   unsigned long long n)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%llu", n);
	prop(f, first, name, buf);
}

/* A set as libcap's names, "none" when empty. */
static int prop_set(FILE *f, bool *first, const char *name, uint64_t mask)
{
	char *names;
	int ret;

	ret = fcap_mask_to_names(mask, &names);
	if (ret)
		return ret;
	prop(f, first, name, *names ? names : "none");
	free(names);
	return 0;
}

/* The raw bytes, lower-case hex ("" for a zero-length value). */
static int prop_hex(FILE *f, bool *first, const unsigned char *raw,
		    size_t len)
{
	char *hex = malloc(2 * len + 1);
	size_t i;

	if (!hex)
		return -ENOMEM;
	for (i = 0; i < len; i++)
		sprintf(hex + 2 * i, "%02x", raw[i]);
	hex[2 * len] = '\0';
	prop(f, first, CDX_PREFIX "value", hex);
	free(hex);
	return 0;
}

/* The properties of a decoded value: text, revision, rootid, sets. */
static int value_props(FILE *f, bool *first, const struct fcap_value *v)
{
	unsigned int bit;
	char *text;
	int ret;

	if (fcap_has_sets(v)) {
		ret = fcap_to_text(v, &text);
		if (ret)
			return ret;
		prop(f, first, CDX_PREFIX "capability", text);
		free(text);
	}
	if (v->rev) {
		char rev[8];

		snprintf(rev, sizeof(rev), "v%u", v->rev);
		prop(f, first, CDX_PREFIX "version", rev);
	}
	if (v->has_rootid)
		prop_u(f, first, CDX_PREFIX "rootid", v->rootid);
	if (fcap_has_sets(v)) {
		prop(f, first, CDX_PREFIX "effective",
		     v->effective ? "true" : "false");
		ret = prop_set(f, first, CDX_PREFIX "permitted", v->permitted);
		if (!ret)
			ret = prop_set(f, first, CDX_PREFIX "inheritable",
				       v->inheritable);
		if (ret)
			return ret;
	}
	for (bit = 1; bit && bit <= v->problems; bit <<= 1)
		if (v->problems & bit)
			prop(f, first, CDX_PREFIX "problem",
			     fcap_problem_name(bit));
	return 0;
}

/* Each finding: "fcaps:finding" RULE:SEVERITY, then its reason. */
static void finding_props(FILE *f, bool *first, const struct finding *fd,
			  size_t nf)
{
	char name[96], value[96];
	size_t i;

	for (i = 0; i < nf; i++) {
		snprintf(value, sizeof(value), "%s:%s", fd[i].rule,
			 severity_name(fd[i].sev));
		prop(f, first, CDX_PREFIX "finding", value);
		snprintf(name, sizeof(name), CDX_PREFIX "finding:%s",
			 fd[i].rule);
		prop(f, first, name, fd[i].reason);
	}
}

/* The properties of @e: its value (or why there is none), then more. */
static int entry_props(FILE *f, const struct entry *e,
		       const struct finding *fd, size_t nf)
{
	const struct fcap_value *v = fcap_read_value(&e->read);
	const unsigned char *raw;
	const char *why;
	bool first = true;
	char mode[16];
	size_t len;
	int ret = 0, err;

	fputs(",\"properties\":[", f);
	if (v)
		ret = value_props(f, &first, v);
	raw = fcap_read_bytes(&e->read, &len);
	if (!ret && raw)
		ret = prop_hex(f, &first, raw, len);
	if (ret)
		return ret;
	why = fcap_read_reason(&e->read);
	if (why)
		prop(f, &first, CDX_PREFIX "unreadable", why);
	err = fcap_read_error(&e->read);
	if (err)
		prop(f, &first, CDX_PREFIX "error", strerror(err));
	snprintf(mode, sizeof(mode), "%o", e->mode);
	prop(f, &first, CDX_PREFIX "mode", mode);
	prop_u(f, &first, CDX_PREFIX "uid", e->uid);
	prop_u(f, &first, CDX_PREFIX "gid", e->gid);
	if (e->layers) {
		prop(f, &first, CDX_PREFIX "layer", e->layers->digest);
		prop_u(f, &first, CDX_PREFIX "layer-index", e->layers->layer);
	}
	finding_props(f, &first, fd, nf);
	putc(']', f);
	return 0;
}

/**
 * cdx_begin() - start a document
 * @b:		filled in; cdx_free() frees it
 *
 * Return: 0, or -errno.
 */
int cdx_begin(struct cdx_bom *b)
{
	memset(b, 0, sizeof(*b));
	b->f = open_memstream(&b->buf, &b->len);
	return b->f ? 0 : -errno;
}

/* "fcaps:file:PATH", "#N" after it for the Nth other name alike */
static int bom_ref(struct cdx_bom *b, const char *path, char **ref)
{
	int n;

	if (b->last && !strcmp(b->last, path)) {
		b->same++;
	} else {
		free(b->last);
		b->last = strdup(path);
		if (!b->last)
			return -ENOMEM;
		b->same = 0;
	}
	if (b->same)
		n = asprintf(ref, CDX_PREFIX "file:%s#%u", path, b->same + 1);
	else
		n = asprintf(ref, CDX_PREFIX "file:%s", path);
	return n < 0 ? -ENOMEM : 0;
}

/**
 * cdx_add() - the component of one entry, with its findings
 * @b:		from cdx_begin()
 * @e:		the entry; one not in what was scanned (a removed
 *		baseline entry, a name whose value a later layer took) is
 *		left out
 * @f: @nf:	its findings
 *
 * Entries are expected in path order: two names alike (overlapping
 * operands) get distinct bom-refs.
 *
 * Return: 0, or -errno (-ENOMEM).
 */
int cdx_add(struct cdx_bom *b, const struct entry *e,
	    const struct finding *f, size_t nf)
{
	char *ref;
	size_t i;
	int ret;

	if (e->source == SRC_BASELINE || entry_gone(e))
		return 0;
	ret = bom_ref(b, e->path, &ref);
	if (ret)
		return ret;
	fputs(b->n++ ? ",\n{\"type\":\"file\",\"bom-ref\":" :
	      "\n{\"type\":\"file\",\"bom-ref\":", b->f);
	fcap_json_string(b->f, ref);
	free(ref);
	fputs(",\"name\":", b->f);
	fcap_json_string(b->f, e->path);
	if (e->has_sha) {
		fputs(",\"hashes\":[{\"alg\":\"SHA-256\",\"content\":\"", b->f);
		for (i = 0; i < sizeof(e->sha256); i++)
			fprintf(b->f, "%02x", e->sha256[i]);
		fputs("\"}]", b->f);
	}
	ret = entry_props(b->f, e, f, nf);
	putc('}', b->f);
	return ret;
}

/* @paths separated by spaces (malloc()ed), or NULL */
static char *joined(const char *const *paths, int n)
{
	size_t len = 1, off = 0;
	char *s;
	int i;

	for (i = 0; i < n; i++)
		len += strlen(paths[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	for (i = 0; i < n; i++)
		off += sprintf(s + off, "%s%s", i ? " " : "", paths[i]);
	s[off] = '\0';
	return s;
}

/* metadata.component: the tree, image file, archive or container image */
static int put_subject(FILE *f, const struct cdx_subject *s)
{
	bool oci = !strcmp(s->source, "oci"), first = true;
	char *name = NULL;
	int i;

	if (!(oci && s->ref)) {
		name = joined(s->paths, s->npaths);
		if (!name)
			return -ENOMEM;
	}
	fprintf(f, "\"component\":{\"type\":\"%s\",\"bom-ref\":\"" CDX_PREFIX
		"subject\",\"name\":", oci ? "container" : "file");
	fcap_json_string(f, name ? name : s->ref);
	free(name);
	fputs(",\"properties\":[", f);
	prop(f, &first, CDX_PREFIX "source", s->source);
	for (i = 0; i < s->npaths; i++)
		prop(f, &first, CDX_PREFIX "input", s->paths[i]);
	if (s->ref)
		prop(f, &first, CDX_PREFIX "image-ref", s->ref);
	fputs("]}", f);
	return 0;
}

/* The "metadata" object, into memory (*@text, malloc()ed). */
static int put_metadata(char **text, const struct cdx_subject *s,
			const struct cdx_meta *m)
{
	char when[32];
	bool first = true;
	size_t len = 0;
	struct tm tm;
	FILE *f;

	if (!gmtime_r(&m->when, &tm) ||
	    !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return -EOVERFLOW;
	*text = NULL;
	f = open_memstream(text, &len);
	if (!f)
		return -errno;
	fprintf(f, "{\"timestamp\":\"%s\",\"tools\":{\"components\":[{"
		"\"type\":\"application\",\"group\":\"fcaps\","
		"\"name\":\"fsck-check\",\"version\":", when);
	fcap_json_string(f, m->version);
	fputs("}]},", f);
	if (put_subject(f, s)) {
		fclose(f);
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	fputs(",\"properties\":[", f);
	prop(f, &first, CDX_PREFIX "scan",
	     m->complete ? "complete" : "incomplete");
	fputs("]}", f);
	if (fclose(f)) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}

/*
 * The serial number's 16 bytes: random (version 4), or a version 5 UUID
 * (RFC 9562: SHA-1 of a namespace and a name) whose name is @meta and
 * @comps, the whole document but for the serial number.
 */
static int serial(unsigned char u[16], bool reproducible, const char *meta,
		  const char *comps, size_t clen)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx;
	int ok;

	if (!reproducible) {
		if (getrandom(u, 16, 0) != 16)
			return -errno;
		u[6] = (u[6] & 0x0f) | 0x40;
		u[8] = (u[8] & 0x3f) | 0x80;
		return 0;
	}
	ctx = EVP_MD_CTX_new();
	if (!ctx)
		return -ENOMEM;
	ok = EVP_DigestInit_ex(ctx, EVP_sha1(), NULL) &&
	     EVP_DigestUpdate(ctx, serial_ns, sizeof(serial_ns)) &&
	     EVP_DigestUpdate(ctx, meta, strlen(meta)) &&
	     EVP_DigestUpdate(ctx, comps, clen) &&
	     EVP_DigestFinal_ex(ctx, md, &mdlen);
	EVP_MD_CTX_free(ctx);
	if (!ok || mdlen < 16)
		return -EIO;
	memcpy(u, md, 16);
	u[6] = (u[6] & 0x0f) | 0x50;
	u[8] = (u[8] & 0x3f) | 0x80;
	return 0;
}

/**
 * cdx_finish() - write the document
 * @b:		from cdx_begin(), every entry added
 * @out:	where to
 * @s:		what was scanned
 * @m:		the document's timestamp, whether the scan is complete
 *
 * Return: 0; -errno when the document could not be made (nothing
 * written), -EIO when @out is in error.
 */
int cdx_finish(struct cdx_bom *b, FILE *out, const struct cdx_subject *s,
	       const struct cdx_meta *m)
{
	unsigned char u[16];
	char *meta;
	int ret;

	if (!b->f)
		return -EINVAL;
	ret = fclose(b->f) ? -ENOMEM : 0;
	b->f = NULL;
	if (ret)
		return ret;
	ret = put_metadata(&meta, s, m);
	if (ret)
		return ret;
	ret = serial(u, m->reproducible, meta, b->buf ? b->buf : "", b->len);
	if (ret)
		goto out_free_meta;
	fprintf(out, "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.6\","
		"\"serialNumber\":\"urn:uuid:%02x%02x%02x%02x-%02x%02x-"
		"%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x\",\"version\":1,"
		"\"metadata\":%s,\"components\":[%s\n]}\n",
		u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9],
		u[10], u[11], u[12], u[13], u[14], u[15], meta,
		b->buf ? b->buf : "");
	ret = ferror(out) ? -EIO : 0;
out_free_meta:
	free(meta);
	return ret;
}

/**
 * cdx_free() - what a document being built holds
 * @b:		from cdx_begin()
 */
void cdx_free(struct cdx_bom *b)
{
	if (b->f)
		fclose(b->f);
	free(b->buf);
	free(b->last);
	memset(b, 0, sizeof(*b));
}

/**
 * cdx_parse_epoch() - a SOURCE_DATE_EPOCH value
 * @s:		the value: decimal seconds since the epoch
 * @when:	set to it
 *
 * As reproducible-builds.org specifies it: digits only, no sign, up to
 * CDX_EPOCH_MAX (a year of four digits, which the timestamp needs).
 *
 * Return: 0, or -EINVAL.
 */
int cdx_parse_epoch(const char *s, time_t *when)
{
	long long v = 0;
	const char *p;

	if (!*s)
		return -EINVAL;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return -EINVAL;
		v = v * 10 + (*p - '0');
		if (v > CDX_EPOCH_MAX)
			return -EINVAL;
	}
	*when = (time_t)v;
	return 0;
}
