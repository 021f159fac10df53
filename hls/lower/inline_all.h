// SPDX-License-Identifier: Apache-2.0
/* Hardware has no calls: every helper function is inlined into the kernels that use it. */
#ifndef KILN_INLINE_ALL_H
#define KILN_INLINE_ALL_H
#include <llvm-c/Core.h>

/* Marks every defined non-kernel function of MOD always-inline (optnone goes everywhere: hardware is built
 * from optimised code whatever the source's level) and runs always-inline and LLVM's -O2; the large library
 * functions are inlined once per kernel, their calls merged (share_calls.h). 0, or -1 after reporting. */
int inline_all(LLVMModuleRef mod);
/* What is still called through a pointer once everything is inlined becomes a dispatch over direct calls,
 * inlined in turn; then the module must verify. 0, or -1 after reporting. */
int inline_indirect_calls(LLVMModuleRef mod, unsigned recursion_depth);

#endif
