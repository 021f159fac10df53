// SPDX-License-Identifier: Apache-2.0
/* What a control edge updates: the phi registers of the block it enters, a pipeline's start when that
 * block is a pipelined loop, and the controller's next state. The controller (emit_fsm.c) writes the edges
 * of ordinary blocks and a pipelined loop (emit_pipeline.c) its exit edge, both through these. */
#include "emit_ctx.h"
#include "signals.h"

/* Register updates on the edge FROM -> pipelined block TO, beside the phi registers the edge writes: the
 * phis' first stage registers, and the pipeline starts with one iteration in stage 0. */
static void pipe_entry(ectx *e, int from, int to, const char *ind)
{
	const kfunc *f = e->f;
	const kblock *tb = &f->blocks[to];
	for (int j = 0; j < tb->ninsts; j++) {
		const kinst *k = &f->insts[tb->insts[j]];
		if (k->op != K_PHI)
			continue;
		const bind_pipe_value *p = &e->bd->pv[tb->insts[j]];
		for (int q = 0; q < k->nphi && p->kmax >= 0; q++)
			if (k->phi_block[q] == from)
				fprintf(e->body, "%s%s <= %s;\n", ind,
				        emit_def_of(e, SIG_STAGE, tb->insts[j], 0),
				        emit_ref(e, k->phi_val[q], f->blocks[from].last_step));
	}
	fprintf(e->body, "%spl%d_v <= %d'd1;\n", ind, to, tb->stages);
	if (tb->ii > 1)
		fprintf(e->body, "%spl%d_c <= %d'd0;\n", ind, to, bind_log2up((unsigned)tb->ii));
}

static void goto_state(ectx *e, ctl_mode mode, const char *ind, int s)
{
	if (mode == CTL_NEXT)
		fprintf(e->body, "%sstate_d = %s;\n", ind, emit_state(e, s));
}

/* Phi I of block TO takes a value on the edge FROM -> TO that the edge writes: not one written into its
 * register already (bind_coalesce_phis, or a register shared across blocks that the value holds). */
static int edge_writes_phi(const kfunc *f, const kbind *bd, int i, int from)
{
	const kinst *k = &f->insts[i];
	for (int p = 0; k->op == K_PHI && !k->edge && p < k->nphi; p++)
		if (k->phi_block[p] == from && !(k->phi_val[p].kind == KV_OP && k->phi_val[p].id != i &&
		                                 bd->reg_of[k->phi_val[p].id] == bd->reg_of[i]))
			return 1;
	return 0;
}

int emit_edge_writes(const kfunc *f, const kbind *bd, int from, int to)
{
	const kblock *tb = &f->blocks[to];
	if (tb->pipelined)
		return 1;
	for (int j = 0; j < tb->ninsts; j++)
		if (edge_writes_phi(f, bd, tb->insts[j], from))
			return 1;
	return 0;
}

void emit_edge(ectx *e, ctl_mode mode, int from, int to, const char *ind)
{
	const kfunc *f = e->f;
	const kblock *tb = &f->blocks[to];
	int ctx = f->blocks[from].last_step;
	if (mode == CTL_REGS) {
		for (int j = 0; j < tb->ninsts; j++) {
			const kinst *k = &f->insts[tb->insts[j]];
			if (!edge_writes_phi(f, e->bd, tb->insts[j], from))
				continue;
			for (int p = 0; p < k->nphi; p++)
				if (k->phi_block[p] == from)
					fprintf(e->body, "%s%s <= %s;\n", ind,
					        emit_def_of(e, SIG_REG, tb->insts[j], 0),
					        emit_ref(e, k->phi_val[p], ctx));
		}
		if (tb->pipelined)
			pipe_entry(e, from, to, ind);
	}
	goto_state(e, mode, ind, tb->first_step);
}
