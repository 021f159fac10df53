// SPDX-License-Identifier: Apache-2.0
/* Known widths of a kernel's integer values: how few low bits hold each value whole, read as unsigned or as
 * two's complement, from what its operations say (a zero or sign extension, a mask, a shift, a constant).
 * Binding sizes multipliers by them (a `long` product of two `int`s is a 32 x 32 multiplier, not 64 x 64),
 * which also lets synthesis map the multiplier to as few DSP blocks as its operands need; low bits known to
 * be zero leave the multiplier too (a significand shifted left and split into halves, as softfloat's
 * mul64To128 does, multiplies only its significant bits), as Bambu's bit-value analysis trims them. */
#ifndef KILN_VALUE_BITS_H
#define KILN_VALUE_BITS_H
#include "kir.h"

/* Per instruction: the value is the zero extension of its low UBITS bits (0 for a value known to be zero)
 * and the sign extension of its low SBITS bits (1..width), and its low TZ bits are zero (0..width). Each is
 * at most the value's width. */
typedef struct vbits {
	int ubits, sbits, tz;
} vbits;

/* Analyses F into VB (f->ninsts entries). What no rule knows is the value's whole width, so that every
 * fact holds on every path, loops included. */
void vbits_analyse(const kfunc *f, vbits *vb);
/* Bits of two's complement that hold operand V of F whole (1..V's width), from VB. */
int vbits_signed(const kfunc *f, const vbits *vb, kval v);
/* Bits that hold operand V of F whole read as unsigned (0..V's width), from VB. */
int vbits_unsigned(const kfunc *f, const vbits *vb, kval v);
/* Low bits of operand V of F known to be zero (0..V's width), from VB. */
int vbits_tz(const kfunc *f, const vbits *vb, kval v);

#endif
