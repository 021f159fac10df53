// SPDX-License-Identifier: Apache-2.0
#include "vfunc_attrs.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

#define ICALL "kiln.indirectly_callable="
#define CALLS "kiln.calls_indirectly="

static void set_attr(LLVMValueRef fn, const char *k, const char *v, size_t n)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k, (unsigned)strlen(k));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                        LLVMCreateStringAttribute(ctx, k, (unsigned)strlen(k), v, (unsigned)n));
}

/* Appends the names of set list S (N bytes, as the preprocessor spelled the macro's arguments; blank: the
 * default set) to SB as "a,b", each name once: blanks dropped, each a C identifier. 0, or -1 after reporting
 * a bad name. */
static int set_list(kiln_strbuf *sb, const char *s, size_t n, const char *file, unsigned line)
{
	size_t i = 0;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i == n) {
		s = VFUNC_DEFAULT_SET;
		n = strlen(s);
		i = 0;
	}
	for (; i <= n; i++) {
		size_t len = 0;
		char name[256];
		for (; i < n && s[i] != ','; i++) {
			if (isspace((unsigned char)s[i]))
				continue;
			if (!(isalnum((unsigned char)s[i]) || s[i] == '_') ||
			    (!len && isdigit((unsigned char)s[i])) || len + 1 >= sizeof name) {
				diag_error(file, line, 0,
				           "virtual-function set names are C identifiers: '%.*s' (at most "
				           "%zu characters each)",
				           (int)n, s, sizeof name - 1);
				return -1;
			}
			name[len++] = s[i];
		}
		if (!len) {
			diag_error(file, line, 0, "a virtual-function set list has an empty name");
			return -1;
		}
		if (!ir_list_has(sb->s, (unsigned)sb->len, name, (unsigned)len))
			kiln_sb_printf(sb, "%s%.*s", sb->len ? "," : "", (int)len, name);
	}
	return 0;
}

int vfunc_lower_annotation(LLVMValueRef fn, const char *a, size_t alen, const char *file, unsigned line)
{
	size_t ni = strlen(ICALL), nc = strlen(CALLS);
	int icall = alen >= ni && strncmp(a, ICALL, ni) == 0;
	if (!icall && !(alen >= nc && strncmp(a, CALLS, nc) == 0))
		return 0;
	size_t fl = 0;
	const char *fname = LLVMGetValueName2(fn, &fl);
	unsigned ol = 0;
	const char *old = ir_fn_attr(fn, icall ? VF_ATTR_SET : VF_ATTR_CALLS, &ol);
	kiln_strbuf sb = {0};
	/* several KILN_CALLS_INDIRECTLY on one kernel add up */
	if (old && !icall)
		kiln_sb_addn(&sb, old, ol);
	size_t keep = sb.len;
	if (set_list(&sb, a + (icall ? ni : nc), alen - (icall ? ni : nc), file, line) == 0) {
		char *sets = kiln_sb_finish(&sb);
		if (!sets)
			diag_error(file, line, 0, "out of memory");
		else if (icall && strchr(sets, ','))
			diag_error(file, line, 0, "'%.*s' is indirectly callable in one set only, not '%s'",
			           (int)fl, fname, sets);
		else if (icall && old && (ol != strlen(sets) || strncmp(old, sets, ol) != 0))
			diag_error(file, line, 0,
			           "'%.*s' is in virtual-function set '%.*s' and '%s'; a function belongs to "
			           "one set",
			           (int)fl, fname, (int)ol, old, sets);
		else if (icall || strlen(sets) != keep)
			set_attr(fn, icall ? VF_ATTR_SET : VF_ATTR_CALLS, sets, strlen(sets));
		free(sets);
	} else {
		kiln_sb_free(&sb);
	}
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
