// SPDX-License-Identifier: Apache-2.0
/* The kernel math library (hls/libc/math_*.c, compiled natively under kl_ names) against the exact values:
 * each function over a sweep of inputs (random bit patterns, uniform ranges, magnitudes across the exponent
 * range) and edge values, its error measured in ulps of the result's format against the x87 long double
 * function (11 more bits than double), which must stay within 1 ulp; glibc's own error on the same inputs is
 * reported beside it. Special values (C99 Annex F: zeros, infinities, NaNs) must give glibc's results, and
 * the exact functions (fmod, frexp, ldexp, modf, ilogb, logb, nextafter, fdim) glibc's bits everywhere. */
#include "test/harness.h"
#include "test/libc/kl.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double bits_d(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static float bits_f(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static double uniform(double lo, double hi)
{
	return lo + (hi - lo) * (double)(rnd() >> 11) * 0x1p-53;
}

/* Error of GOT against the exact REF in ulps of the double (MANT 53) or float (24) format: 0 when both are
 * NaN or the same infinity, 1e9 for any other NaN or infinity mismatch. REF is first rounded to the format's
 * range (past the largest finite value it is an infinity). */
static double ulps(long double got, long double ref, int mant, int emin, long double max)
{
	if (fabsl(ref) > max * (1 + ldexpl(1, -mant - 1)))
		ref = copysignl(INFINITY, ref);
	if (isnan(got) || isnan(ref))
		return isnan(got) && isnan(ref) ? 0 : 1e9;
	if (isinf(got) || isinf(ref))
		return got == ref ? 0 : 1e9;
	int e;
	frexpl(ref, &e);
	long double u = ldexpl(1, e - mant < emin ? emin : e - mant);
	return (double)(fabsl(got - ref) / u);
}
#define ULPS_D(g, r) ulps((g), (r), 53, -1074, DBL_MAX)
#define ULPS_F(g, r) ulps((g), (r), 24, -149, FLT_MAX)

/* Inputs for a one-argument function with its interesting range [LO, HI]: by thirds random bit patterns,
 * that range, and magnitudes from 2^-1000 to 2^1000 of either sign. */
static double input(long i, double lo, double hi)
{
	switch (i % 3) {
	case 0:
		return bits_d(rnd());
	case 1:
		return uniform(lo, hi);
	default:
		return copysign(ldexp(1.0 + uniform(0, 1), (int)(rnd() % 2000) - 1000),
		                (rnd() & 1) ? 1.0 : -1.0);
	}
}

static const double specials[] = {0.0,       -0.0,    INFINITY, -INFINITY, NAN, 1.0, -1.0,
                                  0x1p-1074, DBL_MAX, -DBL_MAX, 0x1p-1022, 0.5, 2.0};
#define NSPECIAL (sizeof specials / sizeof specials[0])

static int same(double a, double b)
{
	return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

#define N 200000

/* One-argument function: double and float forms against F##l and glibc's. */
#define CHECK1(fn, lo, hi)                                                                                   \
	do {                                                                                                 \
		double worst = 0, glibc = 0, wx = 0, fworst = 0, fglibc = 0, fwx = 0;                        \
		for (long i = 0; i < N; i++) {                                                               \
			double x = input(i, lo, hi);                                                         \
			long double r = fn##l(x);                                                            \
			double e = ULPS_D(kl_##fn(x), r), g = ULPS_D(fn(x), r);                              \
			if (e > worst)                                                                       \
				worst = e, wx = x;                                                           \
			glibc = g > glibc ? g : glibc;                                                       \
			float fx = (i & 1) ? (float)x : bits_f((uint32_t)rnd());                             \
			r = fn##l(fx);                                                                       \
			e = ULPS_F(kl_##fn##f(fx), r), g = ULPS_F(fn##f(fx), r);                             \
			if (e > fworst)                                                                      \
				fworst = e, fwx = fx;                                                        \
			fglibc = g > fglibc ? g : fglibc;                                                    \
		}                                                                                            \
		KT_CHECK(worst <= 1.0,                                                                       \
		         #fn " within 1 ulp of the exact value (glibc's worst on the same inputs shown)",    \
		         "%.3f ulp at %a (glibc %.3f)", worst, wx, glibc);                                   \
		printf("# " #fn ": worst %.3f ulp, glibc's %.3f\n", worst, glibc);                           \
		KT_CHECK(fworst <= 1.0, #fn "f within 1 ulp of the exact value",                             \
		         "%.3f ulp at %a (glibc %.3f)", fworst, fwx, fglibc);                                \
		printf("# " #fn "f: worst %.3f ulp, glibc's %.3f\n", fworst, fglibc);                        \
		int bad = 0;                                                                                 \
		for (size_t s = 0; s < 5; s++) /* zeros, infinities, NaN */                                  \
			bad += !same(kl_##fn(specials[s]), fn(specials[s])) ||                               \
			       !same(kl_##fn##f((float)specials[s]), fn##f((float)specials[s]));             \
		KT_CHECK(!bad, #fn " special values as glibc", "%d differ", bad);                            \
	} while (0)

static void test_pow(void)
{
	double worst = 0, glibc = 0, wx = 0, wy = 0, fworst = 0;
	for (long i = 0; i < N; i++) {
		double x, y;
		switch (i % 4) {
		case 0:
			x = bits_d(rnd()), y = bits_d(rnd());
			break;
		case 1:
			x = uniform(0, 4), y = uniform(-300, 300);
			break;
		case 2:
			x = ldexp(1.0 + uniform(0, 1), (int)(rnd() % 2000) - 1000), y = uniform(-1, 1);
			break;
		default: /* near 1 to large powers: where log's accuracy matters most */
			x = 1 + uniform(-1e-3, 1e-3), y = uniform(-1e5, 1e5);
		}
		if (rnd() & 1)
			x = -x, y = trunc(y);
		long double r = powl(x, y);
		double e = ULPS_D(kl_pow(x, y), r), g = ULPS_D(pow(x, y), r);
		if (e > worst)
			worst = e, wx = x, wy = y;
		if (g < 1e9 && g > glibc)
			glibc = g;
		float fx = (float)uniform(0, 8), fy = (float)uniform(-40, 40);
		e = ULPS_F(kl_powf(fx, fy), powl(fx, fy));
		fworst = e > fworst ? e : fworst;
	}
	KT_CHECK(worst <= 1.0, "pow within 1 ulp of the exact value", "%.3f ulp at pow(%a, %a) (glibc %.3f)",
	         worst, wx, wy, glibc);
	printf("# pow: worst %.3f ulp, glibc's %.3f\n", worst, glibc);
	KT_CHECK(fworst <= 1.0, "powf within 1 ulp of the exact value", "%.3f ulp", fworst);
	int bad = 0;
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			bad += !same(kl_pow(specials[i], specials[j]), pow(specials[i], specials[j]));
	static const double ints[] = {3.0, -3.0, 2.0, -2.0, 0.5};
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < 5; j++)
			bad += !same(kl_pow(specials[i], ints[j]), pow(specials[i], ints[j])) ||
			       !same(kl_pow(-specials[i], ints[j]), pow(-specials[i], ints[j]));
	KT_CHECK(!bad, "pow special values as glibc (C99 F.9.4.4)", "%d differ", bad);
}

static void test_two(void)
{
	double hw = 0, cw = 0;
	long bad[9] = {0};
	for (long i = 0; i < 4 * N; i++) {
		double x = bits_d(rnd()), y = bits_d(rnd());
		if (i % 3 == 1) /* close exponents: the long fmod loops and hypot's cancellation-free range */
			y = x * uniform(0.001, 1000);
		int k = (int)(rnd() % 4400) - 2200, e1, e2;
		double p1, p2;
		bad[0] += !same(kl_fmod(x, y), fmod(x, y)) ||
		          !same(kl_fmodf((float)x, (float)y), fmodf((float)x, (float)y));
		double a = kl_frexp(x, &e1), b = frexp(x, &e2);
		bad[1] += !same(a, b) || e1 != e2;
		bad[2] += !same(kl_ldexp(x, k), ldexp(x, k)) ||
		          !same(kl_ldexpf((float)x, k / 8), ldexpf((float)x, k / 8));
		a = kl_modf(x, &p1), b = modf(x, &p2);
		bad[3] += !same(a, b) || !same(p1, p2);
		bad[4] += kl_ilogb(x) != ilogb(x) || !same(kl_logb(x), logb(x));
		bad[5] += !same(kl_nextafter(x, y), nextafter(x, y)) ||
		          !same(kl_nextafterf((float)x, (float)y), nextafterf((float)x, (float)y));
		bad[6] += !same(kl_fdim(x, y), fdim(x, y));
		int q1, q2;
		double m1 = kl_remquo(x, y, &q1), m2 = remquo(x, y, &q2);
		bad[8] += !same(m1, m2) || (!isnan(m1) && ((q1 & 7) != (q2 & 7) || (q1 < 0) != (q2 < 0))) ||
		          !same(kl_remainder(x, y), remainder(x, y)) ||
		          !same(kl_remainderf((float)x, (float)y), remainderf((float)x, (float)y));
		double h = ULPS_D(kl_hypot(x, y), hypotl(x, y)), c = ULPS_D(kl_cbrt(x), cbrtl(x));
		hw = h > hw ? h : hw;
		cw = c > cw ? c : cw;
		bad[7] += ULPS_F(kl_hypotf((float)x, (float)y), hypotl((float)x, (float)y)) > 1.0 ||
		          ULPS_F(kl_cbrtf((float)x), cbrtl((float)x)) > 1.0;
	}
	static const char *const names[] = {"fmod, fmodf", "frexp",     "ldexp, ldexpf", "modf",
	                                    "ilogb, logb", "nextafter", "fdim",          "hypotf, cbrtf"};
	for (int i = 0; i < 8; i++) {
		char name[96];
		snprintf(name, sizeof name, "%s %s", names[i], i == 7 ? "within 1 ulp" : "exactly as glibc");
		KT_CHECK(!bad[i], name, "%ld inputs differ", bad[i]);
	}
	KT_CHECK(isnan(kl_nan("")) && isnan(kl_nanf("7")), "nan and nanf give NaNs", "not NaN");
	KT_CHECK(hw <= 1.0, "hypot within 1 ulp of the exact value", "%.3f ulp", hw);
	KT_CHECK(cw <= 1.0, "cbrt within 1 ulp of the exact value", "%.3f ulp", cw);
	printf("# hypot: worst %.3f ulp; cbrt: worst %.3f ulp\n", hw, cw);
	int sbad = 0;
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			sbad += !same(kl_hypot(specials[i], specials[j]), hypot(specials[i], specials[j])) ||
			        !same(kl_hypotf((float)specials[i], (float)specials[j]),
			              hypotf((float)specials[i], (float)specials[j]));
	KT_CHECK(!sbad, "hypot and hypotf special values as glibc (C99 F.9.4.3), hypot(0, 0) included",
	         "%d differ", sbad);
	/* nexttoward steps towards a long double: also towards one that only the wider format tells from x */
	int nbad = 0;
	for (size_t i = 0; i < NSPECIAL; i++)
		for (size_t j = 0; j < NSPECIAL; j++) {
			long double y[] = {specials[j], (long double)specials[i] + 0x1p-70L,
			                   (long double)specials[i] - 0x1p-70L};
			for (size_t k = 0; k < 3; k++)
				nbad +=
				    !same(kl_nexttoward(specials[i], y[k]), nexttoward(specials[i], y[k])) ||
				    !same(kl_nexttowardf((float)specials[i], y[k]),
				          nexttowardf((float)specials[i], y[k]));
		}
	KT_CHECK(!nbad, "nexttoward and nexttowardf as glibc, towards long doubles beside x included",
	         "%d differ", nbad);
}

static void test_atan2(void)
{
	double worst = 0, glibc = 0, wy = 0, wx = 0, fworst = 0;
	for (long i = 0; i < N; i++) {
		double y = (i & 1) ? bits_d(rnd()) : uniform(-5, 5),
		       x = (i & 1) ? bits_d(rnd()) : uniform(-5, 5);
		long double r = atan2l(y, x);
		double e = ULPS_D(kl_atan2(y, x), r), g = ULPS_D(atan2(y, x), r);
		if (e > worst)
			worst = e, wy = y, wx = x;
		glibc = g > glibc ? g : glibc;
		e = ULPS_F(kl_atan2f((float)y, (float)x), atan2l((float)y, (float)x));
		fworst = e > fworst ? e : fworst;
	}
	KT_CHECK(worst <= 1.0, "atan2 within 1 ulp of the exact value",
	         "%.3f ulp at atan2(%a, %a) (glibc %.3f)", worst, wy, wx, glibc);
	printf("# atan2: worst %.3f ulp, glibc's %.3f\n", worst, glibc);
	KT_CHECK(fworst <= 1.0, "atan2f within 1 ulp of the exact value", "%.3f ulp", fworst);
	int bad = 0;
	for (size_t i = 0; i < 5; i++)
		for (size_t j = 0; j < NSPECIAL; j++)
			bad += !same(kl_atan2(specials[i], specials[j]), atan2(specials[i], specials[j])) ||
			       !same(kl_atan2(specials[j], specials[i]), atan2(specials[j], specials[i]));
	KT_CHECK(!bad, "atan2 special values as glibc (C99 F.9.1.4)", "%d differ", bad);
}

/* Inputs for the sweeps where erfc, tgamma and lgamma are hardest. */
enum hard { ERFC_TAIL, NEAR_POLES, NEAR_ONE_TWO, NEGATIVE, NEAR_ZEROS };
static long double lgamma_zeros[28];

/* lgamma's zeros in (-16, -2), two between each pair of integers, by bisection on lgammal: they are where
 * the reflection formula's terms cancel. */
static void find_lgamma_zeros(void)
{
	for (int i = 0; i < 28; i++) {
		int n = 2 + i / 2;
		/* the zero in the upper half of (-n-1, -n), then the lower: lgammal is negative at -n-1/2 */
		long double lo = -n - 0.5L, hi = i % 2 ? -n - 1 + 1e-18L : -n - 1e-18L;
		for (int k = 0; k < 100; k++) {
			long double mid = (lo + hi) / 2;
			if (lgammal(mid) < 0)
				lo = mid;
			else
				hi = mid;
		}
		lgamma_zeros[i] = lo;
	}
}

static double hard_input(enum hard h)
{
	switch (h) {
	case ERFC_TAIL:
		return uniform(1, 27.3);
	case NEAR_POLES: /* -n + d, d from 2^-50 to 1/2 of either sign */
		return -(double)(1 + rnd() % 184) + ldexp(uniform(-1, 1), -(int)(rnd() % 50));
	case NEAR_ONE_TWO:
		return (rnd() & 1 ? 1.0 : 2.0) + ldexp(uniform(-1, 1), -(int)(rnd() % 52));
	case NEGATIVE:
		return uniform(-10, 0);
	default: { /* within 2^-60 .. 2^-5 of a zero, or a few ulps */
		long double z = lgamma_zeros[rnd() % 28];
		if (rnd() & 1)
			return (double)z + ldexp(fabs((double)z), -52) * (double)((int)(rnd() % 41) - 20);
		return (double)(z + ldexpl(uniform(-1, 1), -5 - (int)(rnd() % 55)));
	}
	}
}

/* F and F##f over the inputs H, against F##l, within BOUND ulps; glibc's worst on the same inputs shown. */
#define CHECK_HARD(fn, h, what, bound)                                                                       \
	do {                                                                                                 \
		double worst = 0, glibc = 0, wx = 0, fworst = 0, fglibc = 0;                                 \
		for (long i = 0; i < N / 2; i++) {                                                           \
			double x = hard_input(h);                                                            \
			long double r = fn##l(x);                                                            \
			double e = ULPS_D(kl_##fn(x), r), g = ULPS_D(fn(x), r);                              \
			if (e > worst)                                                                       \
				worst = e, wx = x;                                                           \
			glibc = g > glibc ? g : glibc;                                                       \
			float fx = (float)x;                                                                 \
			r = fn##l(fx);                                                                       \
			e = ULPS_F(kl_##fn##f(fx), r), g = ULPS_F(fn##f(fx), r);                             \
			fworst = e > fworst ? e : fworst;                                                    \
			fglibc = g > fglibc ? g : fglibc;                                                    \
		}                                                                                            \
		KT_CHECK(worst <= (bound) && fworst <= (bound),                                              \
		         #fn " and " #fn "f within " #bound " ulp " what, "%.3f ulp at %a (glibc %.3f)",     \
		         worst, wx, glibc);                                                                  \
		printf("# " #fn " " what ": worst %.3f ulp, glibc's %.3f; " #fn "f %.3f, glibc's %.3f\n",    \
		       worst, glibc, fworst, fglibc);                                                        \
	} while (0)

/* erf, erfc, tgamma and lgamma where the result is exact, infinite or zero (poles, overflow, underflow, C99
 * F.9.5): glibc's, sign included, in both widths. */
#define SAME_AT(fn, list)                                                                                    \
	for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)                                            \
	bad +=                                                                                               \
	    !same(kl_##fn(list[i]), fn(list[i])) || !same(kl_##fn##f((float)list[i]), fn##f((float)list[i]))
static void test_special_edges(void)
{
	static const double erfs[] = {0.0, -0.0, INFINITY, -INFINITY, NAN,
	                              6.0, -6.0, 1e300,    -1e300,    0x1p-1074};
	static const double erfcs[] = {0.0,  -0.0, INFINITY, -INFINITY, NAN,
	                               -6.0, 28.0, 1e300,    -1e300,    DBL_MAX};
	static const double lgammas[] = {0.0,  -0.0, INFINITY, -INFINITY, NAN,     1.0,     2.0,
	                                 -1.0, -2.0, -171.0,   -1e300,    DBL_MAX, 2.6e305, -0x1p52};
	static const double tgammas[] = {0.0,       -0.0,       INFINITY,  -INFINITY,  NAN,     1.0,
	                                 2.0,       -1.0,       -2.0,      -171.0,     -1e300,  1e300,
	                                 DBL_MAX,   -DBL_MAX,   171.7,     172.0,      -190.5,  -191.5,
	                                 0x1p-1074, -0x1p-1074, 0x1p-1030, -0x1p-1030, -0x1p52, 0x1p53};
	int bad = 0;
	SAME_AT(erf, erfs);
	SAME_AT(erfc, erfcs);
	SAME_AT(lgamma, lgammas);
	SAME_AT(tgamma, tgammas);
	KT_CHECK(!bad, "erf, erfc, lgamma, tgamma at poles, overflow, underflow and exact values as glibc",
	         "%d differ", bad);
}

int main(void)
{
	CHECK1(exp, -745, 710);
	CHECK1(exp2, -1075, 1024);
	CHECK1(expm1, -40, 710);
	CHECK1(log, 0, 4);
	CHECK1(log2, 0, 4);
	CHECK1(log10, 0, 4);
	CHECK1(log1p, -1, 4);
	CHECK1(sin, -10, 10);
	CHECK1(cos, -10, 10);
	CHECK1(tan, -10, 10);
	CHECK1(atan, -4, 4);
	CHECK1(asin, -1, 1);
	CHECK1(acos, -1, 1);
	CHECK1(sinh, -30, 30);
	CHECK1(cosh, -30, 30);
	CHECK1(tanh, -3, 3);
	CHECK1(asinh, -30, 30);
	CHECK1(acosh, 1, 30);
	CHECK1(atanh, -1, 1);
	CHECK1(erf, -6, 6);
	CHECK1(erfc, -6, 28);
	CHECK1(tgamma, -180, 172);
	CHECK1(lgamma, -50, 1e6);
	find_lgamma_zeros();
	CHECK_HARD(erfc, ERFC_TAIL, "over erfc's tail 1 .. 27.3", 1.0);
	CHECK_HARD(tgamma, NEAR_POLES, "next to the poles -1 .. -184", 1.0);
	CHECK_HARD(lgamma, NEAR_ONE_TWO, "next to the zeros 1 and 2", 1.0);
	CHECK_HARD(lgamma, NEGATIVE, "over -10 .. 0", 1.0);
	CHECK_HARD(lgamma, NEAR_ZEROS, "next to the negative zeros -2.46 .. -15.99", 1.0);
	CHECK_HARD(tgamma, NEGATIVE, "over -10 .. 0", 1.0);
	test_special_edges();
	test_atan2();
	test_pow();
	test_two();
	return kt_failures != 0;
}
