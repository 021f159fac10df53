// SPDX-License-Identifier: Apache-2.0
/* pow and powf: x^y = e^(y log x) with log x a double-double (kiln_log_dd), the product y log x a
 * double-double too, and e^ of it rounded once (kiln_exp_dd); the special cases are C99's (Annex F). */
#include <math.h>

#include "libm.h"

/* 0: y is not an integer; 1: an odd integer; 2: an even integer. */
static int int_kind(double y)
{
	if (__builtin_trunc(y) != y)
		return 0;
	if (__builtin_fabs(y) >= 0x1p53)
		return 2;
	double h = y * 0.5;
	return __builtin_trunc(h) != h ? 1 : 2;
}

static double pow_d(double x, double y)
{
	if (y == 0 || x == 1.0)
		return 1.0;
	if (x != x || y != y)
		return x + y;
	int k = int_kind(y);
	double ax = __builtin_fabs(x);
	if (__builtin_fabs(y) == HUGE_VAL) {
		if (ax == 1.0)
			return 1.0;
		return (ax < 1.0) == (y < 0) ? HUGE_VAL : 0.0;
	}
	if (x == 0 || ax == HUGE_VAL) {
		/* 0^y and inf^y: magnitude 0 or inf, negative for an odd integer y and negative x */
		int big = (x == 0) == (y < 0);
		double r = big ? HUGE_VAL : 0.0;
		return k == 1 && __builtin_signbit(x) ? -r : r;
	}
	double sign = 1.0;
	if (x < 0) {
		if (!k)
			return (x - x) / 0.0; /* NaN, invalid */
		if (k == 1)
			sign = -1.0;
	}
	double ll, lh = kiln_log_dd(ax, &ll);
	double pl, ph = libm_two_prod(y, lh, &pl);
	pl += y * ll;
	if (ph > 710.0)
		return sign * HUGE_VAL;
	if (ph < -746.0)
		return sign * 0.0;
	return sign * kiln_exp_dd(ph, pl);
}

/* The C names call the code above by its own name (see math_exp.c). */
double pow(double x, double y)
{
	return pow_d(x, y);
}

float powf(float x, float y)
{
	return (float)pow_d((double)x, (double)y);
}
