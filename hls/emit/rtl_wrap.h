// SPDX-License-Identifier: Apache-2.0
/* Generated Verilog at the lowRISC guide's 100 columns: a longer line breaks at spaces between tokens (never
 * inside a string, a literal or a directive), its continuations indented four columns deeper; a long trailing
 * comment continues as a comment. Emitters print naturally and leave the layout to this pass. */
#ifndef KILN_RTL_WRAP_H
#define KILN_RTL_WRAP_H
#include <stddef.h>
#include <stdio.h>

#define RTL_COLS 100

/* Rewrites TEXT (LEN bytes; malloc'd, replaced) with every line at most RTL_COLS columns where it has spaces
 * to break at. 0, or -1 when out of memory (TEXT is left as it was). */
int rtl_wrap(char **text, size_t *len);
/* The text EMIT(ARG, stream) writes, laid out by rtl_wrap: malloc'd with its length in *LEN, or NULL when
 * EMIT fails (it reports why) or memory runs out. */
char *rtl_wrapped(int (*emit)(const void *arg, FILE *out), const void *arg, size_t *len);

#endif
