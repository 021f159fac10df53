// SPDX-License-Identifier: Apache-2.0
/* Variable-length arrays in hardware (issue 30): each becomes an on-chip array of its bound, and a size
 * past the bound stops the kernel. */
#ifndef KILN_LOWER_VLA_H
#define KILN_LOWER_VLA_H
#include <llvm-c/Core.h>

/* The string a KILN_VLA_MAX(bytes) annotation on a local array carries, before the number. */
#define VLA_ANNOTATION "kiln.vla_max="

/* Each allocation of MOD sized at run time (a variable-length array, alloca(n)) becomes a fixed on-chip
 * array as large as its bound: the bytes its KILN_VLA_MAX gives, else (AFTER_INLINING only) the largest size
 * LLVM's range analysis proves at it. A size past the bound stops the kernel (KILN_STOP_STACK) naming the
 * array and the bound; llvm.stacksave and llvm.stackrestore go. Before inlining only annotated arrays are
 * lowered (a recursive function's frame needs its size then); after it, an array with no bound gets a
 * diagnostic at its line. Returns the number of diagnostics. */
int lower_vlas(LLVMModuleRef mod, int after_inlining);

#endif
