// SPDX-License-Identifier: Apache-2.0
/* The kernel C library (hls/libc, headers in hls/libc/include) against glibc: the library is compiled
 * natively under kl_ names (kl_rename.h) and each function runs on the same inputs as glibc's, edge cases and
 * many random ones; the headers' macros and layouts come from kiln_headers.c, compiled with Kiln's headers
 * only. One check per function and kind of input; a failing check names its first differing input. */
#include "test/harness.h"
#include "test/libc/kl.h"

#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>
#include <time.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>

/* A fixed pseudo-random sequence for inputs (xorshift64*), independent of the rand under test. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}
static size_t rnd_below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static int sign(long long v)
{
	return (v > 0) - (v < 0);
}

/* Where a failing check says what differed. */
static char why[512];

/* S with bytes outside printable ASCII as \xNN, so that a check's line stays one line (two calls may be in
 * use at once). */
static const char *esc(const char *s)
{
	static char bufs[2][400];
	static int which;
	char *o = bufs[which ^= 1];
	size_t n = 0;
	for (; *s && n + 5 < sizeof bufs[0]; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= ' ' && c < 0x7f && c != '\\')
			o[n++] = (char)c;
		else
			n += (size_t)snprintf(o + n, 5, "\\x%02x", c);
	}
	o[n] = 0;
	return o;
}

/* ---- headers: macros, layouts, math.h and assert.h ---- */

#define KL_INT(m) {#m, (m)},
#define KL_STR(m)
#define KL_DBL(m)
static const struct kl_int_macro glibc_int_macros[] = {
#include "macros.def"
};
#undef KL_INT
#undef KL_STR
#define KL_INT(m)
#define KL_STR(m) {#m, m},
static const struct kl_str_macro glibc_str_macros[] = {
#include "macros.def"
};
#undef KL_STR
#undef KL_DBL
#define KL_STR(m)
#define KL_DBL(m) {#m, (m)},
static const struct kl_dbl_macro glibc_dbl_macros[] = {
#include "macros.def"
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void test_macros(void)
{
	int bad = 0;
	why[0] = 0;
	for (size_t i = 0; i < kl_n_int_macros && i < COUNT(glibc_int_macros); i++)
		if (kl_int_macros[i].value != glibc_int_macros[i].value && !bad++)
			snprintf(why, sizeof why, "%s is %lld, glibc %lld", kl_int_macros[i].name,
			         kl_int_macros[i].value, glibc_int_macros[i].value);
	KT_CHECK(!bad && kl_n_int_macros == COUNT(glibc_int_macros),
	         "errno.h, stdio.h, stdlib.h, math.h, wchar.h, locale.h, signal.h, fenv.h, time.h, setjmp.h: "
	         "integer macros and type layouts equal glibc's",
	         "%d differ (%s)", bad, why);
	KT_CHECK(kl_n_int_macros > 140, "errno.h, stdio.h, stdlib.h, math.h: integer macros are listed",
	         "%zu", kl_n_int_macros);

	bad = 0;
	for (size_t i = 0; i < kl_n_str_macros && i < COUNT(glibc_str_macros); i++)
		if (strcmp(kl_str_macros[i].value, glibc_str_macros[i].value) && !bad++)
			snprintf(why, sizeof why, "%s is \"%s\", glibc \"%s\"", kl_str_macros[i].name,
			         kl_str_macros[i].value, glibc_str_macros[i].value);
	KT_CHECK(!bad && kl_n_str_macros == 154 && COUNT(glibc_str_macros) == 154,
	         "inttypes.h: all 154 PRI and SCN macros equal glibc's (x86-64)", "%d differ (%s)", bad, why);

	bad = 0;
	for (size_t i = 0; i < kl_n_dbl_macros && i < COUNT(glibc_dbl_macros); i++)
		if (memcmp(&kl_dbl_macros[i].value, &glibc_dbl_macros[i].value, sizeof(double)) && !bad++)
			snprintf(why, sizeof why, "%s is %.17g, glibc %.17g", kl_dbl_macros[i].name,
			         kl_dbl_macros[i].value, glibc_dbl_macros[i].value);
	KT_CHECK(!bad && kl_n_dbl_macros == COUNT(glibc_dbl_macros),
	         "math.h: M_* constants, HUGE_VAL, HUGE_VALF, INFINITY equal glibc's", "%d differ (%s)", bad,
	         why);

#define LAYOUT(t) sizeof(t), offsetof(t, quot), offsetof(t, rem)
	const size_t want[14] = {LAYOUT(div_t),     LAYOUT(ldiv_t),  LAYOUT(lldiv_t),
	                         LAYOUT(imaxdiv_t), sizeof(float_t), sizeof(double_t)};
	KT_CHECK(memcmp(want, kl_layout, sizeof want) == 0,
	         "div_t, ldiv_t, lldiv_t, imaxdiv_t, float_t, double_t: layouts equal glibc's", "differ");
}

static void test_math_macros(void)
{
	const double values[] = {0.0,
	                         -0.0,
	                         1.0,
	                         -1.5,
	                         DBL_MIN,
	                         DBL_MIN / 4,
	                         -DBL_MIN / 4,
	                         DBL_MAX,
	                         -DBL_MAX,
	                         (double)FLT_MAX * 2,
	                         (double)FLT_MIN,
	                         (double)FLT_MIN / 8,
	                         1e-300,
	                         HUGE_VAL,
	                         -HUGE_VAL,
	                         NAN,
	                         -NAN,
	                         M_PI};
	int bad = 0;
	for (size_t i = 0; i < COUNT(values); i++) {
		double x = values[i];
		float f = (float)x;
		int r[12],
		    g[12] = {fpclassify(x), !!isfinite(x), isinf(x), !!isnan(x), !!isnormal(x), !!signbit(x),
		             fpclassify(f), !!isfinite(f), isinf(f), !!isnan(f), !!isnormal(f), !!signbit(f)};
		kl_classify(x, r);
		for (int k = 0; k < 12; k++)
			if (r[k] != g[k] && !bad++)
				snprintf(why, sizeof why, "value %g, macro #%d: %d, glibc %d", x, k, r[k],
				         g[k]);
	}
	KT_CHECK(!bad,
	         "math.h: fpclassify, isfinite, isinf (with its sign), isnan, isnormal, signbit as glibc",
	         "%d differ (%s)", bad, why);

	bad = 0;
	const double pairs[] = {1.0, 2.0, -0.0, 0.0, NAN, HUGE_VAL, -HUGE_VAL};
	for (size_t i = 0; i < COUNT(pairs); i++)
		for (size_t j = 0; j < COUNT(pairs); j++) {
			double x = pairs[i], y = pairs[j];
			int r[6], g[6] = {!!isgreater(x, y),   !!isgreaterequal(x, y), !!isless(x, y),
			                  !!islessequal(x, y), !!islessgreater(x, y),  !!isunordered(x, y)};
			kl_compare(x, y, r);
			if (memcmp(r, g, sizeof r) && !bad++)
				snprintf(why, sizeof why, "%g, %g", x, y);
		}
	KT_CHECK(!bad, "math.h: isgreater ... isunordered as glibc", "%d differ (%s)", bad, why);
	KT_CHECK(kl_nan_is_float_nan(), "math.h: NAN and INFINITY are float, isinf(-INFINITY) is -1", "no");
}

static jmp_buf assert_jmp;
static struct {
	int calls;
	const char *expr, *file, *func;
	unsigned line;
} af;

void kl___assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
	af.calls++;
	af.expr = expr;
	af.file = file;
	af.line = line;
	af.func = func;
	longjmp(assert_jmp, 1);
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Static, so that longjmp leaves its value alone. */
static unsigned line;

static void test_assert(void)
{
	af.calls = 0;
	if (!setjmp(assert_jmp))
		kl_assert_on(1, &line);
	KT_CHECK(af.calls == 0, "assert.h: a true assertion does not call __assert_fail", "it did");
	if (!setjmp(assert_jmp))
		kl_assert_on(2, &line);
	KT_CHECK(af.calls == 1 && strcmp(af.expr, "x == 1") == 0 && ends_with(af.file, "kiln_headers.c") &&
	             af.line == line && strcmp(af.func, "kl_assert_on") == 0,
	         "assert.h: a false assertion calls __assert_fail(expression, file, line, function)",
	         "calls %d, \"%s\", \"%s\", %u (want %u), \"%s\"", af.calls, af.calls ? af.expr : "",
	         af.calls ? af.file : "", af.line, line, af.calls ? af.func : "");

	int evals = 0;
	af.calls = 0;
	if (!setjmp(assert_jmp))
		kl_assert_off(2, &evals);
	KT_CHECK(af.calls == 0 && evals == 0,
	         "assert.h: after #define NDEBUG and including it again, assert neither evaluates nor fails",
	         "calls %d, evaluations %d", af.calls, evals);

	if (!setjmp(assert_jmp))
		kl_assert_again(2, &line);
	KT_CHECK(af.calls == 1 && af.line == line && strcmp(af.func, "kl_assert_again") == 0,
	         "assert.h: after #undef NDEBUG and including it a third time, assert is back", "calls %d",
	         af.calls);
	KT_CHECK(kl_has_static_assert, "assert.h: static_assert is defined (C11)", "not defined");
}

/* ---- string.h ---- */

#define BUF 128

static void fill_random(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)rnd();
}

static void test_memcpy_memset(void)
{
	unsigned char src[BUF], a[BUF], b[BUF];
	int bad = 0;
	fill_random(src, BUF);
	for (size_t n = 0; n <= 70; n++)
		for (size_t so = 0; so < 8; so++)
			for (size_t d = 0; d < 8; d++) {
				fill_random(a, BUF);
				memcpy(b, a, BUF);
				void *r = kl_memcpy(a + d, src + so, n);
				memcpy(b + d, src + so, n);
				if ((r != a + d || memcmp(a, b, BUF)) && !bad++)
					snprintf(why, sizeof why, "n %zu, src +%zu, dest +%zu", n, so, d);
			}
	KT_CHECK(!bad, "memcpy: lengths 0..70 at all alignments, nothing outside touched, returns dest",
	         "%d differ (%s)", bad, why);

	bad = 0;
	const int values[] = {0, 1, 0x7f, 0x80, 0xff, -1, 0x1ab, -129, INT_MIN};
	for (size_t n = 0; n <= 70; n++)
		for (size_t d = 0; d < 8; d++)
			for (size_t v = 0; v < COUNT(values); v++) {
				fill_random(a, BUF);
				memcpy(b, a, BUF);
				void *r = kl_memset(a + d, values[v], n);
				memset(b + d, values[v], n);
				if ((r != a + d || memcmp(a, b, BUF)) && !bad++)
					snprintf(why, sizeof why, "n %zu, dest +%zu, c %d", n, d, values[v]);
			}
	KT_CHECK(!bad, "memset: lengths 0..70, all alignments, c truncated to unsigned char",
	         "%d differ (%s)", bad, why);
}

/* Every source and destination offset of a 64-byte window in one buffer, every length: DIR < 0 takes the
 * pairs with the destination below the source, DIR > 0 above, 0 equal. */
static int memmove_case(int dir, int use_bcopy)
{
	unsigned char a[BUF], b[BUF];
	int bad = 0;
	for (size_t n = 0; n <= 64; n++)
		for (size_t s = 0; s < 32; s++)
			for (size_t d = 0; d < 32; d++) {
				if ((dir < 0 && d >= s) || (dir > 0 && d <= s) || (dir == 0 && d != s))
					continue;
				fill_random(a, BUF);
				memcpy(b, a, BUF);
				void *r = a + d;
				if (use_bcopy)
					kl_bcopy(a + s, a + d, n);
				else
					r = kl_memmove(a + d, a + s, n);
				memmove(b + d, b + s, n);
				if ((r != a + d || memcmp(a, b, BUF)) && !bad++)
					snprintf(why, sizeof why, "n %zu, src +%zu, dest +%zu", n, s, d);
			}
	return bad;
}

static void test_memmove(void)
{
	int bad = memmove_case(-1, 0);
	KT_CHECK(!bad, "memmove: overlapping, destination below the source (copies forwards)",
	         "%d differ (%s)", bad, why);
	bad = memmove_case(1, 0);
	KT_CHECK(!bad, "memmove: overlapping, destination above the source (copies backwards)",
	         "%d differ (%s)", bad, why);
	bad = memmove_case(0, 0);
	KT_CHECK(!bad, "memmove: destination equal to the source", "%d differ (%s)", bad, why);
	unsigned char x[64], y[64], z[64];
	fill_random(x, 64);
	fill_random(y, 64);
	memcpy(z, x, 64);
	kl_memmove(y + 3, x + 5, 50);
	memmove(z + 3, x + 5, 50);
	KT_CHECK(memcmp(y + 3, z + 3, 50) == 0, "memmove: disjoint buffers", "differ");
	bad = memmove_case(-1, 1) + memmove_case(1, 1) + memmove_case(0, 1);
	KT_CHECK(!bad, "bcopy: overlapping in both directions", "%d differ (%s)", bad, why);
}

static void test_memcmp_memchr(void)
{
	unsigned char a[BUF], b[BUF];
	int bad = 0, bad_bcmp = 0;
	for (int t = 0; t < 20000; t++) {
		size_t n = rnd_below(40);
		fill_random(a, n + 1);
		memcpy(b, a, n + 1);
		if (n && rnd() % 4) {
			size_t at = rnd_below(n);
			b[at] = (unsigned char)rnd();
		}
		int r = kl_memcmp(a, b, n), g = memcmp(a, b, n);
		if (sign(r) != sign(g) && !bad++)
			snprintf(why, sizeof why, "n %zu: %d, glibc %d", n, r, g);
		if (!kl_bcmp(a, b, n) != !bcmp(a, b, n))
			bad_bcmp++;
	}
	KT_CHECK(!bad, "memcmp: sign on 20000 random pairs (bytes compared unsigned)", "%d differ (%s)", bad,
	         why);
	KT_CHECK(!bad_bcmp, "bcmp: zero exactly when equal", "%d differ", bad_bcmp);
	a[0] = 0x80;
	b[0] = 0x7f;
	KT_CHECK(kl_memcmp(a, b, 1) > 0 && kl_memcmp(b, a, 1) < 0 && kl_memcmp(a, b, 0) == 0,
	         "memcmp: 0x80 > 0x7f, zero length is equal", "wrong");

	bad = 0;
	for (int t = 0; t < 20000; t++) {
		size_t n = rnd_below(40);
		for (size_t i = 0; i < n; i++)
			a[i] = (unsigned char)(rnd() % 8 + (rnd() % 2 ? 0xf8 : 0));
		int c = (int)(rnd() % 8 + (rnd() % 2 ? 0xf8 : 0)) + (rnd() % 3 == 0 ? 0x300 : 0);
		if (rnd() % 5 == 0)
			c = (signed char)c;
		void *r = kl_memchr(a, c, n), *g = memchr(a, c, n);
		if (r != g && !bad++)
			snprintf(why, sizeof why, "n %zu, c %d", n, c);
	}
	KT_CHECK(!bad, "memchr: 20000 random searches, c converted to unsigned char, not past n",
	         "%d differ (%s)", bad, why);
}

/* A random string of length < MAXLEN over the first K letters of "abcAB\x80\xff-" into S. */
static size_t random_string(char *s, size_t maxlen, size_t k)
{
	static const char alphabet[] = "abcAB\x80\xff- ";
	size_t n = rnd_below(maxlen);
	for (size_t i = 0; i < n; i++)
		s[i] = alphabet[rnd_below(k)];
	s[n] = 0;
	return n;
}

static void test_strlen_strcpy(void)
{
	char s[BUF], a[BUF], b[BUF];
	int bad_len = 0, bad_nlen = 0, bad_cpy = 0, bad_ncpy = 0, bad_cat = 0, bad_ncat = 0;
	for (int t = 0; t < 5000; t++) {
		size_t n = random_string(s, 40, 9);
		size_t m = rnd_below(50);
		if (kl_strlen(s) != n)
			bad_len++;
		if (kl_strnlen(s, m) != strnlen(s, m))
			bad_nlen++;

		fill_random((unsigned char *)a, BUF);
		memcpy(b, a, BUF);
		if (kl_strcpy(a + 1, s) != a + 1 || (strcpy(b + 1, s), memcmp(a, b, BUF)))
			bad_cpy++;

		fill_random((unsigned char *)a, BUF);
		memcpy(b, a, BUF);
		if (kl_strncpy(a + 2, s, m) != a + 2 || (strncpy(b + 2, s, m), memcmp(a, b, BUF)))
			bad_ncpy++;

		fill_random((unsigned char *)a, BUF);
		random_string(a, 40, 9);
		memcpy(b, a, BUF);
		if (kl_strcat(a, s) != a || (strcat(b, s), memcmp(a, b, BUF)))
			bad_cat++;

		fill_random((unsigned char *)a, BUF);
		random_string(a, 40, 9);
		memcpy(b, a, BUF);
		if (kl_strncat(a, s, m) != a || (strncat(b, s, m), memcmp(a, b, BUF)))
			bad_ncat++;
	}
	KT_CHECK(!bad_len && kl_strlen("") == 0, "strlen: 5000 random strings and the empty one", "%d differ",
	         bad_len);
	KT_CHECK(!bad_nlen && kl_strnlen("abc", 0) == 0, "strnlen: limits below, at and above the length",
	         "%d differ", bad_nlen);
	KT_CHECK(!bad_cpy, "strcpy: copies through the terminator and nothing more", "%d differ", bad_cpy);
	KT_CHECK(!bad_ncpy, "strncpy: pads with zeros to n, no terminator when the source is n or longer",
	         "%d differ", bad_ncpy);
	KT_CHECK(!bad_cat, "strcat: appends with terminator", "%d differ", bad_cat);
	KT_CHECK(!bad_ncat, "strncat: appends at most n bytes, always terminates", "%d differ", bad_ncat);
}

static void test_strcmp(void)
{
	char a[BUF], b[BUF];
	int bad = 0, bad_n = 0, bad_case = 0, bad_ncase = 0;
	for (int t = 0; t < 20000; t++) {
		random_string(a, 12, 9);
		if (rnd() % 3) {
			strcpy(b, a);
			size_t n = strlen(b);
			if (n && rnd() % 2)
				b[rnd_below(n)] = "abcAB\x80\xff- "[rnd_below(9)];
			if (rnd() % 3 == 0)
				b[rnd_below(n + 1)] = 0;
		} else {
			random_string(b, 12, 9);
		}
		size_t n = rnd_below(14);
		if (sign(kl_strcmp(a, b)) != sign(strcmp(a, b)) && !bad++)
			snprintf(why, sizeof why, "\"%s\" \"%s\"", esc(a), esc(b));
		if (sign(kl_strncmp(a, b, n)) != sign(strncmp(a, b, n)))
			bad_n++;
		if (sign(kl_strcasecmp(a, b)) != sign(strcasecmp(a, b)))
			bad_case++;
		if (sign(kl_strncasecmp(a, b, n)) != sign(strncasecmp(a, b, n)))
			bad_ncase++;
	}
	KT_CHECK(!bad && kl_strcmp("\x80", "\x7f") > 0,
	         "strcmp: sign on 20000 random pairs (prefixes, bytes >= 0x80)", "%d differ (%s)", bad, why);
	KT_CHECK(!bad_n && kl_strncmp("abc", "abd", 2) == 0 && kl_strncmp("a", "b", 0) == 0,
	         "strncmp: sign for n 0..13", "%d differ", bad_n);
	KT_CHECK(!bad_case && kl_strcasecmp("HeLLo", "hEllO") == 0,
	         "strcasecmp: sign on 20000 random pairs (C locale)", "%d differ", bad_case);
	KT_CHECK(!bad_ncase, "strncasecmp: sign for n 0..13", "%d differ", bad_ncase);
}

static void test_strchr_strstr(void)
{
	char s[BUF], set[16];
	int bad_chr = 0, bad_rchr = 0, bad_str = 0, bad_spn = 0, bad_cspn = 0, bad_pbrk = 0;
	static const int chars[] = {'a', 'b', 'c', 'A', 'B', '-', ' ', 0, 0x80, 0xff, -1, -128, 0x161, 'z'};
	for (int t = 0; t < 20000; t++) {
		random_string(s, 30, rnd() % 2 ? 3 : 9);
		int c = chars[rnd_below(COUNT(chars))];
		if (kl_strchr(s, c) != strchr(s, c) && !bad_chr++)
			snprintf(why, sizeof why, "strchr(\"%s\", %d)", esc(s), c);
		if (kl_strrchr(s, c) != strrchr(s, c))
			bad_rchr++;
		random_string(set, 6, rnd() % 2 ? 3 : 9);
		if (kl_strstr(s, set) != strstr(s, set))
			bad_str++;
		if (kl_strspn(s, set) != strspn(s, set))
			bad_spn++;
		if (kl_strcspn(s, set) != strcspn(s, set))
			bad_cspn++;
		if (kl_strpbrk(s, set) != strpbrk(s, set))
			bad_pbrk++;
	}
	const char *h = "abc";
	KT_CHECK(!bad_chr && kl_strchr(h, 0) == h + 3, "strchr: 20000 searches, the terminator is found",
	         "%d differ (%s)", bad_chr, why);
	KT_CHECK(!bad_rchr && kl_strrchr(h, 0) == h + 3, "strrchr: 20000 searches, the terminator is found",
	         "%d differ", bad_rchr);
	KT_CHECK(!bad_str && kl_strstr(h, "") == h && kl_strstr("", "") != NULL && kl_strstr("", "a") == NULL,
	         "strstr: 20000 searches over small alphabets, empty needle", "%d differ", bad_str);
	KT_CHECK(!bad_spn && kl_strspn("abc", "") == 0, "strspn: 20000 strings and sets", "%d differ",
	         bad_spn);
	KT_CHECK(!bad_cspn && kl_strcspn("abc", "") == 3, "strcspn: 20000 strings and sets", "%d differ",
	         bad_cspn);
	KT_CHECK(!bad_pbrk, "strpbrk: 20000 strings and sets", "%d differ", bad_pbrk);
}

/* Runs a strtok sequence on a copy of S with each implementation: the first call with the string, then NULL
 * until the end; the delimiters change from call to call when DELIMS has several (separated by '|'). */
static int strtok_same(const char *s, const char *const *delims, size_t ndelims)
{
	char a[BUF], b[BUF];
	strcpy(a, s);
	strcpy(b, s);
	for (size_t k = 0; k < 40; k++) {
		const char *d = delims[k % ndelims];
		char *x = kl_strtok(k ? NULL : a, d);
		char *y = strtok(k ? NULL : b, d);
		if ((x ? x - a : -1) != (y ? y - b : -1))
			return 0;
		if (!x)
			break;
	}
	return memcmp(a, b, strlen(s) + 1) == 0;
}

static void test_strtok(void)
{
	static const char *const one[] = {" ,"}, *const two[] = {" ", ","}, *const none[] = {""};
	static const char *const cases[] = {"",       " ",          "a",       " a ", "a b c", "  a,,b , c  ",
	                                    ",,,,",   "abc",        "a,b;c d", ", a", "a ,",   " ,a, ,b,, c,",
	                                    "x y,z ", " , , , x , "};
	int bad = 0;
	for (size_t i = 0; i < COUNT(cases); i++) {
		if (!strtok_same(cases[i], one, 1) && !bad++)
			snprintf(why, sizeof why, "\"%s\" with \" ,\"", esc(cases[i]));
		if (!strtok_same(cases[i], two, 2) && !bad++)
			snprintf(why, sizeof why, "\"%s\" with \" \" then \",\"", esc(cases[i]));
		if (!strtok_same(cases[i], none, 1) && !bad++)
			snprintf(why, sizeof why, "\"%s\" with no delimiter", esc(cases[i]));
	}
	char s[BUF];
	for (int t = 0; t < 2000; t++) {
		random_string(s, 40, 9);
		if (!strtok_same(s, two, 2) && !bad++)
			snprintf(why, sizeof why, "\"%s\"", esc(s));
	}
	KT_CHECK(!bad, "strtok: token sequences, changing delimiters, empty and all-delimiter strings",
	         "%d differ (%s)", bad, why);

	/* A new string in the middle of another's tokens starts over; a finished string stays finished. */
	char a[] = "one two three", b[] = "x y";
	char *t1 = kl_strtok(a, " ");
	char *t2 = kl_strtok(b, " ");
	char *t3 = kl_strtok(NULL, " ");
	char *t4 = kl_strtok(NULL, " ");
	char *t5 = kl_strtok(NULL, " ");
	KT_CHECK(t1 == a && t2 == b && t3 == b + 2 && !t4 && !t5,
	         "strtok: a new string restarts, NULL after the end", "wrong");
}

/* ---- strings.h odds ---- */

static void test_strings_h(void)
{
	unsigned char a[BUF], b[BUF];
	int bad = 0;
	for (size_t n = 0; n < 70; n++)
		for (size_t d = 0; d < 8; d++) {
			fill_random(a, BUF);
			memcpy(b, a, BUF);
			kl_bzero(a + d, n);
			memset(b + d, 0, n);
			if (memcmp(a, b, BUF))
				bad++;
		}
	KT_CHECK(!bad, "bzero: lengths 0..69 at all alignments", "%d differ", bad);

	bad = 0;
	const long long special[] = {0, 1, -1, 2, 0x80, INT_MIN, INT_MAX, LONG_MIN, LLONG_MAX, 1ll << 40};
	for (int t = 0; t < 10000 + (int)COUNT(special); t++) {
		long long v = t < (int)COUNT(special) ? special[t] : (long long)(rnd() >> rnd_below(64));
		if (t >= (int)COUNT(special) && rnd() % 2)
			v = -v;
		if (kl_ffs((int)v) != ffs((int)v) || kl_ffsl((long)v) != ffsl((long)v) ||
		    kl_ffsll(v) != ffsll(v))
			if (!bad++)
				snprintf(why, sizeof why, "%lld", v);
	}
	KT_CHECK(!bad, "ffs, ffsl, ffsll: 0, sign bits, 10000 random values", "%d differ (%s)", bad, why);
}

/* ---- ctype.h ---- */

static void test_ctype(void)
{
	static const struct {
		const char *name;
		int (*kl)(int);
		int (*glibc)(int);
		int exact; /* compare values, not truth */
	} fns[] = {
	    {"isalnum", kl_isalnum, isalnum, 0}, {"isalpha", kl_isalpha, isalpha, 0},
	    {"isblank", kl_isblank, isblank, 0}, {"iscntrl", kl_iscntrl, iscntrl, 0},
	    {"isdigit", kl_isdigit, isdigit, 0}, {"isgraph", kl_isgraph, isgraph, 0},
	    {"islower", kl_islower, islower, 0}, {"isprint", kl_isprint, isprint, 0},
	    {"ispunct", kl_ispunct, ispunct, 0}, {"isspace", kl_isspace, isspace, 0},
	    {"isupper", kl_isupper, isupper, 0}, {"isxdigit", kl_isxdigit, isxdigit, 0},
	    {"tolower", kl_tolower, tolower, 1}, {"toupper", kl_toupper, toupper, 1},
	    {"isascii", kl_isascii, isascii, 0}, {"toascii", kl_toascii, toascii, 1},
	};
	for (size_t f = 0; f < COUNT(fns); f++) {
		int bad = 0, first = 0;
		for (int c = EOF; c <= UCHAR_MAX; c++) {
			int r = fns[f].kl(c), g = fns[f].glibc(c);
			if (fns[f].exact ? r != g : !r != !g) {
				if (!bad++)
					first = c;
			}
		}
		char name[96];
		snprintf(name, sizeof name, "%s: all 257 inputs (EOF, 0..255) as glibc in the C locale",
		         fns[f].name);
		KT_CHECK(!bad, name, "%d differ, first %d", bad, first);
	}
}

/* ---- stdlib.h: arithmetic ---- */

static void test_abs_div(void)
{
	const long long vals[] = {0,
	                          1,
	                          -1,
	                          2,
	                          -2,
	                          3,
	                          -3,
	                          5,
	                          -5,
	                          7,
	                          -7,
	                          100,
	                          -100,
	                          INT_MAX,
	                          INT_MIN,
	                          INT_MIN + 1,
	                          LONG_MAX,
	                          LONG_MIN,
	                          LONG_MIN + 1,
	                          1ll << 40,
	                          -(1ll << 40),
	                          12345678901ll};
	int bad_abs = 0, bad_div = 0, bad_ldiv = 0, bad_lldiv = 0, bad_imax = 0;
	for (size_t i = 0; i < COUNT(vals); i++) {
		int xi = (int)vals[i];
		long xl = (long)vals[i];
		if (kl_abs(xi) != abs(xi) || kl_labs(xl) != labs(xl) || kl_llabs(vals[i]) != llabs(vals[i]) ||
		    kl_imaxabs(vals[i]) != imaxabs(vals[i]))
			if (!bad_abs++)
				snprintf(why, sizeof why, "%lld", vals[i]);
		for (size_t j = 0; j < COUNT(vals); j++) {
			long long y = vals[j];
			if (y == 0)
				continue;
			int yi = (int)y;
			if (yi != 0 && !(xi == INT_MIN && yi == -1)) {
				kl_div_t r = kl_div(xi, yi);
				div_t g = div(xi, yi);
				if (r.quot != g.quot || r.rem != g.rem)
					bad_div++;
			}
			if (!(xl == LONG_MIN && y == -1)) {
				kl_ldiv_t r = kl_ldiv(xl, (long)y);
				ldiv_t g = ldiv(xl, (long)y);
				if (r.quot != g.quot || r.rem != g.rem)
					bad_ldiv++;
				kl_lldiv_t rr = kl_lldiv(vals[i], y);
				lldiv_t gg = lldiv(vals[i], y);
				if (rr.quot != gg.quot || rr.rem != gg.rem)
					bad_lldiv++;
				kl_imaxdiv_t ri = kl_imaxdiv(vals[i], y);
				imaxdiv_t gi = imaxdiv(vals[i], y);
				if (ri.quot != gi.quot || ri.rem != gi.rem)
					bad_imax++;
			}
		}
	}
	KT_CHECK(!bad_abs && kl_abs(INT_MIN) == INT_MIN,
	         "abs, labs, llabs, imaxabs: signs and extremes (abs(INT_MIN) is INT_MIN as on x86-64)",
	         "%d differ (%s)", bad_abs, why);
	kl_div_t d = kl_div(-7, 2);
	KT_CHECK(!bad_div && d.quot == -3 && d.rem == -1,
	         "div: truncates towards zero, remainder has the numerator's sign (all sign pairs)",
	         "%d differ", bad_div);
	KT_CHECK(!bad_ldiv, "ldiv: all sign pairs and extremes", "%d differ", bad_ldiv);
	KT_CHECK(!bad_lldiv, "lldiv: all sign pairs and extremes", "%d differ", bad_lldiv);
	KT_CHECK(!bad_imax, "imaxdiv: all sign pairs and extremes", "%d differ", bad_imax);
}

/* ---- stdlib.h: number parsing ---- */

static const char *const strto_corpus[] = {
    "",
    " ",
    "0",
    "-0",
    "+0",
    "1",
    "-1",
    "+1",
    "  42",
    "\t\n\v\f\r 42",
    "42abc",
    "abc",
    "-",
    "+",
    "+-1",
    "-+1",
    " - 1",
    "0x",
    "0X",
    "0x1g",
    "0xg",
    "-0x",
    "-0xz",
    "0x1A",
    "0X1a",
    "-0x1A",
    "  +0xff",
    "0xFFFFFFFFFFFFFFFF",
    "0x10000000000000000",
    "0x7fffffffffffffff",
    "0x8000000000000000",
    "-0x8000000000000000",
    "   \n-0x8000000000000001",
    "010",
    "08",
    "09",
    "0b101",
    "0b",
    "0B1",
    "z",
    "Z",
    "zz",
    "ZZZZZZZZZZZZZZ",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "-18446744073709551615",
    "-18446744073709551616",
    "99999999999999999999999999",
    "-99999999999999999999999999",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "1111111111111111111111111111111111111111111111111111111111111111",
    "10000000000000000000000000000000000000000000000000000000000000000",
    "777777777777777777777",
    "1000000000000000000000",
    "1777777777777777777777",
    "2000000000000000000000",
    "3w5e11264sgsf",
    "3w5e11264sgsg",
    "-3w5e11264sgsg",
    "3w5e11264sgsh",
    "3w5e11264sgsgzzzz",
    "12 34",
    "1e5",
    "0.5",
    "1_000",
    "\xd9\xa1\xd9\xa2",
    "\xff"
    "1",
    "0x\xff",
    "00x1",
    "0x0x1",
    " 0x 1",
    "+0x-1",
    "\v+7",
    "0000000000000000000001",
    "-000000000000000000000000000009223372036854775808",
    "0x000000000000000000000000000000001",
    "1\xc3\xa9",
    "\x80"
    "5",
    " \x0e"
    "5",
    "[",
    "@",
    "`",
    "{",
    "/9",
    ":9",
    "9:",
    "Zz",
    "zZ"};

struct strto_result {
	unsigned long long v;
	long end; /* offset of *endptr, or -1 when untouched */
	int err;
};

enum {
	STRTOL,
	STRTOUL,
	STRTOLL,
	STRTOULL,
	STRTOIMAX,
	STRTOUMAX,
	WCSTOL,
	WCSTOUL,
	WCSTOLL,
	WCSTOULL,
	WCSTOIMAX,
	WCSTOUMAX,
	ATOI,
	ATOL,
	ATOLL,
	NFN
};
static const char *const strto_names[NFN] = {"strtol",    "strtoul",   "strtoll", "strtoull", "strtoimax",
                                             "strtoumax", "wcstol",    "wcstoul", "wcstoll",  "wcstoull",
                                             "wcstoimax", "wcstoumax", "atoi",    "atol",     "atoll"};

/* Calls function FN of the library (KL) or glibc on S in BASE. */
static struct strto_result strto_run(int kl, int fn, const char *s, int base)
{
	static char untouched;
	static wchar_t wuntouched;
	char *end = &untouched;
	wchar_t w[200], *wend = &wuntouched; /* the wide functions read S's bytes as wide characters */
	size_t n = 0;
	for (; s[n] && n + 1 < COUNT(w); n++)
		w[n] = (unsigned char)s[n];
	w[n] = 0;
	struct strto_result r;
	errno = kl_errno = 77;
	switch (fn) {
	case WCSTOL:
		r.v = (unsigned long long)(kl ? kl_wcstol(w, &wend, base) : wcstol(w, &wend, base));
		break;
	case WCSTOUL:
		r.v = kl ? kl_wcstoul(w, &wend, base) : wcstoul(w, &wend, base);
		break;
	case WCSTOLL:
		r.v = (unsigned long long)(kl ? kl_wcstoll(w, &wend, base) : wcstoll(w, &wend, base));
		break;
	case WCSTOULL:
		r.v = kl ? kl_wcstoull(w, &wend, base) : wcstoull(w, &wend, base);
		break;
	case WCSTOIMAX:
		r.v = (unsigned long long)(kl ? kl_wcstoimax(w, &wend, base) : wcstoimax(w, &wend, base));
		break;
	case WCSTOUMAX:
		r.v = kl ? kl_wcstoumax(w, &wend, base) : wcstoumax(w, &wend, base);
		break;
	case STRTOL:
		r.v = (unsigned long long)(kl ? kl_strtol(s, &end, base) : strtol(s, &end, base));
		break;
	case STRTOUL:
		r.v = kl ? kl_strtoul(s, &end, base) : strtoul(s, &end, base);
		break;
	case STRTOLL:
		r.v = (unsigned long long)(kl ? kl_strtoll(s, &end, base) : strtoll(s, &end, base));
		break;
	case STRTOULL:
		r.v = kl ? kl_strtoull(s, &end, base) : strtoull(s, &end, base);
		break;
	case STRTOIMAX:
		r.v = (unsigned long long)(kl ? kl_strtoimax(s, &end, base) : strtoimax(s, &end, base));
		break;
	case STRTOUMAX:
		r.v = kl ? kl_strtoumax(s, &end, base) : strtoumax(s, &end, base);
		break;
	case ATOI:
		r.v = (unsigned long long)(kl ? kl_atoi(s) : atoi(s));
		break;
	case ATOL:
		r.v = (unsigned long long)(kl ? kl_atol(s) : atol(s));
		break;
	default:
		r.v = (unsigned long long)(kl ? kl_atoll(s) : atoll(s));
		break;
	}
	if (fn >= WCSTOL && fn <= WCSTOUMAX)
		r.end = wend == &wuntouched ? -1 : (long)(wend - w);
	else
		r.end = end == &untouched ? -1 : (long)(end - s);
	r.err = kl ? kl_errno : errno;
	return r;
}

/* Compares FN on S in BASE; counts a difference in *BAD and describes the first. */
static void strto_compare(int fn, const char *s, int base, int *bad)
{
	struct strto_result r = strto_run(1, fn, s, base), g;
	if (fn < ATOI && (base < 0 || base == 1 || base > 36))
		/* What glibc does (0, EINVAL, endptr left alone), written out: the sanitizers' interceptors
		 * of strtol store an uninitialised endptr in this case. */
		g = (struct strto_result){0, -1, EINVAL};
	else
		g = strto_run(0, fn, s, base);
	if (r.v != g.v || r.end != g.end || r.err != g.err) {
		if (!(*bad)++)
			snprintf(why, sizeof why,
			         "%s(\"%s\", %d): 0x%llx, end %ld, errno %d; glibc 0x%llx, end %ld, errno %d",
			         strto_names[fn], esc(s), base, r.v, r.end, r.err, g.v, g.end, g.err);
	}
}

/* A random number text: whitespace, sign, prefix, digits of BASE (of a random 64-bit value, sometimes with
 * more digits than fit), junk. */
static int random_number_text(char *s, size_t cap)
{
	static const char digs[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	static const int bases[] = {0, 2, 3, 7, 8, 10, 16, 32, 36};
	int base = bases[rnd_below(COUNT(bases))];
	if (rnd() % 4 == 0)
		base = (int)rnd_below(37);
	size_t n = 0;
	for (size_t k = rnd_below(3); k > 0; k--)
		s[n++] = " \t\n"[rnd_below(3)];
	if (rnd() % 3 == 0)
		s[n++] = rnd() % 2 ? '-' : '+';
	int b = base < 2 ? 10 : base;
	if ((base == 0 || base == 16) && rnd() % 2) {
		s[n++] = '0';
		s[n++] = rnd() % 2 ? 'x' : 'X';
		b = 16;
	} else if (base == 0 && rnd() % 3 == 0) {
		s[n++] = '0';
		b = 8;
	}
	uint64_t v = rnd() >> rnd_below(64);
	char tmp[80];
	size_t t = 0;
	do {
		int d = (int)(v % (unsigned)b);
		tmp[t++] = d >= 10 && rnd() % 2 ? digs[d + 26] : digs[d];
		v /= (unsigned)b;
	} while (v);
	for (size_t k = rnd() % 8 == 0 ? rnd_below(4) : 0; k > 0; k--)
		tmp[t++] = digs[rnd_below((size_t)b)];
	while (t > 0 && n + 4 < cap)
		s[n++] = tmp[--t];
	if (rnd() % 3 == 0)
		s[n++] = "z!9 "[rnd_below(4)];
	s[n] = 0;
	return base;
}

static void test_strto(void)
{
	static const int bases[] = {0, 2, 3, 8, 10, 11, 16, 17, 35, 36, -1, 1, 37, INT_MIN, 100};
	for (int fn = 0; fn < NFN; fn++) {
		int bad = 0;
		for (size_t i = 0; i < COUNT(strto_corpus); i++)
			for (size_t b = 0; b < (fn >= ATOI ? 1 : COUNT(bases)); b++)
				strto_compare(fn, strto_corpus[i], bases[b], &bad);
		char name[160];
		snprintf(name, sizeof name, "%s: %zu edge-case strings%s: value, endptr, errno as glibc",
		         strto_names[fn], COUNT(strto_corpus),
		         fn >= ATOI ? "" : " in bases 0, 2..36 and invalid ones");
		KT_CHECK(!bad, name, "%d differ (%s)", bad, why);
	}
	for (int fn = 0; fn < NFN; fn++) {
		int bad = 0;
		char s[100];
		for (int t = 0; t < 20000; t++) {
			int base = random_number_text(s, sizeof s);
			strto_compare(fn, s, fn >= ATOI ? 10 : base, &bad);
		}
		char name[128];
		snprintf(name, sizeof name,
		         "%s: 20000 random numbers (signs, prefixes, overflow, junk) as glibc",
		         strto_names[fn]);
		KT_CHECK(!bad, name, "%d differ (%s)", bad, why);
	}
	/* endptr may be NULL; errno is left alone on success and set to ERANGE on overflow. */
	kl_errno = 5;
	long v = kl_strtol("123", NULL, 10);
	KT_CHECK(v == 123 && kl_errno == 5, "strtol: NULL endptr, errno untouched on success",
	         "%ld, errno %d", v, kl_errno);
	kl_errno = 0;
	v = kl_strtol("-99999999999999999999", NULL, 0);
	KT_CHECK(v == LONG_MIN && kl_errno == ERANGE, "strtol: overflow clamps to LONG_MIN with ERANGE",
	         "%ld, errno %d", v, kl_errno);
}

/* ---- rand ---- */

static void test_rand(void)
{
	/* First in the program: glibc's generator is still in its initial state. */
	int bad = 0, at = -1;
	for (int i = 0; i < 10000; i++) {
		int r = kl_rand(), g = rand();
		if (r != g && !bad++)
			at = i;
	}
	KT_CHECK(!bad, "rand: without srand, 10000 values equal glibc's (as srand(1))",
	         "%d differ, first at %d", bad, at);
	static const unsigned seeds[] = {1, 0, 42, 12345, 2147483647u, 2147483648u, 4294967295u, 127773u};
	for (size_t s = 0; s < COUNT(seeds); s++) {
		kl_srand(seeds[s]);
		srand(seeds[s]);
		bad = 0;
		int range = 1;
		for (int i = 0; i < 10000; i++) {
			int r = kl_rand(), g = rand();
			if (r != g && !bad++)
				at = i;
			if (r < 0 || r > RAND_MAX)
				range = 0;
		}
		char name[96];
		snprintf(name, sizeof name, "rand: srand(%u), 10000 values equal glibc's", seeds[s]);
		KT_CHECK(!bad && range, name, "%d differ, first at %d", bad, at);
	}
	kl_srand(42);
	int first[5];
	for (int i = 0; i < 5; i++)
		first[i] = kl_rand();
	kl_srand(7);
	(void)kl_rand();
	kl_srand(42);
	bad = 0;
	for (int i = 0; i < 5; i++)
		bad += kl_rand() != first[i];
	KT_CHECK(!bad, "rand: srand with the same seed restarts the sequence", "%d differ", bad);
}

/* ---- qsort, bsearch ---- */

/* Compares the first cmp_keylen bytes of two elements as a little-endian unsigned number. */
static size_t cmp_keylen;
static unsigned long cmp_calls;
static int cmp_key(const void *a, const void *b)
{
	const unsigned char *x = a, *y = b;
	cmp_calls++;
	for (size_t i = cmp_keylen; i-- > 0;)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

static int sorted_by_key(const unsigned char *p, size_t n, size_t size)
{
	for (size_t i = 1; i < n; i++)
		if (cmp_key(p + (i - 1) * size, p + i * size) > 0)
			return 0;
	return 1;
}

/* Sorts N elements of SIZE bytes (key: the first KEYLEN bytes) at an address OFFSET bytes past an aligned
 * one, from pattern PAT: 0 random, 1 few distinct keys, 2 sorted, 3 reversed, 4 all equal. Checks that the
 * result is sorted and a permutation of the input, and bsearch on it; 0 when all holds. */
static int sort_case(size_t n, size_t size, size_t keylen, size_t offset, int pat, unsigned long *calls)
{
	size_t bytes = n * size;
	unsigned char *mem = malloc(bytes + 16), *in = malloc(bytes + 1), *ref = malloc(bytes + 1);
	unsigned char *p = mem + offset;
	int ok = 1;
	fill_random(in, bytes);
	for (size_t i = 0; i < n; i++) {
		unsigned char *e = in + i * size;
		if (pat == 1)
			for (size_t k = 0; k < keylen; k++)
				e[k] = k == 0 ? (unsigned char)rnd_below(4) : 0;
		if (pat >= 2)
			for (size_t k = 0; k < keylen; k++)
				e[k] = pat == 4 ? 7 : (unsigned char)((pat == 2 ? i : n - i) >> (8 * k));
	}
	memcpy(p, in, bytes);
	cmp_keylen = keylen;
	cmp_calls = 0;
	kl_qsort(n ? p : NULL, n, size, cmp_key);
	*calls = cmp_calls;
	if (!sorted_by_key(p, n, size))
		ok = 0;
	/* Same multiset: both sorted by all their bytes are equal. */
	cmp_keylen = size;
	memcpy(ref, in, bytes);
	qsort(ref, n, size, cmp_key);
	qsort(in, n, size, cmp_key);
	unsigned char *out = malloc(bytes + 1);
	memcpy(out, p, bytes);
	qsort(out, n, size, cmp_key);
	if (memcmp(out, ref, bytes))
		ok = 0;
	/* When the whole element is the key, the result is exactly glibc's. */
	cmp_keylen = keylen;
	if (keylen == size) {
		memcpy(ref, in, bytes);
		qsort(ref, n, size, cmp_key);
		if (memcmp(p, ref, bytes))
			ok = 0;
	}
	/* bsearch: every element is found (an equal one), random keys found exactly when glibc finds them. */
	for (size_t i = 0; ok && i < n; i++) {
		const unsigned char *f = kl_bsearch(p + i * size, p, n, size, cmp_key);
		if (!f || (size_t)(f - p) % size || cmp_key(f, p + i * size))
			ok = 0;
	}
	unsigned char key[32] = {0};
	for (int t = 0; ok && t < 50; t++) {
		fill_random(key, keylen);
		if (pat == 1) {
			memset(key + 1, 0, keylen - 1);
			key[0] = (unsigned char)rnd_below(6);
		}
		const unsigned char *f = kl_bsearch(key, p, n, size, cmp_key);
		const unsigned char *g = bsearch(key, p, n, size, cmp_key);
		if (!f != !g || (f && ((size_t)(f - p) % size || cmp_key(f, key))))
			ok = 0;
	}
	free(out);
	free(mem);
	free(in);
	free(ref);
	return !ok;
}

static void test_qsort(void)
{
	static const struct {
		size_t size, keylen;
	} kinds[] = {{1, 1}, {2, 2}, {4, 4}, {8, 8}, {12, 4}, {3, 2}, {16, 2}, {24, 8}};
	static const size_t ns[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 31, 64, 100, 257, 1000};
	for (size_t k = 0; k < COUNT(kinds); k++) {
		int bad = 0;
		for (size_t ni = 0; ni < COUNT(ns); ni++)
			for (int pat = 0; pat < 5; pat++)
				for (size_t off = 0; off < 8; off += (off == 0 ? 1 : 3)) {
					unsigned long calls;
					if (sort_case(ns[ni], kinds[k].size, kinds[k].keylen, off, pat,
					              &calls) &&
					    !bad++)
						snprintf(why, sizeof why, "n %zu, pattern %d, base +%zu",
						         ns[ni], pat, off);
				}
		char name[160];
		snprintf(
		    name, sizeof name,
		    "qsort, bsearch: %zu-byte elements (%zu-byte key), n 0..1000, random/duplicate/sorted/"
		    "reversed/equal, aligned and not",
		    kinds[k].size, kinds[k].keylen);
		KT_CHECK(!bad, name, "%d cases wrong (%s)", bad, why);
	}
	unsigned long calls = 0;
	int bad = sort_case(10000, 4, 4, 0, 0, &calls);
	KT_CHECK(!bad && calls <= 3 * 10000 * 14, "qsort: 10000 ints, O(n log n) comparisons (heapsort)",
	         "wrong: %d, %lu comparisons", bad, calls);
	int one = 5;
	cmp_keylen = 4;
	KT_CHECK(kl_bsearch(&one, NULL, 0, 4, cmp_key) == NULL, "bsearch: empty array", "found something");
}

/* ---- wchar.h, wctype.h, multibyte text ---- */

/* A random wide string of at most MAXLEN characters from a small alphabet (so that searches hit), with
 * negative and non-ASCII characters among them. */
static size_t random_wide(wchar_t *w, size_t maxlen, int k)
{
	static const wchar_t alpha[] = {L'a', L'b', L'c', 0xe9, 0x3b1, -5, 0x7fffffff, (wchar_t)0x80000000,
	                                L' '};
	size_t n = rnd_below(maxlen + 1);
	for (size_t i = 0; i < n; i++)
		w[i] = alpha[rnd_below((size_t)k)];
	w[n] = 0;
	return n;
}

static void test_wide_strings(void)
{
	int bad = 0;
	why[0] = 0;
	for (int t = 0; t < 20000; t++) {
		wchar_t a[24], b[24], ka[64], ga[64];
		size_t na = random_wide(a, 20, 9), nb = random_wide(b, t % 3 ? 3 : 20, t % 2 ? 3 : 9);
		size_t n = rnd_below(24);
		int r1 = sign(kl_wcscmp(a, b)), g1 = sign(wcscmp(a, b));
		int r2 = sign(kl_wcsncmp(a, b, n)), g2 = sign(wcsncmp(a, b, n));
		int r3 = sign(kl_wmemcmp(a, b, na < nb ? na : nb)),
		    g3 = sign(wmemcmp(a, b, na < nb ? na : nb));
		wchar_t c = b[0] ? b[0] : L'a';
		long p1 = kl_wcschr(a, c) ? kl_wcschr(a, c) - a : -1,
		     q1 = wcschr(a, c) ? wcschr(a, c) - a : -1;
		long p2 = kl_wcsrchr(a, c) ? kl_wcsrchr(a, c) - a : -1,
		     q2 = wcsrchr(a, c) ? wcsrchr(a, c) - a : -1;
		long p3 = kl_wcsstr(a, b) ? kl_wcsstr(a, b) - a : -1,
		     q3 = wcsstr(a, b) ? wcsstr(a, b) - a : -1;
		long p4 = kl_wcspbrk(a, b) ? kl_wcspbrk(a, b) - a : -1,
		     q4 = wcspbrk(a, b) ? wcspbrk(a, b) - a : -1;
		long p5 = kl_wmemchr(a, c, na) ? kl_wmemchr(a, c, na) - a : -1;
		long q5 = wmemchr(a, c, na) ? wmemchr(a, c, na) - a : -1;
		int same = r1 == g1 && r2 == g2 && r3 == g3 && p1 == q1 && p2 == q2 && p3 == q3 && p4 == q4 &&
		           p5 == q5 && kl_wcslen(a) == wcslen(a) && kl_wcsnlen(a, n) == wcsnlen(a, n) &&
		           kl_wcsspn(a, b) == wcsspn(a, b) && kl_wcscspn(a, b) == wcscspn(a, b) &&
		           sign(kl_wcscoll(a, b)) == sign(wcscoll(a, b));
		/* copies and concatenation into buffers filled alike */
		for (int i = 0; i < 64; i++)
			ka[i] = ga[i] = (wchar_t)(0x1000 + i);
		kl_wcsncat(kl_wcscpy(ka, a), b, n);
		wcsncat(wcscpy(ga, a), b, n);
		same &= !memcmp(ka, ga, sizeof ka);
		kl_wcscat(kl_wcsncpy(ka, b, n), a);
		wcscat(wcsncpy(ga, b, n), a);
		same &= !memcmp(ka, ga, sizeof ka);
		same &= kl_wcsxfrm(ka, a, n) == wcsxfrm(ga, a, n) && !memcmp(ka, ga, sizeof ka);
		kl_wmemset(ka + 3, c, n);
		wmemset(ga + 3, c, n);
		kl_wmemmove(ka + (t % 5), ka + 2, n);
		wmemmove(ga + (t % 5), ga + 2, n);
		kl_wmemcpy(ka + 40, a, na);
		wmemcpy(ga + 40, a, na);
		same &= !memcmp(ka, ga, sizeof ka);
		if (!same && !bad++)
			snprintf(why, sizeof why,
			         "case %d: wcscmp %d/%d wcsncmp %d/%d wmemcmp %d/%d chr %ld/%ld "
			         "rchr %ld/%ld str %ld/%ld pbrk %ld/%ld memchr %ld/%ld",
			         t, r1, g1, r2, g2, r3, g3, p1, q1, p2, q2, p3, q3, p4, q4, p5, q5);
	}
	KT_CHECK(!bad, "wcs*, wmem*: 20000 random wide strings (negative and non-ASCII characters) as glibc",
	         "%d differ (%s)", bad, why);

	/* wcstok: the same tokens and the same saved positions */
	static const wchar_t *const texts[] = {L"", L"  ", L"a b  c", L",,x,,y,", L"one", L"\xe9,\xe9\xe9, "};
	bad = 0;
	for (size_t i = 0; i < COUNT(texts); i++) {
		wchar_t x[32] = {0}, y[32] = {0}, *px = NULL, *py = NULL; /* compared whole below */
		wcscpy(x, texts[i]);
		wcscpy(y, texts[i]);
		wchar_t *tx = kl_wcstok(x, L" ,", &px), *ty = wcstok(y, L" ,", &py);
		for (int k = 0; k < 8; k++) {
			if ((tx ? tx - x : -1) != (ty ? ty - y : -1) ||
			    (px ? px - x : -1) != (py ? py - y : -1))
				bad++;
			tx = kl_wcstok(NULL, L" ,", &px);
			ty = wcstok(NULL, L" ,", &py);
		}
		bad += memcmp(x, y, sizeof x) != 0;
	}
	KT_CHECK(!bad, "wcstok: tokens and saved positions as glibc", "%d differ", bad);

	/* wide numbers: characters past ASCII end a number and are no space */
	static const wchar_t *const nums[] = {L"12\x663", L"\x2003 12", L"\xa0-7", L"0x1\xff10", L"-\x661"};
	bad = 0;
	for (size_t i = 0; i < COUNT(nums); i++) {
		wchar_t *e1, *e2;
		long v1 = kl_wcstol(nums[i], &e1, 0), v2 = wcstol(nums[i], &e2, 0);
		bad += v1 != v2 || e1 - nums[i] != e2 - nums[i];
	}
	KT_CHECK(!bad, "wcstol: non-ASCII digits and spaces end or refuse a number, as glibc's C locale",
	         "%d differ", bad);
}

static void test_wctype(void)
{
	int (*const kl[])(wint_t) = {kl_iswalnum, kl_iswalpha, kl_iswblank, kl_iswcntrl,
	                             kl_iswdigit, kl_iswgraph, kl_iswlower, kl_iswprint,
	                             kl_iswpunct, kl_iswspace, kl_iswupper, kl_iswxdigit};
	int (*const gl[])(wint_t) = {iswalnum, iswalpha, iswblank, iswcntrl, iswdigit, iswgraph,
	                             iswlower, iswprint, iswpunct, iswspace, iswupper, iswxdigit};
	static const char *const names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
	                                    "lower", "print", "punct", "space", "upper", "xdigit"};
	int bad = 0;
	why[0] = 0;
	for (int64_t c = -1; c < 0x3100; c++) {
		wint_t wc = c < 0 ? WEOF : (wint_t)c;
		for (size_t f = 0; f < COUNT(kl); f++) {
			int r = !!kl[f](wc), g = !!gl[f](wc);
			int rc = !!kl_iswctype(wc, kl_wctype(names[f])),
			    gc = !!iswctype(wc, wctype(names[f]));
			if ((r != g || rc != gc) && !bad++)
				snprintf(why, sizeof why, "isw%s(0x%x) %d, glibc %d", names[f], wc, r, g);
		}
		if ((kl_towlower(wc) != towlower(wc) || kl_towupper(wc) != towupper(wc) ||
		     kl_towctrans(wc, kl_wctrans("toupper")) != towctrans(wc, wctrans("toupper")) ||
		     kl_towctrans(wc, kl_wctrans("tolower")) != towctrans(wc, wctrans("tolower"))) &&
		    !bad++)
			snprintf(why, sizeof why, "case mapping of 0x%x", wc);
	}
	KT_CHECK(!bad,
	         "wctype.h: every class, iswctype and case mapping of WEOF and 0..0x30ff as glibc's C locale",
	         "%d differ (%s)", bad, why);
	KT_CHECK(!kl_wctype("nosuch") && !kl_wctrans("nosuch") && kl_wctype("alpha"),
	         "wctype, wctrans: unknown names are 0", "not");
}

/* threads.h for the one thread a kernel is: what each call does with no other thread, beside glibc's
 * where glibc defines it (a plain mutex held once more is busy; a recursive one counts). */
static int once_runs;
static void once_body(void)
{
	once_runs++;
}

static void test_threads(void)
{
	kl_mtx_t m;
	mtx_t g;
	int bad = 0;
	static const int types[] = {mtx_plain, mtx_timed, mtx_plain | mtx_recursive,
	                            mtx_timed | mtx_recursive};
	for (size_t t = 0; t < COUNT(types); t++) {
		bad += kl_mtx_init(&m, types[t]) != thrd_success || mtx_init(&g, types[t]) != thrd_success;
		int k1 = kl_mtx_trylock(&m), g1 = mtx_trylock(&g);
		int k2 = kl_mtx_trylock(&m), g2 = mtx_trylock(&g);
		bad += k1 != g1 || k2 != g2;
		bad += kl_mtx_unlock(&m) != thrd_success || mtx_unlock(&g) != thrd_success;
		if (types[t] & mtx_recursive)
			bad += kl_mtx_unlock(&m) != thrd_success || mtx_unlock(&g) != thrd_success;
		/* unlocked now: glibc's unlock of it is undefined; Kiln's says so */
		bad += kl_mtx_unlock(&m) != thrd_error;
		bad += kl_mtx_lock(&m) != thrd_success || mtx_lock(&g) != thrd_success;
		/* a second lock of a plain mutex hangs in glibc; Kiln's one thread gets thrd_error */
		bad += (types[t] & mtx_recursive) ? kl_mtx_lock(&m) != thrd_success
		                                  : kl_mtx_lock(&m) != thrd_error;
		struct timespec ts = {0, 0};
		bad += (types[t] & mtx_recursive) ? kl_mtx_timedlock(&m, &ts) != thrd_success
		                                  : kl_mtx_timedlock(&m, &ts) != thrd_timedout;
		mtx_unlock(&g);
		kl_mtx_destroy(&m);
		mtx_destroy(&g);
	}
	bad += kl_mtx_init(&m, 7) != thrd_error;
	KT_CHECK(!bad,
	         "threads.h: mutexes of every type lock, try, count and unlock as glibc's in one thread",
	         "%d wrong", bad);
	kl_once_flag flag = {0};
	once_runs = 0;
	kl_call_once(&flag, once_body);
	kl_call_once(&flag, once_body);
	KT_CHECK(once_runs == 1, "threads.h: call_once runs its function once", "%d runs", once_runs);
	kl_tss_t a, b;
	int x = 1, y = 2;
	bad = kl_tss_create(&a, NULL) != thrd_success || kl_tss_create(&b, NULL) != thrd_success || a == b;
	bad +=
	    kl_tss_get(a) != NULL || kl_tss_set(a, &x) != thrd_success || kl_tss_set(b, &y) != thrd_success;
	bad += kl_tss_get(a) != &x || kl_tss_get(b) != &y;
	kl_tss_delete(a);
	bad += kl_tss_set(a, &x) != thrd_error || kl_tss_get(a) != NULL;
	KT_CHECK(
	    !bad,
	    "threads.h: thread-specific storage keys are distinct, hold their values, and end when deleted",
	    "%d wrong", bad);
	kl_cnd_t c;
	struct timespec ts = {0, 1};
	kl_mtx_init(&m, mtx_plain);
	bad = kl_cnd_init(&c) != thrd_success || kl_cnd_signal(&c) != thrd_success ||
	      kl_cnd_broadcast(&c) != thrd_success || kl_cnd_wait(&c, &m) != thrd_error ||
	      kl_cnd_timedwait(&c, &m, &ts) != thrd_error;
	bad += !kl_thrd_equal(kl_thrd_current(), kl_thrd_current()) || kl_thrd_sleep(&ts, NULL) != -2;
	KT_CHECK(!bad,
	         "threads.h: condition waits (no thread can signal) and thrd_sleep (no time) fail; "
	         "thrd_current is itself",
	         "%d wrong", bad);
}

/* uchar.h: every byte through mbrtoc16 and mbrtoc32, code points through c32rtomb, and UTF-16 units alone
 * and in pairs (a high surrogate waits in the state) through c16rtomb, as glibc's C locale. */
static void test_uchar(void)
{
	int bad = 0;
	char why_u[160] = "";
	for (int c = 0; c < 256; c++) {
		char s[2] = {(char)c, 0};
		mbstate_t ks = {0}, gs = {0};
		char16_t k16 = 7, g16 = 7;
		char32_t k32 = 7, g32 = 7;
		kl_errno = errno = 0;
		size_t kr = kl_mbrtoc16(&k16, s, 1, &ks), gr = mbrtoc16(&g16, s, 1, &gs);
		size_t kr32 = kl_mbrtoc32(&k32, s, 1, &ks), gr32 = mbrtoc32(&g32, s, 1, &gs);
		if ((kr != gr || k16 != g16 || kr32 != gr32 || k32 != g32 || kl_errno != errno) && !bad++)
			snprintf(why_u, sizeof why_u, "byte 0x%x: %zd/%zd and %x/%x, glibc %zd/%zd and %x/%x",
			         c, (ssize_t)kr, (ssize_t)kr32, k16, k32, (ssize_t)gr, (ssize_t)gr32, g16,
			         g32);
	}
	static const unsigned long cps[] = {0,        0x41,     0x7f,       0x80,         0xff,
	                                    0x100,    0xd800,   0xdfff,     0xfffd,       0x10000,
	                                    0x10ffff, 0x110000, 0x7fffffff, 0x80000000ul, 0xfffffffful};
	for (size_t i = 0; i < COUNT(cps); i++) {
		char kb[8] = {0}, gb[8] = {0};
		mbstate_t ks = {0}, gs = {0};
		kl_errno = errno = 0;
		size_t kr = kl_c32rtomb(kb, (char32_t)cps[i], &ks), gr = c32rtomb(gb, (char32_t)cps[i], &gs);
		if ((kr != gr || kl_errno != errno || (kr == 1 && kb[0] != gb[0])) && !bad++)
			snprintf(why_u, sizeof why_u, "c32rtomb(0x%lx): %zd errno %d, glibc %zd errno %d",
			         cps[i], (ssize_t)kr, kl_errno, (ssize_t)gr, errno);
	}
	static const unsigned units[] = {0, 0x41, 0x7f, 0x80, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff};
	for (size_t i = 0; i < COUNT(units); i++)
		for (size_t j = 0; j < COUNT(units); j++) {
			char kb[8] = {0}, gb[8] = {0};
			mbstate_t ks = {0}, gs = {0};
			kl_errno = errno = 0;
			size_t k1 = kl_c16rtomb(kb, (char16_t)units[i], &ks),
			       g1 = c16rtomb(gb, (char16_t)units[i], &gs);
			size_t k2 = kl_c16rtomb(kb, (char16_t)units[j], &ks),
			       g2 = c16rtomb(gb, (char16_t)units[j], &gs);
			if ((k1 != g1 || k2 != g2 || kl_errno != errno || memcmp(kb, gb, sizeof kb)) &&
			    !bad++)
				snprintf(
				    why_u, sizeof why_u,
				    "c16rtomb(0x%x) then (0x%x): %zd %zd errno %d, glibc %zd %zd errno %d",
				    units[i], units[j], (ssize_t)k1, (ssize_t)k2, kl_errno, (ssize_t)g1,
				    (ssize_t)g2, errno);
		}
	mbstate_t ks = {0}, gs = {0};
	bad += kl_c16rtomb(NULL, 0x41, &ks) != c16rtomb(NULL, 0x41, &gs) ||
	       kl_mbrtoc16(NULL, NULL, 0, &ks) != mbrtoc16(NULL, NULL, 0, &gs) ||
	       kl_mbrtoc32(NULL, "A", 1, &ks) != mbrtoc32(NULL, "A", 1, &gs);
	KT_CHECK(!bad,
	         "mbrtoc16, mbrtoc32, c16rtomb (surrogate pairs included) and c32rtomb as glibc's C locale",
	         "%d differ, first %s", bad, why_u);
}

static void test_multibyte(void)
{
	int bad = 0;
	why[0] = 0;
	for (int b = 0; b < 256; b++) {
		char s[2] = {(char)b, 0};
		mbstate_t k, g;
		memset(&k, 0, sizeof k);
		memset(&g, 0, sizeof g);
		wchar_t wk = 0x55, wg = 0x55;
		errno = kl_errno = 0;
		size_t rk = kl_mbrtowc(&wk, s, 1, &k), rg = mbrtowc(&wg, s, 1, &g);
		int ek = kl_errno, eg = errno;
		int same = rk == rg && wk == wg && ek == eg && kl_btowc(b) == btowc(b) &&
		           kl_mblen(s, 1) == mblen(s, 1) && kl_mbrlen(s, 0, &k) == mbrlen(s, 0, &g) &&
		           kl_mbsinit(&k) == !!mbsinit(&g);
		char ck[4] = {9, 9, 9, 9}, cg[4] = {9, 9, 9, 9};
		errno = kl_errno = 0;
		same &= kl_wcrtomb(ck, b, &k) == wcrtomb(cg, b, &g) && kl_errno == errno &&
		        !memcmp(ck, cg, 4) && kl_wctob((wint_t)b) == wctob((wint_t)b) &&
		        kl_wctomb(ck, b) == wctomb(cg, b);
		if (!same && !bad++)
			snprintf(why, sizeof why, "byte 0x%02x: mbrtowc %zd errno %d, glibc %zd errno %d", b,
			         rk, ek, rg, eg);
	}
	KT_CHECK(!bad,
	         "mbrtowc, mbrlen, mblen, btowc, wcrtomb, wctob, wctomb: all 256 bytes as glibc's C locale",
	         "%d differ (%s)", bad, why);

	static const char *const texts[] = {"", "abc", "ab\xe9z", "\x80", "plain ASCII text"};
	bad = 0;
	for (size_t i = 0; i < COUNT(texts); i++)
		for (size_t n = 0; n < 20; n += 3) {
			wchar_t wk[24], wg[24];
			char ck[24], cg[24];
			for (int j = 0; j < 24; j++)
				wk[j] = wg[j] = ck[j] = cg[j] = 7;
			errno = kl_errno = 0;
			size_t rk = kl_mbstowcs(wk, texts[i], n), rg = mbstowcs(wg, texts[i], n);
			bad += rk != rg || memcmp(wk, wg, sizeof wk) || kl_errno != errno ||
			       kl_mbstowcs(NULL, texts[i], 0) != mbstowcs(NULL, texts[i], 0);
			const char *sk = texts[i], *sg = texts[i];
			bad += kl_mbsrtowcs(wk, &sk, n, NULL) != mbsrtowcs(wg, &sg, n, NULL) ||
			       (sk ? sk - texts[i] : -1) != (sg ? sg - texts[i] : -1);
			if (rg != (size_t)-1) {
				wk[rg < n ? rg : n - (n > 0)] = 0; /* a wide string of the same text back */
				wcscpy(wg, wk);
				errno = kl_errno = 0;
				bad += kl_wcstombs(ck, wk, n) != wcstombs(cg, wg, n) ||
				       memcmp(ck, cg, sizeof ck);
			}
		}
	wchar_t wide[] = {L'o', L'k', 0x100, 0};
	char ck[8], cg[8];
	errno = kl_errno = 0;
	bad += kl_wcstombs(ck, wide, 8) != wcstombs(cg, wide, 8) || kl_errno != errno;
	KT_CHECK(!bad, "mbstowcs, mbsrtowcs, wcstombs: ASCII and invalid text, every length, as glibc",
	         "%d differ", bad);
}

/* ---- time.h, locale.h, signal.h, fenv.h ---- */

static int tm_equal(const struct tm *a, const struct tm *b)
{
	return a->tm_sec == b->tm_sec && a->tm_min == b->tm_min && a->tm_hour == b->tm_hour &&
	       a->tm_mday == b->tm_mday && a->tm_mon == b->tm_mon && a->tm_year == b->tm_year &&
	       a->tm_wday == b->tm_wday && a->tm_yday == b->tm_yday && a->tm_isdst == b->tm_isdst &&
	       a->tm_gmtoff == b->tm_gmtoff && !strcmp(a->tm_zone, b->tm_zone);
}

static void test_time(void)
{
	int bad = 0;
	why[0] = 0;
	static const time_t edges[] = {0,
	                               -1,
	                               86399,
	                               86400,
	                               -86400,
	                               951782400 /* 2000-02-29 */,
	                               4107542400,
	                               -62135596800 /* 0001-01-01 */,
	                               253402300799,
	                               67767976233532799,
	                               -67768040609740800};
	for (int t = 0; t < 200000 + (int)COUNT(edges); t++) {
		time_t x = t < (int)COUNT(edges) ? edges[t]
		           : t % 2               ? (time_t)(rnd() % 8000000000ull) - 4000000000
		                                 : (time_t)(rnd() >> 8) - (1ll << 55);
		struct tm k, g;
		memset(&k, 0, sizeof k);
		memset(&g, 0, sizeof g);
		struct tm *rk = kl_gmtime_r(&x, &k), *rg = gmtime_r(&x, &g);
		if ((!rk != !rg || (rg && !tm_equal(&k, &g))) && !bad++)
			snprintf(why, sizeof why,
			         "gmtime_r(%ld): %d-%d-%d wday %d yday %d; glibc %d-%d-%d wday %d yday %d",
			         (long)x, k.tm_year, k.tm_mon, k.tm_mday, k.tm_wday, k.tm_yday, g.tm_year,
			         g.tm_mon, g.tm_mday, g.tm_wday, g.tm_yday);
		/* timegm normalises fields out of range */
		struct tm a = g, b = g;
		a.tm_mon = b.tm_mon = (int)(rnd() % 60) - 30;
		a.tm_mday = b.tm_mday = (int)(rnd() % 100) - 30;
		a.tm_sec = b.tm_sec = (int)(rnd() % 200000) - 100000;
		a.tm_year = b.tm_year = (int)(rnd() % 400) - 100;
		time_t ta = kl_timegm(&a), tb = timegm(&b);
		if (rg && (ta != tb || !tm_equal(&a, &b)) && !bad++)
			snprintf(why, sizeof why, "timegm of %d-%d-%d %ds: %ld, glibc %ld", b.tm_year,
			         b.tm_mon, b.tm_mday, b.tm_sec, (long)ta, (long)tb);
	}
	KT_CHECK(!bad,
	         "gmtime_r, timegm: 200000 random times (negative, far years, fields out of range) as glibc",
	         "%d differ (%s)", bad, why);
	/* asctime and ctime: the kernel's zone is UTC, so glibc's is set to it */
	setenv("TZ", "UTC0", 1);
	tzset();
	bad = 0;
	for (int t = 0; t < 20000; t++) {
		struct tm m;
		memset(&m, 0, sizeof m);
		int wide = t % 4 == 0; /* fields far out of range, negative, and years past 4 digits */
		m.tm_sec = (int)(rnd() % (wide ? 2000 : 61)) - (wide ? 1000 : 0);
		m.tm_min = (int)(rnd() % (wide ? 2000 : 60)) - (wide ? 1000 : 0);
		m.tm_hour = (int)(rnd() % (wide ? 2000 : 24)) - (wide ? 1000 : 0);
		m.tm_mday = (int)(rnd() % (wide ? 2000 : 31)) - (wide ? 1000 : -1);
		m.tm_mon = (int)(rnd() % (wide ? 30 : 12)) - (wide ? 10 : 0);
		m.tm_wday = (int)(rnd() % (wide ? 20 : 7)) - (wide ? 7 : 0);
		m.tm_year = t % 97 == 0 ? INT_MAX - (int)(rnd() % 3000)
		                        : (int)(rnd() % (wide ? 4000000u : 300)) - (wide ? 2000000 : 100);
		char kb[64] = "x", gb[64] = "x";
		const char *ka = kl_asctime(&m), *ga = asctime(&m);
		kl_errno = errno = 0;
		const char *kr = kl_asctime_r(&m, kb), *gr = asctime_r(&m, gb);
		if (((!ka != !ga) || (ka && strcmp(ka, ga)) || (!kr != !gr) || (kr && strcmp(kb, gb)) ||
		     kl_errno != errno) &&
		    !bad++)
			snprintf(why, sizeof why,
			         "asctime of %d-%d-%d: \"%s\" / \"%s\", glibc \"%s\" / \"%s\"", m.tm_year,
			         m.tm_mon, m.tm_mday, ka ? esc(ka) : "NULL", kr ? kb : "NULL",
			         ga ? ga : "NULL", gr ? gb : "NULL");
		time_t x = (time_t)(rnd() % 8000000000ull) - 4000000000;
		const char *kc = kl_ctime(&x), *gc = ctime(&x);
		if ((!kc != !gc || (kc && strcmp(kc, gc))) && !bad++)
			snprintf(why, sizeof why, "ctime(%ld)", (long)x);
		if ((!kl_ctime_r(&x, kb) != !ctime_r(&x, gb) || strcmp(kb, gb)) && !bad++)
			snprintf(why, sizeof why, "ctime_r(%ld)", (long)x);
	}
	KT_CHECK(
	    !bad,
	    "asctime, asctime_r, ctime, ctime_r: 20000 dates (fields out of range, years past int) as glibc",
	    "%d differ (%s)", bad, why);
	/* strftime: every conversion of C (and GNU's %k %l %P %s), E and O modifiers, unknown and cut ones,
	 * on the dates gmtime makes of 20000 times across 30,000 years, and into buffers too small */
	static const char *const sformats[] = {
	    "%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %m %M %n %p %r %R %S %t %T %u %U %V %w %W %x %X "
	    "%y %Y %z %Z %%",
	    "%Ec|%EC|%Ex|%EX|%Ey|%EY|%Od|%Oe|%OH|%OI|%Om|%OM|%OS|%Ou|%OU|%OV|%Ow|%OW|%Oy|%k|%l|%P|%s",
	    "%q %Ea %Ob plain text %", "%E", "%O"};
	bad = 0;
	for (int t = 0; t < 20000; t++) {
		time_t x = t % 3 ? (time_t)(rnd() % 8000000000ull) - 4000000000
		                 : (time_t)(rnd() % 900000000000ull) - 450000000000;
		struct tm m;
		gmtime_r(&x, &m);
		for (size_t f = 0; f < COUNT(sformats); f++) {
			char kb[400], gb[400];
			size_t cap = t % 50 == 0 ? (size_t)(rnd() % 40) : sizeof kb;
			size_t kn = kl_strftime(kb, cap, sformats[f], &m),
			       gn = strftime(gb, cap, sformats[f], &m);
			if ((kn != gn || (kn && strcmp(kb, gb))) && !bad++)
				snprintf(
				    why, sizeof why,
				    "strftime(\"%s\") of %ld into %zu: %zu \"%.150s\", glibc %zu \"%.150s\"",
				    sformats[f], (long)x, cap, kn, kn ? kb : "", gn, gn ? gb : "");
		}
	}
	KT_CHECK(
	    !bad,
	    "strftime: every C conversion, modifiers, unknown ones and short buffers on 20000 dates as glibc",
	    "%d differ (%s)", bad, why);
	time_t big = LONG_MAX;
	struct tm k;
	kl_errno = 0;
	KT_CHECK(!kl_gmtime_r(&big, &k) && kl_errno == EOVERFLOW, "gmtime_r: a year past int is EOVERFLOW",
	         "errno %d", kl_errno);
	time_t tt = 5;
	struct timespec ts;
	KT_CHECK(kl_clock() == (clock_t)-1 && kl_time(&tt) == (time_t)-1 && tt == (time_t)-1 &&
	             kl_timespec_get(&ts, TIME_UTC) == 0 && kl_difftime(10, 4) == 6.0,
	         "clock, time, timespec_get: the time is not available, as C allows; difftime", "not");
}

static int raised[NSIG];
static void count_signal(int sig)
{
	raised[sig]++;
}

static void test_locale_signal_fenv(void)
{
	static const char *const names[] = {NULL, "C", "POSIX", "fr_FR.UTF-8", "nosuch"};
	int bad = 0;
	for (int cat = -1; cat <= LC_IDENTIFICATION + 1; cat++)
		for (size_t i = 0; i < COUNT(names); i++) {
			const char *k = kl_setlocale(cat, names[i]), *g = setlocale(cat, names[i]);
			/* glibc may know fr_FR: only the C locale is compared when it does */
			if (g && strcmp(g, "C") && names[i])
				continue;
			bad += !k != !g || (k && strcmp(k, g));
		}
	setlocale(LC_ALL, "C");
	struct lconv *k = kl_localeconv(), *g = localeconv();
	bad += strcmp(k->decimal_point, g->decimal_point) || strcmp(k->thousands_sep, g->thousands_sep) ||
	       strcmp(k->grouping, g->grouping) || strcmp(k->currency_symbol, g->currency_symbol) ||
	       k->frac_digits != g->frac_digits || k->int_n_sign_posn != g->int_n_sign_posn ||
	       k->p_cs_precedes != g->p_cs_precedes;
	KT_CHECK(!bad, "setlocale, localeconv: the C locale as glibc's; others unavailable", "%d differ",
	         bad);

	int ok = kl_signal(SIGUSR1, count_signal) == SIG_DFL && kl_raise(SIGUSR1) == 0 &&
	         kl_raise(SIGUSR1) == 0 && raised[SIGUSR1] == 2 &&
	         kl_signal(SIGUSR1, SIG_IGN) == count_signal && kl_raise(SIGUSR1) == 0 &&
	         raised[SIGUSR1] == 2 && kl_raise(SIGCHLD) == 0;
	kl_errno = 0;
	ok &= kl_signal(SIGKILL, count_signal) == SIG_ERR && kl_errno == EINVAL;
	kl_errno = 0;
	ok &= kl_raise(NSIG) == -1 && kl_errno == EINVAL && kl_signal(0, SIG_IGN) == SIG_ERR;
	KT_CHECK(ok, "signal, raise: handlers stay installed, SIG_IGN, errors as glibc", "not");

	fenv_t e;
	ok = kl_fegetround() == fegetround() && kl_fesetround(FE_TONEAREST) == 0 &&
	     kl_fesetround(FE_UPWARD) != 0 && kl_fegetround() == FE_TONEAREST && kl_fegetenv(&e) == 0 &&
	     kl_fesetenv(&e) == 0 && kl_fesetenv(FE_DFL_ENV) == 0 && kl_feholdexcept(&e) == 0 &&
	     kl_feupdateenv(&e) == 0 && kl_feclearexcept(FE_ALL_EXCEPT) == 0;
	fenv_t g_env;
	fegetenv(&g_env);
	ok &= e.__control_word == g_env.__control_word && e.__mxcsr == (g_env.__mxcsr & ~0x3fu);
	e.__control_word |= 0xc00;
	ok &= kl_fesetenv(&e) != 0;
	KT_CHECK(ok, "fenv.h: round to nearest only, the environment glibc starts with", "not");
}

/* ---- sprintf and friends ---- */

static int fmt_bad;
static void fmt_compare(const char *f, const char *k, const char *g, int rk, int rg)
{
	if ((rk != rg || strcmp(k, g)) && !fmt_bad++)
		snprintf(why, sizeof why, "\"%s\": \"%.120s\" (%d), glibc \"%.120s\" (%d)", esc(f), k, rk, g,
		         rg);
}
#define FMT(fmt, ...)                                                                                        \
	do {                                                                                                 \
		static char k_[1200], g_[1200];                                                              \
		const char *volatile f_ = (fmt); /* not a literal: no compile-time format checking */        \
		int rk_ = kl_snprintf(k_, sizeof k_, f_, __VA_ARGS__);                                       \
		int rg_ = snprintf(g_, sizeof g_, f_, __VA_ARGS__);                                          \
		fmt_compare(f_, k_, g_, rk_, rg_);                                                           \
	} while (0)

/* A double of every kind: random bits (subnormals, huge, NaN), short decimals, exact ties, edges. */
static double random_double(void)
{
	static const double edges[] = {0.0,
	                               -0.0,
	                               0.5,
	                               1.5,
	                               2.5,
	                               9.5,
	                               0.125,
	                               1e21,
	                               1e-7,
	                               999999.5,
	                               9.9999995,
	                               0.00001,
	                               123456789.0,
	                               5e-324,
	                               1.7976931348623157e308,
	                               2.2250738585072014e-308,
	                               0.1,
	                               1.0 / 3};
	switch (rnd() % 6) {
	case 0: {
		uint64_t b = rnd();
		double d;
		memcpy(&d, &b, sizeof d);
		return d;
	}
	case 1:
		return (double)(int64_t)(rnd() % 2000000) / 1000.0;
	case 2:
		return ldexp((double)(rnd() % 1000), (int)(rnd() % 200) - 100);
	case 3:
		return (double)(rnd() % 100) + 0.5;
	case 4:
		return edges[rnd() % COUNT(edges)];
	default:
		return (double)(rnd() % 10000) / 16.0;
	}
}

static void test_format(void)
{
	static const char *const flags[] = {"", "-", "+", " ", "#", "0", "-+", "+0", "#0", " 0", "-#"};
	static const char *const widths[] = {"", "1", "5", "12", "30"};
	static const char *const precs[] = {"", ".0", ".1", ".3", ".6", ".10", ".17", ".25", "."};
	static const char *const lens[] = {"", "hh", "h", "l", "ll", "z", "j", "t"};
	char f[64];
	fmt_bad = 0;
	for (int t = 0; t < 200000; t++) {
		snprintf(f, sizeof f, "%%%s%s%s%c", flags[rnd() % COUNT(flags)],
		         widths[rnd() % COUNT(widths)], precs[rnd() % COUNT(precs)], "fFeEgGaA"[rnd() % 8]);
		double d = random_double(); /* FMT evaluates its arguments twice */
		FMT(f, d);
	}
	KT_CHECK(!fmt_bad, "snprintf %f %e %g %a: 200000 random doubles and specs, byte for byte as glibc",
	         "%d differ (%s)", fmt_bad, why);
	fmt_bad = 0;
	for (int t = 0; t < 200000; t++) {
		char cv = "diuoxXc"[rnd() % 7];
		snprintf(f, sizeof f, "%%%s%s%s%s%c", flags[rnd() % COUNT(flags)],
		         widths[rnd() % COUNT(widths)], precs[rnd() % COUNT(precs)],
		         cv == 'c' ? "" : lens[rnd() % COUNT(lens)], cv);
		long long v = (long long)(rnd() >> rnd_below(64));
		if (rnd() % 2)
			v = -v;
		if (strpbrk(f, "lzjt"))
			FMT(f, v);
		else
			FMT(f, (int)v);
	}
	KT_CHECK(!fmt_bad, "snprintf %d %i %u %o %x %X %c: 200000 random values, lengths and specs as glibc",
	         "%d differ (%s)", fmt_bad, why);
	fmt_bad = 0;
	FMT("%s|%5s|%-5s|%.2s|%.0s|%10.3s|%s", "abc", "ab", "ab", "abcdef", "x", "abcdef", (char *)NULL);
	FMT("%.3s|%.6s|%8s|%-8.5s|", (char *)NULL, (char *)NULL, (char *)NULL, (char *)NULL);
	FMT("%p|%20p|%-20p|%p|%+p|%10p|% p", (void *)0x1234, (void *)0xdeadbeef, (void *)16, (void *)NULL,
	    (void *)0x10, (void *)NULL, (void *)2);
	FMT("%%|%5%|%c|%5c|%-5c|", 'x', 'y', 'z');
	FMT("%*d|%-*d|%.*d|%*.*f|%.*s|%*d|%.*f", 8, 42, 8, 42, 5, 42, 10, 3, 3.14159, -1, "hello", -6, 7, -3,
	    2.5);
	FMT("%f %f %e %g %a %F %E %G %A", INFINITY, -INFINITY, NAN, -NAN, INFINITY, NAN, -INFINITY, INFINITY,
	    -NAN);
	FMT("%010f|%-10f|%+f|% f|%010e", INFINITY, NAN, INFINITY, NAN, -INFINITY);
	FMT("%.1000f|%.800e", 5e-324, 5e-324);
	FMT("%.0f|%f|%.20g", 1.7976931348623157e308, 1e300, 0.1);
	FMT("%#o %#x %#X %#.0o %.0d %#.0x %o", 0, 0, 255, 0, 0, 0, 8);
	FMT("%hhd %hhu %hd %hu %d %lld %llu", 300, 300, 70000, 70000, -5, LLONG_MIN, ULLONG_MAX);
	FMT("%#.3g %#.3g %#g %#.4g %.0e %#.0e %.0a %#.0a %.1a", 999.5, 9995.0, 999999.5, 0.00099995, 2.5, 2.5,
	    1.5, 2.5, 0x1.f8p+0);
	FMT("unknown %y and %5y and %-5ly, then %d", 7);
	KT_CHECK(!fmt_bad,
	         "snprintf: strings, NULL, pointers, %%, stars, inf and nan, 1000 digits, odd specs",
	         "%d differ (%s)", fmt_bad, why);

	/* the buffer's bound, the count past it, and the end inside a conversion */
	char b[8];
	memset(b, 'z', sizeof b);
	int r = kl_snprintf(b, 5, "%d", 1234567);
	int ok = r == 7 && !strcmp(b, "1234") && b[5] == 'z';
	r = kl_snprintf(NULL, 0, "%s-%d", "ab", 5);
	ok &= r == 4;
	memset(b, 'z', sizeof b);
	r = kl_sprintf(b, "%c%c", 'o', 'k');
	ok &= r == 2 && !strcmp(b, "ok");
	kl_errno = 0;
	r = kl_snprintf(b, sizeof b, "ab%5");
	ok &= r == -1 && kl_errno == EINVAL && !strcmp(b, "ab");
	KT_CHECK(
	    ok, "snprintf: truncation, the full count, sprintf, a format ending in a conversion (-1, EINVAL)",
	    "not");
}

/* ---- swprintf, the wide conversions, wcsftime, strerror, the stream functions ---- */

/* The wide form of the narrow F (ASCII), into W. */
static const wchar_t *widen(wchar_t *w, size_t n, const char *f)
{
	size_t i = 0;
	for (; f[i] && i + 1 < n; i++)
		w[i] = (unsigned char)f[i];
	w[i] = 0;
	return w;
}

static void wfmt_compare(const wchar_t *f, const wchar_t *k, const wchar_t *g, int rk, int rg, int ek, int eg)
{
	if ((rk != rg || ek != eg || (rk >= 0 && wcscmp(k, g))) && !fmt_bad++)
		snprintf(why, sizeof why,
		         "L\"%ls\": L\"%.100ls\" (%d, errno %d), glibc L\"%.100ls\" (%d, errno %d)", f, k, rk,
		         ek, g, rg, eg);
}
/* Both swprintf's into buffers of N characters, with their results and errno compared. */
#define WFMT_N(n, fmt, ...)                                                                                  \
	do {                                                                                                 \
		static wchar_t k_[1200], g_[1200];                                                           \
		const wchar_t *volatile f_ = (fmt);                                                          \
		kl_errno = 0;                                                                                \
		errno = 0;                                                                                   \
		int rk_ = kl_swprintf(k_, (n), f_, __VA_ARGS__);                                             \
		int rg_ = swprintf(g_, (n), f_, __VA_ARGS__);                                                \
		wfmt_compare(f_, k_, g_, rk_, rg_, kl_errno, errno);                                         \
	} while (0)
#define WFMT(fmt, ...) WFMT_N(1200, fmt, __VA_ARGS__)
/* Both snprintf's with results and errno compared (the wide arguments' encoding errors). */
#define NFMT(fmt, ...)                                                                                       \
	do {                                                                                                 \
		static char k_[200], g_[200];                                                                \
		const char *volatile f_ = (fmt);                                                             \
		kl_errno = 0;                                                                                \
		errno = 0;                                                                                   \
		int rk_ = kl_snprintf(k_, sizeof k_, f_, __VA_ARGS__);                                       \
		int rg_ = snprintf(g_, sizeof g_, f_, __VA_ARGS__);                                          \
		if ((rk_ != rg_ || kl_errno != errno || (rk_ >= 0 && strcmp(k_, g_))) && !fmt_bad++)         \
			snprintf(why, sizeof why,                                                            \
			         "\"%s\": \"%s\" (%d, errno %d), glibc \"%s\" (%d, errno %d)", f_, k_, rk_,  \
			         kl_errno, g_, rg_, errno);                                                  \
	} while (0)

static void test_wide_format(void)
{
	static const char *const flags[] = {"", "-", "+", " ", "#", "0", "-+", "+0", "#0", " 0", "-#"};
	static const char *const widths[] = {"", "1", "5", "12", "30"};
	static const char *const precs[] = {"", ".0", ".1", ".3", ".6", ".10", ".17", "."};
	static const char *const lens[] = {"", "hh", "h", "l", "ll", "z", "j", "t"};
	char f[64];
	wchar_t wf[64];
	fmt_bad = 0;
	for (int t = 0; t < 50000; t++) {
		snprintf(f, sizeof f, "<%%%s%s%s%c>", flags[rnd() % COUNT(flags)],
		         widths[rnd() % COUNT(widths)], precs[rnd() % COUNT(precs)], "fFeEgGaA"[rnd() % 8]);
		double d = random_double();
		WFMT(widen(wf, COUNT(wf), f), d);
		char cv = "diuoxX"[rnd() % 6];
		snprintf(f, sizeof f, "%%%s%s%s%s%c", flags[rnd() % COUNT(flags)],
		         widths[rnd() % COUNT(widths)], precs[rnd() % COUNT(precs)],
		         lens[rnd() % COUNT(lens)], cv);
		long long v = (long long)(rnd() >> rnd_below(64));
		if (strpbrk(f, "lzjt"))
			WFMT(widen(wf, COUNT(wf), f), v);
		else
			WFMT(widen(wf, COUNT(wf), f), (int)v);
	}
	KT_CHECK(!fmt_bad, "swprintf: 100000 random floats and integers with random specs, as glibc",
	         "%d differ (%s)", fmt_bad, why);
	fmt_bad = 0;
	/* strings and characters of both widths, non-ASCII in the format's own text, NULL, pointers */
	WFMT(L"%s|%5s|%-5s|%.2s|%.0s|%10.3s|%s", "abc", "ab", "ab", "abcdef", "x", "abcdef", (char *)NULL);
	WFMT(L"%ls|%5ls|%-5ls|%.2ls|%S|%10.3ls|%ls|%.3ls", L"abc", L"\u00e9t\u00e9", L"ab",
	     L"\u263a\u263b\u263c", L"x", L"abcdef", (wchar_t *)NULL, (wchar_t *)NULL);
	WFMT(L"%c|%5c|%-3lc|%lc|%C|%%|\u00e9\u4e2d %d", 'x', 'y', (wint_t)L'z', (wint_t)0x263a,
	     (wint_t)0x1F600, 7);
	WFMT(L"%p|%20p|%p|%f|%e|%G", (void *)0x1234, (void *)0xdeadbeef, (void *)NULL, INFINITY, NAN,
	     -INFINITY);
	WFMT(L"%*d|%-*d|%.*d|%*.*f|%.*ls", 8, 42, 8, 42, 5, 42, 10, 3, 3.14159, -1, L"hello");
	WFMT(L"unknown %y and %5y and %-5ly, then %d", 7);
	/* encoding errors: a narrow string or char beyond ASCII cannot be widened in the C locale */
	WFMT(L"ab%scd", "x\xe9y");
	WFMT(L"ab%.1scd", "x\xe9y");
	WFMT(L"ab%ccd", 0xe9);
	WFMT(L"ab%5", 0);
	/* the bound: -1 when the text does not fit */
	WFMT_N(4, L"%d", 1234);
	WFMT_N(5, L"%d", 1234);
	WFMT_N(1, L"%s", "");
	WFMT_N(0, L"%s", "x");
	KT_CHECK(!fmt_bad,
	         "swprintf: strings and chars narrow and wide, non-ASCII, encoding errors, the bound",
	         "%d differ (%s)", fmt_bad, why);
	fmt_bad = 0;
	NFMT("a%lcb|%C|%5lc|%-3lc|", (wint_t)'q', (wint_t)'r', (wint_t)'s', (wint_t)'t');
	NFMT("a%lsb|%S|%.2ls|%8ls|%-8.3ls|%ls|%.3ls", L"xyz", L"w", L"xyz", L"abc", L"abcdef",
	     (wchar_t *)NULL, (wchar_t *)NULL);
	NFMT("a%lcb", (wint_t)0xe9);
	NFMT("a%lsb", L"x\u00e9y");
	NFMT("a%.1lsb", L"x\u00e9y");
	NFMT("%c%s", 0xe9, "\xe9\xff");
	NFMT("[%lls|%Ls|%qs|%llc|%Lc]", L"ab", L"cd", L"gh", (wint_t)'e', (wint_t)'f'); /* wide, as glibc */
	KT_CHECK(!fmt_bad,
	         "snprintf: %lc %ls %C %S, precision in bytes, encoding errors (-1, EILSEQ) as glibc",
	         "%d differ (%s)", fmt_bad, why);

	/* wcsftime: the same conversions as strftime's test, non-ASCII text around them */
	static const wchar_t *const wformats[] = {
	    L"%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %m %M %n %p %r %R %S %t %T %u %U %V %w %W %x "
	    L"%X %y %Y %z %Z %%",
	    L"\u00e9t\u00e9 %Ec|%EC|%Ex|%EX|%Od|%Oe|%OH|%Ob|%k|%l|%P|%s \u263a",
	    L"%q %Ea plain text %",
	    L"%E",
	    L"%O",
	    L"%\u00e9"};
	int bad = 0;
	for (int t = 0; t < 5000; t++) {
		time_t x = (time_t)(rnd() % 8000000000ull) - 4000000000;
		struct tm m;
		gmtime_r(&x, &m);
		for (size_t i = 0; i < COUNT(wformats); i++) {
			wchar_t kb[400], gb[400];
			size_t cap = t % 50 == 0 ? (size_t)(rnd() % 40) : COUNT(kb);
			size_t kn = kl_wcsftime(kb, cap, wformats[i], &m),
			       gn = wcsftime(gb, cap, wformats[i], &m);
			if ((kn != gn || (kn && wcscmp(kb, gb))) && !bad++)
				snprintf(why, sizeof why,
				         "wcsftime(L\"%ls\") of %ld into %zu: %zu, glibc %zu", wformats[i],
				         (long)x, cap, kn, gn);
		}
	}
	KT_CHECK(!bad, "wcsftime: every conversion, non-ASCII text, short buffers on 5000 dates as glibc",
	         "%d differ (%s)", bad, why);

	bad = 0;
	for (int e = -3; e < 140 && !bad; e++) {
		char g[100];
		snprintf(g, sizeof g, "%s", strerror(e));
		if (strcmp(kl_strerror(e), g) && !bad++)
			snprintf(why, sizeof why, "strerror(%d): \"%s\", glibc \"%s\"", e, kl_strerror(e), g);
	}
	KT_CHECK(!bad, "strerror: every Linux error number, 0, unknown and negative ones as glibc", "%s",
	         why);
	kl_errno = 0;
	int ok = kl_setvbuf(NULL, NULL, _IONBF, 0) == 0 && kl_setvbuf(NULL, NULL, _IOLBF, 0) == 0 &&
	         kl_setvbuf(NULL, NULL, _IOFBF, 64) == 0 && kl_errno == 0;
	ok &= kl_setvbuf(NULL, NULL, 7, 0) == -1 && kl_errno == EINVAL;
	ok &= kl_fflush(NULL) == 0 && kl_ferror(NULL) == 0 && kl_feof(NULL) == 0;
	KT_CHECK(ok,
	         "setvbuf takes glibc's three modes and refuses others (EINVAL); fflush, ferror, feof are 0",
	         "not");
}

/* ---- sscanf, swscanf ---- */

/* Where one scan stores: four destinations, each with room for any conversion of a text of 120
 * characters, wide ones included. */
struct scan_dst {
	unsigned char b[4][512];
};
static int scan_bad;

/* The kernel's scan and glibc's of S with format F, narrow or (WIDE) both widened byte for byte (so that
 * bytes beyond ASCII are those wide characters), each into its own destinations filled alike: the
 * results, errno and every byte of the destinations must agree. Filled with zeros for a wide scan: glibc's
 * swscanf writes a second NUL after a narrow string (one byte beyond it), which the kernel does not. */
static void scan_case(const char *s, const char *f, int wide)
{
	static struct scan_dst k, g;
	memset(&k, wide ? 0 : 0xa5, sizeof k);
	memset(&g, wide ? 0 : 0xa5, sizeof g);
	int rk, rg, ek, eg;
	if (wide) {
		wchar_t ws[128], wf[128];
		widen(ws, COUNT(ws), s);
		widen(wf, COUNT(wf), f);
		kl_errno = 0;
		rk = kl_swscanf(ws, wf, k.b[0], k.b[1], k.b[2], k.b[3]);
		ek = kl_errno;
		errno = 0;
		rg = swscanf(ws, wf, g.b[0], g.b[1], g.b[2], g.b[3]);
		eg = errno;
	} else {
		kl_errno = 0;
		rk = kl_sscanf(s, f, k.b[0], k.b[1], k.b[2], k.b[3]);
		ek = kl_errno;
		errno = 0;
		rg = sscanf(s, f, g.b[0], g.b[1], g.b[2], g.b[3]);
		eg = errno;
	}
	if ((rk != rg || ek != eg || memcmp(&k, &g, sizeof k)) && !scan_bad++)
		snprintf(why, sizeof why, "%s(\"%s\", \"%s\"): %d (errno %d), glibc %d (errno %d)%s",
		         wide ? "swscanf" : "sscanf", esc(s), esc(f), rk, ek, rg, eg,
		         memcmp(&k, &g, sizeof k) ? ", the stores differ" : "");
}

/* A random directive of a scanf format into D, and how many pointers it takes. */
static int random_directive(char *d, size_t n)
{
	static const char *const convs[] = {"d",  "i",   "u",     "o",     "x",    "X",       "p",   "n",
	                                    "c",  "s",   "[a-f]", "[^ x]", "[]-]", "f",       "e",   "g",
	                                    "a",  "E",   "lf",    "lc",    "ls",   "l[0-9a]", "hhd", "hi",
	                                    "ld", "lld", "jx",    "zu",    "to",   "hhn",     "S"};
	static const char *const literal[] = {" ", "x", "-", "%%", "\t", "0", "e"};
	if (rnd() % 4 == 0) {
		snprintf(d, n, "%s", literal[rnd() % COUNT(literal)]);
		return 0;
	}
	int suppress = rnd() % 5 == 0;
	char width[8] = "";
	if (rnd() % 3 == 0)
		snprintf(width, sizeof width, "%d", (int)(rnd() % 6));
	snprintf(d, n, "%%%s%s%s", suppress ? "*" : "", width, convs[rnd() % COUNT(convs)]);
	return !suppress;
}

static void test_scan(void)
{
	/* the fixed cases: each kind of conversion and of failure, the odd cases glibc has */
	static const char *const cases[][2] = {
	    {"", "%d"},
	    {"   ", "%d"},
	    {"abc", "%d"},
	    {"-", "%d"},
	    {"- 1", "%d"},
	    {"99999999999", "%d"},
	    {"-99999999999999999999", "%d"},
	    {"99999999999999999999", "%ld"},
	    {"-5", "%lu"},
	    {"-1", "%u"},
	    {"0x", "%x"},
	    {"0xg", "%x"},
	    {"0xg", "%i"},
	    {"0x1f", "%3x"},
	    {"0x5", "%2i"},
	    {"08", "%i"},
	    {"-0x10", "%i"},
	    {"077", "%lli"},
	    {"   12345", "%3d%n"},
	    {"12", "%1d%d"},
	    {"+", "%d"},
	    {"  42abc", "%d%n%s"},
	    {"", "abc"},
	    {"ab", "abc"},
	    {"abd", "abc"},
	    {"", "%n"},
	    {"x", "%%"},
	    {" %", "%%%n"},
	    {"", " "},
	    {"5", "%*d"},
	    {"", "%*d"},
	    {"abc", "%*d"},
	    {"5", "%*d%d"},
	    {"5 x", "%*d%d"},
	    {"", "%n%d"},
	    {"1 2", "%d%d"},
	    {"1", "%d%d"},
	    {"1 x", "%d %d"},
	    {"1", "%d%"},
	    {"1 2", "%d%y%d"},
	    {"1", "%d "},
	    {"1", "%d x"},
	    {"12", "%hhn%d"},
	    {"1 2", "%d %*d %n"},
	    {"a  b", "a b%n"},
	    {"a\tb", "a\nb%n"},
	    {"12", "%*n%d"},
	    {"  12", "%n"},
	    {"  12", " %n"},
	    {"12", "%0d"},
	    {"1e+x", "%lf%n"},
	    {"1e", "%lf%n"},
	    {"100ergs", "%lf%n%s"},
	    {"inf", "%lf"},
	    {"infx", "%lf%n"},
	    {"infinit", "%lf"},
	    {"INFINITYx", "%lf%n"},
	    {"-Inf", "%f"},
	    {"nan(abc)", "%lf%n"},
	    {"nan(ab", "%lf%n"},
	    {"nan()", "%lf%n"},
	    {"-nan", "%lf"},
	    {"na", "%lf"},
	    {"0x", "%lf"},
	    {"0x.", "%lf%n"},
	    {"0xg", "%lf"},
	    {"0x1p", "%lf%n"},
	    {"0X1P-2", "%lf%n"},
	    {"0x1.8p1", "%lf"},
	    {"0x1.000001p0", "%f"},
	    {"1.5", "%2lf%n"},
	    {".", "%lf"},
	    {"-.5e3", "%lf"},
	    {"1e5", "%3lf%n"},
	    {"12e3", "%3lf%n"},
	    {"1.", "%lf%n"},
	    {"-e5", "%lf"},
	    {"1e-", "%lf%n"},
	    {"1.5e3.2", "%lf%n"},
	    {"1e400", "%lf%n"},
	    {"1e400", "%*lf%n"},
	    {"1e40", "%f"},
	    {"1e-50", "%f"},
	    {"1.5", "%Lf"},
	    {"123456789012", "%Ld"},
	    {"0x1234", "%p"},
	    {"(nil)", "%p%n"},
	    {"(nil", "%p"},
	    {"(nil)", "%4p"},
	    {"-1", "%p"},
	    {"1f", "%p"},
	    {"  hello world", "%s%n"},
	    {"hello", "%3s%s"},
	    {"abc", "%5c%n"},
	    {"", "%c"},
	    {" x", "%c"},
	    {" 1", "%2c"},
	    {"\n", "%c"},
	    {"ab", "%*c%c"},
	    {"a b", "a%cb"},
	    {"abc]d", "%[]abc]%n"},
	    {"a-b", "%[a-]"},
	    {"abcz", "%[a-c]"},
	    {"xyz", "%[^y]"},
	    {"yz", "%[^y]"},
	    {"", "%[a]"},
	    {"z-a", "%[z-a]"},
	    {"b-", "%[a-c-]"},
	    {"^a", "%[^]"},
	    {"ab c", "%[^]]"},
	    {"abc", "%[a"},
	    {"abc", "%0s%n"},
	    {"abc", "abc%5"},
	    {"abc", "%5"},
	    {"\xe9t", "%s"},
	    {"\xe9t", "%[^t]"},
	    {"ab\xe9z", "%ls"},
	    {"abc", "%lc"},
	    {"abc", "%3lc%n"},
	    {"abc", "%l[a-b]%n"},
	    {"\xe9x", "%lc"},
	    {"x\xe9y", "%S"},
	    {"x", "%C"},
	    {"12", "%hhd"},
	    {"-70000", "%hd"},
	    {"-1", "%zu"},
	    {"-9", "%td"},
	    {"-9", "%jd"},
	    /* the field ends at "0x": the 0; an ERANGE lost when a later read meets the end */
	    {"0x", "%2lf%n"},
	    {"-0x", "%3lf%n"},
	    {"0x.", "%2lf%n"},
	    {"0x", "%3lf"},
	    {"9e400", "%lf "},
	    {"9e400", "%lf%n"},
	    {" 9e400", "%lf%c"},
	    {"9e400x", "%lf%c"},
	    {"9e400", "%lf x"},
	    {"9e63\xe9_f9", "%n \t%5a%4c%*hi"},
	    {"1e40 ", "%f %n"},
	    /* ll, L and q make characters and strings wide, as l does */
	    {"ab cd ef", "%lls%Ls%qs"},
	    {"ab", "%llc%Lc"},
	    {"abz", "%L[a-y]"}};
	scan_bad = 0;
	for (size_t i = 0; i < COUNT(cases); i++)
		scan_case(cases[i][0], cases[i][1], 0);
	KT_CHECK(!scan_bad,
	         "sscanf: every conversion, width and length, the failures and glibc's odd cases as glibc",
	         "%d differ (%s)", scan_bad, why);
	scan_bad = 0;
	for (size_t i = 0; i < COUNT(cases); i++)
		scan_case(cases[i][0], cases[i][1], 1);
	KT_CHECK(!scan_bad, "swscanf: the same cases on wide strings (beyond ASCII, EILSEQ) as glibc",
	         "%d differ (%s)", scan_bad, why);

	/* numbers printed at random and read back in random conversions */
	scan_bad = 0;
	for (int t = 0; t < 20000; t++) {
		char s[64], f[32];
		static const char *const ints[] = {"%d",   "%i",   "%u",   "%o",  "%x",
		                                   "%lld", "%lli", "%llx", "%hd", "%hhu"};
		static const char *const reals[] = {"%f", "%lf", "%le", "%lg", "%la"};
		if (t % 2) {
			long long v = (long long)(rnd() >> rnd_below(64));
			snprintf(s, sizeof s, t % 4 == 1 ? " %lld" : "%#llx", t % 8 == 1 ? -v : v);
			snprintf(f, sizeof f, "%s%%n", ints[rnd() % COUNT(ints)]);
		} else {
			static const char *const outs[] = {"%.17g", "%a", "%e", "%.3f", "%g"};
			snprintf(s, sizeof s, outs[rnd() % COUNT(outs)], random_double());
			snprintf(f, sizeof f, "%s%%n", reals[rnd() % COUNT(reals)]);
		}
		scan_case(s, f, t % 5 == 0);
	}
	KT_CHECK(!scan_bad, "sscanf, swscanf: 20000 random integers and doubles read back as glibc",
	         "%d differ (%s)", scan_bad, why);

	/* random texts against random formats: whatever they hold, as glibc */
	static const char alphabet[] = " \t0123456789abcdefxXpPeE+-.inftyINF()%[]^_\xe9";
	scan_bad = 0;
	for (int t = 0; t < 100000; t++) {
		char s[40], f[64] = "";
		size_t n = rnd_below(24);
		for (size_t i = 0; i < n; i++)
			s[i] = alphabet[rnd_below(sizeof alphabet - 1)];
		s[n] = 0;
		int pointers = 0;
		for (int d = 0; d < 6; d++) {
			char dir[16];
			int takes = random_directive(dir, sizeof dir);
			if (pointers + takes > 4)
				continue;
			pointers += takes;
			strcat(f, dir);
		}
		scan_case(s, f, t % 3 == 0);
	}
	KT_CHECK(!scan_bad, "sscanf, swscanf: 100000 random texts against random formats as glibc",
	         "%d differ (%s)", scan_bad, why);
}

int main(void)
{
	test_rand(); /* first: it compares with glibc's unseeded state */
	test_macros();
	test_math_macros();
	test_assert();
	test_memcpy_memset();
	test_memmove();
	test_memcmp_memchr();
	test_strlen_strcpy();
	test_strcmp();
	test_strchr_strstr();
	test_strtok();
	test_strings_h();
	test_ctype();
	test_abs_div();
	test_strto();
	test_qsort();
	test_wide_strings();
	test_wctype();
	test_multibyte();
	test_uchar();
	test_threads();
	test_time();
	test_locale_signal_fenv();
	test_format();
	test_wide_format();
	test_scan();
	return KT_DONE();
}
