// SPDX-License-Identifier: Apache-2.0
/* If-conversion: an if whose sides are single blocks becomes straight-line code. A block H that branches on
 * c into T (and E) which rejoin at J becomes one block: the operations of T and E run whichever way c goes
 * (they are pure, or loads from on-chip memories, which cannot fault), their stores carry c (or !c) as a
 * predicate, J's phis take selects on c, and H branches to J.
 *
 * Two passes use it. ifconv_loops takes the ifs of loop bodies, so that the loop becomes a single block the
 * pipeliner can overlap. ifconv_regions takes every if whose sides are short, inside loops or not: a
 * control step per basic block was what made dfadd run 12 cycles per float64_add where Bambu's speculative
 * scheduling takes 4.6 (issue 29), every little block of its nested ifs a state of its own. */
#include "ifconv.h"

#include <stdint.h>
#include <stdlib.h>

#include "../schedule/oplib.h"
#include "../support/xalloc.h"
#include "kir_cfg.h"

/* The if at H: its sides T (and E, or -1) rejoining at J. */
typedef struct ifshape {
	int h, t, e, j;
} ifshape;

/* The shape of the if at H, when H ends in a two-way branch to a triangle or a diamond whose sides have no
 * other predecessor; 0 when it has none. */
static int find_if(kfunc *f, int h, ifshape *s)
{
	kinst *ht = kir_term(f, h);
	if (!ht || ht->op != K_CONDBR || ht->succ[0] == ht->succ[1] || ht->succ[0] == h || ht->succ[1] == h)
		return 0;
	int s0 = ht->succ[0], s1 = ht->succ[1];
	kinst *t0 = kir_term(f, s0), *t1 = kir_term(f, s1);
	*s = (ifshape){h, -1, -1, -1};
	if (t0 && t0->op == K_BR && t0->succ[0] == s1) { /* triangle, the true side taken */
		s->t = s0;
		s->j = s1;
	} else if (t1 && t1->op == K_BR && t1->succ[0] == s0) { /* triangle, the false side taken */
		s->t = s1;
		s->j = s0;
	} else if (t0 && t1 && t0->op == K_BR && t1->op == K_BR && t0->succ[0] == t1->succ[0]) { /* diamond */
		s->t = s0;
		s->e = s1;
		s->j = t0->succ[0];
	} else {
		return 0;
	}
	return s->j != h && s->t != 0 && s->e != 0 && kir_npreds(f, s->t, -1, -1) == 1 &&
	       (s->e < 0 || kir_npreds(f, s->e, -1, -1) == 1);
}

/* The operations of block T but its terminator can run whichever way the branch into T goes (side_ok); a
 * phi only when T has one predecessor, unless PHIS. */
static int ops_ok_phis(kfunc *f, int t, int fpu, int phis)
{
	kblock *bl = &f->blocks[t];
	for (int i = 0; i < bl->ninsts - 1; i++) {
		kinst *k = &f->insts[bl->insts[i]];
		kunit u = kop_unit(k->op);
		if ((k->op == K_PHI && k->nphi != 1 && !phis) || u == KU_COPY || u == KU_DIVIDER ||
		    (u == KU_FPU && !fpu) || (k->op == K_LOAD && k->mem < f->nmems))
			return 0;
	}
	return 1;
}

static int ops_ok(kfunc *f, int t, int fpu)
{
	return ops_ok_phis(f, t, fpu, 0);
}

/* Side T can run whichever way the branch goes: a plain branch to J, and nothing that must not be
 * speculated (a module-port load could fault or wait; a divider or copy loop costs time on the other path;
 * with !FPU, a floating-point unit's latency). Its phis have the one incoming value of H. */
static int side_ok(kfunc *f, int t, int j, int fpu)
{
	kinst *tm = kir_term(f, t);
	return tm && tm->op == K_BR && tm->succ[0] == j && ops_ok(f, t, fpu);
}

static kval op_val(const kfunc *f, int id)
{
	return (kval){KV_OP, id, 0, f->insts[id].width};
}

/* A new operation OP of WIDTH bits in block H at source line LINE, with operands A, B (and C); its index. */
static int new_op(kfunc *f, int h, kop op, int width, unsigned line, kval a, kval b, kval c)
{
	int id = kir_new_inst(f, op, width, h);
	kinst *k = &f->insts[id];
	k->nargs = c.kind ? 3 : 2;
	k->a[0] = a;
	k->a[1] = b;
	k->a[2] = c;
	k->line = line;
	return id;
}

/* Moves side SB's operations but its branch to the end of LIST (now in block H): its stores predicated on P
 * (and on their own predicate, if-converted before), its phis copies of their one incoming value. */
static void take_side(kfunc *f, int sb, int h, kval p, int *list, int *n)
{
	kblock *bl = &f->blocks[sb];
	for (int i = 0; i < bl->ninsts - 1; i++) {
		int id = bl->insts[i];
		kinst *k = &f->insts[id];
		if (k->op == K_PHI) {
			kval v = k->phi_val[0];
			free(k->phi_val);
			free(k->phi_block);
			k->phi_val = NULL;
			k->phi_block = NULL;
			k->nphi = 0;
			k->op = K_COPY;
			k->nargs = 1;
			k->a[0] = v;
		} else if (k->op == K_STORE) {
			kval q = p;
			if (k->nargs > 2) {
				q = op_val(f, new_op(f, h, K_AND, 1, k->line, k->a[2], p, (kval){0}));
				list[(*n)++] = q.id;
				k = &f->insts[id];
			}
			k->nargs = 3;
			k->a[2] = q;
		}
		list[(*n)++] = id;
		k->block = h;
	}
	kinst *br = &f->insts[bl->insts[bl->ninsts - 1]];
	br->block = -1;
	bl->ninsts = 0;
}

/* Converts the if S: H's operations, then the sides', then selects for J's phis; H branches to J. A phi of J
 * that only the if reaches becomes the select itself; one that other blocks reach too takes the select as
 * its value from H. */
static void merge_if(kfunc *f, const ifshape *s)
{
	kblock *hb = &f->blocks[s->h];
	int tn = f->blocks[s->t].ninsts, en = s->e >= 0 ? f->blocks[s->e].ninsts : 0;
	int nj = f->blocks[s->j].ninsts, cap = hb->ninsts + 2 * (tn + en) + nj + 2;
	int *list = xcalloc((size_t)cap, sizeof *list), n = 0;
	int hterm = hb->insts[hb->ninsts - 1];
	for (int i = 0; i < hb->ninsts - 1; i++)
		list[n++] = hb->insts[i];
	kinst *ht = &f->insts[hterm];
	kval c = ht->a[0], nc = c;
	int s0 = ht->succ[0];
	unsigned line = ht->line;
	if (s->t != s0 || s->e >= 0) {
		int ni = new_op(f, s->h, K_XOR, 1, line, c, (kval){KV_CONST, 0, 1, 1}, (kval){0});
		nc = op_val(f, ni);
		list[n++] = ni;
	}
	kval pt = s->t == s0 ? c : nc, pe = s->t == s0 ? nc : c;
	take_side(f, s->t, s->h, pt, list, &n);
	if (s->e >= 0)
		take_side(f, s->e, s->h, pe, list, &n);
	/* The other way into J: E in a diamond, H itself in a triangle. */
	int other = s->e >= 0 ? s->e : s->h;
	kblock *jb = &f->blocks[s->j];
	for (int i = 0; i < jb->ninsts; i++) {
		int id = jb->insts[i];
		if (f->insts[id].op != K_PHI)
			continue;
		kval vt = {KV_CONST, 0, 0, f->insts[id].width}, vo = vt;
		int mine = 0;
		for (int q = 0; q < f->insts[id].nphi; q++) {
			int pb = f->insts[id].phi_block[q];
			if (pb == s->t)
				vt = f->insts[id].phi_val[q];
			else if (pb == other)
				vo = f->insts[id].phi_val[q];
			mine += pb == s->t || pb == other;
		}
		kinst *k = &f->insts[id];
		if (mine == k->nphi) {
			free(k->phi_val);
			free(k->phi_block);
			k->phi_val = NULL;
			k->phi_block = NULL;
			k->nphi = 0;
			k->op = K_SELECT;
			k->nargs = 3;
			k->a[0] = pt;
			k->a[1] = vt;
			k->a[2] = vo;
			continue;
		}
		int sel = new_op(f, s->h, K_SELECT, k->width, line, pt, vt, vo);
		list[n++] = sel;
		k = &f->insts[id];
		int w = 0;
		for (int q = 0; q < k->nphi; q++) {
			int pb = k->phi_block[q];
			if (pb == s->t || pb == other)
				continue;
			k->phi_val[w] = k->phi_val[q];
			k->phi_block[w++] = pb;
		}
		k->phi_val[w] = op_val(f, sel);
		k->phi_block[w++] = s->h;
		k->nphi = w;
	}
	ht = &f->insts[hterm];
	ht->op = K_BR;
	ht->succ[0] = s->j;
	ht->succ[1] = -1;
	ht->nargs = 0;
	ht->a[0] = (kval){0};
	list[n++] = hterm;
	free(hb->insts);
	hb->insts = list;
	hb->ninsts = n;
}

/* The loop cost model. After if-conversion both sides run in every iteration, so the loop does the sides'
 * work whether the branch is taken or not; what it gains is one block, which the pipeliner can overlap.
 * Nothing says statically how often a side is taken, so a side much larger than the work every iteration
 * does anyway (the header and the join) is left a branch: blowfish's byte loop would otherwise run all of
 * BF_encrypt (612 operations beside 24) on every byte instead of on every eighth. Small sides are always
 * taken in, whatever the ratio. */
enum { IFCONV_SMALL_SIDES = 32, IFCONV_MAX_RATIO = 4 };

static int too_costly(int always, int sides)
{
	return sides > IFCONV_SMALL_SIDES && sides > IFCONV_MAX_RATIO * always;
}

/* Tries to merge the if at loop header H whose join is the loop's latch into one block; 1 when it did. */
static int convert_loop(kfunc *f, int h)
{
	ifshape s;
	if (!find_if(f, h, &s))
		return 0;
	kinst *jt = kir_term(f, s.j);
	if (!jt || jt->op != K_CONDBR || (jt->succ[0] == h) == (jt->succ[1] == h) ||
	    !side_ok(f, s.t, s.j, 1) || (s.e >= 0 && !side_ok(f, s.e, s.j, 1)) ||
	    kir_npreds(f, s.j, h, s.t) != (s.e >= 0 ? 1 : 0) ||
	    (s.e >= 0 && kir_npreds(f, s.j, s.t, s.e) != 0))
		return 0;
	kblock *hb = &f->blocks[h], *tb = &f->blocks[s.t], *jb = &f->blocks[s.j];
	if (too_costly(hb->ninsts + jb->ninsts, tb->ninsts + (s.e >= 0 ? f->blocks[s.e].ninsts : 0)))
		return 0;
	merge_if(f, &s);
	kir_merge_chains(f);
	return 1;
}

int ifconv_loops(kfunc *f)
{
	int n = 0;
	for (int round = 0; round < 8; round++) {
		int changed = 0;
		for (int h = 0; h < f->nblocks; h++)
			changed += convert_loop(f, h);
		if (!changed)
			break;
		n += changed;
	}
	return n;
}

/* An estimate of the steps a sequence of operations takes when the scheduler chains them at a period: where
 * each operation ends (its step and ns into it), for the operations of the sequence (stamped with the
 * sequence's generation), and the accesses per memory. */
typedef struct chain {
	int *step;
	double *t_end;
	unsigned *gen;
	unsigned cur;
	int cap, last;
	int *loads, *stores, nm;
	double clock_ns;
} chain;

/* Starts a sequence of F's operations at CLOCK_NS, its inputs ready at the start of its first step. */
static void chain_begin(const kfunc *f, chain *ch, double clock_ns)
{
	if (ch->cap < f->ninsts) {
		int c = f->ninsts * 2;
		ch->step = xrealloc(ch->step, (size_t)c, sizeof *ch->step);
		ch->t_end = xrealloc(ch->t_end, (size_t)c, sizeof *ch->t_end);
		ch->gen = xrealloc(ch->gen, (size_t)c, sizeof *ch->gen);
		for (int i = ch->cap; i < c; i++)
			ch->gen[i] = 0;
		ch->cap = c;
	}
	int nm = f->nmems + f->nimems;
	if (ch->nm < nm + 1) {
		ch->loads = xrealloc(ch->loads, (size_t)nm + 1, sizeof *ch->loads);
		ch->stores = xrealloc(ch->stores, (size_t)nm + 1, sizeof *ch->stores);
		ch->nm = nm + 1;
	}
	for (int m = 0; m < ch->nm; m++)
		ch->loads[m] = ch->stores[m] = 0;
	ch->cur++;
	ch->last = -1;
	ch->clock_ns = clock_ns;
}

/* Operand V's end, when an operation of the sequence computes it. */
static void chain_operand(const chain *ch, kval v, int *s, double *t)
{
	if (v.kind == KV_OP && ch->gen[v.id] == ch->cur)
		sched_later(s, t, ch->step[v.id], ch->t_end[v.id]);
}

/* Adds operation ID to the sequence, after its operands: combinational delays chain while the step has time,
 * an on-chip read's data is there a step after its request, a floating-point unit's after its levels. A
 * phi (of a block merged in) is the select it becomes. */
static void chain_op(const kfunc *f, chain *ch, int id)
{
	const kinst *k = &f->insts[id];
	int s = 0;
	double t = 0.0, d = sched_delay(f, NULL, k);
	for (int a = 0; a < k->nargs; a++)
		chain_operand(ch, k->a[a], &s, &t);
	for (int q = 0; q < k->nphi; q++)
		chain_operand(ch, k->phi_val[q], &s, &t);
	if (k->op == K_PHI)
		d = k->nphi > 1 ? 0.3 : 0.0;
	if (t + d > ch->clock_ns && t > 0) {
		s++;
		t = 0.0;
	}
	if (k->op == K_LOAD) {
		ch->loads[k->mem]++;
		s++;
		d = 0.5;
		t = 0.0;
	} else if (k->op == K_STORE) {
		ch->stores[k->mem]++;
	} else if (kop_unit(k->op) == KU_FPU) {
		s += 4; /* a unit's levels, at least (schedule/fp_units.c) */
		d = 0.0;
		t = 0.0;
	}
	ch->step[id] = s;
	ch->t_end[id] = t + d;
	ch->gen[id] = ch->cur;
	if (s > ch->last)
		ch->last = s;
}

/* The steps the sequence takes: its dependences' and its accesses' on the memories' ports (a module port
 * takes an access a step, an on-chip memory two loads or a store). At least one. */
static int chain_steps(const kfunc *f, const chain *ch)
{
	int steps = ch->last + 1 > 1 ? ch->last + 1 : 1;
	for (int m = 0; m < f->nmems + f->nimems; m++) {
		int need = m < f->nmems
		               ? ch->loads[m] + ch->stores[m]
		               : (ch->loads[m] + SCHED_RAM_PORTS - 1) / SCHED_RAM_PORTS + ch->stores[m];
		if (need > steps)
			steps = need;
	}
	return steps;
}

static void chain_free(chain *ch)
{
	free(ch->step);
	free(ch->t_end);
	free(ch->gen);
	free(ch->loads);
	free(ch->stores);
}

/* The steps block B's operations but its branch take alone (chain_op), inputs ready at the start: at least
 * one, as a block of its own takes. */
static int side_steps(const kfunc *f, int b, double clock_ns, chain *ch)
{
	const kblock *bl = &f->blocks[b];
	chain_begin(f, ch, clock_ns);
	for (int j = 0; j < bl->ninsts - 1; j++)
		chain_op(f, ch, bl->insts[j]);
	return chain_steps(f, ch);
}

/* The region cost model. Unconverted, each side is a block of at least one step of its own and the if
 * costs the steps of the side taken; converted, the sides chain behind H's operations and the if costs the
 * longer side's steps whichever way it goes. So an if is converted when its longer side takes at most
 * IFCONV_REGION_STEPS steps, and in a diamond at most one more than the shorter: the path that loses loses
 * little, the other gains its block's step, and the ifs around it may then be converted in turn. */
enum { IFCONV_REGION_STEPS = 2 };

/* What bypass and fold_common may run whichever way H's branch goes: a step's chained logic. */
enum { IFCONV_SPECULATE_STEPS = 1 };

static int worth_it(kfunc *f, const ifshape *s, double clock_ns, chain *ch)
{
	int dt = side_steps(f, s->t, clock_ns, ch);
	int de = s->e >= 0 ? side_steps(f, s->e, clock_ns, ch) : 0;
	int lo = dt < de ? dt : de, hi = dt < de ? de : dt;
	return hi <= IFCONV_REGION_STEPS && (s->e < 0 || hi <= lo + 1);
}

/* Phi entries of block B that came from block FROM now come from block TO. */
static void retarget(kfunc *f, int b, int from, int to)
{
	kblock *bl = &f->blocks[b];
	for (int i = 0; i < bl->ninsts; i++) {
		kinst *k = &f->insts[bl->insts[i]];
		for (int q = 0; k->op == K_PHI && q < k->nphi; q++)
			if (k->phi_block[q] == from)
				k->phi_block[q] = to;
	}
}

/* H's operations but its branch, in a new list with room for block X's and EXTRA more. */
static int *start_list(kfunc *f, int h, int x, int extra, int *n)
{
	kblock *hb = &f->blocks[h];
	int *list = xcalloc((size_t)(hb->ninsts + 2 * f->blocks[x].ninsts + extra), sizeof *list);
	for (*n = 0; *n < hb->ninsts - 1; (*n)++)
		list[*n] = hb->insts[*n];
	return list;
}

/* H's new list LIST of N operations, ending in H's branch TERM. */
static void end_list(kfunc *f, int h, int term, int *list, int n)
{
	kblock *hb = &f->blocks[h];
	list[n++] = term;
	free(hb->insts);
	hb->insts = list;
	hb->ninsts = n;
}

/* The value of C when H's branch goes to its successor IDX (0: the true one): C, or !C as a new operation at
 * the end of LIST. */
static kval edge_cond(kfunc *f, int h, kval c, int idx, unsigned line, int *list, int *n)
{
	if (idx == 0)
		return c;
	int ni = new_op(f, h, K_XOR, 1, line, c, (kval){KV_CONST, 0, 1, 1}, (kval){0});
	list[(*n)++] = ni;
	return op_val(f, ni);
}

/* A successor X of H that only H reaches and that only passes on to Z (its operations speculable and no
 * longer than a step): its operations move into H and H's branch goes straight to Z. The path through X
 * loses X's step; the other path runs X's operations beside H's, in the time H's branch condition takes
 * anyway. Z must not be a successor of H already (its phis would get two values from H: that shape is the
 * triangle of merge_if). Returns 1 when it bypassed one of H's successors. */
static int bypass(kfunc *f, int h, double clock_ns, chain *ch)
{
	kinst *ht = kir_term(f, h);
	if (!ht || ht->op != K_CONDBR || ht->succ[0] == ht->succ[1])
		return 0;
	for (int idx = 0; idx < 2; idx++) {
		int x = ht->succ[idx], y = ht->succ[!idx];
		kinst *xt = kir_term(f, x);
		if (x == 0 || x == h || !xt || xt->op != K_BR)
			continue;
		int z = xt->succ[0];
		if (z == x || z == y || kir_npreds(f, x, -1, -1) != 1 || !ops_ok(f, x, 0) ||
		    side_steps(f, x, clock_ns, ch) > IFCONV_SPECULATE_STEPS)
			continue;
		int n, term = f->blocks[h].insts[f->blocks[h].ninsts - 1];
		int *list = start_list(f, h, x, 2, &n);
		kval p = edge_cond(f, h, f->insts[term].a[0], idx, f->insts[term].line, list, &n);
		take_side(f, x, h, p, list, &n);
		f->insts[term].succ[idx] = z;
		end_list(f, h, term, list, n);
		retarget(f, z, x, h);
		return 1;
	}
	return 0;
}

/* H branches to A or to X, and X (which only H reaches; its operations speculable and no longer than a step)
 * branches to A or to Y: H takes X's operations and branches on (H goes to A) | (X goes to A) to A or Y, as
 * LLVM's FoldBranchToCommonDest does for a cheap X. A short-circuit condition (a || b, a && b) is such a
 * pair of blocks, one state each, where one step decides it. A's phis, reached from H and from X, take a
 * select of the two. Returns 1 when it folded one. */
static int fold_common(kfunc *f, int h, double clock_ns, chain *ch)
{
	kinst *ht = kir_term(f, h);
	if (!ht || ht->op != K_CONDBR || ht->succ[0] == ht->succ[1])
		return 0;
	for (int idx = 0; idx < 2; idx++) {
		int x = ht->succ[idx], a = ht->succ[!idx];
		kinst *xt = kir_term(f, x);
		if (x == 0 || x == h || a == h || !xt || xt->op != K_CONDBR || xt->succ[0] == xt->succ[1] ||
		    (xt->succ[0] != a && xt->succ[1] != a))
			continue;
		int xa = xt->succ[0] == a ? 0 : 1, y = xt->succ[!xa];
		if (y == x || y == h || kir_npreds(f, x, -1, -1) != 1 || !ops_ok(f, x, 0) ||
		    side_steps(f, x, clock_ns, ch) > IFCONV_SPECULATE_STEPS)
			continue;
		kblock *ab = &f->blocks[a];
		int n, term = f->blocks[h].insts[f->blocks[h].ninsts - 1];
		int xterm = f->blocks[x].insts[f->blocks[x].ninsts - 1];
		unsigned line = f->insts[term].line;
		int *list = start_list(f, h, x, 4 + ab->ninsts, &n);
		kval hc = f->insts[term].a[0], xc = f->insts[xterm].a[0];
		kval into_x = edge_cond(f, h, hc, idx, line, list, &n);
		kval h_to_a = edge_cond(f, h, hc, !idx, line, list, &n);
		take_side(f, x, h, into_x, list, &n);
		kval x_to_a = edge_cond(f, h, xc, xa, line, list, &n);
		int go = new_op(f, h, K_OR, 1, line, h_to_a, x_to_a, (kval){0});
		list[n++] = go;
		for (int i = 0; i < ab->ninsts; i++) {
			int id = ab->insts[i];
			if (f->insts[id].op != K_PHI)
				continue;
			kval vh = {KV_CONST, 0, 0, f->insts[id].width}, vx = vh;
			for (int q = 0; q < f->insts[id].nphi; q++)
				if (f->insts[id].phi_block[q] == h)
					vh = f->insts[id].phi_val[q];
				else if (f->insts[id].phi_block[q] == x)
					vx = f->insts[id].phi_val[q];
			int sel = new_op(f, h, K_SELECT, f->insts[id].width, line, h_to_a, vh, vx);
			list[n++] = sel;
			kinst *k = &f->insts[id];
			int w = 0;
			for (int q = 0; q < k->nphi; q++) {
				if (k->phi_block[q] == x)
					continue;
				k->phi_val[w] = k->phi_block[q] == h ? op_val(f, sel) : k->phi_val[q];
				k->phi_block[w++] = k->phi_block[q];
			}
			k->nphi = w;
		}
		kinst *t = &f->insts[term];
		t->a[0] = op_val(f, go);
		t->succ[0] = a;
		t->succ[1] = y;
		end_list(f, h, term, list, n);
		retarget(f, y, x, h);
		return 1;
	}
	return 0;
}

/* Block B's successors into OUT (room for 2 + its cases); how many (a successor reached twice counts once).
 */
static int succs(kfunc *f, int b, int *out)
{
	kinst *t = kir_term(f, b);
	int n = 0;
	if (!t || (t->op != K_BR && t->op != K_CONDBR && t->op != K_SWITCH))
		return 0;
	int all[2 + 64], na = 0;
	all[na++] = t->succ[0];
	if (t->op == K_CONDBR)
		all[na++] = t->succ[1];
	for (int c = 0; t->op == K_SWITCH && c < t->ncases && na < 2 + 64; c++)
		all[na++] = t->case_succ[c];
	for (int i = 0; i < na; i++) {
		int dup = 0;
		for (int j = 0; j < n; j++)
			dup |= out[j] == all[i];
		if (!dup)
			out[n++] = all[i];
	}
	return n;
}

/* The post-dominator sets of F's blocks (a bit set of WORDS words per block; every block for one from which
 * no return is reached). */
static uint64_t *post_dominators(kfunc *f, int words)
{
	int nb = f->nblocks, sc[2 + 64];
	uint64_t *pd = xcalloc((size_t)nb * (size_t)words, sizeof *pd),
	         *tmp = xcalloc((size_t)words, sizeof *tmp);
	for (int b = 0; b < nb; b++) {
		uint64_t *row = &pd[(size_t)b * (size_t)words];
		kinst *t = kir_term(f, b);
		if (t && t->op == K_RET)
			row[b / 64] |= 1ull << (b % 64);
		else
			for (int w = 0; w < words; w++)
				row[w] = ~0ull;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = nb - 1; b >= 0; b--) {
			int ns = succs(f, b, sc);
			if (!ns)
				continue;
			for (int w = 0; w < words; w++)
				tmp[w] = ~0ull;
			for (int i = 0; i < ns; i++)
				for (int w = 0; w < words; w++)
					tmp[w] &= pd[(size_t)sc[i] * (size_t)words + (size_t)w];
			tmp[b / 64] |= 1ull << (b % 64);
			uint64_t *row = &pd[(size_t)b * (size_t)words];
			for (int w = 0; w < words; w++)
				if (row[w] != tmp[w]) {
					row[w] = tmp[w];
					changed = 1;
				}
		}
	}
	free(tmp);
	return pd;
}

/* The nearest block other than H that every path from H to a return passes, from post-dominator sets PD;
 * -1 when there is none. */
static int ipdom(kfunc *f, const uint64_t *pd, int words, int h)
{
	const uint64_t *row = &pd[(size_t)h * (size_t)words];
	int best = -1, best_n = -1;
	for (int p = 0; p < f->nblocks; p++) {
		if (p == h || !(row[p / 64] >> (p % 64) & 1))
			continue;
		int n = 0;
		for (int w = 0; w < words; w++)
			n += __builtin_popcountll(pd[(size_t)p * (size_t)words + (size_t)w]);
		if (n > best_n) {
			best = p;
			best_n = n;
		}
	}
	return best_n >= f->nblocks ? -1 : best; /* a block that reaches no return post-dominates nothing */
}

/* A single-entry, single-exit region: H, the blocks between H and its post-dominator J in an order where
 * every block comes after its predecessors, and J. */
typedef struct region {
	int h, j, n;
	int *order; /* n blocks, H first */
	int *in;    /* per block of F: its index in ORDER + 1, or 0 */
} region;

/* Finds the region at H (its exit J = ipdom): every block reached from H before J, reached only from the
 * region, with no way back into it (no loop inside), each of them only speculable operations and no
 * return. 1 when there is one of two blocks or more. */
static int find_region(kfunc *f, int h, int j, region *r)
{
	int nb = f->nblocks, sc[2 + 64], *stack = xcalloc((size_t)nb + 1, sizeof *stack), sp = 0, ok = 1;
	int *indeg = xcalloc((size_t)nb + 1, sizeof *indeg);
	r->h = h;
	r->j = j;
	r->n = 0;
	for (int b = 0; b < nb; b++)
		r->in[b] = 0;
	/* the blocks reached from H before J (in[] marks them with -1 for now) */
	int *seen = xcalloc((size_t)nb + 1, sizeof *seen), nseen = 0;
	stack[sp++] = h;
	seen[nseen++] = h;
	r->in[h] = -1;
	while (sp && ok) {
		int b = stack[--sp];
		kinst *t = kir_term(f, b);
		if (!t || t->op == K_RET || (b != h && !ops_ok_phis(f, b, 0, 1)))
			ok = 0;
		int ns = succs(f, b, sc);
		for (int i = 0; i < ns && ok; i++) {
			if (sc[i] == h)
				ok = 0;
			else if (sc[i] != j && !r->in[sc[i]]) {
				r->in[sc[i]] = -1;
				seen[nseen++] = sc[i];
				stack[sp++] = sc[i];
			}
		}
	}
	/* single entry: every predecessor of a block of the region is in it; then order them (Kahn) */
	for (int b = 0; ok && b < nb; b++) {
		int ns = succs(f, b, sc);
		for (int i = 0; i < ns; i++) {
			if (sc[i] == j || !r->in[sc[i]])
				continue;
			if (!r->in[b]) {
				if (sc[i] != h)
					ok = 0;
			} else {
				indeg[sc[i]]++;
			}
		}
	}
	if (ok) {
		int head = 0;
		r->order[r->n++] = h;
		while (head < r->n) {
			int b = r->order[head++], ns = succs(f, b, sc);
			for (int i = 0; i < ns; i++)
				if (sc[i] != j && --indeg[sc[i]] == 0)
					r->order[r->n++] = sc[i];
		}
		ok = r->n == nseen && r->n > 1;
	}
	for (int i = 0; i < nseen; i++)
		r->in[seen[i]] = 0;
	for (int i = 0; ok && i < r->n; i++)
		r->in[r->order[i]] = i + 1;
	free(seen);
	free(stack);
	free(indeg);
	return ok;
}

/* Region R runs from a loop's header to the block that loops back, which only R reaches: converted, the
 * loop is one block (the back block merged in), which the pipeliner overlaps unless it divides or copies. */
static int loop_body(kfunc *f, const region *r)
{
	kinst *jt = kir_term(f, r->j);
	if (!jt || jt->op != K_CONDBR || (jt->succ[0] == r->h) == (jt->succ[1] == r->h))
		return 0;
	for (int p = 0; p < f->nblocks; p++) {
		int sc[2 + 64], ns = succs(f, p, sc);
		for (int q = 0; q < ns; q++)
			if (sc[q] == r->j && !r->in[p])
				return 0;
	}
	const int ends[2] = {r->h, r->j};
	for (int e = 0; e < 2; e++) {
		const kblock *bl = &f->blocks[ends[e]];
		for (int q = 0; q < bl->ninsts; q++) {
			kunit u = kop_unit(f->insts[bl->insts[q]].op);
			if (u == KU_DIVIDER || u == KU_COPY)
				return 0;
		}
	}
	return 1;
}

/* Operation ID reads a value the sequence in CH has computed. */
static int chain_depends(const kfunc *f, const chain *ch, int id)
{
	const kinst *k = &f->insts[id];
	for (int a = 0; a < k->nargs; a++)
		if (k->a[a].kind == KV_OP && ch->gen[k->a[a].id] == ch->cur)
			return 1;
	for (int q = 0; q < k->nphi; q++)
		if (k->phi_val[q].kind == KV_OP && ch->gen[k->phi_val[q].id] == ch->cur)
			return 1;
	return 0;
}

/* Adds the operations of R's blocks (and of J's when WITH_J) to CH in order, when ONLY_DEPENDENT only those
 * that read what the sequence has computed; H's phis are inputs. */
static void chain_region(kfunc *f, const region *r, chain *ch, int with_j, int only_dependent)
{
	for (int i = 0; i <= r->n; i++) {
		if (i == r->n && !with_j)
			break;
		const kblock *bl = &f->blocks[i < r->n ? r->order[i] : r->j];
		for (int q = 0; q < bl->ninsts - 1; q++) {
			int id = bl->insts[q];
			if ((i == 0 && f->insts[id].op == K_PHI) ||
			    (only_dependent && !chain_depends(f, ch, id)))
				continue;
			chain_op(f, ch, id);
		}
	}
}

/* The initiation interval the pipeliner can reach at best for region R, a loop's body, converted (a lower
 * bound, as its MII): a module-port access per cycle for all of them, two loads or a store per cycle per
 * on-chip memory (from the whole body chained in CH), and for each phi of H, the cycles from it to the value
 * it takes next, along the operations that depend on it. CH is reused. */
static int body_ii(kfunc *f, const region *r, chain *ch)
{
	int ii = 1, port = 0;
	for (int m = 0; m < f->nmems + f->nimems; m++) {
		int need = (ch->loads[m] + SCHED_RAM_PORTS - 1) / SCHED_RAM_PORTS + ch->stores[m];
		if (m < f->nmems)
			port += ch->loads[m] + ch->stores[m];
		else if (need > ii)
			ii = need;
		if (ch->stores[m] && ch->loads[m] && ch->last + 1 > ii) /* a memory recurrence, at worst */
			ii = ch->last + 1;
	}
	if (port > ii)
		ii = port;
	const kblock *hb = &f->blocks[r->h];
	for (int q = 0; q < hb->ninsts; q++) {
		int pid = hb->insts[q];
		if (f->insts[pid].op != K_PHI)
			continue;
		chain_begin(f, ch, ch->clock_ns);
		ch->step[pid] = 0;
		ch->t_end[pid] = 0.0;
		ch->gen[pid] = ch->cur;
		chain_region(f, r, ch, 1, 1);
		const kinst *k = &f->insts[pid];
		for (int e = 0; e < k->nphi; e++) {
			kval v = k->phi_val[e];
			if (k->phi_block[e] == r->j && v.kind == KV_OP && v.id != pid &&
			    ch->gen[v.id] == ch->cur && ch->step[v.id] + 1 > ii)
				ii = ch->step[v.id] + 1;
		}
	}
	return ii;
}

/* The region cost model. Unconverted, every block is a state of its own, at least one step, and a path
 * through the region costs its blocks' steps; nothing says statically which way a branch goes, so each is
 * taken as even, which gives the steps a run through the region takes on average. Converted, the region's
 * operations chain as one block whichever way its branches go. It is converted when that is no more; a
 * loop's body (loop_body) when its iterations, overlapped, may start no further apart than that, even when
 * one alone takes longer. */
static int region_worth_it(kfunc *f, const region *r, chain *ch, int pipeline)
{
	int sc[2 + 64], body = pipeline && loop_body(f, r);
	double *e = xcalloc((size_t)r->n + 1, sizeof *e);
	for (int i = r->n - 1; i >= 0; i--) {
		int b = r->order[i], ns = succs(f, b, sc);
		double after = 0.0;
		for (int q = 0; q < ns; q++)
			if (sc[q] != r->j)
				after += e[r->in[sc[q]] - 1];
		e[i] = side_steps(f, b, ch->clock_ns, ch) + (ns ? after / ns : 0.0);
	}
	double unconverted = e[0] + (body ? side_steps(f, r->j, ch->clock_ns, ch) : 0);
	free(e);
	chain_begin(f, ch, ch->clock_ns);
	chain_region(f, r, ch, body, 0);
	int converted = chain_steps(f, ch);
	return converted <= unconverted || (body && body_ii(f, r, ch) <= unconverted);
}

/* A 1-bit value: A & B (A or B may be the constant 1). */
static kval and1(kfunc *f, int h, kval a, kval b, unsigned line, int *list, int *n)
{
	if (a.kind == KV_CONST && a.c)
		return b;
	if (b.kind == KV_CONST && b.c)
		return a;
	int id = new_op(f, h, K_AND, 1, line, a, b, (kval){0});
	list[(*n)++] = id;
	return op_val(f, id);
}

static kval or1(kfunc *f, int h, kval a, kval b, unsigned line, int *list, int *n)
{
	if (a.kind == KV_NONE)
		return b;
	int id = new_op(f, h, K_OR, 1, line, a, b, (kval){0});
	list[(*n)++] = id;
	return op_val(f, id);
}

/* The condition under which block Q, running when P holds, branches to block B: P & (Q's branch goes to B).
 */
static kval edge(kfunc *f, int h, int q, kval p, int b, int *list, int *n)
{
	kinst *t = kir_term(f, q);
	unsigned line = t->line;
	kval go = {KV_NONE, 0, 0, 0}, one = {KV_CONST, 0, 1, 1};
	if (t->op == K_BR) {
		go = one;
	} else if (t->op == K_CONDBR) {
		if (t->succ[0] == b && t->succ[1] == b)
			go = one;
		else if (t->succ[0] == b)
			go = t->a[0];
		else
			go = edge_cond(f, h, t->a[0], 1, line, list, n);
	} else { /* a switch: the cases to B, or none of the cases when B is the default */
		kval x = t->a[0], any = {KV_NONE, 0, 0, 0};
		for (int c = 0; c < t->ncases; c++) {
			int id = new_op(f, h, K_ICMP, 1, line, x,
			                (kval){KV_CONST, 0, t->case_val[c], x.width}, (kval){0});
			f->insts[id].pred = KP_EQ;
			list[(*n)++] = id;
			t = kir_term(f, q);
			any = or1(f, h, any, op_val(f, id), line, list, n);
			t = kir_term(f, q);
			if (t->case_succ[c] == b)
				go = or1(f, h, go, op_val(f, id), line, list, n);
			t = kir_term(f, q);
		}
		if (t->succ[0] == b)
			go = or1(f, h, go, any.kind ? edge_cond(f, h, any, 1, line, list, n) : one, line,
			         list, n);
	}
	return and1(f, h, p, go, line, list, n);
}

/* The value phi K (of a block of the region or its exit) takes, over its entries from the region's blocks,
 * as a chain of selects on their edges' conditions (EDGES[i] for the entry from ORDER[i]). */
static kval phi_select(kfunc *f, const region *r, int id, const kval *edges, int *list, int *n)
{
	kval v = {KV_NONE, 0, 0, 0};
	unsigned line = f->insts[id].line;
	for (int q = f->insts[id].nphi - 1; q >= 0; q--) {
		int pb = f->insts[id].phi_block[q];
		if (!r->in[pb])
			continue;
		kval val = f->insts[id].phi_val[q];
		if (v.kind == KV_NONE) {
			v = val;
			continue;
		}
		int sel = new_op(f, r->h, K_SELECT, f->insts[id].width, line, edges[r->in[pb] - 1], val, v);
		list[(*n)++] = sel;
		v = op_val(f, sel);
	}
	return v;
}

/* Converts region R into its head: the blocks' operations in R's order, each block's stores predicated on
 * the condition that the block runs, its phis selects on its incoming edges' conditions, J's phis likewise
 * for the edges into J; H then branches to J. */
static void convert_region(kfunc *f, const region *r)
{
	int h = r->h, cap = 16, n = 0;
	for (int i = 0; i < r->n; i++) {
		int b = r->order[i];
		cap += 3 * f->blocks[b].ninsts + 8;
		kinst *t = kir_term(f, b);
		cap += t->op == K_SWITCH ? 3 * t->ncases + 4 : 0;
	}
	cap += 3 * f->blocks[r->j].ninsts;
	cap *= 2;
	int *list = xcalloc((size_t)cap, sizeof *list);
	kval *run = xcalloc((size_t)r->n + 1, sizeof *run); /* the condition that ORDER[i] runs */
	kval *into =
	    xcalloc((size_t)r->n + 1, sizeof *into); /* the edge from ORDER[i] into the block at hand */
	kblock *hb = &f->blocks[h];
	for (int i = 0; i < hb->ninsts - 1; i++)
		list[n++] = hb->insts[i];
	int hterm = hb->insts[hb->ninsts - 1];
	run[0] = (kval){KV_CONST, 0, 1, 1};
	for (int i = 1; i <= r->n; i++) {
		int b = i < r->n ? r->order[i] : r->j;
		kval p = {KV_NONE, 0, 0, 0};
		for (int q = 0; q < i && q < r->n; q++) {
			int sc[2 + 64], ns = succs(f, r->order[q], sc), hit = 0;
			for (int k = 0; k < ns; k++)
				hit |= sc[k] == b;
			into[q] = (kval){KV_NONE, 0, 0, 0};
			if (hit) {
				into[q] = edge(f, h, r->order[q], run[q], b, list, &n);
				if (i < r->n)
					p = or1(f, h, p, into[q], f->insts[hterm].line, list, &n);
			}
		}
		kblock *bl = &f->blocks[b];
		for (int q = 0; q < bl->ninsts; q++) {
			int id = bl->insts[q];
			if (f->insts[id].op != K_PHI)
				continue;
			kval v = phi_select(f, r, id, into, list, &n);
			kinst *k = &f->insts[id];
			if (i == r->n) { /* J: one entry from H in place of the region's */
				int w = 0;
				for (int e = 0; e < k->nphi; e++)
					if (!r->in[k->phi_block[e]]) {
						k->phi_val[w] = k->phi_val[e];
						k->phi_block[w++] = k->phi_block[e];
					}
				k->phi_val[w] = v;
				k->phi_block[w++] = h;
				k->nphi = w;
				continue;
			}
			free(k->phi_val);
			free(k->phi_block);
			k->phi_val = NULL;
			k->phi_block = NULL;
			k->nphi = 0;
			k->op = K_COPY;
			k->nargs = 1;
			k->a[0] = v;
			k->block = h;
			list[n++] = id;
		}
		if (i == r->n)
			break;
		run[i] = p;
		for (int q = 0; q < bl->ninsts - 1; q++) {
			int id = bl->insts[q];
			kinst *k = &f->insts[id];
			if (k->op == K_COPY && k->block == h)
				continue; /* a phi, taken above */
			if (k->op == K_STORE) {
				kval pr = k->nargs > 2 ? and1(f, h, k->a[2], p, k->line, list, &n) : p;
				k = &f->insts[id];
				k->nargs = 3;
				k->a[2] = pr;
			}
			k->block = h;
			list[n++] = id;
		}
	}
	for (int i = 1; i < r->n; i++) {
		kblock *bl = &f->blocks[r->order[i]];
		kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
		t->block = -1;
		t->nargs = 0;
		bl->ninsts = 0;
	}
	kinst *ht = &f->insts[hterm];
	ht->op = K_BR;
	ht->succ[0] = r->j;
	ht->succ[1] = -1;
	ht->nargs = 0;
	ht->ncases = 0;
	list[n++] = hterm;
	free(hb->insts);
	hb = &f->blocks[h];
	hb->insts = list;
	hb->ninsts = n;
	free(run);
	free(into);
}

/* Converts the regions of F worth it (region_worth_it), the ones deepest in the graph first so that an
 * outer region is weighed with its inner ones converted. Returns how many it converted. */
static int convert_regions(kfunc *f, chain *ch, int pipeline)
{
	int nb = f->nblocks, words = (nb + 63) / 64, done = 0;
	uint64_t *pd = post_dominators(f, words);
	region r = {.order = xcalloc((size_t)nb + 1, sizeof(int)),
	            .in = xcalloc((size_t)nb + 1, sizeof(int))};
	for (int h = nb - 1; h >= 0; h--) {
		kinst *t = kir_term(f, h);
		if (!t || (t->op != K_CONDBR && t->op != K_SWITCH))
			continue;
		int j = ipdom(f, pd, words, h);
		if (j < 0 || !find_region(f, h, j, &r) || !region_worth_it(f, &r, ch, pipeline))
			continue;
		convert_region(f, &r);
		done++;
		break; /* the post-dominators changed */
	}
	free(r.order);
	free(r.in);
	free(pd);
	return done;
}

int ifconv_regions(kfunc *f, double clock_ns, int pipeline)
{
	int n = 0, merged = 0;
	chain ch = {.clock_ns = clock_ns};
	for (;;) { /* each change empties a block */
		int changed = kir_merge_chains(f);
		merged += changed;
		if (convert_regions(f, &ch, pipeline)) {
			n++;
			continue;
		}
		for (int h = 0; h < f->nblocks; h++) {
			ifshape s;
			if (!find_if(f, h, &s) || !side_ok(f, s.t, s.j, 0) ||
			    (s.e >= 0 && !side_ok(f, s.e, s.j, 0)) || !worth_it(f, &s, clock_ns, &ch))
				continue;
			merge_if(f, &s);
			changed++;
			n++;
		}
		for (int h = 0; h < f->nblocks; h++) {
			int did = fold_common(f, h, clock_ns, &ch) || bypass(f, h, clock_ns, &ch);
			changed += did;
			n += did;
		}
		if (!changed)
			break;
	}
	chain_free(&ch);
	if (kir_drop_empty_blocks(f) || n || merged) /* a schedule read with the kernel no longer fits */
		f->nsteps = 0;
	return n;
}
