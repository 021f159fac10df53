// SPDX-License-Identifier: Apache-2.0
/* Fast-math flags of floating-point instructions, which LLVM-C 15 cannot read (a thin C++ shim). */
#ifndef KILN_FP_FLAGS_H
#define KILN_FP_FLAGS_H
#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when INST is a floating-point operation that may be reassociated (clang's -ffast-math or
 * -fassociative-math: the "reassoc" flag), else 0. */
int ir_fp_reassoc(LLVMValueRef inst);

#ifdef __cplusplus
}
#endif
#endif
