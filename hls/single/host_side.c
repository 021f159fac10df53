// SPDX-License-Identifier: Apache-2.0
#include "host_side.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "markers.h"
#include "prune.h"

static int is_kernel_pin(LLVMValueRef g, void *ctx)
{
	(void)ctx;
	return LLVMIsAFunction(g) && ir_is_kernel(g);
}

/* Every function attribute of FN (those the front end inferred from the body the stub replaces). */
static void strip_fn_attrs(LLVMValueRef fn)
{
	unsigned n = LLVMGetAttributeCountAtIndex(fn, LLVMAttributeFunctionIndex);
	LLVMAttributeRef *a = n ? calloc(n, sizeof *a) : NULL;
	if (!a)
		return;
	LLVMGetAttributesAtIndex(fn, LLVMAttributeFunctionIndex, a);
	for (unsigned i = 0; i < n; i++) {
		if (LLVMIsStringAttribute(a[i])) {
			unsigned len = 0;
			const char *k = LLVMGetStringAttributeKind(a[i], &len);
			LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k, len);
		} else {
			LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
			                               LLVMGetEnumAttributeKind(a[i]));
		}
	}
	free(a);
}

static int collect(LLVMModuleRef m, single_host *h)
{
	size_t nk = 0, ng = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		nk += ir_is_defined_kernel(fn) ? 1 : 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
		ng += kiln_global_has_attr(g, "sycl-unique-id") ? 1 : 0;
	h->kernels = calloc(nk ? nk : 1, sizeof *h->kernels);
	h->dgs = calloc(ng ? ng : 1, sizeof *h->dgs);
	if (!h->kernels || !h->dgs)
		return -1;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		single_kernel *k = &h->kernels[h->nkernels++];
		size_t len = 0;
		const char *name = ir_kernel_name(fn, &len);
		snprintf(k->name, sizeof k->name, "%.*s", (int)len, name);
		LLVMAttributeRef nd =
		    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-nd-range-kernel", 20);
		if (nd) {
			unsigned vl = 0;
			const char *v = LLVMGetStringAttributeValue(nd, &vl);
			k->dims = vl ? v[0] - '0' : 1;
		}
		k->fn = fn;
	}
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		unsigned il = 0;
		const char *id = kiln_global_get_attr(g, "sycl-unique-id", &il);
		if (!id)
			continue;
		single_dg *d = &h->dgs[h->ndgs++];
		snprintf(d->id, sizeof d->id, "%.*s", (int)il, id);
		LLVMTypeRef t = LLVMGlobalGetValueType(g);
		d->size = LLVMABISizeOfType(td, t);
		d->elem_size = LLVMGetTypeKind(t) == LLVMArrayTypeKind
		                   ? LLVMABISizeOfType(td, LLVMGetElementType(t))
		                   : d->size;
		/* A static device global needs a symbol the footer (another translation unit) can name: its
		 * unique id, which already tells statics of different files apart. */
		if (LLVMGetLinkage(g) == LLVMInternalLinkage || LLVMGetLinkage(g) == LLVMPrivateLinkage) {
			LLVMSetValueName2(g, d->id, strlen(d->id));
			LLVMSetLinkage(g, LLVMExternalLinkage);
			LLVMSetVisibility(g, LLVMHiddenVisibility);
		}
		size_t sl = 0;
		const char *sym = LLVMGetValueName2(g, &sl);
		snprintf(d->symbol, sizeof d->symbol, "%.*s", (int)sl, sym);
		kiln_global_clear_attrs(g);
	}
	LLVMDisposeTargetData(td);
	return 0;
}

static const single_kernel *kernel_of(const single_host *h, LLVMValueRef fn)
{
	for (size_t i = 0; i < h->nkernels; i++)
		if (h->kernels[i].fn == fn)
			return &h->kernels[i];
	return NULL;
}

static int called_is(LLVMValueRef in, const char *name)
{
	if (!LLVMIsACallInst(in) || !LLVMIsAFunction(LLVMGetCalledValue(in)))
		return 0;
	size_t len = 0;
	const char *n = LLVMGetValueName2(LLVMGetCalledValue(in), &len);
	return len == strlen(name) && !strncmp(n, name, len);
}

/* The kiln_range() call that gives launch CALL its range: the nearest one before it in its block with no
 * other launch between, else NULL. */
static LLVMValueRef range_before(const single_host *h, LLVMValueRef call)
{
	for (LLVMValueRef in = LLVMGetPreviousInstruction(call); in; in = LLVMGetPreviousInstruction(in)) {
		if (called_is(in, SINGLE_RANGE_FN))
			return in;
		if (LLVMIsACallInst(in) && kernel_of(h, LLVMGetCalledValue(in)))
			return NULL;
	}
	return NULL;
}

static LLVMValueRef strip_ptr(LLVMValueRef v)
{
	while (v && (LLVMIsAConstantExpr(v) || LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)))
		v = LLVMGetOperand(v, 0);
	return v;
}

static int check_calls(LLVMModuleRef m, const single_host *h, const single_set *dgs)
{
	static const char *const device_only[] = {"kiln_global_id", "kiln_local_id", "kiln_group_id",
	                                          "kiln_global_range", "kiln_local_range"};
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				if (!LLVMIsACallInst(in))
					continue;
				const single_kernel *k = kernel_of(h, LLVMGetCalledValue(in));
				if (k && k->dims && !range_before(h, in)) {
					diag_error_at(
					    in,
					    "nd-range kernel '%s' is launched without a range: call "
					    "kiln_range%s(...) right before it",
					    k->name, k->dims > 1 ? (k->dims == 2 ? "2" : "3") : "");
					bad++;
				} else if (k && !k->dims && range_before(h, in)) {
					diag_error_at(in,
					              "single-task kernel '%s' takes no range: drop the "
					              "kiln_range() before it",
					              k->name);
					bad++;
				}
				if ((called_is(in, SINGLE_PUSH_FN) || called_is(in, SINGLE_PULL_FN)) &&
				    !single_set_has(dgs, strip_ptr(LLVMGetOperand(in, 0)))) {
					diag_error_at(
					    in,
					    "kiln_dg_%s takes a device global (a variable declared with "
					    "KILN_DEVICE_GLOBAL)",
					    called_is(in, SINGLE_PUSH_FN) ? "push" : "pull");
					bad++;
				}
				for (size_t i = 0; i < sizeof device_only / sizeof device_only[0]; i++)
					if (called_is(in, device_only[i])) {
						diag_error_at(
						    in,
						    "%s() runs only on the device, but host code calls "
						    "it here (call it from a kernel or under "
						    "KILN_IF_DEVICE)",
						    device_only[i]);
						bad++;
					}
			}
	return bad;
}

int single_host_rewrite(LLVMModuleRef all, single_host *out)
{
	memset(out, 0, sizeof *out);
	single_markers_resolve(all, 0);
	single_markers_internalize(all);
	if (ir_run_passes(all, "function(simplifycfg)", "removing if_device code") != 0)
		return -1;
	/* What kernels reach is the device's; of it, the host keeps what its own code still uses. */
	single_set dev = {0}, keep = {0}, dgs = {0};
	int rc = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(all); fn && !rc; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			rc = single_set_add(&dev, fn);
	for (LLVMValueRef g = LLVMGetFirstGlobal(all); g && !rc; g = LLVMGetNextGlobal(g))
		if (kiln_global_has_attr(g, "sycl-unique-id"))
			rc = single_set_add(&dgs, g);
	rc = rc || single_reach(&dev) || collect(all, out);
	for (LLVMValueRef fn = LLVMGetFirstFunction(all); fn && !rc; fn = LLVMGetNextFunction(fn))
		if (!single_set_has(&dev, fn) || kernel_of(out, fn))
			rc = single_set_add(&keep, fn);
	for (LLVMValueRef g = LLVMGetFirstGlobal(all); g && !rc; g = LLVMGetNextGlobal(g))
		if (!single_set_has(&dev, g) || single_set_has(&dgs, g))
			rc = single_set_add(&keep, g);
	if (rc) {
		diag_error(NULL, 0, 0, "out of memory splitting the single-source module");
	} else {
		ir_unpin(all, is_kernel_pin, NULL);
		for (size_t i = 0; i < out->nkernels; i++) {
			LLVMValueRef fn = out->kernels[i].fn;
			single_delete_body(fn);
			strip_fn_attrs(fn);
			LLVMSetValueName2(fn, out->kernels[i].name, strlen(out->kernels[i].name));
			LLVMSetVisibility(fn, LLVMDefaultVisibility);
			/* Host code calls the stub with C's convention, whatever the device side uses. */
			LLVMSetFunctionCallConv(fn, LLVMCCallConv);
			for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
				if (LLVMIsACallInst(LLVMGetUser(u)))
					LLVMSetInstructionCallConv(LLVMGetUser(u), LLVMCCallConv);
		}
		single_drop_unused(all, &keep);
		rc = check_calls(all, out, &dgs) ? -1 : 0;
	}
	single_set_free(&dev);
	single_set_free(&keep);
	single_set_free(&dgs);
	return rc;
}

void single_host_free(single_host *h)
{
	free(h->kernels);
	free(h->dgs);
	memset(h, 0, sizeof *h);
}
