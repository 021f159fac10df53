/* The schedule report: what the scheduler decided, per kernel, for people (text) and tools (JSON): states, each
 * block's states, and per loop the achieved cycles per iteration (the initiation interval of a loop that is not
 * pipelined is its trip latency) beside the two cheap lower bounds of REFERENCE §8: the dependence bound (the
 * longest chain of one iteration packed into the clock period, memory reads and divisions counted at their
 * minimum latency) and the resource bound (accesses per memory port, one per cycle). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "schedule.h"

typedef struct loopinfo {
	int header, latch;   /* blocks: the back edge goes latch -> header */
	int nblocks;         /* blocks header..latch */
	int states;          /* achieved cycles per iteration without memory/divider stalls */
	int dep_lb, res_lb;  /* lower bounds per iteration */
	int innermost;
} loopinfo;

static int block_states(const kfunc *f, int b)
{
	return f->blocks[b].last_step - f->blocks[b].first_step + 1;
}

/* Minimum cycles of one execution of block B's dependence chain. */
static int block_dep_lb(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	double *t = calloc((size_t)f->ninsts + 1, sizeof *t);
	double worst = 0;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		double start = 0;
		for (int a = 0; a < k->nargs; a++)
			if (k->a[a].kind == KV_OP && f->insts[k->a[a].id].block == b && f->insts[k->a[a].id].op != K_PHI &&
			    t[k->a[a].id] > start)
				start = t[k->a[a].id];
		double d = sched_delay(f, k);
		if (k->op == K_LOAD) /* a synchronous read: at least the rest of this cycle and one more */
			d = f->clock_ns * (floor(start / f->clock_ns) + 1) - start + f->clock_ns;
		else if (sched_is_div(k->op))
			d = f->clock_ns * k->width / 2.0;
		t[bl->insts[j]] = start + d;
		if (start + d > worst)
			worst = start + d;
	}
	free(t);
	int c = (int)ceil(worst / f->clock_ns - 1e-9);
	return c < 1 ? 1 : c;
}

static void port_counts(const kfunc *f, int b, int *cnt)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (k->op == K_LOAD || k->op == K_STORE)
			cnt[k->mem]++;
	}
}

static int find_loops(const kfunc *f, loopinfo *out, int max)
{
	int n = 0;
	for (int b = 0; b < f->nblocks && n < max; b++) {
		const kblock *bl = &f->blocks[b];
		if (!bl->ninsts)
			continue;
		const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
		int succ[2] = {-1, -1};
		if (t->op == K_BR)
			succ[0] = t->succ[0];
		else if (t->op == K_CONDBR)
			succ[0] = t->succ[0], succ[1] = t->succ[1];
		for (int s = 0; s < 2; s++)
			if (succ[s] >= 0 && succ[s] <= b && n < max) {
				loopinfo *l = &out[n++];
				l->header = succ[s];
				l->latch = b;
				l->nblocks = b - succ[s] + 1;
			}
	}
	int nall = f->nmems + f->nimems;
	int *cnt = calloc((size_t)nall + 1, sizeof *cnt);
	for (int i = 0; i < n; i++) {
		loopinfo *l = &out[i];
		l->states = 0;
		l->dep_lb = 1;
		l->innermost = 1;
		for (int j = 0; j < n; j++)
			if (j != i && out[j].header >= l->header && out[j].latch <= l->latch &&
			    (out[j].header != l->header || out[j].latch != l->latch))
				l->innermost = 0;
		for (int m = 0; m < nall; m++)
			cnt[m] = 0;
		int dep = 0;
		for (int b = l->header; b <= l->latch; b++) {
			l->states += block_states(f, b);
			port_counts(f, b, cnt);
			int d = block_dep_lb(f, b);
			if (d > dep)
				dep = d;
		}
		l->dep_lb = dep < 1 ? 1 : dep;
		l->res_lb = 1;
		for (int m = 0; m < nall; m++)
			if (cnt[m] > l->res_lb)
				l->res_lb = cnt[m];
	}
	free(cnt);
	return n;
}

static int kernel_dep_lb(const kfunc *f)
{
	int s = 0;
	for (int b = 0; b < f->nblocks; b++)
		s += block_dep_lb(f, b);
	return s;
}

static void write_text(const kfunc *ks, int nk, FILE *o)
{
	loopinfo loops[128];
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		fprintf(o, "kernel %s: %d states, clock target %.2f ns, %d memory port(s), %d internal memor%s\n", f->name,
			f->nsteps, f->clock_ns, f->nmems, f->nimems, f->nimems == 1 ? "y" : "ies");
		for (int b = 0; b < f->nblocks; b++)
			fprintf(o, "  %-6s states %d..%d (dependence bound %d)\n", f->blocks[b].name, f->blocks[b].first_step,
				f->blocks[b].last_step, block_dep_lb(f, b));
		int nl = find_loops(f, loops, 128);
		for (int i = 0; i < nl; i++) {
			const loopinfo *l = &loops[i];
			int lb = l->dep_lb > l->res_lb ? l->dep_lb : l->res_lb;
			fprintf(o,
				"  loop %s..%s%s: trip latency %d cycles, II %d (not pipelined), lower bounds: dependence %d, "
				"resource %d -> %.2fx\n",
				f->blocks[l->header].name, f->blocks[l->latch].name, l->innermost ? " (innermost)" : "",
				l->states, l->states, l->dep_lb, l->res_lb, (double)l->states / lb);
		}
		fprintf(o, "  straight-line dependence bound (each block once): %d cycles\n", kernel_dep_lb(f));
	}
}

static void write_json(const kfunc *ks, int nk, FILE *o)
{
	loopinfo loops[128];
	fprintf(o, "{\n  \"kernels\": [");
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		fprintf(o, "%s\n    {\"name\": \"%s\", \"states\": %d, \"clock_ns\": %.3f, \"dependence_lb\": %d, \"blocks\": [",
			k ? "," : "", f->name, f->nsteps, f->clock_ns, kernel_dep_lb(f));
		for (int b = 0; b < f->nblocks; b++)
			fprintf(o, "%s{\"name\": \"%s\", \"first_state\": %d, \"last_state\": %d, \"dependence_lb\": %d}",
				b ? ", " : "", f->blocks[b].name, f->blocks[b].first_step, f->blocks[b].last_step,
				block_dep_lb(f, b));
		fprintf(o, "],\n     \"loops\": [");
		int nl = find_loops(f, loops, 128);
		for (int i = 0; i < nl; i++) {
			const loopinfo *l = &loops[i];
			fprintf(o,
				"%s{\"header\": \"%s\", \"latch\": \"%s\", \"innermost\": %s, \"trip_latency\": %d, \"ii\": %d, "
				"\"pipelined\": false, \"dependence_lb\": %d, \"resource_lb\": %d}",
				i ? ", " : "", f->blocks[l->header].name, f->blocks[l->latch].name,
				l->innermost ? "true" : "false", l->states, l->states, l->dep_lb, l->res_lb);
		}
		fprintf(o, "]}");
	}
	fprintf(o, "\n  ]\n}\n");
}

int sched_report_write(const kfunc *ks, int nk, const char *dir)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/schedule.txt", dir);
	FILE *t = fopen(path, "w");
	snprintf(path, sizeof path, "%s/schedule.json", dir);
	FILE *j = fopen(path, "w");
	if (t)
		write_text(ks, nk, t);
	if (j)
		write_json(ks, nk, j);
	int bad = !t || !j;
	if (t && fclose(t) != 0)
		bad = 1;
	if (j && fclose(j) != 0)
		bad = 1;
	return bad ? -1 : 0;
}
