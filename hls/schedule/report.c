// SPDX-License-Identifier: Apache-2.0
/* The schedule report: what the scheduler decided, per kernel, for people (text) and tools (JSON): states,
 * each block's states, and per loop the achieved cycles per iteration (the initiation interval of a loop that
 * is not pipelined is its trip latency) beside the two cheap lower bounds of REFERENCE §8: the dependence
 * bound (the longest chain packed into the clock period, memory reads at the memory's minimum latency, each
 * access after the earlier ones of its memory it may meet with a store between them (the order the program
 * gives accesses not proven apart), divisions as chained subtract stages, floating-point operations at their
 * pipelined units' latency) and
 * the resource bound (the busiest memory's accesses over its ports, sched_port_cycles).
 * Both are given per execution of each block, and for single-block loops the recurrence bound too, so that
 * the benchmark can weigh them by the block counts of a profiled run (kiln-cc --profile, scripts/bench). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/jsonutil.h"
#include "../../host/common/text_escape.h"
#include "../cdfg/kir_cfg.h"
#include "../cdfg/kir_text.h"
#include "../cdfg/mem_partition.h"
#include "../support/diag.h"
#include "../support/xalloc.h"
#include "fp_units.h"
#include "oplib.h"
#include "problem.h"
#include "schedule.h"

typedef struct loopinfo {
	int header, latch; /* blocks: the header dominates the loop; a back edge goes latch -> header (the
	                      highest-numbered latch when several do) */
	int nblocks;       /* blocks of the natural loop */
	unsigned char *in; /* per block of the kernel: in the loop (allocated) */
	unsigned line;     /* the source line that names it (its back edge's branch, else its first line) */
	int states;        /* achieved cycles of one iteration, start to end, without memory/divider stalls */
	int ii;            /* cycles between iteration starts: STATES unless the loop is pipelined */
	int pipelined;
	int dep_lb, res_lb; /* lower bounds per iteration */
	int innermost;
	char why[200]; /* not pipelined: why, at the line that causes it ("" when pipelined or a single block,
	                  whose block line says it) */
} loopinfo;

/* TEXT as a JSON string (jsonutil.h quotes it); a write error shows when the file is closed. */
static void json_str(FILE *o, const char *text)
{
	char *q = kiln_json_quote(text);
	fputs(q ? q : "null", o);
	free(q);
}

/* , "NAME": "TEXT" with TEXT escaped for JSON. */
static void json_str_field(FILE *o, const char *name, const char *text)
{
	fprintf(o, ", \"%s\": ", name);
	json_str(o, text);
}

static int block_states(const kfunc *f, int b)
{
	return f->blocks[b].last_step - f->blocks[b].first_step + 1;
}

/* Cycles from an accepted read request to usable data, at best: the board's device memory latency for module
 * ports (sched_read_latency), the next cycle for on-chip RAM and ROM. */
static int read_latency(const kfunc *f, const kinst *k)
{
	return k->mem < f->nmems ? sched_read_latency(f, k->mem) : 1;
}

/* When operation K of block B finishes at the earliest (ns of chain from the block's start, steps of
 * sched_step_budget each, the scheduler's own rule), its operands' finish times in T (values from outside
 * the block, and phis, are ready at 0). Reads complete READ_LATENCY steps after the one they are issued in,
 * their data sched_load_ready into it; an access is requested in a step after those of the earlier accesses
 * it must follow (ISS: each access's request time, filled in here); a division costs its W
 * subtract-and-select stages chained; a floating-point operation its unit's register levels. */
static double op_finish(const kfunc *f, const vbits *vb, const kinst *k, int b, const double *t, double *iss)
{
	double start = 0;
	for (int a = 0; a < k->nargs; a++) {
		const kinst *d = k->a[a].kind == KV_OP ? &f->insts[k->a[a].id] : NULL;
		if (d && d->block == b && d->op != K_PHI && t[k->a[a].id] > start)
			start = t[k->a[a].id];
	}
	double d = sched_delay(f, vb, k), step = sched_step_budget(f->clock_ns);
	if (kop_is_access(k->op)) {
		/* after the request of each earlier access of its memory it must follow: one of the two a
		 * store, the two not proven apart (sched_onchip_ordered), the program's order through memory
		 */
		int i = (int)(k - f->insts);
		const kblock *bl = &f->blocks[b];
		for (int j = 0; j < bl->ninsts && bl->insts[j] != i; j++) {
			const kinst *o = &f->insts[bl->insts[j]];
			double after = step * (floor(iss[bl->insts[j]] / step + 1e-9) + 1);
			if (kop_is_access(o->op) && o->mem == k->mem && after > start &&
			    sched_onchip_ordered(f, b, bl->insts[j], i))
				start = after;
		}
		iss[i] = start;
	}
	/* an edge load's request is its block's last step; the next block takes its data (kir.h) */
	if (k->op == K_LOAD && k->edge)
		return step * (floor(start / step + 1e-9) + 1);
	if (k->op == K_LOAD)
		return step * (floor(start / step + 1e-9) + read_latency(f, k)) + sched_load_ready(f, k);
	if (sched_is_div(k->op))
		return start + k->width * sched_div_stage_delay(k->width);
	/* a floating-point operation runs on a pipelined unit whose register levels no schedule chains
	 * through (hls/schedule/fp_units.h): its result is there that many steps after the step its operands
	 * are */
	if (kop_unit(k->op) == KU_FPU)
		return step * (floor(start / step + 1e-9) + fp_unit_latency(k, f->clock_ns));
	/* an operation longer than a step takes a step of its own and runs over it, as the scheduler places
	 * it (kiln-cc warns that the clock is too short for it): what follows starts in the next step */
	if (d > step) {
		double at = step * floor(start / step + 1e-9);
		return (start > at + 1e-9 ? at + step : at) + step;
	}
	return start + d;
}

/* Steps of what a step chains (sched_step_budget) that NS of chain takes. */
static int ns_to_cycles(const kfunc *f, double ns)
{
	int c = (int)ceil(ns / sched_step_budget(f->clock_ns) - 1e-9);
	return c < 1 ? 1 : c;
}

/* Minimum cycles of one execution of each block's dependence chain (at least one state per block), as a
 * new array of f->nblocks. The value-bit analysis is of the whole function, so it is done once here, and
 * one finish time per instruction serves every block (op_finish reads only its own block's). */
static int *block_dep_bounds(const kfunc *f)
{
	int *dep = xcalloc((size_t)f->nblocks + 1, sizeof *dep);
	double *t = xcalloc((size_t)f->ninsts + 1, sizeof *t),
	       *iss = xcalloc((size_t)f->ninsts + 1, sizeof *iss);
	vbits *vb = malloc(((size_t)f->ninsts + 1) * sizeof *vb);
	if (vb)
		vbits_analyse(f, vb);
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		double worst = 0;
		for (int j = 0; j < bl->ninsts; j++) {
			int i = bl->insts[j];
			t[i] = op_finish(f, vb, &f->insts[i], b, t, iss);
			if (t[i] > worst)
				worst = t[i];
		}
		dep[b] = ns_to_cycles(f, worst);
	}
	free(t);
	free(iss);
	free(vb);
	return dep;
}

/* Loop L iterates over the work-items of an nd-range kernel (hls/cdfg/wi_loop.c): its II is the work-item
 * initiation interval. */
static int work_items(const kfunc *f, const loopinfo *l)
{
	return f->wi_loop && l->header == 1 && l->latch == 1;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/* Cycles between iteration starts of single-block loop B without stalls: its II when pipelined, else the
 * block's state count. */
/* Block B's loop directives as the report names them ("pipeline off, II target 4, ivdep at line 12"), in
 * BUF; "" when it has none. */
static const char *directives(const kblock *b, char *buf, size_t n)
{
	char ii[32] = "";
	if (b->ii_target)
		snprintf(ii, sizeof ii, "II target %d", b->ii_target);
	const char *part[] = {b->pipe_off ? "pipeline off" : "", ii, b->ivdep ? "ivdep" : ""};
	size_t used = 0;
	buf[0] = 0;
	for (size_t i = 0; i < sizeof part / sizeof *part; i++)
		if (*part[i] && used < n)
			used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", part[i]);
	if (used && used < n)
		snprintf(buf + used, n - used, " at line %u", b->dir_line);
	return buf;
}

static int block_ii(const kfunc *f, int b)
{
	return f->blocks[b].pipelined ? f->blocks[b].ii : block_states(f, b);
}

/* Why loop I of the N loops L, a loop of several blocks, is not pipelined: only a single-block loop's
 * iterations overlap, so the first loop nested in it, else the first branch in its body (not the back
 * edge's), is what keeps it sequential. */
static void loop_why(const kfunc *f, loopinfo *l, int n, int i)
{
	loopinfo *me = &l[i];
	me->why[0] = '\0';
	if (me->nblocks < 2)
		return;
	for (int j = 0; j < n; j++)
		if (j != i && me->in[l[j].header] && l[j].header != me->header) {
			snprintf(me->why, sizeof me->why,
			         "it holds the loop at line %u, and only a loop of one block is pipelined",
			         l[j].line);
			return;
		}
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		if (!me->in[b] || b == me->latch || !bl->ninsts)
			continue;
		const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
		if (t->op == K_CONDBR || t->op == K_SWITCH) {
			snprintf(me->why, sizeof me->why,
			         "its body branches (line %u) into %d blocks, and only a loop of one block "
			         "is pipelined",
			         t->line, me->nblocks);
			return;
		}
	}
	snprintf(me->why, sizeof me->why, "its body is %d blocks, and only a loop of one block is pipelined",
	         me->nblocks);
}

/* The natural loops of F (DEP: block_dep_bounds) into OUT, at most MAX, in header order; how many (free
 * each one's IN with loops_free). A back edge is an edge into a block that dominates its source; the loop is
 * the header and every block that reaches the edge's source without passing the header, one loop per
 * header: a loop's exit, a branch to a lower-numbered block that does not dominate it, is no loop. */
static int find_loops(const kfunc *f, const int *dep_lb, loopinfo *out, int max)
{
	int nb = f->nblocks, words = (nb + 63) / 64, n = 0, sc[KIR_MAX_SUCCS];
	uint64_t *dom = kir_dominators(f, words);
	int *stack = xcalloc((size_t)nb + 1, sizeof *stack);
	for (int h = 0; h < nb && n < max; h++) {
		loopinfo *l = NULL;
		for (int b = 0; b < nb; b++) {
			int ns = kir_succs(f, b, sc), back = 0;
			for (int i = 0; i < ns; i++)
				back |= sc[i] == h &&
				        (dom[(size_t)b * (size_t)words + (size_t)(h / 64)] >> (h % 64) & 1);
			if (!back)
				continue;
			if (!l) {
				l = &out[n++];
				*l = (loopinfo){.header = h, .latch = b, .in = xcalloc((size_t)nb + 1, 1)};
				l->in[h] = 1;
			}
			if (b > l->latch)
				l->latch = b;
			/* the blocks that reach B without passing H: walked back over predecessors */
			int top = 0;
			if (!l->in[b]) {
				l->in[b] = 1;
				stack[top++] = b;
			}
			while (top > 0) {
				int x = stack[--top];
				for (int p = 0; p < nb; p++) {
					int np = l->in[p] ? 0 : kir_succs(f, p, sc);
					for (int i = 0; i < np; i++)
						if (sc[i] == x) {
							l->in[p] = 1;
							stack[top++] = p;
							break;
						}
				}
			}
		}
	}
	free(dom);
	free(stack);
	int nall = f->nmems + f->nimems;
	int *cnt = xcalloc((size_t)nall + 1, sizeof *cnt), *first = xcalloc((size_t)nall + 1, sizeof *first);
	for (int i = 0; i < n; i++) {
		loopinfo *l = &out[i];
		l->pipelined = l->header == l->latch && f->blocks[l->header].pipelined;
		l->innermost = 1;
		for (int j = 0; j < n; j++) /* another loop inside this one */
			if (j != i && l->in[out[j].header] && out[j].header != l->header)
				l->innermost = 0;
		for (int m = 0; m < nall; m++)
			cnt[m] = first[m] = 0;
		int dep = 0;
		unsigned first_line = 0;
		for (int b = 0; b < nb; b++) {
			if (!l->in[b])
				continue;
			l->nblocks++;
			l->states += f->blocks[b].pipelined ? f->blocks[b].ii * f->blocks[b].stages
			                                    : block_states(f, b);
			sched_port_count(f, b, cnt, first);
			if (dep_lb[b] > dep)
				dep = dep_lb[b];
			for (int j = 0; j < f->blocks[b].ninsts; j++) {
				unsigned ln = f->insts[f->blocks[b].insts[j]].line;
				if (ln && (!first_line || ln < first_line))
					first_line = ln;
			}
		}
		/* clang puts a loop statement's line on the branch back to its start */
		const kblock *lb = &f->blocks[l->latch];
		unsigned back_line = lb->ninsts ? f->insts[lb->insts[lb->ninsts - 1]].line : 0;
		l->line = back_line ? back_line : first_line;
		l->dep_lb = dep < 1 ? 1 : dep;
		l->ii = l->states;
		if (l->pipelined) {
			l->ii = f->blocks[l->header].ii;
			l->states = l->ii * f->blocks[l->header].stages;
		}
		l->res_lb = sched_port_cycles(f, cnt, first);
	}
	for (int i = 0; i < n; i++)
		loop_why(f, out, n, i);
	free(cnt);
	free(first);
	return n;
}

static void loops_free(loopinfo *l, int n)
{
	for (int i = 0; i < n; i++)
		free(l[i].in);
}

static int kernel_dep_lb(const kfunc *f, const int *dep_lb)
{
	int s = 0;
	for (int b = 0; b < f->nblocks; b++)
		s += dep_lb[b];
	return s;
}

/* Total bytes of array M of F: its banks' together when it was partitioned. */
static uint32_t array_bytes(const kfunc *f, int m)
{
	uint32_t n = 0;
	for (int i = 0; i < f->nmems + f->nimems; i++)
		if (i == m || (f->mems[i].nbanks && f->mems[i].bank_first == m))
			n += f->mems[i].size;
	return n;
}

/* F's memories as the source declared them (a partitioned array once, its banks listed in it). */
static void memories_json(const kfunc *f, FILE *o)
{
	fprintf(o, ",\n     \"memories\": [");
	for (int m = 0, c = 0; m < f->nmems + f->nimems; m++) {
		const kmem *mm = &f->mems[m];
		if (mm->nbanks && mm->bank)
			continue;
		fprintf(o, "%s{\"memory\": %d, \"name\": ", c++ ? ", " : "", m);
		json_str(o, mm->name ? mm->name : "");
		fprintf(o, ", \"kind\": \"%s\", \"bytes\": %u, \"port\": %s", kir_text_mem_kind(mm->kind),
		        array_bytes(f, m), m < f->nmems ? "true" : "false");
		if (mm->nbanks) {
			fprintf(o, ", \"partition\": {\"file\": ");
			json_str(o, f->file ? f->file : "");
			fprintf(o,
			        ", \"kind\": \"%s\", \"factor\": %d, \"line\": %u, \"banks\": %d, "
			        "\"one_bank_accesses\": %d, \"every_bank_accesses\": %d, \"memories\": [",
			        mem_partition_name(mm->part), mm->part_factor, mm->part_line, mm->nbanks,
			        mm->part_one, mm->part_every);
			for (int i = 0, d = 0; i < f->nmems + f->nimems; i++)
				if (f->mems[i].nbanks && f->mems[i].bank_first == m)
					fprintf(o, "%s%d", d++ ? ", " : "", i);
			fprintf(o, "]}");
		}
		fprintf(o, "}");
	}
	fprintf(o, "]");
}

/* F's partitioned arrays, a line each. */
static void memories_text(const kfunc *f, FILE *o)
{
	for (int m = 0; m < f->nmems + f->nimems; m++) {
		const kmem *mm = &f->mems[m];
		if (!mm->nbanks || mm->bank)
			continue;
		fprintf(o, "  memory ");
		kiln_fput_text(o, mm->name ? mm->name : "?", KILN_ESC_PLAIN);
		fprintf(o, " (%s, %u bytes): partition %s", kir_text_mem_kind(mm->kind), array_bytes(f, m),
		        mem_partition_name(mm->part));
		if (mm->part_factor)
			fprintf(o, " %d", mm->part_factor);
		fprintf(o, " at line %u: %d banks; accesses: %d to one bank, %d to every bank\n",
		        mm->part_line, mm->nbanks, mm->part_one, mm->part_every);
	}
}

static void write_text(const kfunc *ks, int nk, FILE *o)
{
	loopinfo loops[128];
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		int *dep_lb = block_dep_bounds(f);
		fprintf(o, "kernel ");
		kiln_fput_text(o, f->name, KILN_ESC_PLAIN);
		fprintf(o, ": %d states, clock target %.2f ns, %d memory port(s), %d internal memor%s\n",
		        f->nsteps, f->clock_ns, f->nmems, f->nimems, f->nimems == 1 ? "y" : "ies");
		/* calls through pointers, each a dispatch over the function ids it may hold */
		for (const char *d = f->dispatch; d && *d;) {
			const char *e = strstr(d, "; ");
			int n = e ? (int)(e - d) : (int)strlen(d);
			char *one = strndup(d, (size_t)n); /* names functions of the input */
			fprintf(o, "  dispatch ");
			kiln_fput_text(o, one, KILN_ESC_PLAIN);
			fprintf(o, "\n");
			free(one);
			d = e ? e + 2 : d + n;
		}
		if (f->missing_sets) {
			fprintf(o, "  not launchable here: calls virtual-function set(s) ");
			kiln_fput_text(o, f->missing_sets, KILN_ESC_PLAIN);
			fprintf(o, ", which the image lacks\n");
		}
		memories_text(f, o);
		for (int b = 0; b < f->nblocks; b++) {
			fprintf(o,
			        "  %-6s states %d..%d, per execution: dependence bound %d, resource bound %d",
			        f->blocks[b].name, f->blocks[b].first_step, f->blocks[b].last_step, dep_lb[b],
			        sched_port_load(f, b, NULL));
			if (sched_self_loop(f, b))
				fprintf(
				    o, "; single-block loop: II %d%s, MII %d (recurrence %d, resource %d)",
				    block_ii(f, b), f->blocks[b].pipelined ? " (pipelined)" : " (sequential)",
				    imax(f->blocks[b].rec_mii, f->blocks[b].res_mii), f->blocks[b].rec_mii,
				    f->blocks[b].res_mii);
			if (f->blocks[b].pipelined)
				fprintf(o, "; %d stage(s), %d states when not overlapped",
				        f->blocks[b].stages, f->blocks[b].seq_states);
			else if (sched_self_loop(f, b) && f->blocks[b].nopipe[0])
				fprintf(o, "; not pipelined: %s", f->blocks[b].nopipe);
			char dir[96];
			if (*directives(&f->blocks[b], dir, sizeof dir))
				fprintf(o, "; directives: %s", dir);
			fprintf(o, "\n");
		}
		int nl = find_loops(f, dep_lb, loops, 128);
		for (int i = 0; i < nl; i++) {
			const loopinfo *l = &loops[i];
			int lb = l->dep_lb > l->res_lb ? l->dep_lb : l->res_lb;
			fprintf(o, "  loop at ");
			kiln_fput_text(o, f->file ? f->file : "?", KILN_ESC_PLAIN);
			if (l->line) /* none without debug locations (kernel IR text, say) */
				fprintf(o, ":%u", l->line);
			fprintf(o,
			        " (%s..%s, %d block%s%s%s): trip latency %d cycles, II %d (%s), lower "
			        "bounds: dependence %d, resource %d -> %.2fx\n",
			        f->blocks[l->header].name, f->blocks[l->latch].name, l->nblocks,
			        l->nblocks == 1 ? "" : "s", work_items(f, l) ? "; the work-items" : "",
			        l->innermost ? "; innermost" : "", l->states, l->ii,
			        l->pipelined ? "pipelined" : "not pipelined", l->dep_lb, l->res_lb,
			        (double)l->ii / lb);
			if (l->why[0])
				fprintf(o, "    not pipelined: %s\n", l->why);
			char dir[96];
			if (*directives(&f->blocks[l->header], dir, sizeof dir))
				fprintf(o, "    directives: %s\n", dir);
		}
		loops_free(loops, nl);
		fprintf(o, "  straight-line dependence bound (each block once): %d cycles\n",
		        kernel_dep_lb(f, dep_lb));
		free(dep_lb);
	}
}

static void write_json(const kfunc *ks, int nk, FILE *o)
{
	loopinfo loops[128];
	fprintf(o, "{\n  \"kernels\": [");
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		int *dep_lb = block_dep_bounds(f);
		fprintf(o, "%s\n    {\"name\": ", k ? "," : "");
		json_str(o, f->name);
		fprintf(o, ", \"states\": %d, \"clock_ns\": %.3f, \"dependence_lb\": %d, \"blocks\": [",
		        f->nsteps, f->clock_ns, kernel_dep_lb(f, dep_lb));
		for (int b = 0; b < f->nblocks; b++) {
			fprintf(o,
			        "%s\n      {\"name\": \"%s\", \"first_state\": %d, \"last_state\": %d, "
			        "\"dependence_lb\": %d, "
			        "\"resource_lb\": %d",
			        b ? "," : "", f->blocks[b].name, f->blocks[b].first_step,
			        f->blocks[b].last_step, dep_lb[b], sched_port_load(f, b, NULL));
			if (sched_self_loop(f, b))
				fprintf(o,
				        ", \"rec_mii\": %d, \"res_mii\": %d, \"ii\": %d, \"pipelined\": %s",
				        f->blocks[b].rec_mii, f->blocks[b].res_mii, block_ii(f, b),
				        f->blocks[b].pipelined ? "true" : "false");
			if (sched_self_loop(f, b) && f->blocks[b].pipelined)
				fprintf(o, ", \"stages\": %d, \"sequential_states\": %d", f->blocks[b].stages,
				        f->blocks[b].seq_states);
			else if (sched_self_loop(f, b) && f->blocks[b].nopipe[0])
				json_str_field(o, "not_pipelined_because", f->blocks[b].nopipe);
			fprintf(o, "}");
		}
		fprintf(o, "],\n     \"loops\": [");
		int nl = find_loops(f, dep_lb, loops, 128);
		for (int i = 0; i < nl; i++) {
			const loopinfo *l = &loops[i];
			fprintf(o, "%s{\"file\": ", i ? ", " : "");
			json_str(o, f->file ? f->file : "");
			fprintf(o, ", \"line\": %u, \"header\": \"%s\", \"latch\": \"%s\", \"blocks\": [",
			        l->line, f->blocks[l->header].name, f->blocks[l->latch].name);
			for (int b = 0, c = 0; b < f->nblocks; b++)
				if (l->in[b])
					fprintf(o, "%s\"%s\"", c++ ? ", " : "", f->blocks[b].name);
			fprintf(o,
			        "], \"innermost\": %s, \"work_items\": %s, \"trip_latency\": %d, \"ii\": %d, "
			        "\"pipelined\": %s, \"dependence_lb\": %d, \"resource_lb\": %d",
			        l->innermost ? "true" : "false", work_items(f, l) ? "true" : "false",
			        l->states, l->ii, l->pipelined ? "true" : "false", l->dep_lb, l->res_lb);
			if (l->why[0])
				json_str_field(o, "not_pipelined_because", l->why);
			const kblock *h = &f->blocks[l->header];
			if (h->pipe_off || h->ii_target || h->ivdep)
				fprintf(o,
				        ", \"directives\": {\"pipeline_off\": %s, \"ii_target\": %d, "
				        "\"ivdep\": %s, "
				        "\"line\": %u}",
				        h->pipe_off ? "true" : "false", h->ii_target,
				        h->ivdep ? "true" : "false", h->dir_line);
			fprintf(o, "}");
		}
		loops_free(loops, nl);
		fprintf(o, "]");
		memories_json(f, o);
		fprintf(o, "}");
		free(dep_lb);
	}
	fprintf(o, "\n  ]\n}\n");
}

void sched_report_console(const kfunc *ks, int nk)
{
	loopinfo loops[128];
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		if (!f->name)
			continue;
		int *dep_lb = block_dep_bounds(f);
		int nl = find_loops(f, dep_lb, loops, 128);
		for (int i = 0; i < nl; i++) {
			const loopinfo *l = &loops[i];
			const kblock *h = &f->blocks[l->header];
			int bound = imax(l->dep_lb, l->res_lb), mii = imax(h->rec_mii, h->res_mii);
			char why[240];
			if (l->ii <= bound && !(h->ii_target && l->ii > h->ii_target && h->pipelined))
				continue;
			if (l->why[0])
				snprintf(why, sizeof why, "%s", l->why);
			else if (l->nblocks == 1 && !h->pipelined && h->nopipe[0])
				snprintf(why, sizeof why, "not pipelined: %s", h->nopipe);
			else if (l->nblocks == 1 && h->pipelined && h->ii_target && l->ii > h->ii_target &&
			         h->ii_target < mii)
				snprintf(why, sizeof why,
				         "above its target %d (line %u), which its MII %d rules out "
				         "(recurrence %d, "
				         "resource %d)",
				         h->ii_target, h->dir_line, mii, h->rec_mii, h->res_mii);
			else if (l->nblocks == 1 && h->pipelined && h->ii_target && l->ii > h->ii_target)
				snprintf(why, sizeof why,
				         "above its target %d (line %u): no schedule at %d..%d", h->ii_target,
				         h->dir_line, h->ii_target, l->ii - 1);
			else if (l->nblocks == 1 && h->pipelined && l->ii > mii)
				snprintf(why, sizeof why, "above its MII %d (recurrence %d, resource %d)",
				         mii, h->rec_mii, h->res_mii);
			else
				continue;
			char name[1024];
			diag_shown(f->name, strlen(f->name), name, sizeof name);
			diag_progress("%s:%u: loop of kernel '%s': II %d, its bound %d; %s",
			              f->file ? f->file : "?", l->line, name, l->ii, bound, why);
		}
		loops_free(loops, nl);
		free(dep_lb);
	}
}

char *sched_report_json(const kfunc *ks, int nk)
{
	char *text = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&text, &len);
	if (!o)
		return NULL;
	write_json(ks, nk, o);
	if (fclose(o) != 0) {
		free(text);
		return NULL;
	}
	return text;
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
