// SPDX-License-Identifier: Apache-2.0
/* stdio.h: output for kernels. kiln-cc lowers printf with a literal format and the put* calls itself; the
 * kernel C library formats into memory and prints a va_list (format.c, print.c) and scans strings
 * (scanf.c). There is no FILE buffer, no input and no file system on the device: what needs them is declared
 * so that programs compile, and refused at the call. */
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

#include "_kiln_cdefs.h"

#define EOF (-1)
#define BUFSIZ 8192
/* glibc's values */
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define TMP_MAX 238328

/* glibc's size and alignment (16 bytes: a position and a conversion state) */
typedef struct {
	long long int __pos;
	struct {
		int __count;
		unsigned int __value;
	} __state;
} fpos_t;

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
size_t fwrite(const void *__restrict ptr, size_t size, size_t nmemb, FILE *__restrict stream);
void perror(const char *s);
int fflush(FILE *stream);
int setvbuf(FILE *__restrict stream, char *__restrict buf, int mode, size_t size);
void setbuf(FILE *__restrict stream, char *__restrict buf);
int ferror(FILE *stream);
int feof(FILE *stream);
void clearerr(FILE *stream);
int sscanf(const char *__restrict s, const char *__restrict format, ...) __attribute__((format(scanf, 2, 3)));
int vsscanf(const char *__restrict s, const char *__restrict format, __builtin_va_list ap)
    __attribute__((format(scanf, 2, 0)));

#define __KILN_NO_FILES                                                                                      \
	__KILN_NOT_IN_HARDWARE("files are not supported in hardware (a kernel has stdout and stderr, which " \
	                       "are not files): pass data in device memory")
#define __KILN_NO_INPUT                                                                                      \
	__KILN_NOT_IN_HARDWARE("input is not supported in hardware (a kernel has no standard input and no "  \
	                       "files): pass data in device memory")
/* Macros for the names clang knows as builtins, whose first declaration is clang's own (as setjmp.h; not
 * function-like, which C89 cannot write for the variadic ones). */
#define fopen __kiln_fopen
#define fread __kiln_fread
#define scanf __kiln_scanf
#define fscanf __kiln_fscanf
#define vscanf __kiln_vscanf
#define vfscanf __kiln_vfscanf
FILE *__kiln_fopen(const char *__restrict path, const char *__restrict mode) __KILN_NO_FILES;
FILE *freopen(const char *__restrict path, const char *__restrict mode,
              FILE *__restrict stream) __KILN_NO_FILES;
int fclose(FILE *stream) __KILN_NO_FILES;
int remove(const char *path) __KILN_NO_FILES;
int rename(const char *from, const char *to) __KILN_NO_FILES;
FILE *tmpfile(void) __KILN_NO_FILES;
char *tmpnam(char *s) __KILN_NO_FILES;
int fseek(FILE *stream, long int offset, int whence) __KILN_NO_FILES;
long int ftell(FILE *stream) __KILN_NO_FILES;
void rewind(FILE *stream) __KILN_NO_FILES;
int fgetpos(FILE *__restrict stream, fpos_t *__restrict pos) __KILN_NO_FILES;
int fsetpos(FILE *stream, const fpos_t *pos) __KILN_NO_FILES;
int fgetc(FILE *stream) __KILN_NO_INPUT;
int getc(FILE *stream) __KILN_NO_INPUT;
int getchar(void) __KILN_NO_INPUT;
int ungetc(int c, FILE *stream) __KILN_NO_INPUT;
char *fgets(char *__restrict s, int n, FILE *__restrict stream) __KILN_NO_INPUT;
size_t __kiln_fread(void *__restrict ptr, size_t size, size_t nmemb, FILE *__restrict stream) __KILN_NO_INPUT;
int __kiln_scanf(const char *__restrict format, ...) __KILN_NO_INPUT;
int __kiln_fscanf(FILE *__restrict stream, const char *__restrict format, ...) __KILN_NO_INPUT;
int __kiln_vscanf(const char *__restrict format, __builtin_va_list ap) __KILN_NO_INPUT;
int __kiln_vfscanf(FILE *__restrict stream, const char *__restrict format,
                   __builtin_va_list ap) __KILN_NO_INPUT;

#endif
