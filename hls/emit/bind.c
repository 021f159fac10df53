// SPDX-License-Identifier: Apache-2.0
#include "bind.h"

#include "../schedule/fp_units.h"
#include "../schedule/oplib.h"
#include "../support/xalloc.h"
#include "host/common/sort.h"
#include "read_queue.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bind_log2up(unsigned n)
{
	int b = 1;
	while ((1u << b) < n)
		b++;
	return b;
}

static int add_req(bind_port *p, bind_req r)
{
	if (p->nreqs == p->creqs) {
		int nc = p->creqs ? 2 * p->creqs : 8;
		bind_req *n = realloc(p->reqs, (size_t)nc * sizeof *n);
		if (!n)
			return -1;
		p->reqs = n;
		p->creqs = nc;
	}
	r.seq = p->nreqs;
	p->reqs[p->nreqs++] = r;
	return 0;
}

static int by_state(const void *a, const void *b)
{
	const bind_req *x = a, *y = b;
	return x->step != y->step ? (x->step > y->step) - (x->step < y->step) : x->seq - y->seq;
}

/* The cycle in which access K is issued, as far as its memory's ports are concerned: its step, or in a
 * pipelined loop its column of the II (the same cycle for every iteration in flight). */
static int access_cycle(const kfunc *f, const kinst *k, int *pipelined)
{
	*pipelined = kir_pipelined(f, k->block);
	return *pipelined ? k->pissue % f->blocks[k->block].ii : k->issue;
}

_Static_assert(SCHED_RAM_PORTS == 2, "binding gives an internal memory one read port beside its first");

/* The port of an internal memory that access I takes: the scheduler put at most SCHED_RAM_PORTS accesses of
 * one memory in a cycle, one of them a store (alone in a step; in a pipelined loop's column beside loads of
 * other iterations and other words). The store takes the first port, which alone writes; loads take the
 * ports left, in instruction order. */
static int ram_port(const kfunc *f, int i)
{
	const kinst *k = &f->insts[i];
	const kblock *bl = &f->blocks[k->block];
	int pipelined, c = access_cycle(f, k, &pipelined), port = 0;
	/* steps belong to one block, and so do a pipelined loop's columns */
	for (int x = 0; x < bl->ninsts && k->op == K_LOAD; x++) {
		int j = bl->insts[x];
		const kinst *o = &f->insts[j];
		if (j != i && kop_is_access(o->op) && o->mem == k->mem &&
		    access_cycle(f, o, &pipelined) == c && (o->op == K_STORE || j < i))
			port++;
	}
	return port;
}

/* Loads and stores in instruction order, then the copy loops' phases in step order: the order the port
 * multiplexers give priority in. */
static int bind_requests(const kfunc *f, kbind *b)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || (k->op != K_LOAD && k->op != K_STORE))
			continue;
		int pipe = kir_pipelined(f, k->block);
		bind_req r = {.kind = k->op == K_LOAD ? REQ_LOAD : REQ_STORE,
		              .inst = i,
		              .step = pipe ? f->blocks[k->block].first_step : k->issue,
		              .pipelined = pipe};
		b->ram_port[i] = k->mem >= f->nmems ? ram_port(f, i) : 0;
		if (b->ram_port[i] >= SCHED_RAM_PORTS || (b->ram_port[i] && k->op == K_STORE))
			return -2; /* not a schedule sched_verify passes */
		if (add_req(b->ram_port[i] ? &b->reads[k->mem] : &b->ports[k->mem], r))
			return -1;
	}
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_COPY)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		/* an internal memory's copy reads go on its second port, so that a copy within it (a memmove)
		 * reads and writes in one cycle */
		if (k->op == K_MEMCPY &&
		    add_req(k->mem2 >= f->nmems ? &b->reads[k->mem2] : &b->ports[k->mem2],
		            (bind_req){.kind = REQ_COPY_READ, .inst = f->steps[s].inst, .step = s}))
			return -1;
		if (add_req(&b->ports[k->mem],
		            (bind_req){.kind = REQ_COPY_WRITE, .inst = f->steps[s].inst, .step = s}))
			return -1;
	}
	return 0;
}

static int fdiv(int a, int b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Slot at which operation U of a pipelined block reads its operands. */
static int use_slot(const kfunc *f, const kinst *u)
{
	if (u->op == K_LOAD || u->op == K_STORE || kop_unit(u->op) == KU_FPU)
		return u->pissue;
	if (u->op == K_CONDBR)
		return f->blocks[u->block].ii - 1;
	return u->pslot;
}

/* Where value I of pipelined block B lives (bind_pipe_value): its stage registers reach the last stage in
 * which an operation of the block reads it. */
static bind_pipe_value pipe_value(const kfunc *f, int b, int i)
{
	const kblock *bl = &f->blocks[b];
	const kinst *k = &f->insts[i];
	int ii = bl->ii, phi = k->op == K_PHI;
	bind_pipe_value p;
	p.back = phi ? kir_back_value(f, b, k) : -1;
	p.def = phi ? (p.back >= 0 ? f->insts[p.back].pslot : 0) - ii : k->pslot;
	p.sd = fdiv(p.def, ii);
	p.cd = p.def - p.sd * ii;
	p.kmax = -1;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *u = &f->insts[bl->insts[j]];
		if (u->op == K_PHI)
			continue;
		for (int a = 0; a < u->nargs; a++) {
			if (u->a[a].kind != KV_OP || u->a[a].id != i)
				continue;
			int t = use_slot(f, u);
			if ((t > p.def || (phi && t == p.def)) && t / ii > p.kmax)
				p.kmax = t / ii;
			/* a narrow load shifts its data by the address' byte lane */
			if (u->op == K_LOAD && a == 0 && u->bytes < kmem_word_bytes(f, u->mem) &&
			    u->pslot / ii > p.kmax)
				p.kmax = u->pslot / ii;
		}
	}
	p.lo = phi ? 0 : (p.cd < ii - 1 ? p.sd : p.sd + 1);
	p.pending = p.back >= 0 && p.sd == -1 && p.cd < ii - 1;
	return p;
}

/* The floating-point units: one per group of the sequential code (an operation per step can use it), one
 * per operation of a pipelined loop. The groups are those the scheduling problem shared (problem.c groups at
 * its clock, which sched_run leaves in f->clock_ns). */
static int bind_fpus(const kfunc *f, kbind *b)
{
	if (!(b->fpu = malloc(((size_t)f->ninsts + 1) * sizeof *b->fpu)))
		return -1;
	b->nfpu = fp_unit_groups(f, f->clock_ns, b->fpu);
	if (b->nfpu < 0 || !(b->fpu_first = malloc(((size_t)b->nfpu + 1) * sizeof *b->fpu_first)))
		return -1;
	for (int g = 0; g < b->nfpu; g++)
		b->fpu_first[g] = -1;
	for (int i = 0; i < f->ninsts; i++)
		if (b->fpu[i] >= 0 && !kir_pipelined(f, f->insts[i].block) && b->fpu_first[b->fpu[i]] < 0)
			b->fpu_first[b->fpu[i]] = i;
	return 0;
}

static int add_sig(kbind *b, bind_sig_kind kind, int i, int width, char *name)
{
	if (!name)
		return -1;
	if ((b->nsigs & (b->nsigs - 1)) == 0) /* at powers of two: the table doubles */
		b->sigs = xrealloc(b->sigs, (size_t)b->nsigs * 2 + 1, sizeof *b->sigs);
	b->sigs[b->nsigs] = (bind_signal){name, width};
	if (b->sig[kind][i] < 0)
		b->sig[kind][i] = b->nsigs;
	b->nsigs++;
	return 0;
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	char *s;
	int n = vasprintf(&s, f, ap);
	va_end(ap);
	return n < 0 ? NULL : s;
}

/* Stage registers of the values of pipelined loops of II 1 (bind.h: stage_slot), and their signals: each
 * loop's values of a width and number of significant bits take slots of that pool from 0, in order; a slot
 * is a register the loops that reach it take in turn, named for its value and stage (p<i>_<s>) when one
 * loop does, else for its width and place. At II 1 every stage register takes a new value every cycle; in a
 * loop of a longer II one holds its value over cycles, and taken in turn with another loop's it no longer
 * merges with the registers of equal values nor loses constant bits in synthesis: pooled, CHStone aes's
 * loops of II 4 to 8 took 12% more FFs and 25% more LUTs, where sha's of II 1 take 34% fewer FFs. Only the
 * running loop's state reads or writes them, and the edge into a loop (which writes its phis' stage 0) comes
 * after the stages' writes in the state it leaves (emit_pipe_state), so the loop it enters gets its values
 * there. */
static int bind_stage_pool(const kfunc *f, kbind *b)
{
	enum { NKEYS = 65 * 65 };
	int *slots = calloc(NKEYS, sizeof *slots), *base = calloc(NKEYS, sizeof *base),
	    *used = calloc(NKEYS, sizeof *used), *key = calloc((size_t)f->ninsts + 1, sizeof *key);
	b->stage_slot = malloc(((size_t)f->ninsts + 1) * sizeof *b->stage_slot);
	int rc = !slots || !base || !used || !key || !b->stage_slot ? -1 : 0;
	for (int i = 0; i < f->ninsts && !rc; i++)
		b->stage_slot[i] = -1;
	for (int bb = 0; bb < f->nblocks && !rc; bb++) {
		if (!kir_pipelined(f, bb) || f->blocks[bb].ii != 1)
			continue;
		memset(used, 0, NKEYS * sizeof *used);
		for (int j = 0; j < f->blocks[bb].ninsts; j++) {
			int i = f->blocks[bb].insts[j], w = f->insts[i].width;
			const bind_pipe_value *p = &b->pv[i];
			if (w <= 0 || w > 64 || p->kmax < p->lo)
				continue;
			/* a pool per width and significant bits: a register whose high bits every value it
			 * holds leaves zero keeps them constant, and synthesis drops them */
			int u = b->vb[i].ubits < 0 ? 0 : b->vb[i].ubits > w ? w : b->vb[i].ubits;
			key[i] = w * 65 + u;
			b->stage_slot[i] = used[key[i]];
			used[key[i]] += p->kmax - p->lo + 1;
		}
		for (int k = 0; k < NKEYS; k++)
			if (used[k] > slots[k])
				slots[k] = used[k];
	}
	for (int k = 0; k < NKEYS && !rc; k++) {
		base[k] = b->npool;
		b->npool += slots[k];
	}
	b->pool_sig = rc ? NULL : malloc(((size_t)b->npool + 1) * sizeof *b->pool_sig);
	int *users = calloc((size_t)b->npool + 1, sizeof *users),
	    *one = calloc((size_t)b->npool + 1, sizeof *one);
	rc = rc || !b->pool_sig || !users || !one ? -1 : 0;
	for (int i = 0; i < f->ninsts && !rc; i++) {
		const bind_pipe_value *p = &b->pv[i];
		if (b->stage_slot[i] < 0)
			continue;
		b->stage_slot[i] += base[key[i]];
		for (int st = p->lo; st <= p->kmax; st++) {
			users[b->stage_slot[i] + st - p->lo]++;
			one[b->stage_slot[i] + st - p->lo] = i;
		}
	}
	for (int s = 0; s < b->npool && !rc; s++) {
		const bind_pipe_value *p = &b->pv[one[s]];
		int w = f->insts[one[s]].width;
		b->pool_sig[s] = b->nsigs;
		rc = add_sig(b, SIG_STAGE, f->ninsts, w,
		             users[s] == 1 ? fmt("p%d_%d", one[s], s - b->stage_slot[one[s]] + p->lo)
		                           : fmt("p_w%d_%d", w, s));
	}
	free(users);
	free(one);
	free(slots);
	free(base);
	free(used);
	free(key);
	return rc;
}

/* The signal table: per operation its wire, a load's port word, its register (lowRISC's _q for a
 * register's output, after the source variable where one is known), and a pipelined value's stage
 * registers. */
static int bind_signals(const kfunc *f, kbind *b)
{
	for (int k = 0; k < SIG_NKINDS; k++) {
		b->sig[k] = malloc(((size_t)f->ninsts + 1) * sizeof *b->sig[k]);
		if (!b->sig[k])
			return -1;
		for (int i = 0; i <= f->ninsts; i++)
			b->sig[k][i] = -1;
	}
	if (bind_stage_pool(f, b) != 0)
		return -1;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width)
			continue;
		int w = k->width;
		if (k->op != K_PHI && add_sig(b, SIG_WIRE, i, w, fmt("v%d", i)))
			return -1;
		if (k->op == K_LOAD &&
		    add_sig(b, SIG_LOAD_WORD, i, 8 * kmem_word_bytes(f, k->mem), fmt("ld%d", i)))
			return -1;
		/* a register several values share is named for none of their variables */
		if (b->registered[i] && b->reg_of[i] == i &&
		    add_sig(b, SIG_REG, i, w,
		            k->name && !b->reg_shared[i] ? fmt("%s_%d_q", k->name, i) : fmt("r%d_q", i)))
			return -1;
		/* what later steps read of a derived value: a wire from its operand's register */
		if (b->derived[i] >= 0 &&
		    add_sig(b, SIG_REG, i, w, k->name ? fmt("%s_%d_kept", k->name, i) : fmt("v%d_kept", i)))
			return -1;
		if (!kir_pipelined(f, k->block))
			continue;
		const bind_pipe_value *p = &b->pv[i];
		for (int st = p->lo; st <= p->kmax && b->stage_slot[i] < 0; st++)
			if (add_sig(b, SIG_STAGE, i, w, fmt("p%d_%d", i, st)))
				return -1;
		if (p->pending && add_sig(b, SIG_NEXT, i, w, fmt("p%d_m", i)))
			return -1;
	}
	for (int i = 0; i < f->ninsts; i++)
		if (b->registered[i] && b->reg_of[i] != i)
			b->sig[SIG_REG][i] = b->sig[SIG_REG][b->reg_of[i]];
	return 0;
}

/* Whether memcpy K may take a write's bytes from two source chunks of the copy engine (rtl/kiln_copy.v):
 * unless both addresses are constants equally aligned to its chunk, or it is a memset. */
static int copy_may_straddle(const kfunc *f, const kinst *k)
{
	if (k->op != K_MEMCPY)
		return 0;
	int wide = kmem_word_bytes(f, k->mem) == 8 && kmem_word_bytes(f, k->mem2) == 8;
	uint64_t chunk = wide ? 8 : 4;
	return k->a[0].kind != KV_CONST || k->a[1].kind != KV_CONST || (k->a[0].c - k->a[1].c) % chunk != 0;
}

/* State names: after the block (its label in upper case, or BB<index>) and the step within it, so that a
 * waveform or a case item says where the kernel is; a name two blocks would share gets the step's number. */
static int bind_states(const kfunc *f, kbind *b)
{
	if (!(b->state = calloc((size_t)f->nsteps + 1, sizeof *b->state)))
		return -1;
	for (int s = 0; s < f->nsteps; s++) {
		const kblock *bl = &f->blocks[f->steps[s].block];
		char label[40];
		size_t n = 0;
		for (const char *c = bl->label; c && *c && n < sizeof label - 1; c++)
			label[n++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
		label[n] = '\0';
		if (!n)
			snprintf(label, sizeof label, "BB%d", f->steps[s].block);
		b->state[s] = fmt("S_%s_%d", label, s - bl->first_step);
		/* a name an earlier state has (two labels alike, or a label ending in a number) takes the
		 * step's number too, until it is unique */
		for (int t = 0, extra = 0; b->state[s] && t < s; t++)
			if (!strcmp(b->state[t], b->state[s])) {
				free(b->state[s]);
				b->state[s] = extra
				                  ? fmt("S_%s_%d_%d_%d", label, s - bl->first_step, s, extra)
				                  : fmt("S_%s_%d_%d", label, s - bl->first_step, s);
				extra++;
				t = -1;
			}
		if (!b->state[s])
			return -1;
	}
	return 0;
}

int bind_sig(const kbind *b, bind_sig_kind kind, int i, int stage)
{
	const bind_pipe_value *p = &b->pv[i];
	if (kind == SIG_STAGE && b->stage_slot && b->stage_slot[i] >= 0)
		return stage >= p->lo && stage <= p->kmax ? b->pool_sig[b->stage_slot[i] + stage - p->lo]
		                                          : -1;
	int s = b->sig[kind][i];
	if (kind != SIG_STAGE || s < 0)
		return s;
	return stage >= p->lo && stage <= p->kmax ? s + stage - p->lo : -1;
}

int bind_kernel(const kfunc *f, kbind *b)
{
	memset(b, 0, sizeof *b);
	b->nports = f->nmems + f->nimems;
	b->ninsts = f->ninsts;
	b->tag = calloc((size_t)f->ninsts + 1, sizeof *b->tag);
	b->ports = calloc((size_t)b->nports + 1, sizeof *b->ports);
	b->reads = calloc((size_t)b->nports + 1, sizeof *b->reads);
	b->ram_port = calloc((size_t)f->ninsts + 1, sizeof *b->ram_port);
	b->pv = calloc((size_t)f->ninsts + 1, sizeof *b->pv);
	b->vb = malloc(((size_t)f->ninsts + 1) * sizeof *b->vb);
	if (b->vb)
		vbits_analyse(f, b->vb);
	int rc =
	    !b->tag || !b->ports || !b->reads || !b->ram_port || !b->pv || !b->vb ? -1 : bind_requests(f, b);
	if (rc || bind_fpus(f, b) || bind_multipliers(f, b) || bind_registers(f, b) ||
	    bind_share_across_blocks(f, b)) {
		bind_free(b);
		return rc == -2 ? -2 : -1;
	}
	/* Responses come back in request order on a port; a tag per load says whose each one is. All of a
	 * port's pipelined loads share the first of their tags: their data goes to one queue in order. */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || k->op != K_LOAD)
			continue;
		bind_port *p = &b->ports[k->mem];
		b->tag[i] = ++p->loads;
		if (kir_pipelined(f, k->block) && !p->pipe_tag)
			p->pipe_tag = b->tag[i];
	}
	for (int m = 0; m < b->nports; m++) {
		bind_port *p = &b->ports[m];
		p->tag_bits = bind_log2up((unsigned)p->loads + 1);
		kiln_sort(p->reqs, (size_t)p->nreqs, sizeof *p->reqs, by_state);
		kiln_sort(b->reads[m].reqs, (size_t)b->reads[m].nreqs, sizeof *p->reqs, by_state);
	}
	for (int s = 0; s < f->nsteps; s++) {
		const kstep *st = &f->steps[s];
		if (st->kind == STEP_DIV_ISSUE)
			b->div[sched_div_width(f->insts[st->inst].width)] = 1;
		if (st->kind == STEP_COPY) {
			b->copy = 1;
			const kinst *k = &f->insts[st->inst];
			b->memcpy |= k->op == K_MEMCPY;
			int wb = kmem_word_bytes(f, k->mem);
			if (k->op == K_MEMCPY && kmem_word_bytes(f, k->mem2) > wb)
				wb = kmem_word_bytes(f, k->mem2);
			if (wb > b->copy_bytes)
				b->copy_bytes = wb;
			int depth = k->op == K_MEMCPY && k->mem2 < f->nmems ? EMIT_READS_IN_FLIGHT
			            : copy_may_straddle(f, k)               ? EMIT_COPY_STRADDLE_DEPTH
			                                                    : EMIT_COPY_ONCHIP_DEPTH;
			if (depth > b->copy_depth)
				b->copy_depth = depth;
			/* its counters' width: the longest length, as value_bits knows it (an argument's:
			 * all its bits) */
			int lb = b->vb ? vbits_unsigned(f, b->vb, k->a[2]) : 32;
			if (lb > b->copy_len_bits)
				b->copy_len_bits = lb < 1 ? 1 : lb;
		}
	}
	b->state_bits = bind_log2up((unsigned)f->nsteps + 2);
	b->nstates = f->nsteps;
	for (int i = 0; i < f->ninsts; i++)
		if (kir_pipelined(f, f->insts[i].block) && f->insts[i].width)
			b->pv[i] = pipe_value(f, f->insts[i].block, i);
	if (bind_signals(f, b) || bind_states(f, b)) {
		bind_free(b);
		return -1;
	}
	return 0;
}

void bind_free(kbind *b)
{
	for (int m = 0; m < b->nports && b->ports; m++)
		free(b->ports[m].reqs);
	for (int m = 0; m < b->nports && b->reads; m++)
		free(b->reads[m].reqs);
	free(b->ports);
	free(b->reads);
	free(b->ram_port);
	free(b->tag);
	for (int i = 0; i < b->nsigs; i++)
		free(b->sigs[i].name);
	for (int s = 0; b->state && s < b->nstates; s++)
		free(b->state[s]);
	free(b->state);
	free(b->sigs);
	for (int k = 0; k < SIG_NKINDS; k++)
		free(b->sig[k]);
	free(b->fpu);
	free(b->fpu_first);
	free(b->mul);
	free(b->mul_unit);
	free(b->pv);
	free(b->stage_slot);
	free(b->pool_sig);
	free(b->registered);
	free(b->reg_of);
	free(b->reg_shared);
	free(b->derived);
	free(b->vb);
	memset(b, 0, sizeof *b);
}
