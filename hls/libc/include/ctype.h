// SPDX-License-Identifier: Apache-2.0
/* ctype.h: character classification and case mapping in the C locale (definitions in hls/libc/ctype.c). */
#ifndef KILN_LIBC_CTYPE_H
#define KILN_LIBC_CTYPE_H

/* Each takes EOF or a value of unsigned char; only the C locale exists, so bytes 128..255 are in no class. */
int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);
int isascii(int c);
int toascii(int c);

#endif
