// SPDX-License-Identifier: Apache-2.0
/* strtod, strtof, atof, wcstod and wcstof of the kernel C library (hls/libc/strtod.c, natively under kl_
 * names) against glibc's: the value's bits, errno and *endptr on a corpus of odd cases and on random text:
 * short decimals, long ones, the exact halfway points between neighbouring doubles and floats (and the
 * texts a digit above and below them), the edges of the subnormal and overflow ranges, hexadecimal
 * floats, and the same texts as wide strings. */
#include "test/harness.h"
#include "test/libc/kl.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <wchar.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static const char *const corpus[] = {
    "0",
    "-0",
    "+0",
    "1",
    "-1",
    "0.1",
    ".5",
    "5.",
    ".",
    "-.",
    "+",
    "",
    "   \t\n 42",
    "1e10",
    "1E-10",
    "1e",
    "1e+",
    "1e-",
    "1ex",
    "0x",
    "0X",
    "0x.",
    "0x.p1",
    "0x1p",
    "0x1p+",
    "0x1.8p1",
    "0X1.FFFFFFFFFFFFFP1023",
    "0x1.fffffffffffff8p1023",
    "0x1p-1074",
    "0x1.8p-1074",
    "0x1p-1075",
    "0x1.0000000000001p-1075",
    "0x1p-1080",
    "0x.00000000000000000000001p0",
    "0x123456789abcdef0123p-20",
    "inf",
    "-INF",
    "infinity",
    "InFiNiTy",
    "infin",
    "infinit",
    "nan",
    "-nan",
    "NaN(123)",
    "nan(abc_XYZ09)",
    "nan(",
    "nan(1",
    "nan()",
    "nanx",
    "in",
    "n",
    "1e-310",
    "2.2250738585072014e-308",
    "2.2250738585072011e-308",
    "2.2250738585072012e-308",
    "2.225073858507201136057409796709131975934819546351645648e-308",
    "4.9e-324",
    "2e-324",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "3e-324",
    "1e-400",
    "1e309",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.7976931348623159e308",
    "17976931348623158079372897140530341507993413271003782693617377898044496829276475094664901797758720709633"
    "0"
    "28641669288791094655554785194040263065748867150582068190890200070838367627385484581771153176447573027006"
    "9"
    "855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
    "9007199254740993",
    "9007199254740992.5",
    "9007199254740993.0000000000000000000001",
    "123456789012345678901234567890",
    "0.000000000000000000000000000000000000000000001",
    "1e-45",
    "1.4e-45",
    "7e-46",
    "7.1e-46",
    "3.4028235e38",
    "3.4028236e38",
    "3.40282357e38",
    "1.17549435e-38",
    "1.1754942e-38",
    "-1e-100000000000",
    "1e100000000000",
    "0e100000000000",
    "1.5e+00000000000000000000000000000000001",
    "12abc",
    "1.2.3",
    "0x1g",
    "--1",
    "+-1",
    "1_000",
    "00000000000000000000000000000000000000001e-20",
    "1000000000000000000000000000000000000000e-39",
};

struct result {
	double v;
	float f;
	int err, ferr;
	long end, fend;
};

static struct result run(int kl, const char *s)
{
	struct result r;
	char *e, *fe;
	if (kl) {
		kl_errno = 0;
		r.v = kl_strtod(s, &e);
		r.err = kl_errno;
		kl_errno = 0;
		r.f = kl_strtof(s, &fe);
		r.ferr = kl_errno;
	} else {
		errno = 0;
		r.v = strtod(s, &e);
		r.err = errno;
		errno = 0;
		r.f = strtof(s, &fe);
		r.ferr = errno;
	}
	r.end = e - s;
	r.fend = fe - s;
	return r;
}

static int same_d(double a, double b)
{
	return (isnan(a) && isnan(b) && signbit(a) == signbit(b)) || !memcmp(&a, &b, sizeof a);
}

static int same_f(float a, float b)
{
	return (isnan(a) && isnan(b) && signbit(a) == signbit(b)) || !memcmp(&a, &b, sizeof a);
}

static char why[400];
/* Whether the library and glibc agree on S (why says how not). */
static int agree(const char *s)
{
	struct result k = run(1, s), g = run(0, s);
	if (same_d(k.v, g.v) && same_f(k.f, g.f) && k.err == g.err && k.ferr == g.ferr && k.end == g.end &&
	    k.fend == g.fend)
		return 1;
	snprintf(why, sizeof why,
	         "\"%.120s\": strtod %a errno %d end %ld, glibc %a errno %d end %ld; strtof %a errno %d end "
	         "%ld, glibc %a errno %d end %ld",
	         s, k.v, k.err, k.end, g.v, g.err, g.end, (double)k.f, k.ferr, k.fend, (double)g.f, g.ferr,
	         g.fend);
	return 0;
}

/* Whether wcstod and wcstof agree with glibc's on S widened. */
static int agree_wide(const char *s)
{
	wchar_t ws[1200];
	size_t n = strlen(s);
	if (n >= COUNT(ws))
		return 1;
	for (size_t i = 0; i <= n; i++)
		ws[i] = (unsigned char)s[i];
	wchar_t *ke, *ge;
	kl_errno = 0;
	errno = 0;
	double kv = kl_wcstod(ws, &ke), gv = wcstod(ws, &ge);
	float kf = kl_wcstof(ws, NULL), gf = wcstof(ws, NULL);
	return same_d(kv, gv) && same_f(kf, gf) && ke == ge && kl_errno == errno;
}

static int check_all(const char *what, const char *const *texts, size_t n, char *buf)
{
	int bad = 0;
	char first[400] = "";
	(void)buf;
	for (size_t i = 0; i < n; i++) {
		if (!agree(texts[i]) && !bad++)
			snprintf(first, sizeof first, "%s", why);
		if (!agree_wide(texts[i]) && !bad++)
			snprintf(first, sizeof first, "wide \"%.100s\"", texts[i]);
	}
	return KT_CHECK(!bad, what, "%d differ, first %s", bad, first);
}

/* A text for a random value: how many digits, where the point and the exponent are. */
static void random_decimal(char *s, size_t cap)
{
	int digits = 1 + (int)(rnd() % (rnd() % 4 == 0 ? 40 : 17));
	size_t k = 0;
	if (rnd() % 2)
		s[k++] = '-';
	int point = (int)(rnd() % (unsigned)(digits + 1));
	for (int i = 0; i < digits && k + 12 < cap; i++) {
		if (i == point)
			s[k++] = '.';
		s[k++] = (char)('0' + rnd() % 10);
	}
	snprintf(s + k, cap - k, "e%d", (int)(rnd() % 700) - 350);
}

/* The exact decimal of the halfway point between X and the next value of its format up (the long double
 * holds it exactly), then one with a digit more or less at the end. */
static void halfway(char *s, size_t cap, long double lo, long double hi, int nudge)
{
	int n = snprintf(s, cap, "%.800Le", (lo + hi) / 2);
	/* the exact expansion, with the trailing zeros the format pads with cut at the exponent */
	char *e = strchr(s, 'e');
	char exp[16];
	snprintf(exp, sizeof exp, "%s", e);
	char *z = e;
	while (z[-1] == '0')
		z--;
	if (nudge > 0)
		*z++ = '1';
	else if (nudge < 0) { /* the last nonzero digit one less, then nines */
		char *d = z - 1;
		while (*d == '0' || *d == '.')
			d--;
		(*d)--;
		for (int i = 0; i < 5; i++)
			*z++ = '9';
	}
	snprintf(z, cap - (size_t)(z - s), "%s", exp);
	(void)n;
}

int main(void)
{
	check_all("strtod and strtof as glibc on the corpus of odd cases", corpus, COUNT(corpus), NULL);
	int bad = 0;
	char first[400] = "", s[1200];
	for (int i = 0; i < 200000; i++) {
		random_decimal(s, sizeof s);
		if (!agree(s) && !bad++)
			snprintf(first, sizeof first, "%s", why);
	}
	KT_CHECK(!bad, "strtod and strtof as glibc on 200000 random decimals", "%d differ, first %s", bad,
	         first);
	bad = 0;
	for (int i = 0; i < 20000; i++) {
		uint64_t u = rnd() & ~(1ull << 63);
		if (u >= 0x7ff0000000000000ull)
			continue;
		double d;
		memcpy(&d, &u, 8);
		float f = (float)d;
		int nudge = (int)(rnd() % 3) - 1;
		halfway(s, sizeof s, d, nextafter(d, INFINITY), nudge);
		if (!agree(s) && !bad++)
			snprintf(first, sizeof first, "%s", why);
		if (isfinite(f) && f != 0) {
			halfway(s, sizeof s, f, nextafterf(f, INFINITY), nudge);
			if (!agree(s) && !bad++)
				snprintf(first, sizeof first, "%s", why);
		}
		if (i % 8 == 0 && !agree_wide(s) && !bad++)
			snprintf(first, sizeof first, "wide %s", s);
	}
	KT_CHECK(
	    !bad,
	    "strtod and strtof as glibc at 20000 halfway points between neighbours, exact and a digit off",
	    "%d differ, first %s", bad, first);
	bad = 0;
	for (int i = 0; i < 20000; i++) {
		uint64_t u = rnd();
		snprintf(s, sizeof s, "%s0x%llx.%llxp%d", u & 1 ? "-" : "",
		         (unsigned long long)(rnd() >> (rnd() % 64)),
		         (unsigned long long)(rnd() >> (rnd() % 64)), (int)(rnd() % 2400) - 1200);
		if (!agree(s) && !bad++)
			snprintf(first, sizeof first, "%s", why);
	}
	KT_CHECK(!bad, "strtod and strtof as glibc on 20000 random hexadecimal floats", "%d differ, first %s",
	         bad, first);
	/* just below the least normal, where tininess before and after rounding differ (glibc's is after) */
	bad = 0;
	for (int k = 1; k < 40; k++) {
		long double below[] = {0x1p-126L - k * 0x1p-156L,      0x1p-1022L - k * 0x1p-1080L,
		                       0x1p-126L - 0x1p-151L,          0x1p-1022L - 0x1p-1076L,
		                       0x1p-126L - k * 0x1p-150L / 64, 0x1p-1022L - k * 0x1p-1074L / 64};
		for (size_t j = 0; j < COUNT(below); j++) {
			snprintf(s, sizeof s, "%.800Le", below[j]);
			if (!agree(s) && !bad++)
				snprintf(first, sizeof first, "%s", why);
		}
	}
	KT_CHECK(!bad, "strtod and strtof as glibc just below the least normal (errno of tiny results)",
	         "%d differ, first %s", bad, first);
	KT_CHECK(kl_atof("  -2.5e3xyz") == -2500.0 && kl_atof("junk") == 0.0, "atof is strtod without an end",
	         "%a", kl_atof("  -2.5e3xyz"));
	return KT_DONE();
}
