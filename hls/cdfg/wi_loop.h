// SPDX-License-Identifier: Apache-2.0
/* nd-range work-items as a loop of the kernel IR (see wi_loop.c). */
#ifndef KILN_WI_LOOP_H
#define KILN_WI_LOOP_H
#include "kir.h"

/* Turns one-dimensional nd-range kernel F whose body is one block ending in a return into a loop over its
 * work-items (entry, the body with the work-item counters as phis, exit), marks it kfunc.wi_loop, so that
 * the pipeliner can overlap work-items as it overlaps loop iterations. Leaves other kernels, and bodies that
 * hold a division or a copy loop (which never pipeline), as they are. 1 when F was changed, else 0. */
int wi_loop(kfunc *f);

#endif
