// SPDX-License-Identifier: Apache-2.0
#include "emit_pipeline.h"

#include "read_queue.h"
#include "signals.h"

#include "../support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static int block_loads_port(const kfunc *f, int b, int m)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].op == K_LOAD && f->insts[bl->insts[j]].mem == m)
			return 1;
	return 0;
}

static void decl_block(ectx *e, int b)
{
	const kfunc *f = e->f;
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii, st = bl->stages;
	FILE *o = e->decl;
	fprintf(o,
	        "  // loop %s, pipelined: a new iteration every %d cycle(s), each passing %d stage(s) of %d "
	        "cycle(s)\n  // (%d states per iteration when not overlapped)\n",
	        bl->name, ii, st, ii, bl->seq_states);
	if (ii > 1)
		fprintf(o, "  reg  [%d:0] pl%d_c;  // cycle within the stage\n",
		        bind_log2up((unsigned)ii) - 1, b);
	fprintf(o, "  reg  [%d:0] pl%d_v;  // stage k holds an iteration\n", st - 1, b);
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		const kinst *k = &f->insts[i];
		if (!k->width)
			continue;
		const bind_pipe_value p = e->bd->pv[i];
		if (p.pending)
			fprintf(o, "  reg  [%d:0] %s;  // next iteration's value\n", k->width - 1,
			        emit_def_of(e, SIG_NEXT, i, 0));
		for (int s = p.lo; s <= p.kmax && e->bd->stage_slot[i] < 0; s++)
			fprintf(o, "  reg  [%d:0] %s;\n", k->width - 1, emit_def_of(e, SIG_STAGE, i, s));
	}
	fprintf(o, "\n");
}

/* Per stage of pipelined block B (into LAST, room for its stages): the last cycle of the stage in which an
 * iteration there does anything, -1 for none: a result taken (every operation's, at its slot), a memory
 * request, and the whole run of a unit with a fixed latency (a floating-point unit's levels, an on-chip
 * memory's read), which needs its cycles counted out. A module port's read waits for its data however long
 * it takes (pl<b>_ok). */
static void stage_last_busy(const kfunc *f, int b, int *last)
{
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii;
	for (int s = 0; s < bl->stages; s++)
		last[s] = -1;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		int fixed = kop_unit(k->op) == KU_FPU || (k->op == K_LOAD && k->mem >= f->nmems);
		int from = kop_is_access(k->op) || kop_unit(k->op) == KU_FPU ? k->pissue : k->pslot;
		for (int t = from; t <= k->pslot; t++)
			if ((t == from || t == k->pslot || fixed) && t >= 0 && t / ii < bl->stages &&
			    t % ii > last[t / ii])
				last[t / ii] = t % ii;
	}
}

/* The stage's end: its last cycle, or, once no iteration is left to enter (stage 0 empty: the loop drains),
 * the first cycle after the last one any iteration still in the pipeline uses (stage_last_busy). Not that
 * last cycle itself: a value it computes goes into its stage register as that cycle ends, and the stage's
 * end moves the registers on at the same moment, which would take the old value (the iCE40's schedules
 * showed it). Iterations in flight keep their order and every cycle they use; only cycles no stage uses go,
 * so the drain takes what the last iteration needs rather than whole stages. */
static void stage_end(ectx *e, int b)
{
	const kblock *bl = &e->f->blocks[b];
	int ii = bl->ii, cb = bind_log2up((unsigned)ii), gain = 0;
	int *last = xcalloc((size_t)bl->stages, sizeof *last);
	stage_last_busy(e->f, b, last);
	for (int s = 1; s < bl->stages; s++)
		gain |= last[s] + 1 < ii - 1;
	FILE *o = e->body;
	fprintf(o, "  wire        pl%d_end = pl%d_c == %d'd%d", b, b, cb, ii - 1);
	if (gain) {
		fprintf(o, " || (!pl%d_v[0]", b);
		for (int s = 1; s < bl->stages; s++)
			if (last[s] + 1 >= ii - 1)
				fprintf(o, " && !pl%d_v[%d]", b, s);
			else if (last[s] >= 0)
				fprintf(o, " && (!pl%d_v[%d] || pl%d_c > %d'd%d)", b, s, b, cb, last[s]);
		fprintf(o, ")");
	}
	fprintf(o, ";%s\n", gain ? "  // draining: once the stages' last work is done" : "");
	free(last);
}

/* The block pipelined loop B leaves to. */
static int loop_exit(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	return t->succ[0] == b ? t->succ[1] : t->succ[0];
}

/* Pipelined loop B may leave as its last iteration's last cycle ends rather than a cycle later, with the
 * pipeline empty: when leaving copies no value into a phi's register (a copy would read a register that
 * cycle may still write) and no phi of the next block takes an on-chip read's data straight from the memory
 * (kinst.edge). */
static int leaves_early(const kfunc *f, const kbind *bd, int b)
{
	int x = loop_exit(f, b);
	if (emit_edge_writes(f, bd, b, x))
		return 0;
	for (int j = 0; j < f->blocks[x].ninsts; j++)
		if (f->insts[f->blocks[x].insts[j]].edge)
			return 0;
	return 1;
}

static void control_block(ectx *e, int b)
{
	const kfunc *f = e->f;
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii;
	FILE *o = e->body;
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	fprintf(o, "  // loop %s: control of its pipeline\n", bl->name);
	fprintf(o, "  wire        pl%d_run = %s;\n", b, emit_in_state(e, bl->first_step));
	if (ii > 1)
		stage_end(e, b);
	for (int m = 0; m < f->nmems; m++) {
		if (!block_loads_port(f, b, m))
			continue;
		fprintf(o, "  wire        pl%d_pop%d =", b, m);
		int n = 0;
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			if (k->op == K_LOAD && k->mem == m)
				fprintf(o, "%s (%s)", n++ ? " ||" : "",
				        emit_pipe_at(e, b, k->pslot / ii, k->pslot % ii));
		}
		fprintf(o, ";  // a load's data is due\n");
	}
	/* Read data due this cycle that has not arrived, and refused requests, freeze every stage. */
	fprintf(o, "  wire        pl%d_ok =", b);
	int n = 0;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (k->op == K_LOAD && k->mem < f->nmems)
			fprintf(o, "%s (!(%s) || pq%d_have)", n++ ? " &&" : "",
			        emit_pipe_at(e, b, k->pslot / ii, k->pslot % ii), k->mem);
	}
	fprintf(o, "%s;\n  wire        pl%d_rs =", n ? "" : " 1'b1", b);
	n = 0;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if ((k->op == K_LOAD || k->op == K_STORE) && k->mem < f->nmems) {
			const char *pr = k->op == K_STORE && k->nargs > 2
			                     ? rb_str(e->rb, " && %s",
			                              emit_ref(e, k->a[2], emit_pipe_ctx(f, b, k->pissue)))
			                     : "";
			fprintf(o, "%s (%s%s && !(m%d_ready%s))", n++ ? " ||" : "",
			        emit_pipe_at(e, b, k->pissue / ii, k->pissue % ii), pr, k->mem,
			        emit_pipe_room(e, k));
		}
	}
	fprintf(o, "%s;\n  wire        pl%d_adv = pl%d_run && pl%d_ok && !pl%d_rs;\n", n ? "" : " 1'b0", b, b,
	        b, b);
	int into = t->succ[0] == b;
	fprintf(o, "  wire        pl%d_enter = pl%d_v[0] && %s(%s);  // the iteration in stage 0 goes on\n",
	        b, b, into ? "" : "!", emit_ref(e, t->a[0], emit_pipe_ctx(f, b, ii - 1)));
	if (leaves_early(f, e->bd, b))
		fprintf(o,
		        "  wire        pl%d_last = pl%d_adv && %s && !pl%d_enter%s;  // the last iteration's "
		        "last cycle\n",
		        b, b, ii > 1 ? rb_str(e->rb, "pl%d_end", b) : "1'b1", b,
		        bl->stages > 1
		            ? rb_str(e->rb, " && pl%d_v[%d:0] == %d'd0", b, bl->stages - 2, bl->stages - 1)
		            : "");
	fprintf(o, "\n");
}

void emit_pipe_decls(ectx *e)
{
	const kfunc *f = e->f;
	if (e->bd->npool)
		fprintf(e->decl,
		        "  // pipelined loops' stage registers, each loop's values in turn (one loop runs at "
		        "a time)\n");
	for (int s = 0; s < e->bd->npool; s++) {
		const bind_signal *g = &e->bd->sigs[e->bd->pool_sig[s]];
		fprintf(e->decl, "  reg  [%d:0] %s;\n", g->width - 1, emit_def(e, e->bd->pool_sig[s]));
	}
	if (e->bd->npool)
		fprintf(e->decl, "\n");
	for (int b = 0; b < f->nblocks; b++)
		if (kir_pipelined(f, b))
			decl_block(e, b);
	for (int m = 0; m < f->nmems; m++)
		if (e->bd->ports[m].pipe_tag)
			fprintf(
			    e->decl,
			    "  // port m%d: read data of pipelined loads, oldest first (pq%d_n words), and "
			    "their requests not\n  // yet consumed (pq%d_o)\n"
			    "  wire [31:0] pq%d_h, pq%d_d;\n  wire [2:0]  pq%d_n;\n"
			    "  wire        pq%d_full, pq%d_arr, pq%d_pop, pq%d_iss, pq%d_have, pq%d_shift, "
			    "pq%d_push;\n  reg  [2:0]  pq%d_o;\n\n",
			    m, m, m, m, m, m, m, m, m, m, m, m, m, m);
}

void emit_pipe_control(ectx *e)
{
	for (int b = 0; b < e->f->nblocks; b++)
		if (kir_pipelined(e->f, b))
			control_block(e, b);
}

void emit_pipe_fifos(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	for (int m = 0; m < f->nmems; m++) {
		const bind_port *p = &e->bd->ports[m];
		if (!p->pipe_tag)
			continue;
		fprintf(o, "  // port m%d: the pipelined loads' read data queue\n", m);
		fprintf(o, "  assign pq%d_arr = m%d_rvalid && m%d_tq0 == %d'd%d;\n", m, m, m, p->tag_bits,
		        p->pipe_tag);
		fprintf(o, "  assign pq%d_pop =", m);
		int n = 0;
		for (int b = 0; b < f->nblocks; b++)
			if (kir_pipelined(f, b) && block_loads_port(f, b, m))
				fprintf(o, "%s (pl%d_adv && pl%d_pop%d)", n++ ? " ||" : "", b, b, m);
		fprintf(o, ";\n  assign pq%d_iss = m%d_valid && m%d_ready && !m%d_write && (", m, m, m, m);
		n = 0;
		for (int b = 0; b < f->nblocks; b++)
			if (kir_pipelined(f, b) && block_loads_port(f, b, m))
				fprintf(o, "%spl%d_run", n++ ? " || " : "", b);
		fprintf(o, ");\n");
		if (sched_pipe_queue_cycles()) { /* the loop reads only the queue's registers */
			fprintf(o, "  assign pq%d_d = pq%d_h;\n", m, m);
			fprintf(o, "  assign pq%d_have = pq%d_n != 3'd0;\n", m, m);
			fprintf(o, "  assign pq%d_shift = pq%d_pop;\n", m, m);
			fprintf(o, "  assign pq%d_push = pq%d_arr;\n", m, m);
		} else { /* or takes data as it arrives, past the queue */
			fprintf(o, "  assign pq%d_d = (pq%d_n != 3'd0) ? pq%d_h : m%d_rdata;\n", m, m, m, m);
			fprintf(o, "  assign pq%d_have = pq%d_n != 3'd0 || pq%d_arr;\n", m, m, m);
			fprintf(o, "  assign pq%d_shift = pq%d_pop && pq%d_n != 3'd0;\n", m, m, m);
			fprintf(o, "  assign pq%d_push = pq%d_arr && !(pq%d_pop && pq%d_n == 3'd0);\n", m, m,
			        m, m);
		}
		fprintf(o,
		        "  kiln_fifo #(.W(32), .DEPTH(%d)) u_pq%d (\n    .clk(clk), .rst_n(rst_n), "
		        ".push(pq%d_push), .din(m%d_rdata), .pop(pq%d_shift),\n"
		        "    .head(pq%d_h), .count(pq%d_n), .full(pq%d_full)\n  );\n",
		        EMIT_PIPE_QUEUE_DEPTH, m, m, m, m, m, m, m);
		fprintf(o,
		        "  always @(posedge clk) begin\n    if (!rst_n) pq%d_o <= 3'd0;\n"
		        "    else pq%d_o <= pq%d_o + {2'd0, pq%d_iss} - {2'd0, pq%d_pop};\n  end\n\n",
		        m, m, m, m, m);
	}
}

void emit_pipe_reset(ectx *e, const char *ind)
{
	for (int b = 0; b < e->f->nblocks; b++)
		if (kir_pipelined(e->f, b))
			fprintf(e->body, "%spl%d_v <= %d'd0;\n", ind, b, e->f->blocks[b].stages);
}

/* Register writes of value I of pipelined block B as the stages advance (inside "if (pl<b>_adv)"). */
static void value_writes(ectx *e, int b, int i, const char *ind)
{
	const kfunc *f = e->f;
	const kinst *k = &f->insts[i];
	int ii = f->blocks[b].ii;
	const bind_pipe_value p = e->bd->pv[i];
	FILE *o = e->body;
	if (k->op != K_PHI) {
		const char *v = emit_use_of(e, SIG_WIRE, i, 0), *at = emit_pipe_at(e, b, p.sd, p.cd);
		if (p.lo == p.sd && p.kmax >= p.sd)
			fprintf(o, "%sif (%s) %s <= %s;\n", ind, at, emit_def_of(e, SIG_STAGE, i, p.sd), v);
		if (e->bd->registered[i])
			fprintf(o, "%sif (%s) %s <= %s;  // for after the loop\n", ind, at,
			        emit_def_of(e, SIG_REG, i, 0), v);
		return;
	}
	if (p.back < 0)
		return;
	/* The next iteration's value, written by this one (stage sd + 1) for the iteration behind it. */
	const char *back = p.cd < ii - 1 || p.sd >= 0 ? emit_use_of(e, SIG_WIRE, p.back, 0) : "";
	if (p.pending)
		fprintf(o, "%sif (%s) %s <= %s;\n", ind, emit_pipe_at(e, b, 0, p.cd),
		        emit_def_of(e, SIG_NEXT, i, 0), back);
	else if (p.cd < ii - 1 && p.sd <= p.kmax)
		fprintf(o, "%sif (%s && pl%d_v[%d]) %s <= %s;\n", ind, emit_pipe_at(e, b, p.sd + 1, p.cd), b,
		        p.sd, emit_def_of(e, SIG_STAGE, i, p.sd), back);
	if (p.sd >= 0)
		fprintf(o, "%sif (%s && pl%d_v[%d]) %s <= %s;\n", ind, emit_pipe_at(e, b, p.sd + 1, p.cd), b,
		        p.sd, emit_def_of(e, SIG_REG, i, 0), back);
}

/* Shifts of value I's stage registers at the end of a stage (inside "if (pl<b>_end)"). */
static void value_shifts(ectx *e, int b, int i, const char *ind)
{
	const kfunc *f = e->f;
	const kinst *k = &f->insts[i];
	int ii = f->blocks[b].ii;
	const bind_pipe_value p = e->bd->pv[i];
	FILE *o = e->body;
	if (k->op != K_PHI) {
		for (int s = p.lo > p.sd + 1 ? p.lo : p.sd + 1; s <= p.kmax; s++)
			fprintf(o, "%s%s <= %s;\n", ind, emit_def_of(e, SIG_STAGE, i, s),
			        s == p.sd + 1 && p.cd == ii - 1 ? emit_use_of(e, SIG_WIRE, i, 0)
			                                        : emit_use_of(e, SIG_STAGE, i, s - 1));
		return;
	}
	if (p.back < 0)
		return;
	if (p.sd == -1) {
		const char *src =
		    p.cd == ii - 1 ? emit_use_of(e, SIG_WIRE, p.back, 0) : emit_use_of(e, SIG_NEXT, i, 0);
		fprintf(o, "%sif (pl%d_enter) %s <= %s;\n", ind, b, emit_def_of(e, SIG_REG, i, 0), src);
		if (p.kmax >= 0)
			fprintf(o, "%sif (pl%d_enter) %s <= %s;\n", ind, b, emit_def_of(e, SIG_STAGE, i, 0),
			        src);
	}
	for (int s = 1; s <= p.kmax; s++) {
		const char *to = emit_def_of(e, SIG_STAGE, i, s), *prev = emit_use_of(e, SIG_STAGE, i, s - 1);
		if (s == p.sd + 1 && p.cd == ii - 1)
			fprintf(o, "%s%s <= (pl%d_v[%d] && pl%d_v[%d]) ? %s : %s;\n", ind, to, b, s, b, s - 1,
			        emit_use_of(e, SIG_WIRE, p.back, 0), prev);
		else
			fprintf(o, "%s%s <= %s;\n", ind, to, prev);
	}
}

void emit_pipe_state(ectx *e, ctl_mode mode, int b, const char *ind)
{
	const kfunc *f = e->f;
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii, st = bl->stages, cb = bind_log2up((unsigned)ii);
	int exit = loop_exit(f, b);
	FILE *o = e->body;
	const char *in = rb_str(e->rb, "%s  ", ind), *in2 = rb_str(e->rb, "%s    ", ind);
	const char *in3 = rb_str(e->rb, "%s      ", ind);
	const char *end = ii > 1 ? rb_str(e->rb, "pl%d_end", b) : "1'b1";
	if (mode == CTL_NEXT) {
		fprintf(o, "if (pl%d_v == %d'd0%s) begin  // drained: leave the loop\n", b, st,
		        leaves_early(f, e->bd, b) ? rb_str(e->rb, " || pl%d_last", b) : "");
		emit_edge(e, mode, b, exit, in);
		fprintf(o, "%send\n", ind);
		return;
	}
	fprintf(o, "begin\n%sif (pl%d_adv) begin\n", in, b);
	if (ii > 1)
		fprintf(o, "%spl%d_c <= pl%d_end ? %d'd0 : pl%d_c + %d'd1;\n", in2, b, b, cb, b, cb);
	const char *shift = st > 1 ? rb_str(e->rb, "{pl%d_v[%d:0], pl%d_enter}", b, st - 2, b)
	                           : rb_str(e->rb, "pl%d_enter", b);
	if (ii > 1)
		fprintf(o, "%sif (%s) pl%d_v <= %s;\n", in2, end, b, shift);
	else
		fprintf(o, "%spl%d_v <= %s;\n", in2, b, shift);
	if (f->profile)
		fprintf(
		    o,
		    "`ifndef SYNTHESIS\n%sif (%s && pl%d_v[0]) prof_n[%d] <= prof_n[%d] + 64'd1;\n`endif\n",
		    in2, end, b, b, b);
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].width)
			value_writes(e, b, bl->insts[j], in2);
	/* at the end of a stage (every cycle at II 1) the values move on with their iterations */
	if (ii > 1)
		fprintf(o, "%sif (%s) begin\n", in2, end);
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].width)
			value_shifts(e, b, bl->insts[j], ii > 1 ? in3 : in2);
	if (ii > 1)
		fprintf(o, "%send\n", in2);
	fprintf(o, "%send\n", in);
	if (emit_edge_writes(f, e->bd, b, exit)) {
		fprintf(o, "%sif (pl%d_v == %d'd0) begin  // drained: leave the loop\n", in, b, st);
		emit_edge(e, mode, b, exit, in2);
		fprintf(o, "%send\n", in);
	}
	fprintf(o, "%send\n", ind);
}

void emit_pipe_unused(ectx *e, FILE *l)
{
	for (int m = 0; m < e->f->nmems; m++)
		if (e->bd->ports[m].pipe_tag) /* pq<m>_o bounds the queue: it never fills */
			fprintf(l, ", pq%d_full", m);
}
