// SPDX-License-Identifier: Apache-2.0
/* A vector in hardware is its elements: a datapath has no vector registers to fill, and an operation per
 * element is what a vector unit would do anyway, each element scheduled on its own (the elements of a
 * `v4si a * b` are four multiplications the scheduler may run together). LLVM's scalarizer does the split,
 * loads and stores included (ir_llvm_init sets -scalarize-load-store); the extracts and inserts it leaves
 * between split values fold away, and a vector in memory stays the bytes it was (ir_const_bytes lays out
 * vector initializers). What the scalarizer leaves whole (a bitcast between a vector and an integer, a
 * reduction) is named at its line. */
#include "vectors.h"

#include "../ir/ir_util.h"
#include "../support/diag.h"

#include <string.h>

static int is_vector(LLVMTypeRef t)
{
	LLVMTypeKind k = LLVMGetTypeKind(t);
	return k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind;
}

/* Whether IN makes or takes a vector. */
static int vector_inst(LLVMValueRef in)
{
	if (is_vector(LLVMTypeOf(in)))
		return 1;
	int n = LLVMGetNumOperands(in);
	for (int i = 0; i < n; i++) {
		LLVMValueRef op = LLVMGetOperand(in, (unsigned)i);
		if (is_vector(LLVMTypeOf(op))) /* labels and metadata have types of their own */
			return 1;
	}
	return 0;
}

/* Calls F for every instruction of MOD's defined functions that makes or takes a vector; how many. */
static int each_vector_inst(LLVMModuleRef mod, void (*f)(LLVMValueRef in))
{
	int n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (vector_inst(in)) {
					n++;
					if (f)
						f(in);
				}
	return n;
}

static void report(LLVMValueRef in)
{
	const char *op = LLVMIsACallInst(in) ? "call" : "operation";
	char *text = LLVMPrintValueToString(in);
	/* The instruction's opcode word, for the message: "bitcast", "call", ... */
	const char *eq = text ? strstr(text, "= ") : NULL, *w = eq ? eq + 2 : op;
	size_t len = strcspn(w, " ");
	diag_error_at(in, "this vector operation ('%.*s') cannot be split into elements for hardware",
	              (int)(len < 40 ? len : 40), w);
	LLVMDisposeMessage(text);
}

/* LLVM 15's scalarizer leaves a vector freeze (clang's guard on a division's operand) whole, and everything
 * around it then: each becomes a freeze per element. */
static void split_freezes(LLVMModuleRef mod)
{
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
	LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;) {
				LLVMValueRef next = LLVMGetNextInstruction(in);
				LLVMTypeRef t = LLVMTypeOf(in);
				if (LLVMGetInstructionOpcode(in) == LLVMFreeze &&
				    LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
					LLVMPositionBuilderBefore(b, in);
					LLVMValueRef v = LLVMGetOperand(in, 0), out = LLVMGetUndef(t);
					for (unsigned i = 0; i < LLVMGetVectorSize(t); i++) {
						LLVMValueRef k = LLVMConstInt(i32, i, 0);
						LLVMValueRef e = LLVMBuildFreeze(
						    b, LLVMBuildExtractElement(b, v, k, ""), "");
						out = LLVMBuildInsertElement(b, out, e, k, "");
					}
					LLVMReplaceAllUsesWith(in, out);
					LLVMInstructionEraseFromParent(in);
				}
				in = next;
			}
	LLVMDisposeBuilder(b);
}

int lower_vectors(LLVMModuleRef mod)
{
	if (!each_vector_inst(mod, NULL))
		return 0;
	split_freezes(mod);
	if (ir_run_passes(mod, "function(scalarizer,instcombine,dce)", "vector splitting") != 0)
		return 1;
	return each_vector_inst(mod, report);
}
