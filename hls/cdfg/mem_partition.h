// SPDX-License-Identifier: Apache-2.0
/* Array partitioning: an on-chip array that carries kiln/device.h's KILN_PARTITION_CYCLIC(F),
 * KILN_PARTITION_BLOCK(F) or KILN_PARTITION_COMPLETE becomes several memories (banks), each with its own
 * two ports, so that accesses to different banks go in the same cycle, as Vitis' array_partition and Intel's
 * hls_numbanks do. */
#ifndef KILN_MEM_PARTITION_H
#define KILN_MEM_PARTITION_H
#include <stddef.h>

#include "kir.h"

/* The directive as kiln/device.h writes it (clang's annotate: llvm.var.annotation on a local's alloca,
 * llvm.global.annotations on a global), and as lower.c keeps a global's: two string attributes. */
#define KILN_PARTITION_ANNOTATION "kiln.partition="
#define KILN_PARTITION_ATTR "kiln-partition"
#define KILN_PARTITION_LINE_ATTR "kiln-partition-line"

/* The most banks one array becomes: every access whose bank is known only as it runs touches each. */
#define KILN_PARTITION_MAX_BANKS 64

/* Reads directive text S of N bytes (what follows "kiln.partition="): "cyclic,F", "block,F" (F a power of
 * two from 2 to KILN_PARTITION_MAX_BANKS) or "complete". 0 with *KIND and *FACTOR set (factor 0 for
 * complete), else -1 with the reason in WHY. */
int mem_partition_parse(const char *s, size_t n, kpart_kind *kind, int *factor, char *why, size_t nwhy);
/* The directive's name as kiln/device.h spells it ("cyclic", "block", "complete"). */
const char *mem_partition_name(kpart_kind kind);
/* Applies the directives of F's internal memories not yet applied: each becomes its banks (bank 0 keeps
 * its index, the others are appended to the internal memories) and every access goes to its bank, or to
 * each bank when its address fixes the bank only at run time. A directive that cannot apply (a device
 * global, an array copied as a whole) is left with a warning at its line; one beyond
 * KILN_PARTITION_MAX_BANKS is an error there. The number of arrays split, or -1 after an error. */
int mem_partition(kfunc *f);

#endif
