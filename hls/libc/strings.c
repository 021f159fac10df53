// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <strings.h>. Written for hardware: byte loops (bzero and bcopy are a memset and a
 * memmove, which kiln-cc runs on its copy engine), C-locale case folding by comparison, ffs through the
 * count-trailing-zeros builtin (one bit-operation cell); no recursion, no state. */
#include <stdint.h>
#include <string.h>
#include <strings.h>

void bzero(void *s, size_t n)
{
	memset(s, 0, n);
}

void bcopy(const void *src, void *dest, size_t n)
{
	memmove(dest, src, n);
}

int bcmp(const void *s1, const void *s2, size_t n)
{
	return memcmp(s1, s2, n);
}

static int fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int strcasecmp(const char *s1, const char *s2)
{
	const unsigned char *a = (const unsigned char *)s1, *b = (const unsigned char *)s2;
	size_t i = 0;
	while (a[i] && fold(a[i]) == fold(b[i]))
		i++;
	return fold(a[i]) - fold(b[i]);
}

int strncasecmp(const char *s1, const char *s2, size_t n)
{
	const unsigned char *a = (const unsigned char *)s1, *b = (const unsigned char *)s2;
	for (size_t i = 0; i < n; i++)
		if (fold(a[i]) != fold(b[i]) || !a[i])
			return fold(a[i]) - fold(b[i]);
	return 0;
}

int ffs(int i)
{
	return i ? __builtin_ctz((unsigned int)i) + 1 : 0;
}

int ffsl(long int l)
{
	return l ? __builtin_ctzl((unsigned long int)l) + 1 : 0;
}

int ffsll(long long int ll)
{
	return ll ? __builtin_ctzll((unsigned long long int)ll) + 1 : 0;
}
