// SPDX-License-Identifier: Apache-2.0
/* printf format strings, as both sides of the debug channel read them: kiln-cc decides from a kernel's format
 * what each argument is sent as, and the runtime formats each conversion with the host's C library. */
#ifndef KILN_PRINTF_FMT_H
#define KILN_PRINTF_FMT_H
#include <stddef.h>

enum kiln_fmt_arg { KILN_FMT_NONE, KILN_FMT_INT, KILN_FMT_STR, KILN_FMT_DOUBLE };

typedef struct kiln_fmt_conv {
	size_t start, len;         /* the conversion's text, from '%' to its letter */
	size_t flags_len;          /* the flags' characters after '%' */
	size_t size_at;            /* where the length modifier (or the letter) starts, from '%' */
	int star_width, star_prec; /* each takes an int argument before the value */
	int width, prec;           /* a width or precision written in the format (at most INT_MAX), else -1 */
	char conv;                 /* d i u o x X c s p or % */
	char size;                 /* length modifier: 0, 'H' (hh), 'h', 'l', 'L' (ll), 'j', 'z', 't' */
	enum kiln_fmt_arg value;   /* what the value argument is sent as: an integer, a string, or nothing */
} kiln_fmt_conv;

/* The conversion at or after FMT[*POS]: 1 with *C filled and *POS past it, 0 when none is left, -1 for a
 * conversion hardware printf cannot send (%n, long double, wide characters, a malformed one), with why in
 * ERR. */
int kiln_fmt_next(const char *fmt, size_t *pos, kiln_fmt_conv *c, char *err, size_t errlen);

/* Writes conversion C of FMT into SPEC (N bytes) as "%<flags>*.*<length><letter>", so that its width and
 * precision are always int arguments (the caller's to bound); 0, or -1 when it does not fit. */
int kiln_fmt_star_spec(const char *fmt, const kiln_fmt_conv *c, char *spec, size_t n);

#endif
