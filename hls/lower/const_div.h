// SPDX-License-Identifier: Apache-2.0
/* Division and remainder by a constant without the divider (Bambu's IR_lowering_constdivmul, Granlund and
 * Montgomery's multiply-high): by a power of two a shift and a mask, by any other constant of a dividend of
 * at most 32 bits one multiply into 64 bits and shifts. The sequential divider takes a step to start, then
 * one cycle per one to four quotient bits, and no loop holding a division is pipelined; these take one or
 * two chained steps. Signed operations go through the magnitudes, as C truncates. Wider dividends by other
 * constants stay on the divider (their product would need 128 bits). */
#ifndef KILN_CONST_DIV_H
#define KILN_CONST_DIV_H
#include <stdint.h>

#include <llvm-c/Core.h>

/* How an unsigned W-bit dividend x is divided by a constant: */
typedef enum const_div_kind {
	CD_NONE,  /* not at all (a divisor of 0, or a wide dividend by a constant that is no power of two) */
	CD_SHIFT, /* x >> shift (a power of two) */
	CD_MUL,   /* (x * magic) >> shift in 64 bits */
	CD_MUL_ADD, /* W = 32, a 33-bit magic: t = (x * magic) >> 32, (t + ((x - t) >> 1)) >> (shift - 1) */
} const_div_kind;

typedef struct const_div_plan {
	const_div_kind kind;
	unsigned shift;
	uint64_t magic;
} const_div_plan;

/* The plan for an unsigned W-bit (1..64) dividend and divisor D (taken as W bits). */
const_div_plan const_div_plan_for(unsigned w, uint64_t d);
/* X / D by PLAN, as the hardware computes it (for tests: X below 2^W of the plan's width). */
uint64_t const_div_apply(const const_div_plan *plan, uint64_t x);
/* Rewrites every udiv, sdiv, urem and srem by a constant in FN that has a plan. */
void lower_const_div(LLVMValueRef fn);

#endif
