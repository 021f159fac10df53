// SPDX-License-Identifier: Apache-2.0
#include "emit_kernel.h"

#include "emit_pipeline.h"
#include "rtl_prune.h"

#include "../schedule/schedule.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void emit_kernel_module_name(const kfunc *f, char *buf, size_t n)
{
	snprintf(buf, n, "kiln_k_%s", f->name);
}

static int state_bits(const kfunc *f)
{
	int n = f->nsteps + 2, b = 1;
	while ((1 << b) < n)
		b++;
	return b;
}

/* Operand text as seen from control step CTX: a wire when defined in that same step, else its register. */
static const char *ref(const kfunc *f, kval v, int ctx, char *buf)
{
	switch (v.kind) {
	case KV_CONST:
		snprintf(buf, REF_MAX, "%d'h%" PRIx64, v.width, v.c);
		break;
	case KV_ARG:
		if (v.width < f->args[v.id].width)
			snprintf(buf, REF_MAX, "arg_%d[%d:0]", v.id, v.width - 1);
		else
			snprintf(buf, REF_MAX, "arg_%d", v.id);
		break;
	case KV_OP: {
		if (emit_pipe_ref(f, v.id, ctx, buf))
			break;
		const kinst *d = &f->insts[v.id];
		int wire = d->op != K_PHI && d->step == ctx;
		snprintf(buf, REF_MAX, "%s%d", wire ? "v" : "r", v.id);
		break;
	}
	default:
		snprintf(buf, REF_MAX, "1'b0");
	}
	return buf;
}

const char *emit_ref(const kfunc *f, kval v, int ctx, char *buf)
{
	return ref(f, v, ctx, buf);
}

/* One bit of an operand (for sign extension and lane selection). */
static const char *ref_bit(const kfunc *f, kval v, int bit, int ctx, char *buf)
{
	if (v.kind == KV_CONST) {
		snprintf(buf, REF_MAX, "1'b%d", (int)((v.c >> bit) & 1));
		return buf;
	}
	char tmp[REF_MAX];
	if (v.kind == KV_ARG) {
		snprintf(buf, REF_MAX, "arg_%d[%d]", v.id, bit);
		return buf;
	}
	snprintf(buf, REF_MAX, "%s[%d]", ref(f, v, ctx, tmp), bit);
	return buf;
}

/* Bits HI..LO of an operand, folding constants (Verilog cannot slice a literal). */
static const char *ref_slice(const kfunc *f, kval v, int hi, int lo, int ctx, char *buf)
{
	char tmp[REF_MAX];
	if (v.kind == KV_CONST)
		snprintf(buf, REF_MAX, "%d'h%" PRIx64, hi - lo + 1,
		         (uint64_t)((v.c >> lo) & ((1ULL << (hi - lo + 1)) - 1)));
	else if (v.kind == KV_ARG)
		snprintf(buf, REF_MAX, "arg_%d[%d:%d]", v.id, hi, lo);
	else
		snprintf(buf, REF_MAX, "%s[%d:%d]", ref(f, v, ctx, tmp), hi, lo);
	return buf;
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

static void emit_helpers(const kfunc *f, FILE *o)
{
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

/* The combinational expression of operation K evaluated in its own step. */
static void expr(const kfunc *f, const kinst *k, FILE *o)
{
	char a[REF_MAX], b[REF_MAX], c[REF_MAX], t[REF_MAX];
	int s = emit_pipe_use_ctx(f, k, k->pslot), w = k->width;
	int aw = k->a[0].width;
	const char *x = k->nargs > 0 ? ref(f, k->a[0], s, a) : "";
	const char *y = k->nargs > 1 ? ref(f, k->a[1], s, b) : "";
	const char *z = k->nargs > 2 ? ref(f, k->a[2], s, c) : "";
	int sg;
	switch (k->op) {
	case K_ADD:
		fprintf(o, "%s + %s", x, y);
		break;
	case K_SUB:
		fprintf(o, "%s - %s", x, y);
		break;
	case K_MUL:
		fprintf(o, "%s * %s", x, y);
		break;
	case K_AND:
		fprintf(o, "%s & %s", x, y);
		break;
	case K_OR:
		fprintf(o, "%s | %s", x, y);
		break;
	case K_XOR:
		fprintf(o, "%s ^ %s", x, y);
		break;
	case K_SHL:
		fprintf(o, "%s << %s", x, y);
		break;
	case K_LSHR:
		fprintf(o, "%s >> %s", x, y);
		break;
	case K_ASHR:
		fprintf(o, "$signed(%s) >>> %s", x, y);
		break;
	case K_UDIV:
	case K_SDIV:
		fprintf(o, "dv%d_quo[%d:0]", sched_div_width(w), w - 1);
		break;
	case K_UREM:
	case K_SREM:
		fprintf(o, "dv%d_rem[%d:0]", sched_div_width(w), w - 1);
		break;
	case K_UADDO:
		fprintf(o, "(%s + %s) < %s", x, y, x);
		break;
	case K_USUBO:
		fprintf(o, "%s < %s", x, y);
		break;
	case K_SADDO:
	case K_SSUBO: {
		char xs[REF_MAX], ys[REF_MAX];
		ref_bit(f, k->a[0], aw - 1, s, xs);
		ref_bit(f, k->a[1], aw - 1, s, ys);
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
		char xs[REF_MAX], ys[REF_MAX];
		ref_bit(f, k->a[0], aw - 1, s, xs);
		ref_bit(f, k->a[1], aw - 1, s, ys);
		fprintf(o, "f_smulo_%d(%s, %s)", aw, x, y);
		(void)xs;
		(void)ys;
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
	case K_SELECT:
		fprintf(o, "%s ? %s : %s", x, y, z);
		break;
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
			fprintf(o, "{{%d{%s}}, %s}", w - aw, ref_bit(f, k->a[0], aw - 1, s, t), x);
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
	case K_COPY:
		fprintf(o, "%s", x);
		break;
	case K_UMIN:
		fprintf(o, "(%s < %s) ? %s : %s", x, y, x, y);
		break;
	case K_UMAX:
		fprintf(o, "(%s > %s) ? %s : %s", x, y, x, y);
		break;
	case K_SMIN:
		fprintf(o, "($signed(%s) < $signed(%s)) ? %s : %s", x, y, x, y);
		break;
	case K_SMAX:
		fprintf(o, "($signed(%s) > $signed(%s)) ? %s : %s", x, y, x, y);
		break;
	case K_ABS:
		fprintf(o, "%s ? -%s : %s", ref_bit(f, k->a[0], w - 1, s, t), x, x);
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
		char xs[REF_MAX], ys[REF_MAX];
		ref_bit(f, k->a[0], w - 1, s, xs);
		ref_bit(f, k->a[1], w - 1, s, ys);
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

static int is_term(kop op)
{
	return op == K_BR || op == K_CONDBR || op == K_SWITCH || op == K_RET;
}

/* Phi updates on the edge from block FROM (leaving its last step) into block TO. */
static void emit_edge(const kfunc *f, int from, int to, const char *ind, FILE *o)
{
	const kblock *tb = &f->blocks[to];
	int ctx = f->blocks[from].last_step;
	char r[REF_MAX];
	for (int j = 0; j < tb->ninsts; j++) {
		const kinst *k = &f->insts[tb->insts[j]];
		if (k->op != K_PHI)
			continue;
		for (int p = 0; p < k->nphi; p++)
			if (k->phi_block[p] == from)
				fprintf(o, "%sr%d <= %s;\n", ind, tb->insts[j],
				        ref(f, k->phi_val[p], ctx, r));
	}
	if (f->blocks[to].pipelined)
		emit_pipe_entry(f, from, to, ind, o);
	fprintf(o, "%sstate <= S%d;\n", ind, f->blocks[to].first_step);
}

/* The end of a work-item: an nd-range kernel goes straight on with the next one (dimension 0 runs fastest;
 * the last dimension to wrap ends the run), a single task is done. */
static void emit_ret(const kfunc *f, const char *ind, FILE *o)
{
	for (int d = 0; d < f->dims; d++)
		fprintf(
		    o,
		    "%sif (wi_gid_%d + 32'd1 < global_range_%d) begin\n"
		    "%s  wi_gid_%d <= wi_gid_%d + 32'd1;\n"
		    "%s  wi_lid_%d <= (wi_lid_%d + 32'd1 == local_range_%d) ? 32'd0 : wi_lid_%d + 32'd1;\n"
		    "%s  wi_grp_%d <= wi_grp_%d + {31'd0, wi_lid_%d + 32'd1 == local_range_%d};\n"
		    "%s  state <= S%d;\n"
		    "%send else begin\n"
		    "%s  wi_gid_%d <= 32'd0;\n%s  wi_lid_%d <= 32'd0;\n%s  wi_grp_%d <= 32'd0;\n",
		    ind, d, d, ind, d, d, ind, d, d, d, d, ind, d, d, d, d, ind, f->blocks[0].first_step, ind,
		    ind, d, ind, d, ind, d);
	fprintf(o, "%sstate <= S_IDLE;\n%sdone <= 1'b1;\n", ind, ind);
	for (int d = 0; d < f->dims; d++)
		fprintf(o, "%send\n", ind);
}

static void emit_terminator(const kfunc *f, const kinst *k, int from, FILE *o)
{
	char c[REF_MAX];
	switch (k->op) {
	case K_BR:
		emit_edge(f, from, k->succ[0], "          ", o);
		break;
	case K_CONDBR:
		fprintf(o, "          if (%s) begin\n", ref(f, k->a[0], k->step, c));
		emit_edge(f, from, k->succ[0], "            ", o);
		fprintf(o, "          end else begin\n");
		emit_edge(f, from, k->succ[1], "            ", o);
		fprintf(o, "          end\n");
		break;
	case K_SWITCH:
		fprintf(o, "          case (%s)\n", ref(f, k->a[0], k->step, c));
		for (int i = 0; i < k->ncases; i++) {
			fprintf(o, "            %d'h%" PRIx64 ": begin\n", k->a[0].width, k->case_val[i]);
			emit_edge(f, from, k->case_succ[i], "              ", o);
			fprintf(o, "            end\n");
		}
		fprintf(o, "            default: begin\n");
		emit_edge(f, from, k->succ[0], "              ", o);
		fprintf(o, "            end\n          endcase\n");
		break;
	default:
		emit_ret(f, "          ", o);
	}
}

static const kinst *terminator_of(const kfunc *f, int bi)
{
	const kblock *bl = &f->blocks[bi];
	for (int j = bl->ninsts - 1; j >= 0; j--)
		if (is_term(f->insts[bl->insts[j]].op))
			return &f->insts[bl->insts[j]];
	return NULL;
}

static void emit_ports(const kfunc *f, FILE *o)
{
	fprintf(o, "  input  wire        clk,\n  input  wire        rst_n,\n");
	fprintf(o, "  input  wire        start,     // pulse: begin a run with the current arguments\n");
	fprintf(o, "  output reg         done,      // pulse: the run finished\n");
	/* Every port but the last ends with a comma; which one is last depends on what the kernel has. */
	fprintf(o, "  output wire        idle%s\n", f->dims || f->nargs || f->nmems ? "," : "");
	for (int d = 0; d < f->dims; d++)
		fprintf(o,
		        "  input  wire [31:0] global_range_%d,\n  input  wire [31:0] local_range_%d,\n"
		        "  input  wire [31:0] global_offset_%d%s\n",
		        d, d, d, d + 1 < f->dims || f->nargs || f->nmems ? "," : "");
	for (int i = 0; i < f->nargs; i++)
		fprintf(o, "  input  wire [%d:0] arg_%d%s%*s// %s%s\n", f->args[i].width - 1, i,
		        i + 1 < f->nargs || f->nmems ? "," : " ", f->args[i].width > 10 ? 5 : 6, "",
		        f->args[i].name, f->args[i].is_pointer ? " (device address)" : "");
	for (int m = 0; m < f->nmems; m++) {
		const kmem *mm = &f->mems[m];
		fprintf(o, "  // port m%d: %s%s\n", m,
		        mm->kind == MEM_DG ? "device global " : "device memory",
		        mm->kind == MEM_DG ? mm->dg_uid : "");
		fprintf(o,
		        "  output wire        m%d_valid,\n  input  wire        m%d_ready,\n"
		        "  output wire        m%d_write,\n  output wire [31:0] m%d_addr,\n"
		        "  output wire [31:0] m%d_wdata,\n  output wire [3:0]  m%d_wstrb,\n"
		        "  input  wire        m%d_rvalid,\n  input  wire [31:0] m%d_rdata%s\n",
		        m, m, m, m, m, m, m, m, m + 1 < f->nmems ? "," : "");
	}
}

static const char *step_kind_name(kstep_kind k)
{
	switch (k) {
	case STEP_COMB:
		return "compute";
	case STEP_MEM_ISSUE:
		return "memory request";
	case STEP_MEM_WAIT:
		return "memory response";
	case STEP_DIV_ISSUE:
		return "divider start";
	case STEP_DIV_WAIT:
		return "divider wait";
	default:
		return "copy loop";
	}
}

static int log2up(uint32_t n)
{
	int b = 1;
	while ((1u << b) < n)
		b++;
	return b;
}

void emit_mem_init_file(const kfunc *f, int m, char *buf, size_t n)
{
	snprintf(buf, n, "kiln_k_%s_m%d.hex", f->name, m);
}

/* Internal memory M (a local array, table or plain global): an rtl/kiln_ram.v cell behind the same
 * valid/ready port signals as the module's external memories. */
static void emit_internal_mem(const kfunc *f, int m, FILE *o)
{
	const kmem *mm = &f->mems[m];
	uint32_t words = (mm->size + 3) / 4;
	int aw = log2up(words);
	static const char *const kn[] = {"", "", "local array", "constant table (ROM)",
	                                 "global variable (RAM)"};
	char init[400] = "";
	if (mm->init)
		emit_mem_init_file(f, m, init, sizeof init);
	fprintf(o, "  // memory m%d: %s '%s', %u bytes, inside this kernel\n", m, kn[mm->kind], mm->name,
	        mm->size);
	fprintf(o,
	        "  wire        m%d_valid, m%d_write;\n  wire [31:0] m%d_addr, m%d_wdata;\n  wire [3:0]  "
	        "m%d_wstrb;\n",
	        m, m, m, m, m);
	fprintf(o, "  wire        m%d_ready = 1'b1;\n  wire        m%d_rvalid;\n  wire [31:0] m%d_rdata;\n",
	        m, m, m);
	fprintf(o, "  kiln_ram #(.AW(%d), .WRITABLE(%d), .INIT_FILE(\"%s\"), .INIT_WORDS(%u)) u_mem%d (\n",
	        aw, mm->used_write ? 1 : 0, init, words, m);
	fprintf(o,
	        "    .clk(clk), .valid(m%d_valid), .write(m%d_write), .addr(m%d_addr[%d:2]),\n"
	        "    .wdata(m%d_wdata), .wstrb(m%d_wstrb), .rvalid(m%d_rvalid), .rdata(m%d_rdata)\n  );\n\n",
	        m, m, m, aw + 1, m, m, m, m);
}

/* Module port M receives read responses (it has loads): it keeps a queue of whose each response is. */
static int port_has_loads(const kfunc *f, int m)
{
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].block >= 0 && f->insts[i].op == K_LOAD && f->insts[i].mem == m)
			return 1;
	return 0;
}

/* Tag of load I on its module port: 1, 2, ... in instruction order (0 marks a copy loop's read). */
int emit_load_tag(const kfunc *f, int i)
{
	int t = 1;
	for (int j = 0; j < i; j++)
		t += f->insts[j].block >= 0 && f->insts[j].op == K_LOAD && f->insts[j].mem == f->insts[i].mem;
	return t;
}

int emit_tag_width(const kfunc *f, int m)
{
	int n = 0;
	for (int i = 0; i < f->ninsts; i++)
		n += f->insts[i].block >= 0 && f->insts[i].op == K_LOAD && f->insts[i].mem == m;
	return log2up((uint32_t)n + 1);
}

/* Read-response bookkeeping of module port M: responses come back in request order, so a queue of the tags of
 * the loads in flight says which load each one answers; the load keeps it until its wait step. */
static void emit_tag_queue(const kfunc *f, int m, FILE *o)
{
	int tw = emit_tag_width(f, m);
	fprintf(
	    o, "  // port m%d: tags of the reads in flight, oldest first (response order is request order)\n",
	    m);
	fprintf(o, "  wire [%d:0] m%d_tag =", tw - 1, m);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->op == K_LOAD && k->mem == m && !emit_pipe_is_load(f, i))
			fprintf(o, "\n      (state == S%d) ? %d'd%d :", k->issue, tw, emit_load_tag(f, i));
	}
	emit_pipe_tag_terms(f, m, tw, o);
	fprintf(o, " %d'd0;\n", tw);
	fprintf(o,
	        "  wire [%d:0] m%d_tq0;  // the tag of the oldest read in flight\n  wire [%d:0]  m%d_tn;\n"
	        "  wire        m%d_full;\n"
	        "  kiln_fifo #(.W(%d), .DEPTH(%d)) u_tags%d (\n    .clk(clk), .rst_n(rst_n), "
	        ".push(m%d_valid & m%d_ready & ~m%d_write), .din(m%d_tag), .pop(m%d_rvalid),\n"
	        "    .head(m%d_tq0), .count(m%d_tn), .full(m%d_full)\n  );\n",
	        tw - 1, m, log2up(EMIT_READS_IN_FLIGHT + 1) - 1, m, m, tw, EMIT_READS_IN_FLIGHT, m, m, m, m,
	        m, m, m, m, m);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || k->op != K_LOAD || k->mem != m || emit_pipe_is_load(f, i))
			continue;
		fprintf(o,
		        "  always @(posedge clk) begin\n    if (!rst_n) got%d <= 1'b0;\n"
		        "    else if (state == S%d && m%d_valid && m%d_ready) got%d <= 1'b0;\n"
		        "    else if (m%d_rvalid && m%d_tq0 == %d'd%d) begin\n      got%d <= 1'b1;\n      "
		        "rr%d <= m%d_rdata;\n"
		        "    end\n  end\n",
		        i, k->issue, m, m, i, m, m, tw, emit_load_tag(f, i), i, i, m);
	}
	fprintf(o, "\n");
}

/* The condition under which load I's response is there: kept earlier, or arriving now. */
static const char *wait_ok(const kfunc *f, int i, char *buf)
{
	int m = f->insts[i].mem;
	snprintf(buf, REF_MAX, "(got%d || (m%d_rvalid && m%d_tq0 == %d'd%d))", i, m, m, emit_tag_width(f, m),
	         emit_load_tag(f, i));
	return buf;
}

/* One request a port may carry: the condition under which it is driven and what it drives. */
typedef struct portreq {
	char cond[3 * REF_MAX];
	int write;
	char addr[2 * REF_MAX], wdata[4 * REF_MAX], wstrb[2 * REF_MAX];
} portreq;

/* The requests on port M: memory access steps and the phases of copy loops. Returns how many (in REQ). */
static int port_requests(const kfunc *f, int m, portreq *req, int max)
{
	int n = 0;
	char r1[REF_MAX], r2[REF_MAX], lane[REF_MAX];
	for (int i = 0; i < f->ninsts && n < max - 1; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && (k->op == K_LOAD || k->op == K_STORE) && k->mem == m) {
			int s = f->blocks[k->block].pipelined ? emit_pipe_use_ctx(f, k, k->pissue) : k->issue;
			portreq *q = &req[n++];
			char w[REF_MAX] = "";
			if (m < f->nmems && s >= 0 && f->steps[s].wait >= 0) {
				char ok[REF_MAX];
				snprintf(w, sizeof w, " && %s", wait_ok(f, f->steps[s].wait, ok));
			}
			if (s < 0)
				emit_pipe_request(f, i, q->cond, sizeof q->cond);
			else if (k->op == K_LOAD && m < f->nmems)
				snprintf(q->cond, sizeof q->cond, "state == S%d && !m%d_full%s", s, m, w);
			else
				snprintf(q->cond, sizeof q->cond, "state == S%d%s", s, w);
			q->write = k->op == K_STORE;
			if (k->op == K_STORE && k->nargs > 2) { /* a predicated store (if-conversion) */
				size_t l = strlen(q->cond);
				snprintf(q->cond + l, sizeof q->cond - l, " && %s", ref(f, k->a[2], s, r2));
			}
			snprintf(q->addr, sizeof q->addr, "{%s, 2'b00}", ref_slice(f, k->a[0], 31, 2, s, r1));
			const char *ad = ref_slice(f, k->a[0], 1, 0, s, lane);
			if (q->write) {
				const char *d = ref(f, k->a[1], s, r2);
				int dw = k->a[1].width;
				if (k->bytes == 4)
					snprintf(q->wdata, sizeof q->wdata, "%s", d);
				else
					snprintf(q->wdata, sizeof q->wdata, "{%d'd0, %s} << {%s, 3'b000}",
					         32 - dw, d, ad);
				if (k->bytes == 4)
					snprintf(q->wstrb, sizeof q->wstrb, "4'hf");
				else
					snprintf(q->wstrb, sizeof q->wstrb, "4'b%s << %s",
					         k->bytes == 1 ? "0001" : "0011", ad);
			}
		}
	}
	for (int s = 0; s < f->nsteps && n < max - 1; s++) {
		const kstep *st = &f->steps[s];
		const kinst *k = st->inst >= 0 ? &f->insts[st->inst] : NULL;
		if (st->kind == STEP_COPY) {
			int set = k->op == K_MEMSET;
			if (!set && k->mem2 == m) {
				portreq *q = &req[n++];
				snprintf(q->cond, sizeof q->cond, "cp%d_rd", s);
				q->write = 0;
				snprintf(q->addr, sizeof q->addr, "{cp%d_sa[31:2], 2'b00}", s);
			}
			if (k->mem == m && n < max - 1) {
				portreq *q = &req[n++];
				snprintf(q->cond, sizeof q->cond, set ? "state == S%d" : "cp%d_wr", s);
				q->write = 1;
				snprintf(q->addr, sizeof q->addr, "{cp%d_da[31:2], 2'b00}", s);
				snprintf(q->wdata, sizeof q->wdata, "cp%d_wdata", s);
				snprintf(q->wstrb, sizeof q->wstrb,
				         "cp%d_word ? 4'hf : 4'b0001 << cp%d_da[1:0]", s, s);
			}
		}
	}
	return n;
}

/* A copy loop (memcpy/memset) in step S: addresses, step size and data of the current element. */
static void emit_copy_step(const kfunc *f, int s, FILE *o)
{
	const kinst *k = &f->insts[f->steps[s].inst];
	char d[REF_MAX], v[REF_MAX];
	int set = k->op == K_MEMSET;
	uint64_t len = k->a[2].c;
	ref(f, k->a[0], s, d);
	ref(f, k->a[1], s, v);
	fprintf(
	    o,
	    "  // step S%d: %s of %llu bytes, a word at a time where both sides are word aligned and a word\n"
	    "  // remains, else a byte\n",
	    s, set ? "memset" : "memcpy", (unsigned long long)len);
	fprintf(o, "  wire [31:0] cp%d_da = %s + cp_n;\n", s, d);
	if (set) {
		fprintf(o, "  wire        cp%d_word = cp%d_da[1:0] == 2'd0 && cp_n + 32'd4 <= 32'd%llu;\n", s,
		        s, (unsigned long long)len);
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
		        s, s, s, (unsigned long long)len);
		fprintf(o,
		        "  wire        cp%d_rword = (cp%d_dr[1:0] | cp%d_sa[1:0]) == 2'd0 && cp_r + 32'd4 <= "
		        "32'd%llu;\n",
		        s, s, s, (unsigned long long)len);
		fprintf(o, "  wire [31:0] cp%d_byte = (cp_q0 >> {cp%d_sw[1:0], 3'b000}) & 32'hff;\n", s, s);
		fprintf(
		    o,
		    "  wire [31:0] cp%d_wdata = cp%d_word ? cp_q0 : cp%d_byte << {cp%d_da[1:0], 3'b000};\n",
		    s, s, s, s);
		fprintf(o,
		        "  wire        cp%d_rd = state == S%d && cp_r < 32'd%llu && {1'b0, cp_o} + {1'b0, "
		        "cp_c} < "
		        "4'd%d%s;\n",
		        s, s, (unsigned long long)len, EMIT_READS_IN_FLIGHT, same ? " && cp_c == 3'd0" : "");
		fprintf(o, "  wire        cp%d_wr = state == S%d && cp_c != 3'd0;\n", s, s);
		fprintf(o, "  wire        cp%d_push = state == S%d && m%d_rvalid;\n", s, s, k->mem2);
		fprintf(o, "  wire        cp%d_pop = cp%d_wr && m%d_ready;\n", s, s, k->mem);
	}
	fprintf(o, "  wire [31:0] cp%d_next = cp_n + (cp%d_word ? 32'd4 : 32'd1);\n", s, s);
	fprintf(o, "  wire        cp%d_last = cp%d_next >= 32'd%llu;\n\n", s, s, (unsigned long long)len);
}

/* The W-bit divider: its operands, chosen by the divider-start state (magnitudes, zero-extended to W, and the
 * signs the results take), and the rtl/kiln_div.v cell, with as many restoring stages per cycle as the clock
 * period holds. */
static void emit_divider(const kfunc *f, int w, FILE *o)
{
	fprintf(o,
	        "  reg         dv%d_start, dv%d_nq, dv%d_nr;\n  reg  [%d:0] dv%d_a, dv%d_b;\n"
	        "  always @(*) begin\n    dv%d_start = 1'b1;\n    case (state)\n",
	        w, w, w, w - 1, w, w, w);
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind != STEP_DIV_ISSUE)
			continue;
		const kinst *k = &f->insts[f->steps[s].inst];
		if (sched_div_width(k->width) != w)
			continue;
		int kw = k->width, sg = k->op == K_SDIV || k->op == K_SREM;
		char x[REF_MAX], y[REF_MAX], xs[REF_MAX], ys[REF_MAX], pad[32] = "";
		ref(f, k->a[0], s, x);
		ref(f, k->a[1], s, y);
		ref_bit(f, k->a[0], kw - 1, s, xs);
		ref_bit(f, k->a[1], kw - 1, s, ys);
		if (kw < w)
			snprintf(pad, sizeof pad, "%d'd0, ", w - kw);
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

static int is_memcpy_step(const kfunc *f, int s)
{
	return f->steps[s].kind == STEP_COPY && f->insts[f->steps[s].inst].op == K_MEMCPY;
}

/* The read words memcpy loops keep ahead of their writes: one rtl/kiln_fifo.v queue, fed and drained by
 * whichever copy step runs (only one does at a time). */
static void emit_copy_queue(const kfunc *f, FILE *o)
{
	fprintf(o, "  kiln_fifo #(.W(32), .DEPTH(%d)) u_cp_q (\n    .clk(clk), .rst_n(rst_n),\n",
	        EMIT_READS_IN_FLIGHT);
	static const char *const port[] = {"push", "din", "pop"};
	for (int p = 0; p < 3; p++) {
		fprintf(o, "    .%s(", port[p]);
		for (int s = 0; s < f->nsteps; s++)
			if (is_memcpy_step(f, s) && p == 1)
				fprintf(o, "(state == S%d) ? m%d_rdata : ", s,
				        f->insts[f->steps[s].inst].mem2);
			else if (is_memcpy_step(f, s))
				fprintf(o, "cp%d_%s | ", s, port[p]);
		fprintf(o, "%s),\n", p == 1 ? "32'd0" : "1'b0");
	}
	fprintf(o, "    .head(cp_q0), .count(cp_c), .full(cp_full)\n  );\n\n");
}

/* kiln-cc --profile (simulation only): per block, how many times it ran and how many cycles its states held,
 * so that the benchmark can weigh each block's lower bound by its real execution count. The counters are
 * passive: the profiled kernel takes exactly the cycles of the plain one. */
static void emit_profile_count(const kfunc *f, FILE *o)
{
	fprintf(o,
	        "`ifndef SYNTHESIS\n      if (state == S_IDLE && start)\n"
	        "        for (prof_i = 0; prof_i < %d; prof_i = prof_i + 1) begin\n"
	        "          prof_n[prof_i] <= 64'd0;\n          prof_c[prof_i] <= 64'd0;\n        end\n",
	        f->nblocks);
	for (int b = 0; b < f->nblocks; b++)
		fprintf(o, "      if (state >= S%d && state <= S%d) prof_c[%d] <= prof_c[%d] + 64'd1;\n",
		        f->blocks[b].first_step, f->blocks[b].last_step, b, b);
	fprintf(o, "`endif\n");
}

static void emit_profile_dump(const kfunc *f, FILE *o)
{
	fprintf(
	    o,
	    "`ifndef SYNTHESIS\n  // block profile: one line per run, \"kernel count:cycles ...\" in block "
	    "order\n"
	    "  reg [63:0] prof_n [0:%d];\n  reg [63:0] prof_c [0:%d];\n  integer prof_i, prof_j, prof_fd;\n"
	    "  always @(posedge clk) begin\n    if (done) begin\n"
	    "      prof_fd = $fopen(\"%s\", \"a\");\n      $fwrite(prof_fd, \"%s\");\n"
	    "      for (prof_j = 0; prof_j < %d; prof_j = prof_j + 1)\n"
	    "        $fwrite(prof_fd, \" %%0d:%%0d\", prof_n[prof_j], prof_c[prof_j]);\n"
	    "      $fwrite(prof_fd, \"\\n\");\n      $fclose(prof_fd);\n    end\n  end\n`endif\n\n",
	    f->nblocks - 1, f->nblocks - 1, f->profile, f->name, f->nblocks);
}

/* The module up to its unused-signal sink: that is written once unread logic is pruned (rtl_prune.h). Returns
 * the sink's entries for the ports and fixed structures, malloc'd. */
static char *emit_module(const kfunc *f, FILE *o)
{
	char mod[300];
	emit_kernel_module_name(f, mod, sizeof mod);
	int sb = state_bits(f);
	int nall = f->nmems + f->nimems;
	fprintf(o, "// Kernel %s (%s), generated by kiln-cc from %s:%u.\n", f->name,
	        f->dims ? "nd_range" : "single_task", f->file ? f->file : "?", f->line);
	fprintf(
	    o,
	    "// %d control steps at a %.2f ns clock target. Start with `start`; `done` pulses at the end.\n",
	    f->nsteps, f->clock_ns);
	fprintf(o, "// Ports: clk/rst_n; start, done (one-cycle pulse), idle; the nd-range sizes; arg_i "
	           "(argument i,\n"
	           "// pointers as device addresses); per memory object m<i> a valid/ready request (write, "
	           "byte address,\n"
	           "// data, byte strobes) and in-order read responses (rvalid, rdata).\n");
	fprintf(o, "module %s (\n", mod);
	emit_ports(f, o);
	fprintf(o, ");\n\n");
	emit_helpers(f, o);

	fprintf(o, "  localparam [%d:0] S_IDLE = %d'd0;\n", sb - 1, sb);
	for (int s = 0; s < f->nsteps; s++)
		fprintf(o, "  localparam [%d:0] S%d = %d'd%d;  // %s, %s\n", sb - 1, s, sb, s + 1,
		        f->blocks[f->steps[s].block].name, step_kind_name(f->steps[s].kind));
	fprintf(o, "\n  reg [%d:0] state;\n  assign idle = (state == S_IDLE);\n\n", sb - 1);

	/* Work-item counters of an nd-range kernel: dimension 0 runs fastest. */
	if (f->dims) {
		for (int d = 0; d < f->dims; d++)
			fprintf(o, "  reg [31:0] wi_gid_%d, wi_lid_%d, wi_grp_%d;\n", d, d, d);
		fprintf(o, "\n");
	}
	for (int m = f->nmems; m < nall; m++)
		emit_internal_mem(f, m, o);

	/* Multi-cycle dividers, one per width: restoring division, one quotient bit per cycle, on magnitudes.
	 */
	int have_div[66] = {0}, have_copy = 0, have_memcpy = 0;
	for (int s = 0; s < f->nsteps; s++) {
		if (f->steps[s].kind == STEP_DIV_ISSUE)
			have_div[sched_div_width(f->insts[f->steps[s].inst].width)] = 1;
		if (f->steps[s].kind == STEP_COPY) {
			have_copy = 1;
			have_memcpy |= is_memcpy_step(f, s);
		}
	}
	for (int w = 2; w <= 64; w++)
		if (have_div[w])
			fprintf(o,
			        "  // %d-bit divider (rtl/kiln_div.v), started in divider-start states\n"
			        "  wire        dv%d_busy;\n  wire [%d:0] dv%d_quo, dv%d_rem;\n\n",
			        w, w, w - 1, w, w);
	if (have_copy) {
		fprintf(
		    o,
		    "  // memcpy/memset loops: byte offset of the next write (cp_n) and, for memcpy, of the "
		    "next read (cp_r),\n  // reads in flight (cp_o) and read words waiting for their "
		    "write (cp_q, cp_c of them)\n");
		fprintf(o, "  reg  [31:0] cp_n;\n");
		if (have_memcpy)
			fprintf(o, "  reg  [31:0] cp_r;\n  reg  [2:0]  cp_o;\n  wire [2:0]  cp_c;\n  wire "
			           "[31:0] cp_q0;\n"
			           "  wire        cp_full;\n");
		fprintf(o, "\n");
	}

	emit_pipe_decls(f, o);
	/* Values: a wire for each operation, a register where a value crosses a step boundary. */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || k->op == K_PHI)
			continue;
		if (k->op == K_LOAD && emit_pipe_is_load(f, i)) {
			char dat[REF_MAX], lane[REF_MAX];
			emit_pipe_load_data(f, i, dat);
			fprintf(o, "  wire [31:0] ld%d = %s", i, dat);
			if (k->bytes < 4)
				fprintf(o, " >> {%s, 3'b000}",
				        ref_slice(f, k->a[0], 1, 0, emit_pipe_use_ctx(f, k, k->pslot), lane));
			fprintf(o, ";\n  wire [%d:0] v%d = ld%d[%d:0];  // load\n", k->width - 1, i, i,
			        k->width - 1);
		} else if (k->op == K_LOAD) {
			if (k->bytes < 4)
				fprintf(o, "  reg  [1:0] la%d;  // byte lane of the load\n", i);
			if (k->mem < f->nmems)
				fprintf(o,
				        "  reg         got%d;  // its response arrived\n  reg  [31:0] rr%d;\n"
				        "  wire [31:0] ld%d = (got%d ? rr%d : m%d_rdata)",
				        i, i, i, i, i, k->mem);
			else
				fprintf(o, "  wire [31:0] ld%d = m%d_rdata", i, k->mem);
			if (k->bytes < 4)
				fprintf(o, " >> {la%d, 3'b000}", i);
			fprintf(o, ";\n  wire [%d:0] v%d = ld%d[%d:0];  // %s\n", k->width - 1, i, i,
			        k->width - 1, kop_name(k->op));
		} else {
			fprintf(o, "  wire [%d:0] v%d = ", k->width - 1, i);
			expr(f, k, o);
			fprintf(o, ";  // %s", kop_name(k->op));
			if (k->line)
				fprintf(o, ", line %u", k->line);
			fprintf(o, "\n");
		}
	}
	for (int s = 0; s < f->nsteps; s++)
		if (f->steps[s].kind == STEP_COPY)
			emit_copy_step(f, s, o);
	if (have_memcpy)
		emit_copy_queue(f, o);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && k->registered)
			fprintf(o, "  reg  [%d:0] r%d;\n", k->width - 1, i);
	}
	char r1[REF_MAX];
	fprintf(o, "\n  always @(posedge clk) begin\n");
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || !k->registered || k->op == K_PHI ||
		    f->blocks[k->block].pipelined)
			continue;
		fprintf(o, "    if (state == S%d) r%d <= v%d;\n", k->step, i, i);
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->op == K_LOAD && k->bytes < 4 && !emit_pipe_is_load(f, i))
			fprintf(o, "    if (state == S%d) la%d <= %s;\n", k->issue, i,
			        ref_slice(f, k->a[0], 1, 0, k->issue, r1));
	}
	fprintf(o, "  end\n\n");

	for (int w = 2; w <= 64; w++)
		if (have_div[w])
			emit_divider(f, w, o);

	/* Memory ports: each access drives its port in its issue step (copy loops in their phases). */
	int maxreq = f->ninsts + f->nsteps * 2 + 2;
	portreq *req = calloc((size_t)maxreq, sizeof *req);
	for (int m = 0; m < nall; m++) {
		int n = port_requests(f, m, req, maxreq);
		fprintf(o, "  assign m%d_valid = 1'b0", m);
		for (int i = 0; i < n; i++)
			fprintf(o, " | (%s)", req[i].cond);
		fprintf(o, ";\n  assign m%d_write = 1'b0", m);
		for (int i = 0; i < n; i++)
			if (req[i].write)
				fprintf(o, " | (%s)", req[i].cond);
		fprintf(o, ";\n");
		fprintf(o, "  assign m%d_addr =", m);
		for (int i = 0; i < n; i++)
			fprintf(o, "\n      (%s) ? %s :", req[i].cond, req[i].addr);
		fprintf(o, " 32'd0;\n  assign m%d_wdata =", m);
		for (int i = 0; i < n; i++)
			if (req[i].write)
				fprintf(o, "\n      (%s) ? %s :", req[i].cond, req[i].wdata);
		fprintf(o, " 32'd0;\n  assign m%d_wstrb =", m);
		for (int i = 0; i < n; i++)
			if (req[i].write)
				fprintf(o, "\n      (%s) ? %s :", req[i].cond, req[i].wstrb);
		fprintf(o, " 4'h0;\n\n");
	}
	free(req);

	for (int m = 0; m < f->nmems; m++)
		if (port_has_loads(f, m))
			emit_tag_queue(f, m, o);
	emit_pipe_fifos(f, o);
	if (f->profile)
		emit_profile_dump(f, o);
	/* Controller. */
	fprintf(o, "  always @(posedge clk) begin\n    if (!rst_n) begin\n      state <= S_IDLE;\n"
	           "      done <= 1'b0;\n");
	if (have_copy)
		fprintf(o, "      cp_n <= 32'd0;\n");
	if (have_memcpy)
		fprintf(o, "      cp_r <= 32'd0;\n      cp_o <= 3'd0;\n");
	emit_pipe_reset(f, "      ", o);
	fprintf(o, "    end else begin\n      done <= 1'b0;\n");
	if (f->profile)
		emit_profile_count(f, o);
	fprintf(o, "      case (state)\n        S_IDLE: if (start) begin\n");
	for (int d = 0; d < f->dims; d++)
		fprintf(o,
		        "          wi_gid_%d <= 32'd0;\n          wi_lid_%d <= 32'd0;\n          wi_grp_%d "
		        "<= 32'd0;\n",
		        d, d, d);
	fprintf(o, "          state <= S%d;\n        end\n", f->blocks[0].first_step);
	for (int s = 0; s < f->nsteps; s++) {
		const kstep *st = &f->steps[s];
		const kblock *bl = &f->blocks[st->block];
		const kinst *sk = st->inst >= 0 ? &f->insts[st->inst] : NULL;
		fprintf(o, "        S%d: ", s);
		if (bl->pipelined) {
			emit_pipe_state(f, st->block, emit_edge, o);
			continue;
		}
		char ok[REF_MAX];
		if (st->kind == STEP_MEM_ISSUE) {
			char pr[REF_MAX] = "", pv[REF_MAX];
			if (sk->op == K_STORE && sk->nargs > 2) /* a predicated store need not wait */
				snprintf(pr, sizeof pr, " || !%s", ref(f, sk->a[2], s, pv));
			fprintf(o, "if (%s%s(m%d_ready%s)", st->wait >= 0 ? wait_ok(f, st->wait, ok) : "",
			        st->wait >= 0 ? " && " : "", sk->mem, pr);
			if (sk->op == K_LOAD)
				fprintf(o, " && !m%d_full", sk->mem);
			fprintf(o, ") ");
		} else if (st->kind == STEP_MEM_WAIT)
			fprintf(o, "if %s ", wait_ok(f, st->inst, ok));
		else if (st->kind == STEP_DIV_WAIT)
			fprintf(o, "if (!dv%d_busy) ", sched_div_width(sk->width));
		else if (st->kind == STEP_COPY) {
			if (sk->op == K_MEMSET) {
				fprintf(
				    o,
				    "begin\n          if (m%d_ready) cp_n <= cp%d_last ? 32'd0 : cp%d_next;\n"
				    "          if (m%d_ready && cp%d_last) ",
				    sk->mem, s, s, sk->mem, s);
			} else {
				fprintf(
				    o,
				    "begin\n          if (cp%d_pop) cp_n <= cp%d_last ? 32'd0 : cp%d_next;\n"
				    "          cp_o <= cp_o + {2'd0, cp%d_rd && m%d_ready} - {2'd0, "
				    "cp%d_push};\n"
				    "          if (cp%d_rd && m%d_ready) cp_r <= cp_r + (cp%d_rword ? "
				    "32'd4 : 32'd1);\n"
				    "          if (cp%d_pop && cp%d_last) cp_r <= 32'd0;\n"
				    "          if (cp%d_pop && cp%d_last) ",
				    s, s, s, s, sk->mem2, s, s, sk->mem2, s, s, s, s, s);
			}
		}
		fprintf(o, "begin\n");
		if (f->profile && s == bl->last_step)
			fprintf(o, "`ifndef SYNTHESIS\n          prof_n[%d] <= prof_n[%d] + 64'd1;\n`endif\n",
			        st->block, st->block);
		if (s < bl->last_step) {
			fprintf(o, "          state <= S%d;\n", s + 1);
		} else {
			const kinst *t = terminator_of(f, st->block);
			if (t)
				emit_terminator(f, t, st->block, o);
			else
				emit_ret(f, "          ", o);
		}
		fprintf(o, "        end\n");
		if (st->kind == STEP_COPY)
			fprintf(o, "        end\n");
	}
	fprintf(o, "        default: state <= S_IDLE;\n      endcase\n    end\n  end\n\n");

	/* Inputs and bits some kernels leave unread; named unused_* per the lowRISC convention. */
	char *list = NULL;
	size_t listlen = 0;
	FILE *l = open_memstream(&list, &listlen);
	if (!l)
		return NULL;
	for (int i = 0; i < f->nargs; i++)
		fprintf(l, ", arg_%d", i);
	for (int m = 0; m < nall; m++)
		fprintf(l, ", m%d_rvalid, m%d_rdata", m, m);
	for (int m = f->nmems; m < nall; m++)
		fprintf(l, ", m%d_addr, m%d_wdata, m%d_wstrb, m%d_ready", m, m, m, m);
	for (int m = 0; m < f->nmems; m++)
		if (port_has_loads(f, m))
			fprintf(l, ", m%d_tn, m%d_full", m,
			        m); /* the queue's fill level; loads that never wait */
	for (int d = 0; d < f->dims; d++)
		fprintf(l, ", global_range_%d, local_range_%d, global_offset_%d", d, d, d);
	emit_pipe_unused(f, l);
	for (int w = 2; w <= 64; w++)
		if (have_div[w]) /* narrower divisions read the low bits only, and a kernel may take one
		                    result */
			fprintf(l, ", dv%d_quo, dv%d_rem", w, w);
	if (have_copy)
		fprintf(l, ", cp_n");
	if (have_memcpy) /* cp_o and the read offset bound the queue: it never fills */
		fprintf(l, ", cp_r, cp_full");
	for (int s = 0; s < f->nsteps; s++)
		if (f->steps[s].kind == STEP_COPY) {
			fprintf(l, ", cp%d_da, cp%d_wdata, cp%d_next", s, s, s);
			if (is_memcpy_step(f, s))
				fprintf(l, ", cp%d_sa, cp%d_sw, cp%d_dr, cp%d_byte", s, s, s, s);
		}
	fclose(l);
	return list;
}

int emit_kernel(const kfunc *f, FILE *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return -1;
	char *list = emit_module(f, m);
	int ok = fclose(m) == 0 && list;
	kiln_strbuf un = {0};
	kiln_sb_add(&un, list ? list : "");
	free(list);
	if (!ok || rtl_prune(&text, &len, &un) != 0) {
		free(text);
		kiln_sb_free(&un);
		return -1;
	}
	fwrite(text, 1, len, o);
	free(text);
	char *all = kiln_sb_finish(&un);
	if (!all)
		return -1;
	fprintf(o, "  // Inputs, and bits of values, that nothing reads (lowRISC: unused_*).\n");
	fprintf(o, "  wire unused_inputs = ^{1'b0%s};\n\nendmodule\n", all);
	free(all);
	return 0;
}
