// SPDX-License-Identifier: Apache-2.0
#include "unroll_small.h"

#include <string.h>

#include "../ir/ir_loops.h"
#include "../ir/ir_util.h"

/* Whether IN would be a unit of its own in each unrolled copy, or cannot be unrolled at all. */
static int needs_own_unit(LLVMValueRef in)
{
	switch (LLVMGetInstructionOpcode(in)) {
	case LLVMUDiv:
	case LLVMSDiv:
	case LLVMURem:
	case LLVMSRem:
	case LLVMFAdd:
	case LLVMFSub:
	case LLVMFMul:
	case LLVMFDiv:
	case LLVMFRem:
	case LLVMFNeg:
	case LLVMFCmp:
	case LLVMFPToSI:
	case LLVMFPToUI:
	case LLVMSIToFP:
	case LLVMUIToFP:
	case LLVMFPTrunc:
	case LLVMFPExt:
		return 1;
	case LLVMCall: {
		LLVMValueRef callee = LLVMGetCalledValue(in);
		size_t len = 0;
		const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
		if (strncmp(name, "llvm.", 5) || strstr(name, "llvm.mem") == name)
			return 1; /* a call, a copy-engine transfer */
		for (unsigned i = 0; i + 1 < (unsigned)LLVMGetNumOperands(in); i++) {
			LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, i)));
			if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind)
				return 1; /* sqrt, fma, fabs... */
		}
		return 0;
	}
	default:
		return 0;
	}
}

static int want(const ir_loop *l, void *ctx)
{
	(void)ctx;
	if (!l->innermost || l->has_unroll_md || l->trip < 2 || l->trip > UNROLL_SMALL_MAX_TRIP)
		return 0;
	unsigned size = 0;
	for (unsigned i = 0; i < l->nblocks; i++)
		for (LLVMValueRef in = LLVMGetFirstInstruction(l->blocks[i]); in;
		     in = LLVMGetNextInstruction(in)) {
			if (needs_own_unit(in))
				return 0;
			if (!LLVMIsADbgInfoIntrinsic(in))
				size++;
		}
	return size * l->trip <= UNROLL_SMALL_MAX_INSTS &&
	       (l->trip <= UNROLL_SMALL_SHORT_TRIP || size <= UNROLL_SMALL_TINY_BODY);
}

/* Each round unrolls the innermost loops the rule takes; a loop holding them is innermost in the next. */
#define ROUNDS 3

int unroll_small_loops(LLVMModuleRef mod)
{
	if (ir_loop_unrolling() >= 0)
		return 0;
	for (int round = 0; round < ROUNDS; round++) {
		int marked = 0;
		for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
			if (ir_is_defined_kernel(fn))
				marked += ir_mark_full_unroll(fn, want, NULL);
		if (!marked)
			break;
		if (ir_run_passes(mod, "default<O2>", "unrolling small loops") != 0)
			return -1;
	}
	return 0;
}
