// SPDX-License-Identifier: Apache-2.0
/* The math functions that take floating-point numbers apart and put them together: frexp, ldexp, scalbn,
 * scalbln, modf, ilogb, logb, nextafter and fdim, in both widths; exact (ldexp and scalbn round once into
 * the subnormal range). The C names call the code by its own names (see math_exp.c). */
#include <limits.h>
#include <math.h>

#include "libm.h"

static double frexp_d(double x, int *e)
{
	uint64_t u = libm_bits(x);
	int ex = (int)(u >> 52 & 0x7ff);
	*e = 0;
	if (x == 0 || ex == 0x7ff)
		return x; /* zero, infinity, NaN: as they are, exponent 0 */
	if (!ex) {        /* subnormal: scaled into the normal range */
		x *= 0x1p54;
		u = libm_bits(x);
		ex = (int)(u >> 52 & 0x7ff) - 54;
	}
	*e = ex - 1022;
	return libm_double((u & 0x800fffffffffffffull) | 0x3fe0000000000000ull);
}

static double ldexp_d(double x, int e)
{
	if (x == 0 || x != x || __builtin_fabs(x) == HUGE_VAL)
		return x + x;
	if (e > 2200) /* past any finite result: the overflow happens in libm_scale's steps */
		e = 2200;
	if (e < -2200)
		e = -2200;
	return libm_scale(x, e);
}

double frexp(double x, int *e)
{
	return frexp_d(x, e);
}

double ldexp(double x, int e)
{
	return ldexp_d(x, e);
}

double scalbn(double x, int e)
{
	return ldexp_d(x, e);
}

double scalbln(double x, long e)
{
	return ldexp_d(x, e > 2200 ? 2200 : e < -2200 ? -2200 : (int)e);
}

static double modf_d(double x, double *ip)
{
	double t = __builtin_trunc(x);
	*ip = t;
	if (x != x)
		return x + x;
	if (__builtin_fabs(x) == HUGE_VAL)
		return __builtin_copysign(0.0, x);
	return __builtin_copysign(x - t, x); /* exact; -0 for negative integers */
}

static int ilogb_d(double x)
{
	uint64_t u = libm_bits(x);
	int ex = (int)(u >> 52 & 0x7ff);
	if (x != x)
		return FP_ILOGBNAN;
	if (x == 0)
		return FP_ILOGB0;
	if (ex == 0x7ff)
		return INT_MAX;
	if (!ex)
		return (int)(libm_bits(x * 0x1p54) >> 52 & 0x7ff) - 1023 - 54;
	return ex - 1023;
}

static double logb_d(double x)
{
	if (x != x)
		return x + x;
	if (x == 0)
		return -HUGE_VAL;
	if (__builtin_fabs(x) == HUGE_VAL)
		return HUGE_VAL;
	return (double)ilogb_d(x);
}

double modf(double x, double *ip)
{
	return modf_d(x, ip);
}

int ilogb(double x)
{
	return ilogb_d(x);
}

double logb(double x)
{
	return logb_d(x);
}

double nextafter(double x, double y)
{
	if (x != x || y != y)
		return x + y;
	if (x == y)
		return y;
	if (x == 0)
		return __builtin_copysign(0x1p-1074, y);
	uint64_t u = libm_bits(x);
	/* away from zero when y is further out on x's side, else towards it */
	if ((x < y) == (x > 0))
		u++;
	else
		u--;
	return libm_double(u);
}

/* Compared as long double (the device's is double): one step of x towards y, or y itself when equal. */
double nexttoward(double x, long double y)
{
	if (x != x || y != y)
		return (double)(x + y);
	if (x == y)
		return (double)y;
	return nextafter(x, x < y ? HUGE_VAL : -HUGE_VAL);
}

float nexttowardf(float x, long double y)
{
	if (x != x || y != y)
		return (float)(x + y);
	if (x == y)
		return (float)y;
	return nextafterf(x, x < y ? HUGE_VALF : -HUGE_VALF);
}

double fdim(double x, double y)
{
	if (x != x || y != y)
		return x + y;
	return x > y ? x - y : 0.0;
}

float frexpf(float x, int *e)
{
	return (float)frexp_d((double)x, e);
}

float ldexpf(float x, int e)
{
	/* exact in double unless the float result is subnormal or out of range, then rounded once */
	if (e > 300)
		e = 300;
	if (e < -300)
		e = -300;
	return (float)ldexp_d((double)x, e);
}

float scalbnf(float x, int e)
{
	return ldexpf(x, e);
}

float scalblnf(float x, long e)
{
	return ldexpf(x, e > 300 ? 300 : e < -300 ? -300 : (int)e);
}

float modff(float x, float *ip)
{
	double d;
	float r = (float)modf_d((double)x, &d);
	*ip = (float)d;
	return r;
}

int ilogbf(float x)
{
	return ilogb_d((double)x);
}

float logbf(float x)
{
	return (float)logb_d((double)x);
}

float nextafterf(float x, float y)
{
	if (x != x || y != y)
		return x + y;
	if (x == y)
		return y;
	if (x == 0)
		return __builtin_copysignf(0x1p-149f, y);
	uint32_t u;
	__builtin_memcpy(&u, &x, 4);
	if ((x < y) == (x > 0))
		u++;
	else
		u--;
	__builtin_memcpy(&x, &u, 4);
	return x;
}

float fdimf(float x, float y)
{
	if (x != x || y != y)
		return x + y;
	return x > y ? x - y : 0.0f;
}
