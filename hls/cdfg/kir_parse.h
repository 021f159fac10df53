// SPDX-License-Identifier: Apache-2.0
/* Reads the kernel IR's text form (kir.txt, written by schedule/dump.c) back into kfuncs, so that each HLS
 * stage (if-conversion, scheduling, binding, the kernel emitter) can be run and tested on text alone
 * (kiln-opt --kir). The text, one item a line:
 *
 *   kernel NAME (single task|nd-range Dd[, N steps][, clock C ns])
 *     source FILE line L | native NAME | missing-sets TEXT | dispatch TEXT
 *     argI NAME: [pointer, ]W bits[, signed][, noalias]
 *     mem M: KIND NAME (S bytes)[, port][, uid UID][, read][, write][, word B]
 *            [, partition cyclic|block F | complete line L][, bank K of N of mem M0][, accesses one A every
 * E] init HEX... | XX*N ...                      (the initial contents, in order) bbN[ (NAME)]:[ steps A..B[,
 * pipelined: II I, S stages]][  ; mii R, recurrence C[, Q states sequential][, not pipelined WHY]] %N = OP.iW
 * [PRED] OPERANDS [ATTRS][  ; ANNOTATION]      (an operation with a result) #N OP [PRED] OPERANDS [ATTRS][  ;
 * ANNOTATION]           (one without: stores, branches, ...) detached: (operations that name a block but are
 * in no block's list: #N OP ... in bbN[  ; line L[:C]]      branches if-conversion took out; the scheduler
 * sees their uses) ; step S: KIND bbB[, inst N][, wait N]                     (the schedule's step table)
 *
 * Operands: %N, argN, VALUE:iW, '-' (none); a phi's incoming [VALUE, bbN], ... Attributes: mem M, from M2
 * (memcpy's source), move, bytes B (when not the access's width), -> bbT[, bbF] (successors; a switch's
 * default), cases V: bbN, ..., halt, name NAME (the source variable of a phi). The annotation: step S or slot
 * P (in a pipelined block), (issued I), edge (an edge load or phi, kir.h), t=Tns; and line L[:C], which is no
 * schedule and always read.
 * Names are bare words (letters, digits, _ . $ -) or C-quoted strings; '-' is no name. Lines whose first
 * character (after blanks) is ';' are annotations: the step table's, or else comments (a lit test's RUN and
 * CHECK lines). Everything the scheduler writes is on annotations or after "steps" in a block's line, so a
 * reader that schedules again skips it. */
#ifndef KILN_KIR_PARSE_H
#define KILN_KIR_PARSE_H
#include <stddef.h>

#include "kir.h"

/* What the reader takes from the text. */
typedef enum kir_parse_mode {
	KIR_PARSE_UNSCHEDULED, /* the IR alone, schedule annotations skipped: input to the scheduler */
	KIR_PARSE_SCHEDULED,   /* the IR and its schedule (every kernel must have one): input to binding and
	                          the emitter */
	KIR_PARSE_AUTO         /* each kernel with its schedule when its header gives one ("N steps") */
} kir_parse_mode;

/* Reads the kernels of TEXT (LEN bytes; FILE names it in diagnostics) into *KS, *NK of them (a malloc'd
 * array to free with kfunc_free on each). 0, or -1 after one diagnostic "FILE:LINE:COL: error: ..." that
 * says what was expected (*KS NULL then). Any input is safe: references, operand counts and schedule entries
 * are checked before anything is built on them. */
int kir_parse(const char *text, size_t len, const char *file, kir_parse_mode mode, kfunc **ks, int *nk);
/* kir_parse on the contents of PATH ("-": standard input). */
int kir_parse_file(const char *path, kir_parse_mode mode, kfunc **ks, int *nk);

#endif
