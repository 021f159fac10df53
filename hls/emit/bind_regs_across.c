// SPDX-License-Identifier: Apache-2.0
/* Sharing of phi registers across blocks (bind.h), after the sharing within blocks and the coalescing of
 * phis (bind_regs.c): the registers of phis whose values are never live at once merge, each with the values
 * coalesced into it. A loop's phis hold what the loop carries, and only one loop runs at a time, but the
 * left-edge sharing sees one block: a kernel kept a register per phi of every loop. CHStone sha, whose three
 * inlined sha_transform bodies run twelve loops each rotating five words: flip-flops 3,732 -> 2,470 and
 * LUTs 6,866 -> 5,953 (yosys xc7, the whole image). This is the interference-graph register binding of HLS
 * tools (Bambu colours one), over the controller's states.
 *
 * Only phis: sharing every register that crosses a block this way took CHStone motion's LUTs from 6,795 to
 * 10,543 (a register written by many states is a wide multiplexer), and adding the registers pipelined
 * loops leave for after the loop cost aes 93 flip-flops and blowfish 10% of its clock. A phi register that
 * nothing reads (a pipelined loop's phi, read only through its stages) keeps its own, which synthesis
 * removes: merged, the writes into it made their sources live (aes: +184 flip-flops).
 *
 * Liveness is per register, backward over the states: a state reads a register when an operation in it
 * reads a value of the register (a phi, or a value coalesced into one, not in its own step), and a phi's
 * incoming value is read in the last state of the edge's block. A coalesced value's step writes the
 * register and ends every earlier value it held; a phi's edges write it, and it dies on those edges only,
 * not in the state the edge leaves, whose other edges may still need it. A pipelined loop's states are one
 * node, which writes its phis as it runs and reads what it reads throughout.
 *
 * Two registers interfere when one is written in a state the other is live in or out of, or both are
 * written in it: a coalesced value with all that, a phi on its edge with what the state reads, what is live
 * across that edge, its block's other phis and the values the state writes. A register read in the state
 * that writes another stays apart from it even when that state is one cycle and the read should come
 * before the write lands: letting them merge saved CHStone motion 8% more flip-flops (sha none) but broke
 * two programs of test/cprog (sscanf's formatter, a recursive-descent parser); which state reads late was
 * not found. Phi registers that
 * do not interfere and hold values of the same known bits (bind_reg_key) and width merge, greedily in the
 * order of their blocks. A switch with more cases than kir_succs lists leaves the kernel as it was. */
#include "bind.h"

#include "../cdfg/kir_cfg.h"
#include "../schedule/oplib.h"
#include "../support/xalloc.h"
#include "host/common/sort.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct across {
	const kfunc *f;
	kbind *b;
	int ng, words; /* phi registers that may merge; 64-bit words of a set of them */
	int *group;    /* per instruction: the index of its register among them, or -1 */
	int *root;     /* per register: its phi */
	int *node;     /* per step: its node, the first step of its block when that is a pipelined loop */
	uint64_t *use, *kill, *def, *phis, *in, *out, *interf; /* node, block or register rows of sets */
	unsigned char *read; /* per register: read outside the pipelined loop its phi is of, if any */
} across;

static uint64_t *row(const across *a, uint64_t *set, int i)
{
	return set + (size_t)i * (size_t)a->words;
}

static void add(const across *a, uint64_t *set, int i, int g)
{
	row(a, set, i)[g / 64] |= UINT64_C(1) << (g % 64);
}

static int has(const across *a, uint64_t *set, int i, int g)
{
	return (int)(row(a, set, i)[g / 64] >> (g % 64) & 1);
}

static void set_or(const across *a, uint64_t *to, const uint64_t *from)
{
	for (int w = 0; w < a->words; w++)
		to[w] |= from[w];
}

/* The registers that may merge: those of phis other than edge phis (kir.h), with the values coalesced into
 * them. */
static void find_groups(across *a)
{
	const kfunc *f = a->f;
	const kbind *b = a->b;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		a->group[i] = -1;
		if (k->op == K_PHI && !k->edge && k->block >= 0 && k->width && b->registered[i] &&
		    b->reg_of[i] == i) {
			a->root[a->ng] = i;
			a->group[i] = a->ng++;
		}
	}
	for (int i = 0; i < f->ninsts; i++)
		if (b->registered[i] && b->reg_of[i] != i && a->group[b->reg_of[i]] >= 0)
			a->group[i] = a->group[b->reg_of[i]];
}

/* Value D, or the values it is derived from, read at step T of block KB by an operation or phi of block
 * RB: a register read unless it is that step's own wire. */
static void read_at(across *a, int d, int kb, int t, int rb)
{
	for (; d >= 0; d = a->b->derived[d]) {
		const kinst *dk = &a->f->insts[d];
		int g = a->group[d];
		if (g < 0 || (dk->op != K_PHI && dk->block == kb && dk->step == t))
			continue;
		add(a, a->use, a->node[t], g);
		if (rb != dk->block || !a->f->blocks[rb].pipelined)
			a->read[g] = 1;
	}
}

/* A bind_read_fn: operation U's read of D in steps LO to HI of block KB. */
static int note_read(void *ctx, int d, int kb, int lo, int hi, int u, int edge)
{
	across *a = ctx;
	(void)edge;
	for (int t = lo < 0 ? 0 : lo; t <= hi; t++)
		read_at(a, d, kb, t, a->f->insts[u].block);
	return 0;
}

static void reads_and_writes(across *a)
{
	const kfunc *f = a->f;
	for (int s = 0; s < f->nsteps; s++) {
		int bl = f->steps[s].block;
		a->node[s] = bl >= 0 && f->blocks[bl].pipelined ? f->blocks[bl].first_step : s;
	}
	bind_each_read(f, note_read, a);
	for (int u = 0; u < f->ninsts; u++) {
		const kinst *k = &f->insts[u];
		int g = a->group[u];
		if (k->block < 0 || g < 0)
			continue;
		if (k->op != K_PHI) {
			if (k->step >= 0) {
				add(a, a->kill, a->node[k->step], g);
				add(a, a->def, a->node[k->step], g);
			}
			continue;
		}
		add(a, a->phis, k->block, g);
		if (f->blocks[k->block].pipelined)
			add(a, a->def, a->node[f->blocks[k->block].first_step], g);
		for (int q = 0; q < k->nphi; q++)
			add(a, a->def, a->node[f->blocks[k->phi_block[q]].last_step], g);
	}
}

/* Node N's successors: the next step of its block, or its block's successors' first steps (into SC, room for
 * KIR_MAX_SUCCS, their blocks into SB); how many, or -1 for a switch kir_succs cannot list. */
static int succs(const across *a, int n, int *sc, int *sb)
{
	const kfunc *f = a->f;
	int bl = f->steps[n].block;
	if (bl < 0)
		return 0;
	if (!f->blocks[bl].pipelined && n < f->blocks[bl].last_step) {
		sc[0] = n + 1;
		sb[0] = -1;
		return 1;
	}
	int ns = kir_succs(f, bl, sb);
	for (int i = 0; i < ns; i++)
		sc[i] = f->blocks[sb[i]].first_step;
	return ns;
}

/* in = use | (out & ~kill), out = the union over the successors of their in, less the phis an edge into a
 * block writes; backward until nothing changes. -1 for a switch kir_succs cannot list. */
static int liveness(across *a)
{
	const kfunc *f = a->f;
	int sc[KIR_MAX_SUCCS], sb[KIR_MAX_SUCCS];
	for (int changed = 1; changed;) {
		changed = 0;
		for (int n = f->nsteps - 1; n >= 0; n--) {
			if (a->node[n] != n)
				continue;
			int ns = succs(a, n, sc, sb);
			if (ns < 0)
				return -1;
			uint64_t *out = row(a, a->out, n), *in = row(a, a->in, n);
			for (int i = 0; i < ns; i++) {
				const uint64_t *si = row(a, a->in, sc[i]);
				const uint64_t *ph = sb[i] >= 0 ? row(a, a->phis, sb[i]) : NULL;
				for (int w = 0; w < a->words; w++)
					out[w] |= si[w] & ~(ph ? ph[w] : 0);
			}
			const uint64_t *use = row(a, a->use, n), *kill = row(a, a->kill, n);
			for (int w = 0; w < a->words; w++) {
				uint64_t v = use[w] | (out[w] & ~kill[w]);
				if (v != in[w]) {
					in[w] = v;
					changed = 1;
				}
			}
		}
	}
	return 0;
}

static void interference(across *a)
{
	const kfunc *f = a->f;
	int sc[KIR_MAX_SUCCS], sb[KIR_MAX_SUCCS];
	uint64_t *edge = xcalloc((size_t)a->words, sizeof *edge);
	for (int n = 0; n < f->nsteps; n++) {
		if (a->node[n] != n)
			continue;
		for (int g = 0; g < a->ng; g++) {
			if (!has(a, a->kill, n, g))
				continue;
			set_or(a, row(a, a->interf, g), row(a, a->out, n));
			set_or(a, row(a, a->interf, g), row(a, a->def, n));
			set_or(a, row(a, a->interf, g), row(a, a->in, n));
		}
		int ns = succs(a, n, sc, sb);
		for (int i = 0; i < ns; i++) {
			if (sb[i] < 0)
				continue;
			const uint64_t *si = row(a, a->in, sc[i]), *ph = row(a, a->phis, sb[i]);
			const uint64_t *kill = row(a, a->kill, n);
			const uint64_t *in = row(a, a->in, n);
			for (int w = 0; w < a->words; w++)
				edge[w] = si[w] | ph[w] | kill[w] | in[w];
			for (int g = 0; g < a->ng; g++)
				if (has(a, a->phis, sb[i], g))
					set_or(a, row(a, a->interf, g), edge);
		}
	}
	free(edge);
	for (int g = 0; g < a->ng; g++)
		for (int h = 0; h < a->ng; h++)
			if (has(a, a->interf, g, h))
				add(a, a->interf, h, g);
}

typedef struct order {
	int g, key, width, first;
} order;

static int by_class_then_first(const void *x, const void *y)
{
	const order *p = x, *q = y;
	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	if (p->width != q->width)
		return p->width - q->width;
	if (p->first != q->first)
		return p->first - q->first;
	return p->g - q->g;
}

/* Per register, the writes into it (WRITES: a phi's edges, a coalesced value's step) and the latest time
 * into its state at which one of them has its value (LATE: a value computed in the state that writes it; a
 * register's or a constant's is there at the start). */
static void register_writes(const across *a, int *writes, double *late)
{
	const kfunc *f = a->f;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int g = a->group[i];
		if (g < 0)
			continue;
		if (k->op != K_PHI) {
			writes[g]++;
			late[g] = fmax(late[g], bind_ns(k->t_end));
			continue;
		}
		for (int q = 0; q < k->nphi; q++) {
			writes[g]++;
			const kinst *v = k->phi_val[q].kind == KV_OP ? &f->insts[k->phi_val[q].id] : NULL;
			int from = k->phi_block[q];
			if (v && v->op != K_PHI && v->block == from &&
			    (f->blocks[from].pipelined || v->step == f->blocks[from].last_step))
				late[g] = fmax(late[g], bind_ns(v->t_end));
		}
	}
}

/* A merged register's writes go through one multiplexer, of more levels than each register's own. Merged
 * registers of W1 writes, whose latest value less the levels of its own register's multiplexer is L1, and
 * register G's (LATE_G, WG): whether every write's value still arrives within BUDGET with G merged in, and
 * that figure for the result in *L. */
static int merged_fits(double l1, int w1, double late_g, int wg, double level, double budget, double *l)
{
	*l = fmax(l1, late_g - level * sched_mux_levels(wg));
	return *l + level * sched_mux_levels(w1 + wg) <= budget;
}

/* Greedy colouring, class by class in the order of the phis' blocks: each register read into the first
 * merged one of its class none of whose registers it interferes with and whose multiplexer, grown by its
 * writes, still lets every write's value arrive within the step (the multiplier sharing's rule, bind_mul.c;
 * CHStone motion at 10 ns lost a fifth of its clock to a phi register written by 14 edges). */
static void merge(across *a)
{
	const kfunc *f = a->f;
	kbind *b = a->b;
	order *o = xcalloc((size_t)a->ng + 1, sizeof *o);
	int *color = xcalloc((size_t)a->ng + 1, sizeof *color); /* per register: its merged one */
	int *owner = xcalloc((size_t)a->ng + 1, sizeof *owner); /* per merged one: its phi */
	int *count = xcalloc((size_t)a->ng + 1, sizeof *count); /* per merged one: its registers */
	int *gw = xcalloc((size_t)a->ng + 1, sizeof *gw);       /* per register: its writes */
	double *gl = xcalloc((size_t)a->ng + 1, sizeof *gl);    /* and the latest value among them */
	int *cw = xcalloc((size_t)a->ng + 1, sizeof *cw);       /* per merged one: its writes */
	double *cl = xcalloc((size_t)a->ng + 1, sizeof *cl);    /* and merged_fits' figure */
	/* per merged one: the registers that interfere with one of its own */
	uint64_t *cint = xcalloc((size_t)a->ng * (size_t)a->words + 1, sizeof *cint);
	double level = sched_mux_level_delay(), budget = sched_step_budget(f->clock_ns);
	register_writes(a, gw, gl);
	for (int g = 0; g < a->ng; g++) {
		const kinst *k = &f->insts[a->root[g]];
		o[g] = (order){g, bind_reg_key(f, b, a->root[g]), k->width, f->blocks[k->block].first_step};
	}
	kiln_sort(o, (size_t)a->ng, sizeof *o, by_class_then_first);
	int nc = 0, class_first = 0;
	for (int x = 0; x < a->ng; x++) {
		int g = o[x].g;
		if (x && (o[x].key != o[x - 1].key || o[x].width != o[x - 1].width))
			class_first = nc;
		int c = class_first;
		double l = 0.0;
		while (a->read[g] && c < nc &&
		       (has(a, cint, c, g) || !merged_fits(cl[c], cw[c], gl[g], gw[g], level, budget, &l)))
			c++;
		if (!a->read[g] || c == nc) {
			c = nc++;
			owner[c] = a->root[g];
			cl[c] = gl[g] - level * sched_mux_levels(gw[g]);
			if (!a->read[g]) /* unread, it keeps its own, which synthesis removes */
				for (int w = 0; w < a->words; w++)
					row(a, cint, c)[w] = ~UINT64_C(0);
		} else {
			cl[c] = l;
		}
		cw[c] += gw[g];
		color[g] = c;
		count[c]++;
		set_or(a, row(a, cint, c), row(a, a->interf, g));
	}
	for (int i = 0; i < f->ninsts; i++) {
		int g = a->group[i];
		if (g >= 0 && count[color[g]] > 1) {
			b->reg_of[i] = owner[color[g]];
			b->reg_shared[owner[color[g]]] = 1;
		}
	}
	free(o);
	free(color);
	free(owner);
	free(count);
	free(gw);
	free(gl);
	free(cw);
	free(cl);
	free(cint);
}

int bind_share_across_blocks(const kfunc *f, kbind *b)
{
	across a = {.f = f, .b = b};
	a.group = xcalloc((size_t)f->ninsts + 1, sizeof *a.group);
	a.root = xcalloc((size_t)f->ninsts + 1, sizeof *a.root);
	a.node = xcalloc((size_t)f->nsteps + 1, sizeof *a.node);
	find_groups(&a);
	a.words = (a.ng + 63) / 64;
	if (a.ng > 1) {
		size_t steps = (size_t)f->nsteps * (size_t)a.words + 1;
		a.use = xcalloc(steps, sizeof *a.use);
		a.kill = xcalloc(steps, sizeof *a.kill);
		a.def = xcalloc(steps, sizeof *a.def);
		a.in = xcalloc(steps, sizeof *a.in);
		a.out = xcalloc(steps, sizeof *a.out);
		a.phis = xcalloc((size_t)f->nblocks * (size_t)a.words + 1, sizeof *a.phis);
		a.interf = xcalloc((size_t)a.ng * (size_t)a.words + 1, sizeof *a.interf);
		a.read = xcalloc((size_t)a.ng + 1, 1);
		reads_and_writes(&a);
		if (liveness(&a) == 0) {
			interference(&a);
			merge(&a);
		}
	}
	free(a.group);
	free(a.root);
	free(a.node);
	free(a.use);
	free(a.kill);
	free(a.def);
	free(a.in);
	free(a.out);
	free(a.phis);
	free(a.interf);
	free(a.read);
	return 0;
}
