// SPDX-License-Identifier: Apache-2.0
/* exp, exp2 and expm1, and their float forms: x = k ln2/32 + r with |r| <= ln2/64, e^x = 2^(k/32) e^r, the
 * power of two a table entry times an exact scale and e^r - 1 a short polynomial; one rounding at the end
 * gives results within about 0.51 ulp of the true value. */
#include <math.h>

#include "libm.h"

/* e^x - 1 - x by Taylor to x^6 and to x^14: x^2 (1/2! + x/3! + ...), straight-line (no loop, so that a
 * kernel loop calling exp stays one block). */
static double taylor_tail6(double x)
{
	return x * x *
	       (((((kiln_inv_fact[6] * x + kiln_inv_fact[5]) * x + kiln_inv_fact[4]) * x + kiln_inv_fact[3]) *
	         x) +
	        kiln_inv_fact[2]);
}

static double taylor_tail14(double x)
{
	double p = kiln_inv_fact[14];
	p = p * x + kiln_inv_fact[13];
	p = p * x + kiln_inv_fact[12];
	p = p * x + kiln_inv_fact[11];
	p = p * x + kiln_inv_fact[10];
	p = p * x + kiln_inv_fact[9];
	p = p * x + kiln_inv_fact[8];
	p = p * x + kiln_inv_fact[7];
	p = p * x + kiln_inv_fact[6];
	p = p * x + kiln_inv_fact[5];
	p = p * x + kiln_inv_fact[4];
	p = p * x + kiln_inv_fact[3];
	p = p * x + kiln_inv_fact[2];
	return x * x * p;
}

/* e^r - 1 for |r| <= ln2/64 (and a little more), to about 2^-60 relative: Taylor to r^6. */
static double expm1_small(double r)
{
	return r + taylor_tail6(r);
}

/* e^(hi + lo) = 2^m (*t + *tail): the table entry and the rest, unscaled. */
static int exp_parts(double hi, double lo, double *t0, double *tail)
{
	double kd = __builtin_rint(hi * 0x1.71547652b82fep+5); /* 32 / ln2 */
	int k = (int)kd;
	double r = (hi - kd * kiln_ln2_32[0]) - kd * kiln_ln2_32[1] + lo;
	double q = expm1_small(r);
	int j = k & 31, m = (k - j) / 32;
	const double *t = kiln_exp2_table[j];
	*t0 = t[0];
	*tail = t[0] * q + t[1] * (1.0 + q);
	return m;
}

double kiln_exp_dd(double hi, double lo)
{
	double t0, tail;
	int m = exp_parts(hi, lo, &t0, &tail);
	return libm_scale(t0 + tail, m);
}

double kiln_exp_dd2(double hi, double lo, double *rlo)
{
	double t0, tail, l;
	int m = exp_parts(hi, lo, &t0, &tail);
	double h = libm_fast_two_sum(t0, tail, &l);
	*rlo = libm_scale(l, m);
	return libm_scale(h, m);
}

static double exp_d(double x)
{
	if (x != x)
		return x + x;
	if (x > 0x1.62e42fefa39efp+9) /* ln(DBL_MAX) */
		return HUGE_VAL;
	if (x < -0x1.74910d52d3052p+9) /* below ln of half the least subnormal */
		return 0.0;
	if (__builtin_fabs(x) < 0x1p-54)
		return 1.0 + x;
	return kiln_exp_dd(x, 0.0);
}

static double exp2_d(double x)
{
	if (x != x)
		return x + x;
	if (x >= 1024.0)
		return HUGE_VAL;
	if (x < -1075.0)
		return 0.0;
	double kd = __builtin_rint(x * 32.0);
	int k = (int)kd;
	double f = x - kd * 0.03125; /* exact */
	double e, r = libm_two_prod(f, kiln_ln2_dd[0], &e);
	r += e + f * kiln_ln2_dd[1];
	double q = expm1_small(r);
	int j = k & 31, m = (k - j) / 32;
	const double *t = kiln_exp2_table[j];
	return libm_scale(t[0] + (t[0] * q + t[1] * (1.0 + q)), m);
}

static double expm1_d(double x)
{
	if (x != x)
		return x + x;
	if (x > 0x1.62e42fefa39efp+9)
		return HUGE_VAL;
	if (x < -38.0)
		return -1.0;
	if (x > 40.0) /* the 1 is below half an ulp of e^x */
		return kiln_exp_dd(x, 0.0);
	double ax = __builtin_fabs(x);
	if (ax < 0x1p-54)
		return x;
	if (ax < 0x1.62e42fefa39efp-2) /* ln2/2: Taylor to x^14, no cancellation */
		return x + taylor_tail14(x);
	double kd = __builtin_rint(x * 0x1.71547652b82fep+5);
	int k = (int)kd;
	double r = (x - kd * kiln_ln2_32[0]) - kd * kiln_ln2_32[1];
	double q = expm1_small(r);
	int j = k & 31, m = (k - j) / 32;
	const double *t = kiln_exp2_table[j];
	/* 2^m t (1 + q) - 1, the - 1 taken exactly */
	double a = libm_scale(t[0], m), b = libm_scale(t[0] * q + t[1] * (1.0 + q), m);
	double e, s = libm_two_sum(a, -1.0, &e);
	return s + (e + b);
}

/* The C names call the code above by its own names: clang would otherwise make (float)exp((double)x)
 * into a call of expf itself. */
double exp(double x)
{
	return exp_d(x);
}

double exp2(double x)
{
	return exp2_d(x);
}

double expm1(double x)
{
	return expm1_d(x);
}

float expf(float x)
{
	return (float)exp_d((double)x);
}

float exp2f(float x)
{
	return (float)exp2_d((double)x);
}

float expm1f(float x)
{
	return (float)expm1_d((double)x);
}
