// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's printing beyond what kiln-cc lowers itself (printf with a literal format, puts,
 * fputs, putchar, fputc, putc): vprintf and vfprintf, all of wide printing (wprintf, fwprintf, vwprintf,
 * vfwprintf, fputwc, putwc, putwchar, fputws, fwide), fwrite, perror, and the stream functions that have
 * nothing to do on the device (fflush, setvbuf, setbuf, ferror, feof, clearerr). Text is formatted into
 * memory by format.c's formatter and printed through the debug channel with the calls kiln-cc lowers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "format.h"

/* C's streams here are stdout and stderr; each call names a constant one, which is how kiln-cc tells them
 * apart when it lowers the call. */
static void stream_puts(FILE *stream, const char *s)
{
	if (stream == stderr)
		fputs(s, stderr);
	else
		fputs(s, stdout);
}

static void stream_putc(FILE *stream, int c)
{
	if (stream == stderr)
		fputc(c, stderr);
	else
		fputc(c, stdout);
}

/* Prints N characters to STREAM: narrow S as they are, or wide W as glibc's stream does in the C locale
 * (ASCII as itself, anything else as '?'). The debug channel carries NUL-terminated strings, so a NUL goes
 * as a character of its own; wide text is converted a chunk at a time. */
static void write_text(FILE *stream, const char *s, const wchar_t *w, size_t n)
{
	char chunk[128];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		wint_t c = s ? (unsigned char)s[i] : (wint_t)w[i];
		if (!c || k == sizeof chunk - 1) {
			chunk[k] = 0;
			if (k)
				stream_puts(stream, chunk);
			k = 0;
		}
		if (!c)
			stream_putc(stream, 0);
		else
			chunk[k++] = (char)(s || (unsigned int)c < 0x80 ? c : '?');
	}
	chunk[k] = 0;
	if (k)
		stream_puts(stream, chunk);
}

/* Printing a va_list (a logging wrapper's vprintf, and all of wide printing): formatted by format() (one
 * call site, so one formatter in hardware) into a buffer on chip, or from the heap when the text is longer,
 * and printed through the debug channel. Narrow FMT or wide WFMT, which WIDE says: a constant at each call,
 * so that each keeps only its own width's paths (a test of FMT, a pointer known only at run time, kept both
 * in hardware). The count of characters, or -1 (the text before an encoding error printed, as glibc does). */
static int print_va(FILE *stream, int wide, const char *fmt, const wchar_t *wfmt, va_list ap)
{
	enum { SMALL = 256 };
	char small[SMALL];
	wchar_t wsmall[SMALL];
	char *buf = small;
	wchar_t *wbuf = wsmall;
	size_t cap = SMALL;
	struct __kiln_out o;
	int r;
	for (;;) {
		o = (struct __kiln_out){wide ? NULL : buf, wide ? wbuf : NULL, cap, 0, 0};
		va_list aq;
		va_copy(aq, ap);
		r = __kiln_format(&o, wide ? NULL : fmt, wide ? wfmt : NULL, aq);
		va_end(aq);
		if (o.len < cap || cap > SMALL)
			break;
		cap = o.len + 1;
		if (wide ? !(wbuf = malloc(cap * sizeof *wbuf)) : !(buf = malloc(cap)))
			return -1; /* ENOMEM, from malloc */
	}
	size_t shown = o.len < cap ? o.len : cap - 1;
	if (!wide && shown && !o.nul) { /* the usual text: one string */
		buf[shown] = 0;
		stream_puts(stream, buf);
	} else {
		write_text(stream, wide ? NULL : buf, wbuf, shown);
	}
	if (cap > SMALL)
		free(wide ? (void *)wbuf : (void *)buf);
	return r < 0 || o.len > 2147483647u ? -1 : (int)o.len;
}

int vfprintf(FILE *restrict stream, const char *restrict fmt, va_list ap)
{
	return print_va(stream, 0, fmt, NULL, ap);
}

int vprintf(const char *restrict fmt, va_list ap)
{
	return print_va(stdout, 0, fmt, NULL, ap);
}

/* printf and fprintf of a format the debug channel does not carry (one built at run time, or with a wide
 * conversion): kiln-cc calls these in their place (hls/lower/debug_channel.c). */
int __kiln_printf(const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = print_va(stdout, 0, fmt, NULL, ap);
	va_end(ap);
	return r;
}

int __kiln_fprintf(FILE *restrict stream, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = print_va(stream, 0, fmt, NULL, ap);
	va_end(ap);
	return r;
}

/* ---- wide printing ---- */

/* The streams' orientation, which fwide sets and reads and wide output fixes (byte output, which kiln-cc
 * lowers, leaves it alone; C leaves the mix of the two undefined). */
static int orientation[2];

static int *orientation_of(FILE *stream)
{
	return &orientation[stream == stderr];
}

int fwide(FILE *stream, int mode)
{
	int *o = orientation_of(stream);
	if (!*o && mode)
		*o = mode > 0 ? 1 : -1;
	return *o;
}

int vfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, va_list ap)
{
	fwide(stream, 1);
	return print_va(stream, 1, NULL, fmt, ap);
}

int vwprintf(const wchar_t *restrict fmt, va_list ap)
{
	return vfwprintf(stdout, fmt, ap);
}

int fwprintf(FILE *restrict stream, const wchar_t *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfwprintf(stream, fmt, ap);
	va_end(ap);
	return r;
}

int wprintf(const wchar_t *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfwprintf(stdout, fmt, ap);
	va_end(ap);
	return r;
}

wint_t fputwc(wchar_t wc, FILE *stream)
{
	fwide(stream, 1);
	write_text(stream, NULL, &wc, 1);
	return (wint_t)wc;
}

wint_t putwc(wchar_t wc, FILE *stream)
{
	return fputwc(wc, stream);
}

wint_t putwchar(wchar_t wc)
{
	return fputwc(wc, stdout);
}

/* glibc returns 1. */
int fputws(const wchar_t *restrict ws, FILE *restrict stream)
{
	fwide(stream, 1);
	write_text(stream, NULL, ws, wcslen(ws));
	return 1;
}

/* ---- bytes ---- */

size_t fwrite(const void *restrict ptr, size_t size, size_t nmemb, FILE *restrict stream)
{
	if (!size || !nmemb)
		return 0;
	write_text(stream, ptr, NULL, size * nmemb);
	return nmemb;
}

/* glibc's form: "S: message\n", or the message alone when S is NULL or empty. */
void perror(const char *s)
{
	const char *m = strerror(errno);
	if (s && *s) {
		fputs(s, stderr);
		fputs(": ", stderr);
	}
	fputs(m, stderr);
	fputc('\n', stderr);
}

/* The debug channel delivers each call's text as it is made: nothing is ever buffered on the device. */
int fflush(FILE *stream)
{
	(void)stream;
	return 0;
}

int setvbuf(FILE *restrict stream, char *restrict buf, int mode, size_t size)
{
	(void)stream;
	(void)buf;
	(void)size;
	if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF) {
		errno = EINVAL;
		return -1; /* glibc */
	}
	return 0;
}

void setbuf(FILE *restrict stream, char *restrict buf)
{
	(void)stream;
	(void)buf;
}

/* Output through the channel does not fail, and the device has no input to reach the end of. */
int ferror(FILE *stream)
{
	(void)stream;
	return 0;
}

int feof(FILE *stream)
{
	(void)stream;
	return 0;
}

void clearerr(FILE *stream)
{
	(void)stream;
}
