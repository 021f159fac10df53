// SPDX-License-Identifier: Apache-2.0
/* The DSP budget spans the image, binding works a kernel at a time: each kernel gets the cells it needs at
 * the least (every multiplier it could share, shared) and the rest of the board in proportion to what sharing
 * beyond timing would cost it, so that a kernel whose multiplications can share little does not starve one
 * that can. */
#include "dsp_share.h"

#include <stdlib.h>

#include "../cdfg/value_bits.h"
#include "../schedule/oplib.h"
#include "../schedule/problem.h"
#include "../support/xalloc.h"
#include "bind.h"

int dsp_share(kfunc *ks, int nk, unsigned dsps, long *least_cells)
{
	long *need = xcalloc((size_t)nk + 1, sizeof *need), *least = xcalloc((size_t)nk + 1, sizeof *least);
	long sum_need = 0, sum_least = 0;
	int rc = 0;
	for (int k = 0; k < nk && !rc; k++) {
		ks[k].dsp_capped = 0;
		need[k] = bind_mul_cells(&ks[k]);
		ks[k].dsp_capped = 1;
		ks[k].dsp_cells = 0;
		least[k] = bind_mul_cells(&ks[k]);
		rc = need[k] < 0 || least[k] < 0 ? -1 : 0;
		sum_need += need[k];
		sum_least += least[k];
	}
	long spare = (long)dsps > sum_least ? (long)dsps - sum_least : 0, slack = sum_need - sum_least;
	for (int k = 0; k < nk; k++) {
		ks[k].dsp_capped = !rc && sum_need > (long)dsps;
		ks[k].dsp_cells =
		    slack > 0 ? (int)(least[k] + spare * (need[k] - least[k]) / slack) : (int)least[k];
	}
	free(need);
	free(least);
	*least_cells = sum_least;
	return rc ? rc : sum_least > (long)dsps;
}

int dsp_report(const kfunc *ks, int nk, long dsps, FILE *o)
{
	fprintf(
	    o,
	    "Multipliers (binding): the fabric's multiplier cells (DSPs) each kernel's multipliers take, as\n"
	    "yosys maps them; a board's DSPs are shared among the kernels when binding by timing would\n"
	    "take more.\n");
	if (dsps >= 0)
		fprintf(o, "DSPs: %ld (kiln-cc --dsp-max, else the board's fpga.dsps).\n", dsps);
	else
		fprintf(o, "DSPs: no limit (a simulated board).\n");
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		kbind b = {0};
		b.ninsts = f->ninsts;
		b.vb = xcalloc((size_t)f->ninsts + 1, sizeof *b.vb);
		vbits_analyse(f, b.vb);
		if (bind_multipliers(f, &b) != 0) {
			bind_free(&b);
			return -1;
		}
		fprintf(o, "\nkernel %s: %d cells", f->name, b.mul_cells);
		if (f->dsp_capped)
			fprintf(o, " (its share of the board: %d; by timing alone %d)", f->dsp_cells,
			        b.mul_cells_by_timing);
		fputc('\n', o);
		if (f->mul_serial) {
			int step = sched_muls_per_step(f), cyc = sched_muls_per_cycle(f);
			fprintf(o, "  scheduled for the DSPs: %d shared multiplication%s of a width a step",
			        step, step > 1 ? "s" : "");
			if (f->mul_serial >= KFUNC_SERIAL_LOOPS)
				fprintf(o, ", loops that multiply not pipelined");
			else if (cyc)
				fprintf(o, ", %d in each cycle of a pipelined loop's stage", cyc);
			fputc('\n', o);
		}
		for (int u = 0; u < b.nmul_units; u++) {
			const bind_mul_unit *m = &b.mul_unit[u];
			fprintf(o,
			        "  shared multiplier %d: %d x %d bits into %d, %d cells, %d multiplications",
			        u, m->abits, m->bbits, m->width,
			        sched_mul_cells(m->abits, m->bbits, m->width), m->users);
			if (m->over_ns > 0)
				fprintf(
				    o, "; shared for the DSP share, its longest path %.2f ns beyond its step",
				    m->over_ns);
			fputc('\n', o);
		}
		int own = 0, own_cells = 0, piped = 0;
		for (int i = 0; i < f->ninsts; i++)
			if (f->insts[i].block >= 0 && f->insts[i].op == K_MUL && b.mul[i].unit < 0) {
				own++;
				piped += kir_pipelined(f, f->insts[i].block);
				own_cells += bind_mul_own_cells(&b.mul[i], f->insts[i].width);
			}
		if (own)
			fprintf(o, "  multipliers of their own: %d (%d in pipelined loops), %d cells\n", own,
			        piped, own_cells);
		bind_free(&b);
	}
	return 0;
}
