// SPDX-License-Identifier: Apache-2.0
/* The natural loops of a function with their constant trip counts, and marking a loop to be unrolled whole:
 * LoopInfo and ScalarEvolution have no LLVM-C 15 API (a thin C++ shim, like ir_cfg). */
#ifndef KILN_IR_LOOPS_H
#define KILN_IR_LOOPS_H
#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One loop, as ir_mark_full_unroll() shows it to its caller. */
typedef struct {
	LLVMBasicBlockRef *blocks; /* the loop's blocks, its inner loops' included */
	unsigned nblocks;
	unsigned trip;     /* how many times the body runs, when SCEV finds it a constant; else 0 */
	int innermost;     /* no loop inside it */
	int has_unroll_md; /* it carries llvm.loop.unroll.* metadata already (a #pragma) */
} ir_loop;

/* Shows WANT every loop of FN; a loop it returns nonzero for gets llvm.loop.unroll.full, so that LLVM's
 * next O2 pipeline unrolls it whole. Returns how many loops were marked. */
int ir_mark_full_unroll(LLVMValueRef fn, int (*want)(const ir_loop *l, void *ctx), void *ctx);

#ifdef __cplusplus
}
#endif
#endif
