// SPDX-License-Identifier: Apache-2.0
/* erf and erfc, and their float forms. Up to |x| = 1/2, erf x = x (2/sqrt(pi) + x^2 P(x^2)) by Taylor. Past
 * it erfc x = e^-x^2 g(x), where g(x) = e^x^2 erfc(x) is smooth and slowly varying (about 1/(x sqrt(pi))): a
 * degree-12 polynomial on each eighth of an octave from 1/2 to 32 (kiln_erfcx_table), e^-x^2 the
 * double-double exponential of x^2 taken exactly. erf x = 1 - erfc x there, erfc -x = 2 - erfc x. Every
 * result is rounded once from a double-double (within about 0.6 ulp); the float forms compute in double. */
#include <math.h>

#include "libm.h"

/* erf(x) for |x| <= 1/2 as a double-double: the leading coefficient and x^2 as double-doubles, the Taylor
 * tail (at most a twelfth of the sum) in double. */
static double erf_small(double x, double *lo)
{
	const double *a = kiln_erf_small; /* a[0] + a[1] = 2/sqrt(pi), a[1 + n] = a_n */
	double x2l, x2 = libm_two_prod(x, x, &x2l);
	double p = a[14];
	p = p * x2 + a[13];
	p = p * x2 + a[12];
	p = p * x2 + a[11];
	p = p * x2 + a[10];
	p = p * x2 + a[9];
	p = p * x2 + a[8];
	p = p * x2 + a[7];
	p = p * x2 + a[6];
	p = p * x2 + a[5];
	p = p * x2 + a[4];
	p = p * x2 + a[3];
	double ml, mh = libm_fast_two_sum(a[2], x2 * p, &ml);
	double ql, qh = libm_dd_mul(x2, x2l, mh, ml, &ql);
	double sl, sh = libm_fast_two_sum(a[0], qh, &sl);
	sl += a[1] + ql;
	double pl, ph = libm_two_prod(x, sh, &pl);
	return libm_fast_two_sum(ph, pl + x * sl, lo);
}

/* erfc(x) 2^SCALE for 1/2 <= x < 32 as a double-double, SCALE 0 or 128 (from x = 25 on, so that e^-x^2
 * 2^SCALE stays normal where erfc is subnormal). */
static double erfc_tail(double x, int scale, double *lo)
{
	/* the row of x's eighth of an octave, and its centre 2^e (1 + j/8 + 1/16); t = x - centre is exact */
	uint64_t u = libm_bits(x);
	const double *a = kiln_erfcx_table[(int)(u >> 49 & 7) + 8 * ((int)(u >> 52) - 1022)];
	double t = x - libm_double((u & 0xfffe000000000000ull) | 0x0001000000000000ull);
	double p = a[14];
	p = p * t + a[13];
	p = p * t + a[12];
	p = p * t + a[11];
	p = p * t + a[10];
	p = p * t + a[9];
	p = p * t + a[8];
	p = p * t + a[7];
	p = p * t + a[6];
	p = p * t + a[5];
	p = p * t + a[4];
	double rl, rh = libm_two_prod(t, a[2], &rl);
	double ge, gh = libm_two_sum(a[0], rh, &ge);
	double gl = ge + a[1] + rl + t * a[3] + t * t * p; /* the linear term is at most 1/16 of g */
	gh = libm_fast_two_sum(gh, gl, &gl);
	/* e^(-x^2 + SCALE ln2) */
	double x2l, x2 = libm_two_prod(x, x, &x2l);
	double ae, ah = libm_two_sum(-x2, (double)scale * kiln_ln2_dd[0], &ae);
	double el, eh = kiln_exp_dd2(ah, ae - x2l + (double)scale * kiln_ln2_dd[1], &el);
	return libm_dd_mul(eh, el, gh, gl, lo);
}

/* erf(x) rounded once. */
static double erf_d(double x)
{
	double ax = __builtin_fabs(x), r, lo, hi;
	if (x != x)
		return x + x;
	if (ax < 0x1p-900) { /* scaled, so that a subnormal result is rounded once */
		hi = erf_small(ax * 0x1p128, &lo);
		r = libm_round_scaled(hi, lo, 128);
	} else if (ax <= 0.5) {
		hi = erf_small(ax, &lo);
		r = hi + lo;
	} else if (ax < 6.0) { /* past 6, erfc is below half an ulp of 1 */
		hi = erfc_tail(ax, 0, &lo);
		double e, s = libm_two_sum(1.0, -hi, &e);
		r = s + (e - lo);
	} else
		r = 1.0;
	return __builtin_copysign(r, x); /* odd, -0 included */
}

/* erfc(x) rounded once. */
static double erfc_d(double x)
{
	double ax = __builtin_fabs(x), lo, hi, e, s;
	if (x != x)
		return x + x;
	if (ax <= 0.5) {
		hi = erf_small(x, &lo);
		s = libm_two_sum(1.0, -hi, &e);
		return s + (e - lo);
	}
	if (x < 0) { /* 2 - erfc |x|; past -6 that is 2 to the double */
		if (x < -6.0)
			return 2.0;
		hi = erfc_tail(ax, 0, &lo);
		s = libm_two_sum(2.0, -hi, &e);
		return s + (e - lo);
	}
	if (x >= 27.5) /* erfc is below half the least subnormal from about 27.23 on */
		return 0.0;
	int scale = x > 25.0 ? 128 : 0;
	hi = erfc_tail(x, scale, &lo);
	return scale ? libm_round_scaled(hi, lo, scale) : hi + lo;
}

/* The C names call the code above by its own names (see math_exp.c). */
double erf(double x)
{
	return erf_d(x);
}

double erfc(double x)
{
	return erfc_d(x);
}

float erff(float x)
{
	return (float)erf_d((double)x);
}

float erfcf(float x)
{
	return (float)erfc_d((double)x);
}
