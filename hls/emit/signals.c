// SPDX-License-Identifier: Apache-2.0
#include "signals.h"

#include "../schedule/oplib.h"

#include "read_queue.h"

#include <inttypes.h>

/* A signal binding did not make gets a mark dead_signals refuses: harmless in a reference an emitter
 * computes and does not print, an internal error in the module. */
static const char *mark(ectx *e, char kind, int sig)
{
	if (sig < 0 || sig >= e->bd->nsigs)
		return rb_str(e->rb, "%c-%c", kind, EMIT_SIG_END);
	return rb_str(e->rb, "%c%d%c", kind, sig, EMIT_SIG_END);
}

const char *emit_use(ectx *e, int sig)
{
	return mark(e, EMIT_SIG_USE, sig);
}

const char *emit_def(ectx *e, int sig)
{
	return mark(e, EMIT_SIG_DEF, sig);
}

const char *emit_use_of(ectx *e, bind_sig_kind kind, int i, int st)
{
	return emit_use(e, bind_sig(e->bd, kind, i, st));
}

const char *emit_def_of(ectx *e, bind_sig_kind kind, int i, int st)
{
	return emit_def(e, bind_sig(e->bd, kind, i, st));
}

const char *emit_state(ectx *e, int s)
{
	/* a step binding has no state for is an emitter's error: a mark dead_signals refuses */
	return s >= 0 && s < e->bd->nstates ? e->bd->state[s] : mark(e, EMIT_SIG_USE, -1);
}

const char *emit_in_state(ectx *e, int s)
{
	return rb_str(e->rb, "state_q == %s", emit_state(e, s));
}

int emit_pipe_ctx(const kfunc *f, int b, int slot)
{
	return -2 - (slot * f->nblocks + b);
}

int emit_pipe_use_ctx(const kfunc *f, const kinst *k, int slot)
{
	return kir_pipelined(f, k->block) ? emit_pipe_ctx(f, k->block, slot) : k->step;
}

const char *emit_fpu_out(ectx *e, int i)
{
	if (kir_pipelined(e->f, e->f->insts[i].block))
		return rb_str(e->rb, "fp%d_y", i);
	return rb_str(e->rb, "fu%d_y", e->bd->fpu[i]);
}

/* Operand text of operation V used at context CTX when V belongs to a pipelined block, or the use is inside
 * one; NULL when the ordinary rules apply. */
static const char *pipe_ref(ectx *e, int v, int ctx)
{
	const kfunc *f = e->f;
	const kinst *d = &f->insts[v];
	if (ctx >= 0)
		return kir_pipelined(f, d->block)
		           ? emit_use_of(e, SIG_REG, v, 0) /* after the loop: the last value */
		           : NULL;
	int x = -2 - ctx, b = x % f->nblocks, slot = x / f->nblocks;
	if (d->block != b)
		return emit_use_of(e, SIG_REG, v, 0);
	if (d->op != K_PHI && d->pslot == slot)
		return emit_use_of(e, SIG_WIRE, v, 0);
	if (d->op == K_PHI) {
		/* read in the slot its value is computed (kir_back_gap 0): straight from the iteration
		 * before, one stage on, or the value it entered with when there is none. The back value is
		 * named by what it is made of (the unit's output, the copy's source), declared before any
		 * wire that reads it. */
		const bind_pipe_value *p = &e->bd->pv[v];
		if (p->back >= 0 && slot == p->def) {
			const kinst *bk = &f->insts[p->back];
			const char *src = kop_unit(bk->op) == KU_FPU
			                      ? emit_fpu_out(e, p->back)
			                      : emit_ref(e, bk->a[0], emit_pipe_ctx(f, b, bk->pslot));
			return rb_str(e->rb, "(pl%d_v[%d] ? %s : %s)", b, p->sd + 1, src,
			              emit_use_of(e, SIG_STAGE, v, p->sd));
		}
	}
	return emit_use_of(e, SIG_STAGE, v, slot / f->blocks[b].ii);
}

const char *emit_ref(ectx *e, kval v, int ctx)
{
	const kfunc *f = e->f;
	switch (v.kind) {
	case KV_CONST:
		return rb_str(e->rb, "%d'h%" PRIx64, v.width, v.c);
	case KV_ARG:
		if (v.width < f->args[v.id].width)
			return rb_str(e->rb, "arg_%d[%d:0]", v.id, v.width - 1);
		return rb_str(e->rb, "arg_%d", v.id);
	case KV_OP: {
		const char *p = pipe_ref(e, v.id, ctx);
		if (p)
			return p;
		const kinst *d = &f->insts[v.id];
		if (d->op == K_PHI && d->edge && ctx == f->blocks[d->block].first_step)
			/* the memory's data, there in this step only: every incoming load is alone on
			 * the memory's first port, so the first one's word is each one's */
			return emit_use_of(e, SIG_WIRE, d->phi_val[0].id, 0);
		return emit_use_of(e, d->op != K_PHI && d->step == ctx ? SIG_WIRE : SIG_REG, v.id, 0);
	}
	default:
		return "1'b0";
	}
}

const char *emit_ref_bit(ectx *e, kval v, int bit, int ctx)
{
	if (v.kind == KV_CONST)
		return rb_str(e->rb, "1'b%d", (int)((v.c >> bit) & 1));
	if (v.kind == KV_ARG)
		return rb_str(e->rb, "arg_%d[%d]", v.id, bit);
	return rb_str(e->rb, "%s[%d]", emit_ref(e, v, ctx), bit);
}

const char *emit_ref_slice(ectx *e, kval v, int hi, int lo, int ctx)
{
	if (v.kind == KV_CONST)
		return rb_str(e->rb, "%d'h%" PRIx64, hi - lo + 1,
		              (uint64_t)((v.c >> lo) & ((1ULL << (hi - lo + 1)) - 1)));
	if (v.kind == KV_ARG)
		return rb_str(e->rb, "arg_%d[%d:%d]", v.id, hi, lo);
	return rb_str(e->rb, "%s[%d:%d]", emit_ref(e, v, ctx), hi, lo);
}

const char *emit_ref_low(ectx *e, kval v, int n, int ctx)
{
	return n >= v.width ? emit_ref(e, v, ctx) : emit_ref_slice(e, v, n - 1, 0, ctx);
}

/* A multiplier's operand: a shared multiplier's operand register REG of BITS bits, or else operand V of an
 * operation from its bit TZ up, read at context CTX. */
typedef struct mul_src {
	const char *reg;
	int bits;
	kval v;
	int tz, ctx;
} mul_src;

/* Bits LO..LO+N-1 of operand S, sign-extended past the value's width. */
static const char *src_bits(ectx *e, const mul_src *s, int lo, int n)
{
	if (s->reg)
		return lo == 0 && n == s->bits ? s->reg : rb_str(e->rb, "%s[%d:%d]", s->reg, lo + n - 1, lo);
	int w = s->v.width;
	lo += s->tz;
	if (lo == 0)
		return emit_ref_low(e, s->v, n, s->ctx); /* no more than the value's bits: its known width */
	if (lo + n <= w)
		return emit_ref_slice(e, s->v, lo + n - 1, lo, s->ctx);
	const char *sign = emit_ref_bit(e, s->v, w - 1, s->ctx);
	if (lo >= w)
		return rb_str(e->rb, "{%d{%s}}", n, sign);
	return rb_str(e->rb, "{{%d{%s}}, %s}", lo + n - w, sign, emit_ref_slice(e, s->v, w - 1, lo, s->ctx));
}

/* The YBITS-bit product of A (ABITS bits) by B (BBITS <= ABITS), as sched_mul_split says to write it. */
static const char *product(ectx *e, const mul_src *a, int abits, const mul_src *b, int bbits, int ybits)
{
	const char *nb = src_bits(e, b, 0, bbits);
	int c = sched_mul_split(abits, bbits, ybits);
	if (!c)
		return rb_str(e->rb, "$signed(%s) * $signed(%s)", src_bits(e, a, 0, abits), nb);
	/* the low slices unsigned (a zero sign in front), the last one signed */
	const char *sum = "";
	for (int lo = 0; lo < abits && lo < ybits; lo += c) {
		int last = abits - lo <= c + 1;
		const char *slice = last ? rb_str(e->rb, "$signed(%s)", src_bits(e, a, lo, abits - lo))
		                         : rb_str(e->rb, "$signed({1'b0, %s})", src_bits(e, a, lo, c));
		const char *p = rb_str(e->rb, "$signed(%s) * %s", nb, slice);
		sum = lo ? rb_str(e->rb, "%s + ((%s) << %d)", sum, p, lo) : rb_str(e->rb, "(%s)", p);
		if (last)
			break;
	}
	return sum;
}

const char *emit_mul_operand(ectx *e, int i, int a, int bits, int ctx)
{
	const bind_mul *m = &e->bd->mul[i];
	mul_src s = {NULL, 0, e->f->insts[i].a[a ^ m->swap], a ? m->btz : m->atz, ctx};
	return src_bits(e, &s, 0, bits);
}

const char *emit_mul_own(ectx *e, int i, int ctx)
{
	const bind_mul *m = &e->bd->mul[i];
	const kinst *k = &e->f->insts[i];
	int s = m->atz + m->btz;
	mul_src a = {NULL, 0, k->a[m->swap], m->atz, ctx}, b = {NULL, 0, k->a[!m->swap], m->btz, ctx};
	const char *y = product(e, &a, m->abits, &b, m->bbits, k->width - s);
	return s ? rb_str(e->rb, "(%s) << %d", y, s) : y;
}

const char *emit_mul_unit_product(ectx *e, int u)
{
	const bind_mul_unit *m = &e->bd->mul_unit[u];
	mul_src a = {rb_str(e->rb, "mu%d_a", u), m->abits, {0}, 0, 0},
	        b = {rb_str(e->rb, "mu%d_b", u), m->bbits, {0}, 0, 0};
	return product(e, &a, m->abits, &b, m->bbits, m->width);
}

const char *emit_mul_shared(ectx *e, int i)
{
	int s = e->bd->mul[i].atz + e->bd->mul[i].btz;
	return s ? rb_str(e->rb, "mu%d_y << %d", e->bd->mul[i].unit, s)
	         : rb_str(e->rb, "mu%d_y", e->bd->mul[i].unit);
}

const char *emit_pipe_at(ectx *e, int b, int k, int c)
{
	int ii = e->f->blocks[b].ii;
	if (ii > 1)
		return rb_str(e->rb, "pl%d_v[%d] && pl%d_c == %d'd%d", b, k, b, bind_log2up((unsigned)ii), c);
	return rb_str(e->rb, "pl%d_v[%d]", b, k);
}

int emit_pipe_is_load(const kfunc *f, int i)
{
	return f->insts[i].block >= 0 && f->insts[i].op == K_LOAD && kir_pipelined(f, f->insts[i].block);
}

/* A load request needs room for its data: fewer than EMIT_PIPE_QUEUE_DEPTH reads unconsumed, or one consumed
 * this cycle (the consumer is active; the cycle advances exactly when the request is taken, so the two go
 * together). */
const char *emit_pipe_room(ectx *e, const kinst *k)
{
	if (k->op != K_LOAD)
		return "";
	return rb_str(e->rb, " && (pq%d_o != 3'd%d || pl%d_pop%d)", k->mem, EMIT_PIPE_QUEUE_DEPTH, k->block,
	              k->mem);
}

const char *emit_pipe_request(ectx *e, int i)
{
	const kinst *k = &e->f->insts[i];
	int b = k->block, ii = e->f->blocks[b].ii;
	const char *a = emit_pipe_at(e, b, k->pissue / ii, k->pissue % ii);
	if (k->mem < e->f->nmems)
		return rb_str(e->rb, "%s && pl%d_ok%s", a, b, emit_pipe_room(e, k));
	return rb_str(e->rb, "pl%d_adv && %s", b, a);
}

const char *emit_ram_rdata(ectx *e, int i)
{
	return rb_str(e->rb, e->bd->ram_port[i] ? "m%d_rd_rdata" : "m%d_rdata", e->f->insts[i].mem);
}

const char *emit_pipe_load_data(ectx *e, int i)
{
	const kinst *k = &e->f->insts[i];
	return k->mem < e->f->nmems ? rb_str(e->rb, "pq%d_d", k->mem) : emit_ram_rdata(e, i);
}

const char *emit_wait_ok(ectx *e, int i)
{
	int m = e->f->insts[i].mem;
	return rb_str(e->rb, "(got%d || (m%d_rvalid && m%d_tq0 == %d'd%d))", i, m, m,
	              e->bd->ports[m].tag_bits, e->bd->tag[i]);
}
