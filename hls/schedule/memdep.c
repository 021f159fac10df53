// SPDX-License-Identifier: Apache-2.0
/* Cross-iteration memory dependences of a single-block loop. An address is taken apart into an affine sum
 * (modulo 2^32, as the hardware computes it) of symbols: kernel arguments, values computed before the loop
 * (loop invariants, themselves taken apart where they are sums) and the loop's phis. A phi whose back-edge
 * value is itself plus a constant is an induction variable, so two addresses that differ only in their
 * constant part are a fixed stride apart per iteration, and the iteration distances at which their byte
 * ranges meet follow from arithmetic. Anything else (a value loaded or computed in the loop, a narrow index
 * widened, different pointers neither of which is restrict) is assumed to conflict at every distance. */
#include "memdep.h"

#include <stdlib.h>
#include <string.h>

#define AFF_TERMS 6

/* An affine address: sum of coef[i] * symbol key[i] plus c, all modulo 2^32. Keys: an operation's index, or
 * -1 - i for kernel argument i. */
typedef struct aff {
	int ok, n;
	int key[AFF_TERMS];
	uint32_t coef[AFF_TERMS];
	uint32_t c;
} aff;

static aff aff_sym(int key)
{
	aff a = {1, 1, {key}, {1}, 0};
	return a;
}

/* A + M * B. */
static aff aff_addmul(aff a, aff b, uint32_t m)
{
	if (!a.ok || !b.ok)
		return (aff){0};
	a.c += m * b.c;
	for (int i = 0; i < b.n; i++) {
		int j = 0;
		while (j < a.n && a.key[j] != b.key[i])
			j++;
		if (j == a.n) {
			if (a.n == AFF_TERMS)
				return (aff){0};
			a.key[a.n] = b.key[i];
			a.coef[a.n++] = 0;
		}
		a.coef[j] += m * b.coef[i];
	}
	return a;
}

static aff aff_scale(aff a, uint32_t m)
{
	aff z = {1, 0, {0}, {0}, 0};
	return aff_addmul(z, a, m);
}

/* The key of the iteration number: a phi that starts at I and steps by S is I + S * iteration. */
#define KEY_ITER 0x7fffffff

static aff aff_of(const kfunc *f, int b, kval v, int depth, int self);
static uint32_t coef_of(const aff *a, int key);

/* Phi P of loop B as a function of the iteration number j, when it is an induction variable: it enters the
 * loop with one value I, and its back-edge value is either P + c (so P = I + c j) or a function A + s j of
 * other induction variables with I = A - s (so that P = I + s j from the first iteration on). */
static aff phi_aff(const kfunc *f, int b, int p, int depth)
{
	const kinst *k = &f->insts[p];
	kval init = {KV_NONE}, back = {KV_NONE};
	for (int q = 0; q < k->nphi; q++) {
		kval v = k->phi_val[q];
		if (k->phi_block[q] == b)
			back = v;
		else if (init.kind == KV_NONE)
			init = v;
		else if (init.kind != v.kind || init.id != v.id || init.c != v.c)
			return (aff){0};
	}
	if (back.kind == KV_NONE || init.kind == KV_NONE)
		return (aff){0};
	aff i = aff_of(f, b, init, depth + 1, -1), n = aff_of(f, b, back, depth + 1, p);
	if (!i.ok || !n.ok)
		return (aff){0};
	uint32_t self = coef_of(&n, p), s = coef_of(&n, KEY_ITER);
	if (self == 1 && s == 0 && n.n == 1) /* P + c */
		return aff_addmul(i, aff_sym(KEY_ITER), n.c);
	if (self != 0)
		return (aff){0};
	/* A + s j: the first value must continue the sequence */
	aff start = aff_addmul(n, aff_sym(KEY_ITER), (uint32_t)-s);
	start.c -= s;
	aff d = aff_addmul(start, i, (uint32_t)-1);
	for (int t = 0; t < d.n; t++)
		if (d.coef[t])
			return (aff){0};
	if (!d.ok || d.c)
		return (aff){0};
	return aff_addmul(i, aff_sym(KEY_ITER), s);
}

static aff aff_of_op(const kfunc *f, int b, kval v, int depth, int self);

/* V as an affine sum; phi SELF of the loop stays a symbol of its own (-1: none). A value computed before
 * the loop is taken apart too, so that j * 4 and (j - 4) * 4 are 16 bytes apart; where it cannot be (or is
 * a phi of its own block), it is a symbol. */
static aff aff_of(const kfunc *f, int b, kval v, int depth, int self)
{
	if (v.kind != KV_OP || f->insts[v.id].block == b)
		return aff_of_op(f, b, v, depth, self);
	if (f->insts[v.id].op == K_PHI)
		return aff_sym(v.id);
	aff a = aff_of_op(f, b, v, depth, self);
	return a.ok ? a : aff_sym(v.id);
}

static aff aff_of_op(const kfunc *f, int b, kval v, int depth, int self)
{
	if (v.kind == KV_CONST) {
		uint64_t c = v.c;
		if (v.width < 64 && (c >> (v.width - 1)) & 1)
			c |= ~0ULL << v.width;
		return (aff){1, 0, {0}, {0}, (uint32_t)c};
	}
	if (v.kind == KV_ARG)
		return aff_sym(-1 - v.id);
	if (v.kind != KV_OP || depth > 24)
		return (aff){0};
	const kinst *k = &f->insts[v.id];
	switch (k->op) {
	case K_PHI:
		return v.id == self ? aff_sym(self) : phi_aff(f, b, v.id, depth);
	case K_ADD:
		return aff_addmul(aff_of(f, b, k->a[0], depth + 1, self),
		                  aff_of(f, b, k->a[1], depth + 1, self), 1);
	case K_SUB:
		return aff_addmul(aff_of(f, b, k->a[0], depth + 1, self),
		                  aff_of(f, b, k->a[1], depth + 1, self), (uint32_t)-1);
	case K_SHL:
		if (k->a[1].kind == KV_CONST && k->a[1].c < 32)
			return aff_scale(aff_of(f, b, k->a[0], depth + 1, self), 1u << k->a[1].c);
		break;
	case K_OR: /* x << n | c with c < 2^n (LLVM's form of x * 2^n + c) adds */
		for (int i = 0; i < 2; i++) {
			const kval *x = &k->a[1 - i], *c = &k->a[i];
			const kinst *xs = x->kind == KV_OP ? &f->insts[x->id] : NULL;
			if (c->kind == KV_CONST && xs && xs->op == K_SHL && xs->a[1].kind == KV_CONST &&
			    xs->a[1].c < 32 && c->c < (1ull << xs->a[1].c))
				return aff_addmul(aff_of(f, b, *x, depth + 1, self),
				                  aff_of(f, b, *c, depth + 1, self), 1);
		}
		break;
	case K_MUL:
		for (int i = 0; i < 2; i++)
			if (k->a[i].kind == KV_CONST)
				return aff_scale(aff_of(f, b, k->a[1 - i], depth + 1, self),
				                 (uint32_t)k->a[i].c);
		break;
	case K_WIID: /* the launch's ranges and offset do not change while it runs */
		if (k->a[0].c >= WI_GLOBAL_RANGE)
			return aff_sym(v.id);
		break;
	case K_ZEXT:
	case K_SEXT:
	case K_TRUNC:
	case K_COPY:
		/* Exact modulo 2^32 only when no bit below 32 is made up. */
		if (k->a[0].width >= 32 && k->width >= 32)
			return aff_of(f, b, k->a[0], depth + 1, self);
		break;
	default:
		break;
	}
	return (aff){0}; /* varies in the loop in a way not followed */
}

static uint32_t coef_of(const aff *a, int key)
{
	for (int i = 0; i < a->n; i++)
		if (a->key[i] == key)
			return a->coef[i];
	return 0;
}

/* Symbol KEY of address A is a pointer argument the address is based on (coefficient 1). */
static int based_on(const kfunc *f, const aff *a, int key)
{
	return key < 0 && f->args[-1 - key].is_pointer && coef_of(a, key) == 1;
}

/* Whether X and Y go through different pointer arguments, one of them restrict. */
static int restrict_apart(const kfunc *f, const aff *x, const aff *y)
{
	for (int i = 0; i < x->n; i++)
		for (int j = 0; j < y->n; j++) {
			int p = x->key[i], q = y->key[j];
			if (p != q && based_on(f, x, p) && based_on(f, y, q) && coef_of(y, p) == 0 &&
			    coef_of(x, q) == 0 && (f->args[-1 - p].noalias || f->args[-1 - q].noalias))
				return 1;
		}
	return 0;
}

/* Byte ranges [d, d + bx) and [0, by) overlap. */
static int overlap(int64_t d, int bx, int by)
{
	return d > -bx && d < by;
}

static int access_bytes(const kinst *k)
{
	return k->bytes ? k->bytes : 4;
}

/* How the addresses of accesses X and Y of loop B relate: 1 when X of iteration j + D and Y of iteration j
 * are S * D + K bytes apart (*S the stride, *K the constant difference), 0 when restrict pointers keep them
 * apart, -1 when nothing is known (they may meet at any distance). */
static int pair_offset_of(const kfunc *f, const aff *px, const aff *py, int64_t *s, int64_t *k);

static int pair_offset(const kfunc *f, int b, const kinst *x, const kinst *y, int64_t *s, int64_t *k)
{
	aff ax = aff_of(f, b, x->a[0], 0, -1), ay = aff_of(f, b, y->a[0], 0, -1);
	return pair_offset_of(f, &ax, &ay, s, k);
}

/* pair_offset of the addresses' affine sums PX and PY. */
static int pair_offset_of(const kfunc *f, const aff *px, const aff *py, int64_t *s, int64_t *k)
{
	aff ax = *px, ay = *py;
	if (!ax.ok || !ay.ok)
		return -1;
	if (restrict_apart(f, &ax, &ay))
		return 0;
	/* The symbols must match term for term; the iteration number's coefficient is the stride. */
	aff keys = aff_addmul(ax, ay, 1);
	if (!keys.ok)
		return -1;
	for (int i = 0; i < keys.n; i++)
		if (coef_of(&ax, keys.key[i]) != coef_of(&ay, keys.key[i]))
			return -1;
	*s = (int32_t)coef_of(&ax, KEY_ITER);
	*k = (int32_t)(ax.c - ay.c);
	return 1;
}

/* Smallest distances at which X of a later iteration meets Y of an earlier one (*XL) and Y of a later
 * iteration meets X of an earlier one (*YL); 0 where they never meet. */
static void pair_distances(const kfunc *f, int b, int xi, int yi, int *xl, int *yl, int *exact)
{
	const kinst *x = &f->insts[xi], *y = &f->insts[yi];
	int64_t s, k;
	int rel = pair_offset(f, b, x, y, &s, &k);
	*xl = *yl = rel != 0;
	*exact = 0;
	if (rel <= 0)
		return;
	int bx = access_bytes(x), by = access_bytes(y);
	*xl = *yl = 0;
	*exact = 1;
	if (s == 0) {
		if (overlap(k, bx, by))
			*xl = *yl = 1;
		return;
	}
	/* X of iteration j + D against Y of iteration j: their addresses differ by s * D + k. */
	int64_t as = s < 0 ? -s : s, ak = k < 0 ? -k : k;
	int64_t dm = (ak + bx + by) / as + 1;
	for (int64_t d = 1; d <= dm; d++) {
		if (!*xl && overlap(s * d + k, bx, by))
			*xl = (int)d;
		if (!*yl && overlap(-s * d + k, bx, by))
			*yl = (int)d;
	}
}

int memdep_loop(const kfunc *f, int b, memdep **out)
{
	const kblock *bl = &f->blocks[b];
	int cap = 16, n = 0;
	memdep *d = malloc((size_t)cap * sizeof *d);
	if (!d)
		return -1;
	for (int i = 0; i < bl->ninsts; i++) {
		const kinst *x = &f->insts[bl->insts[i]];
		if (!kop_is_access(x->op))
			continue;
		for (int j = i + 1; j < bl->ninsts; j++) {
			const kinst *y = &f->insts[bl->insts[j]];
			if (!kop_is_access(y->op) || y->mem != x->mem || (x->op == K_LOAD && y->op == K_LOAD))
				continue;
			int xl, yl, exact;
			pair_distances(f, b, bl->insts[i], bl->insts[j], &xl, &yl, &exact);
			if (bl->ivdep && !exact) /* the source says not proven is none (KILN_IVDEP) */
				continue;
			if (n + 2 > cap) {
				cap *= 2;
				memdep *nd = realloc(d, (size_t)cap * sizeof *d);
				if (!nd) {
					free(d);
					return -1;
				}
				d = nd;
			}
			if (xl)
				d[n++] = (memdep){bl->insts[i], bl->insts[j], xl, exact};
			if (yl)
				d[n++] = (memdep){bl->insts[j], bl->insts[i], yl, exact};
		}
	}
	*out = d;
	return n;
}

/* Floor of X / W for W > 0. */
static int64_t floor_div(int64_t x, int64_t w)
{
	return x >= 0 ? x / w : -((-x + w - 1) / w);
}

/* Whether every varying term of A (its symbols and the iteration's) is a multiple of W bytes: then A's
 * constant says which word of the memory it falls in, relative to a word boundary. */
static int terms_aligned(const aff *a, uint32_t w)
{
	for (int i = 0; i < a->n; i++)
		if (a->coef[i] & (w - 1))
			return 0;
	return 1;
}

int memdep_word_meet(const kfunc *f, int b, int xi, int yi, int d)
{
	const kinst *x = &f->insts[xi], *y = &f->insts[yi];
	aff ax = aff_of(f, b, x->a[0], 0, -1), ay = aff_of(f, b, y->a[0], 0, -1);
	int64_t s, k;
	int rel = ax.ok && ay.ok ? pair_offset_of(f, &ax, &ay, &s, &k) : -1;
	if (rel <= 0)
		return rel != 0;
	int64_t w = kmem_word_bytes(f, x->mem);
	if (terms_aligned(&ax, (uint32_t)w)) {
		/* the words each touches, from a common word boundary: Y's constant, X's beside it */
		int64_t ylo = (int32_t)ay.c, xlo = ylo + s * d + k;
		return floor_div(xlo, w) <= floor_div(ylo + access_bytes(y) - 1, w) &&
		       floor_div(ylo, w) <= floor_div(xlo + access_bytes(x) - 1, w);
	}
	/* the ranges grow by a word less a byte each, whatever the alignment of the symbols, so that ranges
	 * which may share a word overlap */
	int grow = (int)w - 1;
	return overlap(s * d + k, access_bytes(x) + grow, access_bytes(y) + grow);
}
