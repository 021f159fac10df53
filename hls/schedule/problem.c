// SPDX-License-Identifier: Apache-2.0
#include "problem.h"

#include <stdlib.h>

#include "fp_units.h"
#include "mii.h"
#include "schedule.h"

int sched_self_loop(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	if (!bl->ninsts)
		return 0;
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	return (t->op == K_BR && t->succ[0] == b) ||
	       (t->op == K_CONDBR && (t->succ[0] == b || t->succ[1] == b));
}

int sched_problem_init(sched_problem *p, const kfunc *f, double clock_ns)
{
	int nall = f->nmems + f->nimems;
	*p = (sched_problem){f, clock_ns, NULL, NULL, NULL, NULL, NULL};
	p->delay = malloc(((size_t)f->ninsts + 1) * sizeof *p->delay);
	p->fp_latency = calloc((size_t)f->ninsts + 1, sizeof *p->fp_latency);
	p->latency = malloc(((size_t)nall + 1) * sizeof *p->latency);
	p->res_mii = calloc((size_t)f->nblocks + 1, sizeof *p->res_mii);
	p->rec_mii = calloc((size_t)f->nblocks + 1, sizeof *p->rec_mii);
	if (!p->delay || !p->fp_latency || !p->latency || !p->res_mii || !p->rec_mii) {
		sched_problem_free(p);
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		p->delay[i] = sched_delay(f, &f->insts[i]);
		if (kop_unit(f->insts[i].op) == KU_FPU)
			p->fp_latency[i] = fp_unit_latency(&f->insts[i], clock_ns);
	}
	for (int m = 0; m < nall; m++)
		p->latency[m] = m < f->nmems ? sched_read_latency(f, m) : 1; /* on-chip: the next cycle */
	for (int b = 0; b < f->nblocks; b++)
		if (sched_self_loop(f, b)) {
			p->res_mii[b] = sched_res_mii(p, b);
			p->rec_mii[b] = sched_rec_mii(p, b);
		}
	return 0;
}

void sched_problem_free(sched_problem *p)
{
	free(p->delay);
	free(p->fp_latency);
	free(p->latency);
	free(p->res_mii);
	free(p->rec_mii);
	*p = (sched_problem){0};
}
