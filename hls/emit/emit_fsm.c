// SPDX-License-Identifier: Apache-2.0
/* The controller: one state per control step, written as two processes (lowRISC): the next state computed
 * combinationally from state_q, and a clocked process for everything the transitions update (phi registers,
 * work-item counters, pipelines, done). Both walk the same decisions, so they cannot disagree on
 * when a transition happens. */
#include "emit_ctx.h"
#include "emit_pipeline.h"
#include "signals.h"

#include "../../host/common/text_escape.h"
#include "../schedule/oplib.h"

#include <inttypes.h>

static int is_term(kop op)
{
	return op == K_BR || op == K_CONDBR || op == K_SWITCH || op == K_RET;
}

static const kinst *terminator_of(const kfunc *f, int bi)
{
	const kblock *bl = &f->blocks[bi];
	for (int j = bl->ninsts - 1; j >= 0; j--)
		if (is_term(f->insts[bl->insts[j]].op))
			return &f->insts[bl->insts[j]];
	return NULL;
}

int emit_wi_counters(const kfunc *f)
{
	return f->wi_loop ? 0 : f->dims;
}

/* The end of a work-item: an nd-range kernel goes straight on with the next one (dimension 0 runs fastest;
 * the last dimension to wrap ends the run), a single task is done. A HALT (a stop: exit, abort, assert, a
 * bad call) ends the run whatever work-items are left. */
static void emit_ret(ectx *e, ctl_mode mode, int halt, const char *ind)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	int first = f->blocks[0].first_step, dims = emit_wi_counters(f);
	if (halt && dims) {
		if (mode == CTL_NEXT) {
			fprintf(o, "%sstate_d = S_IDLE;\n", ind);
			return;
		}
		for (int d = 0; d < dims; d++)
			fprintf(o, "%swi_gid_%d <= 32'd0;\n%swi_lid_%d <= 32'd0;\n%swi_grp_%d <= 32'd0;\n",
			        ind, d, ind, d, ind, d);
		fprintf(o, "%sdone <= 1'b1;\n", ind);
		return;
	}
	if (mode == CTL_NEXT) {
		for (int d = 0; d < dims; d++)
			fprintf(o, "%s%sif (wi_gid_%d + 32'd1 < global_range_%d) state_d = %s;\n", ind,
			        d ? "else " : "", d, d, emit_state(e, first));
		fprintf(o, "%s%sstate_d = S_IDLE;\n", ind, dims ? "else " : "");
		return;
	}
	for (int d = 0; d < dims; d++)
		fprintf(
		    o,
		    "%sif (wi_gid_%d + 32'd1 < global_range_%d) begin\n"
		    "%s  wi_gid_%d <= wi_gid_%d + 32'd1;\n"
		    "%s  wi_lid_%d <= (wi_lid_%d + 32'd1 == local_range_%d) ? 32'd0 : wi_lid_%d + 32'd1;\n"
		    "%s  wi_grp_%d <= wi_grp_%d + {31'd0, wi_lid_%d + 32'd1 == local_range_%d};\n"
		    "%send else begin\n"
		    "%s  wi_gid_%d <= 32'd0;\n%s  wi_lid_%d <= 32'd0;\n%s  wi_grp_%d <= 32'd0;\n",
		    ind, d, d, ind, d, d, ind, d, d, d, d, ind, d, d, d, d, ind, ind, d, ind, d, ind, d);
	fprintf(o, "%sdone <= 1'b1;\n", ind);
	for (int d = 0; d < dims; d++)
		fprintf(o, "%send\n", ind);
}

/* The terminator T of block FROM, at indentation IND (the caller's "begin"). */
static void emit_terminator(ectx *e, ctl_mode mode, const kinst *t, int from, const char *ind)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	const char *in2 = rb_str(e->rb, "%s  ", ind), *in4 = rb_str(e->rb, "%s    ", ind);
	if (!t || t->op == K_RET) {
		emit_ret(e, mode, t && t->halt, ind);
		return;
	}
	if (t->op == K_BR) {
		emit_edge(e, mode, from, t->succ[0], ind);
		return;
	}
	const char *c = emit_ref(e, t->a[0], t->step);
	if (t->op == K_CONDBR) {
		int w0 = mode == CTL_NEXT || emit_edge_writes(f, e->bd, from, t->succ[0]);
		int w1 = mode == CTL_NEXT || emit_edge_writes(f, e->bd, from, t->succ[1]);
		if (w0) {
			fprintf(o, "%sif (%s) begin\n", ind, c);
			emit_edge(e, mode, from, t->succ[0], in2);
			fprintf(o, "%send%s\n", ind, w1 ? " else begin" : "");
		} else if (w1) {
			fprintf(o, "%sif (!(%s)) begin\n", ind, c);
		}
		if (w1) {
			emit_edge(e, mode, from, t->succ[1], in2);
			fprintf(o, "%send\n", ind);
		}
		return;
	}
	/* switch */
	fprintf(o, "%scase (%s)\n", ind, c);
	for (int i = 0; i < t->ncases; i++) {
		if (mode == CTL_REGS && !emit_edge_writes(f, e->bd, from, t->case_succ[i]))
			continue;
		fprintf(o, "%s%d'h%" PRIx64 ": begin\n", in2, t->a[0].width, t->case_val[i]);
		emit_edge(e, mode, from, t->case_succ[i], in4);
		fprintf(o, "%send\n", in2);
	}
	if (mode == CTL_NEXT || emit_edge_writes(f, e->bd, from, t->succ[0])) {
		fprintf(o, "%sdefault: begin\n", in2);
		emit_edge(e, mode, from, t->succ[0], in4);
		fprintf(o, "%send\n", in2);
	} else {
		fprintf(o, "%sdefault: ;\n", in2);
	}
	fprintf(o, "%sendcase\n", ind);
}

/* Step S updates registers when it leaves (a phi, a work-item counter, done) or while it runs. */
static int step_writes(const kfunc *f, const kbind *bd, int s)
{
	const kstep *st = &f->steps[s];
	const kblock *bl = &f->blocks[st->block];
	if (bl->pipelined || (f->profile && s == bl->last_step))
		return 1;
	if (s < bl->last_step)
		return 0;
	const kinst *t = terminator_of(f, st->block);
	if (!t || t->op == K_RET)
		return 1;
	int from = st->block;
	if (emit_edge_writes(f, bd, from, t->succ[0]))
		return 1;
	if (t->op == K_CONDBR)
		return emit_edge_writes(f, bd, from, t->succ[1]);
	for (int i = 0; t->op == K_SWITCH && i < t->ncases; i++)
		if (emit_edge_writes(f, bd, from, t->case_succ[i]))
			return 1;
	return 0;
}

/* What step S waits for before it leaves: "" when it takes one cycle. */
static const char *step_guard(ectx *e, int s)
{
	const kfunc *f = e->f;
	const kstep *st = &f->steps[s];
	const kinst *k = st->inst >= 0 ? &f->insts[st->inst] : NULL;
	switch (st->kind) {
	case STEP_MEM_ISSUE: {
		const char *pr = k->op == K_STORE && k->nargs > 2 /* a predicated store need not wait */
		                     ? rb_str(e->rb, " || !%s", emit_ref(e, k->a[2], s))
		                     : "";
		const char *ready =
		    *pr ? rb_str(e->rb, "(m%d_ready%s)", k->mem, pr) : rb_str(e->rb, "m%d_ready", k->mem);
		return rb_str(e->rb, "%s%s%s%s", st->wait >= 0 ? emit_wait_ok(e, st->wait) : "",
		              st->wait >= 0 ? " && " : "", ready,
		              k->op == K_LOAD ? rb_str(e->rb, " && !m%d_full", k->mem) : "");
	}
	case STEP_MEM_WAIT:
		return emit_wait_ok(e, st->inst);
	case STEP_DIV_WAIT:
		return rb_str(e->rb, "!dv%d_busy", sched_div_width(k->width));
	case STEP_COPY:
		return "cp_done";
	default:
		return "";
	}
}

/* The case item of step S in MODE at indentation IND (nothing in CTL_REGS when the step updates no
 * register). */
static void emit_step(ectx *e, ctl_mode mode, int s, const char *ind)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	const kstep *st = &f->steps[s];
	const kblock *bl = &f->blocks[st->block];
	if (mode == CTL_REGS && !step_writes(f, e->bd, s))
		return;
	fprintf(o, "%s%s: ", ind, emit_state(e, s));
	if (bl->pipelined) {
		emit_pipe_state(e, mode, st->block, ind);
		return;
	}
	const char *guard = step_guard(e, s);
	if (mode == CTL_NEXT && s < bl->last_step) { /* on to the next step of the block */
		fprintf(o, "%s%s%sstate_d = %s;\n", *guard ? "if (" : "", guard, *guard ? ") " : "",
		        emit_state(e, s + 1));
		return;
	}
	const char *in = rb_str(e->rb, "%s  ", ind);
	if (*guard) {
		fprintf(o, "if (%s) begin\n", guard);
	} else {
		fprintf(o, "begin\n");
	}
	if (mode == CTL_REGS && f->profile && s == bl->last_step)
		fprintf(o, "`ifndef SYNTHESIS\n%sprof_n[%d] <= prof_n[%d] + 64'd1;\n`endif\n", in, st->block,
		        st->block);
	if (s == bl->last_step)
		emit_terminator(e, mode, terminator_of(f, st->block), st->block, in);
	fprintf(o, "%send\n", ind);
}

/* kiln-cc --profile (simulation only): per block, how many times it ran and how many cycles its states held,
 * so that the benchmark can weigh each block's lower bound by its real execution count. The counters are
 * passive: the profiled kernel takes exactly the cycles of the plain one. */
static void emit_profile_count(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	/* One statement per block, not a for loop: Verilator refuses a non-blocking assignment to an array in
	 * a loop it does not unroll (BLKLOOPINIT, above 64 iterations). */
	fprintf(o, "`ifndef SYNTHESIS\n      if (state_q == S_IDLE && start) begin\n");
	for (int b = 0; b < f->nblocks; b++)
		fprintf(o, "        prof_n[%d] <= 64'd0;\n        prof_c[%d] <= 64'd0;\n", b, b);
	fprintf(o, "      end\n");
	for (int b = 0; b < f->nblocks; b++)
		fprintf(o, "      if (state_q >= %s && state_q <= %s) prof_c[%d] <= prof_c[%d] + 64'd1;\n",
		        emit_state(e, f->blocks[b].first_step), emit_state(e, f->blocks[b].last_step), b, b);
	fprintf(o, "`endif\n");
}

static void emit_profile_dump(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	fprintf(
	    o,
	    "`ifndef SYNTHESIS\n  // block profile: one line per run, \"kernel count:cycles ...\" in block "
	    "order\n"
	    "  reg [63:0] prof_n [0:%d];\n  reg [63:0] prof_c [0:%d];\n  integer prof_j, prof_fd;\n"
	    "  always @(posedge clk) begin\n    if (done) begin\n      prof_fd = $fopen(\"",
	    f->nblocks - 1, f->nblocks - 1);
	kiln_fput_text(o, f->profile, KILN_ESC_VERILOG_STRING);
	/* The name is an argument, not the format: a '%' in it stays text. */
	fprintf(o, "\", \"a\");\n      $fwrite(prof_fd, \"%%s\", \"");
	kiln_fput_text(o, f->name, KILN_ESC_VERILOG_STRING);
	fprintf(o,
	        "\");\n      for (prof_j = 0; prof_j < %d; prof_j = prof_j + 1)\n"
	        "        $fwrite(prof_fd, \" %%0d:%%0d\", prof_n[prof_j], prof_c[prof_j]);\n"
	        "      $fwrite(prof_fd, \"\\n\");\n      $fclose(prof_fd);\n    end\n  end\n`endif\n\n",
	        f->nblocks);
}

static const char *step_kind_name(kstep_kind k)
{
	static const char *const names[] = {"compute",       "memory request", "memory response",
	                                    "divider start", "divider wait",   "copy loop"};
	return names[k];
}

void emit_fsm_advance(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	fprintf(e->decl, "  reg         fsm_adv;  // the controller leaves its state this cycle\n\n");
	fprintf(o, "  // the shared floating-point units advance with the controller's steps\n"
	           "  always @(*) begin\n    fsm_adv = 1'b1;\n    case (state_q)\n");
	for (int s = 0; s < f->nsteps; s++) {
		const char *g = f->blocks[f->steps[s].block].pipelined ? "" : step_guard(e, s);
		if (*g)
			fprintf(o, "      %s: fsm_adv = %s;\n", emit_state(e, s), g);
	}
	fprintf(o, "      default: ;\n    endcase\n  end\n\n");
}

void emit_fsm_decls(ectx *e)
{
	const kfunc *f = e->f;
	int sb = e->bd->state_bits;
	FILE *o = e->decl;
	fprintf(o, "  localparam [%d:0] S_IDLE = %d'd0;\n", sb - 1, sb);
	for (int s = 0; s < f->nsteps; s++)
		fprintf(o, "  localparam [%d:0] %s = %d'd%d;  // %s, %s\n", sb - 1, emit_state(e, s), sb,
		        s + 1, f->blocks[f->steps[s].block].name, step_kind_name(f->steps[s].kind));
	fprintf(o, "\n  reg  [%d:0] state_q, state_d;\n", sb - 1);
	/* Work-item counters of an nd-range kernel: dimension 0 runs fastest. */
	for (int d = 0; d < emit_wi_counters(f); d++)
		fprintf(o, "  reg  [31:0] wi_gid_%d, wi_lid_%d, wi_grp_%d;\n", d, d, d);
	fprintf(o, "\n");
}

void emit_fsm(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	if (f->profile)
		emit_profile_dump(e);
	fprintf(o, "  assign idle = state_q == S_IDLE;\n\n");
	fprintf(o, "  // controller: the next state\n  always @(*) begin\n    state_d = state_q;\n"
	           "    case (state_q)\n");
	fprintf(o, "      S_IDLE: if (start) state_d = %s;\n", emit_state(e, f->blocks[0].first_step));
	for (int s = 0; s < f->nsteps; s++)
		emit_step(e, CTL_NEXT, s, "      ");
	fprintf(o, "      default: state_d = S_IDLE;\n    endcase\n  end\n\n");
	fprintf(o, "  always @(posedge clk) begin\n    if (!rst_n) state_q <= S_IDLE;\n"
	           "    else state_q <= state_d;\n  end\n\n");

	fprintf(o, "  // controller: what its transitions update\n  always @(posedge clk) begin\n"
	           "    if (!rst_n) begin\n      done <= 1'b0;\n");
	emit_pipe_reset(e, "      ");
	fprintf(o, "    end else begin\n      done <= 1'b0;\n");
	emit_coalesced_writes(e, "      ");
	if (f->profile)
		emit_profile_count(e);
	fprintf(o, "      case (state_q)\n");
	if (emit_wi_counters(f)) {
		fprintf(o, "        S_IDLE: if (start) begin\n");
		for (int d = 0; d < emit_wi_counters(f); d++)
			fprintf(o,
			        "          wi_gid_%d <= 32'd0;\n          wi_lid_%d <= 32'd0;\n"
			        "          wi_grp_%d <= 32'd0;\n",
			        d, d, d);
		fprintf(o, "        end\n");
	}
	for (int s = 0; s < f->nsteps; s++)
		emit_step(e, CTL_REGS, s, "        ");
	fprintf(o, "        default: ;\n      endcase\n    end\n  end\n\n");
}
