// SPDX-License-Identifier: Apache-2.0
/* Calls in hardware, where there is no call stack: a call through a function pointer becomes a dispatch
 * over the functions whose address is taken and whose type fits (each arm a direct call, inlined like any
 * other; a pointer that is none of them stops the kernel with the call's line), and a recursive cycle of
 * calls is refused with where it is. Function addresses are numbers below the first device allocation
 * (lower/unify_ptr.h gives them). */
#ifndef KILN_INDIRECT_CALLS_H
#define KILN_INDIRECT_CALLS_H
#include <llvm-c/Core.h>

/* The most functions one indirect call may dispatch over. */
#define INDIRECT_CALL_MAX_TARGETS 64

/* After inlining: rewrites every indirect call of MOD's kernels over the functions of the call's type whose
 * address the kernel can reach (its code or the globals it uses name them); *LOWERED says whether there was
 * one (the arms' direct calls then want inlining). Returns the number of diagnostics (a call no function
 * fits, or too many). */
int lower_indirect_calls(LLVMModuleRef mod, int *lowered);

#endif
