// SPDX-License-Identifier: Apache-2.0
#include "ir_loops.h"

#include <vector>

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

int ir_mark_full_unroll(LLVMValueRef fn, int (*want)(const ir_loop *l, void *ctx), void *ctx)
{
	auto *f = llvm::unwrap<llvm::Function>(fn);
	if (f->isDeclaration())
		return 0;
	llvm::DominatorTree dt(*f);
	llvm::LoopInfo li(dt);
	llvm::TargetLibraryInfoImpl tlii;
	llvm::TargetLibraryInfo tli(tlii);
	llvm::AssumptionCache ac(*f);
	llvm::ScalarEvolution se(*f, tli, ac, dt, li);
	int marked = 0;
	/* Postorder over the loop tree: inner loops are shown before the loops holding them. */
	auto loops = li.getLoopsInPreorder();
	for (auto it = loops.rbegin(); it != loops.rend(); ++it) {
		llvm::Loop *l = *it;
		std::vector<LLVMBasicBlockRef> blocks;
		for (llvm::BasicBlock *bb : l->blocks())
			blocks.push_back(llvm::wrap(bb));
		ir_loop v;
		v.blocks = blocks.data();
		v.nblocks = (unsigned)blocks.size();
		v.trip = se.getSmallConstantTripCount(l);
		v.innermost = l->isInnermost();
		v.has_unroll_md = llvm::findOptionMDForLoop(l, "llvm.loop.unroll.disable") ||
		                  llvm::findOptionMDForLoop(l, "llvm.loop.unroll.full") ||
		                  llvm::findOptionMDForLoop(l, "llvm.loop.unroll.count") ||
		                  llvm::findOptionMDForLoop(l, "llvm.loop.unroll.enable");
		if (want(&v, ctx)) {
			/* The value is the attribute's truth: 0 would read as "not full". */
			llvm::addStringMetadataToLoop(l, "llvm.loop.unroll.full", 1);
			marked++;
		}
	}
	return marked;
}
