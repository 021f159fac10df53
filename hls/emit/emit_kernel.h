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

/* Reads in flight on one port: what a kernel keeps outstanding per module port (its response tags, its
 * pipelined loads' early data, a memcpy's words read ahead) and the image's device-memory arbiter on its
 * master port; the depth of every read queue (rtl/kiln_fifo.v) the generated RTL instantiates. The queues'
 * fill counters are 3 bits wide. */
#define EMIT_READS_IN_FLIGHT 4
_Static_assert(EMIT_READS_IN_FLIGHT < 8, "the read queues' counters are 3 bits");

/* Module name of kernel F: "kiln_k_<name>", the name made an identifier (text_escape.h). Writes into BUF. */
void emit_kernel_module_name(const kfunc *f, char *buf, size_t n);
/* Name of the $readmemh file holding the initial contents of F's internal memory M (hls/package/meminit.h),
 * as the module's RAM cell names it. Writes into BUF. */
void emit_mem_init_file(const kfunc *f, int m, char *buf, size_t n);
/* Writes the module for scheduled kernel F to OUT: 0, or -1 when out of memory (OUT then holds nothing). */
int emit_kernel(const kfunc *f, FILE *out);

#endif
