// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's integer functions of <stdlib.h>: abs, div, ato* and strto* (and <wchar.h>'s wcsto*).
 * Written for hardware: one scanning loop shared by the four strto* functions (no recursion, no table, no
 * floating point), overflow found with the compiler's overflow builtins (one multiplier and adder with a
 * carry out, instead of the divider a precomputed cut-off would need), and the C locale only. Behaviour,
 * including errno, endptr and the odd cases ("0x" without digits, a base out of range), is glibc's. */
#include "scan.h"
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <wchar.h>

/* Computed in unsigned arithmetic so that abs(INT_MIN) is INT_MIN, as on x86-64, without undefined
 * behaviour. */
int abs(int j)
{
	return j < 0 ? (int)(0u - (unsigned int)j) : j;
}

long int labs(long int j)
{
	return j < 0 ? (long int)(0ul - (unsigned long int)j) : j;
}

long long int llabs(long long int j)
{
	return j < 0 ? (long long int)(0ull - (unsigned long long int)j) : j;
}

/* C99 division truncates towards zero, and the remainder takes the sign of the numerator. */
div_t div(int numer, int denom)
{
	div_t r = {numer / denom, numer % denom};
	return r;
}

ldiv_t ldiv(long int numer, long int denom)
{
	ldiv_t r = {numer / denom, numer % denom};
	return r;
}

lldiv_t lldiv(long long int numer, long long int denom)
{
	lldiv_t r = {numer / denom, numer % denom};
	return r;
}

/* The value of digit C in bases up to 36, or 36 when C is no digit. */
static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 36;
}

/* The result of scanning a number: its magnitude, its sign, whether it went past 64 bits, and where it ends
 * (in characters from the start). */
struct scan {
	unsigned long long int mag;
	int neg;
	int over;
	int bad_base;
	size_t end;
};

/* Scans the subject sequence of strto* (W 1) or wcsto* (W sizeof (wchar_t)) at NPTR in BASE (0 or 2..36),
 * reading at most LIM characters; END is where C says *endptr points: after the last digit, or NPTR when
 * there is none (after the "0" of a "0x" not followed by a hex digit, as glibc; after the "x" for GREEDY,
 * as glibc's scanf). A base out of range sets bad_base (and glibc leaves *endptr alone). One loop for both
 * widths, so that hardware has one scanner however many of them a kernel calls. */
static struct scan scan_number(const void *nptr, int w, size_t lim, int greedy, int base)
{
	struct scan r = {0, 0, 0, 0, 0};
	if (base < 0 || base == 1 || base > 36) {
		r.bad_base = 1;
		return r;
	}
	size_t s = 0;
	int c;
	while (scan_space(c = char_within(nptr, s, w, lim)))
		s++;
	if (c == '-' || c == '+') {
		r.neg = c == '-';
		c = char_within(nptr, ++s, w, lim);
	}
	if (c == '0') {
		int x = char_within(nptr, s + 1, w, lim);
		if ((base == 0 || base == 16) && (x == 'x' || x == 'X')) {
			s += 2;
			base = 16;
		} else if (base == 0) {
			base = 8;
		}
	} else if (base == 0) {
		base = 10;
	}
	size_t digits = s;
	unsigned long long int mag = 0;
	int over = 0;
	for (; s < lim; s++) { /* the limit as the loop's bound, beside the load rather than after it */
		int d = digit_value(char_at(nptr, s, w));
		if (d >= base)
			break;
		unsigned long long int t;
		over |= __builtin_mul_overflow(mag, (unsigned long long int)base, &t);
		over |= __builtin_add_overflow(t, (unsigned long long int)d, &mag);
	}
	if (s == digits) {
		/* No digits: nothing converted. After "0x", the "0" alone was a number. */
		int x = digits >= 2 ? char_within(nptr, digits - 1, w, lim) : 0;
		if (digits >= 2 && (x == 'x' || x == 'X') && char_within(nptr, digits - 2, w, lim) == '0')
			s = greedy ? digits : digits - 1;
		else
			s = 0;
		r.neg = 0;
	}
	r.end = s;
	r.mag = mag;
	r.over = over;
	return r;
}

/* Sets *ENDPTR (when given) to where scan R of NPTR ended, W bytes a character; R as it was. */
static struct scan ended(struct scan r, const void *nptr, void **endptr, int w)
{
	if (endptr && !r.bad_base)
		*endptr = (char *)nptr + r.end * (size_t)w;
	return r;
}

/* The signed conversions: clamp to [-MAX - 1, MAX] with ERANGE. */
static long long int to_signed(struct scan r, unsigned long long int max)
{
	if (r.bad_base) {
		errno = EINVAL;
		return 0;
	}
	unsigned long long int limit = max + (r.neg ? 1 : 0);
	if (r.over || r.mag > limit) {
		errno = ERANGE;
		return r.neg ? (long long int)(0ull - max) - 1 : (long long int)max;
	}
	return r.neg ? (long long int)(0ull - r.mag) : (long long int)r.mag;
}

/* The unsigned conversions: a minus sign negates in the unsigned type; beyond MAX is MAX with ERANGE. */
static unsigned long long int to_unsigned(struct scan r, unsigned long long int max)
{
	if (r.bad_base) {
		errno = EINVAL;
		return 0;
	}
	if (r.over || r.mag > max) {
		errno = ERANGE;
		return max;
	}
	return r.neg ? (0ull - r.mag) & max : r.mag;
}

long int strtol(const char *restrict nptr, char **restrict endptr, int base)
{
	return (long int)to_signed(ended(scan_number(nptr, 1, SCAN_ALL, 0, base), nptr, (void **)endptr, 1),
	                           LONG_MAX);
}

unsigned long int strtoul(const char *restrict nptr, char **restrict endptr, int base)
{
	return (unsigned long int)to_unsigned(
	    ended(scan_number(nptr, 1, SCAN_ALL, 0, base), nptr, (void **)endptr, 1), ULONG_MAX);
}

long long int strtoll(const char *restrict nptr, char **restrict endptr, int base)
{
	return to_signed(ended(scan_number(nptr, 1, SCAN_ALL, 0, base), nptr, (void **)endptr, 1), LLONG_MAX);
}

unsigned long long int strtoull(const char *restrict nptr, char **restrict endptr, int base)
{
	return to_unsigned(ended(scan_number(nptr, 1, SCAN_ALL, 0, base), nptr, (void **)endptr, 1),
	                   ULLONG_MAX);
}

#define WIDE ((int)sizeof(wchar_t))

long int wcstol(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return (long int)to_signed(
	    ended(scan_number(nptr, WIDE, SCAN_ALL, 0, base), nptr, (void **)endptr, WIDE), LONG_MAX);
}

unsigned long int wcstoul(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return (unsigned long int)to_unsigned(
	    ended(scan_number(nptr, WIDE, SCAN_ALL, 0, base), nptr, (void **)endptr, WIDE), ULONG_MAX);
}

long long int wcstoll(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return to_signed(ended(scan_number(nptr, WIDE, SCAN_ALL, 0, base), nptr, (void **)endptr, WIDE),
	                 LLONG_MAX);
}

unsigned long long int wcstoull(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return to_unsigned(ended(scan_number(nptr, WIDE, SCAN_ALL, 0, base), nptr, (void **)endptr, WIDE),
	                   ULLONG_MAX);
}

long long __kiln_scan_int(const void *p, int w, size_t lim, int base, int is_signed, size_t *end)
{
	struct scan r = scan_number(p, w, lim, 1, base);
	*end = r.end;
	return is_signed ? to_signed(r, LLONG_MAX) : (long long)to_unsigned(r, ULLONG_MAX);
}

/* As glibc: strtol in base 10, the result truncated to int (errno is ERANGE only beyond long). */
int atoi(const char *nptr)
{
	return (int)strtol(nptr, NULL, 10);
}

long int atol(const char *nptr)
{
	return strtol(nptr, NULL, 10);
}

long long int atoll(const char *nptr)
{
	return strtoll(nptr, NULL, 10);
}
