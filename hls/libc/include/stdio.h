// SPDX-License-Identifier: Apache-2.0
/* stdio.h: output for kernels. Declarations only: kiln-cc lowers the printf family and the put* calls itself
 * (there is no FILE buffer, no input and no file system on the device). */
#ifndef KILN_LIBC_STDIO_H
#define KILN_LIBC_STDIO_H

#define __need_size_t
#define __need_NULL
#include <stddef.h>

/* An incomplete type: streams are only ever handled through pointers. */
#ifndef __KILN_FILE_DEFINED
#define __KILN_FILE_DEFINED
typedef struct __kiln_file FILE;
#endif

/* The three standard streams are fixed objects whose addresses name them (nothing is stored in them); the
 * compiler recognises them by symbol when it lowers a call. */
extern FILE __kiln_stdin;
extern FILE __kiln_stdout;
extern FILE __kiln_stderr;
#define stdin (&__kiln_stdin)
#define stdout (&__kiln_stdout)
#define stderr (&__kiln_stderr)

#define EOF (-1)
#define BUFSIZ 8192

int printf(const char *__restrict format, ...) __attribute__((format(printf, 1, 2)));
int fprintf(FILE *__restrict stream, const char *__restrict format, ...)
    __attribute__((format(printf, 2, 3)));
int sprintf(char *__restrict str, const char *__restrict format, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *__restrict str, size_t size, const char *__restrict format, ...)
    __attribute__((format(printf, 3, 4)));
int vprintf(const char *__restrict format, __builtin_va_list ap) __attribute__((format(printf, 1, 0)));
int vfprintf(FILE *__restrict stream, const char *__restrict format, __builtin_va_list ap)
    __attribute__((format(printf, 2, 0)));
int vsprintf(char *__restrict str, const char *__restrict format, __builtin_va_list ap)
    __attribute__((format(printf, 2, 0)));
int vsnprintf(char *__restrict str, size_t size, const char *__restrict format, __builtin_va_list ap)
    __attribute__((format(printf, 3, 0)));
int puts(const char *s);
int fputs(const char *__restrict s, FILE *__restrict stream);
int putchar(int c);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);

#endif
