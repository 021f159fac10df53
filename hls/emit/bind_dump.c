// SPDX-License-Identifier: Apache-2.0
#include "bind_dump.h"

#include <string.h>

static const char *const req_kinds[] = {"load", "store", "copy-read", "copy-write"};

/* An operation as kir.txt names it: %N when it has a result, else #N. */
static void op_ref(const kfunc *f, int i, FILE *o)
{
	fprintf(o, "%c%d", f->insts[i].width ? '%' : '#', i);
}

void bind_dump(const kfunc *f, const kbind *b, FILE *o)
{
	fprintf(o, "binding %s: %d states, %d state bits\n", f->name, f->nsteps, b->state_bits);
	for (int m = 0; m < b->nports; m++) {
		const bind_port *p = &b->ports[m];
		fprintf(o, "  port %d (%s%s): %d request(s), %d load(s)", m,
		        f->mems[m].name ? f->mems[m].name : "-", m < f->nmems ? "" : ", internal", p->nreqs,
		        p->loads);
		if (p->loads)
			fprintf(o, ", %d tag bit(s)", p->tag_bits);
		if (p->pipe_tag)
			fprintf(o, ", pipelined loads share tag %d", p->pipe_tag);
		fputc('\n', o);
		for (int r = 0; r < p->nreqs; r++) {
			const bind_req *q = &p->reqs[r];
			fprintf(o, "    %s ", (unsigned)q->kind <= REQ_COPY_WRITE ? req_kinds[q->kind] : "?");
			op_ref(f, q->inst, o);
			fprintf(o, " in S%d", q->step);
			if (q->pipelined)
				fprintf(o, " pipelined, cycle %d", f->insts[q->inst].pissue);
			if (q->kind == REQ_LOAD)
				fprintf(o, ", tag %d", b->tag[q->inst]);
			fputc('\n', o);
		}
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && k->registered && b->reg[i])
			fprintf(o, "  register %%%d %s [%d:0]\n", i, b->reg[i], k->width - 1);
	}
	for (int w = 1; w <= 64; w++)
		if (b->div[w])
			fprintf(o, "  divider %d bits\n", w);
	fprintf(o, "  copy engine: %s\n",
	        !b->copy    ? "none"
	        : b->memcpy ? "reads and writes (memcpy)"
	                    : "writes only (memset)");
}
