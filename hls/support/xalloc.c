// SPDX-License-Identifier: Apache-2.0
#include "xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void *xrealloc(void *p, size_t n, size_t size)
{
	void *r = size && n > SIZE_MAX / size ? NULL : realloc(p, n * size);
	if (!r && n && size) {
		diag_error(NULL, 0, 0, "out of memory");
		exit(1);
	}
	return r;
}

void *xcalloc(size_t n, size_t size)
{
	void *r = calloc(n ? n : 1, size ? size : 1);
	if (!r) {
		diag_error(NULL, 0, 0, "out of memory");
		exit(1);
	}
	return r;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *r = xrealloc(NULL, n, 1);
	memcpy(r, s, n);
	return r;
}
