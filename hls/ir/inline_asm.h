// SPDX-License-Identifier: Apache-2.0
/* An inline assembly callee's template and constraints. LLVM-C 15 cannot read them, so this is a thin C++
 * shim. */
#ifndef KILN_INLINE_ASM_H
#define KILN_INLINE_ASM_H
#include <llvm-c/Core.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The template of inline assembly V (*LEN bytes, not NUL-terminated), or NULL when V is none. */
const char *kiln_inline_asm_template(LLVMValueRef v, size_t *len);
/* Its constraint string, as kiln_inline_asm_template. */
const char *kiln_inline_asm_constraints(LLVMValueRef v, size_t *len);
/* Whether V is inline assembly whose template holds nothing but white space. */
int kiln_inline_asm_empty(LLVMValueRef v);

#ifdef __cplusplus
}
#endif
#endif
