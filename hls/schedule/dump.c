// SPDX-License-Identifier: Apache-2.0
#include "dump.h"

#include <inttypes.h>
#include <string.h>

static const char *const mem_kinds[] = {"device global", "device memory", "local array", "rom", "ram"};

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

static void inst(const kfunc *f, int id, FILE *o)
{
	const kinst *k = &f->insts[id];
	fprintf(o, "    ");
	if (k->width)
		fprintf(o, "%%%d = ", id);
	fprintf(o, "%s", kop_name(k->op));
	if (k->width)
		fprintf(o, ".i%d", k->width);
	for (int a = 0; a < k->nargs; a++) {
		fputs(a ? ", " : " ", o);
		value(&k->a[a], o);
	}
	for (int p = 0; p < k->nphi; p++) {
		fputs(p ? ", [" : " [", o);
		value(&k->phi_val[p], o);
		fprintf(o, ", bb%d]", k->phi_block[p]);
	}
	if (kop_is_access(k->op) || kop_unit(k->op) == KU_COPY)
		fprintf(o, "  mem %d", k->mem);
	if (k->op == K_BR || k->op == K_CONDBR)
		fprintf(o, "  -> bb%d", k->succ[0]);
	if (k->op == K_CONDBR)
		fprintf(o, ", bb%d", k->succ[1]);
	if (f->blocks[k->block].pipelined)
		fprintf(o, "  ; slot %d", k->pslot);
	else if (kop_is_access(k->op))
		fprintf(o, "  ; step %d (issued %d)", k->step, k->issue);
	else
		fprintf(o, "  ; step %d", k->step);
	if (k->width && !f->blocks[k->block].pipelined)
		fprintf(o, " t=%.2fns", k->t_end);
	if (k->line)
		fprintf(o, " line %u", k->line);
	fputc('\n', o);
}

void kir_dump(const kfunc *f, FILE *o)
{
	fprintf(o, "kernel %s (%s, %d steps, clock %.2f ns)\n", f->name, f->dims ? "nd-range" : "single task",
	        f->nsteps, f->clock_ns);
	for (int a = 0; a < f->nargs; a++)
		fprintf(o, "  arg%d %s: %s%d bits%s\n", a, f->args[a].name,
		        f->args[a].is_pointer ? "pointer, " : "", f->args[a].width,
		        f->args[a].is_signed ? ", signed" : "");
	for (int m = 0; m < f->nmems + f->nimems; m++)
		fprintf(o, "  mem %d: %s %s (%u bytes)%s\n", m, mem_kinds[f->mems[m].kind],
		        f->mems[m].name ? f->mems[m].name : "", f->mems[m].size,
		        m < f->nmems ? ", port" : "");
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		char own[16];
		snprintf(own, sizeof own, "bb%d", b);
		fprintf(o, "  %s", own);
		if (bl->name && strcmp(bl->name, own) != 0)
			fprintf(o, " (%s)", bl->name);
		fprintf(o, ": steps %d..%d", bl->first_step, bl->last_step);
		if (bl->pipelined)
			fprintf(o, ", pipelined: II %d, %d stages", bl->ii, bl->stages);
		fputc('\n', o);
		for (int j = 0; j < bl->ninsts; j++)
			inst(f, bl->insts[j], o);
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
