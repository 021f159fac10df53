// SPDX-License-Identifier: Apache-2.0
#include "indirect_calls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "../../host/common/contract.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
#include "debug_channel.h"

/* The functions constant C names (through constant expressions and the initialisers of the globals it
 * names), added to FNS (N of them) once each; SEEN marks what was walked. */
static void reached(LLVMValueRef c, vmap *seen, LLVMValueRef **fns, int *n, int *cap, int depth)
{
	int x;
	if (!c || depth > 64 || vmap_get(seen, c, &x))
		return;
	vmap_put(seen, c, 1);
	if (LLVMIsAFunction(c)) {
		if (!LLVMCountBasicBlocks(c))
			return;
		if (*n == *cap) {
			LLVMValueRef *g = realloc(*fns, (size_t)(*cap = *cap ? 2 * *cap : 16) * sizeof **fns);
			if (!g)
				return;
			*fns = g;
		}
		(*fns)[(*n)++] = c;
		return;
	}
	if (LLVMIsAGlobalVariable(c)) {
		reached(LLVMGetInitializer(c), seen, fns, n, cap, depth + 1);
		return;
	}
	if (!LLVMIsAConstantExpr(c) && !LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) &&
	    !LLVMIsAConstantVector(c))
		return;
	for (int k = 0; k < LLVMGetNumOperands(c); k++)
		reached(LLVMGetOperand(c, (unsigned)k), seen, fns, n, cap, depth + 1);
}

/* Call IN through a pointer becomes a chain of comparisons with the NT functions of TARGETS, each arm a
 * direct call; the chain's end is a stop of the kernel (KILN_STOP_BAD_CALL). */
static void dispatch(LLVMValueRef in, LLVMValueRef *targets, int nt)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(in));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	/* The arms' calls are inlined later, which wants them placed in the source like the call they
	 * replace. */
	LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(in));
	LLVMValueRef fp = LLVMGetCalledValue(in);
	LLVMTypeRef fty = LLVMGetCalledFunctionType(in);
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(in);
	LLVMValueRef args[nargs + 1], vals[nt];
	LLVMBasicBlockRef arms[nt];
	for (unsigned i = 0; i < nargs; i++)
		args[i] = LLVMGetOperand(in, i);
	LLVMBasicBlockRef head = LLVMGetInstructionParent(in);
	LLVMBasicBlockRef tail = ir_split_block_before(in);
	LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
	LLVMBasicBlockRef test = head;
	for (int t = 0; t < nt; t++)
		arms[t] = LLVMInsertBasicBlockInContext(ctx, tail, "callee");
	for (int t = 0; t < nt; t++) {
		LLVMPositionBuilderAtEnd(b, test);
		LLVMBasicBlockRef next = LLVMInsertBasicBlockInContext(ctx, t < nt - 1 ? arms[t + 1] : tail,
		                                                       t < nt - 1 ? "call.next" : "call.bad");
		LLVMValueRef is =
		    LLVMBuildICmp(b, LLVMIntEQ, fp, LLVMConstPointerCast(targets[t], LLVMTypeOf(fp)), "");
		LLVMBuildCondBr(b, is, arms[t], next);
		test = next;
		LLVMPositionBuilderAtEnd(b, arms[t]);
		vals[t] = LLVMBuildCall2(b, fty, targets[t], args, nargs, "");
		LLVMSetInstructionCallConv(vals[t], LLVMGetFunctionCallConv(targets[t]));
		LLVMBuildBr(b, tail);
	}
	/* A pointer that is none of them (null, or garbage) stops the kernel, naming the call's line. */
	LLVMPositionBuilderAtEnd(b, test);
	debug_build_stop(b, KILN_STOP_BAD_CALL, in, "");
	LLVMBuildUnreachable(b);
	if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind) {
		LLVMPositionBuilderBefore(b, in);
		LLVMValueRef phi = LLVMBuildPhi(b, LLVMGetReturnType(fty), "");
		LLVMAddIncoming(phi, vals, arms, (unsigned)nt);
		LLVMReplaceAllUsesWith(in, phi);
	}
	LLVMInstructionEraseFromParent(in);
	LLVMDisposeBuilder(b);
}

static int in_set(LLVMValueRef f)
{
	unsigned n;
	return ir_fn_attr(f, VF_ATTR_SET, &n) != NULL;
}

static void add_fn(LLVMValueRef f, LLVMValueRef **fns, int *n, int *cap)
{
	for (int i = 0; i < *n; i++)
		if ((*fns)[i] == f)
			return;
	ir_push(fns, n, cap, f); /* out of memory: one arm fewer, and the stop for a bad call */
}

static void append_attr(LLVMValueRef fn, const char *key, const char *sep, const char *text)
{
	unsigned ol = 0;
	const char *old = ir_fn_attr(fn, key, &ol);
	size_t n = (old ? ol + strlen(sep) : 0) + strlen(text) + 1;
	char *v = malloc(n);
	if (!v)
		return;
	snprintf(v, n, "%.*s%s%s", (int)ol, old ? old : "", old ? sep : "", text);
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
	LLVMAddAttributeAtIndex(
	    fn, LLVMAttributeFunctionIndex,
	    LLVMCreateStringAttribute(ctx, key, (unsigned)strlen(key), v, (unsigned)strlen(v)));
	free(v);
}

/* The functions of the virtual-function sets kernel FN calls through (its calls-indirectly list), added to
 * FNS. A set no function of the module belongs to is an error, unless kiln-cc --board dropped it for the
 * board's aspects (the kernel's "kiln-missing-sets" names it; the runtime then refuses the kernel). Returns
 * the number of diagnostics. */
static int set_targets(LLVMValueRef fn, LLVMValueRef **fns, int *n, int *cap)
{
	unsigned sl = 0, ml = 0;
	const char *sets = ir_fn_attr(fn, VF_ATTR_CALLS, &sl);
	const char *missing = ir_fn_attr(fn, "kiln-missing-sets", &ml);
	int errors = 0;
	if (!sets)
		return 0;
	LLVMModuleRef mod = LLVMGetGlobalParent(fn);
	for (unsigned i = 0; i <= sl;) {
		unsigned j = i, found = 0;
		while (j < sl && sets[j] != ',')
			j++;
		for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
			unsigned fl = 0;
			const char *fs = ir_fn_attr(f, VF_ATTR_SET, &fl);
			if (fs && LLVMCountBasicBlocks(f) && fl == j - i && memcmp(fs, sets + i, fl) == 0) {
				add_fn(f, fns, n, cap);
				found = 1;
			}
		}
		if (!found && !ir_list_has(missing, ml, sets + i, j - i)) {
			size_t kl = 0;
			const char *kn = ir_kernel_name(fn, &kl);
			diag_error_at(fn,
			              "kernel '%.*s' calls through virtual-function set '%.*s', which no "
			              "KILN_INDIRECTLY_CALLABLE function belongs to",
			              (int)kl, kn, (int)(j - i), sets + i);
			errors++;
		}
		i = j + 1;
	}
	return errors;
}

/* Records the dispatch of CALL over its NT TARGETS in the kernel's "kiln-dispatch" attribute, for the
 * schedule report: "line L: f, g, h", dispatches separated by "; ". */
static void note_dispatch(LLVMValueRef fn, LLVMValueRef call, LLVMValueRef *targets, int nt)
{
	char text[2048], file[1024];
	unsigned line = 0;
	size_t o = 0;
	if (diag_location(call, file, sizeof file, &line))
		o += (size_t)snprintf(text, sizeof text, "line %u: ", line);
	else
		o += (size_t)snprintf(text, sizeof text, "an indirect call: ");
	for (int t = 0; t < nt && o < sizeof text - 2; t++) {
		size_t l = 0;
		const char *nm = LLVMGetValueName2(targets[t], &l);
		o += (size_t)snprintf(text + o, sizeof text - o, "%s%.*s", t ? ", " : "", (int)l, nm);
	}
	append_attr(fn, "kiln-dispatch", "; ", text);
}

/* Each of the NCALLS CALLS in FN through a pointer becomes a dispatch over those of the NTAKEN functions
 * TAKEN that have its type. Returns the number of diagnostics. */
static int dispatch_calls(LLVMValueRef fn, LLVMValueRef *calls, int ncalls, LLVMValueRef *taken, int ntaken)
{
	int errors = 0;
	for (int c = 0; c < ncalls; c++) {
		LLVMTypeRef fty = LLVMGetCalledFunctionType(calls[c]);
		LLVMValueRef fit[INDIRECT_CALL_MAX_TARGETS];
		int nfit = 0, over = 0;
		for (int t = 0; t < ntaken; t++) {
			if (LLVMGlobalGetValueType(taken[t]) != fty)
				continue;
			if (nfit == INDIRECT_CALL_MAX_TARGETS)
				over = 1;
			else
				fit[nfit++] = taken[t];
		}
		if (nfit == 0 || over) {
			if (over)
				diag_error_at(
				    calls[c],
				    "indirect call: more than %d functions of its type have their address "
				    "taken, too many to dispatch over in hardware",
				    INDIRECT_CALL_MAX_TARGETS);
			else
				diag_error_at(
				    calls[c],
				    "indirect call: no function of its type has its address "
				    "taken in the kernel sources or is in a virtual-function set the "
				    "kernel calls (KILN_CALLS_INDIRECTLY), so hardware has nothing to "
				    "call");
			errors++;
			continue;
		}
		note_dispatch(fn, calls[c], fit, nfit);
		dispatch(calls[c], fit, nfit);
	}
	return errors;
}

/* A list of functions. */
typedef struct fnlist {
	LLVMValueRef *fns;
	int n, cap;
} fnlist;

/* The indirect calls of kernel FN, and the functions whose address it can reach: those its code or the
 * globals it uses name other than as a direct call's callee, less the functions of virtual-function sets,
 * which only a kernel calling through their set reaches (seed 001: building an object whose table names
 * them is not using them), plus those of the sets FN calls through. */
static int lower_kernel(LLVMValueRef fn, fnlist *all)
{
	int errors = 0, ntaken = 0, tcap = 0, ncalls = 0, ccap = 0;
	LLVMValueRef *taken = NULL, *calls = NULL;
	vmap seen = {0};
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			int call = LLVMIsACallInst(in) != NULL;
			unsigned nops =
			    (unsigned)LLVMGetNumOperands(in) - (call ? 1 : 0); /* not the callee */
			for (unsigned k = 0; k < nops; k++) {
				LLVMValueRef op = LLVMGetOperand(in, k);
				if (LLVMIsAConstant(op))
					reached(op, &seen, &taken, &ntaken, &tcap, 0);
			}
			if (!call || ir_direct_callee(in) || LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
				continue;
			if (ncalls == ccap) {
				LLVMValueRef *g =
				    realloc(calls, (size_t)(ccap = ccap ? 2 * ccap : 16) * sizeof *calls);
				if (!g)
					break;
				calls = g;
			}
			calls[ncalls++] = in;
		}
	int keep = 0;
	for (int t = 0; t < ntaken; t++)
		if (!in_set(taken[t]))
			taken[keep++] = taken[t];
	ntaken = keep;
	errors += set_targets(fn, &taken, &ntaken, &tcap);
	errors += dispatch_calls(fn, calls, ncalls, taken, ntaken);
	if (all)
		for (int t = 0; t < ntaken; t++)
			add_fn(taken[t], &all->fns, &all->n, &all->cap);
	vmap_free(&seen);
	free(taken);
	free(calls);
	return errors;
}

/* FN's calls through pointers (not inline assembly), into *CALLS (*N of them; the caller frees). */
static LLVMValueRef *indirect_calls_of(LLVMValueRef fn, int *n)
{
	int cap = 0;
	LLVMValueRef *calls = NULL;
	*n = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			if (LLVMIsACallInst(in) && !ir_direct_callee(in) &&
			    !LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
				add_fn(in, &calls, n, &cap);
	return calls;
}

int lower_indirect_calls(LLVMModuleRef mod, int *lowered)
{
	int errors = 0;
	fnlist all = {0}, reach = {0};
	*lowered = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		int n = 0;
		free(indirect_calls_of(fn, &n));
		*lowered |= n > 0;
		errors += lower_kernel(fn, &all);
		add_fn(fn, &reach.fns, &reach.n, &reach.cap);
	}
	/* A function a kernel now calls may call through pointers too (a callback's callback, an evaluator
	 * whose operations call it back): its calls dispatch over every function a kernel can reach, so
	 * that a cycle through pointers is one of direct calls, which the recursion pass takes. */
	for (int i = 0; i < reach.n; i++) {
		LLVMValueRef fn = reach.fns[i];
		int n = 0;
		LLVMValueRef *calls = ir_is_kernel(fn) ? NULL : indirect_calls_of(fn, &n);
		if (n) {
			errors += dispatch_calls(fn, calls, n, all.fns, all.n);
			*lowered = 1;
		}
		free(calls);
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				LLVMValueRef callee = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
				if (callee && LLVMCountBasicBlocks(callee))
					add_fn(callee, &reach.fns, &reach.n, &reach.cap);
			}
	}
	free(all.fns);
	free(reach.fns);
	return errors;
}
