// SPDX-License-Identifier: Apache-2.0
/* strings.h: the BSD/POSIX byte and case-insensitive string functions (definitions in hls/libc/strings.c). */
#ifndef KILN_LIBC_STRINGS_H
#define KILN_LIBC_STRINGS_H

#define __need_size_t
#include <stddef.h>

#include "_kiln_cdefs.h"

void bzero(void *s, size_t n);
void bcopy(const void *src, void *dest, size_t n);
int bcmp(const void *s1, const void *s2, size_t n);
int strcasecmp(const char *s1, const char *s2);
int strncasecmp(const char *s1, const char *s2, size_t n);
int ffs(int i);
int ffsl(long int l) __KILN_LONG_ABI(ffsl);
int ffsll(long long int ll);

#endif
