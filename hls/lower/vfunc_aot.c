// SPDX-License-Identifier: Apache-2.0
#include "vfunc_aot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../driver/diag.h"
#include "../ir/ir_util.h"
#include "../postlink/aspects.h"
#include "../postlink/vfuncs.h"
#include "fp_aspects.h"

/* FN's body becomes `ret void`: the kernel is never launched on this board, so it needs no hardware, and
 * what it would have computed (a double, say) must not stop the build. */
static void empty_body(LLVMValueRef fn)
{
	LLVMBasicBlockRef bb;
	while ((bb = LLVMGetLastBasicBlock(fn)) != NULL) {
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind)
				LLVMReplaceAllUsesWith(in, LLVMGetPoison(LLVMTypeOf(in)));
		LLVMDeleteBasicBlock(bb);
	}
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
	LLVMBuildRetVoid(b);
	LLVMDisposeBuilder(b);
}

int vfunc_aot(LLVMModuleRef mod, const kiln_board_config *board)
{
	char **dropped = NULL;
	size_t nd = 0;
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
		char abuf[64], missing[1024] = "";
		const char *aspect = postlink_missing_aspect(fn, (const char *const *)board->aspects,
		                                             board->naspects, abuf, sizeof abuf);
		size_t o = 0;
		for (size_t d = 0; d < nd; d++)
			if (ir_list_has(calls, cl, dropped[d], (unsigned)strlen(dropped[d])))
				o +=
				    (size_t)snprintf(missing + o, o < sizeof missing ? sizeof missing - o : 0,
				                     "%s%s", o ? "," : "", dropped[d]);
		if (!aspect && !o)
			continue;
		if (!o) /* its sets came as dummies (a linked post-link image): all of them are suspect */
			o = (size_t)snprintf(missing, sizeof missing, "%.*s", (int)cl, calls);
		size_t kl = 0;
		const char *kn = LLVMGetValueName2(fn, &kl);
		if (kl > 14 && strncmp(kn, "__sycl_kernel_", 14) == 0)
			kn += 14, kl -= 14;
		diag_note(
		    "kernel '%.*s' calls through %s, which needs %s: it is in the image, but the runtime "
		    "refuses to launch it on board '%s'",
		    (int)kl, kn, missing, aspect ? aspect : "an aspect the board lacks", board->name);
		empty_body(fn);
		LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
		LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
		                        LLVMCreateStringAttribute(ctx, "kiln-missing-sets", 17, missing,
		                                                  (unsigned)strlen(missing)));
	}
	for (size_t d = 0; d < nd; d++)
		free(dropped[d]);
	free(dropped);
	return 0;
}
