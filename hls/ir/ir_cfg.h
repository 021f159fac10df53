// SPDX-License-Identifier: Apache-2.0
/* Control-flow edits on LLVM IR that LLVM-C 15 has no API for (a thin C++ shim, like global_attrs). */
#ifndef KILN_IR_CFG_H
#define KILN_IR_CFG_H
#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Splits INST's block before INST: INST and what follows it move to a new block (returned) that the old
 * block now ends by branching to; the successors' phis name the new block. */
LLVMBasicBlockRef ir_split_block_before(LLVMValueRef inst);
/* Puts a new block on the edge FROM -> TO (returned): FROM branches to it, it to TO, TO's phis name it. */
LLVMBasicBlockRef ir_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to);

#ifdef __cplusplus
}
#endif
#endif
