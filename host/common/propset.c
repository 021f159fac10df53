// SPDX-License-Identifier: Apache-2.0
/* Property sets as sycl-post-link writes them (REFERENCE §3), so .prop files are interchangeable with
 * DPC++'s. */
#include "host/common/propset.h"

#include "host/common/strbuf.h"
#include "host/common/text_escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *kiln_base64_encode(const void *data, size_t len)
{
	const uint8_t *p = data;
	if (len > (SIZE_MAX - 4) / 4 * 3)
		return NULL;
	char *out = malloc(len / 3 * 4 + 4);
	if (!out)
		return NULL;
	size_t o = 0, i = 0;
	/* LLVM's variant packs the 6-bit groups least significant bit first, unlike RFC 4648. */
	for (; i + 3 <= len; i += 3) {
		uint8_t b0 = p[i], b1 = p[i + 1], b2 = p[i + 2];
		out[o++] = b64[b0 & 63];
		out[o++] = b64[((b1 << 2) | (b0 >> 6)) & 63];
		out[o++] = b64[((b2 << 4) | (b1 >> 4)) & 63];
		out[o++] = b64[(b2 >> 2) & 63];
	}
	if (len - i == 1) {
		out[o++] = b64[p[i] & 63];
		out[o++] = b64[p[i] >> 6];
	} else if (len - i == 2) {
		uint8_t b0 = p[i], b1 = p[i + 1];
		out[o++] = b64[b0 & 63];
		out[o++] = b64[((b1 << 2) | (b0 >> 6)) & 63];
		out[o++] = b64[b1 >> 4];
	}
	out[o] = 0;
	return out;
}

static int b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

int kiln_base64_decode(const char *text, size_t tlen, uint8_t **out, size_t *outlen)
{
	*out = NULL;
	*outlen = 0;
	/* One leftover character cannot carry a whole byte. */
	if (tlen % 4 == 1)
		return -1;
	size_t n = tlen / 4 * 3 + (tlen % 4 ? tlen % 4 - 1 : 0);
	uint8_t *buf = malloc(n ? n : 1);
	if (!buf)
		return -1;
	size_t o = 0;
	for (size_t i = 0; i < tlen; i += 4) {
		size_t k = tlen - i < 4 ? tlen - i : 4;
		uint32_t acc = 0;
		for (size_t j = 0; j < k; j++) {
			int v = b64_value(text[i + j]);
			if (v < 0) {
				free(buf);
				return -1;
			}
			acc |= (uint32_t)v << (6 * j);
		}
		size_t bytes = k == 4 ? 3 : k - 1;
		/* Bits beyond the last whole byte are always zero from the encoder; anything else is not
		 * canonical. */
		if (acc >> (8 * bytes)) {
			free(buf);
			return -1;
		}
		for (size_t j = 0; j < bytes; j++)
			buf[o++] = (uint8_t)(acc >> (8 * j));
	}
	*out = buf;
	*outlen = o;
	return 0;
}

kiln_propset *kiln_propsets_add_set(kiln_propsets *ps, const char *name)
{
	char *copy = strdup(name);
	if (!copy)
		return NULL;
	kiln_propset *s = realloc(ps->sets, (ps->nsets + 1) * sizeof *s);
	if (!s) {
		free(copy);
		return NULL;
	}
	ps->sets = s;
	s += ps->nsets++;
	*s = (kiln_propset){.name = copy};
	return s;
}

/* Appends a property slot with its name set and everything else zero; NULL when out of memory. */
static kiln_prop *add_prop(kiln_propset *s, const char *name)
{
	char *copy = strdup(name);
	if (!copy)
		return NULL;
	kiln_prop *p = realloc(s->props, (s->nprops + 1) * sizeof *p);
	if (!p) {
		free(copy);
		return NULL;
	}
	s->props = p;
	p += s->nprops++;
	*p = (kiln_prop){.name = copy};
	return p;
}

int kiln_propset_add_u32(kiln_propset *s, const char *name, uint32_t v)
{
	kiln_prop *p = add_prop(s, name);
	if (!p)
		return -1;
	p->type = KILN_PROP_UINT32;
	p->u32 = v;
	return 0;
}

int kiln_propset_add_u32_array(kiln_propset *s, const char *name, const uint32_t *v, size_t n)
{
	uint8_t *bytes = malloc(4 * n + 1);
	if (!bytes)
		return -1;
	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 4; b++)
			bytes[4 * i + (size_t)b] = (uint8_t)(v[i] >> (8 * b));
	int rc = kiln_propset_add_bytes(s, name, bytes, 4 * n);
	free(bytes);
	return rc;
}

int kiln_propset_add_bytes(kiln_propset *s, const char *name, const void *data, size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	if (!copy)
		return -1;
	if (len)
		memcpy(copy, data, len);
	kiln_prop *p = add_prop(s, name);
	if (!p) {
		free(copy);
		return -1;
	}
	p->type = KILN_PROP_BYTES;
	p->bytes = copy;
	p->nbytes = len;
	p->nbits = (uint64_t)len * 8;
	return 0;
}

int kiln_propset_add_bits(kiln_propset *s, const char *name, const void *data, uint64_t nbits)
{
	if (kiln_propset_add_bytes(s, name, data, (size_t)((nbits + 7) / 8)) != 0)
		return -1;
	s->props[s->nprops - 1].nbits = nbits;
	return 0;
}

int kiln_propset_add_device_global(kiln_propset *s, const char *unique_id, uint32_t size, int image_scope)
{
	uint8_t rec[8];
	uint32_t scope = image_scope ? 1 : 0;
	for (int i = 0; i < 4; i++) {
		rec[i] = (uint8_t)(size >> (8 * i));
		rec[4 + i] = (uint8_t)(scope >> (8 * i));
	}
	return kiln_propset_add_bytes(s, unique_id, rec, sizeof rec);
}

const kiln_propset *kiln_propsets_find(const kiln_propsets *ps, const char *name)
{
	for (size_t i = 0; i < ps->nsets; i++)
		if (strcmp(ps->sets[i].name, name) == 0)
			return &ps->sets[i];
	return NULL;
}

const kiln_prop *kiln_propset_find(const kiln_propset *s, const char *name)
{
	for (size_t i = 0; i < s->nprops; i++)
		if (strcmp(s->props[i].name, name) == 0)
			return &s->props[i];
	return NULL;
}

const char *kiln_propset_name_problem(const char *name, int is_set)
{
	const char *why = kiln_name_problem(name, strlen(name));
	if (why)
		return why;
	if (!*name)
		return "nothing (an empty name)";
	if (is_set && strchr(name, ']'))
		return "']', which ends a set header";
	if (!is_set && strchr(name, '='))
		return "'=', which ends a property name";
	if (!is_set && name[0] == '[')
		return "a leading '[', which starts a set header";
	return NULL;
}

char *kiln_propsets_format(const kiln_propsets *ps)
{
	kiln_strbuf b = {0};
	for (size_t i = 0; i < ps->nsets; i++) {
		const kiln_propset *s = &ps->sets[i];
		if (s->nprops == 0)
			continue;
		if (kiln_propset_name_problem(s->name, 1))
			b.oom = 1; /* refused: nothing half-written */
		for (size_t j = 0; j < s->nprops; j++)
			if (kiln_propset_name_problem(s->props[j].name, 0))
				b.oom = 1;
		kiln_sb_printf(&b, "[%s]\n", s->name);
		for (size_t j = 0; j < s->nprops; j++) {
			const kiln_prop *p = &s->props[j];
			kiln_sb_printf(&b, "%s=%d|", p->name, (int)p->type);
			if (p->type == KILN_PROP_UINT32) {
				kiln_sb_printf(&b, "%u", (unsigned)p->u32);
			} else if (p->type == KILN_PROP_BYTES) {
				/* The bit count travels inside the encoded buffer, as an 8-byte little-endian
				 * prefix. */
				uint8_t *raw = malloc(8 + p->nbytes);
				char *enc = NULL;
				if (raw) {
					for (int k = 0; k < 8; k++)
						raw[k] = (uint8_t)(p->nbits >> (8 * k));
					if (p->nbytes)
						memcpy(raw + 8, p->bytes, p->nbytes);
					enc = kiln_base64_encode(raw, 8 + p->nbytes);
				}
				if (!enc)
					b.oom = 1;
				else
					kiln_sb_add(&b, enc);
				free(enc);
				free(raw);
			}
			kiln_sb_addc(&b, '\n');
		}
	}
	return kiln_sb_finish(&b);
}

/* Writes "line N: why" and returns -1. */
static int line_err(char *err, size_t errlen, size_t line, const char *why)
{
	snprintf(err, errlen, "line %zu: %s", line, why);
	return -1;
}

/* Parses one "name=type|value" line of LEN bytes into set S. */
static int parse_prop(const char *l, size_t len, kiln_propset *s, size_t line, char *err, size_t errlen)
{
	const char *eq = memchr(l, '=', len);
	if (!eq)
		return line_err(err, errlen, line, "expected name=type|value");
	size_t nlen = (size_t)(eq - l);
	if (nlen == 0)
		return line_err(err, errlen, line, "empty property name");
	const char *t = eq + 1, *end = l + len;
	const char *bar = memchr(t, '|', (size_t)(end - t));
	if (!bar)
		return line_err(err, errlen, line, "missing '|' after the type");
	if (bar - t != 1 || *t < '0' || *t > '2')
		return line_err(err, errlen, line, "unknown property type (expected 0, 1 or 2)");
	char *name = strndup(l, nlen);
	if (!name)
		return line_err(err, errlen, line, "out of memory");
	if (memchr(name, 0, nlen) || kiln_propset_find(s, name)) {
		int dup = !memchr(name, 0, nlen);
		free(name);
		return line_err(err, errlen, line, dup ? "duplicate property name" : "NUL in property name");
	}
	const char *v = bar + 1;
	size_t vlen = (size_t)(end - v);
	int rc = -1;
	kiln_prop *p;
	switch (*t - '0') {
	case KILN_PROP_NONE:
		if (vlen)
			rc = line_err(err, errlen, line, "a property of type 0 has no value");
		else if (!(p = add_prop(s, name)))
			rc = line_err(err, errlen, line, "out of memory");
		else
			rc = 0;
		break;
	case KILN_PROP_UINT32: {
		uint64_t u = 0;
		size_t i;
		for (i = 0; i < vlen && v[i] >= '0' && v[i] <= '9' && u <= UINT32_MAX; i++)
			u = u * 10 + (uint64_t)(v[i] - '0');
		if (vlen == 0 || i < vlen || u > UINT32_MAX)
			rc = line_err(err, errlen, line, "bad uint32 value (expected decimal 0..4294967295)");
		else if (kiln_propset_add_u32(s, name, (uint32_t)u))
			rc = line_err(err, errlen, line, "out of memory");
		else
			rc = 0;
		break;
	}
	default: {
		uint8_t *raw;
		size_t rlen;
		if (kiln_base64_decode(v, vlen, &raw, &rlen)) {
			rc = line_err(err, errlen, line, "bad base64 byte array");
			break;
		}
		uint64_t nbits = 0;
		for (int k = 0; rlen >= 8 && k < 8; k++)
			nbits |= (uint64_t)raw[k] << (8 * k);
		if (rlen < 8)
			rc = line_err(err, errlen, line, "byte array shorter than its 8-byte bit count");
		else if (nbits > UINT64_MAX - 7 || (nbits + 7) / 8 != rlen - 8)
			rc = line_err(err, errlen, line, "byte array bit count does not match its length");
		else if (kiln_propset_add_bytes(s, name, raw + 8, rlen - 8))
			rc = line_err(err, errlen, line, "out of memory");
		else {
			s->props[s->nprops - 1].nbits = nbits;
			rc = 0;
		}
		free(raw);
	}
	}
	free(name);
	return rc;
}

int kiln_propsets_parse(const char *text, size_t len, kiln_propsets *out, char *err, size_t errlen)
{
	*out = (kiln_propsets){0};
	kiln_propset *cur = NULL;
	size_t line = 0;
	for (size_t pos = 0; pos < len;) {
		line++;
		const char *l = text + pos;
		const char *nl = memchr(l, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - l) : len - pos;
		pos += ll + (nl != NULL);
		if (ll && l[ll - 1] == '\r')
			ll--;
		if (ll == 0)
			continue; /* LLVM's reader skips blank lines too */
		if (l[0] == '[') {
			if (l[ll - 1] != ']' || ll < 3 || memchr(l + 1, ']', ll - 2) || memchr(l, 0, ll)) {
				line_err(err, errlen, line, "malformed set header (expected [name])");
				goto fail;
			}
			char *name = strndup(l + 1, ll - 2);
			if (!name) {
				line_err(err, errlen, line, "out of memory");
				goto fail;
			}
			int dup = kiln_propsets_find(out, name) != NULL;
			cur = dup ? NULL : kiln_propsets_add_set(out, name);
			free(name);
			if (!cur) {
				line_err(err, errlen, line, dup ? "duplicate set" : "out of memory");
				goto fail;
			}
			continue;
		}
		if (!cur) {
			line_err(err, errlen, line, "property before any [set] header");
			goto fail;
		}
		if (parse_prop(l, ll, cur, line, err, errlen))
			goto fail;
	}
	return 0;
fail:
	kiln_propsets_free(out);
	return -1;
}

void kiln_propsets_free(kiln_propsets *ps)
{
	for (size_t i = 0; i < ps->nsets; i++) {
		for (size_t j = 0; j < ps->sets[i].nprops; j++) {
			free(ps->sets[i].props[j].name);
			free(ps->sets[i].props[j].bytes);
		}
		free(ps->sets[i].props);
		free(ps->sets[i].name);
	}
	free(ps->sets);
	*ps = (kiln_propsets){0};
}
