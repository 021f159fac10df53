// SPDX-License-Identifier: Apache-2.0
#include "emit_pipeline.h"

#include "emit_kernel.h"

#include <stdlib.h>
#include <string.h>

static int is_pipe(const kfunc *f, int b)
{
	return b >= 0 && b < f->nblocks && f->blocks[b].pipelined;
}

int emit_pipe_ctx(const kfunc *f, int b, int slot)
{
	return -2 - (slot * f->nblocks + b);
}

int emit_pipe_use_ctx(const kfunc *f, const kinst *k, int slot)
{
	return is_pipe(f, k->block) ? emit_pipe_ctx(f, k->block, slot) : k->step;
}

static int fdiv(int a, int b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static int bits_for(int n)
{
	int b = 1;
	while ((1 << b) < n)
		b++;
	return b;
}

/* Where a value of a pipelined loop lives: it is there from slot DEF on (a phi's next value: the slot of its
 * back-edge value less II, so possibly before its iteration starts), in stage SD at cycle CD; it has a
 * register for each stage LO..KMAX (a phi's pending next value, when it is computed in stage 0 of the
 * previous iteration before the last cycle, in one more: p<i>_m). */
typedef struct pval {
	int def, sd, cd, lo, kmax, back;
} pval;

/* Slot at which operand A of operation U (of a pipelined block) is read. */
static int use_slot(const kfunc *f, const kinst *u)
{
	if (u->op == K_LOAD || u->op == K_STORE)
		return u->pissue;
	if (u->op == K_CONDBR)
		return f->blocks[u->block].ii - 1;
	return u->pslot;
}

static pval value_of(const kfunc *f, int b, int i)
{
	const kblock *bl = &f->blocks[b];
	const kinst *k = &f->insts[i];
	int ii = bl->ii, phi = k->op == K_PHI;
	pval p;
	p.back = phi ? kir_back_value(f, b, k) : -1;
	p.def = phi ? (p.back >= 0 ? f->insts[p.back].pslot : 0) - ii : k->pslot;
	p.sd = fdiv(p.def, ii);
	p.cd = p.def - p.sd * ii;
	p.kmax = -1;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *u = &f->insts[bl->insts[j]];
		if (u->op == K_PHI)
			continue;
		for (int a = 0; a < u->nargs; a++) {
			if (u->a[a].kind != KV_OP || u->a[a].id != i)
				continue;
			int t = use_slot(f, u);
			if (t > p.def && t / ii > p.kmax)
				p.kmax = t / ii;
			/* a narrow load shifts its data by the address' byte lane */
			if (u->op == K_LOAD && a == 0 && u->bytes < 4 && u->pslot / ii > p.kmax)
				p.kmax = u->pslot / ii;
		}
	}
	p.lo = phi ? 0 : (p.cd < ii - 1 ? p.sd : p.sd + 1);
	return p;
}

static int has_pending(const kfunc *f, const pval *p, int b)
{
	return p->back >= 0 && p->sd == -1 && p->cd < f->blocks[b].ii - 1;
}

int emit_pipe_ref(const kfunc *f, int v, int ctx, char *buf)
{
	const kinst *d = &f->insts[v];
	if (ctx >= 0) {
		if (!is_pipe(f, d->block))
			return 0;
		snprintf(buf, REF_MAX, "r%d", v); /* after the loop: the last iteration's value */
		return 1;
	}
	int x = -2 - ctx, b = x % f->nblocks, slot = x / f->nblocks;
	if (d->block != b)
		snprintf(buf, REF_MAX, "r%d", v);
	else if (d->op != K_PHI && d->pslot == slot)
		snprintf(buf, REF_MAX, "v%d", v);
	else
		snprintf(buf, REF_MAX, "p%d_%d", v, slot / f->blocks[b].ii);
	return 1;
}

/* "this stage holds an iteration, in this cycle of its II" */
static const char *at(const kfunc *f, int b, int k, int c, char *buf)
{
	int ii = f->blocks[b].ii;
	if (ii > 1)
		snprintf(buf, REF_MAX, "pl%d_v[%d] && pl%d_c == %d'd%d", b, k, b, bits_for(ii), c);
	else
		snprintf(buf, REF_MAX, "pl%d_v[%d]", b, k);
	return buf;
}

int emit_pipe_is_load(const kfunc *f, int i)
{
	return f->insts[i].block >= 0 && f->insts[i].op == K_LOAD && is_pipe(f, f->insts[i].block);
}

/* Tag all of port M's pipelined loads share (their responses all go to its FIFO), or 0 when none. */
static int pipe_tag(const kfunc *f, int m)
{
	for (int i = 0; i < f->ninsts; i++)
		if (emit_pipe_is_load(f, i) && f->insts[i].mem == m)
			return emit_load_tag(f, i);
	return 0;
}

static int block_loads_port(const kfunc *f, int b, int m)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].op == K_LOAD && f->insts[bl->insts[j]].mem == m)
			return 1;
	return 0;
}

/* A load request needs room for its data: fewer than four reads unconsumed, or one consumed this cycle (the
 * consumer is active; the cycle advances exactly when the request is taken, so the two go together). */
static const char *room(const kinst *k, char *buf)
{
	if (k->op == K_LOAD)
		snprintf(buf, REF_MAX, " && (pq%d_o != 3'd%d || pl%d_pop%d)", k->mem, EMIT_READS_IN_FLIGHT,
		         k->block, k->mem);
	else
		buf[0] = 0;
	return buf;
}

void emit_pipe_request(const kfunc *f, int i, char *cond, size_t n)
{
	const kinst *k = &f->insts[i];
	int b = k->block, ii = f->blocks[b].ii;
	char a[REF_MAX], r[REF_MAX];
	at(f, b, k->pissue / ii, k->pissue % ii, a);
	if (k->mem < f->nmems)
		snprintf(cond, n, "pl%d_run && %s && pl%d_ok%s", b, a, b, room(k, r));
	else
		snprintf(cond, n, "pl%d_adv && %s", b, a);
}

void emit_pipe_load_data(const kfunc *f, int i, char *buf)
{
	const kinst *k = &f->insts[i];
	snprintf(buf, REF_MAX, k->mem < f->nmems ? "pq%d_d" : "m%d_rdata", k->mem);
}

void emit_pipe_tag_terms(const kfunc *f, int m, int tag_bits, FILE *o)
{
	int tag = pipe_tag(f, m);
	for (int b = 0; b < f->nblocks && tag; b++)
		if (is_pipe(f, b) && block_loads_port(f, b, m))
			fprintf(o, "\n      (state == S%d) ? %d'd%d :", f->blocks[b].first_step, tag_bits,
			        tag);
}

static void decl_block(const kfunc *f, int b, FILE *o)
{
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii, st = bl->stages;
	char a[REF_MAX], c[REF_MAX], r[REF_MAX];
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	fprintf(o,
	        "  // loop %s, pipelined: a new iteration every %d cycle(s), each passing %d stage(s) of %d "
	        "cycle(s)\n  // (%d states per iteration when not overlapped)\n",
	        bl->name, ii, st, ii, bl->seq_states);
	if (ii > 1)
		fprintf(o, "  reg  [%d:0] pl%d_c;  // cycle within the stage\n", bits_for(ii) - 1, b);
	fprintf(o, "  reg  [%d:0] pl%d_v;  // stage k holds an iteration\n", st - 1, b);
	fprintf(o, "  wire        pl%d_run = state == S%d;\n", b, bl->first_step);
	if (ii > 1)
		fprintf(o, "  wire        pl%d_end = pl%d_c == %d'd%d;\n", b, b, bits_for(ii), ii - 1);
	for (int m = 0; m < f->nmems; m++) {
		if (!block_loads_port(f, b, m))
			continue;
		fprintf(o, "  wire        pl%d_pop%d = 1'b0", b, m);
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			if (k->op == K_LOAD && k->mem == m)
				fprintf(o, " || (%s)", at(f, b, k->pslot / ii, k->pslot % ii, a));
		}
		fprintf(o, ";  // a load's data is due\n");
	}
	/* Read data due this cycle that has not arrived, and refused requests, freeze every stage. */
	fprintf(o, "  wire        pl%d_ok = 1'b1", b);
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (k->op == K_LOAD && k->mem < f->nmems)
			fprintf(o, " && (!(%s) || pq%d_have)", at(f, b, k->pslot / ii, k->pslot % ii, a),
			        k->mem);
	}
	fprintf(o, ";\n  wire        pl%d_rs = 1'b0", b);
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if ((k->op == K_LOAD || k->op == K_STORE) && k->mem < f->nmems) {
			char pr[REF_MAX] = "";
			if (k->op == K_STORE && k->nargs > 2)
				snprintf(pr, sizeof pr, " && %s",
				         emit_ref(f, k->a[2], emit_pipe_ctx(f, b, k->pissue), c));
			fprintf(o, " || (%s%s && !(m%d_ready%s))",
			        at(f, b, k->pissue / ii, k->pissue % ii, a), pr, k->mem, room(k, r));
		}
	}
	fprintf(o, ";\n  wire        pl%d_adv = pl%d_run && pl%d_ok && !pl%d_rs;\n", b, b, b, b);
	int into = t->succ[0] == b;
	fprintf(o, "  wire        pl%d_enter = pl%d_v[0] && %s(%s);  // the iteration in stage 0 goes on\n",
	        b, b, into ? "" : "!", emit_ref(f, t->a[0], emit_pipe_ctx(f, b, ii - 1), c));
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		const kinst *k = &f->insts[i];
		if (!k->width)
			continue;
		pval p = value_of(f, b, i);
		if (has_pending(f, &p, b))
			fprintf(o, "  reg  [%d:0] p%d_m;  // next iteration's value\n", k->width - 1, i);
		for (int s = p.lo; s <= p.kmax; s++)
			fprintf(o, "  reg  [%d:0] p%d_%d;\n", k->width - 1, i, s);
	}
	fprintf(o, "\n");
}

/* Module ports that carry pipelined loads. */
static int port_piped(const kfunc *f, int m)
{
	return pipe_tag(f, m) != 0;
}

void emit_pipe_decls(const kfunc *f, FILE *o)
{
	for (int b = 0; b < f->nblocks; b++)
		if (is_pipe(f, b))
			decl_block(f, b, o);
}

void emit_pipe_fifos(const kfunc *f, FILE *o)
{
	for (int m = 0; m < f->nmems; m++) {
		if (!port_piped(f, m))
			continue;
		int tw = emit_tag_width(f, m);
		fprintf(o,
		        "  // port m%d: read data of pipelined loads, oldest first (pq%d_n words), and their "
		        "requests not yet consumed (pq%d_o)\n",
		        m, m, m);
		fprintf(o,
		        "  wire [31:0] pq%d_h;\n  wire [2:0]  pq%d_n;\n  wire        pq%d_full;\n  reg  "
		        "[2:0]  pq%d_o;\n",
		        m, m, m, m);
		fprintf(o, "  wire        pq%d_arr = m%d_rvalid && m%d_tq0 == %d'd%d;\n", m, m, m, tw,
		        pipe_tag(f, m));
		fprintf(o, "  wire        pq%d_pop = 1'b0", m);
		for (int b = 0; b < f->nblocks; b++) {
			if (!is_pipe(f, b) || !block_loads_port(f, b, m))
				continue;
			fprintf(o, " || (pl%d_adv && pl%d_pop%d)", b, b, m);
		}
		fprintf(o, ";\n  wire        pq%d_iss = m%d_valid && m%d_ready && !m%d_write && (1'b0", m, m,
		        m, m);
		for (int b = 0; b < f->nblocks; b++)
			if (is_pipe(f, b) && block_loads_port(f, b, m))
				fprintf(o, " || pl%d_run", b);
		fprintf(o, ");\n");
		fprintf(o, "  wire [31:0] pq%d_d = (pq%d_n != 3'd0) ? pq%d_h : m%d_rdata;\n", m, m, m, m);
		fprintf(o, "  wire        pq%d_have = pq%d_n != 3'd0 || pq%d_arr;\n", m, m, m);
		fprintf(o, "  wire        pq%d_shift = pq%d_pop && pq%d_n != 3'd0;\n", m, m, m);
		fprintf(o, "  wire        pq%d_push = pq%d_arr && !(pq%d_pop && pq%d_n == 3'd0);\n", m, m, m,
		        m);
		fprintf(o,
		        "  kiln_fifo #(.W(32), .DEPTH(%d)) u_pq%d (\n    .clk(clk), .rst_n(rst_n), "
		        ".push(pq%d_push), "
		        ".din(m%d_rdata), .pop(pq%d_shift),\n    .head(pq%d_h), .count(pq%d_n), "
		        ".full(pq%d_full)\n  );\n",
		        EMIT_READS_IN_FLIGHT, m, m, m, m, m, m, m);
		fprintf(o,
		        "  always @(posedge clk) begin\n    if (!rst_n) pq%d_o <= 3'd0;\n"
		        "    else pq%d_o <= pq%d_o + {2'd0, pq%d_iss} - {2'd0, pq%d_pop};\n  end\n\n",
		        m, m, m, m, m);
	}
}

void emit_pipe_entry(const kfunc *f, int from, int to, const char *ind, FILE *o)
{
	const kblock *tb = &f->blocks[to];
	char r[REF_MAX];
	for (int j = 0; j < tb->ninsts; j++) {
		const kinst *k = &f->insts[tb->insts[j]];
		if (k->op != K_PHI)
			continue;
		pval p = value_of(f, to, tb->insts[j]);
		for (int q = 0; q < k->nphi && p.kmax >= 0; q++)
			if (k->phi_block[q] == from)
				fprintf(o, "%sp%d_0 <= %s;\n", ind, tb->insts[j],
				        emit_ref(f, k->phi_val[q], f->blocks[from].last_step, r));
	}
	fprintf(o, "%spl%d_v <= %d'd1;\n", ind, to, tb->stages);
	if (tb->ii > 1)
		fprintf(o, "%spl%d_c <= %d'd0;\n", ind, to, bits_for(tb->ii));
}

void emit_pipe_reset(const kfunc *f, const char *ind, FILE *o)
{
	for (int b = 0; b < f->nblocks; b++)
		if (is_pipe(f, b))
			fprintf(o, "%spl%d_v <= %d'd0;\n", ind, b, f->blocks[b].stages);
}

/* Register writes of value I of pipelined block B as the stages advance (inside "if (pl<b>_adv)"). */
static void value_writes(const kfunc *f, int b, int i, FILE *o)
{
	const kinst *k = &f->insts[i];
	int ii = f->blocks[b].ii;
	pval p = value_of(f, b, i);
	char a[REF_MAX];
	const char *ind = "            ";
	if (k->op != K_PHI) {
		if (p.lo == p.sd && p.kmax >= p.sd)
			fprintf(o, "%sif (%s) p%d_%d <= v%d;\n", ind, at(f, b, p.sd, p.cd, a), i, p.sd, i);
		if (k->registered)
			fprintf(o, "%sif (%s) r%d <= v%d;  // for after the loop\n", ind,
			        at(f, b, p.sd, p.cd, a), i, i);
		return;
	}
	if (p.back < 0)
		return;
	/* The next iteration's value, written by this one (stage sd + 1) for the iteration behind it. */
	if (p.cd < ii - 1 && p.sd == -1)
		fprintf(o, "%sif (%s) p%d_m <= v%d;\n", ind, at(f, b, 0, p.cd, a), i, p.back);
	else if (p.cd < ii - 1 && p.sd <= p.kmax)
		fprintf(o, "%sif (%s && pl%d_v[%d]) p%d_%d <= v%d;\n", ind, at(f, b, p.sd + 1, p.cd, a), b,
		        p.sd, i, p.sd, p.back);
	if (p.sd >= 0)
		fprintf(o, "%sif (%s && pl%d_v[%d]) r%d <= v%d;\n", ind, at(f, b, p.sd + 1, p.cd, a), b, p.sd,
		        i, p.back);
}

/* Shifts of value I's stage registers at the end of a stage (inside "if (pl<b>_end)"). */
static void value_shifts(const kfunc *f, int b, int i, FILE *o)
{
	const kinst *k = &f->insts[i];
	int ii = f->blocks[b].ii;
	pval p = value_of(f, b, i);
	const char *ind = "              ";
	if (k->op != K_PHI) {
		for (int s = p.lo > p.sd + 1 ? p.lo : p.sd + 1; s <= p.kmax; s++) {
			if (s == p.sd + 1 && p.cd == ii - 1)
				fprintf(o, "%sp%d_%d <= v%d;\n", ind, i, s, i);
			else
				fprintf(o, "%sp%d_%d <= p%d_%d;\n", ind, i, s, i, s - 1);
		}
		return;
	}
	if (p.back < 0)
		return;
	char src[REF_MAX];
	snprintf(src, sizeof src, p.cd == ii - 1 ? "v%d" : "p%d_m", p.cd == ii - 1 ? p.back : i);
	if (p.sd == -1) {
		fprintf(o, "%sif (pl%d_enter) r%d <= %s;\n", ind, b, i, src);
		if (p.kmax >= 0)
			fprintf(o, "%sif (pl%d_enter) p%d_0 <= %s;\n", ind, b, i, src);
	}
	for (int s = 1; s <= p.kmax; s++) {
		if (s == p.sd + 1 && p.cd == ii - 1)
			fprintf(o, "%sp%d_%d <= (pl%d_v[%d] && pl%d_v[%d]) ? v%d : p%d_%d;\n", ind, i, s, b,
			        s, b, s - 1, p.back, i, s - 1);
		else
			fprintf(o, "%sp%d_%d <= p%d_%d;\n", ind, i, s, i, s - 1);
	}
}

void emit_pipe_state(const kfunc *f, int b, void (*exit_edge)(const kfunc *, int, int, const char *, FILE *),
                     FILE *o)
{
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii, st = bl->stages;
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	const char *end = "1'b1";
	char endb[REF_MAX];
	if (ii > 1) {
		snprintf(endb, sizeof endb, "pl%d_end", b);
		end = endb;
	}
	fprintf(o, "begin\n          if (pl%d_adv) begin\n", b);
	if (ii > 1)
		fprintf(o, "            pl%d_c <= pl%d_end ? %d'd0 : pl%d_c + %d'd1;\n", b, b, bits_for(ii),
		        b, bits_for(ii));
	if (st > 1)
		fprintf(o, "            if (%s) pl%d_v <= {pl%d_v[%d:0], pl%d_enter};\n", end, b, b, st - 2,
		        b);
	else
		fprintf(o, "            if (%s) pl%d_v <= pl%d_enter;\n", end, b, b);
	if (f->profile)
		fprintf(o,
		        "`ifndef SYNTHESIS\n            if (%s && pl%d_v[0]) prof_n[%d] <= prof_n[%d] + "
		        "64'd1;\n`endif\n",
		        end, b, b, b);
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].width)
			value_writes(f, b, bl->insts[j], o);
	fprintf(o, "            if (%s) begin\n", end);
	for (int j = 0; j < bl->ninsts; j++)
		if (f->insts[bl->insts[j]].width)
			value_shifts(f, b, bl->insts[j], o);
	fprintf(o, "            end\n          end\n");
	fprintf(o, "          if (pl%d_v == %d'd0) begin  // drained: leave the loop\n", b, st);
	exit_edge(f, b, t->succ[0] == b ? t->succ[1] : t->succ[0], "            ", o);
	fprintf(o, "          end\n        end\n");
}

void emit_pipe_unused(const kfunc *f, FILE *o)
{
	for (int m = 0; m < f->nmems; m++)
		if (port_piped(f, m)) /* pq<m>_o bounds the queue: it never fills */
			fprintf(o, ", pq%d_full", m);
}
