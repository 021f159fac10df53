// SPDX-License-Identifier: Apache-2.0
/* LLVM does not inline a function that calls va_start, and everything in hardware is inlined, so a C
 * program's variadic function (a `sum(int n, ...)`, a logging wrapper around vprintf) was refused as if it
 * were recursive. Here, as LLVM's later ExpandVariadics pass does, each one takes its variable arguments
 * as a pointer: every direct call stores them into a block in its own frame, each at the next multiple of
 * SLOT bytes (a struct passed by value as the pointer to a copy, as clang's va_arg for SPIR reads it), and
 * the function's va_list (SPIR's is a `char *`) walks that block: va_start sets it to the block, va_arg
 * loads the value where it points and moves it past the slot, va_copy copies it, va_end is nothing. After
 * inlining, SROA turns a block read at known offsets into plain values; a block read in a loop stays a
 * small on-chip array. A variadic function whose address is taken is refused: a call through a pointer
 * cannot say where its block is. */
#include "varargs.h"

#include "../ir/ir_util.h"
#include "../support/diag.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

/* Every variable argument starts at a multiple of SLOT bytes of its call's block. */
#define SLOT 8u

typedef struct va {
	LLVMModuleRef m;
	LLVMContextRef cx;
	LLVMTargetDataRef td;
	LLVMBuilderRef b;
	LLVMTypeRef i8, i8p, i64;
	unsigned byval; /* the attribute kind */
} va;

/* The bytes a value of type T takes in the block. */
static uint64_t slot_bytes(va *v, LLVMTypeRef t)
{
	return (LLVMABISizeOfType(v->td, t) + SLOT - 1) / SLOT * SLOT;
}

/* The alignment a load or store of T in a slot may claim. */
static unsigned slot_align(va *v, LLVMTypeRef t)
{
	unsigned a = LLVMABIAlignmentOfType(v->td, t);
	return a < SLOT ? a : SLOT;
}

/* P (any pointer) as a pointer to T. */
static LLVMValueRef as_ptr(va *v, LLVMValueRef p, LLVMTypeRef t)
{
	return LLVMBuildPointerCast(v->b, p, LLVMPointerType(t, LLVMGetPointerAddressSpace(LLVMTypeOf(p))),
	                            "");
}

static void at(va *v, LLVMValueRef in)
{
	LLVMPositionBuilderBefore(v->b, in);
	LLVMSetCurrentDebugLocation2(v->b, LLVMInstructionGetDebugLoc(in));
}

/* An alloca of T in FN's entry block (so that a call in a loop reuses one block). */
static LLVMValueRef frame_alloca(va *v, LLVMValueRef fn, LLVMTypeRef t, unsigned align)
{
	LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
	LLVMPositionBuilderBefore(v->b, LLVMGetFirstInstruction(entry));
	LLVMSetCurrentDebugLocation2(v->b, NULL);
	LLVMValueRef a = LLVMBuildAlloca(v->b, t, "va");
	LLVMSetAlignment(a, align);
	return a;
}

/* Whether IN calls the intrinsic named NAME. */
static int calls(LLVMValueRef in, const char *name)
{
	LLVMValueRef f = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
	size_t n = 0;
	const char *s = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : NULL;
	return s && n == strlen(name) && !memcmp(s, name, n);
}

/* Whether AP, the address va_arg reads a va_list at, holds SPIR's `char *` va_list. With typed pointers its
 * type says so; with opaque ones (a single-source program's device half, compiled for the host) the
 * storage it points into does: a pointer-sized slot, not x86-64's array of __va_list_tag (an argument or
 * other pointer is taken as SPIR's, as a `char *` va_list passed on is). */
static int spir_va_list(va *v, LLVMValueRef ap)
{
	LLVMTypeRef pt = LLVMTypeOf(ap);
	if (!LLVMPointerTypeIsOpaque(pt))
		return LLVMGetElementType(pt) == v->i8p;
	while (LLVMIsAGetElementPtrInst(ap) || LLVMIsABitCastInst(ap))
		ap = LLVMGetOperand(ap, 0);
	if (!LLVMIsAAllocaInst(ap) && !LLVMIsAGlobalVariable(ap))
		return 1;
	LLVMTypeRef t = LLVMIsAAllocaInst(ap) ? LLVMGetAllocatedType(ap) : LLVMGlobalGetValueType(ap);
	return LLVMGetTypeKind(t) == LLVMPointerTypeKind;
}

/* Lowers va_arg IN; 0, or 1 after a diagnostic. */
static int lower_va_arg(va *v, LLVMValueRef in)
{
	LLVMValueRef ap = LLVMGetOperand(in, 0);
	LLVMTypeRef t = LLVMTypeOf(in);
	if (!spir_va_list(v, ap)) {
		diag_error_at(in, "va_arg of a va_list that is not a `char *` (IR from another target's "
		                  "compiler?): hardware lays variable arguments out as SPIR's va_list");
		return 1;
	}
	at(v, in);
	LLVMValueRef cur = LLVMBuildLoad2(v->b, v->i8p, ap, "va.cur");
	LLVMSetAlignment(cur, SLOT);
	LLVMValueRef val = LLVMBuildLoad2(v->b, t, as_ptr(v, cur, t), "");
	LLVMSetAlignment(val, slot_align(v, t));
	LLVMValueRef step = LLVMConstInt(v->i64, slot_bytes(v, t), 0);
	LLVMValueRef st = LLVMBuildStore(v->b, LLVMBuildGEP2(v->b, v->i8, cur, &step, 1, "va.next"), ap);
	LLVMSetAlignment(st, SLOT);
	LLVMReplaceAllUsesWith(in, val);
	LLVMInstructionEraseFromParent(in);
	return 0;
}

/* Lowers va_start (in a function whose block pointer is BLOCK, NULL outside one), va_copy, va_end and
 * va_arg in FN. How many diagnostics. */
static int lower_uses(va *v, LLVMValueRef fn, LLVMValueRef block)
{
	int bad = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef in = LLVMGetFirstInstruction(bb);
		while (in) {
			LLVMValueRef next = LLVMGetNextInstruction(in);
			if (LLVMGetInstructionOpcode(in) == LLVMVAArg) {
				bad += lower_va_arg(v, in);
			} else if (calls(in, "llvm.va_start")) {
				at(v, in);
				if (block)
					LLVMSetAlignment(
					    LLVMBuildStore(v->b, block,
					                   as_ptr(v, LLVMGetOperand(in, 0), v->i8p)),
					    SLOT);
				LLVMInstructionEraseFromParent(in);
			} else if (calls(in, "llvm.va_copy")) {
				at(v, in);
				LLVMValueRef l = LLVMBuildLoad2(v->b, v->i8p,
				                                as_ptr(v, LLVMGetOperand(in, 1), v->i8p), "");
				LLVMSetAlignment(l, SLOT);
				LLVMSetAlignment(
				    LLVMBuildStore(v->b, l, as_ptr(v, LLVMGetOperand(in, 0), v->i8p)), SLOT);
				LLVMInstructionEraseFromParent(in);
			} else if (calls(in, "llvm.va_end")) {
				LLVMInstructionEraseFromParent(in);
			}
			in = next;
		}
	}
	return bad;
}

/* Rewrites direct CALL of the variadic function into a call of G (NP fixed parameters and the block). */
static void rewrite_call(va *v, LLVMValueRef call, LLVMValueRef g, unsigned np)
{
	unsigned na = LLVMGetNumArgOperands(call);
	LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
	uint64_t size = 0;
	for (unsigned i = np; i < na; i++)
		size += slot_bytes(v, LLVMTypeOf(LLVMGetOperand(call, i)));
	LLVMValueRef block =
	    frame_alloca(v, caller, LLVMArrayType(v->i64, size ? (unsigned)(size / SLOT) : 1), 16);
	at(v, call);
	LLVMValueRef base = LLVMBuildPointerCast(v->b, block, v->i8p, "");
	uint64_t off = 0;
	for (unsigned i = np; i < na; i++) {
		LLVMValueRef a = LLVMGetOperand(call, i);
		LLVMAttributeRef bv = LLVMGetCallSiteEnumAttribute(call, i + 1, v->byval);
		if (bv) { /* by value: the callee reads a copy made at the call, as C passes it */
			LLVMTypeRef t = LLVMGetTypeAttributeValue(bv);
			unsigned al = LLVMABIAlignmentOfType(v->td, t);
			LLVMValueRef copy = frame_alloca(v, caller, t, al);
			at(v, call);
			LLVMBuildMemCpy(v->b, copy, al, a, al,
			                LLVMConstInt(v->i64, LLVMABISizeOfType(v->td, t), 0));
			a = copy;
		}
		LLVMTypeRef t = LLVMTypeOf(a);
		LLVMValueRef o = LLVMConstInt(v->i64, off, 0);
		LLVMValueRef p = as_ptr(v, LLVMBuildGEP2(v->b, v->i8, base, &o, 1, ""), t);
		LLVMSetAlignment(LLVMBuildStore(v->b, a, p), slot_align(v, t));
		off += slot_bytes(v, t);
	}
	LLVMValueRef *args = malloc(((size_t)np + 1) * sizeof *args);
	if (!args)
		abort();
	for (unsigned i = 0; i < np; i++)
		args[i] = LLVMGetOperand(call, i);
	args[np] = base;
	LLVMValueRef nc = LLVMBuildCall2(v->b, LLVMGlobalGetValueType(g), g, args, np + 1, "");
	free(args);
	LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
	for (unsigned i = 0; i <= np; i++)
		ir_copy_attrs(call, nc, i);
	ir_copy_attrs(call, nc, LLVMAttributeFunctionIndex);
	LLVMReplaceAllUsesWith(call, nc);
	LLVMInstructionEraseFromParent(call);
}

/* Replaces variadic function F by one with fixed parameters; 0, or 1 after a diagnostic. */
static int expand(va *v, LLVMValueRef f)
{
	size_t nl = 0;
	const char *nm = LLVMGetValueName2(f, &nl);
	int ncalls = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f) {
			ncalls++;
			continue;
		}
		char shown[1024];
		diag_shown(nm, nl, shown, sizeof shown);
		diag_error_at(LLVMIsAInstruction(user) ? user : f,
		              "variadic function '%s' is used other than by a direct call (its address is "
		              "taken): hardware calls variadic functions only directly",
		              shown);
		return 1;
	}
	LLVMTypeRef ft = LLVMGlobalGetValueType(f);
	unsigned np = LLVMCountParamTypes(ft);
	LLVMTypeRef *pt = malloc(((size_t)np + 1) * sizeof *pt);
	LLVMValueRef *calls = malloc(((size_t)ncalls + 1) * sizeof *calls);
	char *name = malloc(nl + 1);
	if (!pt || !calls || !name)
		abort();
	memcpy(name, nm, nl);
	name[nl] = 0;
	LLVMGetParamTypes(ft, pt);
	pt[np] = v->i8p;
	LLVMSetValueName2(f, "", 0); /* the name passes to the new function */
	LLVMValueRef g = LLVMAddFunction(v->m, name, LLVMFunctionType(LLVMGetReturnType(ft), pt, np + 1, 0));
	LLVMSetLinkage(g, LLVMGetLinkage(f));
	LLVMSetVisibility(g, LLVMGetVisibility(f));
	LLVMSetUnnamedAddress(g, LLVMGetUnnamedAddress(f));
	LLVMSetFunctionCallConv(g, LLVMGetFunctionCallConv(f));
	for (unsigned i = 0; i <= np; i++)
		ir_copy_attrs(f, g, i);
	ir_copy_attrs(f, g, LLVMAttributeFunctionIndex);
	LLVMSetSubprogram(g, LLVMGetSubprogram(f));
	/* the body moves across whole, after a block that anchors it */
	LLVMBasicBlockRef anchor = LLVMAppendBasicBlockInContext(v->cx, g, ""), last = anchor, bb;
	while ((bb = LLVMGetFirstBasicBlock(f))) {
		LLVMMoveBasicBlockAfter(bb, last);
		last = bb;
	}
	LLVMDeleteBasicBlock(anchor);
	for (unsigned i = 0; i < np; i++) {
		size_t pl = 0;
		const char *pn = LLVMGetValueName2(LLVMGetParam(f, i), &pl);
		LLVMSetValueName2(LLVMGetParam(g, i), pn, pl);
		LLVMReplaceAllUsesWith(LLVMGetParam(f, i), LLVMGetParam(g, i));
	}
	LLVMSetValueName2(LLVMGetParam(g, np), "va.block", 8);
	int bad = lower_uses(v, g, LLVMGetParam(g, np)), n = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u))
		calls[n++] = LLVMGetUser(u);
	for (int i = 0; i < n; i++)
		rewrite_call(v, calls[i], g, np);
	LLVMDeleteFunction(f);
	free(pt);
	free(calls);
	free(name);
	return bad;
}

int lower_varargs(LLVMModuleRef m)
{
	va v = {.m = m, .cx = LLVMGetModuleContext(m), .td = LLVMGetModuleDataLayout(m)};
	v.i8 = LLVMInt8TypeInContext(v.cx);
	v.i8p = LLVMPointerType(v.i8, 0);
	v.i64 = LLVMInt64TypeInContext(v.cx);
	v.byval = LLVMGetEnumAttributeKindForName("byval", 5);
	v.b = LLVMCreateBuilderInContext(v.cx);
	int bad = 0;
	LLVMValueRef f = LLVMGetFirstFunction(m);
	while (f) {
		LLVMValueRef next = LLVMGetNextFunction(f);
		if (LLVMCountBasicBlocks(f) && LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)))
			bad += expand(&v, f);
		else if (LLVMCountBasicBlocks(f))
			bad += lower_uses(&v, f, NULL);
		f = next;
	}
	LLVMDisposeBuilder(v.b);
	return bad;
}
