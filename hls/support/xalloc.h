// SPDX-License-Identifier: Apache-2.0
/* Growth of the compiler's working arrays. The passes that keep such arrays (points-to sets, schedules, the
 * CDFG) have no path to report a failure mid-pass, so running out of memory there ends the tool with a
 * diagnostic and status 1, rather than writing through a null pointer. */
#ifndef KILN_XALLOC_H
#define KILN_XALLOC_H
#include <stddef.h>

/* realloc(P, N * SIZE), or, when that fails or N * SIZE overflows, "out of memory" and exit(1). */
void *xrealloc(void *p, size_t n, size_t size);
/* calloc(N, SIZE), or "out of memory" and exit(1). */
void *xcalloc(size_t n, size_t size);
/* A copy of string S, or "out of memory" and exit(1). */
char *xstrdup(const char *s);

#endif
