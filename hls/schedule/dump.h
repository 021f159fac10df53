// SPDX-License-Identifier: Apache-2.0
/* The kernel IR as text, with its schedule once it has one: for reading what the scheduler decided (kiln-cc
 * --stop-after schedule keeps it in FILE.d/kir.txt), and for reading back (cdfg/kir_parse.h has the
 * grammar), so that each HLS stage can be tested on text (kiln-opt --kir). */
#ifndef KILN_KIR_DUMP_H
#define KILN_KIR_DUMP_H
#include <stdio.h>

#include "../cdfg/kir.h"

/* Writes kernel F to O, block by block, one operation a line with its schedule after ';'; everything the
 * later stages read from F is in it (kir_parse gives F back). */
void kir_dump(const kfunc *f, FILE *o);
/* Writes the NK kernels' dumps to DIR/kir.txt; 0, or -1 when it cannot be written. */
int kir_dump_write(const kfunc *ks, int nk, const char *dir);

#endif
