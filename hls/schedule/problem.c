// SPDX-License-Identifier: Apache-2.0
#include "problem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/diag.h"
#include "../support/xalloc.h"
#include "fp_units.h"
#include "memdep.h"
#include "oplib.h"

int sched_self_loop(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	if (!bl->ninsts)
		return 0;
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	return (t->op == K_BR && t->succ[0] == b) ||
	       (t->op == K_CONDBR && (t->succ[0] == b || t->succ[1] == b));
}

/* Lower bounds on the initiation interval of a single-block loop, computed once per problem, here, and
 * read by the pipeliner, the schedule report and sched_verify alike, so that they cannot disagree. */

int sched_port_count(const kfunc *f, int b, int *cnt, int *first)
{
	int mod = 0;
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (kop_is_access(k->op)) {
			mod += k->mem < f->nmems;
			cnt[k->mem]++;
			first[k->mem] += k->op == K_STORE;
		} else if (kop_unit(k->op) == KU_COPY) {
			/* the copy engine's chunks (rtl/kiln_copy.v): 8 bytes between memories of 64-bit
			 * words, else 4; a copy of run-time length counts as one: it never pipelines */
			int wide = kmem_word_bytes(f, k->mem) == 8 &&
			           (k->op == K_MEMSET || kmem_word_bytes(f, k->mem2) == 8);
			int chunk = wide ? 8 : 4;
			int words = k->a[2].kind == KV_CONST
			                ? (int)((k->a[2].c + (unsigned)chunk - 1) / (unsigned)chunk)
			                : 1;
			cnt[k->mem] += words;
			first[k->mem] += words;
			if (k->op == K_MEMCPY) {
				cnt[k->mem2] += words;
				/* an on-chip source is read through its second port */
				if (k->mem2 < f->nmems)
					first[k->mem2] += words;
			}
		}
	}
	return mod;
}

_Static_assert(SCHED_RAM_PORTS <= SCHED_USE_READS, "a use counts up to SCHED_USE_READS loads");

int sched_use_reads(unsigned u)
{
	return (int)(u & SCHED_USE_READS);
}

int sched_use_fits(unsigned u, int store, int ports)
{
	return store ? u == 0 : !(u & SCHED_USE_STORE) && sched_use_reads(u) < ports;
}

int sched_column_fits(unsigned u, int store, int ports)
{
	int stores = u >= SCHED_USE_STORE;
	return sched_use_reads(u) + stores < ports && !(store && stores);
}

int sched_onchip_ordered(const kfunc *f, int b, int x, int y)
{
	const kinst *kx = &f->insts[x], *ky = &f->insts[y];
	return (kx->op == K_STORE || ky->op == K_STORE) && memdep_word_meet(f, b, x, y, 0);
}

int sched_port_cycles(const kfunc *f, const int *cnt, const int *first)
{
	int worst = 1;
	for (int m = 0; m < f->nmems + f->nimems; m++) {
		/* the accesses over the ports, the first port's own (stores, copy words) one per cycle: the
		 * bound of a pipelined loop's columns (sequential steps give a store its step alone, which
		 * only lengthens them) */
		int ports = m < f->nmems ? 1 : SCHED_RAM_PORTS;
		int need = (cnt[m] + ports - 1) / ports;
		if (first[m] > need)
			need = first[m];
		if (need > worst)
			worst = need;
	}
	return worst;
}

int sched_port_load(const kfunc *f, int b, int *module_requests)
{
	int nall = f->nmems + f->nimems;
	int *cnt = xcalloc((size_t)nall + 1, sizeof *cnt), *first = xcalloc((size_t)nall + 1, sizeof *first);
	int mod = sched_port_count(f, b, cnt, first), worst = sched_port_cycles(f, cnt, first);
	free(cnt);
	free(first);
	if (module_requests)
		*module_requests = mod;
	return worst;
}

/* ResMII of single-block loop B: the busiest memory port, and requests over all module ports together, one
 * per cycle each. */
static int res_mii(const sched_problem *p, int b)
{
	int mod, mii = sched_port_load(p->f, b, &mod);
	if (mod > mii)
		mii = mod;
	/* shared multipliers: each width's products over the multiplications a cycle may start */
	int per = sched_muls_per_cycle(p->f);
	const kblock *bl = &p->f->blocks[b];
	for (int g = 0; per && g < p->ntypes; g++) {
		if (p->types[g].res != RES_MULTIPLIER)
			continue;
		int n = 0;
		for (int j = 0; j < bl->ninsts; j++)
			n += p->type[bl->insts[j]] == g;
		if ((n + per - 1) / per > mii)
			mii = (n + per - 1) / per;
	}
	return mii;
}

/* Where the value of operation K is there when its operands (reached from the phi) are there at (*S, *T):
 * the scheduler's chaining rule for one operation. */
static void chain(const sched_problem *p, const kinst *k, int i, int *s, double *t)
{
	double d = p->delay_piped[i];
	if (sched_is_div(k->op)) {
		if (*t + 0.5 > p->budget_ns && *t > 0)
			++*s;
		*s += sched_latency(p, i);
		*t = d;
		return;
	}
	if (*t + d > p->budget_ns && *t > 0) {
		++*s;
		*t = 0;
	}
	if (kop_unit(k->op) == KU_FPU) {
		*s += sched_latency(p, i);
		*t = 0; /* the unit's output register */
		return;
	}
	if (k->op == K_LOAD) {
		*s += sched_latency(p, i);
		*t = sched_load_ready(p->f, k);
		return;
	}
	*t += d;
}

/* The phi of loop B whose next value is phi Q (directly, or the copy pipeline_prepare gave it), or -1. */
static int rotates_from(const kfunc *f, int b, int q)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *r = &f->insts[bl->insts[j]];
		int v = r->op == K_PHI ? kir_back_value(f, b, r) : -1;
		if (v >= 0 && (v == q || (f->insts[v].op == K_COPY && f->insts[v].a[0].kind == KV_OP &&
		                          f->insts[v].a[0].id == q)))
			return bl->insts[j];
	}
	return -1;
}

/* A value V computed SLOT cycles into an iteration from phi PI that reaches PI again only through a rotation
 * of phis (each taking the one after it, as lower/reassoc.c builds partial sums): V becomes phi Q's next
 * value, Q's the next phi's, ..., back to PI, K phis in all. Each hop takes its back value's kir_back_gap
 * cycles (V's to Q, then each copy's), and the value comes round once every K iterations: the II is at least
 * (SLOT + the gaps) / K, rounded up. 0 when V does not come round. */
static int rotation_bound(const kfunc *f, int b, int pi, int q, int slot, int v)
{
	int k = 1, late = slot + kir_back_gap(f, v);
	for (int r = q; r != pi; k++) {
		r = rotates_from(f, b, r);
		if (r < 0 || k > f->blocks[b].ninsts)
			return 0;
		late += kir_back_gap(f, kir_back_value(f, b, &f->insts[r]));
	}
	return (late + k - 1) / k;
}

/* The slots (with T, ns into them) operations of single-block loop B take after operation SRC of B, along
 * operands alone, chained as the scheduler chains (an operation starts a new cycle when it does not fit the
 * rest of the period; a load's data comes its latency later; a division takes its divider's cycles): SRC at
 * SLOT[SRC] and T[SRC], set by the caller; -1 for those SRC does not reach. Other operands are taken as there
 * at the start, and other phis' values as not reached, which only lowers the slots. */
static void chain_from(const sched_problem *p, int b, int src, int *slot, double *t)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	int s0 = slot[src];
	double t0 = t[src];
	for (int j = 0; j < bl->ninsts; j++)
		slot[bl->insts[j]] = -1;
	slot[src] = s0;
	t[src] = t0;
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		const kinst *k = &f->insts[i];
		if (i == src || k->op == K_PHI || kop_unit(k->op) == KU_COPY || kop_is_term(k->op))
			continue;
		int s = -1;
		double at = 0;
		for (int a = 0; a < k->nargs; a++) {
			int d = k->a[a].kind == KV_OP ? k->a[a].id : -1;
			if (d < 0 || f->insts[d].block != b || slot[d] < 0 ||
			    (d != src && f->insts[d].op == K_PHI))
				continue;
			if (s < 0) {
				s = 0;
				at = 0;
			}
			sched_later(&s, &at, slot[d], f->insts[d].op == K_PHI ? 0 : t[d]);
		}
		if (s < 0)
			continue;
		chain(p, k, i, &s, &at);
		slot[i] = s;
		t[i] = at;
	}
}

/* RecMII of single-block loop B, over the dependence cycles of its iterations:
 * - every phi to the value it takes on the back edge (through a rotation of phis too);
 * - a load to an access of the same iteration computed from its data, which an access of a later iteration
 *   must wait for (memdep_loop, DIST iterations on): that access issues at least 1 cycle after the one
 *   it waits for, so DIST x II covers the chain from the load's request to it, plus 1 (try_ii's rule).
 *   Textbook RecMII counts memory edges as any other; leaving them out said II 1 for
 *   `out[i] = in[f(i)]`, whose next read waits for this store of this read's data.
 * Needs P's delays and latencies and the memory dependences. */
static int rec_mii(const sched_problem *p, int b)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	int *slot = xrealloc(NULL, (size_t)f->ninsts + 1, sizeof *slot);
	double *t = xrealloc(NULL, (size_t)f->ninsts + 1, sizeof *t);
	int mii = 1;
	for (int ph = 0; slot && t && ph < bl->ninsts; ph++) {
		int pi = bl->insts[ph];
		const kinst *phi = &f->insts[pi];
		if (phi->op != K_PHI)
			continue;
		slot[pi] = 0;
		t[pi] = 0;
		chain_from(p, b, pi, slot, t);
		for (int q = 0; q < phi->nphi; q++) {
			kval v = phi->phi_val[q];
			if (phi->phi_block[q] == b && v.kind == KV_OP && f->insts[v.id].block == b &&
			    slot[v.id] >= 0 && slot[v.id] + kir_back_gap(f, v.id) > mii)
				mii = slot[v.id] + kir_back_gap(f, v.id);
		}
		/* values that come back to this phi through a rotation of other phis */
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *q = &f->insts[bl->insts[j]];
			int v = q->op == K_PHI && bl->insts[j] != pi ? kir_back_value(f, b, q) : -1;
			if (v >= 0 && slot[v] >= 0) {
				int r = rotation_bound(f, b, pi, bl->insts[j], slot[v], v);
				if (r > mii)
					mii = r;
			}
		}
	}
	const memdep *dep = p->deps[b];
	int nd = slot && t ? p->ndeps[b] : 0;
	for (int i = 0; i < nd; i++) {
		int l = dep[i].later, e = dep[i].earlier;
		if (f->insts[l].op != K_LOAD || l == e)
			continue;
		/* the load's request at slot 0: its data comes as chain() says */
		int s = 0;
		double at = 0;
		chain(p, &f->insts[l], l, &s, &at);
		slot[l] = s;
		t[l] = at;
		chain_from(p, b, l, slot, t);
		if (slot[e] < 0)
			continue;
		/* E's request: a load's slot is its data's, LAT after its request */
		int issue = slot[e] - (f->insts[e].op == K_LOAD ? sched_latency(p, e) : 0);
		int r = (issue + 1 + dep[i].dist - 1) / dep[i].dist;
		if (r > mii)
			mii = r;
	}
	free(slot);
	free(t);
	return mii;
}

int sched_latency(const sched_problem *p, int i)
{
	return p->type[i] >= 0 ? p->types[p->type[i]].latency : 0;
}

int sched_port_latency(const sched_problem *p, int m)
{
	return p->types[m].latency;
}

void sched_mem_shown(const kfunc *f, int m, char *out, size_t n)
{
	const char *name = f->mems[m].name ? f->mems[m].name : "?";
	diag_shown(name, strlen(name), out, n);
}

const char *sched_optype_name(const sched_problem *p, const sched_optype *t, char *buf, size_t n)
{
	switch (t->res) {
	case RES_PORT: {
		char shown[1024];
		sched_mem_shown(p->f, t->id, shown, sizeof shown);
		snprintf(buf, n, "memory '%s'", shown);
		break;
	}
	case RES_DIVIDER:
		snprintf(buf, n, "the %d-bit divider", t->id);
		break;
	case RES_FP_UNIT:
		snprintf(buf, n, "floating-point unit %d", t->id);
		break;
	case RES_MULTIPLIER:
		snprintf(buf, n, "the %d-bit multipliers", t->id);
		break;
	default:
		snprintf(buf, n, "the copy engine");
	}
	return buf;
}

int sched_muls_per_step(const kfunc *f)
{
	return f->mul_serial <= 0 ? SCHED_MULS_PER_STEP : f->mul_serial == 1 ? 2 : 1;
}

int sched_muls_per_cycle(const kfunc *f)
{
	return f->mul_serial < 3 ? 0 : f->mul_serial == 3 ? 2 : 1;
}

static int add_type(sched_problem *p, sched_res res, int id, int latency, int occupancy, int limit)
{
	p->types = xrealloc(p->types, (size_t)p->ntypes + 1, sizeof *p->types);
	p->types[p->ntypes] = (sched_optype){res, id, latency, occupancy, limit};
	return p->ntypes++;
}

/* The operator types of F and the type of each operation (VB: the known widths of F's values). */
static int build_types(sched_problem *p, const vbits *vb)
{
	const kfunc *f = p->f;
	int nall = f->nmems + f->nimems, div_type[65], mul_type[65], copy = -1, nfpu;
	for (int m = 0; m < nall; m++) /* an on-chip memory answers in the next cycle, on each of its ports */
		add_type(p, RES_PORT, m, m < f->nmems ? sched_read_latency(f, m) : 1, 1,
		         m < f->nmems ? 1 : SCHED_RAM_PORTS);
	for (int w = 0; w <= 64; w++)
		div_type[w] = mul_type[w] = -1;
	int *group = malloc(((size_t)f->ninsts + 1) * sizeof *group);
	if (!group || (nfpu = fp_unit_groups(f, p->clock_ns, group)) < 0) {
		free(group);
		return -1;
	}
	int *fpu_type = malloc(((size_t)nfpu + 1) * sizeof *fpu_type);
	if (!fpu_type) {
		free(group);
		return -1;
	}
	for (int g = 0; g < nfpu; g++)
		fpu_type[g] = -1;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		p->type[i] = -1;
		if (kop_is_access(k->op)) {
			p->type[i] = k->mem;
		} else if (sched_is_div(k->op)) {
			/* operands in, one cycle, then the run of its quotient bits */
			int dw = sched_div_width(k->width);
			int run = 1 + dw / sched_div_bits_per_cycle(p->clock_ns, dw);
			if (div_type[dw] < 0)
				div_type[dw] = add_type(p, RES_DIVIDER, dw, run, run, 1);
			p->type[i] = div_type[dw];
		} else if (kop_unit(k->op) == KU_FPU && group[i] >= 0) {
			if (fpu_type[group[i]] < 0)
				/* a group is one cell with its parameters, which fix its levels: the
				 * first operation's latency is every one's */
				fpu_type[group[i]] =
				    add_type(p, RES_FP_UNIT, group[i], fp_unit_latency(k, p->clock_ns), 1, 1);
			p->type[i] = fpu_type[group[i]];
		} else if (k->op == K_MUL && k->width <= 64) {
			if (!sched_mul_shareable(k, sched_mul_operands(f, vb, k).bbits))
				continue;
			if (mul_type[k->width] < 0)
				mul_type[k->width] =
				    add_type(p, RES_MULTIPLIER, k->width, 0, 1, sched_muls_per_step(f));
			p->type[i] = mul_type[k->width];
		} else if (kop_unit(k->op) == KU_COPY) {
			if (copy < 0)
				copy = add_type(p, RES_COPY, 0, 0, 1, 1);
			p->type[i] = copy;
		}
	}
	free(group);
	free(fpu_type);
	return 0;
}

int sched_problem_init(sched_problem *p, const kfunc *f, double clock_ns)
{
	*p = (sched_problem){.f = f, .clock_ns = clock_ns, .budget_ns = sched_step_budget(clock_ns)};
	p->delay = malloc(((size_t)f->ninsts + 1) * sizeof *p->delay);
	p->delay_piped = malloc(((size_t)f->ninsts + 1) * sizeof *p->delay_piped);
	p->type = malloc(((size_t)f->ninsts + 1) * sizeof *p->type);
	p->res_mii = calloc((size_t)f->nblocks + 1, sizeof *p->res_mii);
	p->rec_mii = calloc((size_t)f->nblocks + 1, sizeof *p->rec_mii);
	vbits *vb = malloc(((size_t)f->ninsts + 1) * sizeof *vb);
	if (vb)
		vbits_analyse(f, vb);
	if (!vb || !p->delay || !p->delay_piped || !p->type || !p->res_mii || !p->rec_mii ||
	    build_types(p, vb) != 0) {
		free(vb);
		sched_problem_free(p);
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		p->delay[i] = p->delay_piped[i] = sched_delay(f, vb, k);
		if (k->op == K_MUL) {
			sched_mul_form m = sched_mul_operands(f, vb, k);
			/* its own multiplier, unless the board's DSPs have it take turns on a shared one */
			p->delay_piped[i] =
			    sched_mul_delay(m.abits, m.bbits, sched_muls_per_cycle(f) && p->type[i] >= 0);
		}
	}
	free(vb);
	/* an on-chip memory's port takes its address and data through a multiplexer over all its accesses */
	int nall = f->nmems + f->nimems, *sites = calloc((size_t)nall + 1, sizeof *sites);
	if (!sites) {
		sched_problem_free(p);
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++)
		if (kop_is_access(f->insts[i].op) && f->insts[i].block >= 0)
			sites[f->insts[i].mem]++;
	for (int i = 0; i < f->ninsts; i++)
		if (kop_is_access(f->insts[i].op) && f->insts[i].mem >= f->nmems)
			p->delay[i] = p->delay_piped[i] = sched_port_mux_delay(sites[f->insts[i].mem]);
	free(sites);
	p->deps = calloc((size_t)f->nblocks + 1, sizeof *p->deps);
	p->ndeps = calloc((size_t)f->nblocks + 1, sizeof *p->ndeps);
	if (!p->deps || !p->ndeps) {
		sched_problem_free(p);
		return -1;
	}
	for (int b = 0; b < f->nblocks; b++)
		if (sched_self_loop(f, b)) {
			p->ndeps[b] = memdep_loop(f, b, &p->deps[b]);
			if (p->ndeps[b] < 0) {
				sched_problem_free(p);
				return -1;
			}
			p->res_mii[b] = res_mii(p, b);
			p->rec_mii[b] = rec_mii(p, b);
		}
	return 0;
}

void sched_problem_free(sched_problem *p)
{
	free(p->delay);
	free(p->delay_piped);
	free(p->types);
	free(p->type);
	free(p->res_mii);
	free(p->rec_mii);
	for (int b = 0; p->deps && p->f && b < p->f->nblocks; b++)
		free(p->deps[b]);
	free(p->deps);
	free(p->ndeps);
	*p = (sched_problem){0};
}
