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

/* C's isspace in the C locale. */
static inline int scan_space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

#endif
