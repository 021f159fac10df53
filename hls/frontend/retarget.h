// SPDX-License-Identifier: Apache-2.0
/* A module compiled for x86-64 made SPIR IR (the rest of kiln-cc's device flow expects what clang -target
 * spir64 gives): the device half of a single-source module, a kernel source with variable-length arrays,
 * which clang refuses for SPIR, and one compiled with a 32-bit long (frontend.c). */
#ifndef KILN_FRONTEND_RETARGET_H
#define KILN_FRONTEND_RETARGET_H
#include <llvm-c/Core.h>

/* Gives DEV spir64's triple and data layout and drops the host CPU's function attributes, after refusing
 * (with their lines) the constructs whose meaning differs between x86-64 and spir64: long double (x86's
 * 80-bit type), inline assembly and x86 intrinsics. 0, or -1 after diagnostics. */
int single_retarget(LLVMModuleRef dev);

/* A kernel source compiled for x86-64 (for its variable-length arrays, or for --data-model llp64, WHY says
 * which): C's calling convention back on every function and call, a variadic function refused at its
 * va_start, then single_retarget. 0 or -1. */
int frontend_retarget_x86(LLVMModuleRef mod, const char *why);

#endif
