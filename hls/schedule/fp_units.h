// SPDX-License-Identifier: Apache-2.0
/* The pipelined floating-point units: the cell (rtl/) that runs each floating-point operation of the
 * operation table, its parameters, and how many register levels its result takes, which the scheduler
 * counts as cycles. The cells' headers describe the same levels; test/fpu measures each against
 * fp_unit_levels. */
#ifndef KILN_FP_UNITS_H
#define KILN_FP_UNITS_H

#include "../cdfg/kir.h"

#include <stddef.h>

/* Bits per register level of the iterative cells (division, square root) for an M-bit fraction at
 * CLOCK_NS: as many subtract stages as the period holds, 1 to 8. */
int fp_unit_bits_per_level(double clock_ns, int m);
/* Register levels of the cell running OP (a KU_FPU operation) for an M-bit fraction, BPS bits per level
 * for the iterative ones: the cycles from its operands to its result. */
int fp_unit_levels(kop op, int m, int bps);
/* Cycles from K's operands to its result at CLOCK_NS. */
int fp_unit_latency(const kinst *k, double clock_ns);
/* The cell running K and its parameter list ("#(...)") at CLOCK_NS, written to PARAMS (PN bytes): two
 * operations with the same cell and parameters can share one instance. The cell's name, or NULL when
 * K is not a floating-point unit operation. */
const char *fp_unit_cell(const kinst *k, double clock_ns, char *params, size_t pn);
/* Groups F's floating-point unit operations by the cell and parameters that run them at CLOCK_NS (those of
 * a group can share one instance): UNIT[i] (f->ninsts entries) gets operation i's group, 0 to n-1, or -1
 * for the other operations. The number of groups n, or -1 when out of memory. */
int fp_unit_groups(const kfunc *f, double clock_ns, int *unit);
/* Operands the cell of OP takes (1 to 3). */
int fp_unit_inputs(kop op);
/* Fraction bits of the IEEE-754 format of WIDTH bits (32 or 64), 0 for any other width. */
int fp_fraction_bits(int width);

#endif
