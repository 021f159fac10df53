// SPDX-License-Identifier: Apache-2.0
#include "ir_cfg.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>

#include <vector>

LLVMBasicBlockRef ir_split_block_before(LLVMValueRef inst)
{
	auto *in = llvm::unwrap<llvm::Instruction>(inst);
	return llvm::wrap(in->getParent()->splitBasicBlock(in));
}

LLVMBasicBlockRef ir_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
	return llvm::wrap(llvm::SplitEdge(llvm::unwrap(from), llvm::unwrap(to)));
}

/* An edge goes: one phi entry per edge (a block may reach another through several cases). */
void ir_switch_drop_case(LLVMValueRef sw, unsigned i)
{
	auto *s = llvm::unwrap<llvm::SwitchInst>(sw);
	auto it = s->case_begin() + i;
	llvm::BasicBlock *dest = it->getCaseSuccessor();
	s->removeCase(it);
	dest->removePredecessor(s->getParent());
}

void ir_switch_default_unreachable(LLVMValueRef sw)
{
	auto *s = llvm::unwrap<llvm::SwitchInst>(sw);
	llvm::BasicBlock *from = s->getParent(), *old = s->getDefaultDest();
	auto *u = llvm::BasicBlock::Create(from->getContext(), "unreachable", from->getParent());
	auto *never = new llvm::UnreachableInst(from->getContext(), u);
	never->setMetadata(IR_NEVER_MD, llvm::MDNode::get(from->getContext(), {}));
	s->setDefaultDest(u);
	old->removePredecessor(from);
}

void ir_branch_fold(LLVMValueRef br, unsigned keep)
{
	auto *b = llvm::unwrap<llvm::BranchInst>(br);
	llvm::BasicBlock *from = b->getParent(), *kept = b->getSuccessor(keep),
	                 *gone = b->getSuccessor(!keep);
	llvm::BranchInst::Create(kept, b);
	b->eraseFromParent();
	gone->removePredecessor(from);
}

int ir_demote_undominated(LLVMValueRef fn)
{
	auto *f = llvm::unwrap<llvm::Function>(fn);
	llvm::DominatorTree dt(*f);
	std::vector<llvm::Instruction *> bad;
	for (llvm::BasicBlock &b : *f)
		for (llvm::Instruction &i : b)
			for (const llvm::Use &u : i.uses())
				if (!dt.dominates(&i, u)) {
					bad.push_back(&i);
					break;
				}
	/* A phi too: its store goes after its block's phis, its loads before each use (DemotePHIToStack would
	 * only move the phi into memory, its uses as undominated as before). */
	for (llvm::Instruction *i : bad)
		llvm::DemoteRegToStack(*i);
	return (int)bad.size();
}

void ir_remove_unreachable_blocks(LLVMValueRef fn)
{
	llvm::removeUnreachableBlocks(*llvm::unwrap<llvm::Function>(fn));
}
