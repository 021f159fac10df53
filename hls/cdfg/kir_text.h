// SPDX-License-Identifier: Apache-2.0
/* What the kernel IR's text form (kir.txt) spells the same way when it is written (schedule/dump.c) and when
 * it is read (kir_parse.c): words, predicate and memory kind names, and the defaults the text leaves out. */
#ifndef KILN_KIR_TEXT_H
#define KILN_KIR_TEXT_H
#include "kir.h"

/* C may stand in a bare word of the text (a name, number, keyword or op name): letters, digits, _ . $ -. */
int kir_text_word_char(int c);
/* The text's name of predicate PRED of comparison OP (icmp: "eq".."sle", fcmp: "false".."true"), or NULL
 * when OP is no comparison or PRED is out of range. */
const char *kir_text_pred_name(kop op, int pred);
/* The predicate of comparison OP named NAME, or -1. */
int kir_text_pred(kop op, const char *name);
/* The text's words for memory kind KIND ("device memory", ...), or "?". */
const char *kir_text_mem_kind(kmem_kind kind);
/* The access size the text leaves out for K: a load's result bytes, a store's data bytes (rounded up), else
 * 0. Operand widths must be final. */
int kir_text_default_bytes(const kfunc *f, const kinst *k);
/* Operation OP in a pipelined loop has an issue cycle of its own (pissue): a load, a store or an FP unit's
 * operation (what the pipeline emitter reads it for). */
int kir_text_pipe_issues(kop op);

#endif
