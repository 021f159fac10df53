// SPDX-License-Identifier: Apache-2.0
/* If-conversion keeps what a kernel computes (a differential test; no Verilator, no LLVM). 2000 random
 * kernels (fixed seeds), each a loop around an acyclic body of nested triangles, diamonds, short-circuit ifs,
 * joins reached from three places, switches and early exits straight to a region's end, run in the reference
 * interpreter (kir_interp.h) on several argument sets as built, after ifconv_regions, and after kiln-cc's
 * passes: ifconv_loops, ifconv_regions, merge_loop_exits (a third of the loops also break out), then
 * store_merge (which may store less often), after tail_duplicate alone, and after switch_fold and load_hoist
 * (the switches' defaults sometimes switch on the same value again, a decoder's second level). Every run of a
 * transformed kernel must reach the return, leave every byte of every memory as the kernel as built does (the
 * results: the latch stores its phis each iteration and the exit the loop's final values, besides the body's
 * own stores), load from module ports as often (they must never be speculated) and store as often. Most
 * kernels must see a conversion and some an ifconv_loops merge, so that the test cannot pass by converting
 * nothing. */
#include "hls/cdfg/ifconv.h"
#include "hls/cdfg/kir_cfg.h"
#include "hls/cdfg/load_hoist.h"
#include "hls/cdfg/loop_exits.h"
#include "hls/cdfg/store_merge.h"
#include "hls/cdfg/switch_fold.h"
#include "hls/cdfg/tail_dup.h"
#include "hls/schedule/dump.h"
#include "test/harness.h"
#include "test/sched/kir_builder.h"
#include "test/sched/kir_interp.h"

enum {
	NKERNELS = 2000,
	NARGSETS = 4,
	MAX_FAILURES = 5, /* kernels that differ before the test stops looking at more */
	MAX_RUN_BLOCKS = 100000,
	/* the generator's limits */
	MAX_BLOCKS = 40, /* no structure is opened beyond it (one adds at most 6 blocks, nested ones check
	                    again) */
	MAX_DEPTH = 3,
	MAX_POOL = 512,
	MAX_JOINS = 64,
	MAX_EDGES = 12, /* into one join: at most 4 from its structure, MAX_EXITS early exits */
	MAX_JPHI = 3,
	MAX_EXITS = 4,
	/* the memories: device memory (a module port), two local arrays the body reads and writes, and the
	 * local array the latch and the exit store the results to */
	NMEMS = 4,
	MEM_BYTES = 64, /* a power of two: addresses are masks */
	OUT_BYTES = 80, /* 16 bytes per iteration (at most 4), the exit's 8 */
	MAX_TRIP = 4
};

enum { S_TRIANGLE, S_DIAMOND, S_SHORT, S_THREE, S_SWITCH, S_NKINDS };

typedef struct rng {
	uint64_t s;
} rng;

/* splitmix64: the same numbers on every host, so that a seed names one kernel everywhere. */
static uint64_t rnext(rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned rnd(rng *r, unsigned n)
{
	return (unsigned)(rnext(r) % n);
}

/* A join block whose predecessors are still being built: each edge into it records, when it is made, the
 * values its phis take along it (values the predecessor may use), and the phis are made once all the edges
 * are known (open_join), before anything else goes into the block. */
typedef struct join {
	int block;
	int nphi;
	int nedge, nexits;
	int from[MAX_EDGES];
	kval val[MAX_EDGES][MAX_JPHI];
} join;

typedef struct kgen {
	kfunc *f;
	rng r;
	/* the values the block at hand may use: arguments, constants aside, and those of the blocks that
	 * dominate it and its own; a structure's sides push theirs and drop them again at its join, so that
	 * SSA dominance holds by construction */
	kval pool[MAX_POOL];
	int npool;
	join joins[MAX_JOINS];
	int njoins;
	int dev, loc[2], out;
	int port_pct; /* percent of the operations that load from device memory, in this kernel */
} kgen;

static void push(kgen *g, kval v)
{
	if (g->npool < MAX_POOL)
		g->pool[g->npool++] = v;
}

/* A value of the pool, a recent one half the time (chains of dependent operations). */
static kval pick(kgen *g)
{
	int n = g->npool;
	if (n > 4 && rnd(&g->r, 2))
		return g->pool[n - 1 - (int)rnd(&g->r, 4)];
	return g->pool[rnd(&g->r, (unsigned)n)];
}

static kval rconst(kgen *g)
{
	switch (rnd(&g->r, 3)) {
	case 0:
		return kb_c(rnd(&g->r, 16), 32);
	case 1:
		return kb_c((uint32_t)rnext(&g->r), 32);
	default:
		return kb_c((uint32_t)(0u - 1u - rnd(&g->r, 4)), 32);
	}
}

/* An operand: a value of the pool, or a constant. */
static kval opnd(kgen *g)
{
	return rnd(&g->r, 4) ? pick(g) : rconst(g);
}

static kval V(kgen *g, int id)
{
	return kb_v(g->f, id);
}

static int op2(kgen *g, int b, kop o, int w, kval x, kval y)
{
	return kb_op(g->f, b, o, w, x, y, KB_NONE);
}

static int icmp(kgen *g, int b, int pred, kval x, kval y)
{
	int id = op2(g, b, K_ICMP, 1, x, y);
	g->f->insts[id].pred = pred;
	return id;
}

static int rpred(kgen *g)
{
	return KP_EQ + (int)rnd(&g->r, 10);
}

/* A 1-bit value in block B, true about as often as not (low bits of varied values). */
static int cond(kgen *g, int b)
{
	switch (rnd(&g->r, 4)) {
	case 0: {
		kval x = pick(g);
		int m = op2(g, b, K_AND, 32, x, kb_c(7, 32)), pred = rpred(g);
		return icmp(g, b, pred, V(g, m), kb_c(rnd(&g->r, 8), 32));
	}
	case 1:
		return op2(g, b, K_TRUNC, 1, pick(g), KB_NONE);
	case 2: {
		kval x = pick(g), s = kb_c(rnd(&g->r, 32), 32);
		int l = op2(g, b, K_LSHR, 32, x, s);
		return op2(g, b, K_TRUNC, 1, V(g, l), KB_NONE);
	}
	default: {
		int pred = rpred(g);
		kval x = pick(g), y = opnd(g);
		return icmp(g, b, pred, x, y);
	}
	}
}

/* A byte offset into a MEM_BYTES memory for an access of BYTES (1, 2 or 4), aligned, whatever value it is
 * made from: speculated accesses compute addresses from values of paths not taken, and these stay inside. */
static kval addr(kgen *g, int b, int bytes)
{
	kval x = pick(g);
	return V(g, op2(g, b, K_AND, 32, x, kb_c((MEM_BYTES - 1) & ~(bytes - 1), 32)));
}

static int access_bytes(kgen *g)
{
	return rnd(&g->r, 3) ? 4 : 1 << rnd(&g->r, 2);
}

/* A load from MEM in block B, extended to 32 bits when narrower; the value's operation. */
static int load(kgen *g, int b, int mem)
{
	int bytes = access_bytes(g);
	kval a = addr(g, b, bytes);
	int id = kb_load(g->f, b, mem, a);
	g->f->insts[id].bytes = bytes;
	g->f->insts[id].width = 8 * bytes;
	if (bytes < 4)
		id = op2(g, b, rnd(&g->r, 2) ? K_ZEXT : K_SEXT, 32, V(g, id), KB_NONE);
	return id;
}

/* A store to MEM in block B; with PREDICATED, one that carries a predicate of its own already (the third
 * operand, as an earlier if-conversion leaves it), which a later conversion must combine with its own. */
static void store(kgen *g, int b, int mem, int predicated)
{
	int bytes = access_bytes(g);
	/* a third of them to one of two fixed words, as the paths of an inlined float_raise store to
	 * float_exception_flags: what store_merge merges once the paths are one block */
	kval a = rnd(&g->r, 3) ? addr(g, b, bytes) : kb_c(rnd(&g->r, 2) ? 0 : 4, 32), d = pick(g),
	     p = KB_NONE;
	if (bytes < 4)
		d = V(g, op2(g, b, K_TRUNC, 8 * bytes, d, KB_NONE));
	if (predicated)
		p = V(g, cond(g, b));
	int id = kb_store(g->f, b, mem, a, d);
	g->f->insts[id].bytes = bytes;
	if (predicated) {
		g->f->insts[id].a[2] = p;
		g->f->insts[id].nargs = 3;
	}
}

/* One random operation (or a few that make one value) in block B. */
static void gen_op(kgen *g, int b)
{
	static const kop bin[] = {K_ADD, K_SUB, K_MUL, K_AND, K_OR, K_XOR, K_SHL, K_LSHR, K_ASHR};
	static const kop minmax[] = {K_UMIN, K_UMAX, K_SMIN, K_SMAX};
	int id;
	if ((int)rnd(&g->r, 100) < g->port_pct) {
		push(g, V(g, load(g, b, g->dev)));
		return;
	}
	switch (rnd(&g->r, 13)) {
	case 0:
	case 1:
	case 2: {
		kop o = bin[rnd(&g->r, 6)];
		kval x = pick(g), y = opnd(g);
		id = op2(g, b, o, 32, x, y);
		break;
	}
	case 3: { /* shifts, by amounts of the width and more too */
		kop o = bin[6 + rnd(&g->r, 3)];
		kval x = pick(g), amt;
		switch (rnd(&g->r, 3)) {
		case 0:
			amt = kb_c(rnd(&g->r, 40), 32);
			break;
		case 1:
			amt = V(g, op2(g, b, K_AND, 32, pick(g), kb_c(31, 32)));
			break;
		default:
			amt = pick(g);
			break;
		}
		id = op2(g, b, o, 32, x, amt);
		break;
	}
	case 4: {
		int c = cond(g, b);
		kval x = pick(g), y = opnd(g);
		id = kb_op(g->f, b, K_SELECT, 32, V(g, c), x, y);
		break;
	}
	case 5: { /* arithmetic on 8 or 16 bits, extended back */
		int w = rnd(&g->r, 2) ? 8 : 16;
		kop o = bin[rnd(&g->r, 9)];
		int x = op2(g, b, K_TRUNC, w, pick(g), KB_NONE);
		int y = op2(g, b, K_TRUNC, w, pick(g), KB_NONE);
		int r = op2(g, b, o, w, V(g, x), V(g, y));
		id = op2(g, b, rnd(&g->r, 2) ? K_ZEXT : K_SEXT, 32, V(g, r), KB_NONE);
		break;
	}
	case 6: {
		kop o = minmax[rnd(&g->r, 4)];
		kval x = pick(g), y = opnd(g);
		id = op2(g, b, o, 32, x, y);
		break;
	}
	case 7:
	case 8:
		id = load(g, b, g->loc[rnd(&g->r, 2)]);
		break;
	case 9:
	case 10: {
		int mem = g->loc[rnd(&g->r, 2)];
		store(g, b, mem, rnd(&g->r, 3) == 0);
		return;
	}
	case 11:
		id = op2(g, b, K_ZEXT, 32, V(g, cond(g, b)), KB_NONE);
		break;
	default:
		/* now and then a store on the module port: a conversion predicates it, never drops it */
		if (rnd(&g->r, 4) == 0) {
			store(g, b, g->dev, rnd(&g->r, 2));
			return;
		}
		id = op2(g, b, K_COPY, 32, pick(g), KB_NONE);
		break;
	}
	push(g, V(g, id));
}

static void gen_ops(kgen *g, int b, int n)
{
	for (int i = 0; i < n; i++)
		gen_op(g, b);
}

static join *new_join(kgen *g)
{
	if (g->njoins == MAX_JOINS) {
		fprintf(stderr, "ifconv_equiv_test: more than %d joins\n", MAX_JOINS);
		abort();
	}
	join *j = &g->joins[g->njoins++];
	memset(j, 0, sizeof *j);
	j->block = kb_block(g->f);
	j->nphi = (int)rnd(&g->r, MAX_JPHI + 1);
	return j;
}

/* Records the edge from block FROM into J, with the values J's phis take along it: FROM's (the pool at hand).
 */
static void edge_to(kgen *g, join *j, int from)
{
	if (j->nedge == MAX_EDGES) {
		fprintf(stderr, "ifconv_equiv_test: more than %d edges into a join\n", MAX_EDGES);
		abort();
	}
	int e = j->nedge++;
	j->from[e] = from;
	for (int p = 0; p < j->nphi; p++)
		j->val[e][p] = opnd(g);
}

static void br_join(kgen *g, int b, join *j)
{
	edge_to(g, j, b);
	kb_br(g->f, b, j->block);
}

/* J's phis, one entry per edge recorded, first in its block; they join the pool. */
static void open_join(kgen *g, join *j)
{
	for (int p = 0; p < j->nphi; p++) {
		int ph = kb_phi(g->f, j->block, 32);
		for (int e = 0; e < j->nedge; e++)
			kb_incoming(g->f, ph, j->val[e][p], j->from[e]);
		push(g, V(g, ph));
	}
}

/* Sometimes a phi of one entry at the top of block B, whose only predecessor is PRED (LLVM leaves them, and
 * a side that has one is still speculable). */
static void single_phi(kgen *g, int b, int pred)
{
	if (rnd(&g->r, 5))
		return;
	int ph = kb_phi(g->f, b, 32);
	kb_incoming(g->f, ph, pick(g), pred);
	push(g, V(g, ph));
}

static int gen_struct(kgen *g, int cur, int depth, join *exitj, int kind, join *into, int straight);

/* Statements from block CUR on, at nesting DEPTH: straight-line operations, structures whose sides nest
 * deeper, and (when EXITJ) early exits straight to EXITJ, the end of a region around. Returns the block the
 * sequence ends in, not yet branching anywhere. */
static int gen_seq(kgen *g, int cur, int depth, join *exitj)
{
	int nstmt = 1 + (int)rnd(&g->r, 3);
	for (int s = 0; s < nstmt; s++) {
		gen_ops(g, cur, (int)rnd(&g->r, 3) + (s == 0));
		if (depth >= MAX_DEPTH || g->f->nblocks > MAX_BLOCKS - 6 || rnd(&g->r, 3) == 0)
			continue;
		if (exitj && exitj->nexits < MAX_EXITS && rnd(&g->r, 5) == 0) {
			int c = cond(g, cur), cont = kb_block(g->f);
			exitj->nexits++;
			edge_to(g, exitj, cur);
			if (rnd(&g->r, 2))
				kb_condbr(g->f, cur, V(g, c), exitj->block, cont);
			else
				kb_condbr(g->f, cur, V(g, c), cont, exitj->block);
			single_phi(g, cont, cur);
			cur = cont; /* CUR dominates it: the pool goes on */
			continue;
		}
		cur = gen_struct(g, cur, depth, exitj, (int)rnd(&g->r, S_NKINDS), NULL, 0);
	}
	return cur;
}

/* A side: block SB, entered from PRED only, its statements (only operations when STRAIGHT), then a branch to
 * J. Its early exits go to J or, now and then, to EXITJ further out. */
static void gen_side(kgen *g, int sb, int pred, int depth, join *j, join *exitj, int straight)
{
	int save = g->npool, end = sb;
	single_phi(g, sb, pred);
	if (straight)
		gen_ops(g, sb, 1 + (int)rnd(&g->r, 3));
	else
		end = gen_seq(g, sb, depth + 1, exitj && rnd(&g->r, 10) < 3 ? exitj : j);
	br_join(g, end, j);
	g->npool = save;
}

/* A two-way branch at the end of block B on a new condition, to T when it holds (or the other way round). */
static void branch(kgen *g, int b, int t, int e)
{
	int c = cond(g, b);
	if (rnd(&g->r, 2))
		kb_condbr(g->f, b, V(g, c), t, e);
	else
		kb_condbr(g->f, b, V(g, c), e, t);
}

/* Block D, the default of a switch on SEL (x & 3) whose NCASES cases took the first of VALS, decodes a
 * little and switches on SEL again, as an instruction decoder's second level (what switch_fold takes): on
 * the values left but the last, which its default takes to J, and on VALS[0], which never reaches it. */
static void nested_switch(kgen *g, int d, int sel, const int *vals, int ncases, int depth, join *j,
                          join *exitj, int straight)
{
	kfunc *f = g->f;
	int save = g->npool, n = 4 - ncases, sides[4];
	gen_ops(g, d, (int)rnd(&g->r, 3));
	edge_to(g, j, d);
	int sw = kb_op(f, d, K_SWITCH, 0, V(g, sel), KB_NONE, KB_NONE);
	for (int c = 0; c < n; c++)
		sides[c] = kb_block(f);
	kinst *k = &f->insts[sw];
	k->succ[0] = j->block;
	k->ncases = n;
	k->case_val = malloc((size_t)n * sizeof *k->case_val);
	k->case_succ = malloc((size_t)n * sizeof *k->case_succ);
	for (int c = 0; c < n; c++) {
		k->case_val[c] = (uint64_t)(c < n - 1 ? vals[ncases + c] : vals[0]);
		k->case_succ[c] = sides[c];
	}
	for (int c = 0; c < n; c++)
		gen_side(g, sides[c], d, depth, j, exitj, straight);
	g->npool = save;
}

/* Block D, a case of a switch whose default is J (its edge into J is J's edge OUTER), decodes a field of
 * another value and switches on it, with J for default too (a decoder's case with a second level on another
 * field: what switch_fold's case fold takes); most of the time its edge into J carries the switch's values,
 * so that the fold may take it. */
static void field_switch(kgen *g, int d, int outer, int depth, join *j, join *exitj, int straight)
{
	kfunc *f = g->f;
	int save = g->npool, sides[2];
	gen_ops(g, d, (int)rnd(&g->r, 3));
	int sel = op2(g, d, K_AND, 32, V(g, op2(g, d, K_LSHR, 32, pick(g), kb_c(2, 32))), kb_c(3, 32));
	edge_to(g, j, d);
	if (rnd(&g->r, 3))
		for (int p = 0; p < j->nphi; p++)
			j->val[j->nedge - 1][p] = j->val[outer][p];
	int sw = kb_op(f, d, K_SWITCH, 0, V(g, sel), KB_NONE, KB_NONE);
	for (int c = 0; c < 2; c++)
		sides[c] = kb_block(f);
	kinst *k = &f->insts[sw];
	k->succ[0] = j->block;
	k->ncases = 2;
	k->case_val = malloc(2 * sizeof *k->case_val);
	k->case_succ = malloc(2 * sizeof *k->case_succ);
	int first = (int)rnd(&g->r, 4);
	for (int c = 0; c < 2; c++) {
		k->case_val[c] = (uint64_t)((first + c) & 3);
		k->case_succ[c] = sides[c];
	}
	for (int c = 0; c < 2; c++)
		gen_side(g, sides[c], d, depth, j, exitj, straight);
	g->npool = save;
}

/* A structure of KIND at the end of block CUR, rejoining at a new join, or at INTO (then the sequence ends
 * there: returns -1); with STRAIGHT its sides are single blocks of operations. Returns the join's block, its
 * phis made. */
static int gen_struct(kgen *g, int cur, int depth, join *exitj, int kind, join *into, int straight)
{
	kfunc *f = g->f;
	join *j = into ? into : new_join(g);
	int save = g->npool;
	switch (kind) {
	case S_TRIANGLE: { /* cur -> t -> j, cur -> j */
		int t = kb_block(f);
		edge_to(g, j, cur);
		branch(g, cur, t, j->block);
		gen_side(g, t, cur, depth, j, exitj, straight);
		break;
	}
	case S_DIAMOND: { /* cur -> t -> j, cur -> e -> j */
		int t = kb_block(f), e = kb_block(f);
		branch(g, cur, t, e);
		gen_side(g, t, cur, depth, j, exitj, straight);
		gen_side(g, e, cur, depth, j, exitj, straight);
		break;
	}
	case S_SHORT: { /* if (a && b) / if (a || b): cur -> x or j, x -> t or j, t -> j */
		int x = kb_block(f), t = kb_block(f);
		edge_to(g, j, cur);
		branch(g, cur, x, j->block);
		single_phi(g, x, cur);
		gen_ops(g, x, (int)rnd(&g->r, 2));
		edge_to(g, j, x);
		branch(g, x, t, j->block);
		gen_side(g, t, x, depth, j, exitj, straight);
		break;
	}
	case S_THREE: { /* if (a) A else if (b) B else C: j reached from three blocks */
		int a = kb_block(f), x = kb_block(f);
		branch(g, cur, a, x);
		gen_side(g, a, cur, depth, j, exitj, straight);
		int xsave = g->npool;
		single_phi(g, x, cur);
		gen_ops(g, x, (int)rnd(&g->r, 3));
		int b = kb_block(f), c = kb_block(f);
		branch(g, x, b, c);
		gen_side(g, b, x, depth, j, exitj, straight);
		gen_side(g, c, x, depth, j, exitj, straight);
		g->npool = xsave;
		break;
	}
	default: { /* switch (x & 3) with 2 or 3 cases, each a side; the default a side or j itself */
		kval x = pick(g);
		int sel = op2(g, cur, K_AND, 32, x, kb_c(3, 32));
		int ncases = 2 + (int)rnd(&g->r, 2), vals[4] = {0, 1, 2, 3}, sides[4];
		for (int i = 3; i > 0; i--) {
			int k = (int)rnd(&g->r, (unsigned)i + 1), t = vals[i];
			vals[i] = vals[k];
			vals[k] = t;
		}
		for (int c = 0; c < ncases; c++)
			sides[c] = kb_block(f);
		int dflt = rnd(&g->r, 2) ? kb_block(f) : -1;
		if (dflt < 0)
			edge_to(g, j, cur);
		int sw = kb_op(f, cur, K_SWITCH, 0, V(g, sel), KB_NONE, KB_NONE);
		kinst *k = &f->insts[sw];
		k->succ[0] = dflt >= 0 ? dflt : j->block;
		k->ncases = ncases;
		k->case_val = malloc((size_t)ncases * sizeof *k->case_val);
		k->case_succ = malloc((size_t)ncases * sizeof *k->case_succ);
		for (int c = 0; c < ncases; c++) {
			k->case_val[c] = (uint64_t)vals[c];
			k->case_succ[c] = sides[c];
		}
		for (int c = 0; c < ncases; c++)
			if (c == 0 && dflt < 0 && rnd(&g->r, 3) == 0)
				field_switch(g, sides[c], j->nedge - 1, depth, j, exitj, straight);
			else
				gen_side(g, sides[c], cur, depth, j, exitj, straight);
		if (dflt >= 0 && rnd(&g->r, 3) == 0)
			nested_switch(g, dflt, sel, vals, ncases, depth, j, exitj, straight);
		else if (dflt >= 0)
			gen_side(g, dflt, cur, depth, j, exitj, straight);
		break;
	}
	}
	g->npool = save;
	if (into)
		return -1;
	open_join(g, j);
	return j->block;
}

/* Kernel SEED: for (i = 0; ; ) { acc, phis = BODY(args, i, acc); out[i] = phis, acc'; if (++i >= arg0) break;
 * } out[end] = acc', i. Blocks: 0 entry, 1 the loop header, 2 the latch, 3 the exit, then the body's.
 * Arguments: 0 the trip count (at most MAX_TRIP, and at least one iteration), 1..3 data. */
static void gen(kfunc *f, unsigned seed)
{
	kgen *g = calloc(1, sizeof *g);
	g->f = f;
	g->r.s = (uint64_t)seed * 0x2545f4914f6cdd1dull + 1;
	kb_init(f, 4);
	g->dev = kb_mem(f, MEM_DEVMEM);
	g->loc[0] = kb_mem(f, MEM_LOCAL);
	g->loc[1] = kb_mem(f, MEM_LOCAL);
	g->out = kb_mem(f, MEM_LOCAL);
	for (int m = 0; m < NMEMS; m++)
		f->mems[m].size = m == g->out ? OUT_BYTES : MEM_BYTES;
	g->port_pct = rnd(&g->r, 5) < 2 ? 6 : 0;
	int entry = kb_block(f), head = kb_block(f);
	join *latch = new_join(g);
	int exit = kb_block(f);
	for (int a = 1; a < 4; a++)
		push(g, kb_arg(a));
	gen_ops(g, entry, (int)rnd(&g->r, 3));
	kb_br(f, entry, head);

	int i = kb_phi(f, head, 32), acc = kb_phi(f, head, 32);
	kb_incoming(f, i, kb_c(0, 32), entry);
	kb_incoming(f, acc, opnd(g), entry);
	push(g, V(g, i));
	push(g, V(g, acc));
	gen_ops(g, head, (int)rnd(&g->r, 3));
	int hsave = g->npool; /* what the latch and the exit may use besides the latch's phis */
	if (rnd(&g->r, 4) == 0) {
		/* what ifconv_loops takes: the header branches into a triangle or a diamond rejoining at the
		 * latch */
		gen_struct(g, head, 1, NULL, rnd(&g->r, 2) ? S_TRIANGLE : S_DIAMOND, latch, 1);
	} else {
		int end = gen_seq(g, head, 0, latch);
		if (rnd(&g->r, 3) == 0 && f->nblocks <= MAX_BLOCKS - 6)
			gen_struct(g, end, 1, latch, (int)rnd(&g->r, S_NKINDS), latch, 0);
		else
			br_join(g, end, latch);
	}
	g->npool = hsave;
	open_join(g, latch);
	/* A third of the loops also break out of the latch's start (a search loop: what merge_loop_exits
	 * takes), to an exit of their own or to the loop's exit, whose phis then tell the edges apart. */
	int lb = latch->block, brk = -1, exit_acc = -1, exit_i = -1;
	kval brk_i = {KV_NONE};
	int brk_kind = f->nblocks <= MAX_BLOCKS - 3 ? (int)rnd(&g->r, 6) : 5;
	if (brk_kind < 2) {
		int c = icmp(g, lb, KP_EQ, V(g, op2(g, lb, K_AND, 32, pick(g), kb_c(7, 32))), kb_c(3, 32));
		brk_i = V(g, op2(g, lb, K_XOR, 32, V(g, i), kb_c(0x40000000u, 32)));
		int rest = kb_block(f);
		brk = brk_kind == 0 ? kb_block(f) : exit;
		kb_condbr(f, lb, V(g, c), brk, rest);
		lb = rest;
	}

	/* out[16 i + 4 p] = the latch's phis, out[16 i + 12] = acc' */
	int base = op2(g, lb, K_SHL, 32, V(g, op2(g, lb, K_AND, 32, V(g, i), kb_c(3, 32))), kb_c(4, 32));
	kval next_acc = V(g, acc);
	for (int p = 0; p < latch->nphi; p++) {
		kval ph = g->pool[hsave + p];
		int at = op2(g, lb, K_OR, 32, V(g, base), kb_c(4u * (unsigned)p, 32));
		kb_store(f, lb, g->out, V(g, at), ph);
		next_acc = V(g, op2(g, lb, p % 2 ? K_XOR : K_ADD, 32,
		                    V(g, op2(g, lb, K_MUL, 32, next_acc, kb_c(31, 32))), ph));
	}
	if (!latch->nphi)
		next_acc = V(g, op2(g, lb, K_ADD, 32, next_acc, pick(g)));
	int at = op2(g, lb, K_OR, 32, V(g, base), kb_c(12, 32));
	kb_store(f, lb, g->out, V(g, at), next_acc);
	kb_incoming(f, acc, next_acc, lb);
	int inext = op2(g, lb, K_ADD, 32, V(g, i), kb_c(1, 32));
	kb_incoming(f, i, V(g, inext), lb);
	if (rnd(&g->r, 2)) {
		int c = icmp(g, lb, KP_ULT, V(g, inext), kb_arg(0));
		kb_condbr(f, lb, V(g, c), head, exit);
	} else {
		int c = icmp(g, lb, KP_UGE, V(g, inext), kb_arg(0));
		kb_condbr(f, lb, V(g, c), exit, head);
	}

	kval out_acc = next_acc, out_i = V(g, inext);
	if (brk == exit) { /* both edges into the exit */
		exit_acc = kb_phi(f, exit, 32);
		kb_incoming(f, exit_acc, V(g, acc), latch->block);
		kb_incoming(f, exit_acc, next_acc, lb);
		exit_i = kb_phi(f, exit, 32);
		kb_incoming(f, exit_i, brk_i, latch->block);
		kb_incoming(f, exit_i, V(g, inext), lb);
		out_acc = V(g, exit_acc);
		out_i = V(g, exit_i);
	} else if (brk >= 0) {
		kb_store(f, brk, g->out, kb_c(OUT_BYTES - 8, 32), V(g, acc));
		kb_store(f, brk, g->out, kb_c(OUT_BYTES - 4, 32), brk_i);
		kb_ret(f, brk);
	}
	kb_store(f, exit, g->out, kb_c(OUT_BYTES - 8, 32), out_acc);
	kb_store(f, exit, g->out, kb_c(OUT_BYTES - 4, 32), out_i);
	kb_ret(f, exit);
	free(g);
}

/* One run: its end, what it did and the memories it left. */
typedef struct outcome {
	int rc;
	char why[256];
	ki_stats st;
	uint8_t mem[NMEMS][OUT_BYTES];
} outcome;

static void run(const kfunc *f, const uint64_t *args, uint8_t init[NMEMS][OUT_BYTES], outcome *o)
{
	uint8_t *mems[NMEMS];
	memcpy(o->mem, init, sizeof o->mem);
	for (int m = 0; m < NMEMS; m++)
		mems[m] = o->mem[m];
	o->rc = ki_run(f, args, mems, MAX_RUN_BLOCKS, &o->st, o->why, sizeof o->why);
}

/* Transformed run B did what run A of the kernel as built did; else 0, what differs in WHY. */
static int same(const kfunc *f, const outcome *a, const outcome *b, char *why, size_t n, int merged)
{
	if (b->rc != KI_OK) {
		snprintf(why, n, "the run fails (%d): %s", b->rc, b->why);
		return 0;
	}
	for (int m = 0; m < NMEMS; m++)
		for (uint32_t x = 0; x < f->mems[m].size; x++)
			if (a->mem[m][x] != b->mem[m][x]) {
				snprintf(why, n, "memory %d byte %u is 0x%02x, want 0x%02x", m, x,
				         b->mem[m][x], a->mem[m][x]);
				return 0;
			}
	if (a->st.port_loads != b->st.port_loads) {
		snprintf(why, n, "%ld loads from device memory, want %ld", b->st.port_loads,
		         a->st.port_loads);
		return 0;
	}
	if (merged ? b->st.stores > a->st.stores : b->st.stores != a->st.stores) {
		snprintf(why, n, "%ld stores, want %s%ld", b->st.stores, merged ? "at most " : "",
		         a->st.stores);
		return 0;
	}
	return 1;
}

int main(void)
{
	int kernels = 0, converted = 0, loop_merged = 0, conversions = 0, failures = 0, bad = 0;
	int fail_regions = 0, fail_loops = 0, fail_dup = 0, dumped = 0, duplicated = 0, exits_merged = 0;
	int fail_fold = 0, folded = 0, hoisted = 0;
	long blocks_before = 0, blocks_after = 0, stores_merged = 0;
	static uint8_t init[NMEMS][OUT_BYTES];
	static outcome o0, o1, o2, o3, o4;
	for (unsigned seed = 1; seed <= NKERNELS && failures < MAX_FAILURES; seed++) {
		kfunc f0, f1, f2, f3, f4;
		gen(&f0, seed);
		gen(&f4, seed);
		gen(&f1, seed);
		gen(&f2, seed);
		gen(&f3, seed);
		int nf = switch_fold(&f4, 10.0), nh = load_hoist(&f4, 10.0);
		kir_drop_empty_blocks(&f4);
		folded += nf;
		hoisted += nh;
		int nd = tail_duplicate(&f3, 10.0);
		kir_drop_empty_blocks(&f3);
		duplicated += nd;
		int n1 = ifconv_regions(&f1, 10.0, 1);
		int nl = ifconv_loops(&f2);
		int n2 = nl + ifconv_regions(&f2, 10.0, 1);
		exits_merged += merge_loop_exits(&f2);
		kir_drop_empty_blocks(&f2);
		stores_merged += store_merge(&f2);
		kernels++;
		converted += n1 > 0;
		conversions += n1;
		loop_merged += nl > 0;
		blocks_before += f0.nblocks;
		blocks_after += f1.nblocks;
		rng r = {(uint64_t)seed * 0x9e3779b97f4a7c15ull ^ 0x5eedull};
		for (int set = 0; set < NARGSETS; set++) {
			uint64_t args[4] = {rnd(&r, MAX_TRIP + 1), 0, 0, 0};
			for (int a = 1; a < 4; a++)
				args[a] = rnd(&r, 2) ? rnd(&r, 16) : (uint32_t)rnext(&r);
			for (int m = 0; m < NMEMS; m++)
				for (int x = 0; x < OUT_BYTES; x++)
					init[m][x] = (uint8_t)rnext(&r);
			run(&f0, args, init, &o0);
			if (o0.rc != KI_OK || o0.st.oob_loads) {
				printf("# seed %u, argument set %d: the kernel as built fails "
				       "(%d, %ld loads outside their memory): %s\n",
				       seed, set, o0.rc, o0.st.oob_loads, o0.why);
				bad++;
				failures++;
				if (!dumped++)
					kir_dump(&f0, stdout);
				break;
			}
			char why[320];
			const kfunc *t = NULL;
			run(&f1, args, init, &o1);
			if (!same(&f0, &o0, &o1, why, sizeof why, 0)) {
				printf("# seed %u, argument set %d: after ifconv_regions "
				       "(%d conversions), %s\n",
				       seed, set, n1, why);
				fail_regions++;
				t = &f1;
			}
			run(&f2, args, init, &o2);
			if (!same(&f0, &o0, &o2, why, sizeof why, 1)) {
				printf("# seed %u, argument set %d: after ifconv_loops (%d merged) "
				       "and ifconv_regions (%d conversions), %s\n",
				       seed, set, nl, n2 - nl, why);
				fail_loops++;
				t = t ? t : &f2;
			}
			run(&f3, args, init, &o3);
			if (!same(&f0, &o0, &o3, why, sizeof why, 0)) {
				printf("# seed %u, argument set %d: after tail_duplicate (%d blocks), %s\n",
				       seed, set, nd, why);
				fail_dup++;
				t = t ? t : &f3;
			}
			run(&f4, args, init, &o4);
			if (!same(&f0, &o0, &o4, why, sizeof why, 0)) {
				printf("# seed %u, argument set %d: after switch_fold (%d) and load_hoist "
				       "(%d), %s\n",
				       seed, set, nf, nh, why);
				fail_fold++;
				t = t ? t : &f4;
			}
			if (t) { /* one report per kernel: the next seed */
				failures++;
				if (!dumped++) { /* the first failure's kernel, before and after */
					printf("# seed %u as built:\n", seed);
					kir_dump(&f0, stdout);
					printf("# seed %u transformed:\n", seed);
					kir_dump(t, stdout);
				}
				break;
			}
		}
		kfunc_free(&f0);
		kfunc_free(&f1);
		kfunc_free(&f2);
		kfunc_free(&f3);
		kfunc_free(&f4);
	}
	printf("# %d kernels: %d with a conversion by ifconv_regions (%d conversions, %ld blocks to %ld), "
	       "%d with a loop merged by ifconv_loops, %ld stores merged, %d join blocks tail-duplicated, %d "
	       "loops' exits merged, %d switches folded, %d loads hoisted\n",
	       kernels, converted, conversions, blocks_before, blocks_after, loop_merged, stores_merged,
	       duplicated, exits_merged, folded, hoisted);
	KT_CHECK(bad == 0, "the random kernels run to their return as built", "%d do not (seeds above)", bad);
	KT_CHECK(fail_regions == 0, "ifconv_regions keeps what random kernels compute",
	         "%d differ (seeds above)", fail_regions);
	KT_CHECK(
	    fail_loops == 0,
	    "ifconv_loops, ifconv_regions, merge_loop_exits and store_merge keep what random kernels compute",
	    "%d differ (seeds above)", fail_loops);
	KT_CHECK(fail_dup == 0, "tail_duplicate keeps what random kernels compute", "%d differ (seeds above)",
	         fail_dup);
	KT_CHECK(fail_fold == 0, "switch_fold and load_hoist keep what random kernels compute",
	         "%d differ (seeds above)", fail_fold);
	KT_CHECK(folded * 20 > kernels, "switch_fold folds a nested switch of some random kernels",
	         "%d in %d", folded, kernels);
	KT_CHECK(hoisted * 20 > kernels, "load_hoist moves a header's load of some random kernels",
	         "%d in %d", hoisted, kernels);
	KT_CHECK(duplicated * 10 > kernels, "tail_duplicate copies a join block of some random kernels",
	         "%d in %d", duplicated, kernels);
	KT_CHECK(exits_merged * 20 > kernels, "merge_loop_exits makes some random kernels' loops one block",
	         "%d of %d", exits_merged, kernels);
	KT_CHECK(converted * 2 > kernels, "most random kernels see an if-conversion", "%d of %d", converted,
	         kernels);
	KT_CHECK(loop_merged * 20 > kernels, "ifconv_loops merges the loop of some random kernels",
	         "%d of %d", loop_merged, kernels);
	KT_CHECK(stores_merged >= 20, "store_merge merges stores of some random kernels", "%ld in %d",
	         stores_merged, kernels);
	return KT_DONE();
}
