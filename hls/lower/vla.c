// SPDX-License-Identifier: Apache-2.0
/* An on-chip memory has a size fixed when the hardware is built, so an allocation sized at run time gets the
 * largest size it can take: the bytes the program states (KILN_VLA_MAX on the array, which clang passes on
 * as an llvm.var.annotation of its alloca), else the largest size LLVM's range analysis proves at the
 * allocation once everything is inlined (a size the caller passes as a constant, or one a condition before
 * the array bounds). The array is then an ordinary fixed alloca in the entry block, and a check before it
 * stops the kernel when a run asks for more, as a native program would crash on a stack it overran.
 * The stack save and restore clang puts around a block with such an array go: a fixed array is reused. */
#include "vla.h"

#include "../../host/common/contract.h"
#include "../ir/dbg_vars.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_range.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "debug_channel.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bytes KILN_VLA_MAX gives alloca A, 0 when it has none, -1 (after a diagnostic) for a bad one; the
 * annotation's call to *CALL. */
static long long annotated_bytes(LLVMValueRef a, LLVMValueRef *call)
{
	for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsABitCastInst(user)) {
			long long b = annotated_bytes(user, call);
			if (b)
				return b;
			continue;
		}
		LLVMValueRef f = LLVMIsACallInst(user) ? ir_direct_callee(user) : NULL;
		size_t n = 0;
		const char *name = f ? LLVMGetValueName2(f, &n) : "";
		if (n < 19 || strncmp(name, "llvm.var.annotation", 19))
			continue;
		size_t len = 0;
		const char *s = ir_global_string(LLVMGetOperand(user, 1), &len);
		size_t pre = strlen(VLA_ANNOTATION);
		if (!s || len < pre || strncmp(s, VLA_ANNOTATION, pre))
			continue;
		unsigned long long v = 0;
		size_t i = pre;
		for (; i < len && s[i] >= '0' && s[i] <= '9' && v <= KILN_ONCHIP_MEM_MAX_BYTES; i++)
			v = v * 10 + (unsigned)(s[i] - '0');
		i += i < len && (s[i] == 'u' || s[i] == 'U');
		if (i == pre || i != len || v < 1 || v > KILN_ONCHIP_MEM_MAX_BYTES) {
			char shown[1024];
			diag_shown(s + pre, len - pre, shown, sizeof shown);
			diag_error_at(user, "KILN_VLA_MAX takes a number of bytes from 1 to %u, not '%s'",
			              KILN_ONCHIP_MEM_MAX_BYTES, shown);
			return -1;
		}
		*call = user;
		return (long long)v;
	}
	return 0;
}

static void array_name(LLVMValueRef a, char *buf, size_t n)
{
	size_t len = 0;
	const char *s = NULL;
	if (!ir_dbg_declared_name(a, &s, &len)) /* the source's name, else the IR's */
		s = LLVMGetValueName2(a, &len);
	char shown[1024];
	diag_shown(s, len, shown, sizeof shown);
	if (!len)
		snprintf(buf, n, "an alloca sized at run time");
	else if (!strncmp(shown, "vla", 3)) /* clang's name when the source gave none */
		snprintf(buf, n, "a variable-length array");
	else
		snprintf(buf, n, "variable-length array '%s'", shown);
}

/* Alloca A of run-time count becomes a fixed array; 0, or 1 after a diagnostic. */
static int lower_one(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef a, int after_inlining)
{
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
	LLVMTypeRef t = LLVMGetAllocatedType(a);
	LLVMValueRef count = LLVMGetOperand(a, 0);
	uint64_t esize = LLVMABISizeOfType(td, t), max = 0;
	LLVMValueRef ann = NULL;
	long long bytes = annotated_bytes(a, &ann);
	char what[1100];
	array_name(a, what, sizeof what);
	if (bytes < 0)
		return 1;
	int proved = !bytes && after_inlining && ir_unsigned_max_at(count, a, &max) == 0 &&
	             max <= KILN_ONCHIP_MEM_MAX_BYTES / (esize ? esize : 1);
	if (!bytes && !proved) {
		if (!after_inlining)
			return 0;
		diag_error_at(a,
		              "%s has a size known only at run time with no bound kiln-cc can prove: give "
		              "its largest size with KILN_VLA_MAX(bytes) on it",
		              what);
		return 1;
	}
	uint64_t elems = proved ? max : (uint64_t)bytes / (esize ? esize : 1);
	if (!elems) {
		diag_error_at(a, "%s: KILN_VLA_MAX(%lld) holds no element of %llu bytes", what, bytes,
		              (unsigned long long)esize);
		return 1;
	}
	LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(a));
	LLVMContextRef cx = LLVMGetModuleContext(mod);
	LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
	LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
	LLVMValueRef fixed = LLVMBuildAlloca(b, LLVMArrayType(t, (unsigned)elems), "");
	LLVMSetAlignment(fixed, LLVMGetAlignment(a));
	size_t nlen = 0;
	const char *nm = LLVMGetValueName2(a, &nlen);
	char name[300];
	snprintf(name, sizeof name, "%.*s", (int)(nlen < 200 ? nlen : 200), nm);
	/* The check, where the array comes to be (a bound that was proved holds there: no check). */
	if (!proved) {
		LLVMPositionBuilderBefore(b, a);
		LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(a));
		LLVMValueRef big =
		    LLVMBuildICmp(b, LLVMIntUGT, count, LLVMConstInt(LLVMTypeOf(count), elems, 0), "");
		LLVMBasicBlockRef head = LLVMGetInstructionParent(a);
		LLVMBasicBlockRef tail = ir_split_block_before(a);
		LLVMBasicBlockRef fail = LLVMInsertBasicBlockInContext(cx, tail, "vla.full");
		LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
		LLVMPositionBuilderAtEnd(b, head);
		LLVMBuildCondBr(b, big, fail, tail);
		LLVMPositionBuilderAtEnd(b, fail);
		char text[1400];
		snprintf(text, sizeof text, "%s larger than its bound of %llu bytes (KILN_VLA_MAX sets it)",
		         what, (unsigned long long)(elems * esize));
		debug_build_stop(b, KILN_STOP_STACK, a, text);
		LLVMBuildUnreachable(b);
		LLVMSetCurrentDebugLocation2(b, NULL);
	}
	if (ann) /* said what it had to */
		LLVMInstructionEraseFromParent(ann);
	LLVMPositionBuilderBefore(b, a);
	LLVMValueRef p = LLVMBuildPointerCast(b, fixed, LLVMTypeOf(a), "");
	LLVMReplaceAllUsesWith(a, p);
	LLVMInstructionEraseFromParent(a);
	LLVMSetValueName2(fixed, name, strlen(name));
	return 0;
}

/* Whether FN still allocates at run time. */
static int has_dynamic_alloca(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			if (LLVMIsAAllocaInst(in) && !LLVMIsAConstantInt(LLVMGetOperand(in, 0)))
				return 1;
	return 0;
}

/* FN's llvm.stackrestore calls go, then the llvm.stacksave calls they used. */
static void drop_stack_saves(LLVMValueRef fn)
{
	for (int pass = 0; pass < 2; pass++)
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;) {
				LLVMValueRef next = LLVMGetNextInstruction(in), f = ir_direct_callee(in);
				size_t n = 0;
				const char *name = f ? LLVMGetValueName2(f, &n) : "";
				if ((pass == 0 && n == 17 && !strncmp(name, "llvm.stackrestore", 17)) ||
				    (pass == 1 && n == 14 && !strncmp(name, "llvm.stacksave", 14) &&
				     !LLVMGetFirstUse(in)))
					LLVMInstructionEraseFromParent(in);
				in = next;
			}
}

int lower_vlas(LLVMModuleRef mod, int after_inlining)
{
	int bad = 0;
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!has_dynamic_alloca(fn))
			continue;
		/* Listed first: lowering one splits blocks and removes its annotation. */
		int n = 0, cap = 0;
		LLVMValueRef *list = NULL;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (LLVMIsAAllocaInst(in) && !LLVMIsAConstantInt(LLVMGetOperand(in, 0)) &&
				    ir_push(&list, &n, &cap, in) != 0)
					break;
		for (int i = 0; i < n; i++)
			bad += lower_one(mod, b, list[i], after_inlining);
		free(list);
		if (!has_dynamic_alloca(fn))
			drop_stack_saves(fn);
	}
	LLVMDisposeBuilder(b);
	return bad;
}
