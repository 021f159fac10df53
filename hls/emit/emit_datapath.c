// SPDX-License-Identifier: Apache-2.0
/* The datapath of a kernel module: one wire per operation (its combinational expression, evaluated in its
 * own step), a register for each value that crosses a step boundary, and the helper functions the bit
 * operations need. Operands are referred to as seen from their use: a wire in the step that computes them,
 * their register after it, a pipeline stage register inside a pipelined loop. */
#include "emit_ctx.h"
#include "signals.h"

#include "../schedule/oplib.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

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

/* The floating-point comparison of WIDTH-bit operands: f_fcmp_<w>(a, b, p) is LLVM's fcmp with predicate p
 * (LLVMRealPredicate: bit 0 equal, bit 1 greater, bit 2 less, bit 3 unordered), the IEEE-754 order on
 * sign and magnitude with -0 equal to +0. */
static void fcmp_helper(ectx *e, int w)
{
	int m = w == 32 ? 23 : 52;
	fprintf(
	    e->decl,
	    "  // floating-point compare: p is LLVM's predicate (1 eq, 2 gt, 4 lt, 8 unordered)\n"
	    "  function automatic f_fcmp_%d(input [%d:0] a, input [%d:0] b, input [3:0] p);\n"
	    "    reg uno, eq, lt;\n"
	    "    begin\n"
	    "      uno = (&a[%d:%d] && |a[%d:0]) || (&b[%d:%d] && |b[%d:0]);\n"
	    "      eq = a == b || (a[%d:0] == %d'd0 && b[%d:0] == %d'd0);\n"
	    "      lt = !eq && (a[%d] != b[%d] ? a[%d] : (a[%d] ? a[%d:0] > b[%d:0] : a[%d:0] < b[%d:0]));\n"
	    "      f_fcmp_%d = uno ? p[3] : (p[0] && eq) || (p[1] && !eq && !lt) || (p[2] && lt);\n"
	    "    end\n"
	    "  endfunction\n\n",
	    w, w - 1, w - 1, w - 2, m, m - 1, w - 2, m, m - 1, w - 2, w - 1, w - 2, w - 1, w - 1, w - 1,
	    w - 1, w - 1, w - 2, w - 2, w - 2, w - 2, w);
}

void emit_helpers(ectx *e)
{
	const kfunc *f = e->f;
	/* flags, not counts: a kernel has thousands of comparisons, and a counter would wrap to "none yet" */
	bool have_fcmp[65] = {0};
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int aw = k->a[0].width;
		if (k->block >= 0 && (k->op == K_FCMP || k->op == K_FMIN || k->op == K_FMAX) &&
		    (aw == 32 || aw == 64) && !have_fcmp[aw]) {
			have_fcmp[aw] = true;
			fcmp_helper(e, aw);
		}
	}
	bool have[65] = {0}; /* per operand width */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int aw = k->a[0].width;
		if (k->block < 0 || k->op != K_SMULO || aw < 1 || aw > 64 || have[aw])
			continue;
		have[aw] = true;
		fprintf(
		    e->decl,
		    "  // signed multiply overflow: the full product differs from the sign extension of its "
		    "low half\n"
		    "  // verilator lint_off UNUSEDSIGNAL\n"
		    "  function automatic f_smulo_%d(input [%d:0] a, input [%d:0] b);\n"
		    "    reg signed [%d:0] p;\n"
		    "    begin\n"
		    "      p = $signed({{%d{a[%d]}}, a}) * $signed({{%d{b[%d]}}, b});\n"
		    "      f_smulo_%d = p[%d:%d] != {%d{p[%d]}};\n"
		    "    end\n"
		    "  endfunction\n"
		    "  // verilator lint_on UNUSEDSIGNAL\n\n",
		    aw, aw - 1, aw - 1, 2 * aw - 1, aw, aw - 1, aw, aw - 1, aw, 2 * aw - 1, aw - 1, aw + 1,
		    aw - 1);
	}
}

/* Bit operations run in cells (rtl/kiln_bitop.v, rtl/kiln_funnel.v): the instance driving value I, on one
 * line (removed with the value when nothing reads it, dead_signals.h), or 0 when K is not one. */
static int bit_cell(ectx *e, int i, const kinst *k, const char *x, const char *y, const char *z)
{
	FILE *o = e->body;
	int w = k->width;
	const char *line = k->line ? rb_str(e->rb, ", line %u", k->line) : "";
	switch (k->op) {
	case K_CTPOP:
	case K_CTLZ:
	case K_CTTZ:
	case K_BSWAP:
	case K_BITREV:
		fprintf(o, "  wire [%d:0] %s;  // %s%s\n", w - 1, emit_def_of(e, SIG_WIRE, i, 0),
		        kop_name(k->op), line);
		fprintf(o, "  kiln_bitop #(.OP(\"%s\"), .W(%d)) u_v%d (.a(%s), .y(%s));\n", kop_name(k->op),
		        w, i, x, emit_def_of(e, SIG_WIRE, i, 0));
		return 1;
	case K_FSHL:
	case K_FSHR:
		fprintf(o, "  wire [%d:0] %s;  // %s%s\n", w - 1, emit_def_of(e, SIG_WIRE, i, 0),
		        kop_name(k->op), line);
		fprintf(o, "  kiln_funnel #(.W(%d), .LEFT(%d)) u_v%d (.a(%s), .b(%s), .c(%s), .y(%s));\n", w,
		        k->op == K_FSHL, i, x, y, z, emit_def_of(e, SIG_WIRE, i, 0));
		return 1;
	default:
		return 0;
	}
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

/* The combinational expression of operation K with its operands as step (or pipeline context) S reads them:
 * the operation table's template, or the code of the operations that need more than their operands. */
static void expr(ectx *e, const kinst *k, int s, FILE *o)
{
	const kfunc *f = e->f;
	int w = k->width;
	int aw = k->a[0].width;
	const char *x = k->nargs > 0 ? emit_ref(e, k->a[0], s) : "";
	const char *y = k->nargs > 1 ? emit_ref(e, k->a[1], s) : "";
	const char *z = k->nargs > 2 ? emit_ref(e, k->a[2], s) : "";
	int sg;
	if (k->op == K_MUL) {
		/* on its shared multiplier, or on one of its own as wide as its operands: two's complement,
		 * in which the product's low bits are those of the unsigned one and a sign-extended operand
		 * costs no more than its own bits */
		int i = (int)(k - f->insts);
		const bind_mul *m = &e->bd->mul[i];
		fprintf(o, "%s", m->unit >= 0 ? emit_mul_shared(e, i) : emit_mul_own(e, i, s));
		return;
	}
	const char *form = kop_rtl_form(k->op);
	if (form) {
		print_form(o, form, x, y, z);
		return;
	}
	if (kop_unit(k->op) == KU_FPU) {
		fprintf(o, "%s", emit_fpu_out(e, (int)(k - f->insts)));
		return;
	}
	uint64_t sign = aw >= 1 && aw <= 64 ? (uint64_t)1 << (aw - 1) : 0;
	switch (k->op) {
	case K_FNEG:
		fprintf(o, "%s ^ %d'h%" PRIx64, x, w, sign);
		break;
	case K_FABS:
		fprintf(o, "%s & %d'h%" PRIx64, x, w, sign - 1);
		break;
	case K_FCOPYSIGN:
		fprintf(o, "(%s & %d'h%" PRIx64 ") | (%s & %d'h%" PRIx64 ")", x, w, sign - 1, y, w, sign);
		break;
	case K_FCMP:
		fprintf(o, "f_fcmp_%d(%s, %s, 4'd%d)", aw, x, y, k->pred);
		break;
	case K_FMIN:
	case K_FMAX: /* a NaN gives the other operand; equal ones (+0 and -0) the second, as C's fmin does */
		fprintf(o,
		        "f_fcmp_%d(%s, %s, 4'd8) ? %s : f_fcmp_%d(%s, %s, 4'd8) ? %s : f_fcmp_%d(%s, %s, "
		        "4'd%d) ? %s : %s",
		        aw, x, x, y, aw, y, y, x, aw, x, y, k->op == K_FMIN ? 4 : 2, x, y);
		break;
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
	case K_WIID: {
		static const char *const wn[WI_NQUERIES] = {[WI_GID] = "wi_gid",
		                                            [WI_LID] = "wi_lid",
		                                            [WI_GRP] = "wi_grp",
		                                            [WI_GLOBAL_RANGE] = "global_range",
		                                            [WI_LOCAL_RANGE] = "local_range",
		                                            [WI_GLOBAL_OFFSET] = "global_offset"};
		/* The global id counts from the launch's global offset; group and local ids do not. The
		 * counters are 32 bits: a wider query is zero-extended (the kernel IR has none narrower). */
		int d = (int)k->a[1].c;
		const char *q = k->a[0].c == WI_GID ? rb_str(e->rb, "wi_gid_%d + global_offset_%d", d, d)
		                                    : rb_str(e->rb, "%s_%d", wn[k->a[0].c], d);
		if (w > 32)
			fprintf(o, "{%d'd0, %s}", w - 32, q);
		else
			fputs(q, o);
		break;
	}
	default:
		fprintf(o, "%d'd0", w ? w : 1);
	}
}

/* Operations in an order where every operand's wire comes before its users' (instruction order is not
 * always one after lowering): a depth-first post-order over operands, without recursion (a kernel may have
 * tens of thousands of operations), an edge phi's first load standing for its operand. ORDER gets f->ninsts
 * entries; -1 when out of memory. */
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
			/* a phi is a register, but an edge phi is its first load's word in its block's first
			 * step; an edge load's word is the port's, whatever its address */
			if (k->op == K_PHI && k->edge && !seen[k->phi_val[0].id])
				stack[sp++] = k->phi_val[0].id;
			for (int a = k->op == K_PHI || (k->op == K_LOAD && k->edge) ? -1 : k->nargs - 1;
			     a >= 0; a--)
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
		if (k->op == K_LOAD) {
			/* The port's word, shifted down to the loaded bytes when they are narrower. */
			int wb = kmem_word_bytes(f, k->mem), lb = wb == 8 ? 3 : 2, narrow = k->bytes < wb;
			const char *lane = "";
			if (narrow && emit_pipe_is_load(f, i))
				lane =
				    emit_ref_slice(e, k->a[0], lb - 1, 0, emit_pipe_use_ctx(f, k, k->pslot));
			else if (narrow) {
				fprintf(e->decl, "  reg  [%d:0]  la%d;  // byte lane of load %d\n", lb - 1, i,
				        i);
				lane = rb_str(e->rb, "la%d", i);
			}
			const char *word = emit_pipe_is_load(f, i) ? emit_pipe_load_data(e, i)
			                   : k->mem < f->nmems
			                       ? rb_str(e->rb, "(got%d ? rr%d : m%d_rdata)", i, i, k->mem)
			                       : emit_ram_rdata(e, i);
			fprintf(o, "  wire [%d:0] %s = %s", 8 * wb - 1, emit_def_of(e, SIG_LOAD_WORD, i, 0),
			        word);
			if (narrow)
				fprintf(o, " >> {%s, 3'b000}", lane);
			fprintf(o, ";\n  wire [%d:0] %s = %s[%d:0];  // load\n", k->width - 1,
			        emit_def_of(e, SIG_WIRE, i, 0), emit_use_of(e, SIG_LOAD_WORD, i, 0),
			        k->width - 1);
		} else if (!bit_cell(
		               e, i, k, emit_ref(e, k->a[0], emit_pipe_use_ctx(f, k, k->pslot)),
		               k->nargs > 1 ? emit_ref(e, k->a[1], emit_pipe_use_ctx(f, k, k->pslot)) : "",
		               k->nargs > 2 ? emit_ref(e, k->a[2], emit_pipe_use_ctx(f, k, k->pslot)) : "")) {
			fprintf(o, "  wire [%d:0] %s = ", k->width - 1, emit_def_of(e, SIG_WIRE, i, 0));
			expr(e, k, emit_pipe_use_ctx(f, k, k->pslot), o);
			fprintf(o, ";  // %s", kop_name(k->op));
			if (k->line)
				fprintf(o, ", line %u", k->line);
			fprintf(o, "\n");
		}
	}
	fprintf(o, "\n");
	free(order);
}

/* Value I is written into a phi's register (bind_coalesce_phis). */
static int coalesced(const ectx *e, int i)
{
	int r = e->bd->reg_of[i];
	return r != i && e->f->insts[r].op == K_PHI;
}

void emit_coalesced_writes(ectx *e, const char *ind)
{
	const kfunc *f = e->f;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && e->bd->registered[i] && k->op != K_PHI &&
		    !f->blocks[k->block].pipelined && coalesced(e, i))
			fprintf(e->body, "%sif (%s) %s <= %s;\n", ind, emit_in_state(e, k->step),
			        emit_def_of(e, SIG_REG, i, 0), emit_use_of(e, SIG_WIRE, i, 0));
	}
}

void emit_value_regs(ectx *e)
{
	const kfunc *f = e->f;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && e->bd->registered[i] && e->bd->reg_of[i] == i)
			fprintf(e->decl, "  reg  [%d:0] %s;\n", k->width - 1, emit_def_of(e, SIG_REG, i, 0));
	}
	/* derived values (bind_regs.c): their operands' registers, rewired; in block order, each after
	 * the one it reads */
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			int i = f->blocks[b].insts[j];
			if (e->bd->derived[i] >= 0) {
				const char *name = emit_def_of(e, SIG_REG, i, 0);
				fprintf(e->decl, "  wire [%d:0] %s = ", f->insts[i].width - 1, name);
				/* in a step past the last, which no operation is in, emit_ref names the
				 * operand's register */
				expr(e, &f->insts[i], f->nsteps, e->decl);
				fprintf(e->decl, ";\n");
			}
		}
	fprintf(e->decl, "\n");
	FILE *o = e->body;
	fprintf(o, "  // values kept for later steps\n  always @(posedge clk) begin\n");
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || !e->bd->registered[i] || k->op == K_PHI ||
		    f->blocks[k->block].pipelined || coalesced(e, i))
			continue;
		fprintf(o, "    if (%s) %s <= %s;\n", emit_in_state(e, k->step),
		        emit_def_of(e, SIG_REG, i, 0), emit_use_of(e, SIG_WIRE, i, 0));
	}
	/* an edge phi takes its memory's data in its block's first step (kir.h) */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int first = k->block >= 0 ? f->blocks[k->block].first_step : 0;
		if (k->block >= 0 && k->op == K_PHI && k->edge && e->bd->registered[i])
			fprintf(o, "    if (%s) %s <= %s;\n", emit_in_state(e, first),
			        emit_def_of(e, SIG_REG, i, 0),
			        emit_ref(e, (kval){KV_OP, i, 0, k->width}, first));
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int wb = k->block >= 0 && k->op == K_LOAD ? kmem_word_bytes(f, k->mem) : 0;
		if (wb && k->bytes < wb && !emit_pipe_is_load(f, i))
			fprintf(o, "    if (%s) la%d <= %s;\n", emit_in_state(e, k->issue), i,
			        emit_ref_slice(e, k->a[0], wb == 8 ? 2 : 1, 0, k->issue));
	}
	fprintf(o, "  end\n\n");
}
