// SPDX-License-Identifier: Apache-2.0
/* Reductions under reassociation (kiln-cc -ffast-math or -fassociative-math, which mark clang's operations
 * "reassoc"). */
#ifndef KILN_REASSOC_H
#define KILN_REASSOC_H
#include <llvm-c/Core.h>

/* Splits every floating-point sum or product that kernel FN carries around a single-block loop, s = s + x
 * (or -, *) with the reassoc flag, into partial results that take turns: each iteration adds into the one
 * of WAYS iterations before, and the loop's exits add the partials up. The loop then waits for the adder
 * once every WAYS iterations instead of every iteration. The number of loops changed. */
int reassoc_reductions(LLVMValueRef fn, int ways);
/* The ways that hide the adder's (and multiplier's) latency at CLOCK_NS: its cycles (the phis take the unit's
 * output directly, kir_back_gap). */
int reassoc_ways(double clock_ns);

#endif
