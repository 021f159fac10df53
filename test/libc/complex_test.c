// SPDX-License-Identifier: Apache-2.0
/* complex.h and the compiler's complex helpers (hls/libc/math_complex.c, natively under kl_ names) against
 * the system's: __muldc3, __divdc3, __mulsc3 and __divsc3 bit for bit against gcc's runtime (libgcc) on
 * random operands, special values and the extremes where scaling matters, since the board's a * b and a / b
 * must print what the native program prints; every complex.h function at Annex G's special values as glibc
 * (where Annex G leaves a sign unspecified, the part beside a NaN, either sign); and over sweeps of
 * magnitudes, within a few ulps (normwise) of glibc's. */
#include "test/harness.h"
#include "test/libc/kl.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdint.h>

/* libgcc's, which a native complex multiply or divide calls */
double _Complex __muldc3(double a, double b, double c, double d);
double _Complex __divdc3(double a, double b, double c, double d);
float _Complex __mulsc3(float a, float b, float c, float d);
float _Complex __divsc3(float a, float b, float c, float d);

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static const double specials[] = {0.0, -0.0, 1.0,   -1.0,    1.5,       -1.5,    INFINITY, -INFINITY,
                                  NAN, 2e-9, 1e308, -1e-308, 0x1p-1074, DBL_MIN, DBL_MAX};

/* A random operand: a special value, a moderate number, or any bit pattern. */
static double operand(void)
{
	uint64_t u = rnd();
	switch (rnd() % 8) {
	case 0:
		return specials[rnd() % COUNT(specials)];
	case 1:
	case 2:
	case 3:
		return ldexp((double)(int64_t)u / 0x1p63, (int)(rnd() % 61) - 30);
	default: {
		double d;
		memcpy(&d, &u, 8);
		return d;
	}
	}
}

static int same_d(double a, double b)
{
	return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a);
}

static int same_f(float a, float b)
{
	return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof a);
}

static void test_helpers(void)
{
	long bad[4] = {0};
	char at[4][160] = {{0}};
	for (long i = 0; i < 1000000; i++) {
		double a = operand(), b = operand(), c = operand(), d = operand();
		double _Complex k = kl___muldc3(a, b, c, d), g = __muldc3(a, b, c, d);
		if ((!same_d(creal(k), creal(g)) || !same_d(cimag(k), cimag(g))) && !bad[0]++)
			snprintf(at[0], sizeof at[0], "(%a, %a) * (%a, %a)", a, b, c, d);
		k = kl___divdc3(a, b, c, d), g = __divdc3(a, b, c, d);
		if ((!same_d(creal(k), creal(g)) || !same_d(cimag(k), cimag(g))) && !bad[1]++)
			snprintf(at[1], sizeof at[1], "(%a, %a) / (%a, %a)", a, b, c, d);
		float fa = (float)a, fb = (float)b, fc = (float)c, fd = (float)d;
		float _Complex fk = kl___mulsc3(fa, fb, fc, fd), fg = __mulsc3(fa, fb, fc, fd);
		if ((!same_f(crealf(fk), crealf(fg)) || !same_f(cimagf(fk), cimagf(fg))) && !bad[2]++)
			snprintf(at[2], sizeof at[2], "(%a, %a) * (%a, %a)", fa, fb, fc, fd);
		fk = kl___divsc3(fa, fb, fc, fd), fg = __divsc3(fa, fb, fc, fd);
		if ((!same_f(crealf(fk), crealf(fg)) || !same_f(cimagf(fk), cimagf(fg))) && !bad[3]++)
			snprintf(at[3], sizeof at[3], "(%a, %a) / (%a, %a)", fa, fb, fc, fd);
	}
	static const char *const names[] = {"__muldc3", "__divdc3", "__mulsc3", "__divsc3"};
	for (int i = 0; i < 4; i++) {
		char name[128];
		snprintf(name, sizeof name, "%s: 1000000 random and special operands bit for bit as libgcc's",
		         names[i]);
		KT_CHECK(!bad[i], name, "%ld differ, first %s", bad[i], at[i]);
	}
}

typedef double _Complex (*cfn)(double _Complex);
typedef float _Complex (*cfnf)(float _Complex);
static const struct {
	const char *name;
	cfn kl, glibc;
	cfnf klf, glibcf;
} fns[] = {
#define FN(n) {#n, kl_##n, n, kl_##n##f, n##f},
    FN(cacos) FN(casin) FN(catan) FN(ccos) FN(csin) FN(ctan) FN(cacosh) FN(casinh) FN(catanh) FN(ccosh)
        FN(csinh) FN(ctanh) FN(cexp) FN(clog) FN(csqrt) FN(cproj) FN(conj)
#undef FN
};

/* One part of a special value's result: the same class and sign as glibc's, except that beside a NaN
 * (Annex G's "+-inf + iNaN", "NaN +- i0") an infinity's or zero's sign is unspecified; a finite part within
 * EPS relative (the float forms round once from double, glibc's compute in float). */
static int special_part_ok(double k, double g, double k_other, double g_other, double eps)
{
	if (isnan(g) || isnan(k))
		return isnan(g) && isnan(k);
	if (isinf(g) || g == 0) {
		if (k == g && signbit(k) == signbit(g))
			return 1;
		return fabs(k) == fabs(g) && isnan(k_other) && isnan(g_other);
	}
	return fabs(k - g) <= eps * fabs(g);
}

static void test_specials(void)
{
	static const double v[] = {0.0, -0.0, 1.0, -1.0, 1.5, -0.5, INFINITY, -INFINITY, NAN};
	for (size_t f = 0; f < COUNT(fns); f++) {
		int bad = 0;
		char at[200] = "";
		for (size_t i = 0; i < COUNT(v); i++)
			for (size_t j = 0; j < COUNT(v); j++) {
				double _Complex z = CMPLX(v[i], v[j]), k = fns[f].kl(z), g = fns[f].glibc(z);
				float _Complex fz = CMPLXF((float)v[i], (float)v[j]), fk = fns[f].klf(fz),
				               fg = fns[f].glibcf(fz);
				int ok = special_part_ok(creal(k), creal(g), cimag(k), cimag(g),
				                         4 * DBL_EPSILON) &&
				         special_part_ok(cimag(k), cimag(g), creal(k), creal(g),
				                         4 * DBL_EPSILON) &&
				         special_part_ok(crealf(fk), crealf(fg), cimagf(fk), cimagf(fg),
				                         4 * FLT_EPSILON) &&
				         special_part_ok(cimagf(fk), cimagf(fg), crealf(fk), crealf(fg),
				                         4 * FLT_EPSILON);
				if (!ok && !bad++)
					snprintf(at, sizeof at, "%s(%g, %g) = (%a, %a), glibc (%a, %a)",
					         fns[f].name, v[i], v[j], creal(k), cimag(k), creal(g),
					         cimag(g));
			}
		char name[128];
		snprintf(name, sizeof name,
		         "%s and %sf at zeros, ones, infinities and NaNs as glibc (Annex G)", fns[f].name,
		         fns[f].name);
		KT_CHECK(!bad, name, "%d differ, first %s", bad, at);
	}
	/* the parts and the two-argument function */
	int bad = 0;
	for (size_t i = 0; i < COUNT(v); i++)
		for (size_t j = 0; j < COUNT(v); j++) {
			double _Complex z = CMPLX(v[i], v[j]);
			bad += !same_d(kl_creal(z), creal(z)) || !same_d(kl_cimag(z), cimag(z)) ||
			       !same_d(kl_cabs(z), cabs(z)) || !same_d(kl_carg(z), carg(z));
		}
	KT_CHECK(!bad, "creal, cimag, cabs and carg at special values as glibc", "%d differ", bad);
}

/* One part's distance from glibc's: an overflow on one side only is the last step to DBL_MAX. */
static double part_diff(double k, double g)
{
	if (k == g)
		return 0;
	if (isinf(k) != isinf(g) && signbit(k) == signbit(g) &&
	    fmin(fabs(k), fabs(g)) > DBL_MAX * (1 - 0x1p-50))
		return DBL_MAX * DBL_EPSILON;
	return fabs(k - g);
}

/* Normwise error in ulps of the result: |k - g| / |g|, with results below the normal range measured
 * against DBL_MIN (where a subnormal's last bit is its whole precision). */
static double norm_ulps(double _Complex k, double _Complex g)
{
	double scale = fmax(fmin(hypot(creal(g), cimag(g)), DBL_MAX), DBL_MIN);
	return hypot(part_diff(creal(k), creal(g)), part_diff(cimag(k), cimag(g))) / scale / DBL_EPSILON;
}

static void test_sweeps(void)
{
	/* magnitudes: near 1 and the branch points, moderate, and across the whole exponent range */
	static const int spans[] = {8, 60, 200, 2000};
	for (size_t f = 0; f < COUNT(fns); f++) {
		double worst = 0;
		double _Complex worst_at = 0;
		for (size_t s = 0; s < COUNT(spans); s++)
			for (int i = 0; i < 20000; i++) {
				double x = ldexp((double)(int64_t)rnd() / 0x1p63,
				                 (int)(rnd() % (unsigned)spans[s]) - spans[s] / 2);
				double y = ldexp((double)(int64_t)rnd() / 0x1p63,
				                 (int)(rnd() % (unsigned)spans[s]) - spans[s] / 2);
				if (i % 4 == 0 &&
				    fabs(x) <= 1) /* near the unit circle, where log |z| cancels */
					y = copysign(sqrt(fabs(1 - x * x)), y) *
					    (1 + ldexp((double)(int64_t)rnd() / 0x1p63, -30));
				double _Complex z = CMPLX(x, y);
				double e = norm_ulps(fns[f].kl(z), fns[f].glibc(z));
				if (!(e <= worst)) {
					worst = e;
					worst_at = z;
				}
			}
		char name[128];
		snprintf(name, sizeof name, "%s within 10 ulps (normwise) of glibc over 80000 inputs",
		         fns[f].name);
		KT_CHECK(worst <= 10.0, name, "%.3g ulps at (%a, %a)", worst, creal(worst_at),
		         cimag(worst_at));
		printf("# %s: worst %.2f ulps from glibc\n", fns[f].name, worst);
	}
	/* both are exp(y log x): an error of an ulp in w = y log x is one of |w| ulps in the result */
	int cbad = 0;
	char cat[200] = "";
	for (int i = 0; i < 20000; i++) {
		double _Complex x = CMPLX(ldexp((double)(int64_t)rnd() / 0x1p63, (int)(rnd() % 20) - 10),
		                          ldexp((double)(int64_t)rnd() / 0x1p63, (int)(rnd() % 20) - 10));
		double _Complex y =
		    CMPLX((double)(int64_t)rnd() / 0x1p63 * 8, (double)(int64_t)rnd() / 0x1p63 * 8);
		double _Complex l = clog(x);
		double w = hypot(creal(y) * creal(l) - cimag(y) * cimag(l),
		                 creal(y) * cimag(l) + cimag(y) * creal(l));
		double e = norm_ulps(kl_cpow(x, y), cpow(x, y));
		if (!(e <= 8 + 4 * w) && !cbad++)
			snprintf(cat, sizeof cat, "%.3g ulps at (%a, %a) ^ (%a, %a)", e, creal(x), cimag(x),
			         creal(y), cimag(y));
	}
	KT_CHECK(!cbad, "cpow within 8 + 4 |y log x| ulps (normwise) of glibc over 20000 inputs",
	         "%d beyond, first %s", cbad, cat);
	int bad = 0;
	for (int i = 0; i < 20000; i++) {
		double x = ldexp((double)(int64_t)rnd() / 0x1p63, (int)(rnd() % 200) - 100), y = operand();
		double _Complex z = CMPLX(x, y);
		bad += !same_d(kl_cabs(z), cabs(z)) && fabs(kl_cabs(z) - cabs(z)) > cabs(z) * DBL_EPSILON;
		bad += fabs(kl_carg(z) - carg(z)) > fabs(carg(z)) * DBL_EPSILON;
	}
	KT_CHECK(!bad, "cabs and carg within 1 ulp of glibc's", "%d differ", bad);
}

int main(void)
{
	test_helpers();
	test_specials();
	test_sweeps();
	return KT_DONE();
}
