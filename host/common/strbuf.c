// SPDX-License-Identifier: Apache-2.0
#include "host/common/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for EXTRA more bytes plus the NUL; 0 or -1 (and the buffer is marked out of memory). */
static int reserve(kiln_strbuf *b, size_t extra)
{
	if (b->oom)
		return -1;
	if (extra > (size_t)-1 / 2 - b->len) {
		b->oom = 1;
		return -1;
	}
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->oom = 1;
		return -1;
	}
	b->s = s;
	b->cap = cap;
	return 0;
}

void kiln_sb_addn(kiln_strbuf *b, const char *s, size_t len)
{
	if (reserve(b, len))
		return;
	memcpy(b->s + b->len, s, len);
	b->len += len;
	b->s[b->len] = 0;
}

void kiln_sb_add(kiln_strbuf *b, const char *s)
{
	kiln_sb_addn(b, s, strlen(s));
}

void kiln_sb_addc(kiln_strbuf *b, char c)
{
	kiln_sb_addn(b, &c, 1);
}

void kiln_sb_vprintf(kiln_strbuf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if (reserve(b, (size_t)n))
		return;
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void kiln_sb_printf(kiln_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	kiln_sb_vprintf(b, fmt, ap);
	va_end(ap);
}

void kiln_sb_pad(kiln_strbuf *b, size_t n)
{
	if (reserve(b, n))
		return;
	memset(b->s + b->len, ' ', n);
	b->len += n;
	b->s[b->len] = 0;
}

char *kiln_sb_finish(kiln_strbuf *b)
{
	char *s = NULL;
	if (!b->oom) {
		s = b->s ? b->s : calloc(1, 1);
		b->s = NULL;
	}
	kiln_sb_free(b);
	return s;
}

void kiln_sb_free(kiln_strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}
