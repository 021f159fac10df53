// SPDX-License-Identifier: Apache-2.0
/* The datapath of a kernel module: one wire per operation (its combinational expression, evaluated in its
 * own step), a register for each value that crosses a step boundary, and the helper functions the bit
 * operations need. Operands are referred to as seen from their use: a wire in the step that computes them,
 * their register after it, a pipeline stage register inside a pipelined loop. */
#include "emit_ctx.h"
#include "emit_pipeline.h"

#include "../schedule/schedule.h"

#include <inttypes.h>
#include <stdlib.h>

const char *emit_in_state(ectx *e, int s)
{
	return rb_str(e->rb, "state_q == S%d", s);
}

const char *emit_ref(ectx *e, kval v, int ctx)
{
	const kfunc *f = e->f;
	switch (v.kind) {
	case KV_CONST:
		return rb_str(e->rb, "%d'h%" PRIx64, v.width, v.c);
	case KV_ARG:
		if (v.width < f->args[v.id].width)
			return rb_str(e->rb, "arg_%d[%d:0]", v.id, v.width - 1);
		return rb_str(e->rb, "arg_%d", v.id);
	case KV_OP: {
		const char *p = emit_pipe_ref(e, v.id, ctx);
		if (p)
			return p;
		const kinst *d = &f->insts[v.id];
		return rb_str(e->rb, "%s%d", d->op != K_PHI && d->step == ctx ? "v" : "r", v.id);
	}
	default:
		return "1'b0";
	}
}

const char *emit_ref_bit(ectx *e, kval v, int bit, int ctx)
{
	if (v.kind == KV_CONST)
		return rb_str(e->rb, "1'b%d", (int)((v.c >> bit) & 1));
	if (v.kind == KV_ARG)
		return rb_str(e->rb, "arg_%d[%d]", v.id, bit);
	return rb_str(e->rb, "%s[%d]", emit_ref(e, v, ctx), bit);
}

const char *emit_ref_slice(ectx *e, kval v, int hi, int lo, int ctx)
{
	if (v.kind == KV_CONST)
		return rb_str(e->rb, "%d'h%" PRIx64, hi - lo + 1,
		              (uint64_t)((v.c >> lo) & ((1ULL << (hi - lo + 1)) - 1)));
	if (v.kind == KV_ARG)
		return rb_str(e->rb, "arg_%d[%d:%d]", v.id, hi, lo);
	return rb_str(e->rb, "%s[%d:%d]", emit_ref(e, v, ctx), hi, lo);
}

static const char *pred_op(int p, int *is_signed)
{
	*is_signed = p >= KP_SGT;
	switch (p) {
	case KP_EQ:
		return "==";
	case KP_NE:
		return "!=";
	case KP_UGT:
	case KP_SGT:
		return ">";
	case KP_UGE:
	case KP_SGE:
		return ">=";
	case KP_ULT:
	case KP_SLT:
		return "<";
	default:
		return "<=";
	}
}

/* Helper functions the module needs, one per (operation, width) pair. */
typedef struct fnset {
	int have[K_NOPS][65];
} fnset;

void emit_helpers(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->decl;
	fnset *fs = calloc(1, sizeof *fs);
	if (!fs)
		return;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0)
			continue;
		int w = k->width;
		if (w < 1 || w > 64)
			continue;
		switch (k->op) {
		case K_CTPOP:
		case K_CTLZ:
		case K_CTTZ:
		case K_BSWAP:
		case K_BITREV:
		case K_FSHL:
		case K_FSHR:
			if (fs->have[k->op][w]++)
				continue;
			break;
		case K_SMULO:
			if (fs->have[k->op][k->a[0].width]++)
				continue;
			break;
		default:
			continue;
		}
		const char *nm = kop_name(k->op);
		char fn[32];
		snprintf(fn, sizeof fn, "f_%s_%d", nm, w);
		if (k->op == K_SMULO) {
			int aw = k->a[0].width;
			fprintf(o,
			        "  // signed multiply overflow: the full product differs from the sign "
			        "extension of its low half\n"
			        "  // verilator lint_off UNUSEDSIGNAL\n"
			        "  function automatic f_smulo_%d(input [%d:0] a, input [%d:0] b);\n"
			        "    reg signed [%d:0] p;\n"
			        "    begin\n"
			        "      p = $signed({{%d{a[%d]}}, a}) * $signed({{%d{b[%d]}}, b});\n"
			        "      f_smulo_%d = p[%d:%d] != {%d{p[%d]}};\n"
			        "    end\n"
			        "  endfunction\n"
			        "  // verilator lint_on UNUSEDSIGNAL\n\n",
			        aw, aw - 1, aw - 1, 2 * aw - 1, aw, aw - 1, aw, aw - 1, aw, 2 * aw - 1,
			        aw - 1, aw + 1, aw - 1);
			continue;
		}
		if (k->op == K_FSHL || k->op == K_FSHR) {
			fprintf(o,
			        "  // funnel shift: the %s %d bits of {a, b} shifted by c modulo %d\n"
			        "  // verilator lint_off UNUSEDSIGNAL\n"
			        "  function automatic [%d:0] f_%s_%d(input [%d:0] a, input [%d:0] b, input "
			        "[%d:0] c);\n"
			        "    reg [%d:0] cat;\n"
			        "    begin\n"
			        "      cat = {a, b} %s (c %% %d'd%d);\n"
			        "      f_%s_%d = cat[%d:%d];\n"
			        "    end\n"
			        "  endfunction\n"
			        "  // verilator lint_on UNUSEDSIGNAL\n\n",
			        k->op == K_FSHL ? "high" : "low", w, w, w - 1, nm, w, w - 1, w - 1, w - 1,
			        2 * w - 1, k->op == K_FSHL ? "<<" : ">>", w, w, nm, w,
			        k->op == K_FSHL ? 2 * w - 1 : w - 1, k->op == K_FSHL ? w : 0);
			continue;
		}
		fprintf(o,
		        "  function automatic [%d:0] %s(input [%d:0] x);\n    integer i;\n    reg found;\n",
		        w - 1, fn, w - 1);
		fprintf(o, "    begin\n      %s = %d'd0;\n      found = 1'b0;\n", fn, w);
		switch (k->op) {
		case K_CTPOP:
			fprintf(o, "      for (i = 0; i < %d; i = i + 1) %s = %s + {%d'd0, x[i]};\n", w, fn,
			        fn, w - 1);
			break;
		case K_CTLZ:
			fprintf(o,
			        "      for (i = %d; i >= 0; i = i - 1)\n"
			        "        if (!found) begin\n"
			        "          if (x[i]) found = 1'b1;\n"
			        "          else %s = %s + %d'd1;\n"
			        "        end\n",
			        w - 1, fn, fn, w);
			break;
		case K_CTTZ:
			fprintf(o,
			        "      for (i = 0; i < %d; i = i + 1)\n"
			        "        if (!found) begin\n"
			        "          if (x[i]) found = 1'b1;\n"
			        "          else %s = %s + %d'd1;\n"
			        "        end\n",
			        w, fn, fn, w);
			break;
		case K_BSWAP:
			fprintf(o,
			        "      for (i = 0; i < %d; i = i + 1) %s[8*i +: 8] = x[8*(%d-1-i) +: 8];\n",
			        w / 8, fn, w / 8);
			break;
		default: /* bit reverse */
			fprintf(o, "      for (i = 0; i < %d; i = i + 1) %s[i] = x[%d-1-i];\n", w, fn, w);
			break;
		}
		fprintf(o, "      if (found) %s = %s;\n    end\n  endfunction\n\n", fn, fn);
	}
	free(fs);
}

/* Operation table template FORM (kop_table.h) with operands X, Y, Z. */
static void print_form(FILE *o, const char *form, const char *x, const char *y, const char *z)
{
	for (const char *c = form; *c; c++) {
		if (c[0] == '%' && c[1] >= '0' && c[1] <= '2')
			fputs(c[1] == '0' ? x : c[1] == '1' ? y : z, o);
		else if (c[0] == '%' && c[1] == '%')
			fputc('%', o);
		else {
			fputc(*c, o);
			continue;
		}
		c++;
	}
}

/* The combinational expression of operation K evaluated in its own step: the operation table's template,
 * or the code of the operations that need more than their operands. */
static void expr(ectx *e, const kinst *k, FILE *o)
{
	const kfunc *f = e->f;
	int s = emit_pipe_use_ctx(f, k, k->pslot), w = k->width;
	int aw = k->a[0].width;
	const char *x = k->nargs > 0 ? emit_ref(e, k->a[0], s) : "";
	const char *y = k->nargs > 1 ? emit_ref(e, k->a[1], s) : "";
	const char *z = k->nargs > 2 ? emit_ref(e, k->a[2], s) : "";
	int sg;
	const char *form = kop_rtl_form(k->op);
	if (form) {
		print_form(o, form, x, y, z);
		return;
	}
	switch (k->op) {
	case K_UDIV:
	case K_SDIV:
		fprintf(o, "dv%d_quo[%d:0]", sched_div_width(w), w - 1);
		break;
	case K_UREM:
	case K_SREM:
		fprintf(o, "dv%d_rem[%d:0]", sched_div_width(w), w - 1);
		break;
	case K_SADDO:
	case K_SSUBO: {
		const char *xs = emit_ref_bit(e, k->a[0], aw - 1, s);
		const char *ys = emit_ref_bit(e, k->a[1], aw - 1, s);
		fprintf(o, "(%s %s %s) && ((((%s %s %s) >> %d) & %d'd1) != {%d'd0, %s})", xs,
		        k->op == K_SADDO ? "==" : "!=", ys, x, k->op == K_SADDO ? "+" : "-", y, aw - 1, aw,
		        aw - 1, xs);
		break;
	}
	case K_UMULO:
		fprintf(o, "(({%d'd0, %s} * {%d'd0, %s}) >> %d) != %d'd0", aw, x, aw, y, aw, 2 * aw);
		break;
	case K_SMULO: {
		/* The full signed product must equal the sign extension of its low half. */
		fprintf(o, "f_smulo_%d(%s, %s)", aw, x, y);
		break;
	}
	case K_ICMP: {
		const char *op = pred_op(k->pred, &sg);
		if (sg)
			fprintf(o, "$signed(%s) %s $signed(%s)", x, op, y);
		else
			fprintf(o, "%s %s %s", x, op, y);
		break;
	}
	case K_ZEXT:
		if (w == aw)
			fprintf(o, "%s", x);
		else
			fprintf(o, "{%d'd0, %s}", w - aw, x);
		break;
	case K_SEXT:
		if (w == aw)
			fprintf(o, "%s", x);
		else
			fprintf(o, "{{%d{%s}}, %s}", w - aw, emit_ref_bit(e, k->a[0], aw - 1, s), x);
		break;
	case K_TRUNC:
		if (k->a[0].kind == KV_CONST)
			fprintf(o, "%d'h%" PRIx64, w,
			        (uint64_t)(w >= 64 ? k->a[0].c : k->a[0].c & ((1ULL << w) - 1)));
		else if (k->a[0].kind == KV_ARG)
			fprintf(o, "arg_%d[%d:0]", k->a[0].id, w - 1);
		else
			fprintf(o, "%s[%d:0]", x, w - 1);
		break;
	case K_ABS:
		fprintf(o, "%s ? -%s : %s", emit_ref_bit(e, k->a[0], w - 1, s), x, x);
		break;
	case K_UADDSAT:
		fprintf(o, "(%s + %s < %s) ? {%d{1'b1}} : %s + %s", x, y, x, w, x, y);
		break;
	case K_USUBSAT:
		fprintf(o, "(%s < %s) ? %d'd0 : %s - %s", x, y, w, x, y);
		break;
	case K_SADDSAT:
	case K_SSUBSAT: {
		/* Overflow when the operands' signs make it possible and the result's sign differs from x. */
		const char *op = k->op == K_SADDSAT ? "+" : "-";
		const char *same = k->op == K_SADDSAT ? "==" : "!=";
		const char *xs = emit_ref_bit(e, k->a[0], w - 1, s);
		const char *ys = emit_ref_bit(e, k->a[1], w - 1, s);
		fprintf(o,
		        "((%s %s %s) && (((%s %s %s) >> %d) != {%d'd0, %s})) ? "
		        "(%s ? {1'b1, %d'd0} : {1'b0, {%d{1'b1}}}) : %s %s %s",
		        xs, same, ys, x, op, y, w - 1, w - 1, xs, xs, w - 1, w - 1, x, op, y);
		break;
	}
	case K_CTPOP:
	case K_CTLZ:
	case K_CTTZ:
	case K_BSWAP:
	case K_BITREV:
		fprintf(o, "f_%s_%d(%s)", kop_name(k->op), w, x);
		break;
	case K_FSHL:
	case K_FSHR:
		fprintf(o, "f_%s_%d(%s, %s, %s)", kop_name(k->op), w, x, y, z);
		break;
	case K_WIID: {
		static const char *const wn[] = {"wi_gid", "wi_lid", "wi_grp", "global_range", "local_range"};
		/* The global id counts from the launch's global offset; group and local ids do not. */
		if (k->a[0].c == 0)
			fprintf(o, "{%d'd0, wi_gid_%d + global_offset_%d}", w - 32, (int)k->a[1].c,
			        (int)k->a[1].c);
		else
			fprintf(o, "{%d'd0, %s_%d}", w - 32, wn[k->a[0].c], (int)k->a[1].c);
		break;
	}
	default:
		fprintf(o, "%d'd0", w ? w : 1);
	}
}

/* Operations in an order where every operand's wire comes before its users' (instruction order is not
 * always one after lowering): a depth-first post-order over operands, without recursion (a kernel may have
 * tens of thousands of operations). ORDER gets f->ninsts entries; -1 when out of memory. */
static int topo_order(const kfunc *f, int *order)
{
	char *seen = calloc((size_t)f->ninsts + 1, 1);
	int *stack = malloc(((size_t)f->ninsts * 4 + 1) * sizeof *stack);
	if (!seen || !stack) {
		free(seen);
		free(stack);
		return -1;
	}
	int n = 0;
	for (int r = 0; r < f->ninsts; r++) {
		if (seen[r])
			continue;
		int sp = 0;
		stack[sp++] = r;
		while (sp) {
			int t = stack[sp - 1];
			if (seen[t] == 2) {
				sp--;
				continue;
			}
			if (seen[t] == 1) {
				seen[t] = 2;
				order[n++] = t;
				sp--;
				continue;
			}
			seen[t] = 1;
			const kinst *k = &f->insts[t];
			for (int a = k->op == K_PHI ? -1 : k->nargs - 1; a >= 0; a--)
				if (k->a[a].kind == KV_OP && !seen[k->a[a].id])
					stack[sp++] = k->a[a].id;
		}
	}
	free(seen);
	free(stack);
	return 0;
}

void emit_values(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	int *order = malloc(((size_t)f->ninsts + 1) * sizeof *order);
	if (!order || topo_order(f, order) != 0) {
		free(order);
		rb_fail(e->rb);
		return;
	}
	for (int oi = 0; oi < f->ninsts; oi++) {
		int i = order[oi];
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || k->op == K_PHI)
			continue;
		if (k->op == K_LOAD && emit_pipe_is_load(f, i)) {
			fprintf(o, "  wire [31:0] ld%d = %s", i, emit_pipe_load_data(e, i));
			if (k->bytes < 4)
				fprintf(o, " >> {%s, 3'b000}",
				        emit_ref_slice(e, k->a[0], 1, 0, emit_pipe_use_ctx(f, k, k->pslot)));
			fprintf(o, ";\n  wire [%d:0] v%d = ld%d[%d:0];  // load\n", k->width - 1, i, i,
			        k->width - 1);
		} else if (k->op == K_LOAD) {
			if (k->bytes < 4)
				fprintf(e->decl, "  reg  [1:0]  la%d;  // byte lane of load %d\n", i, i);
			if (k->mem < f->nmems)
				fprintf(o, "  wire [31:0] ld%d = (got%d ? rr%d : m%d_rdata)", i, i, i,
				        k->mem);
			else
				fprintf(o, "  wire [31:0] ld%d = m%d_rdata", i, k->mem);
			if (k->bytes < 4)
				fprintf(o, " >> {la%d, 3'b000}", i);
			fprintf(o, ";\n  wire [%d:0] v%d = ld%d[%d:0];  // load\n", k->width - 1, i, i,
			        k->width - 1);
		} else {
			fprintf(o, "  wire [%d:0] v%d = ", k->width - 1, i);
			expr(e, k, o);
			fprintf(o, ";  // %s", kop_name(k->op));
			if (k->line)
				fprintf(o, ", line %u", k->line);
			fprintf(o, "\n");
		}
	}
	fprintf(o, "\n");
	free(order);
}

void emit_value_regs(ectx *e)
{
	const kfunc *f = e->f;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && k->registered)
			fprintf(e->decl, "  reg  [%d:0] r%d;\n", k->width - 1, i);
	}
	fprintf(e->decl, "\n");
	FILE *o = e->body;
	fprintf(o, "  // values kept for later steps\n  always @(posedge clk) begin\n");
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || !k->registered || k->op == K_PHI ||
		    f->blocks[k->block].pipelined)
			continue;
		fprintf(o, "    if (%s) r%d <= v%d;\n", emit_in_state(e, k->step), i, i);
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->op == K_LOAD && k->bytes < 4 && !emit_pipe_is_load(f, i))
			fprintf(o, "    if (%s) la%d <= %s;\n", emit_in_state(e, k->issue), i,
			        emit_ref_slice(e, k->a[0], 1, 0, k->issue));
	}
	fprintf(o, "  end\n\n");
}
