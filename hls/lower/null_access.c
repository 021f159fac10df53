// SPDX-License-Identifier: Apache-2.0
#include "null_access.h"

#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "debug_channel.h"

/* How deep a pointer's definition is followed. */
#define NULL_DEPTH 32

/* Whether pointer V can only be null or undefined: such constants, and getelementptrs, casts, phis and
 * selects of them (a phi met again on the way is its other incomings' business, as in memobj.c). */
static int only_null(LLVMValueRef v, LLVMValueRef *path, int depth)
{
	if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v))
		return 1;
	if (depth >= NULL_DEPTH)
		return 0;
	for (int i = 0; i < depth; i++)
		if (path[i] == v)
			return 1;
	path[depth] = v;
	LLVMOpcode op = LLVMIsAInstruction(v)    ? LLVMGetInstructionOpcode(v)
	                : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v)
	                                         : (LLVMOpcode)0;
	switch (op) {
	case LLVMGetElementPtr:
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
		return only_null(LLVMGetOperand(v, 0), path, depth + 1);
	case LLVMSelect:
		return only_null(LLVMGetOperand(v, 1), path, depth + 1) &&
		       only_null(LLVMGetOperand(v, 2), path, depth + 1);
	case LLVMPHI:
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
			if (!only_null(LLVMGetIncomingValue(v, i), path, depth + 1))
				return 0;
		return 1;
	default:
		return 0;
	}
}

/* What IN accesses through a null-only pointer, or NULL when it does not. */
static const char *null_access(LLVMValueRef in)
{
	LLVMValueRef path[NULL_DEPTH];
	if (LLVMIsALoadInst(in))
		return only_null(LLVMGetOperand(in, 0), path, 0) ? "a load through a null pointer" : NULL;
	if (LLVMIsAStoreInst(in))
		return only_null(LLVMGetOperand(in, 1), path, 0) ? "a store through a null pointer" : NULL;
	LLVMValueRef f = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
	size_t len = 0;
	const char *name = f ? LLVMGetValueName2(f, &len) : "";
	int copy = !strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13);
	if (!copy && strncmp(name, "llvm.memset.", 12))
		return NULL;
	if (only_null(LLVMGetOperand(in, 0), path, 0) || (copy && only_null(LLVMGetOperand(in, 1), path, 0)))
		return copy ? "a copy through a null pointer" : "a memset through a null pointer";
	return NULL;
}

int null_accesses(LLVMModuleRef mod)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
	int stops = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		LLVMValueRef *at = NULL;
		int n = 0, cap = 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (null_access(in) && ir_push(&at, &n, &cap, in) != 0)
					break;
		/* block | access ... becomes block | stop (the access and what follows it reached from it
		 * alone, then removed) */
		for (int i = 0; i < n; i++) {
			const char *what = null_access(at[i]);
			LLVMBasicBlockRef tail = ir_split_block_before(at[i]);
			LLVMBasicBlockRef head = LLVMGetPreviousBasicBlock(tail);
			LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
			LLVMPositionBuilderAtEnd(b, head);
			debug_build_stop(b, KILN_STOP_BOUNDS, at[i], what);
			LLVMBuildUnreachable(b);
			stops++;
		}
		if (n)
			ir_remove_unreachable_blocks(fn);
		free(at);
	}
	LLVMDisposeBuilder(b);
	return stops;
}
