// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <string.h>. Written for hardware: every function is one or two plain loops over
 * bytes, without recursion, heap, floating point or word tricks that depend on alignment. The copy and fill
 * loops of memcpy and memset live in helpers because clang leaves loops alone inside functions named memcpy
 * or memset (on a processor they would become calls to themselves); in the helpers -O2 recognises them as
 * llvm.memcpy/llvm.memset, which kiln-cc runs on its copy engine. memmove stays two loops (a kernel's own
 * memmove calls are llvm.memmove, which the copy engine runs in either direction). The other loops are
 * scheduled (and pipelined) like any kernel loop. strtok keeps its position in one static pointer, the only
 * state here. */
#include <stdint.h>
#include <string.h>

static void copy_bytes(unsigned char *restrict d, const unsigned char *restrict s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
}

static void fill_bytes(unsigned char *d, unsigned char c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		d[i] = c;
}

void *memcpy(void *restrict dest, const void *restrict src, size_t n)
{
	copy_bytes(dest, src, n);
	return dest;
}

/* Copies forwards when the destination starts below the source and backwards otherwise, so that overlapping
 * regions come out as if copied through a temporary. */
void *memmove(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;
	if ((uintptr_t)d < (uintptr_t)s) {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	} else if ((uintptr_t)d > (uintptr_t)s) {
		for (size_t i = n; i > 0; i--)
			d[i - 1] = s[i - 1];
	}
	return dest;
}

void *memset(void *s, int c, size_t n)
{
	fill_bytes(s, (unsigned char)c, n);
	return s;
}

/* The difference of the first differing bytes, as unsigned char, like glibc on x86-64. */
int memcmp(const void *s1, const void *s2, size_t n)
{
	const unsigned char *a = s1, *b = s2;
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] - b[i];
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	for (size_t i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

size_t strnlen(const char *s, size_t maxlen)
{
	size_t n = 0;
	while (n < maxlen && s[n])
		n++;
	return n;
}

char *strcpy(char *restrict dest, const char *restrict src)
{
	size_t i = 0;
	while ((dest[i] = src[i]) != 0)
		i++;
	return dest;
}

/* Copies at most N bytes and pads with zeros up to N (no terminator when SRC is N bytes or longer). */
char *strncpy(char *restrict dest, const char *restrict src, size_t n)
{
	size_t i = 0;
	for (; i < n && src[i]; i++)
		dest[i] = src[i];
	fill_bytes((unsigned char *)dest + i, 0, n - i);
	return dest;
}

char *strcat(char *restrict dest, const char *restrict src)
{
	strcpy(dest + strlen(dest), src);
	return dest;
}

/* Appends at most N bytes of SRC, then always a terminator. */
char *strncat(char *restrict dest, const char *restrict src, size_t n)
{
	char *d = dest + strlen(dest);
	size_t i = 0;
	for (; i < n && src[i]; i++)
		d[i] = src[i];
	d[i] = 0;
	return dest;
}

int strcmp(const char *s1, const char *s2)
{
	const unsigned char *a = (const unsigned char *)s1, *b = (const unsigned char *)s2;
	size_t i = 0;
	while (a[i] && a[i] == b[i])
		i++;
	return a[i] - b[i];
}

int strncmp(const char *s1, const char *s2, size_t n)
{
	const unsigned char *a = (const unsigned char *)s1, *b = (const unsigned char *)s2;
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i] || !a[i])
			return a[i] - b[i];
	return 0;
}

/* The terminator is part of the string: strchr(s, 0) finds it. */
char *strchr(const char *s, int c)
{
	const char ch = (char)c;
	for (size_t i = 0;; i++) {
		if (s[i] == ch)
			return (char *)(s + i);
		if (!s[i])
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char ch = (char)c;
	const char *last = NULL;
	for (size_t i = 0;; i++) {
		if (s[i] == ch)
			last = s + i;
		if (!s[i])
			return (char *)last;
	}
}

/* The plain quadratic search: two nested loops and no table, which suits hardware better than the
 * two-way algorithm's precomputation. */
char *strstr(const char *haystack, const char *needle)
{
	for (size_t i = 0;; i++) {
		size_t j = 0;
		while (needle[j] && haystack[i + j] == needle[j])
			j++;
		if (!needle[j])
			return (char *)(haystack + i);
		if (!haystack[i])
			return NULL;
	}
}

/* Whether byte C (not the terminator) occurs in SET. */
static int in_set(char c, const char *set)
{
	for (size_t k = 0; set[k]; k++)
		if (set[k] == c)
			return 1;
	return 0;
}

size_t strspn(const char *s, const char *accept)
{
	size_t i = 0;
	while (s[i] && in_set(s[i], accept))
		i++;
	return i;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t i = 0;
	while (s[i] && !in_set(s[i], reject))
		i++;
	return i;
}

char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

/* Where the next strtok(NULL, ...) goes on: the byte after the last token's terminator, or NULL once the
 * string is used up. */
static char *strtok_next;

char *strtok(char *restrict s, const char *restrict delim)
{
	if (!s)
		s = strtok_next;
	if (!s)
		return NULL;
	s += strspn(s, delim);
	if (!*s) {
		strtok_next = NULL;
		return NULL;
	}
	char *end = s + strcspn(s, delim);
	if (*end) {
		*end = 0;
		strtok_next = end + 1;
	} else {
		strtok_next = NULL;
	}
	return s;
}
