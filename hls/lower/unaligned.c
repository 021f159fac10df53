// SPDX-License-Identifier: Apache-2.0
#include "unaligned.h"

#include <stdlib.h>


/* A pointer to byte K at PTR, built at the builder's position. */
static LLVMValueRef byte_at(LLVMBuilderRef b, LLVMValueRef ptr, unsigned k, LLVMTypeRef i8)
{
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
	LLVMValueRef p8 = LLVMBuildPointerCast(b, ptr, LLVMPointerType(i8, as), "");
	LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(LLVMGetTypeContext(i8)), k, 0);
	return LLVMBuildGEP2(b, i8, p8, &off, 1, "");
}

void split_unaligned_accesses(LLVMValueRef fn)
{
	LLVMModuleRef mod = LLVMGetGlobalParent(fn);
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
			nx = LLVMGetNextInstruction(in);
			int load = LLVMIsALoadInst(in) != NULL;
			if (!load && !LLVMIsAStoreInst(in))
				continue;
			LLVMValueRef val = load ? in : LLVMGetOperand(in, 0),
			             ptr = LLVMGetOperand(in, load ? 0 : 1);
			LLVMTypeRef ty = LLVMTypeOf(val);
			if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind)
				continue;
			/* Whole bytes only: an i1 is stored as a byte of its own. */
			unsigned bits = LLVMGetIntTypeWidth(ty), size = bits / 8, align = LLVMGetAlignment(in);
			unsigned word = size < 4 ? size : 4;
			int port_width = size <= 8 && !(size & (size - 1));
			if (bits % 8 || size <= 1 || (port_width && align >= word))
				continue;
			LLVMPositionBuilderBefore(b, in);
			LLVMValueRef acc = LLVMConstInt(ty, 0, 0);
			for (unsigned k = 0; k < size; k++) {
				LLVMValueRef at = byte_at(b, ptr, k, i8), sh = LLVMConstInt(ty, 8 * k, 0);
				if (load) {
					LLVMValueRef x = LLVMBuildLoad2(b, i8, at, "");
					LLVMSetVolatile(x, LLVMGetVolatile(in));
					acc = LLVMBuildOr(
					    b, acc, LLVMBuildShl(b, LLVMBuildZExt(b, x, ty, ""), sh, ""), "");
				} else {
					LLVMValueRef x =
					    LLVMBuildTrunc(b, LLVMBuildLShr(b, val, sh, ""), i8, "");
					LLVMSetVolatile(LLVMBuildStore(b, x, at), LLVMGetVolatile(in));
				}
			}
			if (load)
				LLVMReplaceAllUsesWith(in, acc);
			LLVMInstructionEraseFromParent(in);
		}
	LLVMDisposeBuilder(b);
}
