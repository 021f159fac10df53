// SPDX-License-Identifier: Apache-2.0
#include "split_aggregates.h"

#include <stdlib.h>

/* Whether every use of PHI reads one field of it. */
static int fields_only(LLVMValueRef phi)
{
	for (LLVMUseRef u = LLVMGetFirstUse(phi); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAExtractValueInst(user) || LLVMGetNumIndices(user) != 1)
			return 0;
	}
	return 1;
}

/* Field I of aggregate V, as it is at the end of block FROM (a constant's element, or an extractvalue
 * placed before FROM's terminator). */
static LLVMValueRef field_of(LLVMBuilderRef b, LLVMValueRef v, unsigned i, LLVMBasicBlockRef from)
{
	if (LLVMIsAConstant(v)) {
		LLVMValueRef e = LLVMGetAggregateElement(v, i);
		return e ? e : LLVMGetUndef(LLVMStructGetTypeAtIndex(LLVMTypeOf(v), i));
	}
	LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(from));
	return LLVMBuildExtractValue(b, v, i, "");
}

void split_aggregate_phis(LLVMValueRef fn)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
	int changed = 1;
	while (changed) { /* a split phi's incoming value may be another such phi */
		changed = 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in && LLVMIsAPHINode(in);
			     in = nx) {
				nx = LLVMGetNextInstruction(in);
				LLVMTypeRef ty = LLVMTypeOf(in);
				if (LLVMGetTypeKind(ty) != LLVMStructTypeKind || !fields_only(in))
					continue;
				unsigned nf = LLVMCountStructElementTypes(ty), n = LLVMCountIncoming(in);
				for (unsigned f = 0; f < nf; f++) {
					LLVMPositionBuilderBefore(b, in);
					LLVMValueRef phi =
					    LLVMBuildPhi(b, LLVMStructGetTypeAtIndex(ty, f), "");
					for (unsigned k = 0; k < n; k++) {
						LLVMBasicBlockRef from = LLVMGetIncomingBlock(in, k);
						LLVMValueRef v =
						    field_of(b, LLVMGetIncomingValue(in, k), f, from);
						LLVMAddIncoming(phi, &v, &from, 1);
					}
					for (LLVMUseRef u = LLVMGetFirstUse(in), un; u; u = un) {
						un = LLVMGetNextUse(u);
						LLVMValueRef user = LLVMGetUser(u);
						if (LLVMGetIndices(user)[0] == f) {
							LLVMReplaceAllUsesWith(user, phi);
							LLVMInstructionEraseFromParent(user);
						}
					}
				}
				if (!LLVMGetFirstUse(in)) {
					LLVMInstructionEraseFromParent(in);
					changed = 1;
				}
			}
	}
	LLVMDisposeBuilder(b);
}
