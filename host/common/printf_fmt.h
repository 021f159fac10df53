// SPDX-License-Identifier: Apache-2.0
/* printf format strings, as both sides of the debug channel read them: kiln-cc decides from a kernel's format
 * what each argument is sent as, and the runtime formats each conversion with the host's C library. */
#ifndef KILN_PRINTF_FMT_H
#define KILN_PRINTF_FMT_H
#include <stddef.h>

enum kiln_fmt_arg { KILN_FMT_NONE, KILN_FMT_INT, KILN_FMT_STR, KILN_FMT_DOUBLE };

typedef struct kiln_fmt_conv {
	size_t start, len;         /* the conversion's text, from '%' to its letter */
	int star_width, star_prec; /* each takes an int argument before the value */
	char conv;                 /* d i u o x X c s p or % */
	char size;                 /* length modifier: 0, 'H' (hh), 'h', 'l', 'L' (ll), 'j', 'z', 't' */
	enum kiln_fmt_arg value;   /* what the value argument is sent as: an integer, a string, or nothing */
} kiln_fmt_conv;

/* The conversion at or after FMT[*POS]: 1 with *C filled and *POS past it, 0 when none is left, -1 for a
 * conversion hardware printf cannot send (%n, long double, a malformed one), with why in ERR. */
int kiln_fmt_next(const char *fmt, size_t *pos, kiln_fmt_conv *c, char *err, size_t errlen);

#endif
