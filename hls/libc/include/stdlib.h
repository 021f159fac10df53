// SPDX-License-Identifier: Apache-2.0
/* stdlib.h: integer arithmetic, number parsing, rand, qsort/bsearch for kernels (definitions in
 * hls/libc/stdlib.c, rand.c, sort.c); abort, exit and the allocator are declarations that kiln-cc lowers or
 * diagnoses. */
#ifndef KILN_LIBC_STDLIB_H
#define KILN_LIBC_STDLIB_H

#define __need_size_t
#define __need_wchar_t
#define __need_NULL
#include <stddef.h>

#include "_kiln_cdefs.h"

#define EXIT_FAILURE 1
#define EXIT_SUCCESS 0
/* glibc's: rand() returns 31 bits. */
#define RAND_MAX 2147483647

typedef struct {
	int quot;
	int rem;
} div_t;
typedef struct {
	long int quot;
	long int rem;
} ldiv_t;
typedef struct {
	long long int quot;
	long long int rem;
} lldiv_t;

/* Ending the kernel: kiln-cc lowers these (no process, no atexit handlers). */
void abort(void) __attribute__((noreturn));
void exit(int status) __attribute__((noreturn));
void _Exit(int status) __attribute__((noreturn));

int abs(int j) __attribute__((const));
long int labs(long int j) __KILN_LONG_ABI(labs) __attribute__((const));
long long int llabs(long long int j) __attribute__((const));
div_t div(int numer, int denom) __KILN_LONG_ABI(div) __attribute__((const));
ldiv_t ldiv(long int numer, long int denom) __KILN_LONG_ABI(ldiv) __attribute__((const));
lldiv_t lldiv(long long int numer, long long int denom) __attribute__((const));

int atoi(const char *nptr);
long int atol(const char *nptr) __KILN_LONG_ABI(atol);
long long int atoll(const char *nptr);
long int strtol(const char *__restrict nptr, char **__restrict endptr, int base) __KILN_LONG_ABI(strtol);
unsigned long int strtoul(const char *__restrict nptr, char **__restrict endptr, int base)
    __KILN_LONG_ABI(strtoul);
long long int strtoll(const char *__restrict nptr, char **__restrict endptr, int base);
unsigned long long int strtoull(const char *__restrict nptr, char **__restrict endptr, int base);
/* Correctly rounded, as glibc's (hls/libc/strtod.c). */
double atof(const char *nptr);
double strtod(const char *__restrict nptr, char **__restrict endptr);
float strtof(const char *__restrict nptr, char **__restrict endptr);
long double strtold(const char *__restrict nptr, char **__restrict endptr) __KILN_LDBL(strtod);

/* The C locale's multibyte text is ASCII, one byte a character (hls/libc/wchar.c). */
#define MB_CUR_MAX ((size_t)1)
int mblen(const char *s, size_t n);
int mbtowc(wchar_t *__restrict pwc, const char *__restrict s, size_t n);
int wctomb(char *s, wchar_t wc);
size_t mbstowcs(wchar_t *__restrict dest, const char *__restrict src, size_t n);
size_t wcstombs(char *__restrict dest, const wchar_t *__restrict src, size_t n);

/* glibc's generator, bit for bit (hls/libc/rand.c). */
int rand(void);
void srand(unsigned int seed);

void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));

/* The image's heap in device memory (hls/libc/malloc.c; its size: kiln-cc --heap-size, KILN_HEAP_SIZE). */
void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);

#endif
