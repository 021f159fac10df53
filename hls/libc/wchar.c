// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's wide strings (<wchar.h>) and the C locale's multibyte conversions (<wchar.h>,
 * <stdlib.h>). Written for hardware like string.c: one loop a function, no allocation, no recursion.
 * Comparisons take wchar_t as the signed int it is and return -1, 0 or 1, as glibc's on x86-64 do. The C
 * locale's multibyte text is ASCII: a byte below 0x80 is that character, any other is an encoding error
 * (EILSEQ), and a wide character above 0x7f has no multibyte form, exactly as glibc's C locale. */
#include <errno.h>
#include <stdlib.h>
#include <uchar.h>
#include <wchar.h>

size_t wcslen(const wchar_t *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

size_t wcsnlen(const wchar_t *s, size_t maxlen)
{
	size_t n = 0;
	while (n < maxlen && s[n])
		n++;
	return n;
}

wchar_t *wcscpy(wchar_t *restrict dest, const wchar_t *restrict src)
{
	size_t i = 0;
	while ((dest[i] = src[i]))
		i++;
	return dest;
}

/* Copies at most N characters and pads with L'\0' to N, as strncpy. */
wchar_t *wcsncpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n)
{
	size_t i = 0;
	for (; i < n && src[i]; i++)
		dest[i] = src[i];
	for (; i < n; i++)
		dest[i] = 0;
	return dest;
}

wchar_t *wcscat(wchar_t *restrict dest, const wchar_t *restrict src)
{
	wcscpy(dest + wcslen(dest), src);
	return dest;
}

wchar_t *wcsncat(wchar_t *restrict dest, const wchar_t *restrict src, size_t n)
{
	wchar_t *d = dest + wcslen(dest);
	size_t i = 0;
	for (; i < n && src[i]; i++)
		d[i] = src[i];
	d[i] = 0;
	return dest;
}

static int order(wchar_t a, wchar_t b)
{
	return a < b ? -1 : a > b;
}

int wcscmp(const wchar_t *s1, const wchar_t *s2)
{
	size_t i = 0;
	while (s1[i] && s1[i] == s2[i])
		i++;
	return order(s1[i], s2[i]);
}

int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n)
{
	size_t i = 0;
	if (!n)
		return 0;
	while (i + 1 < n && s1[i] && s1[i] == s2[i])
		i++;
	return order(s1[i], s2[i]);
}

/* The C locale collates by code point. */
int wcscoll(const wchar_t *s1, const wchar_t *s2)
{
	return wcscmp(s1, s2);
}

/* As glibc's C locale: the string itself, of which at most N characters (its terminator among them) are
 * copied. */
size_t wcsxfrm(wchar_t *restrict dest, const wchar_t *restrict src, size_t n)
{
	size_t len = wcslen(src);
	for (size_t i = 0; i < n && i <= len; i++)
		dest[i] = src[i];
	return len;
}

wchar_t *wcschr(const wchar_t *s, wchar_t c)
{
	for (;; s++) {
		if (*s == c)
			return (wchar_t *)s;
		if (!*s)
			return NULL;
	}
}

wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
	const wchar_t *last = NULL;
	for (;; s++) {
		if (*s == c)
			last = s;
		if (!*s)
			return (wchar_t *)last;
	}
}

wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle)
{
	size_t n = wcslen(needle);
	for (; *haystack; haystack++)
		if (!wmemcmp(haystack, needle, n))
			return (wchar_t *)haystack;
	return n ? NULL : (wchar_t *)haystack;
}

size_t wcsspn(const wchar_t *s, const wchar_t *accept)
{
	size_t n = 0;
	while (s[n] && wcschr(accept, s[n]))
		n++;
	return n;
}

size_t wcscspn(const wchar_t *s, const wchar_t *reject)
{
	size_t n = 0;
	while (s[n] && !wcschr(reject, s[n]))
		n++;
	return n;
}

wchar_t *wcspbrk(const wchar_t *s, const wchar_t *accept)
{
	s += wcscspn(s, accept);
	return *s ? (wchar_t *)s : NULL;
}

/* C95's wcstok: the position is the caller's (*PTR), not the library's; NULL once the string is done, and
 * a call on a NULL position is EINVAL, as glibc. */
wchar_t *wcstok(wchar_t *restrict s, const wchar_t *restrict delim, wchar_t **restrict ptr)
{
	if (!s && !*ptr) {
		errno = EINVAL;
		return NULL;
	}
	if (!s)
		s = *ptr;
	s += wcsspn(s, delim);
	if (!*s) {
		*ptr = NULL;
		return NULL;
	}
	wchar_t *end = s + wcscspn(s, delim);
	*ptr = *end ? end + 1 : NULL;
	*end = 0;
	return s;
}

wchar_t *wmemcpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dest[i] = src[i];
	return dest;
}

/* Forwards when the destination is below the source, backwards otherwise, as memmove in string.c. */
wchar_t *wmemmove(wchar_t *dest, const wchar_t *src, size_t n)
{
	if (dest < src)
		for (size_t i = 0; i < n; i++)
			dest[i] = src[i];
	else
		for (size_t i = n; i > 0; i--)
			dest[i - 1] = src[i - 1];
	return dest;
}

wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		s[i] = c;
	return s;
}

int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s1[i] != s2[i])
			return order(s1[i], s2[i]);
	return 0;
}

wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == c)
			return (wchar_t *)s + i;
	return NULL;
}

wint_t btowc(int c)
{
	return c >= 0 && c < 0x80 ? (wint_t)c : WEOF;
}

int wctob(wint_t c)
{
	return (unsigned int)c < 0x80 ? (int)c : -1; /* WEOF too, wint_t signed or not */
}

int mbsinit(const mbstate_t *ps)
{
	return !ps || !ps->__count;
}

size_t mbrtowc(wchar_t *restrict pwc, const char *restrict s, size_t n, mbstate_t *restrict ps)
{
	(void)ps; /* no conversion is ever part-way */
	if (!s)
		return 0;
	if (!n)
		return (size_t)-2;
	unsigned char c = (unsigned char)*s;
	if (c >= 0x80) {
		errno = EILSEQ;
		return (size_t)-1;
	}
	if (pwc)
		*pwc = c;
	return c != 0;
}

size_t mbrlen(const char *restrict s, size_t n, mbstate_t *restrict ps)
{
	return mbrtowc(NULL, s, n, ps);
}

size_t wcrtomb(char *restrict s, wchar_t wc, mbstate_t *restrict ps)
{
	(void)ps;
	if (!s)
		return 1;
	if (wc < 0 || wc >= 0x80) {
		errno = EILSEQ;
		return (size_t)-1;
	}
	*s = (char)wc;
	return 1;
}

/* uchar.h: ASCII is the whole of the C locale's text, so these are mbrtowc and wcrtomb, but that, as in
 * glibc, c16rtomb keeps a high surrogate in the state (returning 0) until the low one comes, whose
 * character, beyond ASCII, it then refuses. */
size_t mbrtoc16(char16_t *restrict pc16, const char *restrict s, size_t n, mbstate_t *restrict ps)
{
	wchar_t wc;
	size_t r = mbrtowc(&wc, s, n, ps);
	if (s && pc16 && r < (size_t)-2)
		*pc16 = (char16_t)wc;
	return r;
}

size_t mbrtoc32(char32_t *restrict pc32, const char *restrict s, size_t n, mbstate_t *restrict ps)
{
	wchar_t wc;
	size_t r = mbrtowc(&wc, s, n, ps);
	if (s && pc32 && r < (size_t)-2)
		*pc32 = (char32_t)wc;
	return r;
}

static mbstate_t c16_state;
size_t c16rtomb(char *restrict s, char16_t c16, mbstate_t *restrict ps)
{
	if (!ps)
		ps = &c16_state;
	if (!s) { /* as for "" : back to the initial state */
		ps->__count = 0;
		return 1;
	}
	if (ps->__count) { /* after a high surrogate: a character past the BMP, or no character at all */
		ps->__count = 0;
		errno = EILSEQ;
		return (size_t)-1;
	}
	if (c16 >= 0xd800 && c16 < 0xdc00) {
		ps->__count = 1;
		ps->__value.__wch = c16;
		return 0;
	}
	return wcrtomb(s, (wchar_t)c16, ps);
}

size_t c32rtomb(char *restrict s, char32_t c32, mbstate_t *restrict ps)
{
	return wcrtomb(s, c32 > 0x7fffffff ? -1 : (wchar_t)c32, ps);
}

/* The converters below share these two loops: at most LEN characters into DEST (none stored when DEST is
 * NULL), *SRC after the last one converted, or NULL when the terminator was. */
size_t mbsrtowcs(wchar_t *restrict dest, const char **restrict src, size_t len, mbstate_t *restrict ps)
{
	(void)ps;
	const unsigned char *s = (const unsigned char *)*src;
	size_t n = 0;
	for (; !dest || n < len; n++) {
		if (s[n] >= 0x80) {
			errno = EILSEQ;
			if (dest)
				*src = (const char *)s + n;
			return (size_t)-1;
		}
		if (dest)
			dest[n] = s[n];
		if (!s[n]) {
			if (dest)
				*src = NULL;
			return n;
		}
	}
	*src = (const char *)s + n;
	return n;
}

size_t wcsrtombs(char *restrict dest, const wchar_t **restrict src, size_t len, mbstate_t *restrict ps)
{
	(void)ps;
	const wchar_t *s = *src;
	size_t n = 0;
	for (; !dest || n < len; n++) {
		if (s[n] < 0 || s[n] >= 0x80) {
			errno = EILSEQ;
			if (dest)
				*src = s + n;
			return (size_t)-1;
		}
		if (dest)
			dest[n] = (char)s[n];
		if (!s[n]) {
			if (dest)
				*src = NULL;
			return n;
		}
	}
	*src = s + n;
	return n;
}

int mblen(const char *s, size_t n)
{
	if (!s)
		return 0; /* no shift states */
	size_t r = mbrtowc(NULL, s, n, NULL);
	return r > n ? -1 : (int)r;
}

int mbtowc(wchar_t *restrict pwc, const char *restrict s, size_t n)
{
	if (!s)
		return 0;
	size_t r = mbrtowc(pwc, s, n, NULL);
	return r > n ? -1 : (int)r;
}

int wctomb(char *s, wchar_t wc)
{
	if (!s)
		return 0;
	size_t r = wcrtomb(s, wc, NULL);
	return r == (size_t)-1 ? -1 : (int)r;
}

size_t mbstowcs(wchar_t *restrict dest, const char *restrict src, size_t n)
{
	const char *s = src;
	return mbsrtowcs(dest, &s, n, NULL);
}

size_t wcstombs(char *restrict dest, const wchar_t *restrict src, size_t n)
{
	const wchar_t *s = src;
	return wcsrtombs(dest, &s, n, NULL);
}
