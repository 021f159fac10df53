#include "emit_kernel.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define REF_MAX 160

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
		snprintf(buf, REF_MAX, "%d'h%" PRIx64, hi - lo + 1, (uint64_t)((v.c >> lo) & ((1ULL << (hi - lo + 1)) - 1)));
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
		default:
			continue;
		}
		const char *nm = kop_name(k->op);
		char fn[32];
		snprintf(fn, sizeof fn, "f_%s_%d", nm, w);
		if (k->op == K_FSHL || k->op == K_FSHR) {
			fprintf(o,
				"  // funnel shift: the %s %d bits of {a, b} shifted by c modulo %d\n"
				"  function automatic [%d:0] f_%s_%d(input [%d:0] a, input [%d:0] b, input [%d:0] c);\n"
				"    reg [%d:0] cat;\n"
				"    begin\n"
				"      cat = {a, b} %s (c %% %d'd%d);\n"
				"      f_%s_%d = cat[%d:%d];\n"
				"    end\n"
				"  endfunction\n\n",
				k->op == K_FSHL ? "high" : "low", w, w, w - 1, nm, w, w - 1, w - 1, w - 1, 2 * w - 1,
				k->op == K_FSHL ? "<<" : ">>", w, w, nm, w, k->op == K_FSHL ? 2 * w - 1 : w - 1,
				k->op == K_FSHL ? w : 0);
			continue;
		}
		fprintf(o, "  function automatic [%d:0] %s(input [%d:0] x);\n    integer i;\n    reg found;\n",
			w - 1, fn, w - 1);
		fprintf(o, "    begin\n      %s = %d'd0;\n      found = 1'b0;\n", fn, w);
		switch (k->op) {
		case K_CTPOP:
			fprintf(o, "      for (i = 0; i < %d; i = i + 1) %s = %s + {%d'd0, x[i]};\n", w, fn, fn,
				w - 1);
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
			fprintf(o, "      for (i = 0; i < %d; i = i + 1) %s[8*i +: 8] = x[8*(%d-1-i) +: 8];\n",
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
	int s = k->step, w = k->width;
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
		fprintf(o, "(%s == %d'd0) ? %d'd0 : %s / %s", y, w, w, x, y);
		break;
	case K_UREM:
		fprintf(o, "(%s == %d'd0) ? %d'd0 : %s %% %s", y, w, w, x, y);
		break;
	case K_SDIV:
		fprintf(o, "(%s == %d'd0) ? %d'd0 : $signed(%s) / $signed(%s)", y, w, w, x, y);
		break;
	case K_SREM:
		fprintf(o, "(%s == %d'd0) ? %d'd0 : $signed(%s) %% $signed(%s)", y, w, w, x, y);
		break;
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
			fprintf(o, "%d'h%" PRIx64, w, (uint64_t)(w >= 64 ? k->a[0].c : k->a[0].c & ((1ULL << w) - 1)));
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
				fprintf(o, "%sr%d <= %s;\n", ind, tb->insts[j], ref(f, k->phi_val[p], ctx, r));
	}
	fprintf(o, "%sstate <= S%d;\n", ind, f->blocks[to].first_step);
}

static void emit_ret(const kfunc *f, const char *ind, FILE *o)
{
	if (f->dims)
		fprintf(o, "%sstate <= S_NEXT;\n", ind);
	else
		fprintf(o, "%sstate <= S_IDLE;\n%sdone <= 1'b1;\n", ind, ind);
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
	fprintf(o, "  output wire        idle,\n");
	if (f->dims)
		for (int d = 0; d < f->dims; d++)
			fprintf(o, "  input  wire [31:0] global_range_%d,\n  input  wire [31:0] local_range_%d,\n", d,
				d);
	for (int i = 0; i < f->nargs; i++)
		fprintf(o, "  input  wire [%d:0] arg_%d,%*s// %s%s\n", f->args[i].width - 1, i,
			f->args[i].width > 10 ? 5 : 6, "", f->args[i].name,
			f->args[i].is_pointer ? " (device address)" : "");
	for (int m = 0; m < f->nmems; m++) {
		const kmem *mm = &f->mems[m];
		fprintf(o, "  // port m%d: %s%s\n", m, mm->kind == MEM_DG ? "device global " : "device memory",
			mm->kind == MEM_DG ? mm->dg_uid : "");
		fprintf(o,
			"  output wire        m%d_valid,\n  input  wire        m%d_ready,\n"
			"  output wire        m%d_write,\n  output wire [31:0] m%d_addr,\n"
			"  output wire [31:0] m%d_wdata,\n  output wire [3:0]  m%d_wstrb,\n"
			"  input  wire        m%d_rvalid,\n  input  wire [31:0] m%d_rdata%s\n",
			m, m, m, m, m, m, m, m, m + 1 < f->nmems ? "," : "");
	}
	if (!f->nmems) /* keep the list well-formed: the last port above ends with a comma */
		fprintf(o, "  output wire        unused_no_ports\n");
}

void emit_kernel(const kfunc *f, FILE *o)
{
	char mod[300], r1[REF_MAX], r2[REF_MAX];
	emit_kernel_module_name(f, mod, sizeof mod);
	int sb = state_bits(f);
	fprintf(o, "// Kernel %s (%s), generated by kiln-cc from %s:%u.\n", f->name,
		f->dims ? "nd_range" : "single_task", f->file ? f->file : "?", f->line);
	fprintf(o, "// %d control steps at a %.2f ns clock target. Start with `start`; `done` pulses at the end.\n",
		f->nsteps, f->clock_ns);
	fprintf(o, "module %s (\n", mod);
	emit_ports(f, o);
	fprintf(o, ");\n\n");
	emit_helpers(f, o);

	fprintf(o, "  localparam [%d:0] S_IDLE = %d'd0;\n", sb - 1, sb);
	if (f->dims)
		fprintf(o, "  localparam [%d:0] S_NEXT = %d'd%d;\n", sb - 1, sb, f->nsteps + 1);
	for (int s = 0; s < f->nsteps; s++)
		fprintf(o, "  localparam [%d:0] S%d = %d'd%d;  // %s, %s\n", sb - 1, s, sb, s + 1,
			f->blocks[f->steps[s].block].name,
			f->steps[s].kind == STEP_COMB ? "compute"
			: f->steps[s].kind == STEP_MEM_ISSUE ? "memory request"
							   : "memory response");
	fprintf(o, "\n  reg [%d:0] state;\n  assign idle = (state == S_IDLE);\n\n", sb - 1);
	if (!f->nmems)
		fprintf(o, "  assign unused_no_ports = 1'b0;\n\n");

	/* Work-item counters of an nd-range kernel: dimension 0 runs fastest. */
	if (f->dims) {
		for (int d = 0; d < f->dims; d++)
			fprintf(o, "  reg [31:0] wi_gid_%d, wi_lid_%d, wi_grp_%d;\n", d, d, d);
		fprintf(o, "\n");
	}

	/* Values: a wire for each operation, a register where a value crosses a step boundary. */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || k->op == K_PHI)
			continue;
		if (k->op == K_LOAD) {
			if (k->bytes < 4)
				fprintf(o, "  reg  [1:0] la%d;  // byte lane of the load\n", i);
			fprintf(o, "  wire [31:0] ld%d = m%d_rdata", i, k->mem);
			if (k->bytes < 4)
				fprintf(o, " >> {la%d, 3'b000}", i);
			fprintf(o, ";\n  wire [%d:0] v%d = ld%d[%d:0];  // %s\n", k->width - 1, i, i, k->width - 1,
				kop_name(k->op));
		} else {
			fprintf(o, "  wire [%d:0] v%d = ", k->width - 1, i);
			expr(f, k, o);
			fprintf(o, ";  // %s", kop_name(k->op));
			if (k->line)
				fprintf(o, ", line %u", k->line);
			fprintf(o, "\n");
		}
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && k->registered)
			fprintf(o, "  reg  [%d:0] r%d;\n", k->width - 1, i);
	}
	fprintf(o, "\n  always @(posedge clk) begin\n");
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->width || !k->registered || k->op == K_PHI)
			continue;
		fprintf(o, "    if (state == S%d) r%d <= v%d;\n", k->step, i, i);
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->op == K_LOAD && k->bytes < 4)
			fprintf(o, "    if (state == S%d) la%d <= %s;\n", k->step - 1, i,
				ref_slice(f, k->a[0], 1, 0, k->step - 1, r1));
	}
	fprintf(o, "  end\n\n");

	/* Memory ports: each access drives its port in its issue step. */
	for (int m = 0; m < f->nmems; m++) {
		fprintf(o, "  assign m%d_valid = 1'b0", m);
		for (int s = 0; s < f->nsteps; s++)
			if (f->steps[s].kind == STEP_MEM_ISSUE && f->insts[f->steps[s].inst].mem == m)
				fprintf(o, " | (state == S%d)", s);
		fprintf(o, ";\n  assign m%d_write = 1'b0", m);
		for (int s = 0; s < f->nsteps; s++)
			if (f->steps[s].kind == STEP_MEM_ISSUE && f->insts[f->steps[s].inst].mem == m &&
			    f->insts[f->steps[s].inst].op == K_STORE)
				fprintf(o, " | (state == S%d)", s);
		const char *sig[] = {"addr", "wdata", "wstrb"};
		for (int g = 0; g < 3; g++) {
			fprintf(o, ";\n  assign m%d_%s =", m, sig[g]);
			for (int s = 0; s < f->nsteps; s++) {
				const kinst *k = &f->insts[f->steps[s].inst];
				if (f->steps[s].kind != STEP_MEM_ISSUE || k->mem != m)
					continue;
				if (g > 0 && k->op != K_STORE)
					continue;
				fprintf(o, "\n      (state == S%d) ? ", s);
				char lane[REF_MAX];
				const char *ad = ref_slice(f, k->a[0], 1, 0, s, lane);
				if (g == 0) {
					fprintf(o, "{%s, 2'b00} :", ref_slice(f, k->a[0], 31, 2, s, r1));
				} else if (g == 1) {
					const char *d = ref(f, k->a[1], s, r2);
					int dw = k->a[1].width;
					if (k->bytes == 4)
						fprintf(o, "%s :", d);
					else
						fprintf(o, "{%d'd0, %s} << {%s, 3'b000} :", 32 - dw, d, ad);
				} else {
					if (k->bytes == 4)
						fprintf(o, "4'hf :");
					else
						fprintf(o, "4'b%s << %s :", k->bytes == 1 ? "0001" : "0011", ad);
				}
			}
			fprintf(o, " %s", g == 2 ? "4'h0" : "32'd0");
		}
		fprintf(o, ";\n\n");
	}

	/* Controller. */
	fprintf(o, "  always @(posedge clk) begin\n    if (!rst_n) begin\n      state <= S_IDLE;\n"
		   "      done <= 1'b0;\n    end else begin\n      done <= 1'b0;\n      case (state)\n");
	fprintf(o, "        S_IDLE: if (start) begin\n");
	for (int d = 0; d < f->dims; d++)
		fprintf(o, "          wi_gid_%d <= 32'd0;\n          wi_lid_%d <= 32'd0;\n          wi_grp_%d <= 32'd0;\n",
			d, d, d);
	fprintf(o, "          state <= S%d;\n        end\n", f->blocks[0].first_step);
	for (int s = 0; s < f->nsteps; s++) {
		const kstep *st = &f->steps[s];
		const kblock *bl = &f->blocks[st->block];
		fprintf(o, "        S%d: ", s);
		if (st->kind == STEP_MEM_ISSUE)
			fprintf(o, "if (m%d_ready) ", f->insts[st->inst].mem);
		else if (st->kind == STEP_MEM_WAIT)
			fprintf(o, "if (m%d_rvalid) ", f->insts[st->inst].mem);
		fprintf(o, "begin\n");
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
	}
	if (f->dims) {
		/* Advance to the next work-item: the last dimension to wrap ends the run. */
		fprintf(o, "        S_NEXT: begin\n");
		for (int d = 0; d < f->dims; d++) {
			fprintf(o,
				"          if (wi_gid_%d + 32'd1 < global_range_%d) begin\n"
				"            wi_gid_%d <= wi_gid_%d + 32'd1;\n"
				"            wi_lid_%d <= (wi_lid_%d + 32'd1 == local_range_%d) ? 32'd0 : wi_lid_%d + 32'd1;\n"
				"            wi_grp_%d <= wi_grp_%d + {31'd0, wi_lid_%d + 32'd1 == local_range_%d};\n"
				"            state <= S%d;\n"
				"          end else begin\n"
				"            wi_gid_%d <= 32'd0;\n            wi_lid_%d <= 32'd0;\n"
				"            wi_grp_%d <= 32'd0;\n",
				d, d, d, d, d, d, d, d, d, d, d, d, f->blocks[0].first_step, d, d, d);
		}
		fprintf(o, "            state <= S_IDLE;\n            done <= 1'b1;\n");
		for (int d = 0; d < f->dims; d++)
			fprintf(o, "          end\n");
		fprintf(o, "        end\n");
	}
	fprintf(o, "        default: state <= S_IDLE;\n      endcase\n    end\n  end\n\n");

	/* Inputs and bits some kernels leave unread; named unused_* per the lowRISC convention. */
	fprintf(o, "  wire unused_inputs = ^{1'b0");
	for (int i = 0; i < f->nargs; i++)
		fprintf(o, ", arg_%d", i);
	for (int m = 0; m < f->nmems; m++)
		fprintf(o, ", m%d_rvalid, m%d_rdata", m, m);
	for (int d = 0; d < f->dims; d++)
		fprintf(o, ", global_range_%d, local_range_%d", d, d);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block >= 0 && k->width && k->op != K_PHI)
			fprintf(o, ", v%d", i);
		if (k->block >= 0 && k->width && k->registered)
			fprintf(o, ", r%d", i);
		if (k->block >= 0 && k->op == K_LOAD)
			fprintf(o, ", ld%d", i);
	}
	fprintf(o, "};\n\nendmodule\n");
}
