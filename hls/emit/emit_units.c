// SPDX-License-Identifier: Apache-2.0
/* The multi-cycle units a kernel module instantiates: one divider per width (rtl/kiln_div.v) and the copy
 * engine of memcpy/memset loops (its per-step address and data wires and the read-ahead queue,
 * rtl/kiln_fifo.v). */
#include "emit_ctx.h"
#include "emit_kernel.h"

#include "../schedule/schedule.h"

static int is_memcpy_step(const kfunc *f, int s)
{
	return f->steps[s].kind == STEP_COPY && f->insts[f->steps[s].inst].op == K_MEMCPY;
}

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
	if (!e->bd->copy)
		return;
	fprintf(
	    o, "  // memcpy/memset loops: byte offset of the next write (cp_n) and, for memcpy, of the next "
	       "read\n  // (cp_r), reads in flight (cp_o) and read words waiting for their write (cp_q, cp_c "
	       "of them)\n");
	fprintf(o, "  reg  [31:0] cp_n;\n");
	if (e->bd->memcpy)
		fprintf(o, "  reg  [31:0] cp_r, cp_din;\n  reg  [2:0]  cp_o;\n  wire [2:0]  cp_c;\n  wire "
		           "[31:0] cp_q0;\n"
		           "  wire        cp_full;\n");
	fprintf(o, "\n");
}

/* A copy loop (memcpy/memset) in step S: addresses, step size and data of the current element. */
static void copy_step(ectx *e, int s)
{
	const kfunc *f = e->f;
	const kinst *k = &f->insts[f->steps[s].inst];
	FILE *o = e->body;
	int set = k->op == K_MEMSET;
	unsigned long long len = k->a[2].c;
	const char *d = emit_ref(e, k->a[0], s), *v = emit_ref(e, k->a[1], s);
	fprintf(o,
	        "  // step S%d: %s of %llu bytes, a word at a time where both sides are word aligned and a "
	        "word\n  // remains, else a byte\n",
	        s, set ? "memset" : "memcpy", len);
	fprintf(o, "  wire [31:0] cp%d_da = %s + cp_n;\n", s, d);
	if (set) {
		fprintf(o, "  wire        cp%d_word = cp%d_da[1:0] == 2'd0 && cp_n + 32'd4 <= 32'd%llu;\n", s,
		        s, len);
		fprintf(o,
		        "  wire [31:0] cp%d_wdata = cp%d_word ? {4{%s}} : {24'd0, %s} << {cp%d_da[1:0], "
		        "3'b000};\n",
		        s, s, v, v, s);
	} else {
		/* Reads run ahead of writes by up to EMIT_READS_IN_FLIGHT elements: read data waits in the
		 * cp_q FIFO (oldest in cp_q0) for its write. On one shared port the pending write goes first.
		 */
		int same = k->mem == k->mem2;
		fprintf(o, "  wire [31:0] cp%d_sa = %s + cp_r;  // next read\n", s, v);
		fprintf(o, "  wire [31:0] cp%d_sw = %s + cp_n;  // source of the element being written\n", s,
		        v);
		fprintf(o, "  wire [31:0] cp%d_dr = %s + cp_r;  // destination of the next read's element\n",
		        s, d);
		fprintf(o,
		        "  wire        cp%d_word = (cp%d_da[1:0] | cp%d_sw[1:0]) == 2'd0 && cp_n + 32'd4 <= "
		        "32'd%llu;\n",
		        s, s, s, len);
		fprintf(o,
		        "  wire        cp%d_rword = (cp%d_dr[1:0] | cp%d_sa[1:0]) == 2'd0 && cp_r + 32'd4 <= "
		        "32'd%llu;\n",
		        s, s, s, len);
		fprintf(o, "  wire [31:0] cp%d_byte = (cp_q0 >> {cp%d_sw[1:0], 3'b000}) & 32'hff;\n", s, s);
		fprintf(
		    o,
		    "  wire [31:0] cp%d_wdata = cp%d_word ? cp_q0 : cp%d_byte << {cp%d_da[1:0], 3'b000};\n",
		    s, s, s, s);
		fprintf(o,
		        "  wire        cp%d_rd = %s && cp_r < 32'd%llu && {1'b0, cp_o} + {1'b0, cp_c} < "
		        "4'd%d%s;\n",
		        s, emit_in_state(e, s), len, EMIT_READS_IN_FLIGHT, same ? " && cp_c == 3'd0" : "");
		fprintf(o, "  wire        cp%d_wr = %s && cp_c != 3'd0;\n", s, emit_in_state(e, s));
		fprintf(o, "  wire        cp%d_push = %s && m%d_rvalid;\n", s, emit_in_state(e, s), k->mem2);
		fprintf(o, "  wire        cp%d_pop = cp%d_wr && m%d_ready;\n", s, s, k->mem);
	}
	fprintf(o, "  wire [31:0] cp%d_next = cp_n + (cp%d_word ? 32'd4 : 32'd1);\n", s, s);
	fprintf(o, "  wire        cp%d_last = cp%d_next >= 32'd%llu;\n\n", s, s, len);
}

/* The read words memcpy loops keep ahead of their writes: one queue, fed and drained by whichever copy step
 * runs (only one does at a time). */
static void copy_queue(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	/* the read data comes from the source port of whichever copy step runs */
	fprintf(o, "  always @(*) begin\n    case (state_q)\n");
	for (int s = 0; s < f->nsteps; s++)
		if (is_memcpy_step(f, s))
			fprintf(o, "      S%d: cp_din = m%d_rdata;\n", s, f->insts[f->steps[s].inst].mem2);
	fprintf(o, "      default: cp_din = 32'd0;\n    endcase\n  end\n");
	fprintf(o,
	        "  kiln_fifo #(.W(32), .DEPTH(%d)) u_cp_q (\n    .clk(clk), .rst_n(rst_n), .din(cp_din),\n",
	        EMIT_READS_IN_FLIGHT);
	static const char *const port[] = {"push", "pop"};
	for (int p = 0; p < 2; p++) {
		fprintf(o, "    .%s(", port[p]);
		int n = 0;
		for (int s = 0; s < f->nsteps; s++)
			if (is_memcpy_step(f, s))
				fprintf(o, "%scp%d_%s", n++ ? " | " : "", s, port[p]);
		fprintf(o, "),\n");
	}
	fprintf(o, "    .head(cp_q0), .count(cp_c), .full(cp_full)\n  );\n\n");
}

void emit_copy_steps(ectx *e)
{
	for (int s = 0; s < e->f->nsteps; s++)
		if (e->f->steps[s].kind == STEP_COPY)
			copy_step(e, s);
	if (e->bd->memcpy)
		copy_queue(e);
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
		fprintf(o, "      S%d: begin\n", s);
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
