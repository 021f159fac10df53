// SPDX-License-Identifier: Apache-2.0
/* nd-range work-items as a loop. The controller runs an nd-range kernel's work-items one after another: at
 * the return it counts the work-item ids on and goes back to the first state, so work-item i+1 starts only
 * when i has finished (saxpy: 6 states each, where the same body as a single-task loop overlaps iterations
 * at II 3). Here the body becomes the loop the pipeliner knows:
 *
 *   bb0 (wi_start):  the loads every work-item would repeat (invariant_load); br bb1
 *   bb1 (body):      gid = phi [0, bb0], [gid + 1, bb1]   (lid and grp likewise, when the body asks)
 *                    ... the body, its get_global_id(0) = gid + the global offset ...
 *                    condbr gid + 1 < global range -> bb1, bb2
 *   bb2 (wi_end):    ret
 *
 * with the counters of the controller's ret logic (emit_fsm.c) as phis: dimension 0, the local id wrapping
 * at the local range and the group id counting the wraps. Work-items of an nd-range kernel may run in any
 * order and do not wait for each other, so overlapping them keeps every ordering the program may rely on:
 * memory dependences between work-items (one writing what a later one reads) are what memdep finds between
 * iterations through the affine global id. The kernel keeps its nd-range interface (global range, local
 * range, offset); kfunc.wi_loop tells the emitter that the return ends the run. */
#include "wi_loop.h"

#include <stdlib.h>
#include <string.h>

#include "../support/xalloc.h"

typedef struct wl {
	kfunc *f;
	int *list; /* the body's new instruction list */
	int n;
	unsigned line;
} wl;

/* A new W-bit operation OP (A, B, C) at the end of the body's new list; its index. */
static int emit(wl *w, kop op, int width, kval a, kval b, kval c)
{
	int id = kir_new_inst(w->f, op, width, 1);
	kinst *k = &w->f->insts[id];
	k->a[0] = a;
	k->a[1] = b;
	k->a[2] = c;
	k->nargs = c.kind ? 3 : b.kind ? 2 : a.kind ? 1 : 0;
	k->line = w->line;
	w->list[w->n++] = id;
	return id;
}

static kval op(const kfunc *f, int id)
{
	return (kval){KV_OP, id, 0, f->insts[id].width};
}

static kval c32(uint64_t c)
{
	return (kval){KV_CONST, 0, c, 32};
}

static const kval none = {KV_NONE, 0, 0, 0};

/* A 32-bit counter phi named NAME, 0 on entry; its next value is set once it is computed. */
static int counter(wl *w, const char *name)
{
	int id = emit(w, K_PHI, 32, none, none, none);
	kinst *k = &w->f->insts[id];
	k->nphi = 2;
	k->phi_val = xcalloc(2, sizeof *k->phi_val);
	k->phi_block = xcalloc(2, sizeof *k->phi_block);
	k->phi_val[0] = c32(0);
	k->phi_block[0] = 0;
	k->phi_block[1] = 1;
	k->name = strdup(name);
	return id;
}

/* Work-item query K (32 bits, dimension 0) becomes value V of 32 bits, at K's own width. */
static void becomes(kinst *k, kval v)
{
	k->op = k->width > 32 ? K_ZEXT : k->width < 32 ? K_TRUNC : K_COPY;
	k->nargs = 1;
	k->a[0] = v;
	k->a[1] = k->a[2] = none;
}

/* Load K reads the same word in every work-item, from a device global the kernel never writes: it belongs
 * before the loop, as LLVM's LICM takes such a load out of a loop the source wrote (its address a constant or
 * an argument; the host does not write device globals while the kernel runs). */
static int invariant_load(const kfunc *f, const kinst *k)
{
	return k->op == K_LOAD && f->mems[k->mem].kind == MEM_DG && !f->mems[k->mem].used_write &&
	       (k->a[0].kind == KV_CONST || k->a[0].kind == KV_ARG);
}

static int query(const kinst *k, int q)
{
	return k->op == K_WIID && k->a[0].c == (uint64_t)q && k->a[1].c == 0;
}

static int eligible(const kfunc *f)
{
	if (f->dims != 1 || f->nblocks != 1 || f->wi_loop || !f->blocks[0].ninsts)
		return 0;
	const kblock *bl = &f->blocks[0];
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	if (t->op != K_RET || t->halt)
		return 0;
	for (int j = 0; j < bl->ninsts; j++) {
		kunit u = kop_unit(f->insts[bl->insts[j]].op);
		if (u == KU_DIVIDER || u == KU_COPY)
			return 0;
	}
	return 1;
}

int wi_loop(kfunc *f)
{
	if (!eligible(f))
		return 0;
	kblock body = f->blocks[0];
	int ret = body.insts[body.ninsts - 1], lids = 0;
	for (int j = 0; j < body.ninsts; j++)
		lids |= query(&f->insts[body.insts[j]], WI_LID) || query(&f->insts[body.insts[j]], WI_GRP);
	/* the new list: three counters, an offset and its sum per global-id query, the tail */
	wl w = {f, xcalloc((size_t)body.ninsts * 2 + 16, sizeof(int)), 0, f->insts[ret].line};
	int gid = counter(&w, "gid"), lid = lids ? counter(&w, "lid") : -1;
	int grp = lids ? counter(&w, "grp") : -1;
	int *before = xcalloc((size_t)body.ninsts + 1, sizeof(int)), nbefore = 0;
	for (int j = 0; j < body.ninsts - 1; j++) {
		int i = body.insts[j];
		kinst *k = &f->insts[i];
		if (invariant_load(f, k)) {
			before[nbefore++] = i;
			continue;
		}
		if (query(k, WI_GID)) {
			/* the global id counts from the launch's offset */
			int off = emit(&w, K_WIID, 32, (kval){KV_CONST, 0, WI_GLOBAL_OFFSET, 8},
			               (kval){KV_CONST, 0, 0, 8}, none);
			int sum = emit(&w, K_ADD, 32, op(f, gid), op(f, off), none);
			f->insts[off].line = f->insts[sum].line = f->insts[i].line;
			becomes(&f->insts[i], op(f, sum)); /* emit may have moved the array */
		} else if (query(k, WI_LID)) {
			becomes(k, op(f, lid));
		} else if (query(k, WI_GRP)) {
			becomes(k, op(f, grp));
		}
		w.list[w.n++] = i;
	}
	/* the controller's counting (emit_fsm.c's ret): dimension 0 only */
	int next = emit(&w, K_ADD, 32, op(f, gid), c32(1), none);
	f->insts[gid].phi_val[1] = op(f, next);
	int range =
	    emit(&w, K_WIID, 32, (kval){KV_CONST, 0, WI_GLOBAL_RANGE, 8}, (kval){KV_CONST, 0, 0, 8}, none);
	int more = emit(&w, K_ICMP, 1, op(f, next), op(f, range), none);
	f->insts[more].pred = KP_ULT;
	if (lids) {
		int l1 = emit(&w, K_ADD, 32, op(f, lid), c32(1), none);
		int lr = emit(&w, K_WIID, 32, (kval){KV_CONST, 0, WI_LOCAL_RANGE, 8},
		              (kval){KV_CONST, 0, 0, 8}, none);
		int wrap = emit(&w, K_ICMP, 1, op(f, l1), op(f, lr), none);
		f->insts[wrap].pred = KP_EQ;
		f->insts[lid].phi_val[1] = op(f, emit(&w, K_SELECT, 32, op(f, wrap), c32(0), op(f, l1)));
		int g1 = emit(&w, K_ADD, 32, op(f, grp), c32(1), none);
		f->insts[grp].phi_val[1] = op(f, emit(&w, K_SELECT, 32, op(f, wrap), op(f, g1), op(f, grp)));
	}
	/* the return becomes the loop's branch; the new blocks get a branch and the return */
	kinst *t = &f->insts[ret];
	t->op = K_CONDBR;
	t->nargs = 1;
	t->a[0] = op(f, more);
	t->succ[0] = 1;
	t->succ[1] = 2;
	w.list[w.n++] = ret;
	int br = kir_new_inst(f, K_BR, 0, 0), end = kir_new_inst(f, K_RET, 0, 2);
	f->insts[br].succ[0] = 1;
	f->insts[br].line = f->insts[end].line = w.line;
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].block == 0 && i != br)
			f->insts[i].block = 1;
	for (int j = 0; j < nbefore; j++)
		f->insts[before[j]].block = 0;
	before[nbefore++] = br;
	f->blocks = xrealloc(f->blocks, 3, sizeof *f->blocks);
	free(body.insts);
	free(body.name);
	body.insts = w.list;
	body.ninsts = w.n;
	body.name = strdup("bb1");
	free(body.label); /* clang's "entry" */
	body.label = strdup("work_item");
	f->blocks[1] = body;
	f->blocks[0] =
	    (kblock){.insts = before, .ninsts = nbefore, .name = strdup("bb0"), .label = strdup("wi_start")};
	f->blocks[2] = (kblock){
	    .insts = xcalloc(1, sizeof(int)), .ninsts = 1, .name = strdup("bb2"), .label = strdup("wi_end")};
	f->blocks[2].insts[0] = end;
	f->nblocks = 3;
	f->wi_loop = 1;
	return 1;
}
