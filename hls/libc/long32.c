// SPDX-License-Identifier: Apache-2.0
/* The library's functions whose interface has C's long, for kernels compiled with a 32-bit long (kiln-cc
 * --data-model llp64): the headers give those kernels these names (_kiln_cdefs.h's __KILN_LONG_ABI). Each
 * is the 64-bit function narrowed as C says a 32-bit long would behave: strtol's ERANGE and limits, and
 * strtoul's negation in 32 bits, and div's result as x86-64 returns it. The library is compiled for spir64,
 * where int is the 32-bit long. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>

/* How wide format.c's and scanf.c's %l conversions are: 0 here (64 bits), 1 once kiln-cc has linked the
 * library into kernels of the 32-bit model (frontend/kernel_libc.c sets it; a file of its own, so that
 * nothing folds it before). */
const int __kiln_long32 = 0;

int __kiln_l32_labs(int j)
{
	return j < 0 ? (int)(0u - (unsigned)j) : j;
}

/* A 64-bit result clamped to a 32-bit long's range, ERANGE past it. */
static int narrow(long long v)
{
	if (v > INT_MAX || v < INT_MIN) {
		errno = ERANGE;
		return v > 0 ? INT_MAX : INT_MIN;
	}
	return (int)v;
}

/* The 32-bit unsigned long that a text whose 64-bit reading is V stands for: its magnitude past 32 bits is
 * ERANGE (ULONG_MAX), a minus sign (NEG) negates it in 32 bits. */
static unsigned narrow_unsigned(unsigned long long v, int neg)
{
	unsigned long long mag = neg ? 0ull - v : v;
	if (mag > UINT_MAX) {
		errno = ERANGE;
		return UINT_MAX;
	}
	return neg ? 0u - (unsigned)mag : (unsigned)mag;
}

/* A strto* reading's result as a 32-bit long: V, read with errno cleared, narrowed (narrow), or clamped
 * where the 64-bit reading overflowed already; errno back to SAVED when nothing went wrong. */
static int signed_result(long long v, int saved)
{
	int r = errno == ERANGE ? (v > 0 ? INT_MAX : INT_MIN) : errno ? (int)v : narrow(v);
	if (!errno)
		errno = saved;
	return r;
}

/* The same for an unsigned reading V of a text whose first character past white space is FIRST. */
static unsigned unsigned_result(unsigned long long v, int first, int saved)
{
	unsigned r = errno == ERANGE ? UINT_MAX : narrow_unsigned(v, first == '-');
	if (!errno)
		errno = saved;
	return r;
}

int __kiln_l32_strtol(const char *restrict s, char **restrict end, int base)
{
	int saved = errno;
	errno = 0;
	return signed_result(strtoll(s, end, base), saved);
}

int __kiln_l32_atol(const char *s)
{
	return (int)strtoll(s, NULL, 10);
}

unsigned __kiln_l32_strtoul(const char *restrict s, char **restrict end, int base)
{
	const char *p = s;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	int saved = errno;
	errno = 0;
	return unsigned_result(strtoull(s, end, base), *p, saved);
}

int __kiln_l32_wcstol(const wchar_t *restrict s, wchar_t **restrict end, int base)
{
	int saved = errno;
	errno = 0;
	return signed_result(wcstoll(s, end, base), saved);
}

unsigned __kiln_l32_wcstoul(const wchar_t *restrict s, wchar_t **restrict end, int base)
{
	const wchar_t *p = s;
	while (iswspace((wint_t)*p))
		p++;
	int saved = errno;
	errno = 0;
	return unsigned_result(wcstoull(s, end, base), *p, saved);
}

/* Outside a 32-bit long's range the result is unspecified (C11 7.12.9.5): the 64-bit result's low bits. */
int __kiln_l32_lrint(double x)
{
	return (int)llrint(x);
}

int __kiln_l32_lrintf(float x)
{
	return (int)llrintf(x);
}

int __kiln_l32_lround(double x)
{
	return (int)llround(x);
}

int __kiln_l32_lroundf(float x)
{
	return (int)llroundf(x);
}

double __kiln_l32_scalbln(double x, int n)
{
	return scalbln(x, n);
}

float __kiln_l32_scalblnf(float x, int n)
{
	return scalblnf(x, n);
}

/* div and ldiv (both of two ints with a 32-bit long): x86-64 returns such a structure's 8 bytes in one
 * register, quot in the low half, where spir64 would return it through memory; these return that register. */
static long long packed(int quot, int rem)
{
	return (long long)((unsigned long long)(unsigned)rem << 32 | (unsigned)quot);
}

long long __kiln_l32_div(int n, int d)
{
	div_t q = div(n, d);
	return packed(q.quot, q.rem);
}

long long __kiln_l32_ldiv(int n, int d)
{
	div_t q = div(n, d);
	return packed(q.quot, q.rem);
}

int __kiln_l32_ffsl(int l)
{
	return ffs(l);
}
