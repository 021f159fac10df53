// SPDX-License-Identifier: Apache-2.0
/* Small loops unrolled whole by default: a loop of a few iterations costs more in its pipeline's fill and
 * drain and its entry and exit states than in its body, and unrolled its accesses have constant indices
 * (local arrays become registers). Loops with operations that would each need a unit of their own when
 * unrolled (divisions, floating point) stay loops; multiplications take turns on shared multipliers, the
 * scheduler starting only so many a step (schedule/problem.h's SCHED_MULS_PER_STEP). */
#ifndef KILN_UNROLL_SMALL_H
#define KILN_UNROLL_SMALL_H
#include <llvm-c/Core.h>

/* At most MAX_TRIP iterations, and MAX_INSTS instructions unrolled (iterations x the body's size); more
 * than SHORT_TRIP iterations only for a body of at most TINY_BODY instructions: a longer loop pays its
 * pipeline's fill and drain once over more iterations, and its copies cost more area (CHStone sha: its
 * 16-word byte reversals unrolled took 22% more flip-flops for 0.9% fewer cycles). */
#define UNROLL_SMALL_MAX_TRIP 16
#define UNROLL_SMALL_MAX_INSTS 512
#define UNROLL_SMALL_SHORT_TRIP 8
#define UNROLL_SMALL_TINY_BODY 16

/* Unrolls whole every innermost loop of MOD's kernels that the rule above takes, again for the loops that
 * become innermost, unless kiln-cc -funroll-loops or -fno-unroll-loops said otherwise; loops with unroll
 * directives are left to them. 0, or -1 after reporting. */
int unroll_small_loops(LLVMModuleRef mod);

#endif
