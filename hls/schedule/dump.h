// SPDX-License-Identifier: Apache-2.0
/* A text dump of the kernel IR with its schedule, for reading what the scheduler decided (kiln-cc
 * --stop-after schedule keeps it in FILE.d/kir.txt). */
#ifndef KILN_KIR_DUMP_H
#define KILN_KIR_DUMP_H
#include <stdio.h>

#include "../cdfg/kir.h"

/* Writes kernel F, block by block, one operation a line with its step, to O. */
void kir_dump(const kfunc *f, FILE *o);
/* Writes the NK kernels' dumps to DIR/kir.txt; 0, or -1 when it cannot be written. */
int kir_dump_write(const kfunc *ks, int nk, const char *dir);

#endif
