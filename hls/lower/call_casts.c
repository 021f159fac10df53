// SPDX-License-Identifier: Apache-2.0
/* A C program may declare a library function with its own prototype (`int strlen(char *);`), or call a K&R
 * definition without one: clang then calls the definition through a cast of its address to the caller's
 * function type. It is still a direct call, but LLVM inlines no call whose type differs from its callee's,
 * and HLS then met a call it could not resolve and called it indirect. Here each such call becomes a call of
 * the callee's own type: an integer argument or result is sign-extended or truncated to the other width (C's
 * conversion of a signed value; the bits a caller passes in a wider register would be its low ones), a
 * pointer cast, a float widened or narrowed, an integer and a pointer converted into each other. Arguments
 * past a non-variadic callee's parameters are dropped (a K&R callee never reads them); too few, or a struct
 * where a scalar is expected, get a diagnostic at the call. */
#include "call_casts.h"

#include "../ir/ir_util.h"
#include "../support/diag.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

/* V (of its type) as type TO where the build point of B is, or NULL when C has no such conversion. */
static LLVMValueRef convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef to)
{
	LLVMTypeRef from = LLVMTypeOf(v);
	LLVMTypeKind fk = LLVMGetTypeKind(from), tk = LLVMGetTypeKind(to);
	if (from == to)
		return v;
	if (fk == LLVMIntegerTypeKind && tk == LLVMIntegerTypeKind)
		return LLVMGetIntTypeWidth(from) < LLVMGetIntTypeWidth(to) ? LLVMBuildSExt(b, v, to, "")
		                                                           : LLVMBuildTrunc(b, v, to, "");
	if (fk == LLVMPointerTypeKind && tk == LLVMPointerTypeKind)
		return LLVMBuildPointerCast(b, v, to, "");
	if (fk == LLVMPointerTypeKind && tk == LLVMIntegerTypeKind)
		return LLVMBuildPtrToInt(b, v, to, "");
	if (fk == LLVMIntegerTypeKind && tk == LLVMPointerTypeKind)
		return LLVMBuildIntToPtr(b, v, to, "");
	if ((fk == LLVMFloatTypeKind || fk == LLVMDoubleTypeKind) &&
	    (tk == LLVMFloatTypeKind || tk == LLVMDoubleTypeKind))
		return LLVMBuildFPCast(b, v, to, "");
	return NULL;
}

/* Rewrites CALL of function FN (through a cast); 0, or 1 after a diagnostic. */
static int rewrite(LLVMValueRef call, LLVMValueRef fn)
{
	LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
	unsigned np = LLVMCountParamTypes(ft), na = LLVMGetNumArgOperands(call);
	size_t nl = 0;
	const char *name = LLVMGetValueName2(fn, &nl);
	if (na < np) {
		diag_error_at(call, "'%.*s' takes %u argument(s), and this call passes %u", (int)nl, name, np,
		              na);
		return 1;
	}
	if (LLVMIsFunctionVarArg(ft) && na > np) {
		diag_error_at(call, "'%.*s' is variadic and is called through another prototype", (int)nl,
		              name);
		return 1;
	}
	LLVMTypeRef *pt = malloc(((size_t)np + 1) * sizeof *pt);
	LLVMValueRef *args = malloc(((size_t)np + 1) * sizeof *args);
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(ft));
	int bad = !pt || !args;
	LLVMPositionBuilderBefore(b, call);
	LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
	if (!bad)
		LLVMGetParamTypes(ft, pt);
	for (unsigned i = 0; !bad && i < np; i++) {
		args[i] = convert(b, LLVMGetOperand(call, i), pt[i]);
		if (!args[i]) {
			diag_error_at(
			    call, "argument %u of this call cannot become the type '%.*s' declares for it",
			    i + 1, (int)nl, name);
			bad = 1;
		}
	}
	LLVMValueRef nc = bad ? NULL : LLVMBuildCall2(b, ft, fn, args, np, "");
	if (nc) {
		LLVMSetInstructionCallConv(nc, LLVMGetFunctionCallConv(fn));
		/* the definition's parameter attributes (byval, sret...) hold at the call as they would in
		 * a call of its own type */
		for (unsigned i = 1; i <= np; i++)
			ir_copy_attrs(fn, nc, i);
		LLVMTypeRef rt = LLVMTypeOf(call);
		if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind) {
			LLVMValueRef r = LLVMGetTypeKind(LLVMGetReturnType(ft)) == LLVMVoidTypeKind
			                     ? LLVMGetUndef(rt)
			                     : convert(b, nc, rt);
			if (!r) {
				diag_error_at(
				    call, "the result of '%.*s' cannot become the type this call declares",
				    (int)nl, name);
				bad = 1;
			} else {
				LLVMReplaceAllUsesWith(call, r);
			}
		}
		if (!bad)
			LLVMInstructionEraseFromParent(call);
		else
			LLVMInstructionEraseFromParent(nc);
	}
	LLVMDisposeBuilder(b);
	free(pt);
	free(args);
	return bad;
}

static int visit(LLVMValueRef call, void *ctx)
{
	(void)ctx;
	LLVMValueRef fn = ir_direct_callee(call);
	return fn && LLVMGetCalledFunctionType(call) != LLVMGlobalGetValueType(fn) && LLVMCountBasicBlocks(fn)
	           ? rewrite(call, fn)
	           : 0;
}

int lower_call_casts(LLVMModuleRef m)
{
	return ir_each_call(m, visit, NULL);
}
