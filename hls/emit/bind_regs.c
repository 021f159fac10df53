// SPDX-License-Identifier: Apache-2.0
/* Binding of values to registers (bind.h): which values need one, and which share one. A value needs a
 * register when some use sits in another step than its definition, or when it is a phi or a loaded word
 * (both captured at a step boundary). In a pipelined loop the stages keep values of their own, so there the
 * register is the value of the last iteration, for uses after the loop.
 *
 * Sharing is the left-edge algorithm of HLS register allocation (Kurdahi and Parker). A value that only
 * operations of its own block read, in its block's later steps, lives from its step to its last reader's; a
 * block's steps run one after another each time it runs, and its values are dead once it is left, so two
 * such values whose lives do not meet may hold one register, written in each one's state. Values whose
 * register would take the same wire in each of their states (the products of one shared multiplier, the
 * results of one floating-point unit, the whole words one on-chip memory's port reads) share with no
 * multiplexer; any others share by their known bits (value_bits.h: as many low bits, zero- or
 * sign-extended alike), so that synthesis still drops the register bits that are constant or copies of the
 * sign in every value it holds: sharing by width alone mixed an 8-bit and a 32-bit value in one register,
 * and CHStone aes gained 49% LUTs and lost no flip-flop. Copies keep their own register: synthesis merges
 * one with the register of the value it copies, which a shared one defeats (aes again). Measured (yosys
 * xc7, against same-wire sharing alone): blowfish flip-flops 6,529 -> 3,567 and LUTs 9,010 -> 5,584 (its
 * unrolled rounds' short-lived words), aes 5,635 -> 4,900 flip-flops for 4,900 -> 5,386 LUTs, adpcm
 * 12,413 -> 11,047 for 13,068 -> 14,221. A value that a phi, another block or a pipelined loop reads
 * keeps its own, as do values of different widths (a wider register's upper bits would reach a
 * comparison or a shift).
 *
 * A value that only rewires its operand (a truncation, a zero or sign extension, a copy) needs no register
 * of its own when its operand has one that holds it as long: the later steps read the operand's register
 * through the same wiring (derived). The operand has to be computed with it, in its block (or be a phi of
 * that block, or a kernel argument): each run of the block then writes both, so no path reaches a reader
 * with one of them from an older run. CHStone adpcm's registers were a third such copies of others (83
 * sign extensions of loaded or carried values to 64 bits).
 *
 * A phi's next value, computed before the last step of the block whose edge takes it, would wait in a
 * register of its own for the edge to copy it into the phi's: when nothing reads the phi's old value from
 * that step on (in that block, in the blocks it reaches before the phi's block, on their edges), the value
 * goes into the phi's register at once (coalescing, as an SSA translation out of phi form does). A step that
 * may last several cycles (a memory or divider wait) and reads the phi keeps the copy: its later cycles would
 * read the new value. */
#include "bind.h"

#include "../cdfg/kir_cfg.h"
#include "../support/xalloc.h"
#include "host/common/sort.h"

#include <stdlib.h>
#include <string.h>

int bind_registers(const kfunc *f, kbind *b)
{
	b->registered = calloc((size_t)f->ninsts + 1, sizeof *b->registered);
	b->reg_of = calloc((size_t)f->ninsts + 1, sizeof *b->reg_of);
	b->reg_shared = calloc((size_t)f->ninsts + 1, sizeof *b->reg_shared);
	b->derived = malloc(((size_t)f->ninsts + 1) * sizeof *b->derived);
	if (!b->registered || !b->reg_of || !b->reg_shared || !b->derived)
		return -1;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		b->reg_of[i] = i;
		/* an edge load's data goes straight into its phi's register (kir.h) */
		if (k->block >= 0 &&
		    (k->op == K_PHI || (k->op == K_LOAD && !k->edge && !kir_pipelined(f, k->block))))
			b->registered[i] = 1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *u = &f->insts[i];
		if (u->block < 0)
			continue;
		int pipe = kir_pipelined(f, u->block);
		for (int a = 0; a < u->nargs; a++)
			if (u->a[a].kind == KV_OP) {
				const kinst *d = &f->insts[u->a[a].id];
				if (d->block != u->block || (!pipe && d->step != u->step))
					b->registered[u->a[a].id] = 1;
			}
		for (int p = 0; p < u->nphi && !u->edge; p++)
			if (u->phi_val[p].kind == KV_OP && !(pipe && u->phi_block[p] == u->block))
				b->registered[u->phi_val[p].id] = 1;
	}
	bind_derive_registers(f, b);
	if (bind_coalesce_phis(f, b))
		return -1;
	return bind_share_registers(f, b);
}

void bind_read_span(const kfunc *f, const kinst *k, int *blk, int *lo, int *hi)
{
	if (kop_is_access(k->op) && k->issue >= 0) {
		*lo = *hi = k->issue;
	} else {
		*lo = k->issue >= 0 && k->issue < k->step ? k->issue : k->step;
		*hi = k->issue > k->step ? k->issue : k->step;
	}
	*blk = *lo >= 0 && *lo < f->nsteps ? f->steps[*lo].block : k->block;
}

int bind_each_read(const kfunc *f, bind_read_fn fn, void *ctx)
{
	for (int u = 0; u < f->ninsts; u++) {
		const kinst *k = &f->insts[u];
		if (k->block < 0)
			continue;
		int kb, lo, hi, r;
		bind_read_span(f, k, &kb, &lo, &hi);
		for (int a = 0; a < k->nargs; a++)
			if (k->a[a].kind == KV_OP && (r = fn(ctx, k->a[a].id, kb, lo, hi, u, -1)))
				return r;
		for (int q = 0; q < k->nphi; q++) {
			int from = k->phi_block[q], end = f->blocks[from].last_step;
			if (k->phi_val[q].kind == KV_OP &&
			    (r = fn(ctx, k->phi_val[q].id, from, end, end, u, q)))
				return r;
		}
	}
	return 0;
}

/* Whether a read of value D (or of the value D is derived from, and so on down) in block KB, steps LO to
 * HI, lets P's register hold V from V's step S of its block BB on: a read of V (through what is derived
 * from it too, which reads V's register) only in BB from S on; a read of P's old value neither after S in
 * BB nor in a block BB reaches before P's block (OUT), and in S itself only when S is one cycle (a stalled
 * step would read the new value). */
static int read_allows(const kfunc *f, const kbind *b, int d, int kb, int lo, int hi, int p, int v,
                       const unsigned char *out)
{
	const kinst *vk = &f->insts[v];
	int bb = vk->block, s = vk->step, one = f->steps[s].kind == STEP_COMB;
	for (; d >= 0; d = b->derived[d]) {
		if (d == v && (kb != bb || lo < s))
			return 0;
		if (d == p && (out[kb] || (kb == bb && (hi > s || (hi == s && !one)))))
			return 0;
	}
	return 1;
}

/* Whether P's register may hold V from V's step on (phi P takes V on the edge from V's block): every read
 * of either allows it (read_allows), a phi's read being on its edge, as the edge's block's last step ends;
 * another phi takes V only on an edge from V's block (a loop's exit phi does), where P's register still
 * holds V, not on an edge of a later block. */
typedef struct coalesce {
	const kfunc *f;
	const kbind *b;
	int p, v;
	const unsigned char *out;
} coalesce;

/* A bind_read_fn: nonzero when this read refuses P's register to V (coalescible). */
static int refuses(void *ctx, int d, int kb, int lo, int hi, int u, int edge)
{
	const coalesce *c = ctx;
	if (edge >= 0 && d == c->v && u != c->p && kb != c->f->insts[c->v].block)
		return 1;
	return !read_allows(c->f, c->b, d, kb, lo, hi, c->p, c->v, c->out);
}

static int coalescible(const kfunc *f, const kbind *b, int p, int v, const unsigned char *out)
{
	coalesce c = {f, b, p, v, out};
	return !bind_each_read(f, refuses, &c);
}

/* Marks in OUT, and pushes on TODO (N entries), the successors of block X not marked yet, but STOP; the new
 * N, or -1 when X has more successors than kir_succs lists. */
static int reach_step(const kfunc *f, int x, int stop, unsigned char *out, int *todo, int n)
{
	int sc[KIR_MAX_SUCCS], ns = kir_succs(f, x, sc);
	for (int i = 0; i < ns; i++)
		if (sc[i] != stop && !out[sc[i]]) {
			out[sc[i]] = 1;
			todo[n++] = sc[i];
		}
	return ns < 0 ? -1 : n;
}

int bind_coalesce_phis(const kfunc *f, kbind *b)
{
	unsigned char *out = malloc((size_t)f->nblocks + 1);
	int *todo = malloc(((size_t)f->nblocks + 1) * sizeof *todo);
	if (!out || !todo) {
		free(out);
		free(todo);
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *pk = &f->insts[i];
		if (pk->op != K_PHI || pk->edge || pk->block < 0 || kir_pipelined(f, pk->block))
			continue;
		for (int q = 0; q < pk->nphi; q++) {
			int bb = pk->phi_block[q], v = pk->phi_val[q].kind == KV_OP ? pk->phi_val[q].id : -1;
			if (v < 0)
				continue;
			const kinst *vk = &f->insts[v];
			int twice = 0;
			for (int q2 = 0; q2 < pk->nphi; q2++)
				twice += pk->phi_block[q2] == bb;
			/* only a value of the edge's own block, written before its last step, gains */
			if (twice > 1 || vk->block != bb || vk->op == K_PHI || kir_pipelined(f, bb) ||
			    !b->registered[v] || b->reg_of[v] != v || vk->width != pk->width ||
			    vk->step >= f->blocks[bb].last_step || vk->step < 0)
				continue;
			/* the blocks B reaches before it enters H again */
			memset(out, 0, (size_t)f->nblocks);
			int n = reach_step(f, bb, pk->block, out, todo, 0);
			while (n > 0) {
				int x = todo[--n];
				n = reach_step(f, x, pk->block, out, todo, n);
			}
			if (n < 0 || out[bb] || !coalescible(f, b, i, v, out))
				continue;
			b->reg_of[v] = i;
		}
	}
	free(out);
	free(todo);
	return 0;
}

/* Whether operation K only rewires its first operand's bits. */
static int rewires(const kinst *k)
{
	return k->op == K_TRUNC || k->op == K_ZEXT || k->op == K_SEXT || k->op == K_COPY;
}

void bind_derive_registers(const kfunc *f, kbind *b)
{
	/* home[i]: every reader of value i reads it while i's block runs (an operation of the block, or a
	 * phi on an edge leaving it) */
	unsigned char *home = malloc((size_t)f->ninsts + 1);
	for (int i = 0; i < f->ninsts; i++) {
		b->derived[i] = -1;
		if (home)
			home[i] = 1;
	}
	for (int u = 0; home && u < f->ninsts; u++) {
		const kinst *k = &f->insts[u];
		if (k->block < 0)
			continue;
		for (int a = 0; a < k->nargs; a++)
			if (k->a[a].kind == KV_OP && f->insts[k->a[a].id].block != k->block)
				home[k->a[a].id] = 0;
		for (int q = 0; q < k->nphi; q++)
			if (k->phi_val[q].kind == KV_OP &&
			    f->insts[k->phi_val[q].id].block != k->phi_block[q])
				home[k->phi_val[q].id] = 0;
	}
	/* in block order, so that an operand derived itself is decided before its users */
	for (int bi = 0; bi < f->nblocks; bi++) {
		const kblock *bl = &f->blocks[bi];
		if (bl->pipelined)
			continue;
		for (int j = 0; j < bl->ninsts; j++) {
			int i = bl->insts[j];
			const kinst *k = &f->insts[i];
			if (!b->registered[i] || !k->width || !rewires(k) || k->nargs < 1 ||
			    k->a[0].kind != KV_OP)
				continue;
			int x = k->a[0].id;
			const kinst *d = &f->insts[x];
			/* an operand of another block keeps its register while this block runs, but may
			 * be written again before a reader after it */
			if (!d->width || (!b->registered[x] && b->derived[x] < 0) ||
			    kir_pipelined(f, d->block) || (d->block != bi && !(home && home[i])))
				continue;
			b->registered[i] = 0;
			b->derived[i] = x;
		}
	}
	free(home);
}

typedef struct life {
	int inst, key, width, from,
	    to; /* the wire its register takes (share_key), its step, its last reader's */
} life;

static int by_key_then_start(const void *x, const void *y)
{
	const life *a = x, *c = y;
	if (a->key != c->key)
		return a->key - c->key;
	if (a->width != c->width)
		return a->width - c->width;
	if (a->from != c->from)
		return a->from - c->from;
	return a->inst - c->inst;
}

/* A register being filled: the value that owns it, the step its last value is read in. */
typedef struct reg_fill {
	int owner, to;
} reg_fill;

int bind_reg_key(const kfunc *f, const kbind *b, int i)
{
	const kinst *k = &f->insts[i];
	if (k->op == K_MUL && b->mul[i].unit >= 0)
		return 1 << 24 | b->mul[i].unit;
	if (kop_unit(k->op) == KU_FPU && b->fpu[i] >= 0)
		return 2 << 24 | b->fpu[i];
	/* an on-chip memory's: a module port's loads each keep their response in a register of their own */
	if (k->op == K_LOAD && !k->edge && k->mem >= f->nmems && k->bytes == kmem_word_bytes(f, k->mem))
		return 3 << 24 | k->mem << 1 | b->ram_port[i];
	if (k->op == K_COPY)
		return -1;
	return 4 << 24 | b->vb[i].ubits << 8 | b->vb[i].sbits;
}

int bind_share_registers(const kfunc *f, kbind *b)
{
	int n = f->ninsts;
	int *last = malloc(((size_t)n + 1) * sizeof *last);
	unsigned char *own = calloc((size_t)n + 1, 1); /* read only in its block, in sequential steps */
	life *l = malloc(((size_t)n + 1) * sizeof *l);
	reg_fill *r = malloc(((size_t)n + 1) * sizeof *r);
	if (!last || !own || !l || !r) {
		free(last);
		free(own);
		free(l);
		free(r);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const kinst *k = &f->insts[i];
		last[i] = -1;
		own[i] = k->block >= 0 && b->registered[i] && k->op != K_PHI && k->width &&
		         !kir_pipelined(f, k->block);
	}
	for (int u = 0; u < n; u++) {
		const kinst *k = &f->insts[u];
		if (k->block < 0)
			continue;
		/* a reader may take its operand in any step from its issue to its result (a division's
		 * run, a floating-point unit's levels) */
		int at = k->step > k->issue ? k->step : k->issue;
		for (int a = 0; a < k->nargs; a++)
			/* a derived value's readers read its operand's register (and so on down) */
			for (int d = k->a[a].kind == KV_OP ? k->a[a].id : -1; d >= 0; d = b->derived[d]) {
				if (f->insts[d].block != k->block || kir_pipelined(f, k->block))
					own[d] = 0;
				else if (at > last[d])
					last[d] = at;
			}
		for (int q = 0; q < k->nphi; q++)
			for (int d = k->phi_val[q].kind == KV_OP ? k->phi_val[q].id : -1; d >= 0;
			     d = b->derived[d])
				own[d] = 0;
	}
	int nl = 0;
	for (int i = 0; i < n; i++) {
		int key = own[i] && last[i] > f->insts[i].step ? bind_reg_key(f, b, i) : -1;
		if (key >= 0)
			l[nl++] = (life){i, key, f->insts[i].width, f->insts[i].step, last[i]};
	}
	kiln_sort(l, (size_t)nl, sizeof *l, by_key_then_start);
	/* left edge, per wire and width: each value into the register free longest before it starts (free:
	 * its last value read in a step before this one's, so that no step both reads the one and writes the
	 * other) */
	int nr = 0, first = 0;
	for (int x = 0; x < nl; x++) {
		if (x && (l[x].key != l[x - 1].key || l[x].width != l[x - 1].width))
			first = nr;
		int best = -1;
		for (int y = first; y < nr; y++)
			if (r[y].to < l[x].from && (best < 0 || r[y].to < r[best].to))
				best = y;
		if (best < 0) {
			r[nr++] = (reg_fill){l[x].inst, l[x].to};
			continue;
		}
		r[best].to = l[x].to;
		b->reg_of[l[x].inst] = r[best].owner;
		b->reg_shared[r[best].owner] = 1;
	}
	free(last);
	free(own);
	free(l);
	free(r);
	return 0;
}
