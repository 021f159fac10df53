// SPDX-License-Identifier: Apache-2.0
/* hypot and cbrt, and their float forms: a first approximation, then one correction from the exact residual
 * (computed with the fused multiply-add), which leaves them within about 0.5 ulp. */
#include <math.h>

#include "libm.h"

double hypot(double x, double y)
{
	double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
	if (ax == HUGE_VAL || ay == HUGE_VAL)
		return HUGE_VAL; /* even beside a NaN (C99 F.9.4.3) */
	if (x != x || y != y)
		return x + y;
	double big = ax > ay ? ax : ay, small = ax > ay ? ay : ax;
	if (small <= big * 0x1p-60) /* its square is below half an ulp of big's (or both are 0) */
		return big;
	/* scaled so that the squares neither overflow nor lose bits below the subnormals */
	int sc = 0;
	if (big > 0x1p500) {
		big *= 0x1p-600;
		small *= 0x1p-600;
		sc = 600;
	} else if (big < 0x1p-500) {
		big *= 0x1p600;
		small *= 0x1p600;
		sc = -600;
	}
	double bl, bh = libm_two_prod(big, big, &bl);
	double sl, sh = libm_two_prod(small, small, &sl);
	double el, s = libm_two_sum(bh, sh, &el);
	double lo = el + bl + sl;
	double h = __builtin_sqrt(s);
	/* h + (s + lo - h^2) / 2h */
	double r = __builtin_fma(-h, h, s) + lo;
	h += r / (2.0 * h);
	return sc ? libm_scale(h, sc) : h;
}

static double cbrt_d(double x)
{
	if (x != x || x == 0 || __builtin_fabs(x) == HUGE_VAL)
		return x + x;
	double ax = __builtin_fabs(x);
	int sc = 0;
	if (ax < 0x1p-900) { /* subnormal and tiny: scaled up by 2^300's cube */
		ax *= 0x1p900;
		sc = -300;
	} else if (ax > 0x1p900) { /* so that c^3 cannot overflow on the way */
		ax *= 0x1p-900;
		sc = 300;
	}
	/* a first guess from the exponent divided by 3, then Newton: c = c - (c^3 - a) / (3 c^2) */
	uint64_t u = libm_bits(ax);
	int e = (int)(u >> 52) - 1023;
	int q = (e >= 0 ? e : e - 2) / 3;
	double c = libm_pow2(q) * (1.0 + (double)(e - 3 * q) * 0.26);
	c = c - (c * c * c - ax) / (3.0 * c * c); /* six steps, written out: no loop in hardware */
	c = c - (c * c * c - ax) / (3.0 * c * c);
	c = c - (c * c * c - ax) / (3.0 * c * c);
	c = c - (c * c * c - ax) / (3.0 * c * c);
	c = c - (c * c * c - ax) / (3.0 * c * c);
	c = c - (c * c * c - ax) / (3.0 * c * c);
	/* the residual a - c^3 exactly (c^2 and c^3 as double-doubles), one last correction */
	double c2l, c2 = libm_two_prod(c, c, &c2l);
	double c3l, c3 = libm_dd_mul(c2, c2l, c, 0.0, &c3l);
	double r = ((ax - c3) - c3l) / (3.0 * c2);
	c += r;
	if (sc)
		c = libm_scale(c, sc);
	return x < 0 ? -c : c;
}

float hypotf(float x, float y)
{
	if (__builtin_fabsf(x) == HUGE_VALF || __builtin_fabsf(y) == HUGE_VALF)
		return HUGE_VALF;
	double dx = x, dy = y;
	return (float)__builtin_sqrt(dx * dx + dy * dy); /* exact squares, one rounding in the sum */
}

double cbrt(double x)
{
	return cbrt_d(x);
}

float cbrtf(float x)
{
	return (float)cbrt_d((double)x); /* cbrt_d by its own name (see math_exp.c) */
}
