// SPDX-License-Identifier: Apache-2.0
#include "ir_cfg.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Instruction.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

LLVMBasicBlockRef ir_split_block_before(LLVMValueRef inst)
{
	auto *in = llvm::unwrap<llvm::Instruction>(inst);
	return llvm::wrap(in->getParent()->splitBasicBlock(in));
}

LLVMBasicBlockRef ir_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
	return llvm::wrap(llvm::SplitEdge(llvm::unwrap(from), llvm::unwrap(to)));
}
