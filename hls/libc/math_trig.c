// SPDX-License-Identifier: Apache-2.0
/* sin, cos, tan, atan, atan2, asin and acos, and their float forms. The argument of sin, cos and tan is
 * reduced to r = x - n pi/2, |r| <= pi/4, as a double-double: by pi/2 in three exact parts for |x| < 2^20
 * pi/2, else by 2/pi's bits (a table of 1280) multiplied into x's significand in 32-bit limbs, keeping about
 * 190 bits of the fraction. The kernels on [-pi/4, pi/4] are Taylor polynomials with the tail of r folded in.
 * The inverse functions reduce to atan of a ratio t in [0, 1] (kept as a double-double), t = c + (t - c) with
 * c = k/8 from a table of atan(k/8), and atan((t - c) / (1 + t c)) by Taylor. Every result is rounded once,
 * from a double-double; the float forms compute in double. */
#include <math.h>

#include "libm.h"

/* The large-argument reduction: |x| >= 2^20 pi/2, finite. *RH + *RL = x - n pi/2; returns n mod 4. The
 * significand is |x|'s; a negative x negates the result. */
static int rem_pio2_large(double x, double *rh, double *rl)
{
	uint64_t u = libm_bits(x);
	int e = (int)(u >> 52 & 0x7ff) - 1075; /* x = m 2^e, m a 53-bit integer */
	uint64_t m = (u & 0x000fffffffffffffull) | 0x0010000000000000ull;
	/* Bits of 2/pi before bit e - 1 give x 2/pi multiples of 4; 7 words from there keep about 190 bits of
	 * the fraction. */
	int k0 = (e - 2) / 32;
	if (k0 < 0)
		k0 = 0;
	uint32_t w[7], mm[2] = {(uint32_t)m, (uint32_t)(m >> 32)}, s[9] = {0};
	for (int i = 0; i < 7; i++)
		w[i] = kiln_two_over_pi[k0 + 6 - i]; /* least significant first */
	for (int j = 0; j < 7; j++) {
		uint64_t carry = 0;
		for (int i = 0; i < 2; i++) {
			uint64_t t = (uint64_t)s[i + j] + (uint64_t)mm[i] * w[j] + carry;
			s[i + j] = (uint32_t)t;
			carry = t >> 32;
		}
		s[j + 2] = (uint32_t)carry;
	}
	/* s = m * W, y = s 2^-(32 (k0 + 7) - e): SHIFT fraction bits */
	int shift = 32 * (k0 + 7) - e;
	/* the two integer bits, and 128 fraction bits below them */
	int n = 0;
	uint64_t f1 = 0, f2 = 0;
	for (int b = 0; b < 130; b++) {
		int pos = shift + 1 - b; /* bits from shift+1 down */
		uint32_t bit = pos >= 0 && pos < 288 ? (s[pos / 32] >> (pos % 32)) & 1 : 0;
		if (b < 2)
			n = n << 1 | (int)bit;
		else if (b < 66)
			f1 = f1 << 1 | bit;
		else
			f2 = f2 << 1 | bit;
	}
	double sign = 1.0;
	if (f1 >> 63) { /* the fraction is 1/2 or more: n + 1, and the fraction less 1 */
		n++;
		sign = -1.0;
		f2 = ~f2 + 1;
		f1 = ~f1 + (f2 == 0);
	}
	double gh = (double)f1, gl = (double)(f1 - (uint64_t)gh) + (double)(int64_t)(f2 >> 11) * 0x1p-53;
	/* careful: (uint64_t)gh may round up past f1 */
	if ((uint64_t)gh > f1)
		gl = -(double)((uint64_t)gh - f1) + (double)(int64_t)(f2 >> 11) * 0x1p-53;
	gh *= 0x1p-64;
	gl *= 0x1p-64;
	double lo, hi = libm_dd_mul(gh, gl, kiln_pio2_dd[0], kiln_pio2_dd[1], &lo);
	if (x < 0) { /* the reduction of |x|, negated */
		sign = -sign;
		n = -n;
	}
	*rh = sign * hi;
	*rl = sign * lo;
	return n & 3;
}

/* x - n pi/2 as a double-double, |r| <= pi/4 or so; returns n mod 4. X is finite. */
static int rem_pio2(double x, double *rh, double *rl)
{
	if (__builtin_fabs(x) >= 0x1p20 * 0x1.921fb54442d18p+0)
		return rem_pio2_large(x, rh, rl);
	double n = __builtin_rint(x * kiln_2_pi_dd[0]);
	/* n times each part is exact; the subtractions keep their rounding errors */
	double t = x - n * kiln_pio2_parts[0]; /* exact */
	double e1, y = libm_two_sum(t, -n * kiln_pio2_parts[1], &e1);
	double e2, z = libm_two_sum(y, -n * kiln_pio2_parts[2], &e2);
	double lo = e1 + e2 - n * kiln_pio2_parts[3];
	*rh = libm_fast_two_sum(z, lo, rl);
	return (int)((int64_t)n & 3);
}

/* sin(rh + rl) for |rh| <= pi/4 + a little, as a double-double: r - r^3/3! with r^3/3! as a double-double
 * (it is up to a tenth of the result), Taylor to r^19 for the rest. */
static double sin_kernel(double rh, double rl, double *lo)
{
	double r2l, r2 = libm_two_prod(rh, rh, &r2l);
	double r3l, r3 = libm_two_prod(rh, r2, &r3l);
	r3l += rh * r2l;
	double t1l, t1 = libm_two_prod(r3, kiln_inv_fact[3], &t1l);
	t1l += r3l * kiln_inv_fact[3] + r3 * kiln_inv_fact_lo[3];
	double p = -kiln_inv_fact[19];
	p = p * r2 + kiln_inv_fact[17];
	p = p * r2 - kiln_inv_fact[15];
	p = p * r2 + kiln_inv_fact[13];
	p = p * r2 - kiln_inv_fact[11];
	p = p * r2 + kiln_inv_fact[9];
	p = p * r2 - kiln_inv_fact[7];
	p = p * r2 + kiln_inv_fact[5];
	double se, s = libm_two_sum(rh, -t1, &se);
	double rest = se - t1l + r3 * r2 * p + rl * (1.0 - 0.5 * r2);
	return libm_fast_two_sum(s, rest, lo);
}

/* cos(rh + rl) likewise: 1 - r^2/2 exactly, Taylor to r^18 for the rest. */
static double cos_kernel(double rh, double rl, double *lo)
{
	double r2 = rh * rh;
	double p = kiln_inv_fact[18];
	p = p * r2 - kiln_inv_fact[16];
	p = p * r2 + kiln_inv_fact[14];
	p = p * r2 - kiln_inv_fact[12];
	p = p * r2 + kiln_inv_fact[10];
	p = p * r2 - kiln_inv_fact[8];
	p = p * r2 + kiln_inv_fact[6];
	p = p * r2 - kiln_inv_fact[4];
	/* p is -(1/4! - r^2/6! + ...) */
	double hl, hh = libm_two_prod(rh, rh, &hl);
	hh *= 0.5;
	hl *= 0.5;
	double w = 1.0 - hh, werr = (1.0 - w) - hh;
	double tail = werr - hl - r2 * r2 * p - rh * rl;
	return libm_fast_two_sum(w, tail, lo);
}

/* (ah + al) / (bh + bl) rounded once. */
static double dd_div(double ah, double al, double bh, double bl)
{
	double q = ah / bh;
	double r = __builtin_fma(-q, bh, ah) + al - q * bl;
	return q + r / bh;
}

static double sin_d(double x)
{
	if (x != x || __builtin_fabs(x) == HUGE_VAL)
		return (x - x) / (x - x); /* NaN (invalid for the infinities) */
	if (__builtin_fabs(x) < 0x1p-26)
		return x;
	double rh, rl, lo, hi;
	int n = rem_pio2(x, &rh, &rl);
	if (n & 1)
		hi = cos_kernel(rh, rl, &lo);
	else
		hi = sin_kernel(rh, rl, &lo);
	double r = hi + lo;
	return n & 2 ? -r : r;
}

static double cos_d(double x)
{
	if (x != x || __builtin_fabs(x) == HUGE_VAL)
		return (x - x) / (x - x);
	if (__builtin_fabs(x) < 0x1p-27)
		return 1.0;
	double rh, rl, lo, hi;
	int n = rem_pio2(x, &rh, &rl);
	if (n & 1)
		hi = sin_kernel(rh, rl, &lo);
	else
		hi = cos_kernel(rh, rl, &lo);
	double r = hi + lo;
	return (n + 1) & 2 ? -r : r;
}

static double tan_d(double x)
{
	if (x != x || __builtin_fabs(x) == HUGE_VAL)
		return (x - x) / (x - x);
	if (__builtin_fabs(x) < 0x1p-27)
		return x;
	double rh, rl, sl, cl;
	int n = rem_pio2(x, &rh, &rl);
	double sh = sin_kernel(rh, rl, &sl), ch = cos_kernel(rh, rl, &cl);
	return n & 1 ? -dd_div(ch, cl, sh, sl) : dd_div(sh, sl, ch, cl);
}

/* atan(th + tl) for 0 <= th <= 1, as a double-double: atan(c) + atan((t - c) / (1 + t c)), c = k/8 nearest
 * t, |(t - c) / (1 + t c)| <= 1/16, and that by Taylor to u^15. */
static double atan_kernel(double th, double tl, double *lo)
{
	int k = (int)(th * 8.0 + 0.5);
	double c = (double)k * 0.125;
	double nl, nh = libm_fast_two_sum(th - c, tl, &nl); /* th - c is exact */
	double pl, ph = libm_two_prod(th, c, &pl);
	double de, dh = libm_two_sum(1.0, ph, &de);
	double dl = de + pl + tl * c;
	double uh = nh / dh;
	double ul = (__builtin_fma(-uh, dh, nh) + nl - uh * dl) / dh;
	double u2 = uh * uh;
	double p = -kiln_inv_int[15];
	p = p * u2 + kiln_inv_int[13];
	p = p * u2 - kiln_inv_int[11];
	p = p * u2 + kiln_inv_int[9];
	p = p * u2 - kiln_inv_int[7];
	p = p * u2 + kiln_inv_int[5];
	p = p * u2 - kiln_inv_int[3];
	double tail = uh * u2 * p + ul;
	double se, s = libm_two_sum(kiln_atan_table[k][0], uh, &se);
	return libm_fast_two_sum(s, se + kiln_atan_table[k][1] + tail, lo);
}

/* atan2 of (yh + yl, xh + xl) with y >= 0, as a double-double; y and x not both 0, both finite. */
static double angle(double yh, double yl, double xh, double xl, double *lo)
{
	double ay = yh, axh = __builtin_fabs(xh), axl = xh < 0 ? -xl : xl;
	double ah, al;
	if (ay <= axh) { /* atan(y / |x|) */
		double q = yh / axh;
		double ql = (__builtin_fma(-q, axh, yh) + yl - q * axl) / axh;
		ah = atan_kernel(q, ql, &al);
	} else { /* pi/2 - atan(|x| / y) */
		double q = axh / yh;
		double ql = (__builtin_fma(-q, yh, axh) + axl - q * yl) / yh;
		double bl, bh = atan_kernel(q, ql, &bl);
		double e, s = libm_two_sum(kiln_pio2_dd[0], -bh, &e);
		ah = libm_fast_two_sum(s, e + kiln_pio2_dd[1] - bl, &al);
	}
	if (xh < 0) { /* pi - a */
		double e, s = libm_two_sum(kiln_pi_dd[0], -ah, &e);
		ah = libm_fast_two_sum(s, e + kiln_pi_dd[1] - al, &al);
	}
	*lo = al;
	return ah;
}

static double atan_d(double x)
{
	if (x != x)
		return x + x;
	double ax = __builtin_fabs(x);
	if (ax < 0x1p-27)
		return x;
	if (ax == HUGE_VAL)
		return __builtin_copysign(kiln_pio2_dd[0], x);
	double lo, hi = angle(ax, 0.0, 1.0, 0.0, &lo);
	return __builtin_copysign(hi + lo, x);
}

static double atan2_d(double y, double x)
{
	if (x != x || y != y)
		return x + y;
	double ay = __builtin_fabs(y), ax = __builtin_fabs(x), r;
	if (y == 0) /* +-0, or +-pi from the left (x negative or -0) */
		r = __builtin_signbit(x) ? kiln_pi_dd[0] : 0.0;
	else if (ay == HUGE_VAL)
		r = ax == HUGE_VAL ? (x > 0 ? kiln_pio2_dd[0] * 0.5 : kiln_pio2_dd[0] * 1.5)
		                   : kiln_pio2_dd[0];
	else if (ax == HUGE_VAL)
		r = x > 0 ? 0.0 : kiln_pi_dd[0];
	else if (x == 0)
		r = kiln_pio2_dd[0];
	else {
		/* scaled so that the ratio's double-double keeps its bits: y and x to the same exponent range
		 */
		int ey = ilogb(ay), ex = ilogb(ax);
		if (ey - ex > 60)
			r = kiln_pio2_dd[0];
		else if (ex - ey > 60 && x > 0)
			r = ay / ax; /* atan(t) = t below 2^-27 */
		else {
			int sc = -(ex > ey ? ex : ey);
			double lo, hi = angle(ldexp(ay, sc), 0.0, ldexp(x, sc), 0.0, &lo);
			r = hi + lo;
		}
	}
	return __builtin_copysign(r, y);
}

/* sqrt(1 - x^2) as a double-double, 0 <= x <= 1. */
static double cosine_of(double x, double *lo)
{
	double pl, ph = libm_two_prod(x, x, &pl);
	double de, dh = libm_two_sum(1.0, -ph, &de);
	double dl = de - pl;
	double sh = __builtin_sqrt(dh);
	if (sh == 0) {
		*lo = 0;
		return 0;
	}
	*lo = (__builtin_fma(-sh, sh, dh) + dl) / (2.0 * sh);
	return sh;
}

static double asin_d(double x)
{
	double ax = __builtin_fabs(x);
	if (x != x)
		return x + x;
	if (ax > 1.0)
		return (x - x) / (x - x);
	if (ax < 0x1p-27)
		return x;
	double cl, ch = cosine_of(ax, &cl), lo;
	double hi = angle(ax, 0.0, ch, cl, &lo);
	return __builtin_copysign(hi + lo, x);
}

static double acos_d(double x)
{
	double ax = __builtin_fabs(x);
	if (x != x)
		return x + x;
	if (ax > 1.0)
		return (x - x) / (x - x);
	if (x == 1.0)
		return 0.0;
	double sl, sh = cosine_of(ax, &sl), lo;
	double hi = angle(sh, sl, x, 0.0, &lo);
	return hi + lo;
}

/* The C names call the code above by its own names (see math_exp.c). */
double sin(double x)
{
	return sin_d(x);
}

double cos(double x)
{
	return cos_d(x);
}

double tan(double x)
{
	return tan_d(x);
}

double atan(double x)
{
	return atan_d(x);
}

double atan2(double y, double x)
{
	return atan2_d(y, x);
}

double asin(double x)
{
	return asin_d(x);
}

double acos(double x)
{
	return acos_d(x);
}

float sinf(float x)
{
	return (float)sin_d((double)x);
}

float cosf(float x)
{
	return (float)cos_d((double)x);
}

float tanf(float x)
{
	return (float)tan_d((double)x);
}

float atanf(float x)
{
	return (float)atan_d((double)x);
}

float atan2f(float y, float x)
{
	return (float)atan2_d((double)y, (double)x);
}

float asinf(float x)
{
	return (float)asin_d((double)x);
}

float acosf(float x)
{
	return (float)acos_d((double)x);
}
