// SPDX-License-Identifier: Apache-2.0
#include "ir_range.h"

#include <llvm/Analysis/LazyValueInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/ConstantRange.h>
#include <llvm/IR/Instruction.h>
#include <llvm/Passes/PassBuilder.h>

/* V's range at AT: what either analysis says, and for arithmetic and casts what its operands' ranges give
 * (LazyValueInfo knows a loop counter no better than its type, ScalarEvolution no square of it). */
static llvm::ConstantRange range_of(llvm::Value *v, llvm::Instruction *at, llvm::LazyValueInfo &lvi,
                                    llvm::ScalarEvolution &se, int depth)
{
	unsigned bits = v->getType()->getIntegerBitWidth();
	llvm::ConstantRange r = lvi.getConstantRange(v, at, false);
	if (se.isSCEVable(v->getType()))
		r = r.intersectWith(se.getUnsignedRange(se.getSCEV(v)), llvm::ConstantRange::Unsigned);
	if (depth >= 6)
		return r;
	if (auto *bo = llvm::dyn_cast<llvm::BinaryOperator>(v)) {
		llvm::ConstantRange a = range_of(bo->getOperand(0), at, lvi, se, depth + 1);
		llvm::ConstantRange b = range_of(bo->getOperand(1), at, lvi, se, depth + 1);
		r = r.intersectWith(a.binaryOp(bo->getOpcode(), b), llvm::ConstantRange::Unsigned);
	} else if (auto *c = llvm::dyn_cast<llvm::CastInst>(v)) {
		if (c->getOperand(0)->getType()->isIntegerTy()) {
			llvm::ConstantRange a = range_of(c->getOperand(0), at, lvi, se, depth + 1);
			r = r.intersectWith(a.castOp(c->getOpcode(), bits), llvm::ConstantRange::Unsigned);
		}
	}
	return r;
}

/* LLVM's function analyses, registered, for one query (the function may have changed since the last). */
struct analyses {
	llvm::PassBuilder pb;
	llvm::FunctionAnalysisManager fam;
	analyses()
	{
		pb.registerFunctionAnalyses(fam);
	}
};

int ir_unsigned_max_at(LLVMValueRef v, LLVMValueRef at, uint64_t *max)
{
	auto *val = llvm::unwrap(v);
	auto *in = llvm::unwrap<llvm::Instruction>(at);
	if (!val->getType()->isIntegerTy())
		return -1;
	analyses a;
	llvm::Function &f = *in->getFunction();
	llvm::ConstantRange r = range_of(val, in, a.fam.getResult<llvm::LazyValueAnalysis>(f),
	                                 a.fam.getResult<llvm::ScalarEvolutionAnalysis>(f), 0);
	int bounded = !r.isFullSet() && r.getUnsignedMax().getActiveBits() <= 63;
	if (bounded)
		*max = r.getUnsignedMax().getZExtValue();
	return bounded ? 0 : -1;
}

int ir_pointer_offset_range(LLVMValueRef ptr, LLVMValueRef at, uint64_t *lo, uint64_t *hi)
{
	auto *p = llvm::unwrap(ptr);
	auto *in = llvm::unwrap<llvm::Instruction>(at);
	if (!p->getType()->isPointerTy())
		return -1;
	analyses a;
	llvm::ScalarEvolution &se = a.fam.getResult<llvm::ScalarEvolutionAnalysis>(*in->getFunction());
	const llvm::SCEV *s = se.getSCEV(p);
	const llvm::SCEV *d = se.getMinusSCEV(s, se.getPointerBase(s));
	if (llvm::isa<llvm::SCEVCouldNotCompute>(d) || !d->getType()->isIntegerTy())
		return -1;
	llvm::ConstantRange r = se.getUnsignedRange(d);
	if (r.isFullSet() || r.isWrappedSet() || r.getUnsignedMax().getActiveBits() > 32)
		return -1;
	*lo = r.getUnsignedMin().getZExtValue();
	*hi = r.getUnsignedMax().getZExtValue();
	return 0;
}

int ir_pointer_distances(LLVMValueRef *ptrs, int n, LLVMValueRef at, int64_t *dist, LLVMValueRef *base,
                         unsigned *tz)
{
	auto *in = llvm::unwrap<llvm::Instruction>(at);
	auto *p0 = llvm::unwrap(ptrs[0]);
	if (n < 1 || !p0->getType()->isPointerTy())
		return -1;
	analyses a;
	llvm::ScalarEvolution &se = a.fam.getResult<llvm::ScalarEvolutionAnalysis>(*in->getFunction());
	const llvm::SCEV *s0 = se.getSCEV(p0);
	for (int i = 0; i < n; i++) {
		auto *p = llvm::unwrap(ptrs[i]);
		if (p->getType() != p0->getType())
			return -1;
		const auto *d = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(se.getSCEV(p), s0));
		if (!d || d->getAPInt().getMinSignedBits() > 63)
			return -1;
		dist[i] = d->getAPInt().getSExtValue();
	}
	int low = 0;
	for (int i = 1; i < n; i++)
		if (dist[i] < dist[low])
			low = i;
	const llvm::SCEV *sl = se.getSCEV(llvm::unwrap(ptrs[low]));
	const auto *b = llvm::dyn_cast<llvm::SCEVUnknown>(se.getPointerBase(sl));
	const llvm::SCEV *off = se.getMinusSCEV(sl, se.getPointerBase(sl));
	if (!b || llvm::isa<llvm::SCEVCouldNotCompute>(off))
		return -1;
	*base = llvm::wrap(b->getValue()->stripPointerCasts());
	uint32_t z = se.GetMinTrailingZeros(off);
	*tz = z > 63 ? 63 : z;
	return 0;
}
