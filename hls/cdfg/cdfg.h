// SPDX-License-Identifier: Apache-2.0
/* Builds the kernel IR (kir.h) of one kernel function from optimised LLVM IR: allocation of memory objects to
 * ports (memobj.c) and translation of every instruction through a table of LLVM opcodes (translate.c), with a
 * source-located diagnostic for anything unsupported. */
#ifndef KILN_CDFG_H
#define KILN_CDFG_H
#include <llvm-c/Core.h>

#include "kir.h"

/* Translates kernel FN of MOD into OUT. Returns 0, or the number of diagnostics reported. */
int cdfg_build(LLVMModuleRef mod, LLVMValueRef fn, kfunc *out);

#endif
