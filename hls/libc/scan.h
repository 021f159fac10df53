// SPDX-License-Identifier: Apache-2.0
/* What the library's number scanners share (not a public header): reading a narrow or a wide string
 * through one loop, so that hardware has one scanner however many of the char and wchar_t forms a kernel
 * calls. */
#ifndef KILN_LIBC_SCAN_H
#define KILN_LIBC_SCAN_H
#include <stddef.h>
#include <wchar.h>

/* Character I of the string at P, of characters W bytes wide (1: char, else wchar_t). A wide character
 * outside ASCII reads as 0x80, which is no space, sign or digit, so that it ends the number, as in glibc's
 * C locale. */
static inline int char_at(const void *p, size_t i, int w)
{
	if (w == 1)
		return ((const unsigned char *)p)[i];
	wchar_t c = ((const wchar_t *)p)[i];
	return c >= 0 && c < 0x80 ? (int)c : 0x80;
}

/* No limit on the characters a scanner reads (the strto* functions). */
#define SCAN_ALL ((size_t)-1)

/* Character I of the string at P as char_at reads it, or 0 from character LIM on: a scanf field's width
 * ends the text there. */
static inline int char_within(const void *p, size_t i, int w, size_t lim)
{
	return i < lim ? char_at(p, i, w) : 0;
}

/* C's isspace in the C locale. */
static inline int scan_space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The integer at P (characters W bytes wide, at most LIM of them; no leading space) in BASE (0, 8, 10 or
 * 16), as scanf's integer conversions read it: strtoll's value (SIGNED) or strtoull's, with their errno,
 * but a "0x" without a hex digit taken whole as 0, as glibc's scanf. *END: the characters taken, 0 when
 * there is no number. */
long long __kiln_scan_int(const void *p, int w, size_t lim, int base, int is_signed, size_t *end);

/* The floating-point number at P (characters W bytes wide, at most LIM of them; no leading space), as
 * scanf's %f reads it: strtof's value (SINGLE, exact in the double returned) or strtod's, with their
 * errno, but the text taken as glibc's scanf takes it: an exponent letter and its sign without digits are
 * taken (the value is the part before them), "nan(chars)" is "nan", and "inf" followed by part of
 * "inity" or "0x" with neither a hex digit nor a point is no number. *END: the characters taken, 0 when
 * there is no number. */
double __kiln_scan_float(const void *p, int w, size_t lim, int single, size_t *end);

#endif
