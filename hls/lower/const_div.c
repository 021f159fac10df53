// SPDX-License-Identifier: Apache-2.0
#include "const_div.h"

#include <stddef.h>

static unsigned ceil_log2(uint64_t d)
{
	unsigned l = 0;
	while (l < 64 && (1ull << l) < d)
		l++;
	return l;
}

const_div_plan const_div_plan_for(unsigned w, uint64_t d)
{
	const_div_plan p = {CD_NONE, 0, 0};
	if (w < 1 || w > 64)
		return p;
	if (w < 64)
		d &= (1ull << w) - 1;
	if (d == 0)
		return p;
	if ((d & (d - 1)) == 0) {
		p.kind = CD_SHIFT;
		p.shift = ceil_log2(d);
		return p;
	}
	if (w > 32)
		return p;
	/* The smallest s whose magic m = ceil(2^(w+s) / d) is exact for every x < 2^w: m * d - 2^(w+s) <= 2^s
	 * (Granlund and Montgomery), with x * m within 64 bits. */
	unsigned l = ceil_log2(d);
	for (unsigned s = 0; s <= l; s++) {
		unsigned __int128 two = (unsigned __int128)1 << (w + s);
		unsigned __int128 m = (two + d - 1) / d;
		if (m * d - two <= ((unsigned __int128)1 << s) && m < ((unsigned __int128)1 << (64 - w))) {
			p.kind = CD_MUL;
			p.shift = w + s;
			p.magic = (uint64_t)m;
			return p;
		}
	}
	/* w = 32 and a 33-bit magic: its top bit is added in by the fix-up. */
	unsigned __int128 m = ((unsigned __int128)1 << (32 + l)) / d + 1;
	p.kind = CD_MUL_ADD;
	p.shift = l;
	p.magic = (uint64_t)(m - ((unsigned __int128)1 << 32));
	return p;
}

uint64_t const_div_apply(const const_div_plan *p, uint64_t x)
{
	switch (p->kind) {
	case CD_SHIFT:
		return x >> p->shift;
	case CD_MUL:
		return (x * p->magic) >> p->shift;
	case CD_MUL_ADD: {
		uint64_t t = (x * p->magic) >> 32;
		return (t + ((x - t) >> 1)) >> (p->shift - 1);
	}
	default:
		return 0;
	}
}

/* The quotient of unsigned X (of type TY) by plan P, built at B's position. */
static LLVMValueRef build_udiv(LLVMBuilderRef b, const const_div_plan *p, LLVMTypeRef ty, LLVMValueRef x)
{
	if (p->kind == CD_SHIFT)
		return LLVMBuildLShr(b, x, LLVMConstInt(ty, p->shift, 0), "");
	LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(ty));
	LLVMValueRef x64 = LLVMBuildZExt(b, x, i64, "");
	LLVMValueRef prod = LLVMBuildMul(b, x64, LLVMConstInt(i64, p->magic, 0), "");
	if (p->kind == CD_MUL)
		return LLVMBuildTrunc(b, LLVMBuildLShr(b, prod, LLVMConstInt(i64, p->shift, 0), ""), ty, "");
	LLVMValueRef t = LLVMBuildTrunc(b, LLVMBuildLShr(b, prod, LLVMConstInt(i64, 32, 0), ""), ty, "");
	LLVMValueRef half = LLVMBuildLShr(b, LLVMBuildSub(b, x, t, ""), LLVMConstInt(ty, 1, 0), "");
	return LLVMBuildLShr(b, LLVMBuildAdd(b, t, half, ""), LLVMConstInt(ty, p->shift - 1, 0), "");
}

/* Rewrites division or remainder IN by its constant divisor D; 0 when it has no plan. */
static int rewrite(LLVMBuilderRef b, LLVMValueRef in, LLVMOpcode op, LLVMValueRef d)
{
	LLVMTypeRef ty = LLVMTypeOf(in);
	unsigned w = LLVMGetIntTypeWidth(ty);
	if (w > 64) /* the constant would not even be read whole (cdfg refuses such widths anyway) */
		return 0;
	int sgn = op == LLVMSDiv || op == LLVMSRem, rem = op == LLVMURem || op == LLVMSRem;
	uint64_t dv = LLVMConstIntGetZExtValue(d);
	int64_t ds = sgn ? LLVMConstIntGetSExtValue(d) : 0;
	/* a signed divisor's magnitude (of INT_MIN too, as W-bit unsigned); +-1 are the optimiser's */
	uint64_t mag = sgn && ds < 0 ? (uint64_t)0 - (uint64_t)ds : dv;
	if (w < 64)
		mag &= (1ull << w) - 1;
	if (mag <= 1)
		return 0;
	const_div_plan p = const_div_plan_for(w, mag);
	if (p.kind == CD_NONE)
		return 0;
	LLVMPositionBuilderBefore(b, in);
	LLVMValueRef x = LLVMGetOperand(in, 0), zero = LLVMConstInt(ty, 0, 0), neg = NULL, ax = x;
	if (sgn) { /* C truncates: the magnitudes' quotient, its sign the signs' */
		neg = LLVMBuildICmp(b, LLVMIntSLT, x, zero, "");
		ax = LLVMBuildSelect(b, neg, LLVMBuildSub(b, zero, x, ""), x, "");
	}
	LLVMValueRef q = build_udiv(b, &p, ty, ax), r;
	if (rem) { /* the remainder takes the dividend's sign */
		LLVMValueRef rr = LLVMBuildSub(b, ax, LLVMBuildMul(b, q, LLVMConstInt(ty, mag, 0), ""), "");
		r = sgn ? LLVMBuildSelect(b, neg, LLVMBuildSub(b, zero, rr, ""), rr, "") : rr;
	} else if (sgn) {
		LLVMValueRef flip = ds < 0 ? LLVMBuildNot(b, neg, "") : neg;
		r = LLVMBuildSelect(b, flip, LLVMBuildSub(b, zero, q, ""), q, "");
	} else {
		r = q;
	}
	LLVMReplaceAllUsesWith(in, r);
	LLVMInstructionEraseFromParent(in);
	return 1;
}

void lower_const_div(LLVMValueRef fn)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn)));
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
			nx = LLVMGetNextInstruction(in);
			LLVMOpcode op = LLVMGetInstructionOpcode(in);
			if (op != LLVMUDiv && op != LLVMSDiv && op != LLVMURem && op != LLVMSRem)
				continue;
			LLVMValueRef d = LLVMGetOperand(in, 1);
			if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind && LLVMIsAConstantInt(d))
				rewrite(b, in, op, d);
		}
	LLVMDisposeBuilder(b);
}
