// SPDX-License-Identifier: Apache-2.0
/* An access through a pointer that can only be null (or undefined), once unify-pointers has resolved every
 * pointer, stops the kernel when it runs, naming its line, instead of failing the compile: such code is
 * either never reached (a branch the compiler could not prove dead, as when one library body serves a narrow
 * and a wide caller, each passing NULL for the other's buffer) or a bug the run then reports. */
#ifndef KILN_NULL_ACCESS_H
#define KILN_NULL_ACCESS_H
#include <llvm-c/Core.h>

/* Makes each load, store, memcpy or memset through a null-only pointer in MOD's kernels a stop of kind
 * KILN_STOP_BOUNDS and drops the code only it led to. Returns how many; the caller lowers the stops. */
int null_accesses(LLVMModuleRef mod);

#endif
