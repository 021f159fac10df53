// SPDX-License-Identifier: Apache-2.0
/* The kernel IR as text. The format is read back by hls/cdfg/kir_parse.c, so everything a later stage reads
 * from a kfunc is printed; what the scheduler decided (steps, slots, issue steps, the step table) is printed
 * after ';' (the block's "steps A..B" too), so that a reader that schedules again can skip it. The grammar
 * is in kir_parse.h. */
#include "dump.h"

#include "../support/xalloc.h"
#include "problem.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../cdfg/kir_text.h"
#include "../cdfg/mem_partition.h"

/* A double as "%.2f" when that reads back as the same number (the usual clocks and delays), else in full, so
 * that a clock period survives a round trip through the text. */
static void number(double d, FILE *o)
{
	char s[64];
	snprintf(s, sizeof s, "%.2f", d);
	if (strtod(s, NULL) != d)
		snprintf(s, sizeof s, "%.17g", d);
	fputs(s, o);
}

/* NAME bare when it is one word of the format, else as a quoted string; NULL as '-'. */
static void name(const char *s, FILE *o)
{
	if (!s) {
		fputc('-', o);
		return;
	}
	int bare = *s && strcmp(s, "-") != 0;
	for (const char *p = s; *p && bare; p++)
		bare = kir_text_word_char(*p);
	if (bare) {
		fputs(s, o);
		return;
	}
	fputc('"', o);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(o, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(o, "\\x%02x", *p);
		else
			fputc(*p, o);
	}
	fputc('"', o);
}

static void value(const kval *v, FILE *o)
{
	switch (v->kind) {
	case KV_OP:
		fprintf(o, "%%%d", v->id);
		break;
	case KV_ARG:
		fprintf(o, "arg%d", v->id);
		break;
	case KV_CONST:
		fprintf(o, "%" PRIu64 ":i%d", v->c, v->width);
		break;
	default:
		fprintf(o, "-");
	}
}

/* The annotation of operation K: its schedule when F is scheduled, and its source line. */
static void annotation(const kfunc *f, const kinst *k, FILE *o)
{
	int sched = f->nsteps > 0 && k->block >= 0;
	if (!sched && !k->line)
		return;
	fputs("  ;", o);
	if (sched && f->blocks[k->block].pipelined) {
		fprintf(o, " slot %d", k->pslot);
		if (kir_text_pipe_issues(k->op))
			fprintf(o, " (issued %d)", k->pissue);
	} else if (sched) {
		fprintf(o, " step %d", k->step);
		if (k->issue >= 0)
			fprintf(o, " (issued %d)", k->issue);
		if (k->edge) /* an edge load or phi (kir.h) */
			fprintf(o, " edge");
		if (k->width)
			fprintf(o, " t=%.2fns", k->t_end);
	}
	if (k->line)
		fprintf(o, " line %u", k->line);
	if (k->line && k->col)
		fprintf(o, ":%u", k->col);
}

/* Operation ID of F; DETACHED: one that names a block but is in no block's list (a branch if-conversion
 * took out of its block). */
static void inst(const kfunc *f, int id, int detached, FILE *o)
{
	const kinst *k = &f->insts[id];
	fprintf(o, "    ");
	if (k->width)
		fprintf(o, "%%%d = %s.i%d", id, kop_name(k->op), k->width);
	else
		fprintf(o, "#%d %s", id, kop_name(k->op));
	const char *pred = kir_text_pred_name(k->op, k->pred);
	if (pred)
		fprintf(o, " %s", pred);
	else if (k->pred)
		fprintf(o, " pred %d", k->pred);
	for (int a = 0; a < k->nargs; a++) {
		fputs(a ? ", " : " ", o);
		value(&k->a[a], o);
	}
	for (int p = 0; p < k->nphi; p++) {
		fputs(p ? ", [" : " [", o);
		value(&k->phi_val[p], o);
		fprintf(o, ", bb%d]", k->phi_block[p]);
	}
	if (k->mem >= 0)
		fprintf(o, "  mem %d", k->mem);
	if (k->mem2 >= 0)
		fprintf(o, " from %d", k->mem2);
	if (k->move)
		fputs(" move", o);
	if (k->bytes != kir_text_default_bytes(f, k))
		fprintf(o, " bytes %d", k->bytes);
	if (k->op == K_BR || k->op == K_CONDBR || k->op == K_SWITCH)
		fprintf(o, "  -> bb%d", k->succ[0]);
	if (k->op == K_CONDBR)
		fprintf(o, ", bb%d", k->succ[1]);
	for (int c = 0; c < k->ncases; c++)
		fprintf(o, "%s%" PRIu64 ": bb%d", c ? ", " : "  cases ", k->case_val[c], k->case_succ[c]);
	if (k->halt)
		fputs(k->never ? " halt never" : " halt", o);
	if (k->name) {
		fputs(" name ", o);
		name(k->name, o);
	}
	if (detached) {
		/* in no block's list: the scheduler never placed it, but still sees its operands */
		fprintf(o, "  in bb%d", k->block);
		if (k->line)
			fprintf(o, "  ; line %u", k->line);
		if (k->line && k->col)
			fprintf(o, ":%u", k->col);
	} else {
		annotation(f, k, o);
	}
	fputc('\n', o);
}

/* Initial contents as hex, about 32 bytes a line, a run of 16 or more equal bytes as XX*N (zeroed tables
 * stay short). */
static void init_bytes(const kmem *m, FILE *o)
{
	uint32_t i = 0;
	do {
		fputs("    init", o);
		int col = 0, in_hex = 0;
		while (i < m->size && col < 32) {
			uint32_t r = i;
			while (r < m->size && m->init[r] == m->init[i])
				r++;
			if (r - i >= 16) {
				fprintf(o, " %02x*%" PRIu32, m->init[i], r - i);
				col += 8;
				in_hex = 0;
				i = r;
				continue;
			}
			fprintf(o, "%s%02x", in_hex ? "" : " ", m->init[i++]);
			in_hex = 1;
			col++;
		}
		fputc('\n', o);
	} while (i < m->size);
}

static const char *const step_kinds[] = {"comb", "mem-issue", "mem-wait", "div-issue", "div-wait", "copy"};

void kir_dump(const kfunc *f, FILE *o)
{
	int sched = f->nsteps > 0;
	fputs("kernel ", o);
	name(f->name, o);
	if (f->dims)
		fprintf(o, " (nd-range %dd%s", f->dims, f->wi_loop ? " looped" : "");
	else
		fputs(" (single task", o);
	if (sched)
		fprintf(o, ", %d steps", f->nsteps);
	if (sched || f->clock_ns > 0) {
		fputs(", clock ", o);
		number(f->clock_ns, o);
		fputs(" ns", o);
	}
	if (f->dsp_capped)
		fprintf(o, ", %d dsps", f->dsp_cells);
	if (f->mul_serial) { /* the level, as the text names it: products a step, a loop's cycle; loops */
		int step = sched_muls_per_step(f), cyc = sched_muls_per_cycle(f);
		fprintf(o, ", %d product%s a step", step, step > 1 ? "s" : "");
		if (cyc && f->mul_serial < KFUNC_SERIAL_LOOPS)
			fprintf(o, ", %d product%s a loop cycle", cyc, cyc > 1 ? "s" : "");
		if (f->mul_serial >= KFUNC_SERIAL_LOOPS)
			fputs(", sequential loops", o);
	}
	fputs(")\n", o);
	if (f->file || f->line) {
		fputs("  source ", o);
		name(f->file, o);
		fprintf(o, " line %u\n", f->line);
	}
	if (f->native_name) {
		fputs("  native ", o);
		name(f->native_name, o);
		fputc('\n', o);
	}
	if (f->missing_sets) {
		fputs("  missing-sets ", o);
		name(f->missing_sets, o);
		fputc('\n', o);
	}
	if (f->dispatch) {
		fputs("  dispatch ", o);
		name(f->dispatch, o);
		fputc('\n', o);
	}
	for (int a = 0; a < f->nargs; a++) {
		const karg *g = &f->args[a];
		fprintf(o, "  arg%d ", a);
		name(g->name, o);
		fprintf(o, ": %s%d bits%s%s\n", g->is_pointer ? "pointer, " : "", g->width,
		        g->is_signed ? ", signed" : "", g->noalias ? ", noalias" : "");
	}
	for (int i = 0; i < f->nmems + f->nimems; i++) {
		const kmem *m = &f->mems[i];
		fprintf(o, "  mem %d: %s ", i, kir_text_mem_kind(m->kind));
		name(m->name, o);
		fprintf(o, " (%" PRIu32 " bytes)%s", m->size, i < f->nmems ? ", port" : "");
		if (m->dg_uid) {
			fputs(", uid ", o);
			name(m->dg_uid, o);
		}
		fprintf(o, "%s%s", m->used_read ? ", read" : "", m->used_write ? ", write" : "");
		if (m->word_bytes)
			fprintf(o, ", word %d", m->word_bytes);
		if (m->part) { /* the source's directive, cdfg/mem_partition.c */
			fprintf(o, ", partition %s", mem_partition_name(m->part));
			if (m->part_factor)
				fprintf(o, " %d", m->part_factor);
			fprintf(o, " line %u", m->part_line);
		}
		if (m->nbanks)
			fprintf(o, ", bank %d of %d of mem %d", m->bank, m->nbanks, m->bank_first);
		if (m->nbanks && m->bank == 0)
			fprintf(o, ", accesses one %d every %d", m->part_one, m->part_every);
		fputc('\n', o);
		if (m->init)
			init_bytes(m, o);
	}
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		char own[16];
		snprintf(own, sizeof own, "bb%d", b);
		fprintf(o, "  %s", own);
		if (bl->label) { /* clang's name for it, which its states are named after */
			fputs(" (", o);
			name(bl->label, o);
			fputc(')', o);
		}
		if (bl->pipe_off || bl->ii_target || bl->ivdep) { /* the source's loop directives */
			const char *sep = " directives ";
			if (bl->pipe_off) {
				fprintf(o, "%spipeline off", sep);
				sep = ", ";
			}
			if (bl->ii_target) {
				fprintf(o, "%sii %d", sep, bl->ii_target);
				sep = ", ";
			}
			if (bl->ivdep)
				fprintf(o, "%sivdep", sep);
			fprintf(o, ", line %u", bl->dir_line);
		}
		fputc(':', o);
		if (sched) {
			fprintf(o, " steps %d..%d", bl->first_step, bl->last_step);
			if (bl->pipelined)
				fprintf(o, ", pipelined: II %d, %d stages", bl->ii, bl->stages);
			if (bl->res_mii || bl->rec_mii || bl->seq_states || bl->nopipe[0]) {
				fprintf(o, "  ; mii %d, recurrence %d", bl->res_mii, bl->rec_mii);
				if (bl->seq_states)
					fprintf(o, ", %d states sequential", bl->seq_states);
				if (bl->nopipe[0]) {
					fputs(", not pipelined ", o);
					name(bl->nopipe, o);
				}
			}
		}
		fputc('\n', o);
		for (int j = 0; j < bl->ninsts; j++)
			inst(f, bl->insts[j], 0, o);
	}
	char *listed = xcalloc((size_t)f->ninsts + 1, 1);
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++)
			listed[f->blocks[b].insts[j]] = 1;
	for (int i = 0, any = 0; listed && i < f->ninsts; i++)
		if (f->insts[i].block >= 0 && f->insts[i].block < f->nblocks && !listed[i]) {
			if (!any++)
				fputs("  detached:\n", o);
			inst(f, i, 1, o);
		}
	free(listed);
	for (int s = 0; s < f->nsteps; s++) {
		const kstep *st = &f->steps[s];
		fprintf(o, "  ; step %d: %s bb%d", s, st->kind <= STEP_COPY ? step_kinds[st->kind] : "?",
		        st->block);
		if (st->inst >= 0)
			fprintf(o, ", inst %d", st->inst);
		if (st->wait >= 0)
			fprintf(o, ", wait %d", st->wait);
		fputc('\n', o); /* kstep.used: nothing fills it */
	}
}

int kir_dump_write(const kfunc *ks, int nk, const char *dir)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/kir.txt", dir);
	FILE *o = fopen(path, "w");
	if (!o)
		return -1;
	for (int k = 0; k < nk; k++) {
		if (k)
			fputc('\n', o);
		kir_dump(&ks[k], o);
	}
	return fclose(o) == 0 ? 0 : -1;
}
