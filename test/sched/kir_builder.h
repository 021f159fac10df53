// SPDX-License-Identifier: Apache-2.0
/* Builds small kernels in the kernel IR by hand, for the scheduler's unit tests: no clang, no LLVM module, so
 * that each kernel is exactly the shape a test asserts on. Everything is owned by the kfunc (kfunc_free). */
#ifndef KILN_TEST_KIR_BUILDER_H
#define KILN_TEST_KIR_BUILDER_H
#include <stdlib.h>
#include <string.h>

#include "hls/cdfg/kir.h"

/* A kernel with NARGS 32-bit scalar arguments, no blocks and no memories yet. */
static inline void kb_init(kfunc *f, int nargs)
{
	memset(f, 0, sizeof *f);
	f->name = strdup("k");
	f->nargs = nargs;
	f->args = calloc((size_t)nargs + 1, sizeof *f->args);
	for (int a = 0; a < nargs; a++)
		f->args[a].width = 32;
}

/* Argument A becomes a pointer into device memory (restrict when NOALIAS). */
static inline void kb_pointer(kfunc *f, int a, int noalias)
{
	f->args[a].is_pointer = 1;
	f->args[a].noalias = noalias;
}

/* Appends memory KIND (a module port for MEM_DG/MEM_DEVMEM, else internal; add ports first); its index. */
static inline int kb_mem(kfunc *f, kmem_kind kind)
{
	int n = f->nmems + f->nimems;
	f->mems = realloc(f->mems, ((size_t)n + 1) * sizeof *f->mems);
	memset(&f->mems[n], 0, sizeof f->mems[n]);
	f->mems[n].kind = kind;
	f->mems[n].size = 4096;
	if (kind == MEM_DG || kind == MEM_DEVMEM)
		f->nmems++;
	else
		f->nimems++;
	return n;
}

static inline int kb_block(kfunc *f)
{
	f->blocks = realloc(f->blocks, ((size_t)f->nblocks + 1) * sizeof *f->blocks);
	memset(&f->blocks[f->nblocks], 0, sizeof f->blocks[f->nblocks]);
	return f->nblocks++;
}

static inline kval kb_c(uint64_t c, int w)
{
	return (kval){KV_CONST, 0, c, w};
}

static inline kval kb_arg(int a)
{
	return (kval){KV_ARG, a, 0, 32};
}

static inline kval kb_v(const kfunc *f, int id)
{
	return (kval){KV_OP, id, 0, f->insts[id].width};
}

/* Appends OP of WIDTH bits with up to three operands (kind KV_NONE: absent) to block B; its index. */
static inline int kb_op(kfunc *f, int b, kop op, int width, kval x, kval y, kval z)
{
	int id = kir_new_inst(f, op, width, b);
	kinst *k = &f->insts[id];
	kval a[3] = {x, y, z};
	for (int i = 0; i < 3 && a[i].kind != KV_NONE; i++)
		k->a[k->nargs++] = a[i];
	k->line = (unsigned)(100 + id);
	kblock *bl = &f->blocks[b];
	bl->insts = realloc(bl->insts, ((size_t)bl->ninsts + 1) * sizeof *bl->insts);
	bl->insts[bl->ninsts++] = id;
	return id;
}

#define KB_NONE ((kval){KV_NONE, 0, 0, 0})

static inline int kb_load(kfunc *f, int b, int mem, kval addr)
{
	int id = kb_op(f, b, K_LOAD, 32, addr, KB_NONE, KB_NONE);
	f->insts[id].mem = mem;
	f->insts[id].bytes = 4;
	return id;
}

static inline int kb_store(kfunc *f, int b, int mem, kval addr, kval data)
{
	int id = kb_op(f, b, K_STORE, 0, addr, data, KB_NONE);
	f->insts[id].mem = mem;
	f->insts[id].bytes = 4;
	return id;
}

/* A phi of WIDTH bits in block B, its incoming values added with kb_incoming. */
static inline int kb_phi(kfunc *f, int b, int width)
{
	return kb_op(f, b, K_PHI, width, KB_NONE, KB_NONE, KB_NONE);
}

static inline void kb_incoming(kfunc *f, int phi, kval v, int from)
{
	kinst *k = &f->insts[phi];
	k->phi_val = realloc(k->phi_val, ((size_t)k->nphi + 1) * sizeof *k->phi_val);
	k->phi_block = realloc(k->phi_block, ((size_t)k->nphi + 1) * sizeof *k->phi_block);
	k->phi_val[k->nphi] = v;
	k->phi_block[k->nphi++] = from;
}

static inline int kb_br(kfunc *f, int b, int to)
{
	int id = kb_op(f, b, K_BR, 0, KB_NONE, KB_NONE, KB_NONE);
	f->insts[id].succ[0] = to;
	return id;
}

static inline int kb_condbr(kfunc *f, int b, kval c, int t, int e)
{
	int id = kb_op(f, b, K_CONDBR, 0, c, KB_NONE, KB_NONE);
	f->insts[id].succ[0] = t;
	f->insts[id].succ[1] = e;
	return id;
}

static inline int kb_ret(kfunc *f, int b)
{
	return kb_op(f, b, K_RET, 0, KB_NONE, KB_NONE, KB_NONE);
}

/* BASE + 4 * I (a word address). */
static inline int kb_index(kfunc *f, int b, kval base, kval i)
{
	int sh = kb_op(f, b, K_SHL, 32, i, kb_c(2, 32), KB_NONE);
	return kb_op(f, b, K_ADD, 32, base, kb_v(f, sh), KB_NONE);
}

/* The frame of a counted loop: block 0 enters block 1 (the loop), which runs while i + 1 != arg N and then
 * leaves for block 2 (ret). The body goes between kb_loop_open and kb_loop_close; *I is the induction
 * variable. */
static inline void kb_loop_open(kfunc *f, int *i)
{
	kb_block(f);
	kb_block(f);
	kb_block(f);
	kb_br(f, 0, 1);
	*i = kb_phi(f, 1, 32);
	kb_incoming(f, *i, kb_c(0, 32), 0);
	kb_ret(f, 2);
}

/* The usual start of a test kernel: three arguments (pointers 0 and 1, restrict when NOALIAS; two when
 * BOTH, else one), device memory, and the loop block open with induction variable *I. Returns the memory. */
static inline int kb_devmem_loop(kfunc *f, int both, int noalias, int *i)
{
	kb_init(f, 3);
	kb_pointer(f, 0, noalias);
	if (both)
		kb_pointer(f, 1, noalias);
	int m = kb_mem(f, MEM_DEVMEM);
	kb_loop_open(f, i);
	return m;
}

static inline void kb_loop_close(kfunc *f, int i, int n)
{
	int next = kb_op(f, 1, K_ADD, 32, kb_v(f, i), kb_c(1, 32), KB_NONE);
	kb_incoming(f, i, kb_v(f, next), 1);
	int c = kb_op(f, 1, K_ICMP, 1, kb_v(f, next), kb_arg(n), KB_NONE);
	f->insts[c].pred = KP_NE;
	kb_condbr(f, 1, kb_v(f, c), 1, 2);
}

#endif
