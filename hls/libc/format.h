// SPDX-License-Identifier: Apache-2.0
/* The formatter format.c defines and print.c prints with (not a public header). */
#ifndef KILN_LIBC_FORMAT_H
#define KILN_LIBC_FORMAT_H
#include <stdarg.h>
#include <stddef.h>
#include <wchar.h>

/* Where formatted text goes: S (narrow) or WS (wide) holds N characters; LEN counts every character,
 * written or not; NUL is set when one of them is a NUL (printing then cannot take the text as one string).
 * Nothing terminates it. */
struct __kiln_out {
	char *s;
	wchar_t *ws;
	size_t n, len;
	int nul;
};

/* Formats the arguments AP as FMT (narrow) or WFMT (wide; the one that is not NULL) says into O, whose
 * width matches: 0, or -1 for a format that ends inside a conversion (EINVAL) or a character the C locale
 * cannot convert (glibc's errno: EILSEQ from a string's conversion, none for %c's btowc), the text before it
 * written. */
int __kiln_format(struct __kiln_out *o, const char *fmt, const wchar_t *wfmt, va_list ap);

/* Nonzero when the kernels' long is 32 bits (kiln-cc --data-model llp64; long32.c): %l then converts an
 * int, as long is. */
extern const int __kiln_long32;

/* The length modifier printf and scanf share that starts with characters A, B of a format: 'H' for hh, 'L'
 * for ll, L and q, the letter for h l j z t, 0 for none; *N += the characters it takes. Callers read B only
 * after an 'h' or 'l' (else pass 0): after the format's last character there is nothing to read. */
static inline char __kiln_length(wchar_t a, wchar_t b, size_t *n)
{
	int two = (a == 'h' || a == 'l') && b == a;
	char len = two                                                        ? (a == 'h' ? 'H' : 'L')
	           : a == 'h' || a == 'l' || a == 'j' || a == 'z' || a == 't' ? (char)a
	           : a == 'L' || a == 'q'                                     ? 'L'
	                                                                      : 0;
	*n += len ? 1u + (unsigned)two : 0u;
	return len;
}

#endif
