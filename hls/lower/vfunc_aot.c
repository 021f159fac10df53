// SPDX-License-Identifier: Apache-2.0
#include "vfunc_aot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"
#include "../ir/ir_util.h"
#include "../postlink/aspects.h"
#include "../postlink/vfuncs.h"
#include "../support/diag.h"
#include "fp_aspects.h"

int vfunc_aot(LLVMModuleRef mod, const kiln_board_config *board)
{
	char **dropped = NULL;
	size_t nd = 0;
	int errors = 0;
	if (mark_fp_aspects(mod) != 0 || vf_drop_unsupported_sets(mod, (const char *const *)board->aspects,
	                                                          board->naspects, &dropped, &nd) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		return 1;
	}
	for (size_t d = 0; d < nd; d++)
		diag_note("board '%s' lacks an aspect virtual-function set '%s' uses: the set is left out of "
		          "the image",
		          board->name, dropped[d]);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		unsigned cl = 0;
		const char *calls = ir_fn_attr(fn, VF_ATTR_CALLS, &cl);
		if (!calls || !ir_is_defined_kernel(fn))
			continue;
		char abuf[64];
		const char *aspect = postlink_missing_aspect(fn, (const char *const *)board->aspects,
		                                             board->naspects, abuf, sizeof abuf);
		kiln_strbuf sb = {0};
		for (size_t d = 0; d < nd; d++)
			if (ir_list_has(calls, cl, dropped[d], (unsigned)strlen(dropped[d])))
				kiln_sb_printf(&sb, "%s%s", sb.len ? "," : "", dropped[d]);
		if (!aspect && !sb.len)
			continue;
		if (!sb.len) /* its sets came as dummies (a linked post-link image): all of them are suspect
		              */
			kiln_sb_addn(&sb, calls, cl);
		char *missing = kiln_sb_finish(&sb);
		if (!missing) {
			diag_error(NULL, 0, 0, "out of memory");
			errors = 1;
			break;
		}
		size_t kl = 0;
		const char *kn = ir_kernel_name(fn, &kl);
		diag_note(
		    "kernel '%.*s' calls through %s, which needs %s: it is in the image, but the runtime "
		    "refuses to launch it on board '%s'",
		    (int)kl, kn, missing, aspect ? aspect : "an aspect the board lacks", board->name);
		vf_stub_body(fn);
		LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
		LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
		                        LLVMCreateStringAttribute(ctx, "kiln-missing-sets", 17, missing,
		                                                  (unsigned)strlen(missing)));
		free(missing);
	}
	for (size_t d = 0; d < nd; d++)
		free(dropped[d]);
	free(dropped);
	return errors;
}
