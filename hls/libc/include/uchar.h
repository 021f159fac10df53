// SPDX-License-Identifier: Apache-2.0
/* uchar.h (C11): UTF-16 and UTF-32 characters to and from the C locale's multibyte text, which is ASCII,
 * one byte a character, as wchar.h's conversions (definitions in hls/libc/wchar.c). */
#ifndef KILN_LIBC_UCHAR_H
#define KILN_LIBC_UCHAR_H

#define __need_size_t
#include <stddef.h>

typedef __CHAR16_TYPE__ char16_t;
typedef __CHAR32_TYPE__ char32_t;

#include "_kiln_mbstate.h"

size_t mbrtoc16(char16_t *__restrict pc16, const char *__restrict s, size_t n, mbstate_t *__restrict ps);
size_t c16rtomb(char *__restrict s, char16_t c16, mbstate_t *__restrict ps);
size_t mbrtoc32(char32_t *__restrict pc32, const char *__restrict s, size_t n, mbstate_t *__restrict ps);
size_t c32rtomb(char *__restrict s, char32_t c32, mbstate_t *__restrict ps);

#endif
