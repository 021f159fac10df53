// SPDX-License-Identifier: Apache-2.0
/* The math functions clang turns into LLVM operations that no floating-point unit runs (with -fno-math-errno,
 * exp() is llvm.exp.f64, fmod() is frem): they go back to calls of the kernel math library's functions. */
#ifndef KILN_MATH_CALLS_H
#define KILN_MATH_CALLS_H
#include <llvm-c/Core.h>

/* Replaces every llvm.exp/exp2/log/log2/log10/pow/sin/cos call and every frem in MOD with a call to the C
 * function of the same meaning (declared when MOD does not have it). 0, or -1 with a diagnostic when an
 * operation is on a type the library has no function for. */
int lower_math_calls(LLVMModuleRef mod);

#endif
