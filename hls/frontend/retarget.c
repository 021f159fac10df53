// SPDX-License-Identifier: Apache-2.0
#include "retarget.h"

#include <string.h>

#include "../ir/inline_asm.h"
#include "../support/diag.h"

/* What clang-15 -target spir64-unknown-unknown gives: LP64 and little-endian like x86-64, with the same
 * sizes and alignments for every scalar C type but long double, so the host's layout of the module's types
 * stays valid. */
#define SPIR64_TRIPLE "spir64-unknown-unknown"
#define SPIR64_LAYOUT                                                                                        \
	"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:" \
	"32:64"

static int uses_x86_fp80(LLVMValueRef in)
{
	if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMX86_FP80TypeKind)
		return 1;
	int n = LLVMGetNumOperands(in);
	for (int i = 0; i < n; i++) {
		LLVMValueRef op = LLVMGetOperand(in, (unsigned)i);
		if (op && LLVMGetTypeKind(LLVMTypeOf(op)) == LLVMX86_FP80TypeKind)
			return 1;
	}
	return 0;
}

/* One diagnostic per construct and function is enough to find it. */
static int check_function(LLVMValueRef fn)
{
	int bad = 0, fp80 = 0, asm_ = 0, x86 = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (!fp80 && uses_x86_fp80(in)) {
				diag_error_at(in,
				              "long double is x86-64's 80-bit type on the host and has no "
				              "device equivalent: device code of a single-source program "
				              "uses double instead");
				fp80 = ++bad;
			}
			if (!LLVMIsACallInst(in))
				continue;
			LLVMValueRef callee = LLVMGetCalledValue(in);
			/* an empty template is a compiler barrier, which the device flow removes */
			if (!asm_ && LLVMIsAInlineAsm(callee) && !kiln_inline_asm_empty(callee)) {
				diag_error_at(in, "inline assembly is for the host's CPU: device code cannot "
				                  "use it (put it under KILN_IF_HOST)");
				asm_ = ++bad;
			}
			size_t len = 0;
			const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
			if (!x86 && len > 9 && !strncmp(name, "llvm.x86.", 9)) {
				diag_error_at(in,
				              "x86 intrinsic '%.*s' in device code (put it under "
				              "KILN_IF_HOST)",
				              (int)len, name);
				x86 = ++bad;
			}
		}
	return bad;
}

int single_retarget(LLVMModuleRef dev)
{
	int bad = 0;
	static const char *const host_attrs[] = {"target-cpu", "target-features", "tune-cpu"};
	for (LLVMValueRef fn = LLVMGetFirstFunction(dev); fn; fn = LLVMGetNextFunction(fn)) {
		bad += check_function(fn);
		for (size_t i = 0; i < sizeof host_attrs / sizeof host_attrs[0]; i++)
			LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, host_attrs[i],
			                                 (unsigned)strlen(host_attrs[i]));
	}
	if (bad)
		return -1;
	LLVMSetTarget(dev, SPIR64_TRIPLE);
	LLVMSetDataLayout(dev, SPIR64_LAYOUT);
	return 0;
}

int frontend_retarget_x86(LLVMModuleRef mod, const char *why)
{
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		/* clang -O2 gives x86-64's internal functions its fast convention; SPIR's is C's
		 * (spir-calls). */
		if (LLVMGetFunctionCallConv(fn) != LLVMCCallConv && !LLVMGetIntrinsicID(fn))
			LLVMSetFunctionCallConv(fn, LLVMCCallConv);
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				if (!LLVMIsACallInst(in))
					continue;
				if (LLVMGetInstructionCallConv(in) != LLVMCCallConv)
					LLVMSetInstructionCallConv(in, LLVMCCallConv);
				LLVMValueRef f = LLVMGetCalledValue(in);
				size_t len = 0;
				const char *name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
				/* x86-64's va_list is a structure clang reads inline; the varargs pass knows
				 * SPIR's. */
				if (len == 13 && !memcmp(name, "llvm.va_start", 13)) {
					diag_error_at(in,
					              "a variadic function cannot be compiled %s yet (its "
					              "va_list would be x86-64's)",
					              why);
					bad++;
				}
			}
	}
	if (bad || single_retarget(mod) != 0)
		return -1;
	/* The layout the other sources and the kernel C library have (clang-15's for spir64; the one above is
	 * DPC++'s, which a single-source module's device half keeps). */
	LLVMSetDataLayout(
	    mod, "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024");
	return 0;
}
