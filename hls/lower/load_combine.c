// SPDX-License-Identifier: Apache-2.0
#include "load_combine.h"

#include <llvm-c/DebugInfo.h>

#include <stdint.h>
#include <string.h>

#include "../ir/ir_range.h"
#include "../ir/ir_util.h"

/* The most bytes (or halves) one gathering combines: a 64-bit word of bytes. */
#define MAX_LEAVES 8

/* One load of the gathering: zext(load PTR) << SHIFT, its distance from the first leaf's pointer. */
typedef struct leaf {
	LLVMValueRef load, ptr;
	unsigned shift;
	int64_t dist;
} leaf;

/* The gathering at a root: its leaves, and its instructions in pre-order (each before its operands). */
typedef struct gathering {
	leaf l[MAX_LEAVES];
	int n;
	LLVMValueRef insts[4 * MAX_LEAVES];
	int ni;
} gathering;

static int one_use(LLVMValueRef v)
{
	LLVMUseRef u = LLVMGetFirstUse(v);
	return u && !LLVMGetNextUse(u);
}

static int is_op(LLVMValueRef v, LLVMOpcode op)
{
	return LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op;
}

static int keep(gathering *g, LLVMValueRef in)
{
	if (g->ni == (int)(sizeof g->insts / sizeof g->insts[0]))
		return 0;
	g->insts[g->ni++] = in;
	return 1;
}

/* Gathers the or-tree at V into G (ROOT: the tree's top, which may have many uses; inside, each value has
 * one, so that the tree goes away whole). */
static int gather(LLVMValueRef v, int root, gathering *g)
{
	if (is_op(v, LLVMOr) && (root || one_use(v)))
		return keep(g, v) && gather(LLVMGetOperand(v, 0), 0, g) && gather(LLVMGetOperand(v, 1), 0, g);
	if (g->n == MAX_LEAVES || !one_use(v))
		return 0;
	unsigned sh = 0;
	if (is_op(v, LLVMShl)) {
		LLVMValueRef c = LLVMGetOperand(v, 1);
		if (!LLVMIsAConstantInt(c) || !keep(g, v))
			return 0;
		sh = (unsigned)LLVMConstIntGetZExtValue(c);
		v = LLVMGetOperand(v, 0);
		if (!one_use(v))
			return 0;
	}
	if (!is_op(v, LLVMZExt) || !keep(g, v))
		return 0;
	v = LLVMGetOperand(v, 0);
	if (!LLVMIsALoadInst(v) || LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic ||
	    !one_use(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind || !keep(g, v))
		return 0;
	g->l[g->n++] = (leaf){v, LLVMGetOperand(v, 0), sh, 0};
	return 1;
}

/* Whether instruction IN may write memory (debug records do not). */
static int may_write(LLVMValueRef in)
{
	if (LLVMIsACallInst(in)) {
		LLVMValueRef f = ir_direct_callee(in);
		size_t len = 0;
		const char *name = f ? LLVMGetValueName2(f, &len) : "";
		return !(len > 9 && !strncmp(name, "llvm.dbg.", 9));
	}
	return LLVMIsAStoreInst(in) || LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in) ||
	       LLVMIsAFenceInst(in) || LLVMIsAInvokeInst(in);
}

/* The last of G's loads, all in one block with nothing that may write memory from the first to the last;
 * NULL when not so. */
static LLVMValueRef last_load(const gathering *g)
{
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(g->l[0].load);
	for (int i = 1; i < g->n; i++)
		if (LLVMGetInstructionParent(g->l[i].load) != bb)
			return NULL;
	int seen = 0;
	for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
		int mine = 0;
		for (int i = 0; i < g->n; i++)
			mine |= g->l[i].load == in;
		if (mine && ++seen == g->n)
			return in;
		if (seen && !mine && may_write(in))
			return NULL;
	}
	return NULL;
}

/* The alignment the word of BYTES bytes at an offset of TZ trailing zero bits in BASE has, as much as the
 * offset proves up to the word's own; the object's alignment is raised to it where the image owns the object
 * (the memories lay out by it). 0 when it is less than NEED, the least the word's port access takes. */
static unsigned word_align(LLVMValueRef base, unsigned tz, unsigned bytes, unsigned need)
{
	unsigned al = tz >= 3 ? 8 : 1u << tz;
	al = al < bytes ? al : bytes;
	/* an argument's or another pointer's object: its alignment is the host's or unknown */
	if (al < need || (!LLVMIsAAllocaInst(base) && !LLVMIsAGlobalVariable(base)))
		return 0;
	int owned = LLVMIsAAllocaInst(base) || (!LLVMIsDeclaration(base) && !ir_is_device_global(base));
	unsigned has = LLVMGetAlignment(base);
	if (has < al && owned)
		LLVMSetAlignment(base, has = al);
	al = has < al ? has : al;
	return al >= need ? al : 0;
}

/* Combines the gathering at ROOT, an `or`, where it may. */
static void combine(LLVMValueRef root, LLVMBuilderRef b)
{
	LLVMTypeRef ty = LLVMTypeOf(root);
	if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind)
		return;
	unsigned w = LLVMGetIntTypeWidth(ty);
	gathering g;
	g.n = g.ni = 0;
	if ((w != 16 && w != 32 && w != 64) || !gather(root, 1, &g) || g.n < 2)
		return;
	unsigned part = LLVMGetIntTypeWidth(LLVMTypeOf(g.l[0].load));
	for (int i = 0; i < g.n; i++)
		if (LLVMGetIntTypeWidth(LLVMTypeOf(g.l[i].load)) != part)
			return;
	/* the word the parts make, zero-extended to the result (C's `unsigned long` of four bytes) */
	unsigned v = part * (unsigned)g.n;
	if ((part != 8 && part != 16) || (v != 16 && v != 32 && v != 64) || v > w)
		return;
	LLVMTypeRef vty = LLVMIntTypeInContext(LLVMGetTypeContext(ty), v);
	LLVMValueRef last = last_load(&g);
	if (!last)
		return;
	LLVMValueRef ptrs[MAX_LEAVES], base = NULL;
	int64_t dist[MAX_LEAVES];
	unsigned tz = 0;
	for (int i = 0; i < g.n; i++)
		ptrs[i] = g.l[i].ptr;
	if (ir_pointer_distances(ptrs, g.n, last, dist, &base, &tz) != 0)
		return;
	/* every part once, from the lowest address up; in one of the two orders */
	int low = 0;
	for (int i = 1; i < g.n; i++)
		if (dist[i] < dist[low])
			low = i;
	unsigned char seen[MAX_LEAVES] = {0};
	int little = 1, big = part == 8;
	for (int i = 0; i < g.n; i++) {
		int64_t r = dist[i] - dist[low];
		if (r < 0 || r % (part / 8) || r / (part / 8) >= g.n || seen[r / (part / 8)]++)
			return;
		little &= g.l[i].shift == 8 * (unsigned)r;
		big &= g.l[i].shift == v - 8 - 8 * (unsigned)r;
	}
	if (!little && !big)
		return;
	unsigned al = word_align(base, tz, v / 8, v / 8 < 4 ? v / 8 : 4);
	if (!al)
		return;
	LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(last));
	LLVMValueRef p = g.l[low].ptr;
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
	LLVMValueRef word =
	    LLVMBuildLoad2(b, vty, LLVMBuildBitCast(b, p, LLVMPointerType(vty, as), ""), "word");
	LLVMSetAlignment(word, al);
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(root);
	if (loc)
		LLVMInstructionSetDebugLoc(word, loc);
	if (!little) {
		unsigned id = LLVMLookupIntrinsicID("llvm.bswap", 10);
		LLVMModuleRef m =
		    LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(root)));
		LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m, id, &vty, 1);
		word = LLVMBuildCall2(b, LLVMIntrinsicGetType(LLVMGetModuleContext(m), id, &vty, 1), fn,
		                      &word, 1, "swapped");
		if (loc)
			LLVMInstructionSetDebugLoc(word, loc);
	}
	if (v < w)
		word = LLVMBuildZExt(b, word, ty, "");
	LLVMReplaceAllUsesWith(root, word);
	for (int i = 0; i < g.ni; i++) /* pre-order: each after its only user */
		LLVMInstructionEraseFromParent(g.insts[i]);
}

void combine_byte_loads(LLVMValueRef fn)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
			nx = LLVMGetNextInstruction(in);
			if (!is_op(in, LLVMOr))
				continue;
			/* a tree's top: not the only operand use of a further `or` */
			LLVMUseRef u = LLVMGetFirstUse(in);
			if (u && !LLVMGetNextUse(u) && is_op(LLVMGetUser(u), LLVMOr))
				continue;
			combine(in, b);
		}
	LLVMDisposeBuilder(b);
}
