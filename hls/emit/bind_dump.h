// SPDX-License-Identifier: Apache-2.0
/* Binding as text (kiln-opt --kir FILE --run bind): what bind_kernel decided for a scheduled kernel, one fact
 * a line, so that binding can be tested on its own (test/hls/lit/bind_*.kir). */
#ifndef KILN_BIND_DUMP_H
#define KILN_BIND_DUMP_H
#include <stdio.h>

#include "bind.h"

/* Writes binding B of scheduled kernel F to O: per port its requests (kind, operation, state, pipelined) and
 * tags, the registers with their names, the dividers per width, the copy engine and the state bits. */
void bind_dump(const kfunc *f, const kbind *b, FILE *o);

#endif
