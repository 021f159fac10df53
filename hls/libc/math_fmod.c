// SPDX-License-Identifier: Apache-2.0
/* fmod and fmodf, exactly: the remainder of the significands by shift and subtract, one bit per step over
 * the exponents' difference (integer arithmetic, no division); what C's fmod returns is always
 * representable. */
#include <math.h>

#include "libm.h"

#define SIGN 0x8000000000000000ull
#define MANT 0x000fffffffffffffull
#define HIDDEN 0x0010000000000000ull

/* The significand of finite nonzero |x| (bits AX) with its units bit at bit 52, and its exponent. */
static uint64_t unpack(uint64_t ax, int *e)
{
	int ex = (int)(ax >> 52);
	if (ex)
		*e = ex;
	else { /* subnormal */
		ex = 1;
		while (!(ax & HIDDEN)) {
			ax <<= 1;
			ex--;
		}
		*e = ex;
		return ax;
	}
	return (ax & MANT) | HIDDEN;
}

static double fmod_d(double x, double y)
{
	uint64_t ux = libm_bits(x), uy = libm_bits(y);
	uint64_t ax = ux & ~SIGN, ay = uy & ~SIGN, sx = ux & SIGN;
	if (ay == 0 || ax >= 0x7ff0000000000000ull || ay > 0x7ff0000000000000ull)
		return (x * y) / (x * y); /* NaN: a NaN operand, x infinite or y zero */
	if (ax <= ay)
		return ax == ay ? libm_double(sx) : x;
	int ex, ey;
	uint64_t mx = unpack(ax, &ex), my = unpack(ay, &ey);
	for (; ex > ey; ex--) {
		if (mx >= my)
			mx -= my;
		mx <<= 1;
	}
	if (mx >= my)
		mx -= my;
	if (!mx)
		return libm_double(sx);
	while (!(mx & HIDDEN)) {
		mx <<= 1;
		ex--;
	}
	if (ex > 0)
		return libm_double(sx | (uint64_t)ex << 52 | (mx & MANT));
	return libm_double(sx | mx >> (1 - ex)); /* subnormal, exactly */
}

/* The C names call the code above by its own name (see math_exp.c). */
double fmod(double x, double y)
{
	return fmod_d(x, y);
}

float fmodf(float x, float y)
{
	return (float)fmod_d((double)x, (double)y); /* exact: the remainder is a float */
}
