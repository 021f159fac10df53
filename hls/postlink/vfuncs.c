// SPDX-License-Identifier: Apache-2.0
#include "vfuncs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Comdat.h>

#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "aspects.h"
#include "host/common/sort.h"

const char *vf_set_of(LLVMValueRef fn, unsigned *len)
{
	return ir_fn_attr(fn, VF_ATTR_SET, len);
}

int vf_is_defined_member(LLVMValueRef fn)
{
	unsigned l;
	return LLVMCountBasicBlocks(fn) > 0 && vf_set_of(fn, &l) != NULL;
}

int vf_check(LLVMModuleRef mod)
{
	int errors = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		size_t nl = 0;
		const char *name = LLVMGetValueName2(fn, &nl);
		unsigned l = 0;
		const char *set = vf_set_of(fn, &l);
		const char *comma = set ? memchr(set, ',', l) : NULL;
		if (set && !l) {
			diag_error_at(fn,
			              "function '%.*s' has an empty \"" VF_ATTR_SET
			              "\" set name (DPC++'s default set is \"_ZTSv\")",
			              (int)nl, name);
			errors++;
		} else if (comma) {
			/* A set name is opaque text, but "indirectly_callable<S>" takes one S: a list is a
			 * function placed in two sets, which no image could hold alone. */
			diag_error_at(
			    fn,
			    "function '%.*s' is in more than one virtual-function set (\"%.*s\"); a "
			    "function belongs to exactly one set",
			    (int)nl, name, (int)l, set);
			errors++;
		}
		if (set && ir_is_kernel(fn)) {
			diag_error_at(fn,
			              "kernel '%.*s' is marked \"" VF_ATTR_SET
			              "\"=\"%.*s\": a kernel is never called",
			              (int)nl, name, (int)l, set);
			errors++;
		}
		const char *calls = ir_fn_attr(fn, VF_ATTR_CALLS, &l);
		for (unsigned i = 0; calls && i <= l; i++) {
			/* sycl-post-link skips empty names silently; DPC++'s front end never writes one, so
			 * one here is a hand-made attribute gone wrong. */
			if ((i == l || calls[i] == ',') && (i == 0 || calls[i - 1] == ',')) {
				diag_error_at(
				    fn, "\"" VF_ATTR_CALLS "\"=\"%.*s\" of '%.*s' has an empty set name",
				    (int)l, calls, (int)nl, name);
				errors++;
				break;
			}
		}
	}
	return errors;
}

/* Empties FN of its blocks. Every value is first replaced where it is used and every instruction erased, so
 * that no block is still an operand of a branch when it goes. */
static void delete_body(LLVMValueRef fn)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			if (LLVMGetFirstUse(in)) {
				LLVMTypeRef t = LLVMTypeOf(in);
				LLVMReplaceAllUsesWith(in, LLVMGetTypeKind(t) == LLVMTokenTypeKind
				                               ? LLVMConstNull(t)
				                               : LLVMGetUndef(t));
			}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef in = LLVMGetFirstInstruction(bb);
		while (in) {
			LLVMValueRef next = LLVMGetNextInstruction(in);
			LLVMInstructionEraseFromParent(in);
			in = next;
		}
	}
	LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn);
	while (bb) {
		LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
		LLVMDeleteBasicBlock(bb);
		bb = next;
	}
	if (LLVMHasPersonalityFn(fn))
		LLVMSetPersonalityFn(fn, NULL);
	/* As Function::deleteBody: the metadata goes with the body (!sycl_used_aspects with it, so that a
	 * declaration or a dummy asks for no aspect). */
	LLVMGlobalClearMetadata(fn);
}

void vf_make_declaration(LLVMValueRef fn)
{
	delete_body(fn);
	LLVMSetComdat(fn, NULL);
	LLVMSetLinkage(fn, LLVMExternalLinkage);
}

int vf_needs_dummy(LLVMModuleRef m)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!vf_is_defined_member(fn))
			continue;
		int32_t *a = NULL;
		int n = postlink_fn_aspects(fn, &a), uses = 0;
		for (int i = 0; i < n && !uses; i++)
			uses = a[i] >= 0;
		free(a);
		if (uses)
			return 1;
	}
	return 0;
}

void vf_stub_body(LLVMValueRef fn)
{
	delete_body(fn);
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
	LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
	/* A stub is only reached where nothing may call it, so the value is never seen; zero keeps the
	 * hardware deterministic where undef would leave it to the scheduler. */
	if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind)
		LLVMBuildRetVoid(b);
	else
		LLVMBuildRet(b, LLVMConstNull(rt));
	LLVMDisposeBuilder(b);
}

LLVMModuleRef vf_make_dummy(LLVMModuleRef m)
{
	LLVMModuleRef d = LLVMCloneModule(m);
	if (!d)
		return NULL;
	for (LLVMValueRef fn = LLVMGetFirstFunction(d); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMGetFirstBasicBlock(fn))
			vf_stub_body(fn);
	return d;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sets the defined functions of M call through, sorted, unique, comma-separated, malloc'd ("" for none);
 * NULL when out of memory. */
static char *used_sets(LLVMModuleRef m)
{
	char **names = NULL;
	size_t n = 0, total = 1;
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && !bad; fn = LLVMGetNextFunction(fn)) {
		unsigned l = 0;
		const char *calls = LLVMCountBasicBlocks(fn) ? ir_fn_attr(fn, VF_ATTR_CALLS, &l) : NULL;
		for (unsigned i = 0; calls && i < l && !bad;) {
			unsigned j = i;
			while (j < l && calls[j] != ',')
				j++;
			if (j > i) {
				char **nn = realloc(names, (n + 1) * sizeof *nn);
				if (nn)
					names = nn;
				if (!nn || !(names[n] = strndup(calls + i, j - i))) {
					bad = 1;
				} else {
					total += j - i + 1;
					n++;
				}
			}
			i = j + 1;
		}
	}
	char *out = bad ? NULL : malloc(total);
	if (out) {
		kiln_sort(names, n, sizeof *names, by_string);
		size_t o = 0;
		for (size_t i = 0; i < n; i++) {
			if (i && !strcmp(names[i], names[i - 1]))
				continue;
			o += (size_t)sprintf(out + o, "%s%s", o ? "," : "", names[i]);
		}
		out[o] = '\0';
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return out;
}

int vf_propset(LLVMModuleRef m, int dummy, kiln_propsets *ps)
{
	const char *set = NULL;
	unsigned sl = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && !set; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn))
			set = vf_set_of(fn, &sl);
	char *uses = set ? NULL : used_sets(m);
	if (!set && !uses)
		return -1;
	int rc = 0;
	if (set || uses[0] || dummy) {
		kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/virtual functions");
		/* An image defines a set or calls through sets, never both (the split puts every set's
		 * functions in images of their own). REFERENCE §3 gives the name shipping sycl-post-link
		 * writes, "uses-virtual-functions-set"; seed 001 calls it "calls-virtual-functions-set" and
		 * adds "creates-virtual-functions-set", which no shipping tool writes. */
		if (!s || (set && kiln_propset_add_bytes(s, "virtual-functions-set", set, sl)) ||
		    (!set && uses[0] &&
		     kiln_propset_add_bytes(s, "uses-virtual-functions-set", uses, strlen(uses))) ||
		    (dummy && kiln_propset_add_u32(s, "dummy-image", 1)))
			rc = -1;
	}
	free(uses);
	return rc;
}

static int is_dropped_fn(LLVMValueRef g, void *ctx)
{
	const char *set = ctx;
	unsigned l = 0;
	const char *s = LLVMIsAFunction(g) ? vf_set_of(g, &l) : NULL;
	return s && l == strlen(set) && !memcmp(s, set, l);
}

/* Makes every use of V null: a pointer cast of V becomes the null of its own type, so that a vtable slot
 * reads as a plain null (an address-space cast of null need not fold to null). */
static void nullify(LLVMValueRef v)
{
	size_t n = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
		n++;
	LLVMValueRef *casts = calloc(n ? n : 1, sizeof *casts);
	size_t k = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); casts && u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAConstantExpr(user) && (LLVMGetConstOpcode(user) == LLVMBitCast ||
		                                  LLVMGetConstOpcode(user) == LLVMAddrSpaceCast))
			casts[k++] = user;
	}
	for (size_t i = 0; i < k; i++)
		nullify(casts[i]);
	free(casts);
	LLVMReplaceAllUsesWith(v, LLVMConstNull(LLVMTypeOf(v)));
}

/* Removes every function of SET from MOD, its uses becoming null. */
static void drop_set(LLVMModuleRef mod, const char *set)
{
	/* llvm.used may not hold null: the set's functions leave it first. */
	ir_unpin(mod, is_dropped_fn, (void *)set);
	LLVMValueRef fn = LLVMGetFirstFunction(mod);
	while (fn) {
		LLVMValueRef next = LLVMGetNextFunction(fn);
		if (is_dropped_fn(fn, (void *)set)) {
			nullify(fn);
			LLVMDeleteFunction(fn);
		}
		fn = next;
	}
}

int vf_drop_unsupported_sets(LLVMModuleRef mod, const char *const *supported, size_t n, char ***dropped,
                             size_t *ndropped)
{
	if (postlink_propagate_aspects(mod) != 0)
		return -1;
	/* Decided per set, not per function: the extension makes a whole set available or not. */
	for (;;) {
		char *victim = NULL, buf[64];
		for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && !victim;
		     fn = LLVMGetNextFunction(fn)) {
			unsigned l = 0;
			const char *set = vf_set_of(fn, &l);
			if (set && LLVMCountBasicBlocks(fn) &&
			    postlink_missing_aspect(fn, supported, n, buf, sizeof buf) &&
			    !(victim = strndup(set, l)))
				return -1;
		}
		if (!victim)
			return 0;
		drop_set(mod, victim);
		char **nd = dropped ? realloc(*dropped, (*ndropped + 1) * sizeof *nd) : NULL;
		if (dropped && !nd) {
			free(victim);
			return -1;
		}
		if (dropped) {
			*dropped = nd;
			nd[(*ndropped)++] = victim;
		} else {
			free(victim);
		}
	}
}
