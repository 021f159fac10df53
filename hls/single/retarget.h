// SPDX-License-Identifier: Apache-2.0
/* The device half of a single-source module, compiled for the host, made SPIR IR: the rest of kiln-cc's
 * device flow expects what clang -target spir64 gives. */
#ifndef KILN_SINGLE_RETARGET_H
#define KILN_SINGLE_RETARGET_H
#include <llvm-c/Core.h>

/* Gives DEV spir64's triple and data layout and drops the host CPU's function attributes, after refusing
 * (with their lines) the constructs whose meaning differs between x86-64 and spir64: long double (x86's
 * 80-bit type), inline assembly and x86 intrinsics. 0, or -1 after diagnostics. */
int single_retarget(LLVMModuleRef dev);

#endif
