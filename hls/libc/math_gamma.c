// SPDX-License-Identifier: Apache-2.0
/* tgamma and lgamma, and their float forms. For 0 < x < 10, x = y + n with y in [31/32, 2 - 1/32] and n from
 * -1 to 9 (y = x + 1 below 31/32): lgamma(y) is a degree-11 polynomial on each sixteenth around 1 + j/16
 * (kiln_lgamma_table; the one around 1 is t times a polynomial, so that it keeps its relative accuracy
 * near the zero at 1), and the shift's product (x-1)...(x-n), or x, a double-double with its factors exact
 * (a loop of fixed count). From 10 on, Stirling's series to x^-19. Negative x by the reflection Gamma(x)
 * Gamma(-x) = -pi / (x sin(pi x)) with sin(pi x) from x's exact distance to the nearest integer (so that
 * tgamma keeps its accuracy next to the poles); lgamma next to its zeros in (-16.5, -2), where the
 * reflection's terms cancel, by its expansion about the zero. Every result is rounded once from a
 * double-double (within about 0.57 ulp); the float forms compute in double. There is no signgam: a kernel
 * has no such global, and tgamma gives the sign. */
#include <math.h>

#include "libm.h"

/* (ph + pl) (xh + xl) + (ch + cl) as a double-double: one step of a Horner scheme in double-doubles. */
static double dd_horner(double ph, double pl, double xh, double xl, double ch, double cl, double *lo)
{
	double ml, mh = libm_dd_mul(ph, pl, xh, xl, &ml);
	double e, s = libm_two_sum(ch, mh, &e);
	return libm_fast_two_sum(s, e + ml + cl, lo);
}

/* (ah + al) / (bh + bl) as a double-double. */
static double dd_div(double ah, double al, double bh, double bl, double *lo)
{
	double q = ah / bh;
	double r = __builtin_fma(-q, bh, ah) + al - q * bl;
	return libm_fast_two_sum(q, r / bh, lo);
}

/* sin(pi a) for 0 < a <= 1/2 as a double-double (about 2^-100 relative): Taylor in a below 1/4, else
 * cos(pi (1/2 - a)), the last three steps of each in double-doubles. */
static double sinpi(double a, double *lo)
{
	double ph, pl;
	if (a <= 0.25) {
		double a2l, a2 = libm_two_prod(a, a, &a2l);
		double p = kiln_sinpi[9][0];
		p = p * a2 + kiln_sinpi[8][0];
		p = p * a2 + kiln_sinpi[7][0];
		p = p * a2 + kiln_sinpi[6][0];
		p = p * a2 + kiln_sinpi[5][0];
		p = p * a2 + kiln_sinpi[4][0];
		p = p * a2 + kiln_sinpi[3][0];
		ph = dd_horner(p, 0.0, a2, a2l, kiln_sinpi[2][0], kiln_sinpi[2][1], &pl);
		ph = dd_horner(ph, pl, a2, a2l, kiln_sinpi[1][0], kiln_sinpi[1][1], &pl);
		ph = dd_horner(ph, pl, a2, a2l, kiln_sinpi[0][0], kiln_sinpi[0][1], &pl);
		double e, s = libm_two_prod(a, ph, &e);
		return libm_fast_two_sum(s, e + a * pl, lo);
	}
	double b = 0.5 - a; /* exact */
	double b2l, b2 = libm_two_prod(b, b, &b2l);
	double p = kiln_cospi[10][0];
	p = p * b2 + kiln_cospi[9][0];
	p = p * b2 + kiln_cospi[8][0];
	p = p * b2 + kiln_cospi[7][0];
	p = p * b2 + kiln_cospi[6][0];
	p = p * b2 + kiln_cospi[5][0];
	p = p * b2 + kiln_cospi[4][0];
	p = p * b2 + kiln_cospi[3][0];
	ph = dd_horner(p, 0.0, b2, b2l, kiln_cospi[2][0], kiln_cospi[2][1], &pl);
	ph = dd_horner(ph, pl, b2, b2l, kiln_cospi[1][0], kiln_cospi[1][1], &pl);
	return dd_horner(ph, pl, b2, b2l, 1.0, 0.0, lo);
}

/* For 2^-54 <= z < 10: lgamma(y) as a double-double (returned, and *LL) with z = y + n, and the shift's
 * product *PH + *PL: Gamma(z) = e^lgamma(y) P for n >= 0 (P = (z-1)...(z-n), 1 for n = 0), e^lgamma(y) / P
 * for n = -1 (P = z). Returns n. */
static int gamma_core(double z, double *lh, double *ll, double *ph, double *pl)
{
	/* z = k/16 + t, |t| <= 1/32, exactly; y = 1 + (k mod 16)/16 + t */
	int k = (int)__builtin_rint(z * 16.0);
	double t = z - (double)k * 0.0625;
	const double *a = kiln_lgamma_table[k & 15];
	int n = (k >> 4) - 1;
	double p = a[13];
	p = p * t + a[12];
	p = p * t + a[11];
	p = p * t + a[10];
	p = p * t + a[9];
	p = p * t + a[8];
	p = p * t + a[7];
	p = p * t + a[6];
	p = p * t + a[5];
	p = p * t + a[4];
	/* a0 + t (a1 + t p), the two inner sums kept as double-doubles */
	double ml, mh = libm_fast_two_sum(a[2], t * p, &ml);
	double rl, rh = libm_two_prod(t, mh, &rl);
	double e, s = libm_two_sum(a[0], rh, &e);
	*lh = libm_fast_two_sum(s, e + a[1] + rl + t * (ml + a[3]), ll);
	/* the product of the n factors z - i, each exact; a fixed count, the factors past n being 1 */
	double qh = n < 0 ? z : 1.0, ql = 0.0;
	for (int i = 1; i <= 9; i++) {
		double f = i <= n ? z - (double)i : 1.0;
		double fe, fp = libm_two_prod(qh, f, &fe);
		qh = libm_fast_two_sum(fp, ql * f + fe, &ql);
	}
	*ph = qh;
	*pl = ql;
	return n;
}

/* lgamma(z) for z >= 10, z below kiln_lgamma_max, as a double-double: z (log z - 1) - log(z)/2 + log
 * sqrt(2 pi) + sum B_2k / (2k (2k-1) z^(2k-1)), k = 1 .. 10 (the rest below 2^-66 of the result); about
 * 2^-66 absolute. */
static double stirling(double z, double *lo)
{
	double ll, lh = kiln_log_dd(z, &ll);
	double de, dh = libm_two_sum(lh, -1.0, &de);
	double pl, ph = libm_two_prod(z, dh, &pl);
	pl += z * (de + ll);
	double ce, ch = libm_two_sum(kiln_ln_sqrt_2pi_dd[0], -0.5 * lh, &ce);
	ce += kiln_ln_sqrt_2pi_dd[1] - 0.5 * ll;
	double r = 1.0 / z, rl = __builtin_fma(-r, z, 1.0) / z, r2 = r * r;
	const double *b = kiln_lgamma_stirling;
	double q = b[8];
	q = q * r2 + b[7];
	q = q * r2 + b[6];
	q = q * r2 + b[5];
	q = q * r2 + b[4];
	q = q * r2 + b[3];
	q = q * r2 + b[2];
	q = q * r2 + b[1];
	q = q * r2 + b[0];
	/* the series' first term 1/(12 z) as a double-double: it is up to 1/120 */
	double th = r / 12.0, tl = (__builtin_fma(-th, 12.0, r) + rl) / 12.0;
	double e1, s1 = libm_two_sum(ph, ch, &e1);
	double e2, s2 = libm_two_sum(s1, th, &e2);
	return libm_fast_two_sum(s2, e1 + e2 + pl + ce + tl + r * r2 * q, lo);
}

/* log(ah + al) as a double-double, ah + al positive and normal. */
static double log_of_dd(double ah, double al, double *lo)
{
	double l, h = kiln_log_dd(ah, &l);
	return libm_fast_two_sum(h, l + al / ah, lo);
}

/* For x < 0, not an integer, -x = z: |sin(pi z)| as a double-double, and the sign of Gamma(x), which is that
 * of -sin(pi z). */
static double reflection_sine(double z, double *lo, double *sign)
{
	/* f exact; odd 1 when m is odd */
	double m = __builtin_rint(z), f = z - m, odd = __builtin_fabs(m - 2.0 * __builtin_trunc(m * 0.5));
	*sign = (f < 0) == (odd == 0.0) ? 1.0 : -1.0;
	return sinpi(__builtin_fabs(f), lo);
}

/* For x < 0, not an integer, z = -x < 10: the sign of Gamma(x), and lgamma(z) (returned, *LL) and
 * *DH + *DL = |sin(pi z)| z Gamma(z) / e^lgamma(z), so that |Gamma(x)| = pi / (D e^lgamma(z)). */
static double negative_core(double z, double *ll, double *dh, double *dl, double *sign)
{
	double ph, pl, sl, lh;
	int n = gamma_core(z, &lh, ll, &ph, &pl);
	double sh = reflection_sine(z, &sl, sign);
	if (n >= 0) { /* z Gamma(z) = e^L z P */
		double ml, mh = libm_two_prod(z, ph, &ml);
		ml += z * pl;
		sh = libm_dd_mul(sh, sl, mh, ml, &sl);
	} /* else z Gamma(z) = e^L */
	*dh = sh;
	*dl = sl;
	return lh;
}

/* lgamma(-z) for 2 < z < 16.5 where it is below about 2^-6, from its expansion about the nearest zero (there
 * the reflection formula's terms, tens of times larger, cancel): *R, and 1; else 0. */
static int near_zero(double z, double *r)
{
	double m = __builtin_rint(z);
	int row = 2 * (int)m - 4 - (z < m); /* the zero between m and z's side of it */
	if (row < 0 || row > 27)
		return 0;
	const double *c = kiln_lgamma_zeros[row];
	double d = z - c[0]; /* exact */
	if (!(__builtin_fabs(d * c[3]) < 0x1p-6))
		return 0;
	double el, eh = libm_two_sum(d, -c[1], &el); /* e = z - z0, z0 to 2^-150 or so: e may be tiny */
	el -= c[2];
	double p = c[14];
	p = p * eh + c[13];
	p = p * eh + c[12];
	p = p * eh + c[11];
	p = p * eh + c[10];
	p = p * eh + c[9];
	p = p * eh + c[8];
	p = p * eh + c[7];
	/* g0 + e (g1 + e p), the part past g0 at most 2^-7 of it; lgamma = e g */
	double gh, gl = eh * (c[5] + c[6] + eh * p);
	gh = libm_two_sum(c[3], gl, &gl);
	gl += c[4];
	double lo, hi = libm_dd_mul(eh, el, gh, gl, &lo);
	*r = hi + lo;
	return 1;
}

/* log |Gamma(x)| rounded once. */
static double lgamma_d(double x)
{
	double ax = __builtin_fabs(x), lo, hi, ll, lh;
	if (x != x)
		return x + x;
	if (ax == HUGE_VAL)
		return ax;
	if (x <= 0 && x == __builtin_trunc(x)) /* a pole: 0 or a negative integer */
		return 1.0 / 0.0;
	if (ax < 0x1p-54) { /* -log|x| - Euler x, the second term below 2^-59 of the first */
		hi = kiln_log_dd(ax, &lo);
		return -(hi + lo);
	}
	if (x > 0) {
		if (x >= 10.0) {
			if (x >= kiln_lgamma_max)
				return HUGE_VAL;
			hi = stirling(x, &lo);
			return hi + lo;
		}
		double ph, pl;
		int n = gamma_core(x, &lh, &ll, &ph, &pl);
		hi = log_of_dd(ph, pl, &lo);
		if (n < 0)
			hi = -hi, lo = -lo;
		double e, s = libm_two_sum(lh, hi, &e);
		return s + (e + ll + lo);
	}
	/* lgamma(x) = log(pi / (|sin(pi z)| z Gamma(z))), z = -x, but about a zero by its expansion */
	double sign, dh, dl, r;
	if (ax < 16.5 && near_zero(ax, &r))
		return r;
	if (ax < 10.0) {
		lh = negative_core(ax, &ll, &dh, &dl, &sign);
	} else {
		double sl, sh = reflection_sine(ax, &sl, &sign);
		dh = libm_two_prod(ax, sh, &dl);
		dl += ax * sl;
		lh = stirling(ax, &ll);
	}
	double ql, qh = dd_div(kiln_pi_dd[0], kiln_pi_dd[1], dh, dl, &ql);
	hi = log_of_dd(qh, ql, &lo);
	double e, s = libm_two_sum(hi, -lh, &e);
	return s + (e + lo - ll);
}

/* Gamma(x) rounded once. */
static double tgamma_d(double x)
{
	double ax = __builtin_fabs(x), lo, hi, ll, lh;
	if (x != x)
		return x + x;
	if (x == HUGE_VAL)
		return x;
	if (x == 0) /* +-infinity, by the sign of zero */
		return 1.0 / x;
	if (x < 0 && x == __builtin_trunc(x)) /* a pole, or -infinity: invalid */
		return (x - x) / (x - x);
	if (ax < 0x1p-54) { /* 1/x - Euler */
		double r = 1.0 / x;
		if (ax < 0x1p-1000)
			return r;
		return r + (__builtin_fma(-r, x, 1.0) / x - kiln_euler);
	}
	if (x > 0) {
		if (x > 172.0)
			return HUGE_VAL;
		if (x >= 10.0) {
			hi = stirling(x, &lo);
			return kiln_exp_dd(hi, lo);
		}
		double ph, pl, el;
		int n = gamma_core(x, &lh, &ll, &ph, &pl);
		double eh = kiln_exp_dd2(lh, ll, &el);
		if (n < 0)
			hi = dd_div(eh, el, ph, pl, &lo);
		else
			hi = libm_dd_mul(eh, el, ph, pl, &lo);
		return hi + lo;
	}
	double sign, dh, dl;
	if (ax < 10.0) { /* -pi / (sin(pi z) z Gamma(z)) */
		double el;
		lh = negative_core(ax, &ll, &dh, &dl, &sign);
		double eh = kiln_exp_dd2(lh, ll, &el);
		dh = libm_dd_mul(dh, dl, eh, el, &dl);
		hi = dd_div(kiln_pi_dd[0], kiln_pi_dd[1], dh, dl, &lo);
		return sign * (hi + lo);
	}
	if (ax >= 190.0) { /* below the least subnormal */
		reflection_sine(ax, &lo, &sign);
		return sign * 0.0;
	}
	/* exp(lgamma(x)), scaled by 2^256 where the result is subnormal so that it is rounded once */
	double sl, sh = reflection_sine(ax, &sl, &sign);
	dh = libm_two_prod(ax, sh, &dl);
	dl += ax * sl;
	lh = stirling(ax, &ll);
	double ql, qh = dd_div(kiln_pi_dd[0], kiln_pi_dd[1], dh, dl, &ql);
	hi = log_of_dd(qh, ql, &lo);
	double e, s = libm_two_sum(hi, -lh, &e);
	double gh = libm_fast_two_sum(s, e + lo - ll, &lo);
	if (gh < -800.0)
		return sign * 0.0;
	int scale = gh < -700.0 ? 256 : 0;
	double al, ah = libm_two_sum(gh, (double)scale * kiln_ln2_dd[0], &al);
	double el, eh = kiln_exp_dd2(ah, al + lo + (double)scale * kiln_ln2_dd[1], &el);
	return sign * (scale ? libm_round_scaled(eh, el, scale) : eh + el);
}

/* The C names call the code above by its own names (see math_exp.c). */
double tgamma(double x)
{
	return tgamma_d(x);
}

double lgamma(double x)
{
	return lgamma_d(x);
}

float tgammaf(float x)
{
	return (float)tgamma_d((double)x);
}

float lgammaf(float x)
{
	return (float)lgamma_d((double)x);
}
