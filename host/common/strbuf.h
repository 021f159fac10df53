// SPDX-License-Identifier: Apache-2.0
/* A growable NUL-terminated text buffer for the generators (JSON aside, every exported text is built with
 * it). */
#ifndef KILN_STRBUF_H
#define KILN_STRBUF_H
#include <stdarg.h>
#include <stddef.h>

typedef struct kiln_strbuf {
	char *s;    /* always NUL-terminated once anything was appended; NULL before */
	size_t len; /* bytes used, without the NUL */
	size_t cap;
	int oom; /* set once an allocation failed; later appends do nothing */
} kiln_strbuf;

/* Appends LEN bytes of S. */
void kiln_sb_addn(kiln_strbuf *b, const char *s, size_t len);
/* Appends the C string S. */
void kiln_sb_add(kiln_strbuf *b, const char *s);
/* Appends one character. */
void kiln_sb_addc(kiln_strbuf *b, char c);
/* Appends printf-formatted text. */
void kiln_sb_printf(kiln_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void kiln_sb_vprintf(kiln_strbuf *b, const char *fmt, va_list ap);
/* Appends N spaces (for column alignment). */
void kiln_sb_pad(kiln_strbuf *b, size_t n);
/* Hands the text over to the caller (malloc'd, "" when nothing was added); NULL if any append ran out of
 * memory. The buffer is empty afterwards. */
char *kiln_sb_finish(kiln_strbuf *b);
/* Frees the buffer's memory without returning it. */
void kiln_sb_free(kiln_strbuf *b);

#endif
