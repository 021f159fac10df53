// SPDX-License-Identifier: Apache-2.0
/* Sorting for the compiler and the runtime. C's qsort requires a non-null base even for an empty array
 * (UBSan's nonnull-attribute check fires on qsort(NULL, 0, ...)), and an empty list is often a NULL pointer
 * here; every sort goes through this one wrapper so no call site has to remember. */
#ifndef KILN_SORT_H
#define KILN_SORT_H
#include <stdlib.h>

/* Sorts N elements of SIZE bytes at BASE with CMP; BASE may be NULL when N < 2. */
static inline void kiln_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

#endif
