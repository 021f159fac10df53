// SPDX-License-Identifier: Apache-2.0
/* The one text builder every RTL emitter writes through: a module is built in sections (declarations before
 * the logic that uses them, whatever order the emitters run in), and operand texts of any length live in the
 * builder until the module is done, so no emitter formats into a fixed buffer. Out of memory is sticky: the
 * builder then yields nothing rather than a partial module. */
#ifndef KILN_RTL_BUILDER_H
#define KILN_RTL_BUILDER_H
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* The sections of a module, in the order they are joined. */
typedef enum rb_section {
	RB_HEAD, /* comment, module header, ports */
	RB_DECL, /* parameters, helper functions, registers and the wires the logic refers to ahead */
	RB_BODY, /* cells, datapath, port multiplexers, controller */
	RB_NSECT
} rb_section;

typedef struct rtlb rtlb;

/* A new empty builder, or NULL when out of memory. */
rtlb *rb_new(void);
/* Frees B and every string it handed out. */
void rb_free(rtlb *b);
/* The stream that appends to section S of B (valid until rb_finish; never NULL once rb_new succeeded). */
FILE *rb_out(rtlb *b, rb_section s);
/* A printf-formatted string owned by B (freed with it); "" (and B marked failed) when out of memory. */
const char *rb_str(rtlb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Marks B failed (an emitter ran out of memory): rb_finish then yields nothing. */
void rb_fail(rtlb *b);
/* The sections joined, malloc'd, with its length in *LEN; NULL when anything ran out of memory. B stays to
 * be freed. */
char *rb_finish(rtlb *b, size_t *len);

#endif
