// SPDX-License-Identifier: Apache-2.0
/* The source variables llvm.dbg.value calls describe, which LLVM-C 15 cannot read safely (it cannot tell a
 * multi-location DIArgList, on which its metadata calls fail, nor read a DIExpression): a thin C++ shim. */
#ifndef KILN_DBG_VARS_H
#define KILN_DBG_VARS_H
#include <stddef.h>

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* When INST is an llvm.dbg.value saying that a source variable is exactly one value (one location, and no
 * expression beyond clang's address-space marker): 1, with the value in *VALUE and the variable's name in
 * *NAME (*LEN bytes, owned by the module). Else 0. */
int ir_dbg_value_var(LLVMValueRef inst, LLVMValueRef *value, const char **name, size_t *len);
/* The name of the source variable an llvm.dbg.declare says lives at ADDR (an alloca): 1 with *NAME (*LEN
 * bytes, owned by the module), or 0. */
int ir_dbg_declared_name(LLVMValueRef addr, const char **name, size_t *len);

#ifdef __cplusplus
}
#endif
#endif
