// SPDX-License-Identifier: Apache-2.0
/* RTL emission of one scheduled kernel as a readable Verilog-2005 module (lowRISC style): binding decides
 * what hardware the schedule needs (bind.h), then one emitter per part prints it through one builder
 * (rtl_builder.h): declarations first, one wire per operation, registers only for values that cross a step
 * boundary, a two-process controller with one state per control step, case multiplexers per memory port
 * (the hardware contract's valid/ready protocol), and cells from rtl/ for memories, dividers, queues and
 * bit operations. */
#ifndef KILN_EMIT_KERNEL_H
#define KILN_EMIT_KERNEL_H
#include <stdio.h>

#include "../cdfg/kir.h"

/* Writes the module for scheduled kernel F to OUT: 0, or -1 when out of memory or on an internal error,
 * which it reports (OUT then holds nothing). */
int emit_kernel(const kfunc *f, FILE *out);

#endif
