// SPDX-License-Identifier: Apache-2.0
/* For the benchmark (scripts/bench-fpu): every floating-point unit configuration kiln-cc instantiates, at a
 * clock period, as JSON lines {"op", "width", "cell", "params", "latency"} from the scheduler's own table
 * (hls/schedule/fp_units.c).   fpu_table CLOCK_NS */
#include "../../hls/schedule/fp_units.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	double clock = argc > 1 ? atof(argv[1]) : 10.0;
	static const kop ops[] = {K_FADD,   K_FMUL,   K_FMA,   K_FDIV,    K_FSQRT,
	                          K_SITOFP, K_FPTOSI, K_FPEXT, K_FPTRUNC, K_FFLOOR};
	for (int w = 32; w <= 64; w += 32)
		for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
			kinst k = {0};
			k.op = ops[i];
			k.width = ops[i] == K_FPTOSI    ? 32
			          : ops[i] == K_FPEXT   ? 64
			          : ops[i] == K_FPTRUNC ? 32
			                                : w;
			k.a[0].width = ops[i] == K_SITOFP    ? 32
			               : ops[i] == K_FPEXT   ? 32
			               : ops[i] == K_FPTRUNC ? 64
			                                     : w;
			if ((ops[i] == K_FPEXT || ops[i] == K_FPTRUNC) && w == 64)
				continue; /* one of each */
			char params[160];
			const char *cell = fp_unit_cell(&k, clock, params, sizeof params);
			printf("{\"op\": \"%s\", \"width\": %d, \"cell\": \"%s\", \"params\": \"%s\", "
			       "\"latency\": %d}\n",
			       kop_name(ops[i]), ops[i] == K_FPEXT ? 32 : w, cell, params,
			       fp_unit_latency(&k, clock));
		}
	return 0;
}
