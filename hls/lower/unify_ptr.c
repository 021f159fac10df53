// SPDX-License-Identifier: Apache-2.0
#include "unify_ptr.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../../host/common/contract.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
#include "../support/xalloc.h"
#include "points_to.h"

_Static_assert((KILN_ONCHIP_MEM_MAX_BYTES & (KILN_ONCHIP_MEM_MAX_BYTES - 1)) == 0,
               "on-chip objects sit at power-of-two strides");
#define OBJ_SHIFT ((unsigned)__builtin_ctz(KILN_ONCHIP_MEM_MAX_BYTES))
#define OBJ_MASK (KILN_ONCHIP_MEM_MAX_BYTES - 1u)
/* The last slot holds KILN_ADDR_BEYOND, which no object may own. */
#define MAX_TAGS ((unsigned)((KILN_ADDR_BEYOND - KILN_ONCHIP_ADDR_BASE) >> OBJ_SHIFT))

typedef struct up {
	LLVMModuleRef mod;
	LLVMContextRef ctx;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	LLVMTypeRef i8, i32, i64;
	vmap tag;       /* object -> its index in the address space (module-wide) */
	unsigned ntag;  /* tags handed out */
	unsigned nfunc; /* function numbers handed out (kept in TAG too) */
	int tags_full;  /* the address space ran out (said once) */
	int checks;     /* unify_pointers' CHECKS */
	int errors;
	/* per kernel */
	LLVMValueRef fn;
	points_to pt;     /* where each pointer may point (points_to.h) */
	vmap umap;        /* pointer value -> its slot in us */
	LLVMValueRef *us; /* the value's unified address (i32), once made */
	int nus, cus;
	LLVMValueRef *work;
	int nwork, cwork;
} up;

static void fail_at(up *p, LLVMValueRef at, const char *what)
{
	diag_error_at(at, "%s", what);
	p->errors++;
}

static unsigned tag_of(up *p, LLVMValueRef o)
{
	int t;
	if (vmap_get(&p->tag, o, &t))
		return (unsigned)t;
	if (p->ntag == MAX_TAGS) {
		char what[128];
		snprintf(what, sizeof what,
		         "more on-chip objects have their address taken than the address space holds (%u)",
		         MAX_TAGS);
		if (!p->tags_full++)
			fail_at(p, LLVMIsAInstruction(o) ? o : p->fn, what);
		return 0;
	}
	vmap_put(&p->tag, o, (int)p->ntag);
	return p->ntag++;
}

static uint32_t obj_base(up *p, LLVMValueRef o)
{
	return KILN_ONCHIP_ADDR_BASE + (tag_of(p, o) << OBJ_SHIFT);
}

/* Positions the builder where a value made from V is available to all of V's uses. */
static void place_after(up *p, LLVMValueRef v)
{
	if (!LLVMIsAInstruction(v)) { /* an argument: the entry block's front dominates every use */
		LLVMPositionBuilderBefore(p->b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(p->fn)));
		return;
	}
	LLVMValueRef at = LLVMGetNextInstruction(v);
	while (at && LLVMIsAPHINode(at))
		at = LLVMGetNextInstruction(at);
	LLVMPositionBuilderBefore(p->b, at);
}

/* Byte offset of GEP instruction G from its base, as i32 arithmetic before G. */
static LLVMValueRef gep_offset(up *p, LLVMValueRef g)
{
	LLVMValueRef off = LLVMConstInt(p->i32, 0, 0), idx;
	ir_gep_iter it = ir_gep_begin(g);
	uint64_t scale;
	while (ir_gep_next(p->td, &it, &idx, &scale) > 0) {
		LLVMValueRef term = LLVMConstInt(p->i32, scale, 0);
		if (idx)
			term = LLVMBuildMul(p->b, LLVMBuildIntCast2(p->b, idx, p->i32, 1, ""), term, "");
		off = LLVMBuildAdd(p->b, off, term, "");
	}
	return off;
}

/* X, a BITS-bit two's complement number, as a 64-bit signed one. */
static int64_t sext64(uint64_t x, unsigned bits)
{
	return (int64_t)(bits < 64 && (x >> (bits - 1)) & 1 ? x | ~0ull << bits : x);
}

/* The value of constant C with addresses as this address space gives them: an object's base plus the
 * offsets of the getelementptrs on the way, and the integer arithmetic, casts and comparisons constant
 * expressions make of addresses (which LLVM cannot fold, not knowing them). 0, or -1 for a constant it
 * cannot evaluate. */
static int const_value(up *p, LLVMValueRef c, uint64_t *v, int depth)
{
	LLVMTypeRef ty = LLVMTypeOf(c);
	unsigned bits = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 64;
	uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1, a = 0, b = 0;
	if (depth > 64)
		return -1;
	if (LLVMIsAConstantInt(c)) {
		*v = LLVMConstIntGetZExtValue(c);
		return 0;
	}
	if (LLVMIsAConstantPointerNull(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c)) {
		*v = 0;
		return 0;
	}
	if (LLVMIsAFunction(c)) { /* code: a number in the null page, for indirect calls to compare */
		int t;
		if (!vmap_get(&p->tag, c, &t)) {
			t = (int)p->nfunc++;
			vmap_put(&p->tag, c, t);
		}
		*v = KILN_FUNC_ADDR_BASE + 4u * (unsigned)t;
		return *v < KILN_DEBUG_BASE ? 0 : -1;
	}
	if (LLVMIsAGlobalVariable(c)) {
		*v = obj_base(p, c);
		return 0;
	}
	if (!LLVMIsAConstantExpr(c))
		return -1;
	LLVMOpcode op = LLVMGetConstOpcode(c);
	if (op == LLVMGetElementPtr) {
		ir_gep_iter it = ir_gep_begin(c);
		LLVMValueRef idx;
		uint64_t scale;
		int r;
		if (const_value(p, LLVMGetOperand(c, 0), &a, depth + 1) != 0)
			return -1;
		while ((r = ir_gep_next(p->td, &it, &idx, &scale)) > 0) {
			uint64_t x = 0; /* an index may itself be arithmetic on addresses */
			if (idx && const_value(p, idx, &x, depth + 1) != 0)
				return -1;
			a += idx ? (uint64_t)sext64(x, LLVMGetIntTypeWidth(LLVMTypeOf(idx))) * scale : scale;
		}
		*v = a;
		return r < 0 ? -1 : 0;
	}
	if (const_value(p, LLVMGetOperand(c, 0), &a, depth + 1) != 0)
		return -1;
	if (LLVMGetNumOperands(c) > 1 && op != LLVMICmp && LLVMIsAConstant(LLVMGetOperand(c, 1)) &&
	    const_value(p, LLVMGetOperand(c, 1), &b, depth + 1) != 0)
		return -1;
	switch (op) {
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
	case LLVMPtrToInt:
	case LLVMIntToPtr:
	case LLVMZExt:
	case LLVMTrunc:
		*v = a & mask;
		return 0;
	case LLVMSExt: {
		*v = (uint64_t)sext64(a, LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(c, 0)))) & mask;
		return 0;
	}
	case LLVMAdd:
		*v = (a + b) & mask;
		return 0;
	case LLVMSub:
		*v = (a - b) & mask;
		return 0;
	case LLVMMul:
		*v = (a * b) & mask;
		return 0;
	case LLVMUDiv:
	case LLVMURem:
		if (!b)
			return -1; /* undefined in C: nothing to fold it to */
		*v = (op == LLVMUDiv ? a / b : a % b) & mask;
		return 0;
	case LLVMSDiv:
	case LLVMSRem: {
		int64_t sa = sext64(a, bits), sb = sext64(b, bits);
		if (!sb || (sb == -1 && sa == INT64_MIN))
			return -1;
		*v = (uint64_t)(op == LLVMSDiv ? sa / sb : sa % sb) & mask;
		return 0;
	}
	case LLVMAnd:
		*v = a & b;
		return 0;
	case LLVMOr:
		*v = a | b;
		return 0;
	case LLVMXor:
		*v = a ^ b;
		return 0;
	case LLVMShl:
		*v = b < 64 ? (a << b) & mask : 0;
		return 0;
	case LLVMLShr:
		*v = b < 64 ? a >> b : 0;
		return 0;
	case LLVMAShr: {
		/* A's sign extended to 64 bits, shifted, cut back to the width */
		uint64_t sa = (uint64_t)sext64(a, bits);
		*v = (b < 64 ? sa >> b | (sa >> 63 && b ? ~0ull << (64 - b) : 0) : (sa >> 63 ? ~0ull : 0)) &
		     mask;
		return 0;
	}
	case LLVMSelect: {
		uint64_t c2;
		if (const_value(p, LLVMGetOperand(c, 2), &c2, depth + 1) != 0)
			return -1;
		*v = (a & 1) ? b : c2;
		return 0;
	}
	case LLVMICmp: {
		if (const_value(p, LLVMGetOperand(c, 1), &b, depth + 1) != 0)
			return -1;
		LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
		LLVMTypeRef oty = LLVMTypeOf(LLVMGetOperand(c, 0));
		unsigned ob = LLVMGetTypeKind(oty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(oty) : 64;
		if (pr >=
		    LLVMIntSGT) { /* signed: compare as two's complement numbers of the operands' width */
			a = (uint64_t)sext64(a, ob) ^ 1ull << 63;
			b = (uint64_t)sext64(b, ob) ^ 1ull << 63;
		}
		*v = pr == LLVMIntEQ                        ? a == b
		     : pr == LLVMIntNE                      ? a != b
		     : pr == LLVMIntULT || pr == LLVMIntSLT ? a < b
		     : pr == LLVMIntULE || pr == LLVMIntSLE ? a <= b
		     : pr == LLVMIntUGT || pr == LLVMIntSGT ? a > b
		                                            : a >= b;
		return 0;
	}
	default:
		return -1;
	}
}

/* The address pointer constant C stands for (an initialiser's pointer), for ir_const_bytes_ptr. */
static int const_addr(void *ctx, LLVMValueRef c, uint64_t *a)
{
	return const_value(ctx, c, a, 0);
}

static LLVMValueRef u_of(up *p, LLVMValueRef v);

static void push_work(up *p, LLVMValueRef in)
{
	if (p->nwork == p->cwork) {
		p->cwork = p->cwork ? 2 * p->cwork : 64;
		p->work = xrealloc(p->work, (size_t)p->cwork, sizeof *p->work);
	}
	p->work[p->nwork++] = in;
}

/* The 32-bit address 64-bit number X (built at the builder) stands for: itself when its high half is zero,
 * else KILN_ADDR_BEYOND, so that an access through it is reported instead of wrapping into the low 4 GiB. */
static LLVMValueRef narrow(up *p, LLVMValueRef x)
{
	LLVMTypeRef ty = LLVMTypeOf(x);
	if (LLVMGetIntTypeWidth(ty) <= 32)
		return LLVMBuildZExt(p->b, x, p->i32, "");
	LLVMValueRef high = LLVMBuildICmp(p->b, LLVMIntUGT, x, LLVMConstInt(ty, 0xFFFFFFFFu, 0), "");
	return LLVMBuildSelect(p->b, high, LLVMConstInt(p->i32, KILN_ADDR_BEYOND, 0),
	                       LLVMBuildTrunc(p->b, x, p->i32, ""), "");
}

/* Integers made pointers become 32-bit addresses through narrow(), the device pointers among them too
 * (which the rest of this pass leaves as they are); a constant one above 4 GiB becomes KILN_ADDR_BEYOND. */
static void narrow_int_pointers(up *p)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			for (int k = 0; k < LLVMGetNumOperands(in); k++) {
				LLVMValueRef c = LLVMGetOperand(in, (unsigned)k), n;
				if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMIntToPtr &&
				    LLVMIsAConstantInt(n = LLVMGetOperand(c, 0)) &&
				    LLVMGetIntTypeWidth(LLVMTypeOf(n)) > 32 &&
				    LLVMConstIntGetZExtValue(n) > 0xFFFFFFFFu)
					LLVMSetOperand(
					    in, (unsigned)k,
					    LLVMConstIntToPtr(LLVMConstInt(p->i64, KILN_ADDR_BEYOND, 0),
					                      LLVMTypeOf(c)));
			}
			LLVMValueRef x = LLVMIsAIntToPtrInst(in) ? LLVMGetOperand(in, 0) : NULL;
			if (!x || LLVMIsAConstant(x) || LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= 32)
				continue;
			LLVMPositionBuilderBefore(p->b, in);
			LLVMSetOperand(in, 0, narrow(p, x));
		}
}

/* A pointer load becomes a load of the 64-bit number the slot holds, narrowed to an address. */
static LLVMValueRef load_number(up *p, LLVMValueRef ld)
{
	LLVMValueRef addr = LLVMGetOperand(ld, 0);
	LLVMPositionBuilderBefore(p->b, ld);
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(addr));
	LLVMValueRef a64 = LLVMBuildPointerCast(p->b, addr, LLVMPointerType(p->i64, as), "");
	LLVMValueRef q = LLVMBuildLoad2(p->b, p->i64, a64, "");
	LLVMSetAlignment(q, LLVMGetAlignment(ld));
	LLVMSetVolatile(q, LLVMGetVolatile(ld));
	if (LLVMIsAInstruction(a64) && a64 != addr)
		pt_same_as(&p->pt, a64, addr);
	if (pt_kind(&p->pt, addr, NULL) == PT_KIND_UNIFIED)
		push_work(p, q);
	return narrow(p, q);
}

/* V's slot in the cache of unified addresses (empty until u_of fills it). */
static int u_slot(up *p, LLVMValueRef v)
{
	int r;
	if (vmap_get(&p->umap, v, &r))
		return r;
	if (p->nus == p->cus) {
		p->cus = p->cus ? 2 * p->cus : 256;
		p->us = xrealloc(p->us, (size_t)p->cus, sizeof *p->us);
	}
	p->us[p->nus] = NULL;
	vmap_put(&p->umap, v, p->nus);
	return p->nus++;
}

/* V's unified address (i32), made once where every use of V can reach it. */
static LLVMValueRef u_of(up *p, LLVMValueRef v)
{
	int r = -1, obj = -1;
	uint64_t a = 0;
	if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v))
		return LLVMConstInt(p->i32, 0, 0);
	if (LLVMIsAConstant(v)) {
		if (const_addr(p, v, &a) != 0)
			fail_at(p, p->fn,
			        "a pointer constant (a function's address or an integer made a "
			        "pointer) cannot be given an address in hardware");
		return LLVMConstInt(p->i32, a, 0);
	}
	if (LLVMIsAInstruction(v) || LLVMIsAArgument(v)) {
		r = u_slot(p, v);
		if (p->us[r])
			return p->us[r];
	}
	int k = pt_kind(&p->pt, v, &obj);
	LLVMValueRef res;
	if (k != PT_KIND_UNIFIED && !LLVMIsALoadInst(v)) {
		place_after(p, v);
		res = LLVMBuildPtrToInt(p->b, v, p->i32, "");
		if (k == PT_KIND_OBJ)
			res =
			    LLVMBuildOr(p->b, res, LLVMConstInt(p->i32, obj_base(p, p->pt.objs[obj]), 0), "");
	} else {
		switch (LLVMGetInstructionOpcode(v)) {
		case LLVMPHI: {
			LLVMPositionBuilderBefore(p->b, v);
			res = LLVMBuildPhi(p->b, p->i32, "");
			p->us[r] = res; /* a loop reaches the phi through its own back edge */
			for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
				LLVMValueRef in = u_of(p, LLVMGetIncomingValue(v, i));
				LLVMBasicBlockRef bb = LLVMGetIncomingBlock(v, i);
				LLVMAddIncoming(res, &in, &bb, 1);
			}
			return res;
		}
		case LLVMSelect: {
			LLVMValueRef a = u_of(p, LLVMGetOperand(v, 1)), c = u_of(p, LLVMGetOperand(v, 2));
			LLVMPositionBuilderBefore(p->b, v);
			res = LLVMBuildSelect(p->b, LLVMGetOperand(v, 0), a, c, "");
			break;
		}
		case LLVMGetElementPtr: {
			LLVMValueRef base = u_of(p, LLVMGetOperand(v, 0));
			LLVMPositionBuilderBefore(p->b, v);
			res = LLVMBuildAdd(p->b, base, gep_offset(p, v), "");
			break;
		}
		case LLVMBitCast:
		case LLVMAddrSpaceCast:
		case LLVMFreeze:
			res = u_of(p, LLVMGetOperand(v, 0));
			break;
		case LLVMLoad:
			res = load_number(p, v);
			break;
		case LLVMIntToPtr:
			LLVMPositionBuilderBefore(p->b, v);
			res = LLVMBuildIntCast2(p->b, LLVMGetOperand(v, 0), p->i32, 0, "");
			break;
		default:
			fail_at(p, v,
			        "this pointer (the result of a call or an aggregate) cannot be given an "
			        "address in hardware");
			res = LLVMConstInt(p->i32, 0, 0);
			break;
		}
	}
	if (r >= 0)
		p->us[r] = res;
	return res;
}

/* Pointer IN (operand PI of an access) resolved into candidate memory C: a device address or an offset into
 * object C, as a pointer of IN's type, built at the builder's position. */
static LLVMValueRef resolve(up *p, LLVMValueRef ptr, int c, LLVMValueRef addr)
{
	LLVMTypeRef pty = LLVMTypeOf(ptr);
	if (c < 0)
		return LLVMBuildIntToPtr(p->b, LLVMBuildZExt(p->b, addr, p->i64, ""), pty, "");
	LLVMValueRef o = p->pt.objs[c];
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(o));
	LLVMValueRef base = LLVMBuildPointerCast(p->b, o, LLVMPointerType(p->i8, as), "");
	LLVMValueRef off = p->checks ? LLVMBuildSub(p->b, addr, LLVMConstInt(p->i32, obj_base(p, o), 0), "")
	                             : LLVMBuildAnd(p->b, addr, LLVMConstInt(p->i32, OBJ_MASK, 0), "");
	LLVMValueRef at = LLVMBuildGEP2(p->b, p->i8, base, &off, 1, "");
	return LLVMBuildPointerCast(p->b, at, pty, "");
}

/* The operand of access IN that is a unified pointer, or -1. */
static int unified_operand(up *p, LLVMValueRef in)
{
	if (LLVMIsALoadInst(in))
		return pt_kind(&p->pt, LLVMGetOperand(in, 0), NULL) == PT_KIND_UNIFIED ? 0 : -1;
	if (LLVMIsAStoreInst(in))
		return pt_kind(&p->pt, LLVMGetOperand(in, 1), NULL) == PT_KIND_UNIFIED ? 1 : -1;
	if (LLVMIsACallInst(in)) { /* llvm.memcpy/memmove/memset: destination, then source */
		for (int i = 0; i < 2; i++) {
			LLVMValueRef a = LLVMGetOperand(in, (unsigned)i);
			if (ir_is_pointer(a) && pt_kind(&p->pt, a, NULL) == PT_KIND_UNIFIED)
				return i;
		}
	}
	return -1;
}

/* An access through a unified pointer becomes a switch over the memories the pointer may reach (the
 * address's object number; device memory is the default), each arm the same access made direct. */
static void dispatch(up *p, LLVMValueRef in)
{
	int pi = unified_operand(p, in);
	if (pi < 0)
		return;
	LLVMValueRef ptr = LLVMGetOperand(in, (unsigned)pi);
	int cand[p->pt.nobj + 1], dev = 0;
	int nc = pt_targets(&p->pt, ptr, cand, &dev);
	if (dev || nc == 0)
		cand[nc++] = -1; /* device memory, the default arm */
	LLVMValueRef addr = u_of(p, ptr);
	LLVMBasicBlockRef head = LLVMGetInstructionParent(in);
	LLVMBasicBlockRef tail = ir_split_block_before(in);
	LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
	LLVMPositionBuilderAtEnd(p->b, head);
	LLVMValueRef num = LLVMBuildLShr(p->b, addr, LLVMConstInt(p->i32, OBJ_SHIFT, 0), "");
	LLVMBasicBlockRef arms[nc];
	for (int c = 0; c < nc; c++)
		arms[c] = LLVMInsertBasicBlockInContext(p->ctx, tail, "reach");
	LLVMValueRef sw = LLVMBuildSwitch(p->b, num, arms[nc - 1], (unsigned)(nc - 1));
	for (int c = 0; c < nc - 1; c++)
		LLVMAddCase(sw, LLVMConstInt(p->i32, obj_base(p, p->pt.objs[cand[c]]) >> OBJ_SHIFT, 0),
		            arms[c]);
	LLVMValueRef vals[nc];
	for (int c = 0; c < nc; c++) {
		LLVMPositionBuilderAtEnd(p->b, arms[c]);
		LLVMValueRef direct = resolve(p, ptr, cand[c], addr);
		if (LLVMIsAInstruction(direct))
			pt_only(&p->pt, direct, cand[c]);
		LLVMValueRef cl = LLVMInstructionClone(in);
		LLVMInsertIntoBuilder(p->b, cl);
		LLVMSetOperand(cl, (unsigned)pi, direct);
		vals[c] = cl;
		LLVMBuildBr(p->b, tail);
		if (unified_operand(p, cl) >= 0) /* a copy's other side */
			push_work(p, cl);
	}
	if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind) {
		LLVMPositionBuilderBefore(p->b, in);
		LLVMValueRef phi = LLVMBuildPhi(p->b, LLVMTypeOf(in), "");
		LLVMAddIncoming(phi, vals, arms, (unsigned)nc);
		LLVMReplaceAllUsesWith(in, phi);
	}
	LLVMInstructionEraseFromParent(in);
}

/* Lifetime markers mean nothing to hardware, and would keep rewritten pointers alive. */
static void drop_lifetimes(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
			nx = LLVMGetNextInstruction(in);
			LLVMValueRef f = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
			size_t n = 0;
			const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
			if (!strncmp(name, "llvm.lifetime.", 14))
				LLVMInstructionEraseFromParent(in);
		}
}

static int is_mem_intrinsic(LLVMValueRef call)
{
	LLVMValueRef f = LLVMGetCalledValue(call);
	size_t n = 0;
	const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
	return !strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13) ||
	       !strncmp(name, "llvm.memset.", 12);
}

/* Whether comparison IN of two pointers needs their addresses rather than their offsets. */
static int compare_needs_u(up *p, LLVMValueRef in)
{
	LLVMValueRef x = LLVMGetOperand(in, 0), y = LLVMGetOperand(in, 1);
	if (!ir_is_pointer(x))
		return 0;
	int ox = -1, oy = -1, kx = pt_kind(&p->pt, x, &ox), ky = pt_kind(&p->pt, y, &oy);
	if (kx == PT_KIND_DEV && ky == PT_KIND_DEV)
		return 0;
	return !(kx == PT_KIND_OBJ && ky == PT_KIND_OBJ && ox == oy);
}

/* Whether pointer instruction IN was given a unified address, so that its own value is no longer needed
 * once its uses are rewritten. */
static int replaced(up *p, LLVMValueRef in)
{
	int r;
	return LLVMIsAInstruction(in) && ir_is_pointer(in) && vmap_get(&p->umap, in, &r) && p->us[r] &&
	       !LLVMIsACallInst(in) && !LLVMIsAAllocaInst(in) && pt_kind(&p->pt, in, NULL) == PT_KIND_UNIFIED;
}

/* Deletes the pointer instructions the rewrite left unused, cycles (a pointer phi and its increment)
 * included: one is live only while something other than such instructions uses it. */
static void sweep(up *p)
{
	int n = 0, cap = 64, changed = 1;
	LLVMValueRef *dead = malloc((size_t)cap * sizeof *dead);
	vmap live = {0};
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			if (replaced(p, in))
				for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u))
					if (!replaced(p, LLVMGetUser(u)))
						vmap_put(&live, in, 1);
	while (changed) { /* what a live one uses lives too */
		changed = 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				int l;
				if (!replaced(p, in) || !vmap_get(&live, in, &l))
					continue;
				for (int k = 0; k < LLVMGetNumOperands(in); k++) {
					LLVMValueRef op = LLVMGetOperand(in, (unsigned)k);
					if (replaced(p, op) && !vmap_get(&live, op, &l)) {
						vmap_put(&live, op, 1);
						changed = 1;
					}
				}
			}
	}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb && dead; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			int l;
			if (!replaced(p, in) || vmap_get(&live, in, &l))
				continue;
			if (n == cap) {
				LLVMValueRef *grown = realloc(dead, (size_t)(cap *= 2) * sizeof *dead);
				if (!grown)
					break;
				dead = grown;
			}
			dead[n++] = in;
		}
	for (int i = 0; i < n; i++)
		LLVMReplaceAllUsesWith(dead[i], LLVMGetUndef(LLVMTypeOf(dead[i])));
	for (int i = 0; i < n; i++)
		LLVMInstructionEraseFromParent(dead[i]);
	free(dead);
	vmap_free(&live);
	/* then what was only ever used by them */
	changed = 1;
	while (changed) {
		changed = 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
				nx = LLVMGetNextInstruction(in);
				if (!ir_is_pointer(in) || LLVMGetFirstUse(in) || LLVMIsAAllocaInst(in) ||
				    LLVMIsACallInst(in) || (LLVMIsALoadInst(in) && LLVMGetVolatile(in)))
					continue;
				LLVMInstructionEraseFromParent(in);
				changed = 1;
			}
	}
}

/* Whether constant C computes with an address (a global's or a function's) beyond plain pointer arithmetic
 * on it (getelementptr and casts between pointers, which the analysis follows). */
static int computes_address(LLVMValueRef c, int plain, int depth)
{
	if (depth > 64 || !LLVMIsAConstantExpr(c))
		return !plain && (LLVMIsAGlobalVariable(c) || LLVMIsAFunction(c));
	LLVMOpcode op = LLVMGetConstOpcode(c);
	int still = plain && (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast);
	for (int k = 0; k < LLVMGetNumOperands(c); k++)
		if (computes_address(LLVMGetOperand(c, (unsigned)k), still, depth + 1))
			return 1;
	return 0;
}

/* The object of this kernel that address A lies in, or -1. */
static int object_at(up *p, uint64_t a)
{
	int t; /* only objects with an address can be where an address computation lands */
	for (int i = 0; i < p->pt.nobj; i++) {
		if (!vmap_get(&p->tag, p->pt.objs[i], &t))
			continue;
		uint64_t base = obj_base(p, p->pt.objs[i]);
		if (a >= base && a - base < KILN_ONCHIP_MEM_MAX_BYTES)
			return i;
	}
	return -1;
}

/* Constant expressions that compute with addresses become what they compute: an integer (a comparison of
 * two functions the optimiser could not tell apart, an address in arithmetic), or for a pointer made from
 * such arithmetic, a plain getelementptr into the object it lands in. */
static void fold_constant_operands(up *p)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (LLVMIsACallInst(in) && !is_mem_intrinsic(in))
				continue;
			for (int k = 0; k < LLVMGetNumOperands(in); k++) {
				LLVMValueRef op = LLVMGetOperand(in, (unsigned)k);
				uint64_t a = 0;
				if (!LLVMIsAConstantExpr(op) || !computes_address(op, 1, 0))
					continue;
				if (const_value(p, op, &a, 0) != 0) {
					fail_at(
					    p, in,
					    "this constant address arithmetic cannot be done in hardware");
					continue;
				}
				LLVMTypeRef ty = LLVMTypeOf(op);
				if (LLVMGetTypeKind(ty) == LLVMIntegerTypeKind) {
					LLVMSetOperand(in, (unsigned)k, LLVMConstInt(ty, a, 0));
					continue;
				}
				int o = object_at(p, a);
				if (o < 0) { /* device memory, or null */
					LLVMSetOperand(in, (unsigned)k,
					               LLVMConstIntToPtr(LLVMConstInt(p->i64, a, 0), ty));
					continue;
				}
				LLVMValueRef obj = p->pt.objs[o];
				unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(obj));
				LLVMValueRef off = LLVMConstInt(p->i64, a - obj_base(p, obj), 0);
				LLVMValueRef at = LLVMConstGEP2(
				    p->i8, LLVMConstPointerCast(obj, LLVMPointerType(p->i8, as)), &off, 1);
				LLVMSetOperand(in, (unsigned)k, LLVMConstPointerCast(at, ty));
			}
		}
}

static void unify_kernel(up *p, LLVMValueRef fn)
{
	p->fn = fn;
	drop_lifetimes(fn);
	pt_collect(&p->pt, p->mod, fn);
	narrow_int_pointers(p);
	fold_constant_operands(p);
	pt_solve(&p->pt);
	/* What to rewrite, listed before anything changes. */
	LLVMValueRef *todo = NULL;
	int ntodo = 0, ctodo = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			int want = (LLVMIsALoadInst(in) && ir_is_pointer(in)) ||
			           (LLVMIsAStoreInst(in) && ir_is_pointer(LLVMGetOperand(in, 0))) ||
			           (LLVMIsAPtrToIntInst(in) &&
			            pt_kind(&p->pt, LLVMGetOperand(in, 0), NULL) != PT_KIND_DEV) ||
			           (LLVMIsAICmpInst(in) && compare_needs_u(p, in)) ||
			           ((LLVMIsALoadInst(in) || LLVMIsAStoreInst(in) ||
			             (LLVMIsACallInst(in) && is_mem_intrinsic(in))) &&
			            unified_operand(p, in) >= 0);
			if (!want)
				continue;
			if (ntodo == ctodo) {
				ctodo = ctodo ? 2 * ctodo : 64;
				todo = xrealloc(todo, (size_t)ctodo, sizeof *todo);
			}
			todo[ntodo++] = in;
		}
	p->nwork = 0;
	for (int i = 0; i < ntodo; i++) {
		LLVMValueRef in = todo[i];
		if (LLVMIsALoadInst(in) && ir_is_pointer(in)) {
			LLVMValueRef u = u_of(p, in);
			if (pt_kind(&p->pt, in, NULL) != PT_KIND_UNIFIED) { /* a device pointer after all */
				LLVMPositionBuilderBefore(p->b, in);
				LLVMValueRef d = LLVMBuildIntToPtr(p->b, LLVMBuildZExt(p->b, u, p->i64, ""),
				                                   LLVMTypeOf(in), "");
				LLVMReplaceAllUsesWith(in, d);
			}
		} else if (LLVMIsAStoreInst(in) && ir_is_pointer(LLVMGetOperand(in, 0))) {
			LLVMValueRef u = u_of(p, LLVMGetOperand(in, 0)), addr = LLVMGetOperand(in, 1);
			LLVMPositionBuilderBefore(p->b, in);
			unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(addr));
			LLVMValueRef a64 = LLVMBuildPointerCast(p->b, addr, LLVMPointerType(p->i64, as), "");
			if (LLVMIsAInstruction(a64) && a64 != addr)
				pt_same_as(&p->pt, a64, addr);
			LLVMValueRef st = LLVMBuildStore(p->b, LLVMBuildZExt(p->b, u, p->i64, ""), a64);
			LLVMSetAlignment(st, LLVMGetAlignment(in));
			LLVMSetVolatile(st, LLVMGetVolatile(in));
			LLVMInstructionEraseFromParent(in);
			if (unified_operand(p, st) >= 0)
				push_work(p, st);
		} else if (LLVMIsAPtrToIntInst(in)) {
			LLVMValueRef u = u_of(p, LLVMGetOperand(in, 0));
			LLVMPositionBuilderBefore(p->b, in);
			LLVMReplaceAllUsesWith(in, LLVMBuildIntCast2(p->b, u, LLVMTypeOf(in), 0, ""));
			LLVMInstructionEraseFromParent(in);
		} else if (LLVMIsAICmpInst(in)) {
			LLVMValueRef x = u_of(p, LLVMGetOperand(in, 0)), y = u_of(p, LLVMGetOperand(in, 1));
			LLVMPositionBuilderBefore(p->b, in);
			LLVMReplaceAllUsesWith(in, LLVMBuildICmp(p->b, LLVMGetICmpPredicate(in), x, y, ""));
			LLVMInstructionEraseFromParent(in);
		} else {
			push_work(p, in);
		}
	}
	while (p->nwork > 0) {
		LLVMValueRef in = p->work[--p->nwork];
		dispatch(p, in);
	}
	free(todo);
	sweep(p);
	pt_free(&p->pt);
	vmap_free(&p->umap);
	memset(&p->umap, 0, sizeof p->umap);
	free(p->us);
	p->us = NULL;
	p->nus = p->cus = 0;
}

static int holds_pointers(LLVMValueRef c, int depth)
{
	if (!c || depth > 64)
		return 0;
	if (ir_is_pointer(c))
		return !LLVMIsAConstantPointerNull(c) && !LLVMIsAUndefValue(c);
	if (!LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) && !LLVMIsAConstantVector(c))
		return 0;
	int n = LLVMGetNumOperands(c);
	for (int k = 0; k < n; k++)
		if (holds_pointers(LLVMGetOperand(c, (unsigned)k), depth + 1))
			return 1;
	return 0;
}

/* A global initialised with addresses becomes a byte array holding those addresses. */
static void number_initialisers(up *p)
{
	for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod), nx; g; g = nx) {
		nx = LLVMGetNextGlobal(g);
		LLVMValueRef init = LLVMGetInitializer(g);
		if (!init || !holds_pointers(init, 0) || !LLVMGetFirstUse(g) ||
		    kiln_global_has_attr(g, "sycl-unique-id"))
			continue;
		size_t size = (size_t)LLVMABISizeOfType(p->td, LLVMGlobalGetValueType(g));
		uint8_t *bytes = calloc(size + 1, 1);
		if (!bytes || ir_const_bytes_ptr(p->td, init, bytes, size, const_addr, p) != 0) {
			size_t n = 0;
			const char *name = LLVMGetValueName2(g, &n);
			diag_error(NULL, 0, 0,
			           "global variable '%.*s' is initialised with an address hardware cannot "
			           "hold (a function or an integer made a pointer)",
			           (int)n, name);
			p->errors++;
			free(bytes);
			continue;
		}
		LLVMValueRef data = LLVMConstStringInContext(p->ctx, (const char *)bytes, (unsigned)size, 1);
		free(bytes);
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
		LLVMValueRef ng = LLVMAddGlobalInAddressSpace(p->mod, LLVMTypeOf(data), "", as);
		LLVMSetInitializer(ng, data);
		LLVMSetGlobalConstant(ng, LLVMIsGlobalConstant(g));
		LLVMSetLinkage(ng, LLVMInternalLinkage);
		LLVMSetAlignment(ng, LLVMGetAlignment(g) > 8 ? LLVMGetAlignment(g) : 8);
		size_t n = 0;
		char *name = strdup(LLVMGetValueName2(g, &n));
		int t; /* the object keeps its number: other initialisers and the dispatches name it */
		if (vmap_get(&p->tag, g, &t))
			vmap_put(&p->tag, ng, t);
		LLVMReplaceAllUsesWith(g, LLVMConstPointerCast(ng, LLVMTypeOf(g)));
		LLVMDeleteGlobal(g);
		if (name)
			LLVMSetValueName2(ng, name, n);
		free(name);
	}
}

int unify_pointers(LLVMModuleRef mod, int checks)
{
	up p;
	memset(&p, 0, sizeof p);
	p.mod = mod;
	p.checks = checks;
	p.ctx = LLVMGetModuleContext(mod);
	p.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	p.b = LLVMCreateBuilderInContext(p.ctx);
	p.i8 = LLVMInt8TypeInContext(p.ctx);
	p.i32 = LLVMInt32TypeInContext(p.ctx);
	p.i64 = LLVMInt64TypeInContext(p.ctx);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			unify_kernel(&p, fn);
	number_initialisers(&p);
	vmap_free(&p.tag);
	free(p.work);
	LLVMDisposeBuilder(p.b);
	LLVMDisposeTargetData(p.td);
	return p.errors;
}
