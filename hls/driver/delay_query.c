// SPDX-License-Identifier: Apache-2.0
#include "delay_query.h"

#include <stdlib.h>
#include <string.h>

#include "../cdfg/kir_text.h"
#include "../schedule/oplib.h"
#include "../support/diag.h"

/* A bit width 1..64 from S, or 0. */
static int bits_of(const char *s)
{
	char *e;
	long v = s ? strtol(s, &e, 10) : 0;
	return s && *s && !*e && v >= 1 && v <= 64 ? (int)v : 0;
}

int delay_query(const char *op, const char *width, const char *abits, const char *bbits, FILE *out)
{
	int w = bits_of(width), a = abits ? bits_of(abits) : w, b = bbits ? bits_of(bbits) : w;
	if (!w || !a || !b) {
		diag_error(NULL, 0, 0, "--delay takes OP WIDTH [ABITS BBITS], widths of 1 to 64 bits");
		return 1;
	}
	/* step: what a step holds besides its chain (the width is not read) */
	if (!strcmp(op, "step")) {
		fprintf(out, "%.3f\n", sched_step_overhead());
		return 0;
	}
	/* mul-cells: not a delay but the multiplier cells of a WIDTH-bit product (scripts/calibrate-delays
	 * and the DSP budget's test check them against yosys) */
	if (!strcmp(op, "mul-cells")) {
		fprintf(out, "%d\n", sched_mul_cells(a > b ? a : b, a > b ? b : a, w));
		return 0;
	}
	/* mul-split: the slice width of the sum Kiln writes the product as, 0 for a plain product */
	if (!strcmp(op, "mul-split")) {
		fprintf(out, "%d\n", sched_mul_split(a > b ? a : b, a > b ? b : a, w));
		return 0;
	}
	/* icmp.PRED: a compare by its predicate (kir.txt's names) */
	int pred = KP_ULT;
	if (!strncmp(op, "icmp.", 5)) {
		pred = kir_text_pred(K_ICMP, op + 5);
		if (pred < 0) {
			diag_error(NULL, 0, 0, "--delay: no icmp predicate '%s'", op + 5);
			return 1;
		}
		op = "icmp";
	}
	int k = 0;
	while (k < K_NOPS && strcmp(kop_name((kop)k), op))
		k++;
	if (k == K_NOPS) {
		diag_error(NULL, 0, 0, "--delay: no operation '%s' (kir.txt's names: add, shl, mul, ...)",
		           op);
		return 1;
	}
	if (k == K_MUL) {
		fprintf(out, "%.3f\n", sched_mul_delay(a > b ? a : b, a > b ? b : a, 0));
		return 0;
	}
	kfunc f = {0};
	kinst i = {.op = (kop)k, .pred = pred, .width = w, .nargs = 2};
	i.a[0] = (kval){KV_ARG, 0, 0, w};
	i.a[1] = (kval){KV_ARG, 1, 0, w};
	fprintf(out, "%.3f\n", sched_delay(&f, NULL, &i));
	return 0;
}
