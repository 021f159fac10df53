// SPDX-License-Identifier: Apache-2.0
/* The units a kernel module's states share: one divider per width (rtl/kiln_div.v), one copy engine for its
 * memcpy/memset loops (rtl/kiln_copy.v) and the multipliers binding shares (bind_mul_unit), each fed by the
 * state that runs it. */
#include "emit_ctx.h"
#include "signals.h"

#include "../schedule/oplib.h"

void emit_unit_decls(ectx *e)
{
	FILE *o = e->decl;
	for (int w = 2; w <= 64; w++)
		if (e->bd->div[w])
			fprintf(o,
			        "  // %d-bit divider (rtl/kiln_div.v): operands chosen by the divider-start "
			        "state\n"
			        "  reg         dv%d_start, dv%d_nq, dv%d_nr;\n  reg  [%d:0] dv%d_a, dv%d_b;\n"
			        "  wire        dv%d_busy;\n  wire [%d:0] dv%d_quo, dv%d_rem;\n\n",
			        w, w, w, w, w - 1, w, w, w, w - 1, w, w);
	for (int u = 0; u < e->bd->nmul_units; u++) {
		const bind_mul_unit *m = &e->bd->mul_unit[u];
		fprintf(
		    o,
		    "  // shared multiplier: the operands of the state's multiplication, two's complement\n"
		    "  reg  [%d:0] mu%d_a;\n  reg  [%d:0] mu%d_b;\n  wire [%d:0] mu%d_y;\n\n",
		    m->abits - 1, u, m->bbits - 1, u, m->width - 1, u);
	}
	if (e->bd->copy) {
		int wb = e->bd->copy_bytes;
		fprintf(
		    o,
		    "  // copy engine (rtl/kiln_copy.v): the operands of the copy loop the state runs, the "
		    "answers\n  // of its ports\n"
		    "  reg         cp_run, cp_fill, cp_same, cp_two, cp_back, cp_rd_wide, cp_wr_wide;\n"
		    "  reg  [31:0] cp_len, cp_dst, cp_src;\n"
		    "  reg  [7:0]  cp_value;\n  reg         cp_rd_ready, cp_rd_rvalid, cp_wr_ready;\n"
		    "  reg  [%d:0] cp_rd_rdata;\n  wire        cp_rd_valid, cp_wr_valid, cp_done;\n"
		    "  wire [31:0] cp_rd_addr, cp_wr_addr;\n  wire [%d:0] cp_wr_wdata;\n"
		    "  wire [%d:0]  cp_wr_wstrb;\n\n",
		    8 * wb - 1, 8 * wb - 1, wb - 1);
	}
}

/* The copy engine's operands per copy state: which loop runs, its length, addresses and fill byte. */
static void copy_operands(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	fprintf(o, "  always @(*) begin\n    cp_run = 1'b0;\n    cp_fill = 1'b0;\n    cp_same = 1'b0;\n    "
	           "cp_two = 1'b0;\n    cp_back = 1'b0;\n    cp_rd_wide = 1'b0;\n    cp_wr_wide = 1'b0;\n"
	           "    cp_len = 32'd0;\n    cp_dst = 32'd0;\n    cp_src = 32'd0;\n    cp_value = 8'd0;\n"
	           "    case (state_q)\n");
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_COPY)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		int set = k->op == K_MEMSET;
		int fixed = k->a[2].kind == KV_CONST;
		fprintf(o, "      %s: begin  // %s of %s bytes\n        cp_run = 1'b1;\n", emit_state(e, s),
		        set ? "memset" : "memcpy",
		        fixed ? rb_str(e->rb, "%llu", (unsigned long long)k->a[2].c) : "run-time");
		if (set)
			fprintf(o, "        cp_fill = 1'b1;\n");
		else if (k->mem == k->mem2)
			fprintf(o, "        cp_%s = 1'b1;\n", k->mem2 >= f->nmems ? "two" : "same");
		if (kmem_word_bytes(f, k->mem) == 8)
			fprintf(o, "        cp_wr_wide = 1'b1;\n");
		if (!set && kmem_word_bytes(f, k->mem2) == 8)
			fprintf(o, "        cp_rd_wide = 1'b1;\n");
		if (!set && k->mem == k->mem2 && k->move) /* overlapping onto a higher address */
			fprintf(o, "        cp_back = %s > %s;\n", emit_ref(e, k->a[0], s),
			        emit_ref(e, k->a[1], s));
		fprintf(o, "        cp_len = %s;\n        cp_dst = %s;\n        cp_%s = %s;\n      end\n",
		        fixed ? rb_str(e->rb, "32'd%llu", (unsigned long long)k->a[2].c)
		              : emit_ref(e, k->a[2], s),
		        emit_ref(e, k->a[0], s), set ? "value" : "src", emit_ref(e, k->a[1], s));
	}
	fprintf(o, "      default: ;\n    endcase\n  end\n");
}

/* The answers of the running copy loop's ports, apart from its operands: they depend on the requests the
 * engine makes, which its operands decide. */
static void copy_answers(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	int wb = e->bd->copy_bytes;
	fprintf(o,
	        "  always @(*) begin\n    cp_rd_ready = 1'b0;\n    cp_rd_rvalid = 1'b0;\n"
	        "    cp_rd_rdata = %d'd0;\n    cp_wr_ready = 1'b0;\n    case (state_q)\n",
	        8 * wb);
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_COPY)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		if (k->op == K_MEMSET) {
			fprintf(o, "      %s: cp_wr_ready = m%d_ready;\n", emit_state(e, s), k->mem);
			continue;
		}
		int pad = wb - kmem_word_bytes(f, k->mem2); /* a 4-byte port's word in the low lanes */
		int second = k->mem2 >= f->nmems;           /* an internal memory's read port: always ready */
		const char *rp = rb_str(e->rb, second ? "m%d_rd" : "m%d", k->mem2);
		fprintf(o,
		        "      %s: begin\n        cp_rd_ready = %s;\n        cp_rd_rvalid = %s_rvalid;\n"
		        "        cp_rd_rdata = %s%s_rdata%s;\n        cp_wr_ready = m%d_ready;\n      end\n",
		        emit_state(e, s), second ? "1'b1" : rb_str(e->rb, "%s_ready", rp), rp,
		        pad ? rb_str(e->rb, "{%d'd0, ", 8 * pad) : "", rp, pad ? "}" : "", k->mem);
	}
	fprintf(o, "      default: ;\n    endcase\n  end\n");
}

int emit_copy_reads_second(const ectx *e, int m)
{
	const kfunc *f = e->f;
	if (m < f->nmems)
		return 0;
	for (int s = 0; s < f->nsteps; s++)
		if (f->steps[s].kind == STEP_COPY && f->insts[f->steps[s].inst].op == K_MEMCPY &&
		    f->insts[f->steps[s].inst].mem2 == m)
			return 1;
	return 0;
}

void emit_copy_engine(ectx *e)
{
	if (!e->bd->copy)
		return;
	copy_operands(e);
	copy_answers(e);
	fprintf(e->body,
	        "  kiln_copy #(.DEPTH(%d), .COPY(%d), .WB(%d), .START_REG(%d), .LB(%d)) u_copy (\n"
	        "    .clk(clk), .rst_n(rst_n), .run(cp_run), .fill(cp_fill), .same_port(cp_same),\n"
	        "    .two_port(cp_two), .back(cp_back), .rd_wide(cp_rd_wide), .wr_wide(cp_wr_wide), "
	        ".len(cp_len), .dst(cp_dst),\n"
	        "    .src(cp_src), .value(cp_value),\n"
	        "    .rd_valid(cp_rd_valid), .rd_addr(cp_rd_addr), .rd_ready(cp_rd_ready),\n"
	        "    .rd_rvalid(cp_rd_rvalid), .rd_rdata(cp_rd_rdata),\n"
	        "    .wr_valid(cp_wr_valid), .wr_addr(cp_wr_addr), .wr_wdata(cp_wr_wdata), "
	        ".wr_wstrb(cp_wr_wstrb),\n"
	        "    .wr_ready(cp_wr_ready), .done(cp_done)\n  );\n\n",
	        e->bd->copy_depth, e->bd->memcpy, e->bd->copy_bytes, sched_copy_start_cycles(),
	        e->bd->copy_len_bits);
}

/* The W-bit divider: its operands, chosen by the divider-start state (magnitudes, zero-extended to W, and the
 * signs the results take), and the cell, with as many restoring stages per cycle as the clock period holds.
 */
static void divider(ectx *e, int w)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	fprintf(o, "  always @(*) begin\n    dv%d_start = 1'b1;\n    case (state_q)\n", w);
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_DIV_ISSUE)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		if (sched_div_width(k->width) != w)
			continue;
		int kw = k->width, sg = k->op == K_SDIV || k->op == K_SREM;
		const char *x = emit_ref(e, k->a[0], s), *y = emit_ref(e, k->a[1], s);
		const char *xs = emit_ref_bit(e, k->a[0], kw - 1, s),
		           *ys = emit_ref_bit(e, k->a[1], kw - 1, s);
		const char *pad = kw < w ? rb_str(e->rb, "%d'd0, ", w - kw) : "";
		fprintf(o, "      %s: begin\n", emit_state(e, s));
		if (sg)
			fprintf(
			    o,
			    "        dv%d_a = {%s(%s ? -%s : %s)};\n        dv%d_b = {%s(%s ? -%s : %s)};\n"
			    "        dv%d_nq = %s ^ %s;\n        dv%d_nr = %s;\n",
			    w, pad, xs, x, x, w, pad, ys, y, y, w, xs, ys, w, xs);
		else
			fprintf(
			    o,
			    "        dv%d_a = {%s%s};\n        dv%d_b = {%s%s};\n        dv%d_nq = 1'b0;\n"
			    "        dv%d_nr = 1'b0;\n",
			    w, pad, x, w, pad, y, w, w);
		fprintf(o, "      end\n");
	}
	fprintf(o,
	        "      default: begin\n        dv%d_start = 1'b0;\n        dv%d_a = %d'd0;\n"
	        "        dv%d_b = %d'd0;\n        dv%d_nq = 1'b0;\n        dv%d_nr = 1'b0;\n      end\n"
	        "    endcase\n  end\n",
	        w, w, w, w, w, w, w);
	fprintf(o,
	        "  kiln_div #(.W(%d), .BPC(%d)) u_div%d (\n    .clk(clk), .rst_n(rst_n), .start(dv%d_start), "
	        ".a(dv%d_a), .b(dv%d_b), .neg_q(dv%d_nq), .neg_r(dv%d_nr),\n"
	        "    .busy(dv%d_busy), .quo(dv%d_quo), .rem(dv%d_rem)\n  );\n\n",
	        w, sched_div_bits_per_cycle(f->clock_ns, w), w, w, w, w, w, w, w, w, w);
}

void emit_dividers(ectx *e)
{
	for (int w = 2; w <= 64; w++)
		if (e->bd->div[w])
			divider(e, w);
}

/* Shared multiplier U: each state's multiplication sets its operands (their low bits hold them whole,
 * bind_mul), and its product is read only in that state, as the multiplication's wire. A pipelined loop's
 * multiplier is chosen by the cycle of the loop's stage instead: a product's value is taken (into a stage
 * register, or by logic chained in its cycle) only in its own cycle (emit_pipeline.c). */
static void multiplier(ectx *e, int u)
{
	const kfunc *f = e->f;
	const bind_mul_unit *m = &e->bd->mul_unit[u];
	FILE *o = e->body;
	fprintf(o, "  always @(*) begin\n    mu%d_a = %d'd0;\n    mu%d_b = %d'd0;\n", u, m->abits, u,
	        m->bbits);
	if (m->loop >= 0)
		fprintf(o, "    case (pl%d_c)\n", m->loop);
	else
		fprintf(o, "    case (state_q)\n");
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (e->bd->mul[i].unit != u)
			continue;
		int ctx = emit_pipe_use_ctx(f, k, k->pslot);
		const char *when = m->loop >= 0
		                       ? rb_str(e->rb, "%d'd%d", bind_log2up((unsigned)f->blocks[m->loop].ii),
		                                k->pslot % f->blocks[m->loop].ii)
		                       : emit_state(e, k->step);
		fprintf(o,
		        "      %s: begin  // mul%s\n        mu%d_a = %s;\n        mu%d_b = %s;\n      end\n",
		        when, k->line ? rb_str(e->rb, ", line %u", k->line) : "", u,
		        emit_mul_operand(e, i, 0, m->abits, m->loop >= 0 ? ctx : k->step), u,
		        emit_mul_operand(e, i, 1, m->bbits, m->loop >= 0 ? ctx : k->step));
	}
	fprintf(o, "      default: ;\n    endcase\n  end\n  assign mu%d_y = %s;\n\n", u,
	        emit_mul_unit_product(e, u));
}

void emit_multipliers(ectx *e)
{
	for (int u = 0; u < e->bd->nmul_units; u++)
		multiplier(e, u);
}
