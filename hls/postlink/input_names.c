// SPDX-License-Identifier: Apache-2.0
#include "input_names.h"

#include <stdlib.h>
#include <string.h>

#include "../../host/common/propset.h"
#include "../../host/common/text_escape.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "split.h"

/* Reports at V that its WHAT, the N bytes of NAME, holds WHY; returns 1. */
static int refuse(LLVMValueRef v, const char *what, const char *name, size_t n, const char *why)
{
	char s[1024];
	diag_shown(name, n, s, sizeof s);
	diag_error_at(v, "%s '%s' holds %s; no generated file could carry it: rename it", what, s, why);
	return 1;
}

/* A property name's problem, for the N bytes of NAME (a NUL inside it is one). */
static const char *prop_problem(const char *name, size_t n)
{
	if (memchr(name, 0, n))
		return "a NUL byte";
	char *t = strndup(name, n);
	const char *why = t ? kiln_propset_name_problem(t, 0) : NULL;
	free(t);
	return why;
}

static int check_kernel(LLVMValueRef fn)
{
	size_t n = 0;
	const char *name = LLVMGetValueName2(fn, &n);
	const char *why = prop_problem(name, n); /* kernel names are property names (kernel param opt) */
	int bad = why ? refuse(fn, "the kernel name", name, n, why) : 0;
	for (unsigned i = 0; i < LLVMCountParams(fn); i++) {
		LLVMValueRef p = LLVMGetParam(fn, i);
		const char *pn = LLVMGetValueName2(p, &n);
		if ((why = kiln_name_problem(pn, n)))
			bad += refuse(fn, "the kernel's argument name", pn, n, why);
	}
	return bad;
}

static int check_global(LLVMValueRef g)
{
	size_t n = 0;
	unsigned un = 0;
	const char *name = LLVMGetValueName2(g, &n), *why = kiln_name_problem(name, n);
	int bad = why ? refuse(g, "the device global's name", name, n, why) : 0;
	const char *uid = kiln_global_get_attr(g, "sycl-unique-id", &un);
	if (uid && (why = prop_problem(uid, un)))
		bad += refuse(g, "the device global's unique id", uid, un, why);
	else if (!uid && !why && (why = prop_problem(name, n))) /* the name is then the unique id */
		bad += refuse(g, "the device global's name (its unique id)", name, n, why);
	return bad;
}

/* Two kernels of MOD whose module names (emit_kernel.h) would be one: the later one is refused. */
static int check_clashes(LLVMModuleRef mod)
{
	int bad = 0;
	for (LLVMValueRef a = LLVMGetFirstFunction(mod); a; a = LLVMGetNextFunction(a)) {
		if (!ir_is_defined_kernel(a))
			continue;
		size_t an = 0, bn = 0;
		const char *as = ir_kernel_name(a, &an);
		char *at = strndup(as, an);
		for (LLVMValueRef b = LLVMGetFirstFunction(mod); at && b != a; b = LLVMGetNextFunction(b)) {
			if (!ir_is_defined_kernel(b))
				continue;
			const char *bs = ir_kernel_name(b, &bn);
			char *bt = strndup(bs, bn), s[1024];
			if (bt && kiln_ident_same(at, bt)) {
				diag_shown(bs, bn, s, sizeof s);
				bad++;
				diag_error_at(
				    a,
				    "the kernel's name gives the same hardware module name as kernel "
				    "'%s': rename one of them",
				    s);
			}
			free(bt);
		}
		free(at);
	}
	return bad;
}

/* The virtual-function set names FN's attributes give (the image description lists those a kernel lacks). */
static int check_sets(LLVMValueRef fn)
{
	static const char *const attrs[] = {VF_ATTR_SET, VF_ATTR_CALLS};
	int bad = 0;
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		unsigned n = 0;
		const char *v = ir_fn_attr(fn, attrs[i], &n), *why = v ? kiln_name_problem(v, n) : NULL;
		if (why)
			bad += refuse(fn, "the virtual-function set name", v, n, why);
	}
	return bad;
}

int postlink_check_names(LLVMModuleRef mod, int for_rtl)
{
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		size_t n = 0;
		const char *name = LLVMGetValueName2(fn, &n), *why;
		if (ir_is_defined_kernel(fn))
			bad += check_kernel(fn);
		else if (!for_rtl && postlink_is_entry(fn, SPLIT_AS_DPCPP) &&
		         (why = kiln_name_problem(name, n)))
			/* kiln-post-link's other entry points: their names go to the .sym files */
			bad += refuse(fn, "the entry point's name", name, n, why);
		bad += check_sets(fn);
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
		if (ir_is_device_global(g))
			bad += check_global(g);
	return bad ? bad : for_rtl ? check_clashes(mod) : 0;
}
