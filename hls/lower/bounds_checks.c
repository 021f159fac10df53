// SPDX-License-Identifier: Apache-2.0
#include "bounds_checks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../../host/common/contract.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "debug_channel.h"

typedef struct bc {
	LLVMContextRef ctx;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	LLVMTypeRef i32;
	vmap seen; /* phis and selects on the way of one object_of question */
} bc;

/* object_of's answer for a phi reached again through its own cycle: it adds nothing. */
static char cycle_tag;
#define CYCLE ((LLVMValueRef)(void *)&cycle_tag)

/* The one on-chip object (an alloca or a global) pointer V points into, or NULL: device memory, null, or
 * more than one object (after unify_pointers an on-chip access names its object directly). */
static LLVMValueRef object_of(bc *c, LLVMValueRef v, int depth)
{
	if (depth > 64)
		return NULL;
	if (LLVMIsAAllocaInst(v) || LLVMIsAGlobalVariable(v))
		return v;
	if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v) ||
	    LLVMIsAFreezeInst(v))
		return object_of(c, LLVMGetOperand(v, 0), depth + 1);
	if (LLVMIsAConstantExpr(v)) {
		LLVMOpcode op = LLVMGetConstOpcode(v);
		return op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast
		           ? object_of(c, LLVMGetOperand(v, 0), depth + 1)
		           : NULL;
	}
	if (!LLVMIsAPHINode(v) && !LLVMIsASelectInst(v))
		return NULL;
	int was;
	if (vmap_get(&c->seen, v, &was))
		return CYCLE;
	vmap_put(&c->seen, v, 1);
	unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
	LLVMValueRef o = CYCLE;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef in = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1);
		LLVMValueRef oi = object_of(c, in, depth + 1);
		if (!oi || (oi != CYCLE && o != CYCLE && oi != o))
			return NULL;
		if (oi != CYCLE)
			o = oi;
	}
	return o;
}

/* Bytes of object O, or 0 when they are not known. */
static uint64_t object_bytes(bc *c, LLVMValueRef o)
{
	if (LLVMIsAGlobalVariable(o))
		return LLVMABISizeOfType(c->td, LLVMGlobalGetValueType(o));
	LLVMValueRef n = LLVMGetOperand(o, 0);
	return LLVMIsAConstantInt(n)
	           ? LLVMABISizeOfType(c->td, LLVMGetAllocatedType(o)) * LLVMConstIntGetZExtValue(n)
	           : 0;
}

/* Values are kept below 2^40 so that sums and products of ranges cannot overflow. */
#define RANGE_MAX (1ull << 40)

/* The largest value induction variable PHI takes in the body of its loop, which the latch (the block INC
 * comes from) ends by comparing PHI or INC (= PHI + STEP, STEP > 0) with a constant; PHI starts at START.
 * 0 when the latch has no such comparison. */
static int loop_bound(LLVMValueRef phi, LLVMValueRef inc, LLVMBasicBlockRef latch, uint64_t start,
                      uint64_t step, uint64_t *max)
{
	LLVMValueRef br = LLVMGetBasicBlockTerminator(latch);
	if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) || !LLVMIsAICmpInst(LLVMGetCondition(br)))
		return 0;
	LLVMValueRef cmp = LLVMGetCondition(br), a = LLVMGetOperand(cmp, 0), k = LLVMGetOperand(cmp, 1);
	LLVMBasicBlockRef head = LLVMGetInstructionParent(phi);
	int stay_if_true = LLVMGetSuccessor(br, 0) == head;
	if (!stay_if_true && LLVMGetSuccessor(br, 1) != head)
		return 0;
	if ((a != phi && a != inc) || !LLVMIsAConstantInt(k))
		return 0;
	uint64_t lim = LLVMConstIntGetZExtValue(k);
	LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
	int sign = pr == LLVMIntSLT || pr == LLVMIntSLE || pr == LLVMIntSGT || pr == LLVMIntSGE;
	int equality = pr == LLVMIntNE || pr == LLVMIntEQ;
	if (lim >= RANGE_MAX || (sign && LLVMConstIntGetSExtValue(k) < 0))
		return 0;
	/* The loop goes on while A <= D. */
	uint64_t d;
	if (stay_if_true && (pr == LLVMIntULT || pr == LLVMIntSLT || pr == LLVMIntNE) && lim > 0)
		d = lim - 1;
	else if (stay_if_true && (pr == LLVMIntULE || pr == LLVMIntSLE))
		d = lim;
	else if (!stay_if_true && (pr == LLVMIntUGE || pr == LLVMIntSGE || pr == LLVMIntEQ) && lim > 0)
		d = lim - 1;
	else if (!stay_if_true && (pr == LLVMIntUGT || pr == LLVMIntSGT))
		d = lim;
	else
		return 0;
	if (equality && (step != 1 || start > lim)) /* it could step over LIM */
		return 0;
	/* The values the body sees: START, then each next one while the compared value stays within D. */
	if (a == phi)
		*max = d < start ? start : start + ((d - start) / step + 1) * step;
	else
		*max = d < start ? start : start + (d - start) / step * step;
	return *max < RANGE_MAX;
}

/* Whether PHI is a counted loop's induction variable: it starts at the constant *START, goes up by the
 * constant *STEP each iteration along the latch (*LATCH), and is at most *MAX in the body. */
static int induction(LLVMValueRef phi, uint64_t *start, uint64_t *step, uint64_t *max,
                     LLVMBasicBlockRef *latch)
{
	if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2 ||
	    LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind)
		return 0;
	for (unsigned s = 0; s < 2; s++) {
		LLVMValueRef st = LLVMGetIncomingValue(phi, s), inc = LLVMGetIncomingValue(phi, 1 - s);
		if (!LLVMIsAConstantInt(st) || LLVMConstIntGetSExtValue(st) < 0 ||
		    (*start = LLVMConstIntGetZExtValue(st)) >= RANGE_MAX || !LLVMIsAInstruction(inc) ||
		    LLVMGetInstructionOpcode(inc) != LLVMAdd || LLVMGetOperand(inc, 0) != phi ||
		    !LLVMIsAConstantInt(LLVMGetOperand(inc, 1)) ||
		    LLVMConstIntGetSExtValue(LLVMGetOperand(inc, 1)) <= 0 ||
		    (*step = LLVMConstIntGetZExtValue(LLVMGetOperand(inc, 1))) >= RANGE_MAX)
			continue;
		*latch = LLVMGetIncomingBlock(phi, 1 - s);
		if (loop_bound(phi, inc, *latch, *start, *step, max))
			return 1;
	}
	return 0;
}

/* The most iterations after the first that the loop whose header holds PHI (a phi stepped along LATCH) runs,
 * from a counted induction variable beside it; 0 when none is known. */
static int loop_trips(LLVMValueRef phi, LLVMBasicBlockRef latch, uint64_t *trips)
{
	int found = 0;
	for (LLVMValueRef q = LLVMGetFirstInstruction(LLVMGetInstructionParent(phi)); q && LLVMIsAPHINode(q);
	     q = LLVMGetNextInstruction(q)) {
		uint64_t st, step, max, t;
		LLVMBasicBlockRef l;
		if (q == phi || !induction(q, &st, &step, &max, &l) || l != latch)
			continue;
		t = (max - st) / step;
		if (!found || t < *trips)
			*trips = t;
		found = 1;
	}
	return found;
}

static int range_of(LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth);

/* range_of's reasoning for one value, in unbounded arithmetic. */
static int range_raw(LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth)
{
	if (LLVMIsAConstantInt(v)) {
		int64_t x = LLVMConstIntGetSExtValue(v);
		if (x < 0 || (uint64_t)x >= RANGE_MAX)
			return 0;
		*lo = *hi = (uint64_t)x;
		return 1;
	}
	if (depth > 16 || !LLVMIsAInstruction(v))
		return 0;
	uint64_t l0, h0, l1, h1, c = 0;
	LLVMValueRef x = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
	LLVMValueRef y = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	int cy = y && LLVMIsAConstantInt(y) && LLVMConstIntGetSExtValue(y) >= 0 &&
	         (c = LLVMConstIntGetZExtValue(y)) < RANGE_MAX;
	unsigned xw = x && LLVMGetTypeKind(LLVMTypeOf(x)) == LLVMIntegerTypeKind
	                  ? LLVMGetIntTypeWidth(LLVMTypeOf(x))
	                  : 64;
	switch (op) {
	case LLVMZExt: /* at worst any value of the narrower type */
		if (!range_of(x, lo, hi, depth + 1)) {
			if (xw > 32)
				return 0;
			*lo = 0;
			*hi = (1ull << xw) - 1;
		}
		return 1;
	case LLVMSExt: /* range_of keeps only ranges with the sign bit clear */
	case LLVMFreeze:
		return range_of(x, lo, hi, depth + 1);
	case LLVMAdd:
		if (y && LLVMIsAConstantInt(y) && LLVMConstIntGetSExtValue(y) < 0) { /* x - c: while x >= c */
			int64_t m = LLVMConstIntGetSExtValue(y);
			if (m <= -(int64_t)RANGE_MAX || !range_of(x, &l0, &h0, depth + 1) ||
			    l0 < (uint64_t)-m)
				return 0;
			*lo = l0 - (uint64_t)-m;
			*hi = h0 - (uint64_t)-m;
			return 1;
		}
		if (!range_of(x, &l0, &h0, depth + 1) || !range_of(y, &l1, &h1, depth + 1) ||
		    h0 + h1 >= RANGE_MAX)
			return 0;
		*lo = l0 + l1;
		*hi = h0 + h1;
		return 1;
	case LLVMMul:
	case LLVMShl:
		if (!cy || (op == LLVMShl && c >= 32) || !range_of(x, &l0, &h0, depth + 1))
			return 0;
		if (op == LLVMShl)
			c = 1ull << c;
		if (h0 * c >= RANGE_MAX)
			return 0;
		*lo = l0 * c;
		*hi = h0 * c;
		return 1;
	case LLVMLShr:
	case LLVMAShr:
	case LLVMUDiv:
	case LLVMSDiv:
		if (!cy || ((op == LLVMLShr || op == LLVMAShr) && c >= 64) ||
		    ((op == LLVMUDiv || op == LLVMSDiv) && !c))
			return 0;
		if (!range_of(x, &l0, &h0, depth + 1)) { /* unsigned: at worst any value of X's type */
			if ((op != LLVMLShr && op != LLVMUDiv) || xw > 32)
				return 0;
			l0 = 0;
			h0 = (1ull << xw) - 1;
		}
		*lo = op == LLVMLShr || op == LLVMAShr ? l0 >> c : l0 / c;
		*hi = op == LLVMLShr || op == LLVMAShr ? h0 >> c : h0 / c;
		return 1;
	case LLVMOr: /* at most the sum */
		if (!cy || !range_of(x, &l0, &h0, depth + 1) || h0 + c >= RANGE_MAX)
			return 0;
		*lo = l0;
		*hi = h0 + c;
		return 1;
	case LLVMAnd:
		if (!cy)
			return 0;
		*lo = 0;
		*hi = c;
		return 1;
	case LLVMURem:
		if (!cy || !c)
			return 0;
		*lo = 0;
		*hi = c - 1;
		return 1;
	case LLVMSelect:
		if (!range_of(LLVMGetOperand(v, 1), &l0, &h0, depth + 1) ||
		    !range_of(LLVMGetOperand(v, 2), &l1, &h1, depth + 1))
			return 0;
		*lo = l0 < l1 ? l0 : l1;
		*hi = h0 > h1 ? h0 : h1;
		return 1;
	case LLVMPHI: {
		uint64_t st, step;
		LLVMBasicBlockRef latch;
		if (induction(v, &st, &step, hi, &latch)) {
			*lo = st;
			return 1;
		}
		/* else what every incoming value may be (a loop's exit value, a join); a cycle has none */
		unsigned n = LLVMCountIncoming(v);
		if (!n || n > 8 || depth > 8)
			return 0;
		for (unsigned i = 0; i < n; i++) {
			if (!range_of(LLVMGetIncomingValue(v, i), &l0, &h0, depth + 1))
				return 0;
			*lo = i && *lo < l0 ? *lo : l0;
			*hi = i && *hi > h0 ? *hi : h0;
		}
		return 1;
	}
	default:
		return 0;
	}
}

/* An unsigned range [*LO, *HI] that integer V lies in, as far as simple reasoning goes (constants, casts,
 * shifts, products and quotients by constants, sums, masks, and counted loops' induction variables); 0 when
 * none is known. The reasoning is in unbounded arithmetic, so a range is kept only while it leaves V's sign
 * bit clear: then V neither wrapped nor reads differently signed (sext, ashr, sdiv, a GEP index), and every
 * value it was made from was checked the same way. */
static int range_of(LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth)
{
	if (!range_raw(v, lo, hi, depth))
		return 0;
	LLVMTypeRef t = LLVMTypeOf(v);
	unsigned w = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
	return w >= 64 || *hi < 1ull << (w - 1);
}

static int offset_range(bc *c, LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth);

/* offset_range of pointer phi V that walks an object (p++ in a counted loop): it starts at an offset with a
 * range and steps by a constant number of bytes along the latch. */
static int pointer_induction(bc *c, LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth)
{
	if (LLVMCountIncoming(v) != 2)
		return 0;
	for (unsigned s = 0; s < 2; s++) {
		LLVMValueRef next = LLVMGetIncomingValue(v, 1 - s), idx;
		uint64_t scale, trips = 0, l, h;
		int64_t n;
		if (!LLVMIsAGetElementPtrInst(next) || LLVMGetOperand(next, 0) != v ||
		    LLVMGetNumOperands(next) != 2)
			continue;
		ir_gep_iter it = ir_gep_begin(next);
		if (ir_gep_next(c->td, &it, &idx, &scale) <= 0 || !idx || !LLVMIsAConstantInt(idx) ||
		    scale >= RANGE_MAX || !(n = LLVMConstIntGetSExtValue(idx)) || n <= -(int64_t)RANGE_MAX ||
		    n >= (int64_t)RANGE_MAX)
			continue;
		uint64_t step = (uint64_t)(n < 0 ? -n : n) * scale; /* bytes per iteration, either way */
		if (step >= RANGE_MAX || !loop_trips(v, LLVMGetIncomingBlock(v, 1 - s), &trips) ||
		    trips * step >= RANGE_MAX ||
		    !offset_range(c, LLVMGetIncomingValue(v, s), &l, &h, depth + 1) ||
		    h + trips * step >= RANGE_MAX || (n < 0 && l < trips * step))
			continue;
		*lo = n < 0 ? l - trips * step : l;
		*hi = n < 0 ? h : h + trips * step;
		return 1;
	}
	return 0;
}

/* Whether pointer V lies in [*LO, *HI] bytes from its object's address (V a chain of getelementptrs and
 * casts down to the object, each index with a range_of). */
static int offset_range(bc *c, LLVMValueRef v, uint64_t *lo, uint64_t *hi, int depth)
{
	if (LLVMIsAAllocaInst(v) || LLVMIsAGlobalVariable(v)) {
		*lo = *hi = 0;
		return 1;
	}
	if (depth > 64 || (!LLVMIsAInstruction(v) && !LLVMIsAConstantExpr(v)))
		return 0;
	LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v) : LLVMGetConstOpcode(v);
	if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
		return offset_range(c, LLVMGetOperand(v, 0), lo, hi, depth + 1);
	if (op == LLVMPHI)
		return pointer_induction(c, v, lo, hi, depth);
	if (op != LLVMGetElementPtr || !offset_range(c, LLVMGetOperand(v, 0), lo, hi, depth + 1))
		return 0;
	ir_gep_iter it = ir_gep_begin(v);
	LLVMValueRef idx;
	uint64_t scale, l, h;
	int r;
	while ((r = ir_gep_next(c->td, &it, &idx, &scale)) > 0) {
		int64_t back = idx && LLVMIsAConstantInt(idx) ? LLVMConstIntGetSExtValue(idx) : 0;
		if (back < 0) { /* a constant step back (p - 1) */
			if (back <= -(int64_t)RANGE_MAX || scale >= RANGE_MAX ||
			    *lo < (uint64_t)-back * scale)
				return 0;
			*lo -= (uint64_t)-back * scale;
			*hi -= (uint64_t)-back * scale;
			continue;
		}
		if (!idx) {
			l = h = 1;
		} else if (!range_of(idx, &l, &h, 0)) {
			return 0;
		}
		if (scale >= RANGE_MAX || h * scale >= RANGE_MAX || *hi + h * scale >= RANGE_MAX)
			return 0;
		*lo += l * scale;
		*hi += h * scale;
	}
	return r == 0;
}

/* The object's name for the stop's text, tabs and control bytes replaced (the [Kiln/stops] row is
 * tab-separated). */
static void object_name(LLVMValueRef o, char *buf, size_t n)
{
	size_t len = 0;
	const char *s = LLVMGetValueName2(o, &len);
	if (!len) {
		snprintf(buf, n, "%s", LLVMIsAAllocaInst(o) ? "a local array" : "a global");
		return;
	}
	snprintf(buf, n, "'%.*s'", (int)(len < 200 ? len : 200), s);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
}

/* Before access IN: if its BYTES at pointer PTR do not lie inside PTR's on-chip object, stop the kernel.
 * Returns whether it added a check. */
static int check(bc *c, LLVMValueRef in, LLVMValueRef ptr, uint64_t bytes, const char *what)
{
	LLVMValueRef o = object_of(c, ptr, 0);
	vmap_free(&c->seen);
	memset(&c->seen, 0, sizeof c->seen);
	uint64_t size = o && o != CYCLE ? object_bytes(c, o) : 0;
	uint64_t lo = 0, hi = 0;
	if (!size || !bytes)
		return 0;
	if (offset_range(c, ptr, &lo, &hi, 0) && hi + bytes <= size)
		return 0; /* inside whatever the values */
	LLVMPositionBuilderBefore(c->b, in);
	LLVMValueRef bad = size < bytes
	                       ? LLVMConstInt(LLVMInt1TypeInContext(c->ctx), 1, 0)
	                       : LLVMBuildICmp(c->b, LLVMIntUGT, LLVMBuildPtrToInt(c->b, ptr, c->i32, ""),
	                                       LLVMConstInt(c->i32, size - bytes, 0), "");
	LLVMBasicBlockRef head = LLVMGetInstructionParent(in), tail = ir_split_block_before(in);
	LLVMBasicBlockRef fail = LLVMInsertBasicBlockInContext(c->ctx, tail, "check.fail");
	LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
	LLVMPositionBuilderAtEnd(c->b, head);
	LLVMBuildCondBr(c->b, bad, fail, tail);
	LLVMPositionBuilderAtEnd(c->b, fail);
	char name[256], text[512];
	object_name(o, name, sizeof name);
	snprintf(text, sizeof text, "%s of %llu byte%s outside %s (%llu bytes)", what,
	         (unsigned long long)bytes, bytes == 1 ? "" : "s", name, (unsigned long long)size);
	debug_build_stop(c->b, KILN_STOP_BOUNDS, in, text);
	LLVMBuildUnreachable(c->b);
	return 1;
}

/* llvm.memcpy/memmove/memset with a constant length: that many bytes at each pointer. */
static uint64_t mem_intrinsic_bytes(LLVMValueRef in, int *copies)
{
	LLVMValueRef f = LLVMGetCalledValue(in);
	size_t n = 0;
	const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
	int set = !strncmp(name, "llvm.memset.", 12);
	*copies = !strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13);
	if ((!set && !*copies) || !LLVMIsAConstantInt(LLVMGetOperand(in, 2)))
		return 0;
	return LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2));
}

static int check_kernel(bc *c, LLVMValueRef fn)
{
	/* The accesses, listed before the checks split blocks. */
	LLVMValueRef *acc = NULL;
	size_t n = 0, cap = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (!LLVMIsALoadInst(in) && !LLVMIsAStoreInst(in) && !LLVMIsACallInst(in))
				continue;
			if (n == cap) {
				LLVMValueRef *grown = realloc(acc, (cap = cap ? 2 * cap : 64) * sizeof *acc);
				if (!grown)
					break;
				acc = grown;
			}
			acc[n++] = in;
		}
	int added = 0, copies = 0;
	for (size_t i = 0; i < n; i++) {
		LLVMValueRef in = acc[i];
		if (LLVMIsALoadInst(in)) {
			added += check(c, in, LLVMGetOperand(in, 0),
			               LLVMStoreSizeOfType(c->td, LLVMTypeOf(in)), "load");
		} else if (LLVMIsAStoreInst(in)) {
			LLVMValueRef v = LLVMGetOperand(in, 0);
			added += check(c, in, LLVMGetOperand(in, 1),
			               LLVMStoreSizeOfType(c->td, LLVMTypeOf(v)), "store");
		} else {
			uint64_t bytes = mem_intrinsic_bytes(in, &copies);
			if (!bytes)
				continue;
			added += check(c, in, LLVMGetOperand(in, 0), bytes, copies ? "copy into" : "fill");
			if (copies)
				added += check(c, in, LLVMGetOperand(in, 1), bytes, "copy from");
		}
	}
	free(acc);
	return added;
}

int bounds_checks(LLVMModuleRef mod)
{
	bc c = {.ctx = LLVMGetModuleContext(mod)};
	c.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	c.b = LLVMCreateBuilderInContext(c.ctx);
	c.i32 = LLVMInt32TypeInContext(c.ctx);
	int added = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			added += check_kernel(&c, fn);
	LLVMDisposeBuilder(c.b);
	LLVMDisposeTargetData(c.td);
	return added;
}
