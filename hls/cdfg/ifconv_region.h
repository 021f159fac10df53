// SPDX-License-Identifier: Apache-2.0
/* If-conversion of single-entry, single-exit regions (see ifconv_region.c). */
#ifndef KILN_IFCONV_REGION_H
#define KILN_IFCONV_REGION_H
#include "kir.h"
#include "step_estimate.h"

/* Converts one region of F that its cost model takes (with PIPELINE, a loop body whose iterations can
 * overlap soon enough), the deepest first; CH is scratch. 1 when it converted one, else 0. */
int ifconv_region_once(kfunc *f, step_est *ch, int pipeline);

#endif
