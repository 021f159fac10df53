// SPDX-License-Identifier: Apache-2.0
#include "rtl_builder.h"

#include <stdlib.h>
#include <string.h>

struct rtlb {
	FILE *out[RB_NSECT];
	char *text[RB_NSECT];
	size_t len[RB_NSECT];
	char **strs; /* the strings rb_str handed out */
	size_t nstrs, cstrs;
	int failed;
};

rtlb *rb_new(void)
{
	rtlb *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	for (int s = 0; s < RB_NSECT; s++)
		if (!(b->out[s] = open_memstream(&b->text[s], &b->len[s]))) {
			rb_free(b);
			return NULL;
		}
	return b;
}

void rb_free(rtlb *b)
{
	if (!b)
		return;
	for (int s = 0; s < RB_NSECT; s++) {
		if (b->out[s])
			fclose(b->out[s]);
		free(b->text[s]);
	}
	for (size_t i = 0; i < b->nstrs; i++)
		free(b->strs[i]);
	free(b->strs);
	free(b);
}

FILE *rb_out(rtlb *b, rb_section s)
{
	return b->out[s];
}

const char *rb_str(rtlb *b, const char *fmt, ...)
{
	if (b->nstrs == b->cstrs) {
		size_t nc = b->cstrs ? 2 * b->cstrs : 256;
		char **ns = realloc(b->strs, nc * sizeof *ns);
		if (!ns) {
			b->failed = 1;
			return "";
		}
		b->strs = ns;
		b->cstrs = nc;
	}
	char *s;
	va_list ap;
	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = 1;
		return "";
	}
	b->strs[b->nstrs++] = s;
	return s;
}

void rb_fail(rtlb *b)
{
	b->failed = 1;
}

char *rb_finish(rtlb *b, size_t *len)
{
	size_t total = 0;
	for (int s = 0; s < RB_NSECT; s++) {
		if (b->out[s] && fclose(b->out[s]) != 0)
			b->failed = 1;
		b->out[s] = NULL;
		total += b->len[s];
	}
	char *all = b->failed ? NULL : malloc(total + 1);
	if (!all)
		return NULL;
	size_t at = 0;
	for (int s = 0; s < RB_NSECT; s++) {
		memcpy(all + at, b->text[s], b->len[s]);
		at += b->len[s];
	}
	all[at] = 0;
	*len = at;
	return all;
}
