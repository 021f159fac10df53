// SPDX-License-Identifier: Apache-2.0
/* A board's DSPs shared among an image's kernels, and the multiplier report that shows how binding used
 * them (IMAGE.kimg.d/binding.txt). */
#ifndef KILN_DSP_SHARE_H
#define KILN_DSP_SHARE_H
#include <stdio.h>

#include "../cdfg/kir.h"

/* Gives each of the NK scheduled kernels KS its share of DSPS multiplier cells (kfunc.dsp_capped,
 * dsp_cells) when binding by timing would take more than DSPS in all; leaves them uncapped otherwise. 0; 1
 * when the kernels take more than DSPS even with every multiplier that can be shared shared (a schedule
 * with fewer products a step could take fewer); -1 when out of memory. *LEAST: the cells they take with every
 * multiplier that can be shared shared. */
int dsp_share(kfunc *ks, int nk, unsigned dsps, long *least);
/* Writes the multipliers binding gives each kernel, their cells and what the DSP share made it share, to O;
 * DSPS: the board's, or -1 when it has no limit. 0, or -1 when out of memory. */
int dsp_report(const kfunc *ks, int nk, long dsps, FILE *o);
#endif
