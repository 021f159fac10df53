// SPDX-License-Identifier: Apache-2.0
/* Property sets and LLVM's base64: the known encodings of REFERENCE §3, round trips and parse errors. */
#include "host/common/propset.h"
#include "test/harness.h"

#include <stdlib.h>
#include <string.h>

/* Formats a single-set, single-property file and returns the text after "name=" on its one property line. */
static char *value_of(const kiln_propsets *ps)
{
	char *t = kiln_propsets_format(ps);
	char *eq = t ? strchr(t, '=') : NULL;
	char *nl = eq ? strchr(eq, '\n') : NULL;
	if (!nl) {
		free(t);
		return NULL;
	}
	*nl = 0;
	char *v = strdup(eq + 1);
	free(t);
	return v;
}

static void test_known_encodings(void)
{
	kiln_propsets ps = {0};
	kiln_propset *s = kiln_propsets_add_set(&ps, "SYCL/device globals");
	kiln_propset_add_device_global(s, "dg", 4, 0);
	char *v = value_of(&ps);
	KT_EQ_STR(v, "2|ABAAAAAAAAABAAAAAAAAAA", "device global size 4, no scope");
	free(v);
	kiln_propsets_free(&ps);

	s = kiln_propsets_add_set(&ps, "SYCL/device globals");
	kiln_propset_add_device_global(s, "dg", 1, 1);
	v = value_of(&ps);
	KT_EQ_STR(v, "2|ABAAAAAAAAQAAAAABAAAAA", "device global size 1, image scope");
	free(v);
	kiln_propsets_free(&ps);

	s = kiln_propsets_add_set(&ps, "SYCL/misc");
	kiln_propset_add_bytes(s, "s", "_ZL7dg_int1", 11);
	v = value_of(&ps);
	KT_EQ_STR(v, "2|YBAAAAAAAAwXax0Nkd2Xp5GdxA", "string _ZL7dg_int1");
	free(v);
	kiln_propsets_free(&ps);

	/* And back: the same texts decode to the same records. */
	const char *text = "[SYCL/device globals]\n"
	                   "a=2|ABAAAAAAAAABAAAAAAAAAA\n"
	                   "b=2|ABAAAAAAAAQAAAAABAAAAA\n"
	                   "[SYCL/misc]\n"
	                   "s=2|YBAAAAAAAAwXax0Nkd2Xp5GdxA\n";
	char err[128];
	KT_CHECK(kiln_propsets_parse(text, strlen(text), &ps, err, sizeof err) == 0, "known encodings parse",
	         "%s", err);
	const kiln_propset *dg = kiln_propsets_find(&ps, "SYCL/device globals");
	const kiln_prop *a = dg ? kiln_propset_find(dg, "a") : NULL,
	                *b = dg ? kiln_propset_find(dg, "b") : NULL;
	static const uint8_t ra[8] = {4, 0, 0, 0, 0, 0, 0, 0}, rb[8] = {1, 0, 0, 0, 1, 0, 0, 0};
	KT_CHECK(a && a->type == KILN_PROP_BYTES && a->nbits == 64 && a->nbytes == 8 &&
	             !memcmp(a->bytes, ra, 8),
	         "decoded size 4 no scope", "mismatch");
	KT_CHECK(b && b->nbits == 64 && b->nbytes == 8 && !memcmp(b->bytes, rb, 8), "decoded size 1 scope",
	         "mismatch");
	const kiln_propset *misc = kiln_propsets_find(&ps, "SYCL/misc");
	const kiln_prop *st = misc ? kiln_propset_find(misc, "s") : NULL;
	KT_CHECK(st && st->nbits == 88 && st->nbytes == 11 && !memcmp(st->bytes, "_ZL7dg_int1", 11),
	         "decoded string", "mismatch");
	char *again = kiln_propsets_format(&ps);
	KT_EQ_STR(again, text, "parse then format gives the same text");
	free(again);
	KT_CHECK(kiln_propsets_find(&ps, "nope") == NULL && (!dg || kiln_propset_find(dg, "nope") == NULL),
	         "find of a missing name gives NULL", "found");
	kiln_propsets_free(&ps);
}

static void test_format_rules(void)
{
	kiln_propsets ps = {0};
	kiln_propsets_add_set(&ps, "SYCL/empty");
	kiln_propset *vf = kiln_propsets_add_set(&ps, "SYCL/virtual functions");
	kiln_propset_add_bytes(vf, "virtual-functions-set", "set-a", 5);
	kiln_propset_add_u32(vf, "dummy-image", 1);
	kiln_propsets_add_set(&ps, "SYCL/also empty");
	char *t = kiln_propsets_format(&ps);
	KT_CHECK(t && !strstr(t, "empty"), "an empty set is not written", "%s", t ? t : "(null)");
	KT_CHECK(t && strstr(t, "[SYCL/virtual functions]\nvirtual-functions-set=2|") == t &&
	             strstr(t, "\ndummy-image=1|1\n"),
	         "set header then props in insertion order", "%s", t ? t : "(null)");
	kiln_propsets out;
	char err[128];
	KT_CHECK(kiln_propsets_parse(t, strlen(t), &out, err, sizeof err) == 0, "formatted text parses", "%s",
	         err);
	KT_CHECK(out.nsets == 1 && out.sets[0].nprops == 2 && out.sets[0].props[1].type == KILN_PROP_UINT32 &&
	             out.sets[0].props[1].u32 == 1,
	         "u32 round trip", "mismatch");
	kiln_propsets_free(&out);
	free(t);
	kiln_propsets_free(&ps);

	ps = (kiln_propsets){0};
	t = kiln_propsets_format(&ps);
	KT_EQ_STR(t, "", "no sets format to empty text");
	free(t);

	/* Blank lines and CRLF are tolerated on input, as LLVM's reader does. */
	const char *crlf = "\r\n[A]\r\nx=1|4294967295\r\n\r\ny=0|\r\n";
	KT_CHECK(kiln_propsets_parse(crlf, strlen(crlf), &ps, err, sizeof err) == 0 &&
	             ps.sets[0].props[0].u32 == 4294967295u && ps.sets[0].props[1].type == KILN_PROP_NONE,
	         "CRLF, blank lines, max u32 and type 0", "%s", err);
	kiln_propsets_free(&ps);
}

static void test_base64(void)
{
	/* Lengths 0..40 of pseudo-random bytes, covering both tails, round trip exactly. */
	int bad = 0;
	uint8_t data[40];
	for (int i = 0; i < 40; i++)
		data[i] = (uint8_t)(i * 97 + 13);
	for (size_t n = 0; n <= 40; n++) {
		char *e = kiln_base64_encode(data, n);
		uint8_t *d = NULL;
		size_t dl;
		if (!e || strlen(e) != n / 3 * 4 + (n % 3 ? n % 3 + 1 : 0) ||
		    kiln_base64_decode(e, strlen(e), &d, &dl) || dl != n || (n && memcmp(d, data, n)))
			bad++;
		free(e);
		free(d);
	}
	KT_CHECK(bad == 0, "base64 round trip for lengths 0..40", "%d failures", bad);
	char *one = kiln_base64_encode("\xff", 1);
	KT_EQ_STR(one, "/D", "one byte: LSB-first groups");
	free(one);

	uint8_t *d;
	size_t dl;
	KT_CHECK(kiln_base64_decode("AB=A", 4, &d, &dl) == -1, "decode rejects '='", "accepted");
	KT_CHECK(kiln_base64_decode("AB A", 4, &d, &dl) == -1, "decode rejects a space", "accepted");
	KT_CHECK(kiln_base64_decode("AB-_", 4, &d, &dl) == -1, "decode rejects the URL alphabet", "accepted");
	KT_CHECK(kiln_base64_decode("AB\x80"
	                            "A",
	                            4, &d, &dl) == -1,
	         "decode rejects a high byte", "accepted");
	KT_CHECK(kiln_base64_decode("ABCDE", 5, &d, &dl) == -1, "decode rejects a length of 4n+1",
	         "accepted");
	KT_CHECK(kiln_base64_decode("AE", 2, &d, &dl) == -1, "decode rejects stray bits past the last byte",
	         "accepted");
	KT_CHECK(kiln_base64_decode("", 0, &d, &dl) == 0 && dl == 0, "decode of empty text", "failed");
	free(d);
}

static void expect_parse_error(const char *text, const char *want, const char *name)
{
	kiln_propsets ps;
	char err[128] = "";
	int rc = kiln_propsets_parse(text, strlen(text), &ps, err, sizeof err);
	KT_CHECK(rc == -1 && strstr(err, want) && ps.nsets == 0, name, "rc=%d err=\"%s\", want \"%s\"", rc,
	         err, want);
}

static void test_parse_errors(void)
{
	expect_parse_error("x=1|1\n", "line 1: property before any [set] header", "property outside a set");
	expect_parse_error("[A]\nnovalue\n", "line 2: expected name=type|value", "line without '='");
	expect_parse_error("[A]\n=1|1\n", "line 2: empty property name", "empty name");
	expect_parse_error("[A]\nx=1\n", "line 2: missing '|'", "missing bar");
	expect_parse_error("[A]\n\nx=3|1\n", "line 3: unknown property type",
	                   "unknown type 3 (blank lines counted)");
	expect_parse_error("[A]\nx=12|1\n", "line 2: unknown property type", "two-digit type");
	expect_parse_error("[A]\nx=1|abc\n", "line 2: bad uint32", "non-numeric u32");
	expect_parse_error("[A]\nx=1|4294967296\n", "line 2: bad uint32", "u32 overflow");
	expect_parse_error("[A]\nx=1|\n", "line 2: bad uint32", "empty u32");
	expect_parse_error("[A]\nx=1|-1\n", "line 2: bad uint32", "negative u32");
	expect_parse_error("[A]\nx=2|AB*AAAAAAAAAAAAAAAAAAA\n", "line 2: bad base64", "bad base64 char");
	expect_parse_error("[A]\nx=2|ABAA\n", "line 2: byte array shorter",
	                   "byte array without full bit count");
	expect_parse_error("[A]\nx=2|ICAAAAAAAAAA\n", "line 2: byte array bit count does not match",
	                   "bit count disagrees with length");
	expect_parse_error("[A]\nx=0|zz\n", "line 2: a property of type 0 has no value",
	                   "type 0 with a value");
	expect_parse_error("[A\n", "line 1: malformed set header", "unterminated header");
	expect_parse_error("[]\n", "line 1: malformed set header", "empty set name");
	expect_parse_error("[A]x\n", "line 1: malformed set header", "text after header");
	expect_parse_error("[A]\n[A]\n", "line 2: duplicate set", "duplicate set");
	expect_parse_error("[A]\nx=1|1\nx=1|2\n", "line 3: duplicate property", "duplicate property");
	/* Errors later in a file free what was parsed before them (checked by ASan in `make asan`). */
	expect_parse_error("[A]\nx=2|ABAAAAAAAAABAAAAAAAAAA\n[B]\ny=1|5\nbroken\n", "line 5",
	                   "error after good sets");
}

int main(void)
{
	test_known_encodings();
	test_format_rules();
	test_base64();
	test_parse_errors();
	return KT_DONE();
}
