// SPDX-License-Identifier: Apache-2.0
/* `kiln-opt --delay`: the scheduler's delay model (schedule/oplib.h) for one operation, so that
 * scripts/calibrate-delays sets it beside yosys' figures without a second copy of the model. */
#ifndef KILN_DELAY_QUERY_H
#define KILN_DELAY_QUERY_H
#include <stdio.h>

/* Writes to OUT the delay in ns oplib gives operation OP (its kir name: add, shl, mul, ...; icmp.eq, icmp.ult
 * for a compare by its predicate) of WIDTH bits
 * whose operands are variables; a multiplication takes ABITS x BBITS (NULL: WIDTH each) and is not shared;
 * "step" is what a step holds besides its chain. 0, or 1 after a diagnostic. */
int delay_query(const char *op, const char *width, const char *abits, const char *bbits, FILE *out);

#endif
