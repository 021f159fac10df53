// SPDX-License-Identifier: Apache-2.0
#include "share_calls.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "../frontend/kernel_libc.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"

/* The string attribute share_calls_mark() leaves, so that a user's own noinline stays the user's. */
#define SHARED_ATTR "kiln-shared"
/* What a shared function's name starts with while it is one (no C identifier does). */
#define SHARED_PREFIX "kiln.shared."
/* Rounds of merging and inlining: a shared function's body may call another (sin's calls the argument
 * reduction's). */
#define SHARE_ROUNDS 8

static int has_string_attr(LLVMValueRef fn, const char *kind)
{
	return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind)) !=
	       NULL;
}

int share_calls_wanted(LLVMValueRef fn, int user_noinline)
{
	int libc = has_string_attr(fn, KERNEL_LIBC_ATTR);
	if (!LLVMCountBasicBlocks(fn) || !(libc || user_noinline))
		return 0;
	unsigned n = 0;
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
		for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
			n++;
			if (LLVMIsACallInst(in) && !ir_direct_callee(in) &&
			    !LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
				return 0;
		}
	return user_noinline || n >= SHARE_CALLS_MIN_INSTS;
}

void share_calls_mark(LLVMValueRef fn)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	/* Renamed while it is a call: LLVM knows malloc, calloc, sin... by name and rewrites calls to them
	 * (malloc and a memset of zeros became a call of calloc inside calloc). It is internal, and inlined
	 * everywhere before anything asks for it by name again. */
	size_t len = 0;
	const char *name = LLVMGetValueName2(fn, &len);
	char *shared = malloc(len + sizeof SHARED_PREFIX);
	if (shared) {
		memcpy(shared, SHARED_PREFIX, sizeof SHARED_PREFIX - 1);
		memcpy(shared + sizeof SHARED_PREFIX - 1, name, len);
		LLVMSetValueName2(fn, shared, len + sizeof SHARED_PREFIX - 1);
		free(shared);
	}
	unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, ni, 0));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                        LLVMCreateStringAttribute(ctx, SHARED_ATTR, sizeof SHARED_ATTR - 1, "", 0));
}

/* Makes FN always-inline again (its calls are merged). */
static void unmark(LLVMValueRef fn)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
	unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
	unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
	LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, ni);
	LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, SHARED_ATTR, sizeof SHARED_ATTR - 1);
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, ai, 0));
}

/* The N calls CALLS of kernel K to F become one: each caller's block ends by branching to a new block that
 * takes the arguments by phis, with the caller's number, calls F once and switches on the number to the
 * code that followed each call. Values computed before a call and used after it lose their dominance
 * (another caller may have come through the shared call): they go through stack slots. */
static void merge(LLVMValueRef k, LLVMValueRef f, LLVMValueRef *calls, unsigned n)
{
	LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(k));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), fty = LLVMGlobalGetValueType(f);
	unsigned nargs = LLVMCountParams(f);
	LLVMBasicBlockRef *from = calloc(n, sizeof *from), *back = calloc(n, sizeof *back);
	LLVMValueRef *args = calloc(nargs ? nargs : 1, sizeof *args), *in_args = calloc(n, sizeof *in_args);
	if (!from || !back || !args || !in_args)
		goto done;
	LLVMBasicBlockRef hub = LLVMAppendBasicBlockInContext(ctx, k, "shared.call");
	for (unsigned i = 0; i < n; i++) {
		/* caller ... | call | rest: the call alone in a block between, then gone */
		LLVMBasicBlockRef call_block = ir_split_block_before(calls[i]);
		back[i] = ir_split_block_before(LLVMGetNextInstruction(calls[i]));
		from[i] = LLVMGetPreviousBasicBlock(call_block); /* the split's new block follows the old */
	}
	LLVMPositionBuilderAtEnd(b, hub);
	LLVMValueRef id = LLVMBuildPhi(b, i32, "shared.caller");
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef c = LLVMConstInt(i32, i, 0);
		LLVMAddIncoming(id, &c, &from[i], 1);
	}
	for (unsigned a = 0; a < nargs; a++) {
		args[a] = LLVMBuildPhi(b, LLVMTypeOf(LLVMGetOperand(calls[0], a)), "");
		for (unsigned i = 0; i < n; i++)
			in_args[i] = LLVMGetOperand(calls[i], a);
		LLVMAddIncoming(args[a], in_args, from, n);
	}
	LLVMValueRef one = LLVMBuildCall2(b, fty, f, args, nargs, "");
	LLVMSetInstructionCallConv(one, LLVMGetInstructionCallConv(calls[0]));
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(calls[0]);
	if (loc)
		LLVMInstructionSetDebugLoc(one, loc);
	/* No call-site attribute is copied: the optimiser infers them per call (nonnull where one caller
	 * passes a buffer, another NULL); byval and the like are the callee's parameters', which the call
	 * keeps. */
	LLVMValueRef sw = LLVMBuildSwitch(b, id, back[n - 1], n - 1);
	for (unsigned i = 0; i + 1 < n; i++)
		LLVMAddCase(sw, LLVMConstInt(i32, i, 0), back[i]);
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(from[i]);
		LLVMSetSuccessor(t, 0, hub);
		LLVMBasicBlockRef call_block = LLVMGetInstructionParent(calls[i]);
		/* Each caller's result is a value of its own, defined where it goes on: the shared call's
		 * value is the last caller's, and a result used after another caller came through must be
		 * kept (it is then undominated, and demoted below). */
		if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind) {
			LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(back[i]));
			LLVMValueRef yes = LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0);
			/* a select, not a freeze: the optimiser folds it once SROA has built the phis, and
			 * pointer analysis then sees the pointer itself */
			LLVMReplaceAllUsesWith(calls[i], LLVMBuildSelect(b, yes, one, one, "shared.result"));
		}
		LLVMDeleteBasicBlock(call_block);
	}
	ir_demote_undominated(k);
done:
	free(from);
	free(back);
	free(args);
	free(in_args);
	LLVMDisposeBuilder(b);
}

/* Whether marked function FN waits for another marked function, which calls it, to be inlined first: its
 * calls are merged once all of them are in the kernels. Merged at once, a function that a kernel and a
 * shared function's body both call was one copy for the kernel's calls and another for the body's. */
static int waits(LLVMValueRef fn)
{
	for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsACallInst(user))
			continue;
		LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
		if (caller != fn && has_string_attr(caller, SHARED_ATTR))
			return 1;
	}
	return 0;
}

/* Whether F is one of the N functions READY. */
static int is_ready(LLVMValueRef f, LLVMValueRef *ready, int n)
{
	for (int i = 0; i < n; i++)
		if (ready[i] == f)
			return 1;
	return 0;
}

/* The calls of kernel K to the N marked functions READY (which wait for nothing), merged per function;
 * returns how many functions had several. */
static int merge_kernel(LLVMValueRef k, LLVMValueRef *ready, int nready)
{
	LLVMValueRef *calls = NULL;
	int n = 0, cap = 0, merged = 0;
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(k); b; b = LLVMGetNextBasicBlock(b))
		for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
			LLVMValueRef f = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
			if (f && is_ready(f, ready, nready) && ir_push(&calls, &n, &cap, in) != 0)
				goto done;
		}
	/* one function at a time: its calls, in the order they appear */
	for (int i = 0; i < n; i++) {
		if (!calls[i])
			continue;
		LLVMValueRef f = ir_direct_callee(calls[i]), *same = malloc((size_t)n * sizeof *same);
		unsigned m = 0;
		if (!same)
			goto done;
		for (int j = i; j < n; j++)
			if (calls[j] && ir_direct_callee(calls[j]) == f) {
				same[m++] = calls[j];
				calls[j] = NULL;
			}
		if (m > 1) {
			merge(k, f, same, m);
			merged++;
		}
		free(same);
	}
done:
	free(calls);
	return merged;
}

int share_calls(LLVMModuleRef mod)
{
	int merged = 0, marked = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		marked |= has_string_attr(fn, SHARED_ATTR);
	if (!marked) /* the module is as inline_all's -O2 left it */
		return 0;
	for (int round = 0; round < SHARE_ROUNDS; round++) {
		int called = 0;
		/* the marked functions no marked body calls: merging leaves the bodies as they are */
		LLVMValueRef *ready = NULL;
		int nready = 0, cready = 0;
		for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
			if (has_string_attr(fn, SHARED_ATTR) && !waits(fn) &&
			    ir_push(&ready, &nready, &cready, fn) != 0) {
				free(ready);
				return -1;
			}
		for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
			if (ir_is_defined_kernel(fn))
				merged += merge_kernel(fn, ready, nready);
		/* what the kernels call now is inlined; what those bodies call waits for the next round */
		for (int r = 0; r < nready; r++) {
			LLVMValueRef fn = ready[r];
			for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
				LLVMValueRef user = LLVMGetUser(u);
				if (LLVMIsACallInst(user) && ir_is_defined_kernel(LLVMGetBasicBlockParent(
				                                 LLVMGetInstructionParent(user)))) {
					called = 1;
					unmark(fn);
					break;
				}
			}
		}
		free(ready);
		if (!called)
			break;
		if (ir_run_passes(mod, "always-inline", "inlining the shared library functions") != 0)
			return -1;
	}
	/* anything still marked (called only from bodies never inlined) is inlined as any helper */
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (has_string_attr(fn, SHARED_ATTR))
			unmark(fn);
	return ir_run_passes(
	    mod, merged ? "always-inline,function(sroa),default<O2>" : "always-inline,default<O2>",
	    "optimisation");
}
