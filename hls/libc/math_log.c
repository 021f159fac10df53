// SPDX-License-Identifier: Apache-2.0
/* log, log2, log10 and log1p, and their float forms, through one double-double logarithm: x = 2^e m with m in
 * [1, 2), m = c (1 + z) with c from 64 steps of a table (1/c a double, z = m/c - 1 by one fused multiply-add,
 * |z| <= 2^-7) and log(1 + z) a Taylor polynomial; near 1, log(1 + f) by Taylor directly. The parts are added
 * with their rounding errors kept, and the result rounded once. */
#include <math.h>

#include "libm.h"

/* (log(1 + z) - z + z^2/2) / z^3 for |z| <= 2^-5: Taylor, to z^12 in all. */
static double log1p_poly(double z)
{
	double p = -kiln_inv_int[12];
	p = p * z + kiln_inv_int[11];
	p = p * z - kiln_inv_int[10];
	p = p * z + kiln_inv_int[9];
	p = p * z - kiln_inv_int[8];
	p = p * z + kiln_inv_int[7];
	p = p * z - kiln_inv_int[6];
	p = p * z + kiln_inv_int[5];
	p = p * z - kiln_inv_int[4];
	return p * z + kiln_inv_int[3];
}

/* log(1 + zh + zl) as a double-double for |zh| <= 2^-5, |zl| <= 2^-52 |zh|: z - z^2/2 exactly, the rest
 * in double (about 2^-70 absolute). */
static double log1p_dd(double zh, double zl, double *lo)
{
	double qe, q = libm_two_prod(zh, zh, &qe);
	double se, s = libm_two_sum(zh, -0.5 * q, &se);
	double rest = se - 0.5 * qe + zh * q * log1p_poly(zh) + (zl - zl * zh);
	return libm_fast_two_sum(s, rest, lo);
}

double kiln_log_dd(double x, double *lo)
{
	uint64_t u = libm_bits(x);
	int e = (int)(u >> 52) - 1023;
	if (e == -1023) { /* subnormal: scaled up first */
		u = libm_bits(x * 0x1p54);
		e = (int)(u >> 52) - 1023 - 54;
	}
	double m = libm_double((u & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
	if ((e == 0 || e == -1) && __builtin_fabs(x - 1.0) < 0x1p-5) /* x - 1 is exact here */
		return log1p_dd(x - 1.0, 0.0, lo);
	/* m/c - 1 = (m (1/c) - 1) exactly as zh + zl: the product as a double-double, less 1 (Sterbenz) */
	int j = (int)((u >> 46) & 63);
	const double *c = kiln_log_table[j];
	double zl, p = libm_two_prod(m, c[0], &zl);
	double zh = p - 1.0;
	double ll, lh = log1p_dd(zh, zl, &ll);
	double ed = (double)e;
	double tl, th = libm_two_sum(ed * kiln_ln2[0], c[1], &tl);
	double sl, s = libm_two_sum(th, lh, &sl);
	double rest = sl + tl + ll + ed * kiln_ln2[1] + c[2];
	return libm_fast_two_sum(s, rest, lo);
}

/* The cases every logarithm shares: NaN, negative, zero, infinity; 0 when X is positive and finite. */
static int special(double x, double *r)
{
	if (x != x) {
		*r = x + x;
		return 1;
	}
	if (x < 0) {
		*r = (x - x) / 0.0; /* NaN, invalid */
		return 1;
	}
	if (x == 0) {
		*r = -HUGE_VAL;
		return 1;
	}
	if (x == HUGE_VAL) {
		*r = x;
		return 1;
	}
	return 0;
}

static double log_d(double x)
{
	double r, lo;
	if (special(x, &r))
		return r;
	double hi = kiln_log_dd(x, &lo);
	return hi + lo;
}

static double log2_d(double x)
{
	double r, lo;
	if (special(x, &r))
		return r;
	double hi = kiln_log_dd(x, &lo), rl;
	double rh = libm_dd_mul(hi, lo, kiln_invln2[0], kiln_invln2[1], &rl);
	return rh + rl;
}

static double log10_d(double x)
{
	double r, lo;
	if (special(x, &r))
		return r;
	double hi = kiln_log_dd(x, &lo), rl;
	double rh = libm_dd_mul(hi, lo, kiln_invln10[0], kiln_invln10[1], &rl);
	return rh + rl;
}

static double log1p_d(double x)
{
	if (x != x)
		return x + x;
	if (x < -1.0)
		return (x - x) / 0.0;
	if (x == -1.0)
		return -HUGE_VAL;
	if (x == HUGE_VAL)
		return x;
	if (__builtin_fabs(x) < 0x1p-54) /* x itself, -0 included */
		return x;
	if (__builtin_fabs(x) < 0x1p-5) {
		double lo, hi = log1p_dd(x, 0.0, &lo);
		return hi + lo;
	}
	/* log(s + e) = log(s) + e/s for s + e = 1 + x exactly */
	double e, s = libm_two_sum(1.0, x, &e), lo;
	double hi = kiln_log_dd(s, &lo);
	return hi + (lo + e / s);
}

/* The C names call the code above by its own names (see math_exp.c). */
double log(double x)
{
	return log_d(x);
}

double log2(double x)
{
	return log2_d(x);
}

double log10(double x)
{
	return log10_d(x);
}

double log1p(double x)
{
	return log1p_d(x);
}

float logf(float x)
{
	return (float)log_d((double)x);
}

float log2f(float x)
{
	return (float)log2_d((double)x);
}

float log10f(float x)
{
	return (float)log10_d((double)x);
}

float log1pf(float x)
{
	return (float)log1p_d((double)x);
}
