// SPDX-License-Identifier: Apache-2.0
#include "bind_dump.h"

#include <string.h>

static const char *const req_kinds[] = {"load", "store", "copy-read", "copy-write"};

/* An operation as kir.txt names it: %N when it has a result, else #N. */
static void op_ref(const kfunc *f, int i, FILE *o)
{
	fprintf(o, "%c%d", f->insts[i].width ? '%' : '#', i);
}

/* Port P of memory M (READ_PORT: an internal memory's second port, which only reads) and its requests. */
static void port_dump(const kfunc *f, const kbind *b, int m, const bind_port *p, int read_port, FILE *o)
{
	fprintf(o, "  port %d%s (%s%s): %d request(s)", m, read_port ? " read" : "",
	        f->mems[m].name ? f->mems[m].name : "-", m < f->nmems ? "" : ", internal", p->nreqs);
	if (m < f->nmems) { /* responses in request order, told apart by tags */
		fprintf(o, ", %d load(s)", p->loads);
		if (p->loads)
			fprintf(o, ", %d tag bit(s)", p->tag_bits);
		if (p->pipe_tag)
			fprintf(o, ", pipelined loads share tag %d", p->pipe_tag);
	}
	fputc('\n', o);
	for (int r = 0; r < p->nreqs; r++) {
		const bind_req *q = &p->reqs[r];
		fprintf(o, "    %s ", (unsigned)q->kind <= REQ_COPY_WRITE ? req_kinds[q->kind] : "?");
		op_ref(f, q->inst, o);
		fprintf(o, " in %s", q->step >= 0 && q->step < b->nstates ? b->state[q->step] : "?");
		if (q->pipelined)
			fprintf(o, " pipelined, cycle %d", f->insts[q->inst].pissue);
		if (q->kind == REQ_LOAD && m < f->nmems)
			fprintf(o, ", tag %d", b->tag[q->inst]);
		fputc('\n', o);
	}
}

void bind_dump(const kfunc *f, const kbind *b, FILE *o)
{
	fprintf(o, "binding %s: %d states, %d state bits\n", f->name, b->nstates, b->state_bits);
	for (int m = 0; m < b->nports; m++) {
		port_dump(f, b, m, &b->ports[m], 0, o);
		if (b->reads[m].nreqs)
			port_dump(f, b, m, &b->reads[m], 1, o);
	}
	for (int s = 0; s < b->nstates; s++)
		fprintf(o, "  state %d: %s\n", s, b->state[s]);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int r = bind_sig(b, SIG_REG, i, 0);
		if (k->block >= 0 && k->width && b->registered[i] && r >= 0)
			fprintf(o, "  register %%%d %s [%d:0]\n", i, b->sigs[r].name, k->width - 1);
		else if (b->derived[i] >= 0 && r >= 0)
			fprintf(o, "  register %%%d %s [%d:0]: %%%d's, rewired\n", i, b->sigs[r].name,
			        k->width - 1, b->derived[i]);
	}
	for (int i = 0; i < f->ninsts; i++) /* a pipelined loop's operation has a unit of its own */
		if (b->fpu[i] >= 0 && kir_pipelined(f, f->insts[i].block))
			fprintf(o, "  floating-point unit of %%%d (pipelined)\n", i);
		else if (b->fpu[i] >= 0)
			fprintf(o, "  floating-point unit %d: %%%d\n", b->fpu[i], i);
	for (int u = 0; u < b->nmul_units; u++) {
		const bind_mul_unit *m = &b->mul_unit[u];
		fprintf(o, "  multiplier %d: %d x %d bits into %d, shared by", u, m->abits, m->bbits,
		        m->width);
		for (int i = 0; i < f->ninsts; i++)
			if (b->mul[i].unit == u) {
				fprintf(o, " %%%d", i);
				if (b->mul[i].atz + b->mul[i].btz)
					fprintf(o, " (shifted left %d)", b->mul[i].atz + b->mul[i].btz);
			}
		fputc('\n', o);
	}
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].block >= 0 && f->insts[i].op == K_MUL && b->mul[i].unit < 0) {
			const bind_mul *m = &b->mul[i];
			fprintf(o, "  multiplier of %%%d: %d x %d bits into %d", i, m->abits, m->bbits,
			        f->insts[i].width);
			if (m->atz + m->btz)
				fprintf(o, ", the product shifted left %d", m->atz + m->btz);
			fprintf(o, "%s\n", kir_pipelined(f, f->insts[i].block) ? " (pipelined)" : "");
		}
	for (int w = 1; w <= 64; w++)
		if (b->div[w])
			fprintf(o, "  divider %d bits\n", w);
	fprintf(o, "  copy engine: %s",
	        !b->copy    ? "none"
	        : b->memcpy ? "reads and writes (memcpy)"
	                    : "writes only (memset)");
	if (b->copy)
		fprintf(o, ", lengths of %d bits", b->copy_len_bits);
	if (b->memcpy)
		fprintf(o, ", %d reads queued", b->copy_depth);
	fprintf(o, "\n");
}
