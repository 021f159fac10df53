// SPDX-License-Identifier: Apache-2.0
#include "prune.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

/* Programs have at most a few thousand global values; a linear set keeps this simple. */
int single_set_has(const single_set *s, LLVMValueRef v)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return 1;
	return 0;
}

int single_set_add(single_set *s, LLVMValueRef v)
{
	if (single_set_has(s, v))
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		LLVMValueRef *nv = realloc(s->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		s->v = nv;
		s->cap = cap;
	}
	s->v[s->n++] = v;
	return 0;
}

void single_set_free(single_set *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Adds the global values operand OP names, looking through constant expressions and aggregates. */
static int visit(single_set *s, LLVMValueRef op, int depth)
{
	if (!op || depth > 64)
		return 0;
	if (LLVMIsAFunction(op) || LLVMIsAGlobalVariable(op))
		return single_set_add(s, op);
	if (LLVMIsAGlobalAlias(op))
		return visit(s, LLVMAliasGetAliasee(op), depth + 1);
	if (!LLVMIsAConstant(op) || LLVMIsAGlobalValue(op))
		return 0;
	int n = LLVMGetNumOperands(op);
	for (int i = 0; i < n; i++)
		if (visit(s, LLVMGetOperand(op, (unsigned)i), depth + 1) != 0)
			return -1;
	return 0;
}

int single_reach(single_set *s)
{
	/* S grows while it is walked: every value added is visited once, in turn. */
	for (size_t i = 0; i < s->n; i++) {
		LLVMValueRef g = s->v[i];
		if (LLVMIsAGlobalVariable(g)) {
			if (visit(s, LLVMGetInitializer(g), 0) != 0)
				return -1;
			continue;
		}
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				int n = LLVMGetNumOperands(in);
				for (int k = 0; k < n; k++)
					if (visit(s, LLVMGetOperand(in, (unsigned)k), 0) != 0)
						return -1;
			}
	}
	return 0;
}

void single_delete_body(LLVMValueRef fn)
{
	/* Instructions go first, so that no block is deleted while a branch still names it. */
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
		LLVMValueRef in;
		while ((in = LLVMGetLastInstruction(b))) {
			if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind)
				LLVMReplaceAllUsesWith(in, LLVMGetPoison(LLVMTypeOf(in)));
			LLVMInstructionEraseFromParent(in);
		}
	}
	LLVMBasicBlockRef bb;
	while ((bb = LLVMGetFirstBasicBlock(fn)))
		LLVMDeleteBasicBlock(bb);
	LLVMSetLinkage(fn, LLVMExternalLinkage);
	LLVMSetPersonalityFn(fn, NULL);
	LLVMSetSubprogram(fn, NULL); /* a declaration may not carry a definition's debug info */
}

static int is_llvm_name(LLVMValueRef g)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	return len >= 5 && !strncmp(name, "llvm.", 5);
}

void single_drop_unused(LLVMModuleRef mod, const single_set *keep)
{
	for (int changed = 1; changed;) {
		changed = 0;
		LLVMValueRef next;
		for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = next) {
			next = LLVMGetNextFunction(fn);
			if (!LLVMGetFirstUse(fn) && !single_set_has(keep, fn) && !LLVMGetIntrinsicID(fn)) {
				LLVMDeleteFunction(fn);
				changed = 1;
			}
		}
		for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = next) {
			next = LLVMGetNextGlobal(g);
			if (!LLVMGetFirstUse(g) && !single_set_has(keep, g) && !is_llvm_name(g)) {
				LLVMDeleteGlobal(g);
				changed = 1;
			}
		}
	}
}
