// SPDX-License-Identifier: Apache-2.0
/* A reference interpreter of the kernel IR's integer subset (hls/cdfg/kir.h), for tests that run a kernel
 * before and after a transformation and compare what the two did (differential tests). It follows the IR's
 * meaning, not the hardware's timing: blocks run one after the other from block 0, the phis of a block all
 * take their values as they were on entry (the entry of the edge the run came along), then the other
 * operations run in list order, and the terminator picks the next block.
 *
 * It also checks what a transformation could break without changing a result on the inputs a test happens to
 * try, and stops with an error instead of running on: an operation listed in a block whose `block` says
 * otherwise, a value read before it is computed in its own block or never computed at all (a use no
 * definition dominates), a phi without an entry for the edge taken, a branch to a block that does not exist
 * or is empty, and more block executions than the caller allows (so a broken transformation cannot hang the
 * test). Operations outside the integer subset are an error too, never silently skipped.
 *
 * Values are uint64_t truncated to their operation's width. Shift amounts of the width or more give 0 (shl,
 * lshr) or the sign everywhere (ashr). A load outside its memory reads 0 (a speculated load may compute any
 * address; the hardware reads something there and the result is not used) and is counted, so that a test can
 * require that the untransformed kernel has none; a store outside its memory that happens is an error. */
#ifndef KILN_TEST_KIR_INTERP_H
#define KILN_TEST_KIR_INTERP_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hls/cdfg/kir.h"

enum {
	KI_OK = 0,      /* the run reached a return */
	KI_STEPS,       /* more block executions than allowed */
	KI_UNSUPPORTED, /* an operation outside the integer subset */
	KI_MALFORMED,   /* the IR does not hang together (see above) */
	KI_UNDEFINED,   /* a value read that no executed operation had computed yet */
	KI_BOUNDS       /* a store outside its memory */
};

/* What one run did, beyond the memories' contents. */
typedef struct ki_stats {
	long blocks;     /* block executions */
	long port_loads; /* loads from module ports (memories 0..nmems-1): never speculated, so a
	                    transformation keeps their number */
	long stores;     /* stores that wrote (predicate 1 or none) */
	long oob_loads;  /* loads outside their memory (read as 0) */
} ki_stats;

/* The run's working state (internal to ki_run). */
typedef struct ki_ctx {
	const kfunc *f;
	const uint64_t *args;
	uint64_t *val;      /* per operation, the value it computed last */
	unsigned char *def; /* per operation, 1 once it has computed a value */
	unsigned *pend;     /* per operation, the visit (of its block) in which it is still to run, else 0 */
	unsigned visit;
	char *why;
	size_t nwhy;
} ki_ctx;

static inline uint64_t ki_mask(int w)
{
	return w <= 0 ? 0 : w >= 64 ? ~0ull : (1ull << w) - 1;
}

/* V (already truncated to W bits) with its sign bit flipped: unsigned comparisons of these order the values
 * as signed W-bit numbers. */
static inline uint64_t ki_signflip(uint64_t v, int w)
{
	return w <= 0 ? v : v ^ (1ull << (w > 64 ? 63 : w - 1));
}

/* V (W bits) sign-extended to 64 bits. */
static inline uint64_t ki_sext64(uint64_t v, int w)
{
	if (w <= 0 || w >= 64)
		return v;
	v &= ki_mask(w);
	return v >> (w - 1) & 1 ? v | ~ki_mask(w) : v;
}

static inline int ki_fail(ki_ctx *c, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline int ki_fail(ki_ctx *c, int err, const char *fmt, ...)
{
	if (c->why && c->nwhy) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(c->why, c->nwhy, fmt, ap);
		va_end(ap);
	}
	return err;
}

/* The width operand V has: its operation's or argument's, or a constant's own (64 when it has none). */
static inline int ki_width(const kfunc *f, kval v)
{
	if (v.kind == KV_OP && v.id >= 0 && v.id < f->ninsts)
		return f->insts[v.id].width;
	if (v.kind == KV_ARG && v.id >= 0 && v.id < f->nargs)
		return f->args[v.id].width;
	return v.width > 0 ? v.width : 64;
}

/* Operand V of operation USER into *OUT; KI_OK or the error. */
static inline int ki_get(ki_ctx *c, kval v, int user, uint64_t *out)
{
	const kfunc *f = c->f;
	switch (v.kind) {
	case KV_CONST:
		*out = v.width > 0 ? v.c & ki_mask(v.width) : v.c;
		return KI_OK;
	case KV_ARG:
		if (v.id < 0 || v.id >= f->nargs)
			return ki_fail(c, KI_MALFORMED, "operation %d reads argument %d of %d", user, v.id,
			               f->nargs);
		*out = c->args[v.id] & ki_mask(f->args[v.id].width);
		return KI_OK;
	case KV_OP:
		if (v.id < 0 || v.id >= f->ninsts)
			return ki_fail(c, KI_MALFORMED, "operation %d reads operation %d of %d", user, v.id,
			               f->ninsts);
		if (!c->def[v.id] || c->pend[v.id] == c->visit)
			return ki_fail(c, KI_UNDEFINED,
			               "operation %d (%s, bb%d) reads %d (%s, bb%d) before it is computed",
			               user, kop_name(f->insts[user].op), f->insts[user].block, v.id,
			               kop_name(f->insts[v.id].op), f->insts[v.id].block);
		*out = c->val[v.id];
		return KI_OK;
	default:
		return ki_fail(c, KI_MALFORMED, "operation %d has an operand of kind %d", user, (int)v.kind);
	}
}

/* Compares X and Y (W bits) by icmp predicate PRED into *R; 0 for an unknown predicate. */
static inline int ki_icmp(int pred, uint64_t x, uint64_t y, int w, uint64_t *r)
{
	x &= ki_mask(w);
	y &= ki_mask(w);
	uint64_t sx = ki_signflip(x, w), sy = ki_signflip(y, w);
	switch (pred) {
	case KP_EQ:
		*r = x == y;
		break;
	case KP_NE:
		*r = x != y;
		break;
	case KP_UGT:
		*r = x > y;
		break;
	case KP_UGE:
		*r = x >= y;
		break;
	case KP_ULT:
		*r = x < y;
		break;
	case KP_ULE:
		*r = x <= y;
		break;
	case KP_SGT:
		*r = sx > sy;
		break;
	case KP_SGE:
		*r = sx >= sy;
		break;
	case KP_SLT:
		*r = sx < sy;
		break;
	case KP_SLE:
		*r = sx <= sy;
		break;
	default:
		return 0;
	}
	return 1;
}

/* The operands operation OP needs at least, or -1 when it is outside the subset (a phi and the terminators
 * are not operations ki_exec runs). */
static inline int ki_arity(kop op)
{
	switch (op) {
	case K_ZEXT:
	case K_SEXT:
	case K_TRUNC:
	case K_COPY:
	case K_LOAD:
		return 1;
	case K_ADD:
	case K_SUB:
	case K_MUL:
	case K_AND:
	case K_OR:
	case K_XOR:
	case K_SHL:
	case K_LSHR:
	case K_ASHR:
	case K_ICMP:
	case K_UMIN:
	case K_UMAX:
	case K_SMIN:
	case K_SMAX:
	case K_STORE:
		return 2;
	case K_SELECT:
		return 3;
	default:
		return -1;
	}
}

/* Runs operation ID (not a phi, not a terminator) of the current block. */
static inline int ki_exec(ki_ctx *c, uint8_t *const *mems, int id, ki_stats *st)
{
	const kfunc *f = c->f;
	const kinst *k = &f->insts[id];
	uint64_t x[3] = {0, 0, 0}, r = 0;
	int w = k->width, e;
	int need = ki_arity(k->op);
	if (need < 0)
		return ki_fail(c, KI_UNSUPPORTED, "operation %d: %s is outside the interpreter's subset", id,
		               kop_name(k->op));
	if (k->nargs < need || k->nargs > 3)
		return ki_fail(c, KI_MALFORMED, "operation %d (%s) has %d operands", id, kop_name(k->op),
		               k->nargs);
	for (int a = 0; a < k->nargs; a++)
		if ((e = ki_get(c, k->a[a], id, &x[a])) != KI_OK)
			return e;
	uint64_t m = ki_mask(w);
	switch (k->op) {
	case K_ADD:
		r = x[0] + x[1];
		break;
	case K_SUB:
		r = x[0] - x[1];
		break;
	case K_MUL:
		r = x[0] * x[1];
		break;
	case K_AND:
		r = x[0] & x[1];
		break;
	case K_OR:
		r = x[0] | x[1];
		break;
	case K_XOR:
		r = x[0] ^ x[1];
		break;
	case K_SHL:
		r = x[1] >= (uint64_t)w ? 0 : x[0] << x[1];
		break;
	case K_LSHR:
		r = x[1] >= (uint64_t)w ? 0 : (x[0] & m) >> x[1];
		break;
	case K_ASHR: {
		uint64_t v = x[0] & m, neg = w > 0 && (v >> (w - 1) & 1);
		if (x[1] >= (uint64_t)w)
			r = neg ? m : 0;
		else
			r = v >> x[1] | (neg ? m & ~(m >> x[1]) : 0);
		break;
	}
	case K_ICMP: {
		int ow = ki_width(f, k->a[0].kind == KV_CONST && k->a[0].width <= 0 ? k->a[1] : k->a[0]);
		if (!ki_icmp(k->pred, x[0], x[1], ow, &r))
			return ki_fail(c, KI_UNSUPPORTED, "operation %d: icmp predicate %d", id, k->pred);
		break;
	}
	case K_SELECT:
		r = x[0] ? x[1] : x[2];
		break;
	case K_ZEXT:
	case K_TRUNC:
	case K_COPY:
		r = x[0];
		break;
	case K_SEXT:
		r = ki_sext64(x[0], ki_width(f, k->a[0]));
		break;
	case K_UMIN:
		r = (x[0] & m) < (x[1] & m) ? x[0] : x[1];
		break;
	case K_UMAX:
		r = (x[0] & m) > (x[1] & m) ? x[0] : x[1];
		break;
	case K_SMIN:
		r = ki_signflip(x[0] & m, w) < ki_signflip(x[1] & m, w) ? x[0] : x[1];
		break;
	case K_SMAX:
		r = ki_signflip(x[0] & m, w) > ki_signflip(x[1] & m, w) ? x[0] : x[1];
		break;
	case K_LOAD:
	case K_STORE: {
		int nm = f->nmems + f->nimems, bytes = k->bytes;
		if (k->mem < 0 || k->mem >= nm)
			return ki_fail(c, KI_MALFORMED, "operation %d accesses memory %d of %d", id, k->mem,
			               nm);
		if (bytes <= 0)
			bytes = (k->op == K_LOAD ? w : ki_width(f, k->a[1])) / 8;
		if (bytes <= 0 || bytes > 8)
			return ki_fail(c, KI_MALFORMED, "operation %d accesses %d bytes", id, bytes);
		uint64_t size = f->mems[k->mem].size;
		int inside = x[0] <= size && (uint64_t)bytes <= size - x[0];
		uint8_t *mem = mems[k->mem];
		if (k->op == K_LOAD) {
			st->port_loads += k->mem < f->nmems;
			if (!inside) {
				st->oob_loads++;
				break;
			}
			for (int i = bytes - 1; i >= 0; i--)
				r = r << 8 | mem[x[0] + (uint64_t)i];
			break;
		}
		if (k->nargs > 2 && !(x[2] & 1))
			return KI_OK; /* predicated off */
		if (!inside)
			return ki_fail(c, KI_BOUNDS,
			               "operation %d stores %d bytes at %llu into memory %d of %llu bytes",
			               id, bytes, (unsigned long long)x[0], k->mem, (unsigned long long)size);
		for (int i = 0; i < bytes; i++)
			mem[x[0] + (uint64_t)i] = (uint8_t)(x[1] >> (8 * i));
		st->stores++;
		return KI_OK;
	}
	default:
		break; /* ki_arity has turned the others away */
	}
	if (w > 0) {
		c->val[id] = r & m;
		c->def[id] = 1;
	}
	return KI_OK;
}

/* Runs F from block 0 on arguments ARGS (one per argument of F) and memories MEMS (one byte array per memory,
 * f->nmems + f->nimems of them, each at least f->mems[m].size bytes, changed in place), for at most
 * MAX_BLOCKS block executions. Returns KI_OK when it reached a return, else the error, with a description in
 * WHY (NWHY bytes; WHY may be NULL). *ST (may be NULL) gets what the run did. */
static inline int ki_run(const kfunc *f, const uint64_t *args, uint8_t *const *mems, long max_blocks,
                         ki_stats *st, char *why, size_t nwhy)
{
	size_t n = (size_t)f->ninsts + 1;
	ki_stats local;
	ki_ctx c = {.f = f,
	            .args = args,
	            .val = calloc(n, sizeof(uint64_t)),
	            .def = calloc(n, 1),
	            .pend = calloc(n, sizeof(unsigned)),
	            .why = why,
	            .nwhy = nwhy};
	uint64_t *tmp = calloc(n, sizeof *tmp);
	if (!st)
		st = &local;
	memset(st, 0, sizeof *st);
	if (why && nwhy)
		why[0] = 0;
	int b = 0, from = -1, err = KI_OK;
	if (!c.val || !c.def || !c.pend || !tmp) {
		err = ki_fail(&c, KI_MALFORMED, "out of memory");
		goto out;
	}
	for (;;) {
		if (b < 0 || b >= f->nblocks) {
			err = ki_fail(&c, KI_MALFORMED, "bb%d branches to bb%d of %d", from, b, f->nblocks);
			break;
		}
		if (++st->blocks > max_blocks) {
			err =
			    ki_fail(&c, KI_STEPS, "more than %ld block executions (at bb%d)", max_blocks, b);
			break;
		}
		const kblock *bl = &f->blocks[b];
		if (bl->ninsts <= 0) {
			err = ki_fail(&c, KI_MALFORMED, "bb%d, reached from bb%d, is empty", b, from);
			break;
		}
		/* the phis, all on the values as they were on entry */
		int np = 0;
		for (int j = 0; j < bl->ninsts && err == KI_OK; j++) {
			int id = bl->insts[j];
			if (id < 0 || id >= f->ninsts) {
				err = ki_fail(&c, KI_MALFORMED, "bb%d lists operation %d of %d", b, id,
				              f->ninsts);
				break;
			}
			const kinst *k = &f->insts[id];
			if (k->block != b) {
				err = ki_fail(&c, KI_MALFORMED, "bb%d lists operation %d (%s) of bb%d", b, id,
				              kop_name(k->op), k->block);
				break;
			}
			if (k->op != K_PHI)
				continue;
			int q = 0;
			while (q < k->nphi && k->phi_block[q] != from)
				q++;
			if (q == k->nphi) {
				err = ki_fail(&c, KI_MALFORMED, "phi %d of bb%d has no entry for bb%d", id, b,
				              from);
				break;
			}
			err = ki_get(&c, k->phi_val[q], id, &tmp[np++]);
		}
		if (err != KI_OK)
			break;
		c.visit++;
		np = 0;
		for (int j = 0; j < bl->ninsts; j++) {
			int id = bl->insts[j];
			if (f->insts[id].op == K_PHI) {
				c.val[id] = tmp[np++] & ki_mask(f->insts[id].width);
				c.def[id] = 1;
			} else {
				c.pend[id] = c.visit;
			}
		}
		/* the other operations in order, then the terminator */
		int next = -1, go = 0, done = 0;
		for (int j = 0; j < bl->ninsts && err == KI_OK && !go && !done; j++) {
			int id = bl->insts[j];
			const kinst *k = &f->insts[id];
			int last = j == bl->ninsts - 1;
			uint64_t x = 0;
			if (k->op == K_PHI)
				continue;
			if (!kop_is_term(k->op) != !last) {
				err = ki_fail(&c, KI_MALFORMED, "bb%d: %s %d %s", b, kop_name(k->op), id,
				              last ? "ends the block but is no terminator"
				                   : "is a terminator mid-block");
				break;
			}
			switch (k->op) {
			case K_BR:
				next = k->succ[0];
				go = 1;
				break;
			case K_CONDBR:
				if (k->nargs < 1)
					err = ki_fail(&c, KI_MALFORMED, "condbr %d has no condition", id);
				else if ((err = ki_get(&c, k->a[0], id, &x)) == KI_OK)
					next = x ? k->succ[0] : k->succ[1];
				go = 1;
				break;
			case K_SWITCH:
				if (k->nargs < 1) {
					err = ki_fail(&c, KI_MALFORMED, "switch %d has no operand", id);
				} else if ((err = ki_get(&c, k->a[0], id, &x)) == KI_OK) {
					uint64_t sm = ki_mask(ki_width(f, k->a[0]));
					next = k->succ[0];
					for (int q = 0; q < k->ncases; q++)
						if ((k->case_val[q] & sm) == (x & sm)) {
							next = k->case_succ[q];
							break;
						}
				}
				go = 1;
				break;
			case K_RET:
				done = 1;
				break;
			default:
				err = ki_exec(&c, mems, id, st);
				break;
			}
			c.pend[id] = 0;
		}
		if (err != KI_OK || done)
			break;
		if (!go) {
			err = ki_fail(&c, KI_MALFORMED, "bb%d ends without a branch", b);
			break;
		}
		from = b;
		b = next;
	}
out:
	free(c.val);
	free(c.def);
	free(c.pend);
	free(tmp);
	return err;
}

#endif
