// SPDX-License-Identifier: Apache-2.0
/* wchar.h: wide strings for kernels, in the C locale (definitions in hls/libc/wchar.c, and the wcsto*
 * conversions beside strto* in stdlib.c). wchar_t is glibc's 32-bit int; multibyte text is ASCII, one byte
 * a character, as glibc's C locale has it. Wide output formats on the device (hls/libc/format.c, wcsftime
 * in time.c); input, which a kernel does not have, and scanning are declared so that programs compile, and
 * refused at the call. */
#ifndef KILN_LIBC_WCHAR_H
#define KILN_LIBC_WCHAR_H

#define __need_size_t
#define __need_wchar_t
#define __need_NULL
#include <stddef.h>

#include "_kiln_cdefs.h"

#ifndef __KILN_WINT_T_DEFINED
#define __KILN_WINT_T_DEFINED
/* The compiler's own wint_t (int on the device, unsigned int on x86-64 as glibc's), so that printf's format
 * checks agree with the headers on %lc; WEOF is the one value no character takes. */
typedef __WINT_TYPE__ wint_t;
#define WEOF ((wint_t)-1)
#endif

#include "_kiln_mbstate.h"

/* stdint.h's too (the compiler's): the same values, defined once */
#ifndef WCHAR_MIN
#define WCHAR_MIN (-__WCHAR_MAX__ - 1)
#endif
#ifndef WCHAR_MAX
#define WCHAR_MAX __WCHAR_MAX__
#endif

#ifndef __KILN_FILE_DEFINED
#define __KILN_FILE_DEFINED
typedef struct __kiln_file FILE;
#endif
struct tm;

size_t wcslen(const wchar_t *s);
size_t wcsnlen(const wchar_t *s, size_t maxlen);
wchar_t *wcscpy(wchar_t *__restrict dest, const wchar_t *__restrict src);
wchar_t *wcsncpy(wchar_t *__restrict dest, const wchar_t *__restrict src, size_t n);
wchar_t *wcscat(wchar_t *__restrict dest, const wchar_t *__restrict src);
wchar_t *wcsncat(wchar_t *__restrict dest, const wchar_t *__restrict src, size_t n);
int wcscmp(const wchar_t *s1, const wchar_t *s2);
int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
int wcscoll(const wchar_t *s1, const wchar_t *s2);
size_t wcsxfrm(wchar_t *__restrict dest, const wchar_t *__restrict src, size_t n);
wchar_t *wcschr(const wchar_t *s, wchar_t c);
wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle);
size_t wcsspn(const wchar_t *s, const wchar_t *accept);
size_t wcscspn(const wchar_t *s, const wchar_t *reject);
wchar_t *wcspbrk(const wchar_t *s, const wchar_t *accept);
wchar_t *wcstok(wchar_t *__restrict s, const wchar_t *__restrict delim, wchar_t **__restrict ptr);
wchar_t *wmemcpy(wchar_t *__restrict dest, const wchar_t *__restrict src, size_t n);
wchar_t *wmemmove(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n);
int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n);

long int wcstol(const wchar_t *__restrict nptr, wchar_t **__restrict endptr, int base)
    __KILN_LONG_ABI(wcstol);
unsigned long int wcstoul(const wchar_t *__restrict nptr, wchar_t **__restrict endptr, int base)
    __KILN_LONG_ABI(wcstoul);
long long int wcstoll(const wchar_t *__restrict nptr, wchar_t **__restrict endptr, int base);
unsigned long long int wcstoull(const wchar_t *__restrict nptr, wchar_t **__restrict endptr, int base);
double wcstod(const wchar_t *__restrict nptr, wchar_t **__restrict endptr);
float wcstof(const wchar_t *__restrict nptr, wchar_t **__restrict endptr);
long double wcstold(const wchar_t *__restrict nptr, wchar_t **__restrict endptr) __KILN_LDBL(wcstod);

wint_t btowc(int c);
int wctob(wint_t c);
int mbsinit(const mbstate_t *ps);
size_t mbrlen(const char *__restrict s, size_t n, mbstate_t *__restrict ps);
size_t mbrtowc(wchar_t *__restrict pwc, const char *__restrict s, size_t n, mbstate_t *__restrict ps);
size_t wcrtomb(char *__restrict s, wchar_t wc, mbstate_t *__restrict ps);
size_t mbsrtowcs(wchar_t *__restrict dest, const char **__restrict src, size_t len, mbstate_t *__restrict ps);
size_t wcsrtombs(char *__restrict dest, const wchar_t **__restrict src, size_t len, mbstate_t *__restrict ps);

/* Wide output formats and converts on the device and prints as the C locale's bytes (format.c), wide
 * strings scan (scanf.c); a kernel has no input. */
#define __KILN_NO_WIDE_INPUT                                                                                 \
	__KILN_NOT_IN_HARDWARE("input is not supported in hardware (a kernel has no standard input and no "  \
	                       "files): pass data in device memory")
int fwprintf(FILE *__restrict stream, const wchar_t *__restrict format, ...);
int wprintf(const wchar_t *__restrict format, ...);
int swprintf(wchar_t *__restrict s, size_t n, const wchar_t *__restrict format, ...);
int vfwprintf(FILE *__restrict stream, const wchar_t *__restrict format, __builtin_va_list arg);
int vwprintf(const wchar_t *__restrict format, __builtin_va_list arg);
int vswprintf(wchar_t *__restrict s, size_t n, const wchar_t *__restrict format, __builtin_va_list arg);
wint_t fputwc(wchar_t wc, FILE *stream);
wint_t putwc(wchar_t wc, FILE *stream);
wint_t putwchar(wchar_t wc);
int fputws(const wchar_t *__restrict ws, FILE *__restrict stream);
int fwide(FILE *stream, int mode);
int swscanf(const wchar_t *__restrict s, const wchar_t *__restrict format, ...);
int vswscanf(const wchar_t *__restrict s, const wchar_t *__restrict format, __builtin_va_list arg);
size_t wcsftime(wchar_t *__restrict s, size_t maxsize, const wchar_t *__restrict format,
                const struct tm *__restrict tm);

int fwscanf(FILE *__restrict stream, const wchar_t *__restrict format, ...) __KILN_NO_WIDE_INPUT;
int wscanf(const wchar_t *__restrict format, ...) __KILN_NO_WIDE_INPUT;
int vfwscanf(FILE *__restrict stream, const wchar_t *__restrict format,
             __builtin_va_list arg) __KILN_NO_WIDE_INPUT;
int vwscanf(const wchar_t *__restrict format, __builtin_va_list arg) __KILN_NO_WIDE_INPUT;
wint_t fgetwc(FILE *stream) __KILN_NO_WIDE_INPUT;
wint_t getwc(FILE *stream) __KILN_NO_WIDE_INPUT;
wint_t getwchar(void) __KILN_NO_WIDE_INPUT;
wchar_t *fgetws(wchar_t *__restrict ws, int n, FILE *__restrict stream) __KILN_NO_WIDE_INPUT;
wint_t ungetwc(wint_t wc, FILE *stream) __KILN_NO_WIDE_INPUT;

#endif
