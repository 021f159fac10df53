// SPDX-License-Identifier: Apache-2.0
/* Loop directives, as the source gives them to clang, which writes them into the loop's llvm.loop node on the
 * back edge's branch: `#pragma clang loop pipeline(disable)` (llvm.loop.pipeline.disable),
 * `pipeline_initiation_interval(N)` (llvm.loop.pipeline.initiationinterval) and `vectorize(assume_safety)`
 * (llvm.loop.parallel_accesses, its accesses in an access group: Intel's ivdep, Vitis' dependence inter
 * false). kiln/device.h spells them KILN_PIPELINE_OFF, KILN_II(N) and KILN_IVDEP. LLVM's own passes keep the
 * node on the loop's latch through rotation and inlining; if-conversion later keeps the header, so the
 * directives are the header's. */
#include "loop_directives.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/ir_util.h"

/* Index of BB among FN's blocks, or -1. */
static int block_index(LLVMValueRef fn, LLVMBasicBlockRef bb)
{
	int i = 0;
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b), i++)
		if (b == bb)
			return i;
	return -1;
}

/* Whether node OP is !{!"NAME", ...}; its second operand in *VALUE when it is a constant integer. */
static int is_hint(LLVMValueRef op, const char *name, long long *value)
{
	unsigned n = 0;
	LLVMValueRef *ops = op && LLVMIsAMDNode(op) ? ir_md_operands(op, &n) : NULL;
	int yes = 0;
	if (ops && n >= 1 && ops[0] && LLVMIsAMDString(ops[0])) {
		unsigned len = 0;
		const char *s = LLVMGetMDString(ops[0], &len);
		yes = s && len == strlen(name) && !memcmp(s, name, len);
		if (yes && value)
			*value = n >= 2 && ops[1] && LLVMIsAConstantInt(ops[1])
			             ? LLVMConstIntGetSExtValue(ops[1])
			             : 0;
	}
	free(ops);
	return yes;
}

void loop_directives(kfunc *f, LLVMValueRef fn)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
	int bi = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
		LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
		LLVMValueRef md = term ? LLVMGetMetadata(term, kind) : NULL;
		if (!md || bi >= f->nblocks)
			continue;
		/* the back edge goes to the header, which comes first in the function */
		int header = -1;
		for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++) {
			int i = block_index(fn, LLVMGetSuccessor(term, s));
			if (i >= 0 && i <= bi && i > header)
				header = i;
		}
		if (header < 0)
			continue;
		kblock *h = &f->blocks[header];
		unsigned n = 0;
		LLVMValueRef *ops = ir_md_operands(md, &n);
		for (unsigned i = 1; ops && i < n; i++) { /* operand 0 is the node itself */
			long long v = 0;
			if (is_hint(ops[i], "llvm.loop.pipeline.disable", &v) && v)
				h->pipe_off = 1;
			else if (is_hint(ops[i], "llvm.loop.pipeline.initiationinterval", &v) && v > 0)
				h->ii_target = v > 1024 ? 1024 : (int)v;
			else if (is_hint(ops[i], "llvm.loop.parallel_accesses", NULL))
				h->ivdep = 1;
		}
		free(ops);
		if (h->pipe_off || h->ii_target || h->ivdep)
			h->dir_line = LLVMGetDebugLocLine(term);
	}
}
