// SPDX-License-Identifier: Apache-2.0
/* wctype.h: wide character classes and case mapping in the C locale (definitions in hls/libc/wctype.c):
 * the ASCII characters are classed as <ctype.h> classes them, and every other wide character, WEOF
 * included, is in no class and maps to itself, as in glibc's C locale. */
#ifndef KILN_LIBC_WCTYPE_H
#define KILN_LIBC_WCTYPE_H

#define __need_wchar_t
#include <stddef.h>

#include "_kiln_cdefs.h"

#ifndef __KILN_WINT_T_DEFINED
#define __KILN_WINT_T_DEFINED
/* The compiler's own wint_t (int on the device, unsigned int on x86-64 as glibc's), so that printf's format
 * checks agree with the headers on %lc; WEOF is the one value no character takes. */
typedef __WINT_TYPE__ wint_t;
#define WEOF ((wint_t)-1)
#endif
/* A class (1..12) or a mapping (1 tolower, 2 toupper), 0 for a name that is none; glibc's are pointers,
 * which a program can only compare with 0 and hand back. */
typedef unsigned __KILN_LONG64 int wctype_t;
typedef const int *wctrans_t;

int iswalnum(wint_t wc);
int iswalpha(wint_t wc);
int iswblank(wint_t wc);
int iswcntrl(wint_t wc);
int iswdigit(wint_t wc);
int iswgraph(wint_t wc);
int iswlower(wint_t wc);
int iswprint(wint_t wc);
int iswpunct(wint_t wc);
int iswspace(wint_t wc);
int iswupper(wint_t wc);
int iswxdigit(wint_t wc);
wint_t towlower(wint_t wc);
wint_t towupper(wint_t wc);
wctype_t wctype(const char *name);
int iswctype(wint_t wc, wctype_t desc);
wctrans_t wctrans(const char *name);
wint_t towctrans(wint_t wc, wctrans_t desc);

#endif
