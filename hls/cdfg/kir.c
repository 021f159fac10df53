// SPDX-License-Identifier: Apache-2.0
#include "kir.h"

#include <stdlib.h>
#include <string.h>

#include "../support/xalloc.h"

void kfunc_free(kfunc *f)
{
	for (int i = 0; i < f->ninsts; i++) {
		free(f->insts[i].case_val);
		free(f->insts[i].case_succ);
		free(f->insts[i].phi_val);
		free(f->insts[i].phi_block);
		free(f->insts[i].name);
	}
	for (int i = 0; i < f->nblocks; i++) {
		free(f->blocks[i].insts);
		free(f->blocks[i].name);
		free(f->blocks[i].label);
	}
	for (int i = 0; i < f->nargs; i++)
		free(f->args[i].name);
	for (int i = 0; i < f->nmems + f->nimems; i++) {
		free(f->mems[i].init);
		free(f->mems[i].name);
		free(f->mems[i].dg_uid);
	}
	free(f->insts);
	free(f->blocks);
	free(f->args);
	free(f->mems);
	free(f->steps);
	free(f->name);
	free(f->native_name);
	free(f->missing_sets);
	free(f->dispatch);
	free(f->file);
}

int kir_new_inst(kfunc *f, kop op, int width, int block)
{
	if (f->ninsts == f->cinsts) {
		f->cinsts = f->cinsts ? f->cinsts * 2 : 64;
		f->insts = xrealloc(f->insts, (size_t)f->cinsts, sizeof *f->insts);
	}
	kinst *k = &f->insts[f->ninsts];
	memset(k, 0, sizeof *k);
	k->op = op;
	k->width = width;
	k->block = block;
	k->mem = k->mem2 = k->step = k->issue = -1;
	return f->ninsts++;
}

int kir_new_op(kfunc *f, int block, kop op, int width, unsigned line, kval a, kval b, kval c)
{
	int id = kir_new_inst(f, op, width, block);
	kinst *k = &f->insts[id];
	k->nargs = c.kind ? 3 : b.kind ? 2 : 1;
	k->a[0] = a;
	k->a[1] = b;
	k->a[2] = c;
	k->line = line;
	return id;
}

int kir_val_same(kval a, kval b)
{
	return a.kind == b.kind && a.width == b.width && (a.kind == KV_CONST ? a.c == b.c : a.id == b.id);
}

void kir_phi_becomes(kinst *k, kop op, kval a, kval b, kval c)
{
	free(k->phi_val);
	free(k->phi_block);
	k->phi_val = NULL;
	k->phi_block = NULL;
	k->nphi = 0;
	k->op = op;
	k->nargs = c.kind ? 3 : b.kind ? 2 : 1;
	k->a[0] = a;
	k->a[1] = b;
	k->a[2] = c;
}

int kmem_word_bytes(const kfunc *f, int m)
{
	return m >= f->nmems && f->mems[m].word_bytes == 8 ? 8 : 4;
}

int kir_pipelined(const kfunc *f, int b)
{
	return b >= 0 && b < f->nblocks && f->blocks[b].pipelined;
}

int kir_back_value(const kfunc *f, int b, const kinst *phi)
{
	for (int q = 0; q < phi->nphi; q++) {
		kval v = phi->phi_val[q];
		if (phi->phi_block[q] == b && v.kind == KV_OP && f->insts[v.id].block == b)
			return v.id;
	}
	return -1;
}

int kir_back_gap(const kfunc *f, int v)
{
	const kinst *k = &f->insts[v];
	if (kop_unit(k->op) == KU_FPU)
		return 0;
	/* a copy of a phi's register, or of a value the loop does not change */
	if (k->op == K_COPY && (k->a[0].kind != KV_OP || f->insts[k->a[0].id].block != k->block ||
	                        f->insts[k->a[0].id].op == K_PHI))
		return 0;
	return 1;
}

static const kop_row kop_rows[K_NOPS] = {
#define KOP_ROW(e, name, delay, dwidth, unit, rtl) [e] = {name, delay, dwidth, unit, rtl},
    KOP_TABLE(KOP_ROW)
#undef KOP_ROW
};

const kop_row *kop_info(kop op)
{
	static const kop_row unknown = {"?", KD_LOGIC, KW_RESULT, KU_LOGIC, NULL};
	return (unsigned)op < K_NOPS ? &kop_rows[op] : &unknown;
}

const char *kop_name(kop op)
{
	return kop_info(op)->name;
}

kunit kop_unit(kop op)
{
	return kop_info(op)->unit;
}

const char *kop_rtl_form(kop op)
{
	return kop_info(op)->rtl;
}

int kop_is_term(kop op)
{
	return kop_unit(op) == KU_CONTROL;
}

int kop_is_access(kop op)
{
	return kop_unit(op) == KU_PORT;
}
