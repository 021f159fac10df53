// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's scanning of strings: sscanf, vsscanf, and swscanf, vswscanf on wide strings, one
 * scanner for both. The results are glibc's, return value, stores, errno and the characters each
 * conversion takes (which %n and the next directive see): every conversion of C's scanf (d i u o x X p n c s
 * [ f F e E g G a A %), assignment suppression, field widths, every length modifier, glibc's %C %S and
 * "(nil)" for %p, ranges in a scan set, the C locale's conversions between the widths (ASCII only: anything
 * else is EILSEQ). Not read: glibc's extensions beyond C ("%1$d", "%ms"), which stop the scan as an unknown
 * conversion does. Written for hardware: the format is read at run time, once, left to right; numbers go
 * through the scanners of strtoll and strtod (scan.h), so that a kernel calling both has one of each; a scan
 * set is matched by walking its text in the format, with no table. */
#include "format.h"
#include "scan.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>

/* Character I of the text at P, of characters W bytes wide, as it stands (a byte unsigned). */
static wchar_t raw_at(const void *p, size_t i, int w)
{
	return w == 1 ? ((const unsigned char *)p)[i] : ((const wchar_t *)p)[i];
}

/* Stores integer V through DST as length modifier LEN says (H: hh, L: ll, L and q). */
static void store_int(void *dst, char len, long long v)
{
	switch (len) {
	case 'H':
		*(signed char *)dst = (signed char)v;
		break;
	case 'h':
		*(short *)dst = (short)v;
		break;
	case 'l':
		if (__kiln_long32)
			*(int *)dst = (int)v;
		else
			*(long *)dst = (long)v;
		break;
	case 'L':
		*(long long *)dst = v;
		break;
	case 'j':
		*(intmax_t *)dst = v;
		break;
	case 'z':
		*(size_t *)dst = (size_t)v;
		break;
	case 't':
		*(ptrdiff_t *)dst = (ptrdiff_t)v;
		break;
	default:
		*(int *)dst = (int)v;
		break;
	}
}

/* Whether C is in the scan set whose text is characters FIRST to LAST (exclusive) of the format at FMT (W
 * bytes a character): a character, or a range "a-z" where '-' is neither first nor last and its ends are in
 * order (else the three characters stand for themselves), as glibc. */
static int in_set(const void *fmt, int w, size_t first, size_t last, wchar_t c)
{
	for (size_t k = first; k < last; k++) {
		wchar_t s = raw_at(fmt, k, w);
		if (s == '-' && k > first && k + 1 < last) {
			wchar_t lo = raw_at(fmt, k - 1, w), hi = raw_at(fmt, k + 1, w);
			if (lo <= hi) {
				if (c >= lo && c <= hi)
					return 1;
				continue;
			}
		}
		if (s == c)
			return 1;
	}
	return 0;
}

/* Scans the string S as the format FMT says, both of characters W bytes wide, storing through the pointers
 * AP holds; returns the conversions stored, or EOF when the string ends before the first one. */
static int scan(const void *s, const void *fmt, int w, va_list ap)
{
	size_t i = 0, p = 0; /* where the string and the format are read */
	int done = 0;
#define IN(k) raw_at(s, i + (k), w)
#define AT(k) raw_at(fmt, p + (k), w)
/* the string ended where the format wanted a character */
#define INPUT_FAILURE (done ? done : EOF)
	/* glibc's errno where its reading first met the end, which each later read of the end puts back (so
	 * that an ERANGE of a number the text ends in is lost when the format reads on): a read records
	 * errno, the skipping of white space before a conversion records 0 (it clears errno around it) */
	int end_errno = -1;
#define READ_END() (end_errno < 0 ? (void)(end_errno = errno) : (void)(errno = end_errno))
#define SKIP_END() (end_errno = end_errno < 0 ? 0 : end_errno)
	for (;;) {
		wchar_t f = AT(0);
		if (!f)
			return done;
		if (scan_space(f)) { /* a directive of white space takes any */
			while (scan_space(AT(0)))
				p++;
			while (scan_space(IN(0)))
				i++;
			if (!IN(0) && AT(0) == '%')
				SKIP_END(); /* glibc skips at the conversion that follows */
			else if (!IN(0))
				READ_END();
			continue;
		}
		if (f != '%') { /* another character takes itself */
			if (!IN(0)) {
				READ_END();
				return INPUT_FAILURE;
			}
			if (IN(0) != f)
				return done;
			i++;
			p++;
			continue;
		}
		p++;
		int suppress = AT(0) == '*';
		p += (size_t)suppress;
		size_t width = 0;
		for (; AT(0) >= '0' && AT(0) <= '9'; p++)
			width = width > 100000000 ? width : width * 10 + (size_t)(AT(0) - '0');
		char len = __kiln_length(AT(0), AT(0) == 'h' || AT(0) == 'l' ? AT(1) : 0, &p);
		wchar_t conv = AT(0);
		p++;
		/* a scan set's text: from after '[' (and '^') to its ']', a ']' first being a member */
		size_t set_first = p, set_last = p;
		int negate = 0;
		if (conv == '[') {
			negate = AT(0) == '^';
			set_first = p += (size_t)negate;
			if (AT(0) == ']')
				p++;
			while (AT(0) && AT(0) != ']')
				p++;
			if (!AT(0))
				return done;
			set_last = p++;
		}
		int number = conv == 'd' || conv == 'i' || conv == 'u' || conv == 'o' || conv == 'x' ||
		             conv == 'X' || conv == 'p';
		int real = conv == 'f' || conv == 'F' || conv == 'e' || conv == 'E' || conv == 'g' ||
		           conv == 'G' || conv == 'a' || conv == 'A';
		int text = conv == 'c' || conv == 'C' || conv == 's' || conv == 'S' || conv == '[';
		if (!number && !real && !text && conv != 'n' && conv != '%')
			return done; /* no conversion, or the format ends inside one */
		void *dst = suppress || conv == '%' ? NULL : va_arg(ap, void *);
		if (conv == 'n') {
			if (dst)
				store_int(dst, len, (long long)i);
			continue;
		}
		if (conv != 'c' && conv != 'C' && conv != '[') {
			while (scan_space(IN(0)))
				i++;
			if (!IN(0))
				SKIP_END();
		}
		if (!IN(0)) {
			READ_END();
			return INPUT_FAILURE;
		}
		if (conv == '%') { /* "%%" takes a '%' after white space */
			if (IN(0) != '%')
				return done;
			i++;
			continue;
		}
		int before = errno; /* for READ_END, when the number ends the text */
		size_t lim = width ? width : SCAN_ALL, end;
		if (number) {
			long long v;
			if (conv == 'p' && IN(0) == '(' && IN(1) == 'n' && IN(2) == 'i' && IN(3) == 'l' &&
			    IN(4) == ')' && lim >= 5) {
				v = 0; /* what glibc's printf writes for a null pointer */
				end = 5;
			} else {
				int base = conv == 'd' || conv == 'u' ? 10
				           : conv == 'i'              ? 0
				           : conv == 'o'              ? 8
				                                      : 16;
				v = __kiln_scan_int((const char *)s + i * (size_t)w, w, lim, base,
				                    conv == 'd' || conv == 'i', &end);
			}
			if (end < lim && !raw_at(s, i + end, w) && end_errno < 0)
				end_errno = before;
			if (!end)
				return done;
			i += end;
			if (dst) {
				if (conv == 'p')
					*(void **)dst = (void *)(uintptr_t)v;
				else
					store_int(dst, len, v);
				done++;
			}
			continue;
		}
		if (real) {
			double v = __kiln_scan_float((const char *)s + i * (size_t)w, w, lim, !len, &end);
			if (end < lim && !raw_at(s, i + end, w) && end_errno < 0)
				end_errno = before;
			if (!end)
				return done;
			i += end;
			if (dst) {
				if (len == 'L')
					*(long double *)dst = v;
				else if (len == 'l')
					*(double *)dst = v;
				else
					*(float *)dst = (float)v;
				done++;
			}
			continue;
		}
		/* characters, a string or a scan set: stored narrow or wide, converted in the C locale when
		 * the widths differ (ASCII only) */
		int wide_dst =
		    len == 'l' || len == 'L' || conv == 'C' || conv == 'S'; /* ll, L, q too, as glibc */
		int convert = wide_dst != (w != 1), chars = conv == 'c' || conv == 'C';
		if (chars && !width)
			lim = 1;
		size_t k = 0;
		for (; k < lim; k++) {
			wchar_t c = IN(0);
			if (!c)
				READ_END();
			if (!c || (chars         ? 0
			           : conv == '[' ? in_set(fmt, w, set_first, set_last, c) == negate
			                         : scan_space(c)))
				break;
			/* glibc decodes a narrow string's bytes even to skip them, and encodes wide
			 * characters only to store them */
			if (convert && (c < 0 || c >= 0x80) && (dst || w == 1)) {
				errno = EILSEQ;
				/* glibc: a wide character that is no byte fails %c as the end of the input
				 * would */
				return chars && w != 1 ? INPUT_FAILURE : done;
			}
			i++;
			if (dst && wide_dst)
				((wchar_t *)dst)[k] = c;
			else if (dst)
				((char *)dst)[k] = (char)c;
		}
		if (!k)
			return done; /* a scan set matched nothing */
		if (dst && !chars) {
			if (wide_dst)
				((wchar_t *)dst)[k] = 0;
			else
				((char *)dst)[k] = 0;
		}
		done += dst != NULL;
	}
#undef SKIP_END
#undef READ_END
#undef INPUT_FAILURE
#undef AT
#undef IN
}

int vsscanf(const char *restrict s, const char *restrict fmt, va_list ap)
{
	return scan(s, fmt, 1, ap);
}

int vswscanf(const wchar_t *restrict s, const wchar_t *restrict fmt, va_list ap)
{
	return scan(s, fmt, (int)sizeof(wchar_t), ap);
}

int sscanf(const char *restrict s, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsscanf(s, fmt, ap);
	va_end(ap);
	return r;
}

int swscanf(const wchar_t *restrict s, const wchar_t *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswscanf(s, fmt, ap);
	va_end(ap);
	return r;
}
