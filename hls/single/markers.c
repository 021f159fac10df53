// SPDX-License-Identifier: Apache-2.0
#include "markers.h"

#include <string.h>

#include "../ir/ir_util.h"
#include "prune.h"

static void set_true(LLVMValueRef fn, const char *key)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                        LLVMCreateStringAttribute(ctx, key, (unsigned)strlen(key), "true", 4));
}

int single_markers_lower(LLVMModuleRef mod)
{
	LLVMValueRef ann = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
	LLVMValueRef arr = ann ? LLVMGetInitializer(ann) : NULL;
	unsigned n = arr ? (unsigned)LLVMGetNumOperands(arr) : 0;
	int found = 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef e = LLVMGetOperand(arr, i), target = LLVMGetOperand(e, 0);
		while (target && LLVMIsAConstantExpr(target))
			target = LLVMGetOperand(target, 0);
		size_t len = 0;
		const char *a = ir_global_string(LLVMGetOperand(e, 1), &len);
		if (!a || !target || !LLVMIsAFunction(target))
			continue;
		static const char *const keys[] = {SINGLE_ON_DEVICE_ATTR, SINGLE_ON_HOST_ATTR};
		for (int k = 0; k < 2; k++)
			if (len == strlen(keys[k]) && !strncmp(a, keys[k], len)) {
				set_true(target, keys[k]);
				found++;
			}
	}
	return found;
}

static int has_true(LLVMValueRef fn, const char *key)
{
	LLVMAttributeRef a =
	    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
	return a != NULL;
}

int single_marker_kind(LLVMValueRef fn)
{
	if (!fn || !LLVMIsAFunction(fn))
		return 0;
	return has_true(fn, SINGLE_ON_DEVICE_ATTR) ? 1 : has_true(fn, SINGLE_ON_HOST_ATTR) ? 2 : 0;
}

/* Replaces FN's body by `ret i1 VALUE` (its return type is C's _Bool). */
static void constant_body(LLVMValueRef fn, LLVMValueRef value)
{
	single_delete_body(fn);
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
	LLVMBuildRet(b, value);
	LLVMDisposeBuilder(b);
}

void single_markers_resolve(LLVMModuleRef mod, int on_device)
{
	unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		int kind = single_marker_kind(fn);
		if (!kind || !LLVMCountBasicBlocks(fn))
			continue;
		LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
		int taken = (kind == 1) == (on_device != 0);
		LLVMValueRef value = LLVMConstInt(rt, (unsigned long long)taken, 0);
		constant_body(fn, value);
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, noinline);
		/* The calls (all direct: the macros call the markers by name) become the constant. */
		LLVMUseRef u = LLVMGetFirstUse(fn), next;
		for (; u; u = next) {
			next = LLVMGetNextUse(u);
			LLVMValueRef call = LLVMGetUser(u);
			if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == fn) {
				LLVMReplaceAllUsesWith(call, value);
				LLVMInstructionEraseFromParent(call);
			}
		}
	}
}

void single_markers_internalize(LLVMModuleRef mod)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (single_marker_kind(fn) && LLVMCountBasicBlocks(fn)) {
			LLVMSetLinkage(fn, LLVMInternalLinkage);
			LLVMSetVisibility(fn, LLVMDefaultVisibility);
		}
}
