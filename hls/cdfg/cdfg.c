// SPDX-License-Identifier: Apache-2.0
#include "cdfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/dbg_vars.h"
#include "../ir/ir_util.h"
#include "cdfg_builder.h"
#include "loop_directives.h"
#include "mem_partition.h"
#include "translate.h"

/* Values a source variable is (an llvm.dbg.value with one location and no expression) are named after it, so
 * that their registers are: the first variable that describes a value names it, before the name clang gave
 * a phi ("add268415" is a name clang made up for a sum). */
static void source_variables(builder *b)
{
	char *named = calloc((size_t)b->f->ninsts + 1, 1);
	if (!named)
		return; /* names are a courtesy: the registers keep their numbers */
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(b->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			LLVMValueRef v;
			const char *name;
			size_t len;
			int id;
			if (!LLVMIsACallInst(in) || !ir_dbg_value_var(in, &v, &name, &len) ||
			    !vmap_get(&b->slot, v, &id) || id < 0 || named[id] || b->f->insts[id].block < 0)
				continue;
			char *n = cb_ident(name, len, 0, 16);
			if (!n)
				continue;
			free(b->f->insts[id].name);
			b->f->insts[id].name = n;
			named[id] = 1;
		}
	free(named);
}

int cdfg_build(LLVMModuleRef mod, LLVMValueRef fn, kfunc *f)
{
	builder b = {0};
	memset(f, 0, sizeof *f);
	b.fn = fn;
	b.mod = mod;
	b.f = f;
	b.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	size_t n = 0;
	const char *name = cb_vname(fn, &n);
	f->native_name = cb_dupn(name, n);
	size_t un = 0;
	const char *uname = ir_kernel_name(fn, &un);
	f->name = cb_dupn(uname, un);
	unsigned al = 0;
	const char *av = ir_fn_attr(fn, "kiln-missing-sets", &al);
	f->missing_sets = av ? cb_dupn(av, al) : NULL;
	av = ir_fn_attr(fn, "kiln-dispatch", &al);
	f->dispatch = av ? cb_dupn(av, al) : NULL;
	unsigned vl = 0;
	const char *nd =
	    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-nd-range-kernel", 20)
	        ? LLVMGetStringAttributeValue(LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                                                                    "sycl-nd-range-kernel", 20),
	                                      &vl)
	        : NULL;
	f->dims = nd ? atoi(nd) : 0;
	unsigned fl = 0;
	const char *file = LLVMGetDebugLocFilename(fn, &fl);
	f->file = file ? cb_dupn(file, fl) : NULL;
	f->line = LLVMGetDebugLocLine(fn);

	f->nargs = (int)LLVMCountParams(fn);
	f->args = calloc((size_t)f->nargs + 1, sizeof *f->args);
	for (int i = 0; i < f->nargs; i++) {
		LLVMValueRef p = LLVMGetParam(fn, (unsigned)i);
		size_t pl = 0;
		const char *pn = cb_vname(p, &pl);
		char tmp[32];
		if (!pl) {
			snprintf(tmp, sizeof tmp, "arg%d", i);
			pn = tmp;
			pl = strlen(tmp);
		}
		f->args[i].name = cb_dupn(pn, pl);
		f->args[i].is_pointer = ir_is_pointer(p);
		f->args[i].width = ir_is_pointer(p) ? 64 : cb_type_bits(LLVMTypeOf(p));
		unsigned sext = LLVMGetEnumAttributeKindForName("signext", 7);
		f->args[i].is_signed = LLVMGetEnumAttributeAtIndex(fn, (unsigned)i + 1, sext) != NULL;
		unsigned na = LLVMGetEnumAttributeKindForName("noalias", 7);
		f->args[i].noalias =
		    ir_is_pointer(p) && LLVMGetEnumAttributeAtIndex(fn, (unsigned)i + 1, na) != NULL;
	}

	f->nblocks = (int)LLVMCountBasicBlocks(fn);
	f->blocks = calloc((size_t)f->nblocks + 1, sizeof *f->blocks);
	int bi = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
		vmap_put(&b.block, LLVMBasicBlockAsValue(bb), bi);
		char nm[32];
		snprintf(nm, sizeof nm, "bb%d", bi);
		f->blocks[bi].name = cb_dupn(nm, strlen(nm));
		size_t ln = 0;
		const char *label = cb_vname(LLVMBasicBlockAsValue(bb), &ln);
		f->blocks[bi].label = cb_ident(label, ln, 1, 24);
	}
	/* Reserve a slot for every value-producing instruction first, so that phis can name values defined
	 * later in the function (loop back edges). */
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			int w = cb_type_bits(LLVMTypeOf(in));
			if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind)
				continue;
			if (w > 64) {
				b.cur_inst = in;
				cb_fail(&b, "%s: integers wider than 64 bits are not supported", "value");
				continue;
			}
			vmap_put(&b.slot, in, kir_new_inst(b.f, K_COPY, w ? w : 1, -1));
		}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
			size_t cn = 0;
			const char *cname =
			    callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &cn) : "";
			if (cn >= 19 && !strncmp(cname, "llvm.var.annotation", 19)) {
				b.cur_inst = in;
				cb_var_annotation(&b, in);
			}
		}
	bi = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
		b.cur_block = bi;
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			cb_translate(&b, in);
	}
	source_variables(&b);
	loop_directives(f, fn);
	for (int i = 0; i < f->ninsts; i++)
		if ((f->insts[i].op == K_LOAD || f->insts[i].op == K_STORE) && f->insts[i].bytes == 8)
			f->mems[f->insts[i].mem].word_bytes = 8;
	/* Module ports first (device globals, device memory), internal memories after them. */
	int *perm = calloc((size_t)f->nmems + 1, sizeof *perm);
	kmem *sorted = calloc((size_t)f->nmems + 1, sizeof *sorted);
	int ne = 0, ni = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < f->nmems; i++) {
			int internal = f->mems[i].kind >= MEM_LOCAL;
			if (internal != pass)
				continue;
			perm[i] = ne + ni;
			sorted[ne + ni] = f->mems[i];
			if (internal)
				ni++;
			else
				ne++;
		}
	for (int i = 0; i < f->ninsts; i++) {
		if (f->insts[i].mem >= 0)
			f->insts[i].mem = perm[f->insts[i].mem];
		if ((f->insts[i].op == K_MEMCPY) && f->insts[i].mem2 >= 0)
			f->insts[i].mem2 = perm[f->insts[i].mem2];
	}
	free(f->mems);
	free(perm);
	f->mems = sorted;
	f->nmems = ne;
	f->nimems = ni;
	LLVMDisposeTargetData(b.td);
	vmap_free(&b.slot);
	vmap_free(&b.block);
	vmap_free(&b.mem);
	if (!b.errors && mem_partition(f) < 0)
		b.errors++;
	return b.errors;
}
