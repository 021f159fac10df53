// SPDX-License-Identifier: Apache-2.0
/* String attributes on LLVM global variables (the DPC++ device-global contract, REFERENCE §1).
 * LLVM-C 15 has no API for attributes on a GlobalVariable, so this one piece is a thin C++ shim. */
#ifndef KILN_GLOBAL_ATTRS_H
#define KILN_GLOBAL_ATTRS_H
#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether global variable G carries string attribute KIND. */
int kiln_global_has_attr(LLVMValueRef g, const char *kind);
/* The value of string attribute KIND on G (not NUL-terminated; *LEN receives its length), or NULL. */
const char *kiln_global_get_attr(LLVMValueRef g, const char *kind, unsigned *len);
/* Copies every attribute of global FROM onto global TO. */
void kiln_global_copy_attrs(LLVMValueRef from, LLVMValueRef to);
/* Removes every attribute of G. */
void kiln_global_clear_attrs(LLVMValueRef g);
/* Removes attribute KIND from G (nothing when G has none). */
void kiln_global_remove_attr(LLVMValueRef g, const char *kind);
/* Sets string attribute KIND=VALUE on G, replacing an earlier value. */
void kiln_global_set_attr(LLVMValueRef g, const char *kind, const char *value);
/* Whether global value (function or variable) V is dso_local; LLVM-C 15 cannot read or set it. */
int kiln_value_dso_local(LLVMValueRef v);
void kiln_value_set_dso_local(LLVMValueRef v, int on);

#ifdef __cplusplus
}
#endif
#endif
