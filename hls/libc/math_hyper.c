// SPDX-License-Identifier: Apache-2.0
/* sinh, cosh, tanh, asinh, acosh and atanh, and their float forms, from the double-double exponential and
 * logarithm (kiln_exp_dd2, kiln_log_dd) with Taylor polynomials where those would cancel: sinh below 1 and
 * e^2x - 1 below ln2/4. Every result is rounded once; the float forms compute in double. */
#include <math.h>

#include "libm.h"

/* sinh x for |x| <= 1 as x + x^3/3! (a double-double) + Taylor to x^21. */
static double sinh_small(double x)
{
	double x2l, x2 = libm_two_prod(x, x, &x2l);
	double x3l, x3 = libm_two_prod(x, x2, &x3l);
	x3l += x * x2l;
	double t1l, t1 = libm_two_prod(x3, kiln_inv_fact[3], &t1l);
	t1l += x3l * kiln_inv_fact[3] + x3 * kiln_inv_fact_lo[3];
	double p = kiln_inv_fact[21];
	p = p * x2 + kiln_inv_fact[19];
	p = p * x2 + kiln_inv_fact[17];
	p = p * x2 + kiln_inv_fact[15];
	p = p * x2 + kiln_inv_fact[13];
	p = p * x2 + kiln_inv_fact[11];
	p = p * x2 + kiln_inv_fact[9];
	p = p * x2 + kiln_inv_fact[7];
	p = p * x2 + kiln_inv_fact[5];
	double se, s = libm_two_sum(x, t1, &se);
	return s + (se + t1l + x3 * x2 * p);
}

/* e^|x| / 2 and e^-|x| / 2 for 1 <= |x| <= 22 as double-doubles, combined with SIGN (-1: sinh, 1: cosh). */
static double exp_pair(double ax, double sign)
{
	double el, eh = kiln_exp_dd2(ax, 0.0, &el);
	double ih = 1.0 / eh, il = (__builtin_fma(-ih, eh, 1.0) - ih * el) / eh;
	double e, s = libm_two_sum(eh, sign * ih, &e);
	return 0.5 * (s + (e + el + sign * il));
}

/* e^(|x| - ln2), that is e^|x| / 2, for |x| > 22 (where e^-|x| is below its half ulp). */
static double half_exp(double ax)
{
	if (ax > 711.0) /* past the largest double */
		return HUGE_VAL;
	double l, h = libm_two_sum(ax, -kiln_ln2_dd[0], &l);
	return kiln_exp_dd(h, l - kiln_ln2_dd[1]);
}

static double sinh_d(double x)
{
	double ax = __builtin_fabs(x), r;
	if (x != x)
		return x + x;
	if (ax < 0x1p-27 || ax == HUGE_VAL)
		return x;
	if (ax <= 1.0)
		return sinh_small(x);
	r = ax > 22.0 ? half_exp(ax) : exp_pair(ax, -1.0);
	return __builtin_copysign(r, x);
}

static double cosh_d(double x)
{
	double ax = __builtin_fabs(x);
	if (x != x)
		return x + x;
	if (ax < 0x1p-27)
		return 1.0;
	if (ax == HUGE_VAL)
		return ax;
	if (ax > 22.0)
		return half_exp(ax);
	/* below 1 as well: e^x and e^-x have the same sign, no cancellation */
	double el, eh = kiln_exp_dd2(ax, 0.0, &el);
	double ih = 1.0 / eh, il = (__builtin_fma(-ih, eh, 1.0) - ih * el) / eh;
	double e, s = libm_two_sum(eh, ih, &e);
	return 0.5 * (s + (e + el + il));
}

static double tanh_d(double x)
{
	double ax = __builtin_fabs(x);
	if (x != x)
		return x + x;
	if (ax < 0x1p-27)
		return x;
	if (ax > 22.0)
		return __builtin_copysign(1.0, x);
	/* tanh |x| = E / (E + 2) with E = e^2|x| - 1 as a double-double */
	double y = 2.0 * ax, eh, el;
	if (y < 0x1.62e42fefa39efp-2) { /* Taylor: y + y^2/2 (a double-double) + y^3 (1/3! + ...) */
		double ql, q = libm_two_prod(y, y, &ql);
		double p = kiln_inv_fact[14];
		p = p * y + kiln_inv_fact[13];
		p = p * y + kiln_inv_fact[12];
		p = p * y + kiln_inv_fact[11];
		p = p * y + kiln_inv_fact[10];
		p = p * y + kiln_inv_fact[9];
		p = p * y + kiln_inv_fact[8];
		p = p * y + kiln_inv_fact[7];
		p = p * y + kiln_inv_fact[6];
		p = p * y + kiln_inv_fact[5];
		p = p * y + kiln_inv_fact[4];
		p = p * y + kiln_inv_fact[3];
		double se, s = libm_two_sum(y, 0.5 * q, &se);
		eh = libm_fast_two_sum(s, se + 0.5 * ql + y * q * p, &el);
	} else {
		double xl, xh = kiln_exp_dd2(y, 0.0, &xl);
		double e;
		eh = libm_two_sum(xh, -1.0, &e);
		eh = libm_fast_two_sum(eh, e + xl, &el);
	}
	double dl, dh = libm_two_sum(eh, 2.0, &dl);
	dl += el;
	double q = eh / dh;
	double r = __builtin_fma(-q, dh, eh) + el - q * dl;
	return __builtin_copysign(q + r / dh, x);
}

/* log(ah + al) rounded once, ah + al >= 1. */
static double log_of_dd(double ah, double al)
{
	double lo, hi = kiln_log_dd(ah, &lo);
	return hi + (lo + al / ah);
}

/* sqrt(x^2 + s) as a double-double, s = 1 or -1, x^2 + s > 0. */
static double root(double x, double s, double *lo)
{
	double pl, ph = libm_two_prod(x, x, &pl);
	double de, dh = libm_two_sum(ph, s, &de);
	double dl = de + pl;
	double h = __builtin_sqrt(dh);
	*lo = (__builtin_fma(-h, h, dh) + dl) / (2.0 * h);
	return h;
}

static double asinh_d(double x)
{
	double ax = __builtin_fabs(x), r;
	if (x != x)
		return x + x;
	if (ax == HUGE_VAL || ax < 0x1p-27)
		return x;
	if (ax > 0x1p28) {          /* log 2|x| */
		double lo, hi = kiln_log_dd(ax, &lo);
		double e, s = libm_two_sum(hi, kiln_ln2_dd[0], &e);
		r = s + (e + lo + kiln_ln2_dd[1]);
	} else {
		double sl, sh = root(ax, 1.0, &sl);
		double al, ah = libm_two_sum(ax, sh, &al);
		r = log_of_dd(ah, al + sl);
	}
	return __builtin_copysign(r, x);
}

static double acosh_d(double x)
{
	if (x != x)
		return x + x;
	if (x < 1.0)
		return (x - x) / (x - x);
	if (x == HUGE_VAL)
		return x;
	if (x > 0x1p28) {
		double lo, hi = kiln_log_dd(x, &lo);
		double e, s = libm_two_sum(hi, kiln_ln2_dd[0], &e);
		return s + (e + lo + kiln_ln2_dd[1]);
	}
	if (x == 1.0)
		return 0.0;
	double sl, sh = root(x, -1.0, &sl);
	double al, ah = libm_two_sum(x, sh, &al);
	return log_of_dd(ah, al + sl);
}

static double atanh_d(double x)
{
	double ax = __builtin_fabs(x);
	if (x != x)
		return x + x;
	if (ax > 1.0)
		return (x - x) / (x - x);
	if (ax == 1.0)
		return x / 0.0; /* +-infinity */
	if (ax < 0x1p-27)
		return x;
	/* (log(1 + |x|) - log(1 - |x|)) / 2, each logarithm of a double-double */
	double pl, ph = libm_two_sum(1.0, ax, &pl);
	double ml, mh = libm_two_sum(1.0, -ax, &ml);
	double l1l, l1 = kiln_log_dd(ph, &l1l);
	double l2l, l2 = kiln_log_dd(mh, &l2l);
	l1l += pl / ph;
	l2l += ml / mh;
	double e, s = libm_two_sum(l1, -l2, &e);
	return __builtin_copysign(0.5 * (s + (e + l1l - l2l)), x);
}

/* The C names call the code above by its own names (see math_exp.c). */
double sinh(double x)
{
	return sinh_d(x);
}

double cosh(double x)
{
	return cosh_d(x);
}

double tanh(double x)
{
	return tanh_d(x);
}

double asinh(double x)
{
	return asinh_d(x);
}

double acosh(double x)
{
	return acosh_d(x);
}

double atanh(double x)
{
	return atanh_d(x);
}

float sinhf(float x)
{
	return (float)sinh_d((double)x);
}

float coshf(float x)
{
	return (float)cosh_d((double)x);
}

float tanhf(float x)
{
	return (float)tanh_d((double)x);
}

float asinhf(float x)
{
	return (float)asinh_d((double)x);
}

float acoshf(float x)
{
	return (float)acosh_d((double)x);
}

float atanhf(float x)
{
	return (float)atanh_d((double)x);
}
