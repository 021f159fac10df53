// SPDX-License-Identifier: Apache-2.0
/* GCC's vector extensions (__attribute__((vector_size(N)))) in hardware (issue 30): every vector operation
 * becomes one operation per element. */
#ifndef KILN_LOWER_VECTORS_H
#define KILN_LOWER_VECTORS_H
#include <llvm-c/Core.h>

/* After inlining: splits each vector operation of MOD's functions, its loads and stores included, into its
 * elements (LLVM's scalarizer); what cannot be split gets a diagnostic at its line. Returns the number of
 * diagnostics. */
int lower_vectors(LLVMModuleRef mod);

#endif
