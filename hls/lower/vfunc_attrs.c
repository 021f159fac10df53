// SPDX-License-Identifier: Apache-2.0
#include "vfunc_attrs.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../driver/diag.h"
#include "../ir/ir_util.h"

#define ICALL "kiln.indirectly_callable="
#define CALLS "kiln.calls_indirectly="

static void set_attr(LLVMValueRef fn, const char *k, const char *v, size_t n)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k, (unsigned)strlen(k));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                        LLVMCreateStringAttribute(ctx, k, (unsigned)strlen(k), v, (unsigned)n));
}

/* The set list S (N bytes, as the preprocessor spelled the macro's arguments) as "a,b": blanks dropped, each
 * name a C identifier, the empty list the default set. 0, or -1 after reporting a bad name. */
static int set_list(const char *s, size_t n, char *out, size_t cap, const char *file, unsigned line)
{
	size_t o = 0;
	int any = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && isspace((unsigned char)s[i]))
			continue;
		if (i == n || s[i] == ',') {
			if (!any) {
				diag_error(file, line, 0, "a virtual-function set list has an empty name");
				return -1;
			}
			any = 0;
			if (i < n && o + 1 < cap)
				out[o++] = ',';
			continue;
		}
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_') ||
		    (!any && isdigit((unsigned char)s[i]))) {
			diag_error(file, line, 0, "virtual-function set names are C identifiers: '%.*s'",
			           (int)n, s);
			return -1;
		}
		any = 1;
		if (o + 1 < cap)
			out[o++] = s[i];
	}
	out[o] = '\0';
	return 0;
}

int vfunc_lower_annotation(LLVMValueRef fn, const char *a, size_t alen, const char *file, unsigned line)
{
	size_t ni = strlen(ICALL), nc = strlen(CALLS);
	int icall = alen >= ni && strncmp(a, ICALL, ni) == 0;
	if (!icall && !(alen >= nc && strncmp(a, CALLS, nc) == 0))
		return 0;
	const char *v = a + (icall ? ni : nc);
	size_t vn = alen - (icall ? ni : nc);
	char sets[1024];
	size_t fl = 0;
	const char *fname = LLVMGetValueName2(fn, &fl);
	int blank = 1;
	for (size_t i = 0; i < vn; i++)
		blank &= isspace((unsigned char)v[i]) != 0;
	if (blank)
		snprintf(sets, sizeof sets, "%s", VFUNC_DEFAULT_SET);
	else if (set_list(v, vn, sets, sizeof sets, file, line))
		return 1;
	if (icall) {
		unsigned ol = 0;
		const char *old = ir_fn_attr(fn, VF_ATTR_SET, &ol);
		if (strchr(sets, ',')) {
			diag_error(file, line, 0, "'%.*s' is indirectly callable in one set only, not '%s'",
			           (int)fl, fname, sets);
			return 1;
		}
		if (old && (ol != strlen(sets) || strncmp(old, sets, ol) != 0)) {
			diag_error(file, line, 0,
			           "'%.*s' is in virtual-function set '%.*s' and '%s'; a function "
			           "belongs to one set",
			           (int)fl, fname, (int)ol, old, sets);
			return 1;
		}
		set_attr(fn, VF_ATTR_SET, sets, strlen(sets));
		return 1;
	}
	/* several KILN_CALLS_INDIRECTLY on one kernel add up */
	unsigned ol = 0;
	const char *old = ir_fn_attr(fn, VF_ATTR_CALLS, &ol);
	char all[2048];
	int n = old ? snprintf(all, sizeof all, "%.*s,%s", (int)ol, old, sets)
	            : snprintf(all, sizeof all, "%s", sets);
	set_attr(fn, VF_ATTR_CALLS, all, (size_t)n < sizeof all ? (size_t)n : sizeof all - 1);
	return 1;
}

int vfunc_check_kernels(LLVMModuleRef mod)
{
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		unsigned n = 0;
		int kernel = ir_is_kernel(fn);
		int calls = ir_fn_attr(fn, VF_ATTR_CALLS, &n) != NULL;
		int callable = ir_fn_attr(fn, VF_ATTR_SET, &n) != NULL;
		if (calls && !kernel) {
			size_t l = 0;
			const char *name = LLVMGetValueName2(fn, &l);
			diag_error_at(
			    fn, "KILN_CALLS_INDIRECTLY is a kernel property, and '%.*s' is not a kernel",
			    (int)l, name);
			bad++;
		}
		if (callable && kernel) {
			size_t l = 0;
			const char *name = LLVMGetValueName2(fn, &l);
			diag_error_at(
			    fn,
			    "kernel '%.*s' cannot be KILN_INDIRECTLY_CALLABLE: kernels are launched by the "
			    "host, not called",
			    (int)l, name);
			bad++;
		}
	}
	return bad;
}
