// SPDX-License-Identifier: Apache-2.0
/* The kernel math library's own helpers (not a public header): bit access, double-double arithmetic on the
 * fused multiply-add, and the tables libm_tables.c holds. Every function here is static inline, so that a
 * kernel's copy of a math function is straight-line code for the floating-point units. */
#ifndef KILN_LIBM_H
#define KILN_LIBM_H
#include <stdint.h>

extern const double kiln_exp2_table[32][2];
extern const double kiln_log_table[64][3];
extern const double kiln_ln2_32[2], kiln_ln2[2], kiln_invln2[2], kiln_invln10[2], kiln_ln2_dd[2];
extern const double kiln_inv_fact[25], kiln_inv_int[25]; /* 1/n!, 1/n */
extern const double kiln_inv_fact_lo[25];                /* 1/n! - kiln_inv_fact[n] */
extern const uint32_t kiln_two_over_pi[40];
extern const double kiln_pio2_parts[4], kiln_pio2_dd[2], kiln_pi_dd[2], kiln_2_pi_dd[2];
extern const double kiln_atan_table[9][2];

/* erf and erfc (math_erf.c): erf(x)/x near 0; e^(x^2) erfc(x) over [1/2, 32) */
extern const double kiln_erf_small[15], kiln_erfcx_table[48][15];
/* tgamma and lgamma (math_gamma.c): lgamma over [31/32, 2 - 1/32], Stirling's series, lgamma about its
 * zeros in (-16.5, -2), sin(pi a) and cos(pi a) by Taylor */
extern const double kiln_lgamma_table[16][14], kiln_lgamma_stirling[9], kiln_lgamma_zeros[28][15];
extern const double kiln_ln_sqrt_2pi_dd[2], kiln_euler, kiln_lgamma_max;
extern const double kiln_sinpi[10][2], kiln_cospi[11][2];

static inline uint64_t libm_bits(double x)
{
	uint64_t u;
	__builtin_memcpy(&u, &x, 8);
	return u;
}

static inline double libm_double(uint64_t u)
{
	double x;
	__builtin_memcpy(&x, &u, 8);
	return x;
}

/* 2^e for e in [-1022, 1023], exactly. */
static inline double libm_pow2(int e)
{
	return libm_double((uint64_t)(e + 1023) << 52);
}

/* x * 2^e for any e, rounded once unless the result is subnormal (then twice). */
static inline double libm_scale(double x, int e)
{
	if (e > 1023) {
		x *= 0x1p1023;
		e -= 1023;
		if (e > 1023) {
			x *= 0x1p1023;
			e -= 1023;
			if (e > 1023)
				e = 1023;
		}
	} else if (e < -1022) {
		x *= 0x1p-969; /* -1022 + 53: stay normal while it can */
		e += 969;
		if (e < -1022) {
			x *= 0x1p-969;
			e += 969;
			if (e < -1022)
				e = -1022;
		}
	}
	return x * libm_pow2(e);
}

/* s + e = a + b exactly (any order of magnitude). */
static inline double libm_two_sum(double a, double b, double *e)
{
	double s = a + b, bb = s - a;
	*e = (a - (s - bb)) + (b - bb);
	return s;
}

/* s + e = a + b exactly, when |a| >= |b| or a is 0. */
static inline double libm_fast_two_sum(double a, double b, double *e)
{
	double s = a + b;
	*e = b - (s - a);
	return s;
}

/* p + e = a * b exactly (barring overflow and underflow). */
static inline double libm_two_prod(double a, double b, double *e)
{
	double p = a * b;
	*e = __builtin_fma(a, b, -p);
	return p;
}

/* (hi, lo) * (bh, bl) as a double-double (about 2^-104 relative). */
static inline double libm_dd_mul(double hi, double lo, double bh, double bl, double *rlo)
{
	double e, p = libm_two_prod(hi, bh, &e);
	e += hi * bl + lo * bh;
	return libm_fast_two_sum(p, e, rlo);
}

/* (hi + lo) 2^-e for 0 < e <= 1000 and hi + lo (|lo| <= ulp(hi)) well inside the range of doubles, rounded
 * once even when the result is subnormal: there, in the scaled range, 2^(-1022 + e) is added so that the
 * sum's last place is the subnormal one, the sum rounded there (lo folded in) and 2^(-1022 + e) taken away
 * again exactly, which leaves a multiple of 2^(-1074 + e) that the scaling keeps exactly. */
static inline double libm_round_scaled(double hi, double lo, int e)
{
	double k = __builtin_copysign(libm_pow2(-1022 + e), hi);
	if (__builtin_fabs(hi) >= __builtin_fabs(k))
		return (hi + lo) * libm_pow2(-e); /* normal: the scaling is exact */
	double err, s = libm_two_sum(k, hi, &err);
	return ((s + (err + lo)) - k) * libm_pow2(-e);
}

/* exp(hi + lo) for |lo| <= 2^-40 |hi| or so, rounded once (the result's scale aside): the shared core of
 * exp and pow. */
double kiln_exp_dd(double hi, double lo);
/* The same as a double-double (about 2^-57 relative, as measured), for |hi| < 700 or so (no subnormal
 * parts). */
double kiln_exp_dd2(double hi, double lo, double *rlo);
/* log(x) as a double-double for x positive, finite and normal: hi + lo within about 2^-62 relative near 1
 * (as measured), closer elsewhere. */
double kiln_log_dd(double x, double *lo);

#endif
