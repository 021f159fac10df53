#include "schedule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double log2w(int w)
{
	return w > 1 ? log2((double)w) : 1.0;
}

/* Delay table, in ns, calibrated for a generic 4-LUT FPGA fabric: carry chains grow with width, logic is one
 * LUT level, shifters and counters grow with log2(width). */
double sched_delay(const kfunc *f, const kinst *k)
{
	int w = k->width ? k->width : (k->nargs ? k->a[0].width : 1);
	if (k->op == K_ICMP || k->op == K_UADDO || k->op == K_SADDO)
		w = k->a[0].width;
	(void)f;
	switch (k->op) {
	case K_ADD:
	case K_SUB:
	case K_ICMP:
	case K_UMIN:
	case K_UMAX:
	case K_SMIN:
	case K_SMAX:
	case K_ABS:
	case K_UADDO:
	case K_SADDO:
	case K_USUBO:
	case K_SSUBO:
		return 0.5 + 0.05 * w;
	case K_UADDSAT:
	case K_SADDSAT:
	case K_USUBSAT:
	case K_SSUBSAT:
		return 0.8 + 0.05 * w;
	case K_AND:
	case K_OR:
	case K_XOR:
	case K_SELECT:
		return 0.3;
	case K_ZEXT:
	case K_SEXT:
	case K_TRUNC:
	case K_COPY:
	case K_BSWAP:
	case K_BITREV:
	case K_PHI:
	case K_WIID:
		return 0.0;
	case K_SHL:
	case K_LSHR:
	case K_ASHR:
		return k->a[1].kind == KV_CONST ? 0.0 : 0.5 + 0.4 * log2w(w);
	case K_FSHL:
	case K_FSHR:
		return k->a[2].kind == KV_CONST ? 0.3 : 1.0 + 0.8 * log2w(w);
	case K_CTPOP:
	case K_CTLZ:
	case K_CTTZ:
		return 1.0 + 0.5 * log2w(w);
	case K_MUL:
	case K_UMULO:
	case K_SMULO:
		return 1.0 + 0.12 * w;
	case K_UDIV:
	case K_SDIV:
	case K_UREM:
	case K_SREM:
		return 0.5 + 0.05 * w; /* the multi-cycle divider's operand steering / result sign fix */
	case K_MEMCPY:
	case K_MEMSET:
		return 0.5;
	case K_LOAD:
	case K_STORE:
		return 0.5; /* address decode and byte-lane steering */
	case K_BR:
	case K_CONDBR:
	case K_SWITCH:
	case K_RET:
		return 0.3;
	default:
		return 1.0;
	}
}

static int add_step(kfunc *f, int block, kstep_kind kind)
{
	if (f->nsteps == f->csteps) {
		f->csteps = f->csteps ? f->csteps * 2 : 32;
		f->steps = realloc(f->steps, (size_t)f->csteps * sizeof *f->steps);
	}
	kstep *s = &f->steps[f->nsteps];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->block = block;
	s->inst = -1;
	return f->nsteps++;
}

/* Makes sure step S exists for BLOCK (steps of a block are contiguous and appended in order). */
static void ensure_step(kfunc *f, int block, int s)
{
	while (f->nsteps <= s)
		add_step(f, block, STEP_COMB);
}

/* When operand V of an operation in BLOCK is ready: its step and ns into that step. Values from other
 * blocks, phis and arguments are registers, ready at the start of the block. */
static void ready_at(const kfunc *f, int block, kval v, int first, int *step, double *t)
{
	*step = first;
	*t = 0.0;
	if (v.kind != KV_OP)
		return;
	const kinst *d = &f->insts[v.id];
	if (d->block != block || d->op == K_PHI)
		return;
	*step = d->step;
	*t = d->t_end;
}

int sched_is_div(kop op)
{
	return op == K_UDIV || op == K_SDIV || op == K_UREM || op == K_SREM;
}

void sched_run(kfunc *f, double clock_ns)
{
	f->clock_ns = clock_ns;
	f->nsteps = 0;
	for (int bi = 0; bi < f->nblocks; bi++) {
		kblock *bl = &f->blocks[bi];
		int first = add_step(f, bi, STEP_COMB);
		int mem_frontier = first - 1;
		bl->first_step = first;
		for (int j = 0; j < bl->ninsts; j++) {
			kinst *k = &f->insts[bl->insts[j]];
			int s = first;
			double t = 0.0;
			if (k->op == K_PHI) {
				k->step = first;
				k->t_end = 0.0;
				continue;
			}
			int nin = k->nargs;
			for (int a = 0; a < nin; a++) {
				int os;
				double ot;
				ready_at(f, bi, k->a[a], first, &os, &ot);
				if (os > s) {
					s = os;
					t = ot;
				} else if (os == s && ot > t) {
					t = ot;
				}
			}
			double d = sched_delay(f, k);
			int is_term = k->op == K_BR || k->op == K_CONDBR || k->op == K_SWITCH || k->op == K_RET;
			if (is_term) {
				int last = f->nsteps - 1;
				if (mem_frontier > last)
					last = mem_frontier;
				if (s < last) {
					s = last;
					t = 0.0;
				}
			}
			if (k->op == K_MEMCPY || k->op == K_MEMSET) {
				/* A copy loop in a step of its own, its operands in registers. */
				if (s <= mem_frontier)
					s = mem_frontier + 1;
				if (t > 0)
					s++;
				ensure_step(f, bi, s);
				f->steps[s].kind = STEP_COPY;
				f->steps[s].inst = bl->insts[j];
				k->step = s;
				k->t_end = 0;
				mem_frontier = s;
				continue;
			}
			if (sched_is_div(k->op)) {
				/* The divider: operands in (one cycle), then wait until it is done. */
				if (s <= mem_frontier) {
					s = mem_frontier + 1;
					t = 0.0;
				}
				if (t + 0.5 > clock_ns && t > 0) {
					s++;
					t = 0.0;
				}
				ensure_step(f, bi, s + 1);
				f->steps[s].kind = STEP_DIV_ISSUE;
				f->steps[s].inst = bl->insts[j];
				f->steps[s + 1].kind = STEP_DIV_WAIT;
				f->steps[s + 1].inst = bl->insts[j];
				k->step = s + 1;
				k->t_end = d;
				mem_frontier = s + 1;
				continue;
			}
			if (k->op == K_LOAD || k->op == K_STORE) {
				if (s <= mem_frontier) {
					s = mem_frontier + 1;
					t = 0.0;
				}
				if (t + d > clock_ns && t > 0) {
					s++;
					t = 0.0;
				}
				ensure_step(f, bi, s);
				f->steps[s].kind = STEP_MEM_ISSUE;
				f->steps[s].inst = bl->insts[j];
				if (k->op == K_LOAD) {
					ensure_step(f, bi, s + 1);
					f->steps[s + 1].kind = STEP_MEM_WAIT;
					f->steps[s + 1].inst = bl->insts[j];
					k->step = s + 1;
					k->t_end = 0.5; /* byte-lane alignment of the read data */
					mem_frontier = s + 1;
				} else {
					k->step = s;
					k->t_end = t + d;
					mem_frontier = s;
				}
				continue;
			}
			if (t + d > clock_ns && t > 0) {
				s++;
				t = 0.0;
			}
			ensure_step(f, bi, s);
			k->step = s;
			k->t_end = t + d;
		}
		bl->last_step = f->nsteps - 1;
	}
	/* A value needs a register when some use sits in another step than its definition, or when it is a
	 * phi or a loaded word (both captured at a step boundary). */
	for (int i = 0; i < f->ninsts; i++) {
		kinst *k = &f->insts[i];
		if (k->block < 0)
			continue;
		if (k->op == K_PHI || k->op == K_LOAD)
			k->registered = 1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		kinst *u = &f->insts[i];
		if (u->block < 0)
			continue;
		int use_step = u->step;
		for (int a = 0; a < u->nargs; a++)
			if (u->a[a].kind == KV_OP) {
				kinst *d = &f->insts[u->a[a].id];
				if (d->step != use_step || d->block != u->block)
					d->registered = 1;
			}
		for (int p = 0; p < u->nphi; p++)
			if (u->phi_val[p].kind == KV_OP)
				f->insts[u->phi_val[p].id].registered = 1;
	}
}
