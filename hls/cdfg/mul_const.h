// SPDX-License-Identifier: Apache-2.0
/* Multiplication by a constant as shifts and additions (see mul_const.c). */
#ifndef KILN_MUL_CONST_H
#define KILN_MUL_CONST_H
#include <stdint.h>

/* At most this many signed digits (so two adders in two levels) replace a multiplier. */
#define MUL_CONST_MAX_DIGITS 3

/* One term of a product by a constant: x << shift, subtracted when neg. */
typedef struct mul_digit {
	int shift, neg;
} mul_digit;

/* The fewest signed power-of-two digits of C as a factor of W-bit (1..64) values, lowest first, into D
 * (MUL_CONST_MAX_DIGITS entries): how many, or -1 when C is 0 or needs more. */
int mul_const_digits(uint64_t c, int w, mul_digit *d);
/* X * C modulo 2^W computed from C's N digits D, as the hardware does (for tests). */
uint64_t mul_const_apply(const mul_digit *d, int n, int w, uint64_t x);

#endif
