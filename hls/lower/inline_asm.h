// SPDX-License-Identifier: Apache-2.0
/* Inline assembly in kernel code (issue 30). */
#ifndef KILN_LOWER_INLINE_ASM_H
#define KILN_LOWER_INLINE_ASM_H
#include <llvm-c/Core.h>

/* Removes M's inline assembly with an empty template (a compiler barrier, a value hidden from the
 * optimiser): each output tied to an input takes that input's value. Any other inline assembly, and an empty
 * one with an output tied to no input, gets a diagnostic at its line. Returns how many. */
int lower_inline_asm(LLVMModuleRef m);

#endif
