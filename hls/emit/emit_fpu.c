// SPDX-License-Identifier: Apache-2.0
/* The floating-point units a kernel module instantiates (schedule/fp_units.h names the cells): the sequential
 * code shares one unit per cell and parameters, fed by the step that issues each operation and advancing
 * with the controller's steps (fsm_adv), so that an operation's result is at the unit's output exactly its
 * latency in steps later, however long each step lasts; every operation of a pipelined loop has a unit of
 * its own, advancing with the loop (pl<b>_adv). */
#include "emit_ctx.h"
#include "signals.h"

#include "../schedule/fp_units.h"

#include <inttypes.h>
#include <stdlib.h>

/* Operand A of K as its unit takes it: a subtraction adds the negated subtrahend. */
static const char *unit_operand(ectx *e, const kinst *k, int a, int ctx)
{
	const char *x = emit_ref(e, k->a[a], ctx);
	if (k->op == K_FSUB && a == 1)
		return rb_str(e->rb, "(%s ^ %d'h%" PRIx64 ")", x, k->width, (uint64_t)1 << (k->width - 1));
	return x;
}

static const char *const port_names[] = {"a", "b", "c"};

static void instance(ectx *e, const kinst *k, const char *name, const char *en, const char *const *in)
{
	char params[160];
	const char *cell = fp_unit_cell(k, e->f->clock_ns, params, sizeof params);
	fprintf(e->body, "  %s %s u_%s (\n    .clk(clk), .en(%s)", cell, params, name, en);
	for (int a = 0; a < fp_unit_inputs(k->op); a++)
		fprintf(e->body, ", .%s(%s)", port_names[a], in[a]);
	fprintf(e->body, ", .y(%s_y)\n  );\n", name);
}

void emit_fpu_decls(ectx *e)
{
	const kfunc *f = e->f;
	int n = e->bd->nfpu;
	const int *first = e->bd->fpu_first;
	const int *unit = e->bd->fpu;
	for (int g = 0; g < n; g++) {
		if (first[g] < 0)
			continue;
		const kinst *k = &f->insts[first[g]];
		char params[160];
		fprintf(e->decl,
		        "  // shared floating-point unit (rtl/%s.v): the operands of the step's operation\n",
		        fp_unit_cell(k, f->clock_ns, params, sizeof params));
		for (int a = 0; a < fp_unit_inputs(k->op); a++)
			fprintf(e->decl, "  reg  [%d:0] fu%d_%s;\n", k->a[a].width - 1, g, port_names[a]);
		fprintf(e->decl, "  wire [%d:0] fu%d_y;\n", k->width - 1, g);
	}
	for (int i = 0; i < f->ninsts; i++)
		if (unit[i] >= 0 && kir_pipelined(f, f->insts[i].block))
			fprintf(e->decl, "  wire [%d:0] fp%d_y;  // %s, line %u (pipelined)\n",
			        f->insts[i].width - 1, i, kop_name(f->insts[i].op), f->insts[i].line);
	if (n > 0)
		fprintf(e->decl, "\n");
}

void emit_fpus(ectx *e)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	int n = e->bd->nfpu;
	const int *first = e->bd->fpu_first;
	const int *unit = e->bd->fpu;
	for (int g = 0; g < n; g++) {
		if (first[g] < 0)
			continue;
		const kinst *k0 = &f->insts[first[g]];
		int nin = fp_unit_inputs(k0->op);
		fprintf(o, "  always @(*) begin\n");
		for (int a = 0; a < nin; a++)
			fprintf(o, "    fu%d_%s = %d'd0;\n", g, port_names[a], k0->a[a].width);
		fprintf(o, "    case (state_q)\n");
		for (int i = 0; i < f->ninsts; i++) {
			const kinst *k = &f->insts[i];
			if (unit[i] != g || kir_pipelined(f, k->block))
				continue;
			fprintf(o, "      %s: begin  // %s, line %u\n", emit_state(e, k->issue),
			        kop_name(k->op), k->line);
			for (int a = 0; a < nin; a++)
				fprintf(o, "        fu%d_%s = %s;\n", g, port_names[a],
				        unit_operand(e, k, a, k->issue));
			fprintf(o, "      end\n");
		}
		fprintf(o, "      default: ;\n    endcase\n  end\n");
		const char *in[3];
		for (int a = 0; a < nin; a++)
			in[a] = rb_str(e->rb, "fu%d_%s", g, port_names[a]);
		instance(e, k0, rb_str(e->rb, "fu%d", g), "fsm_adv", in);
		fprintf(o, "\n");
	}
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (unit[i] < 0 || !kir_pipelined(f, k->block))
			continue;
		const char *in[3];
		int ctx = emit_pipe_ctx(f, k->block, k->pissue);
		for (int a = 0; a < fp_unit_inputs(k->op); a++)
			in[a] = unit_operand(e, k, a, ctx);
		instance(e, k, rb_str(e->rb, "fp%d", i), rb_str(e->rb, "pl%d_adv", k->block), in);
	}
}
