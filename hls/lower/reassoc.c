// SPDX-License-Identifier: Apache-2.0
#include "reassoc.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/fp_flags.h"
#include "../ir/ir_cfg.h"
#include "../schedule/fp_units.h"

int reassoc_ways(double clock_ns)
{
	int m = fp_fraction_bits(64), bps = fp_unit_bits_per_level(clock_ns, m);
	int add = fp_unit_levels(K_FADD, m, bps), mul = fp_unit_levels(K_FMUL, m, bps);
	return add > mul ? add : mul;
}

static int self_loop(LLVMBasicBlockRef bb)
{
	LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
	if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
		return 0;
	return (LLVMGetSuccessor(t, 0) == bb) != (LLVMGetSuccessor(t, 1) == bb);
}

/* The value V = P op X of loop BB whose reduction phi is P: V is an operation of BB with the reassoc flag on
 * P (the left operand of a subtraction), P feeds nothing else, and V feeds only P and phis of the loop's
 * exits (LCSSA). */
/* V adds into P: an addition, or llvm.fmuladd with P as its addend (what clang makes of s += a * b). */
static int fmuladd_into(LLVMValueRef v, LLVMValueRef p)
{
	LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
	size_t n = 0;
	const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
	return n > 13 && !strncmp(name, "llvm.fmuladd.", 13) && LLVMGetOperand(v, 2) == p &&
	       LLVMGetOperand(v, 0) != p && LLVMGetOperand(v, 1) != p;
}

/* The kind of reduction V = P op X of loop BB whose phi is P, or 0 when it is none: V is an operation of BB
 * with the reassoc flag on P (the left operand of a subtraction, the addend of a multiply-add), P feeds
 * nothing else, and V nothing else in the loop. Multiplications give LLVMFMul, the others LLVMFAdd. */
static LLVMOpcode reduction(LLVMBasicBlockRef bb, LLVMValueRef p, LLVMValueRef v)
{
	LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v) : LLVMRet;
	if (!LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != bb || !ir_fp_reassoc(v))
		return 0;
	if (op == LLVMCall) {
		if (!fmuladd_into(v, p))
			return 0;
		op = LLVMFAdd;
	} else if (op == LLVMFAdd || op == LLVMFMul || op == LLVMFSub) {
		if (LLVMGetOperand(v, 0) == LLVMGetOperand(v, 1) ||
		    (LLVMGetOperand(v, 0) != p && (op == LLVMFSub || LLVMGetOperand(v, 1) != p)))
			return 0;
		if (op == LLVMFSub)
			op = LLVMFAdd;
	} else {
		return 0;
	}
	LLVMUseRef pu = LLVMGetFirstUse(p);
	if (!pu || LLVMGetNextUse(pu) || LLVMGetUser(pu) != v)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
		if (LLVMGetUser(u) != p && LLVMGetInstructionParent(LLVMGetUser(u)) == bb)
			return 0;
	return op;
}

/* One reduction of a loop: its phi, its value, and the partial results (ways - 1 phis besides the phi). */
typedef struct red {
	LLVMValueRef p, v, *a;
	LLVMOpcode op; /* LLVMFAdd (sums and differences) or LLVMFMul */
} red;

/* Turns reduction R of loop BB into WAYS partial results that take turns (R->a has room for them). */
static void rotate(LLVMBuilderRef b, LLVMBasicBlockRef bb, red *r, int ways)
{
	LLVMTypeRef t = LLVMTypeOf(r->p);
	LLVMValueRef id =
	    LLVMGetInstructionOpcode(r->v) == LLVMFMul ? LLVMConstReal(t, 1.0) : LLVMConstReal(t, -0.0);
	LLVMValueRef *a = r->a;
	a[0] = r->p;
	LLVMPositionBuilderBefore(b, r->p);
	for (int j = 1; j < ways; j++)
		a[j] = LLVMBuildPhi(b, t, "partial");
	/* From outside the loop: the first partial keeps the start value, the others start at the identity.
	 */
	unsigned n = LLVMCountIncoming(r->p);
	for (unsigned i = 0; i < n; i++) {
		LLVMBasicBlockRef from = LLVMGetIncomingBlock(r->p, i);
		if (from == bb)
			continue;
		for (int j = 1; j < ways; j++)
			LLVMAddIncoming(a[j], &id, &from, 1);
	}
	/* Around the loop the partials rotate: a[j] takes a[j+1], the last takes the new value, and the
	 * reduction reads a[1] (that is, the value of WAYS iterations before). */
	for (int j = 1; j < ways; j++) {
		LLVMValueRef next = j + 1 < ways ? a[j + 1] : r->v;
		LLVMAddIncoming(a[j], &next, &bb, 1);
	}
	for (unsigned i = 0; i < n; i++)
		if (LLVMGetIncomingBlock(r->p, i) == bb)
			LLVMSetOperand(r->p, i, a[1]);
}

/* The partials added up where the loop BB exits, in a block of its own on the exit edge: the last value
 * and the WAYS - 1 before it take the place of the value everywhere after the loop. */
static void totals(LLVMBuilderRef b, LLVMBasicBlockRef bb, red *rs, int nr, int ways)
{
	LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
	LLVMBasicBlockRef e = LLVMGetSuccessor(term, LLVMGetSuccessor(term, 0) == bb ? 1 : 0);
	LLVMBasicBlockRef x = ir_split_edge(bb, e);
	for (int k = 0; k < nr; k++) {
		LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(x));
		LLVMValueRef total = rs[k].v;
		for (int j = ways - 1; j >= 1; j--)
			total = rs[k].op == LLVMFMul ? LLVMBuildFMul(b, total, rs[k].a[j], "total")
			                             : LLVMBuildFAdd(b, total, rs[k].a[j], "total");
		/* one user at a time: replacing its operands changes the use list (and needs no memory) */
		for (;;) {
			LLVMValueRef user = NULL;
			for (LLVMUseRef u = LLVMGetFirstUse(rs[k].v); u && !user; u = LLVMGetNextUse(u)) {
				LLVMValueRef c = LLVMGetUser(u);
				LLVMBasicBlockRef ub = LLVMGetInstructionParent(c);
				if (ub != bb && !(ub == x && !LLVMIsAPHINode(c)))
					user = c;
			}
			if (!user)
				break;
			for (int i = 0; i < LLVMGetNumOperands(user); i++)
				if (LLVMGetOperand(user, (unsigned)i) == rs[k].v)
					LLVMSetOperand(user, (unsigned)i, total);
		}
	}
}

int reassoc_reductions(LLVMValueRef fn, int ways)
{
	int changed = 0;
	if (ways < 2)
		return 0;
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		if (!self_loop(bb))
			continue;
		red *rs = NULL;
		int nr = 0;
		for (LLVMValueRef p = LLVMGetFirstInstruction(bb); p && LLVMIsAPHINode(p);
		     p = LLVMGetNextInstruction(p)) {
			LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(p));
			if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
				continue;
			LLVMValueRef v = NULL;
			for (unsigned i = 0; i < LLVMCountIncoming(p); i++)
				if (LLVMGetIncomingBlock(p, i) == bb)
					v = LLVMGetIncomingValue(p, i);
			LLVMOpcode op = v ? reduction(bb, p, v) : 0;
			red *nrs = op ? realloc(rs, (size_t)(nr + 1) * sizeof *rs) : NULL;
			if (nrs) {
				rs = nrs;
				rs[nr++] = (red){p, v, NULL, op};
			}
		}
		/* all the memory first, so that the loop is changed completely or not at all */
		int ok = 1;
		for (int k = 0; k < nr; k++)
			ok &= (rs[k].a = calloc((size_t)ways, sizeof *rs[k].a)) != NULL;
		for (int k = 0; k < nr && ok; k++)
			rotate(b, bb, &rs[k], ways);
		if (ok && nr)
			totals(b, bb, rs, nr, ways);
		int any = ok && nr > 0;
		for (int k = 0; k < nr; k++)
			free(rs[k].a);
		free(rs);
		changed += any;
	}
	LLVMDisposeBuilder(b);
	return changed;
}
