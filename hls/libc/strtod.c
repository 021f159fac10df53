// SPDX-License-Identifier: Apache-2.0
/* strtod, strtof, atof and wchar.h's wcstod, wcstof (strtold and wcstold are strtod and wcstod on the
 * device, where long double is double): decimal and hexadecimal text to floating point, correctly rounded
 * (to nearest, ties to even) however many digits the text has, as glibc's. errno, *endptr and the odd
 * cases ("0x" with no hex digit, "1e+" with no exponent digit, "infinity", "nan(chars)") are glibc's; a
 * NaN's payload is not kept (every NaN is the default quiet one, with the text's sign).
 *
 * Written for hardware: one scanner for both widths and both character sizes. Short decimals (at most 15
 * digits scaled by at most 10^22, the common case) are one exact integer times or divided by one exact
 * power of ten, which the floating-point unit rounds correctly. The rest take integer arithmetic on 32-bit
 * limbs: the kept digits D and the power of ten as big integers, D 10^e / 1 or D / 10^-e shifted so that
 * the quotient has two bits more than the format's, its bits found by restoring division (no divider),
 * and the remainder and any digit past the kept ones as the sticky bit of the rounding. */
#include "scan.h"
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <wchar.h>

/* More than the 767 significant digits of the longest halfway case between two doubles: a digit past
 * these decides nothing but whether the value is above such a case, which the sticky bit records. */
#define MAX_DIGITS 800
/* 32-bit limbs for 10^1124 (the largest divisor: 800 digits below 10^-324) shifted by 56 bits */
#define LIMBS 122

struct big {
	uint32_t w[LIMBS];
	int n; /* limbs in use; the top one nonzero */
};

/* B = B * M + A */
static void big_mul_add(struct big *b, uint32_t m, uint32_t a)
{
	uint64_t carry = a;
	for (int i = 0; i < b->n; i++) {
		uint64_t t = (uint64_t)b->w[i] * m + carry;
		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry && b->n < LIMBS)
		b->w[b->n++] = (uint32_t)carry;
}

/* B = B * 10^E */
static void big_mul_pow10(struct big *b, long e)
{
	for (; e >= 9; e -= 9)
		big_mul_add(b, 1000000000u, 0);
	uint32_t m = 1;
	for (; e > 0; e--)
		m *= 10;
	big_mul_add(b, m, 0);
}

static int big_bits(const struct big *b)
{
	return b->n ? 32 * b->n - __builtin_clz(b->w[b->n - 1]) : 0;
}

/* B = B << S */
static void big_shl(struct big *b, int s)
{
	int limbs = s / 32, bits = s % 32;
	if (!b->n)
		return;
	int top = b->n - 1 + limbs + 1; /* the limb the top one's high bits go to */
	if (top >= LIMBS)
		top = LIMBS - 1;
	for (int i = top; i >= 0; i--) {
		int from = i - limbs;
		uint32_t hi = from >= 0 && from < b->n ? b->w[from] : 0;
		uint32_t lo = from - 1 >= 0 && from - 1 < b->n ? b->w[from - 1] : 0;
		b->w[i] = bits ? (hi << bits) | (lo >> (32 - bits)) : hi;
	}
	b->n = top + 1;
	while (b->n && !b->w[b->n - 1])
		b->n--;
}

static void big_shr1(struct big *b)
{
	for (int i = 0; i < b->n; i++)
		b->w[i] = (b->w[i] >> 1) | (i + 1 < b->n ? b->w[i + 1] << 31 : 0);
	while (b->n && !b->w[b->n - 1])
		b->n--;
}

static int big_cmp(const struct big *a, const struct big *b)
{
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (int i = a->n - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* A = A - B, where A >= B */
static void big_sub(struct big *a, const struct big *b)
{
	uint32_t borrow = 0;
	for (int i = 0; i < a->n; i++) {
		uint64_t t = (uint64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
		a->w[i] = (uint32_t)t;
		borrow = (uint32_t)(t >> 63);
	}
	while (a->n && !a->w[a->n - 1])
		a->n--;
}

/* The format's value nearest (Q + f) 2^-SH, where f in [0, 1) is nonzero exactly when STICKY: P bits,
 * EMIN the exponent of the smallest subnormal's bit, EMAX the largest exponent. ERANGE as glibc: on
 * overflow, and when an inexact result is tiny. Q is not 0. */
static double round_bits(uint64_t q, int sh, int sticky, int p, int emin, int emax)
{
	int len = 64 - __builtin_clzll(q);
	if (len < p + 2) {
		q <<= p + 2 - len;
		sh += p + 2 - len;
		len = p + 2;
	}
	int drop = len - p; /* the bits below the result's last */
	/* glibc's tininess is after rounding: whether q rounded to P bits with no exponent limit is below the
	 * normal range (its top bits all ones and the first dropped one set carry it up into it) */
	int carry = (q >> drop) == (1ull << p) - 1 && ((q >> (drop - 1)) & 1);
	int tiny = len - 1 - sh + carry < emin + p - 1;
	if (drop - sh < emin)
		drop = emin + sh;
	uint64_t m;
	int half, rest;
	if (drop > len) { /* below half the smallest subnormal */
		m = 0, half = 0, rest = 1;
	} else if (drop == len) {
		m = 0, half = 1, rest = (q & ~(1ull << (len - 1))) != 0 || sticky;
	} else {
		m = q >> drop;
		half = (int)((q >> (drop - 1)) & 1);
		rest = (q & ((1ull << (drop - 1)) - 1)) != 0 || sticky;
	}
	if (half && (rest || (m & 1)))
		m++;
	if (m >> p) { /* rounding carried into a new bit */
		m >>= 1;
		drop++;
	}
	int e = drop - sh;
	if (m && 64 - __builtin_clzll(m) + e - 1 > emax) {
		errno = ERANGE;
		return HUGE_VAL;
	}
	if ((half || rest) && tiny)
		errno = ERANGE;
	return ldexp((double)m, e);
}

/* Whether the text at P from I starts with the lowercase ASCII word WORD, in either case. */
static int starts_with(const void *p, size_t i, int w, size_t lim, const char *word)
{
	for (; *word; word++, i++)
		if ((char_within(p, i, w, lim) | 32) != *word)
			return 0;
	return 1;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 32) >= 'a' && (c | 32) <= 'f')
		return (c | 32) - 'a' + 10;
	return -1;
}

/* An exponent's digits at I (after the 'e' or 'p'): adds the signed value (saturated far beyond any
 * format's range) to *E and returns where it ends. When no digit follows, returns I - 1 (the letter alone is
 * not part of the number), or for GREEDY (scanf) where the letter and its sign end. */
static size_t scan_exponent(const void *s, size_t i, int w, size_t lim, int greedy, long *e)
{
	int c = char_within(s, i, w, lim), neg = c == '-';
	size_t j = i + (c == '-' || c == '+');
	long x = 0;
	size_t first = j;
	for (; (c = char_within(s, j, w, lim)) >= '0' && c <= '9'; j++)
		if (x < 100000000)
			x = x * 10 + (c - '0');
	if (j == first)
		return greedy ? j : i - 1;
	*e += neg ? -x : x;
	return j;
}

/* The number at S (characters W bytes wide) as a float (SINGLE) or a double, *END where it ends (0 when
 * there is none). */
static double scan_float(const void *s, int w, size_t lim, int greedy, size_t *end, int single)
{
	int p = single ? 24 : 53, emin = single ? -149 : -1074, emax = single ? 127 : 1023;
	size_t i = 0;
	int c;
	while (scan_space(c = char_within(s, i, w, lim)))
		i++;
	double sign = 1.0;
	if (c == '+' || c == '-') {
		sign = c == '-' ? -1.0 : 1.0;
		c = char_within(s, ++i, w, lim);
	}
	*end = 0;
	if ((c | 32) == 'i' || (c | 32) == 'n') {
		if (starts_with(s, i, w, lim, "inf")) {
			size_t k = 0; /* how much of "inity" follows */
			while (k < 5 && (char_within(s, i + 3 + k, w, lim) | 32) == "inity"[k])
				k++;
			if (greedy && k > 0 && k < 5)
				return 0.0; /* glibc's scanf took the letters, which are no number */
			*end = i + (k == 5 ? 8 : 3);
			return sign * HUGE_VAL;
		}
		if (!starts_with(s, i, w, lim, "nan"))
			return 0.0;
		size_t j = i + 3;
		*end = j;
		if (!greedy && char_within(s, j, w, lim) == '(') {
			for (j++; (c = char_within(s, j, w, lim)) == '_' ||
			          ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9');
			     j++)
				;
			if (c == ')')
				*end = j + 1;
		}
		return copysign(NAN, sign);
	}

	if (c == '0' && (char_within(s, i + 1, w, lim) | 32) == 'x') {
		/* hexadecimal: up to 60 bits kept, the rest sticky */
		uint64_t q = 0;
		long e2 = 0;
		int any = 0, point = 0, sticky = 0;
		size_t j = i + 2;
		for (;; j++) {
			c = char_within(s, j, w, lim);
			if (c == '.' && !point) {
				point = 1;
				continue;
			}
			int d = hex_value(c);
			if (d < 0)
				break;
			any = 1;
			if (q >> 56) {
				sticky |= d != 0;
				e2 += point ? 0 : 4;
			} else {
				q = q << 4 | (uint64_t)d;
				e2 -= point ? 4 : 0;
			}
			if (e2 < -100000000 || e2 > 100000000)
				e2 = e2 < 0 ? -100000000 : 100000000;
		}
		if (!any) { /* "0x" with no digit: the 0; for glibc's scanf, no number unless a point
			     follows or the field ends at the x */
			*end = !greedy || lim == i + 2 ? i + 1 : point ? j : 0;
			return sign * 0.0;
		}
		if ((c | 32) == 'p')
			j = scan_exponent(s, j + 1, w, lim, greedy, &e2);
		*end = j;
		if (!q)
			return sign * 0.0;
		if (e2 < -200000000 || e2 > 200000000)
			e2 = e2 < 0 ? -200000000 : 200000000;
		return sign * round_bits(q, (int)-e2, sticky, p, emin, emax);
	}

	/* decimal: the significant digits, at most MAX_DIGITS kept, as D 10^e10 */
	unsigned char dig[MAX_DIGITS];
	int n = 0, any = 0, point = 0, sticky = 0;
	long e10 = 0;
	size_t j = i;
	for (;; j++) {
		c = char_within(s, j, w, lim);
		if (c == '.' && !point) {
			point = 1;
			continue;
		}
		if (c < '0' || c > '9')
			break;
		any = 1;
		if (n == 0 && c == '0') {
			e10 -= point;
		} else if (n < MAX_DIGITS) {
			dig[n++] = (unsigned char)(c - '0');
			e10 -= point;
		} else {
			sticky |= c != '0';
			e10 += !point;
		}
	}
	if (!any)
		return 0.0;
	if ((c | 32) == 'e')
		j = scan_exponent(s, j + 1, w, lim, greedy, &e10);
	*end = j;
	while (n > 0 && dig[n - 1] == 0) {
		n--;
		e10++;
	}
	if (n == 0)
		return sign * 0.0;
	/* the value is in [10^(n + e10 - 1), 10^(n + e10)) */
	if (n + e10 > (single ? 39 : 309)) {
		errno = ERANGE;
		return sign * HUGE_VAL;
	}
	if (n + e10 < (single ? -45 : -323)) {
		errno = ERANGE;
		return sign * 0.0;
	}
	/* exact operands, one correctly rounded operation */
	if (!sticky && n <= (single ? 7 : 15) && e10 >= (single ? -10 : -22) && e10 <= (single ? 10 : 22)) {
		long d = 0;
		for (int k = 0; k < n; k++)
			d = d * 10 + dig[k];
		long a = e10 < 0 ? -e10 : e10;
		if (single) {
			float v = (float)d, t = 1.0f;
			for (; a > 0; a--)
				t *= 10.0f;
			return sign * (double)(e10 < 0 ? v / t : v * t);
		}
		double v = (double)d, t = 1.0;
		for (; a > 0; a--)
			t *= 10.0;
		return sign * (e10 < 0 ? v / t : v * t);
	}
	struct big num = {.n = 0}, den = {.w = {1}, .n = 1};
	for (int k = 0; k < n; k += 9) {
		uint32_t chunk = 0, scale = 1;
		for (int l = k; l < n && l < k + 9; l++) {
			chunk = chunk * 10 + dig[l];
			scale *= 10;
		}
		if (!num.n && chunk) {
			num.w[0] = chunk;
			num.n = 1;
		} else {
			big_mul_add(&num, scale, chunk);
		}
	}
	if (e10 > 0)
		big_mul_pow10(&num, e10);
	else
		big_mul_pow10(&den, -e10);
	/* num / den in [2^(p+1), 2^(p+3)) after the shift, times 2^-sh */
	int sh = p + 2 - (big_bits(&num) - big_bits(&den));
	if (sh > 0)
		big_shl(&num, sh);
	else
		big_shl(&den, -sh);
	big_shl(&den, p + 3);
	uint64_t q = 0;
	for (int b = p + 3; b >= 0; b--) {
		q <<= 1;
		if (big_cmp(&num, &den) >= 0) {
			big_sub(&num, &den);
			q |= 1;
		}
		big_shr1(&den);
	}
	return sign * round_bits(q, sh, sticky || num.n != 0, p, emin, emax);
}

double strtod(const char *restrict nptr, char **restrict endptr)
{
	size_t end;
	double v = scan_float(nptr, 1, SCAN_ALL, 0, &end, 0);
	if (endptr)
		*endptr = (char *)nptr + end;
	return v;
}

float strtof(const char *restrict nptr, char **restrict endptr)
{
	size_t end;
	double v = scan_float(nptr, 1, SCAN_ALL, 0, &end, 1);
	if (endptr)
		*endptr = (char *)nptr + end;
	return (float)v;
}

double atof(const char *nptr)
{
	return strtod(nptr, NULL);
}

double wcstod(const wchar_t *restrict nptr, wchar_t **restrict endptr)
{
	size_t end;
	double v = scan_float(nptr, (int)sizeof(wchar_t), SCAN_ALL, 0, &end, 0);
	if (endptr)
		*endptr = (wchar_t *)nptr + end;
	return v;
}

float wcstof(const wchar_t *restrict nptr, wchar_t **restrict endptr)
{
	size_t end;
	double v = scan_float(nptr, (int)sizeof(wchar_t), SCAN_ALL, 0, &end, 1);
	if (endptr)
		*endptr = (wchar_t *)nptr + end;
	return (float)v;
}

double __kiln_scan_float(const void *p, int w, size_t lim, int single, size_t *end)
{
	return scan_float(p, w, lim, 1, end, single);
}
