// SPDX-License-Identifier: Apache-2.0
/* Inline assembly with an empty template is how C programs, benchmarks and test suites stop the optimiser:
 * `asm volatile("")` and `asm("" ::: "memory")` as barriers, `asm("" :: "r"(x))` to keep a value alive,
 * `asm("" : "=r"(i) : "0"(x))` or `"+r"` to hide what a value is. It runs no instruction, so in hardware it
 * is nothing: inputs are only used, an output tied to an input is that input, a memory output keeps what
 * memory holds, and a "memory" clobber orders nothing that program order (which the scheduler keeps for
 * accesses that may meet) does not. By the time HLS schedules, LLVM has optimised around the barrier as C
 * asked. A template with instructions is for a CPU, and an output tied to no input would be whatever a
 * register held: both are refused at their line. */
#include "inline_asm.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/inline_asm.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

enum { C_OUT, C_OUT_MEM, C_IN, C_CLOBBER };

/* One constraint of an inline assembly's list (LLVM's syntax: "=r", "=*m", "0", "r", "~{memory}"). */
typedef struct constraint {
	int kind, tied; /* C_*, and for an input tied to an output that output's number, else -1 */
} constraint;

/* Parses constraint string S (N bytes) into OUT (room for MAX); how many, or -1 past MAX. */
static int parse(const char *s, size_t n, constraint *out, int max)
{
	int k = 0;
	size_t i = 0;
	while (i <= n && n) {
		size_t j = i;
		while (j < n && s[j] != ',')
			j++;
		if (k == max)
			return -1;
		constraint c = {C_IN, -1};
		if (j > i && s[i] == '~')
			c.kind = C_CLOBBER;
		else if (j > i && s[i] == '=')
			c.kind = memchr(s + i, '*', j - i) ? C_OUT_MEM : C_OUT;
		else if (j > i && s[i] >= '0' && s[i] <= '9')
			c.tied = atoi(s + i);
		out[k++] = c;
		i = j + 1;
	}
	return k;
}

/* Removes empty inline assembly call CALL, or reports why it cannot; 0 or 1 (a diagnostic). */
static int lower_call(LLVMValueRef call, LLVMValueRef callee)
{
	size_t tl = 0, cl = 0;
	const char *t = kiln_inline_asm_template(callee, &tl);
	if (!kiln_inline_asm_empty(callee)) {
		char shown[1024]; /* the user's template, on one line and in ASCII */
		diag_shown(t ? t : "", tl > 60 ? 60 : tl, shown, sizeof shown);
		diag_error_at(call,
		              "inline assembly \"%s\" is for a CPU: hardware runs no instructions (only an "
		              "empty template, a compiler barrier, is accepted)",
		              shown);
		return 1;
	}
	const char *cs = kiln_inline_asm_constraints(callee, &cl);
	constraint c[64];
	int nc = parse(cs, cl, c, 64);
	if (nc < 0) {
		diag_error_at(call, "inline assembly with more than 64 operands");
		return 1;
	}
	/* results are the direct outputs in order; arguments the memory outputs and inputs in order */
	int outno = 0, nres = 0, arg = 0, resof[64], tiedarg[64];
	for (int i = 0; i < nc; i++)
		if (c[i].kind == C_OUT || c[i].kind == C_OUT_MEM)
			resof[outno++] = c[i].kind == C_OUT ? nres++ : -1;
	for (int r = 0; r < nres; r++)
		tiedarg[r] = -1;
	for (int i = 0; i < nc; i++) {
		if (c[i].kind == C_OUT_MEM || c[i].kind == C_IN) {
			if (c[i].kind == C_IN && c[i].tied >= 0 && c[i].tied < outno && resof[c[i].tied] >= 0)
				tiedarg[resof[c[i].tied]] = arg;
			arg++;
		}
	}
	for (int r = 0; r < nres; r++)
		if (tiedarg[r] < 0) {
			diag_error_at(
			    call,
			    "inline assembly with an empty template leaves output %d undefined: tie it "
			    "to an input (\"0\"(x), or \"+r\")",
			    r);
			return 1;
		}
	LLVMTypeRef rt = LLVMTypeOf(call);
	if (nres == 1 && LLVMGetTypeKind(rt) != LLVMStructTypeKind) {
		LLVMValueRef in = LLVMGetOperand(call, (unsigned)tiedarg[0]);
		if (LLVMTypeOf(in) != rt) {
			diag_error_at(call, "inline assembly ties an output to an input of another type");
			return 1;
		}
		LLVMReplaceAllUsesWith(call, in);
	} else if (nres > 1) {
		/* the results' struct, built from the tied inputs where the call was */
		LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(rt));
		LLVMPositionBuilderBefore(b, call);
		LLVMValueRef agg = LLVMGetUndef(rt);
		for (int r = 0; r < nres; r++) {
			LLVMValueRef in = LLVMGetOperand(call, (unsigned)tiedarg[r]);
			if (LLVMTypeOf(in) != LLVMStructGetTypeAtIndex(rt, (unsigned)r)) {
				LLVMDisposeBuilder(b);
				diag_error_at(call,
				              "inline assembly ties an output to an input of another type");
				return 1;
			}
			agg = LLVMBuildInsertValue(b, agg, in, (unsigned)r, "");
		}
		LLVMDisposeBuilder(b);
		LLVMReplaceAllUsesWith(call, agg);
	}
	LLVMInstructionEraseFromParent(call);
	return 0;
}

static int visit(LLVMValueRef call, void *ctx)
{
	(void)ctx;
	LLVMValueRef callee = LLVMGetCalledValue(call);
	return callee && LLVMIsAInlineAsm(callee) ? lower_call(call, callee) : 0;
}

int lower_inline_asm(LLVMModuleRef m)
{
	return ir_each_call(m, visit, NULL);
}
