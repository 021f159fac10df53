// SPDX-License-Identifier: Apache-2.0
/* Variadic functions (issue 30): calls pass their variable arguments in a block of memory. */
#ifndef KILN_LOWER_VARARGS_H
#define KILN_LOWER_VARARGS_H
#include <llvm-c/Core.h>

/* Gives every variadic function defined in M a fixed parameter list ending in a pointer to its variable
 * arguments, which each direct call lays out in a block of its own; va_start, va_arg, va_copy and va_end
 * become loads and stores of that pointer. Returns how many diagnostics (a variadic function used other
 * than by direct calls, a va_list of another form). */
int lower_varargs(LLVMModuleRef m);

#endif
