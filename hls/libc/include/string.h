// SPDX-License-Identifier: Apache-2.0
/* string.h: the kernel C library's memory and string functions (C11 names; definitions in hls/libc/string.c).
 */
#ifndef KILN_LIBC_STRING_H
#define KILN_LIBC_STRING_H

#define __need_size_t
#define __need_NULL
#include <stddef.h>

void *memcpy(void *__restrict dest, const void *__restrict src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *s1, const void *s2, size_t n);
void *memchr(const void *s, int c, size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
char *strcpy(char *__restrict dest, const char *__restrict src);
char *strncpy(char *__restrict dest, const char *__restrict src, size_t n);
char *strcat(char *__restrict dest, const char *__restrict src);
char *strncat(char *__restrict dest, const char *__restrict src, size_t n);
int strcmp(const char *s1, const char *s2);
int strncmp(const char *s1, const char *s2, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strtok(char *__restrict s, const char *__restrict delim);
/* Copies on the image's heap (hls/libc/malloc.c). */
char *strdup(const char *s);
char *strndup(const char *s, size_t n);
/* glibc's message for an error number (hls/libc/errno.c). */
char *strerror(int errnum);

#endif
