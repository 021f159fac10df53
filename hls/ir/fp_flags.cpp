// SPDX-License-Identifier: Apache-2.0
#include "fp_flags.h"

#include <llvm/IR/Instruction.h>
#include <llvm/IR/Operator.h>

int ir_fp_reassoc(LLVMValueRef inst)
{
	auto *in = llvm::dyn_cast<llvm::Instruction>(llvm::unwrap(inst));
	return in && llvm::isa<llvm::FPMathOperator>(in) && in->hasAllowReassoc();
}
