// SPDX-License-Identifier: Apache-2.0
#include "inline_all.h"

#include <llvm-c/Analysis.h>

#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "indirect_calls.h"
#include "recursion.h"
#include "share_calls.h"

/* The passes that inline what was marked and clean up after it. */
static const char *const optimise = "always-inline,default<O2>";

int inline_all(LLVMModuleRef mod)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
	unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
	unsigned on = LLVMGetEnumAttributeKindForName("optnone", 7);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		/* IR from clang -O0 (DPC++'s included) marks every function optnone, and noinline with it;
		 * a noinline without optnone is the user's. */
		int opt0 = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, on) != NULL;
		int user_ni =
		    !opt0 && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, ni) != NULL;
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, on);
		if (!LLVMCountBasicBlocks(fn) || ir_is_kernel(fn))
			continue;
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, ni);
		if (share_calls_wanted(fn, user_ni))
			share_calls_mark(fn); /* inlined once its calls are one */
		else
			LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
			                        LLVMCreateEnumAttribute(ctx, ai, 0));
	}
	if (ir_run_passes(mod, optimise, "optimisation") != 0)
		return -1;
	return share_calls(mod);
}

int inline_indirect_calls(LLVMModuleRef mod, unsigned recursion_depth)
{
	int lowered = 0;
	if (lower_indirect_calls(mod, &lowered) != 0 ||
	    (lowered && lower_recursion(mod, recursion_depth) != 0) ||
	    (lowered && ir_run_passes(mod, optimise, "optimisation") != 0))
		return -1;
	char *verr = NULL;
	if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr)) {
		diag_error(NULL, 0, 0, "invalid IR after optimisation: %s", verr);
		LLVMDisposeMessage(verr);
		return -1;
	}
	LLVMDisposeMessage(verr);
	return 0;
}
