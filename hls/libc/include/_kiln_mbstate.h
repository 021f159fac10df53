// SPDX-License-Identifier: Apache-2.0
/* mbstate_t, which wchar.h and uchar.h both declare (a header of its own so that the type is written once;
 * the leading underscore keeps its name out of a program's way). glibc's layout (8 bytes). In the C locale
 * no conversion is ever part-way, so it is never more than 0, but for uchar.h's c16rtomb, which keeps a high
 * surrogate in it until the low one comes. */
#ifndef KILN_LIBC_MBSTATE_H
#define KILN_LIBC_MBSTATE_H

typedef struct {
	int __count;
	union {
		unsigned int __wch;
		char __wchb[4];
	} __value;
} mbstate_t;

#endif
