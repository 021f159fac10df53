// SPDX-License-Identifier: Apache-2.0
#include "math_calls.h"

#include <stdio.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "../support/diag.h"

/* llvm.NAME.f64 is NAME(), llvm.NAME.f32 is NAMEf(). */
static const char *const intrinsics[] = {"exp", "exp2", "log", "log2", "log10", "pow", "sin", "cos"};

/* The library function for operation OP ("exp", "fmod") on type T: declared in MOD if need be; NULL when T is
 * neither float nor double. */
static LLVMValueRef libm_function(LLVMModuleRef mod, const char *op, LLVMTypeRef t, unsigned nargs)
{
	LLVMTypeKind k = LLVMGetTypeKind(t);
	if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)
		return NULL;
	char name[32];
	snprintf(name, sizeof name, "%s%s", op, k == LLVMFloatTypeKind ? "f" : "");
	LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
	if (!fn) {
		LLVMTypeRef params[2] = {t, t};
		fn = LLVMAddFunction(mod, name, LLVMFunctionType(t, params, nargs, 0));
		LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
	}
	return fn;
}

/* Replaces IN (an intrinsic call or a frem) with a call to FN on ARGS, keeping its debug location. */
static void replace(LLVMBuilderRef b, LLVMValueRef in, LLVMValueRef fn, LLVMValueRef *args, unsigned nargs)
{
	LLVMPositionBuilderBefore(b, in);
	LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, nargs, "");
	LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
	LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(in));
	LLVMReplaceAllUsesWith(in, call);
	LLVMInstructionEraseFromParent(in);
}

int lower_math_calls(LLVMModuleRef mod)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
	int rc = 0;
	for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
			LLVMValueRef in = LLVMGetFirstInstruction(bb);
			while (in) {
				LLVMValueRef next = LLVMGetNextInstruction(in);
				const char *op = NULL;
				unsigned nargs = 1;
				if (LLVMGetInstructionOpcode(in) == LLVMFRem) {
					op = "fmod";
					nargs = 2;
				} else if (LLVMIsACallInst(in) && LLVMIsAFunction(LLVMGetCalledValue(in))) {
					size_t n = 0;
					const char *name = LLVMGetValueName2(LLVMGetCalledValue(in), &n);
					for (size_t i = 0; n > 5 && !strncmp(name, "llvm.", 5) &&
					                   i < sizeof intrinsics / sizeof intrinsics[0];
					     i++) {
						size_t l = strlen(intrinsics[i]);
						if (!strncmp(name + 5, intrinsics[i], l) &&
						    name[5 + l] == '.') {
							op = intrinsics[i];
							nargs = !strcmp(op, "pow") ? 2 : 1;
						}
					}
				}
				if (op) {
					LLVMValueRef fn = libm_function(mod, op, LLVMTypeOf(in), nargs);
					if (!fn) {
						diag_error_at(
						    in,
						    "%s on this type (a vector, or not float or double) is "
						    "not supported in hardware",
						    op);
						rc = -1;
					} else {
						LLVMValueRef args[2] = {LLVMGetOperand(in, 0),
						                        nargs > 1 ? LLVMGetOperand(in, 1)
						                                  : NULL};
						replace(b, in, fn, args, nargs);
					}
				}
				in = next;
			}
		}
	LLVMDisposeBuilder(b);
	return rc;
}
