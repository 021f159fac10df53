// SPDX-License-Identifier: Apache-2.0
/* remainder, remquo and nan, and their float forms. remainder(x, y) = x - n y with n the integer nearest x/y
 * (ties to even), exactly: fmod by 8|y| (exact) leaves x mod 8|y|, from which subtracting 4|y|, 2|y| and |y|
 * where they fit gives n's low three bits (each subtraction exact), and one more step rounds to nearest. */
#include <math.h>

#include "libm.h"

/* |x| - n |y| for finite x, nonzero finite y, n nearest |x|/|y|; *Q gets n's low three bits. */
static double rem_core(double ax, double ay, int *q)
{
	int n = 0;
	double scale = 1.0;
	if (ay > 0x1p1020) { /* 8|y| would overflow: both scaled by 1/8 (exact, unless x is the answer) */
		if (ax < 0.5 * ay) {
			*q = 0;
			return ax;
		}
		ax *= 0.125;
		ay *= 0.125;
		scale = 8.0;
	}
	/* x modulo 8|y| (exact), then n's low three bits by subtracting 4|y|, 2|y|, |y| where they fit */
	double r = fmod(ax, 8.0 * ay);
	double s = 4.0 * ay;
	for (int i = 0; i < 3; i++, s *= 0.5) {
		n <<= 1;
		if (r >= s) {
			r -= s; /* exact: s <= r < 2s */
			n |= 1;
		}
	}
	/* now r < |y|: round the quotient to nearest, ties to even */
	int up = ay > 0x1p1021 ? (r > ay - r || (r == ay - r && (n & 1)))
	                       : (2.0 * r > ay || (2.0 * r == ay && (n & 1)));
	if (up) {
		r -= ay;
		n++;
	}
	*q = n & 7;
	return r * scale;
}

static double remquo_d(double x, double y, int *quo)
{
	*quo = 0;
	if (x != x || y != y)
		return x + y;
	if (__builtin_fabs(x) == HUGE_VAL || y == 0)
		return (x * y) / (x * y); /* NaN, invalid */
	if (__builtin_fabs(y) == HUGE_VAL)
		return x;
	int q;
	double r = rem_core(__builtin_fabs(x), __builtin_fabs(y), &q);
	*quo = __builtin_signbit(x) != __builtin_signbit(y) ? -q : q;
	return __builtin_signbit(x) ? -r : r;
}

double remainder(double x, double y)
{
	int q;
	return remquo_d(x, y, &q);
}

double remquo(double x, double y, int *quo)
{
	return remquo_d(x, y, quo);
}

double nan(const char *tag)
{
	(void)tag; /* the payload is not kept (NaN payloads are not part of the units' contract) */
	return __builtin_nan("");
}

float remainderf(float x, float y)
{
	int q;
	return (float)remquo_d((double)x, (double)y, &q); /* exact: the remainder is a float */
}

float remquof(float x, float y, int *quo)
{
	return (float)remquo_d((double)x, (double)y, quo);
}

float nanf(const char *tag)
{
	(void)tag;
	return __builtin_nanf("");
}
