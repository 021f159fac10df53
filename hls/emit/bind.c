// SPDX-License-Identifier: Apache-2.0
#include "bind.h"

#include "../schedule/oplib.h"
#include "host/common/sort.h"

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

static int is_pipe(const kfunc *f, const kinst *k)
{
	return k->block >= 0 && f->blocks[k->block].pipelined;
}

/* Loads and stores in instruction order, then the copy loops' phases in step order: the order the port
 * multiplexers give priority in. */
static int bind_requests(const kfunc *f, kbind *b)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || (k->op != K_LOAD && k->op != K_STORE))
			continue;
		int pipe = is_pipe(f, k);
		bind_req r = {.kind = k->op == K_LOAD ? REQ_LOAD : REQ_STORE,
		              .inst = i,
		              .step = pipe ? f->blocks[k->block].first_step : k->issue,
		              .pipelined = pipe};
		if (add_req(&b->ports[k->mem], r))
			return -1;
	}
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_COPY)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		if (k->op == K_MEMCPY &&
		    add_req(&b->ports[k->mem2],
		            (bind_req){.kind = REQ_COPY_READ, .inst = f->steps[s].inst, .step = s}))
			return -1;
		if (add_req(&b->ports[k->mem],
		            (bind_req){.kind = REQ_COPY_WRITE, .inst = f->steps[s].inst, .step = s}))
			return -1;
	}
	return 0;
}

/* Register names: lowRISC's _q for a register's output, after the source variable where one is known. */
static int bind_registers(const kfunc *f, kbind *b)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width)
			continue;
		int n =
		    k->name ? asprintf(&b->reg[i], "%s_%d_q", k->name, i) : asprintf(&b->reg[i], "r%d_q", i);
		if (n < 0) {
			b->reg[i] = NULL;
			return -1;
		}
	}
	return 0;
}

int bind_kernel(const kfunc *f, kbind *b)
{
	memset(b, 0, sizeof *b);
	b->nports = f->nmems + f->nimems;
	b->ninsts = f->ninsts;
	b->tag = calloc((size_t)f->ninsts + 1, sizeof *b->tag);
	b->ports = calloc((size_t)b->nports + 1, sizeof *b->ports);
	b->reg = calloc((size_t)f->ninsts + 1, sizeof *b->reg);
	if (!b->tag || !b->ports || !b->reg || bind_requests(f, b) || bind_registers(f, b)) {
		bind_free(b);
		return -1;
	}
	/* Responses come back in request order on a port; a tag per load says whose each one is. All of a
	 * port's pipelined loads share the first of their tags: their data goes to one queue in order. */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || k->op != K_LOAD)
			continue;
		bind_port *p = &b->ports[k->mem];
		b->tag[i] = ++p->loads;
		if (is_pipe(f, k) && !p->pipe_tag)
			p->pipe_tag = b->tag[i];
	}
	for (int m = 0; m < b->nports; m++) {
		bind_port *p = &b->ports[m];
		p->tag_bits = bind_log2up((unsigned)p->loads + 1);
		kiln_sort(p->reqs, (size_t)p->nreqs, sizeof *p->reqs, by_state);
	}
	for (int s = 0; s < f->nsteps; s++) {
		const kstep *st = &f->steps[s];
		if (st->kind == STEP_DIV_ISSUE)
			b->div[sched_div_width(f->insts[st->inst].width)] = 1;
		if (st->kind == STEP_COPY) {
			b->copy = 1;
			b->memcpy |= f->insts[st->inst].op == K_MEMCPY;
		}
	}
	b->state_bits = bind_log2up((unsigned)f->nsteps + 2);
	return 0;
}

void bind_free(kbind *b)
{
	for (int m = 0; m < b->nports && b->ports; m++)
		free(b->ports[m].reqs);
	free(b->ports);
	free(b->tag);
	for (int i = 0; b->reg && i < b->ninsts; i++)
		free(b->reg[i]);
	free(b->reg);
	memset(b, 0, sizeof *b);
}
