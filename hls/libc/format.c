// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's formatting into memory: sprintf, snprintf, vsprintf, vsnprintf, and swprintf,
 * vswprintf into wide memory, one formatter for both (which print.c's printing uses too). The output is
 * glibc's, character for character, for every conversion of C's printf but %n (which kiln-cc refuses in a
 * literal format, and which stops the kernel as abort() does in any other): flags, widths and precisions
 * (written or `*`), every length modifier, integers in every base, chars and strings narrow and wide
 * (converted as glibc's C locale does: ASCII only, anything else an encoding error that makes the call
 * return -1), "(null)" as glibc, pointers ("(nil)"), and floating point in %f %e %g %a and their capitals,
 * correctly rounded from the double's exact value (ties to even, as glibc in the default rounding mode), inf
 * and nan with their signs. Written for hardware: the format is read at run time, once, left to right; the
 * decimal digits of a double come from exact integer arithmetic on 32-bit limbs (the integer part divided by
 * 10^9, the fraction multiplied by it), into one fixed buffer, with no recursion and no floating-point
 * operation beyond taking the double's bits apart. Kernels call these through the varargs pass like any
 * variadic C. */
#include "format.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct __kiln_out out;

static void put(out *o, wchar_t c)
{
	o->nul |= !c;
	if (o->len + 1 < o->n) {
		if (o->ws)
			o->ws[o->len] = c;
		else
			o->s[o->len] = (char)c;
	}
	o->len++;
}

static void put_n(out *o, char c, long k)
{
	for (; k > 0; k--)
		put(o, c);
}

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_HASH = 8, F_ZERO = 16 };

/* One conversion's flags, width and precision (-1: none). */
typedef struct spec {
	int flags, width, prec;
	char conv;
} spec;

/* The start of a converted value whose BODY bytes follow SIGN (0 for none) and PREFIX (K bytes: "0x"): the
 * width's spaces (unless left-justified or ZERO_PAD), the sign, the prefix, and with ZERO_PAD the width's
 * zeros. Returns the spaces owed after the body (left-justified). */
static long begin(out *o, const spec *sp, char sign, const char *prefix, int k, long body, int zero_pad)
{
	long total = (sign != 0) + k + body;
	long fill = sp->width > total ? sp->width - total : 0;
	if (!(sp->flags & F_MINUS) && !zero_pad)
		put_n(o, ' ', fill);
	if (sign)
		put(o, sign);
	for (int i = 0; i < k; i++)
		put(o, prefix[i]);
	if (!(sp->flags & F_MINUS) && zero_pad)
		put_n(o, '0', fill);
	return sp->flags & F_MINUS ? fill : 0;
}

/* A converted value: begin(), ZEROS zeros, BODY (LEN bytes), the spaces owed. */
static void emit(out *o, const spec *sp, char sign, const char *prefix, int k, long zeros, const char *body,
                 long len, int zero_pad)
{
	long owed = begin(o, sp, sign, prefix, k, zeros + len, zero_pad);
	put_n(o, '0', zeros);
	for (long i = 0; i < len; i++)
		put(o, body[i]);
	put_n(o, ' ', owed);
}

/* d i u o x X and p's digits: V in BASE, NEG for a negative signed value. */
static void emit_int(out *o, const spec *sp, unsigned long long v, int neg, unsigned base)
{
	static const char lower[] = "0123456789abcdef", upper[] = "0123456789ABCDEF";
	const char *dig = sp->conv == 'X' ? upper : lower;
	char buf[24];
	int n = 0;
	for (unsigned long long t = v; t; t /= base)
		buf[sizeof buf - 1 - n++] = dig[t % base];
	int signed_conv = sp->conv == 'd' || sp->conv == 'i' || sp->conv == 'p'; /* glibc: %+p is "+0x..." */
	char sign = neg                                    ? '-'
	            : signed_conv && (sp->flags & F_PLUS)  ? '+'
	            : signed_conv && (sp->flags & F_SPACE) ? ' '
	                                                   : 0;
	long zeros = sp->prec > n ? sp->prec - n : 0;
	if (sp->prec < 0 && !n)
		zeros = 1; /* the digit of zero */
	if (sp->conv == 'o' && (sp->flags & F_HASH) && !zeros && (!n || buf[sizeof buf - n] != '0'))
		zeros = 1; /* # makes an octal number start with 0 */
	const char *prefix = sp->conv == 'X' ? "0X" : "0x";
	int k = (sp->conv == 'x' || sp->conv == 'X') && (sp->flags & F_HASH) && v ? 2
	        : sp->conv == 'p'                                                 ? 2
	                                                                          : 0;
	emit(o, sp, sign, prefix, k, zeros, buf + sizeof buf - n, n, (sp->flags & F_ZERO) && sp->prec < 0);
}

/* ---- floating point ---- */

#define LIMBS 34 /* 1088 bits: a double's integer part (below 2^1024) or its fraction (at most 1074 bits) */
#define DIGITS 1100 /* significant digits kept: a double's exact expansion has at most 767 */
#define BILLION 1000000000u

/* Appends the nine digits of V (below 10^9) to D at *N; LEAD: drop zeros while *N is 0, counting them in
 * *SKIPPED. */
static void nine_digits(char *d, int *n, uint32_t v, int lead, int *skipped)
{
	for (uint32_t p = 100000000u; p; p /= 10) {
		int dig = (int)(v / p % 10);
		if (lead && !*n && !dig) {
			(*skipped)++;
			continue;
		}
		d[(*n)++] = (char)('0' + dig);
	}
}

/* The decimal digits of |X| (finite, not zero), exactly: D[0..*ND) from the first significant one, *EXP10
 * the power of ten of D[0]; *STICKY whether nonzero digits follow D's end (only past DIGITS). */
static void decimal(double x, char *d, int *nd, int *exp10, int *sticky)
{
	uint64_t bits;
	memcpy(&bits, &x, sizeof bits);
	int be = (int)(bits >> 52 & 0x7ff);
	uint64_t m = (bits & ((1ull << 52) - 1)) | (be ? 1ull << 52 : 0);
	int e = (be ? be : 1) - 1075; /* |x| = m * 2^e */
	uint32_t a[LIMBS];
	int n = 0, skipped = 0;
	memset(a, 0, sizeof a);
	*sticky = 0;
	if (e >= 0) {
		/* an integer, m * 2^e: nine digits at a time from the lowest, by division by 10^9 */
		uint32_t chunk[LIMBS + 4];
		int nchunks = 0, w = e / 32, b = e % 32;
		a[w] = (uint32_t)(m << b);
		a[w + 1] = (uint32_t)(b ? m >> (32 - b) : m >> 32);
		a[w + 2] = b ? (uint32_t)(m >> (64 - b)) : 0;
		for (int top = LIMBS - 1; top >= 0;) {
			uint64_t rem = 0;
			for (int i = top; i >= 0; i--) {
				uint64_t cur = rem << 32 | a[i];
				a[i] = (uint32_t)(cur / BILLION);
				rem = cur % BILLION;
			}
			chunk[nchunks++] = (uint32_t)rem;
			while (top >= 0 && !a[top])
				top--;
		}
		for (int c = nchunks - 1; c >= 0; c--)
			nine_digits(d, &n, chunk[c], 1, &skipped);
		*exp10 = n - 1;
	} else {
		/* the integer part fits 64 bits; the fraction, F / 2^s, is kept as F * 2^(32 fl - s) over fl
		 * limbs, so that times 10^9 its next nine digits are what carries out of the top limb */
		int s = -e, fl = (s + 31) / 32, up = 32 * fl - s;
		uint64_t ip = s >= 64 ? 0 : m >> s;
		uint64_t frac = s >= 64 ? m : m & ((1ull << s) - 1);
		if (ip) {
			char tmp[20];
			int k = 0;
			for (; ip; ip /= 10)
				tmp[k++] = (char)('0' + ip % 10);
			while (k)
				d[n++] = tmp[--k];
		}
		*exp10 = n - 1;
		/* frac << up, over limbs 0..2 (frac has at most 53 bits, up at most 31) */
		a[0] = (uint32_t)(frac << up);
		a[1] = (uint32_t)(up ? frac >> (32 - up) : frac >> 32);
		a[2] = up ? (uint32_t)(frac >> (64 - up)) : 0;
		int lo =
		    0; /* limbs below lo are zero: each multiplication by 10^9 = 2^9 5^9 clears nine bits */
		for (;;) {
			int any = 0;
			for (int i = lo; i < fl; i++)
				any |= a[i] != 0;
			if (!any)
				break;
			if (n + 9 > DIGITS) {
				*sticky = 1;
				break;
			}
			uint64_t carry = 0;
			for (int i = lo; i < fl; i++) {
				uint64_t cur = (uint64_t)a[i] * BILLION + carry;
				a[i] = (uint32_t)cur;
				carry = cur >> 32;
			}
			while (lo < fl && !a[lo])
				lo++;
			nine_digits(d, &n, (uint32_t)carry, 1, &skipped);
		}
		if (*exp10 < 0)
			*exp10 = -1 - skipped;
	}
	*nd = n;
}

/* A double's decimal digits (decimal()), rounded as a conversion asks. */
typedef struct dec {
	char d[DIGITS + 2];
	int nd, exp10, sticky;
} dec;

static char dig(const dec *x, long i)
{
	return i >= 0 && i < x->nd ? x->d[i] : '0';
}

/* Rounds X to its first KEEP digits, ties to even (glibc in the default rounding mode). A carry out of the
 * first digit leaves "1" and zeros, one more digit, and one more in exp10. KEEP below 0 rounds to zero. */
static void round_to(dec *x, long keep)
{
	if (keep >= x->nd)
		return;
	int up = 0;
	if (keep >= 0) {
		int rest = x->sticky;
		for (int i = (int)keep + 1; i < x->nd; i++)
			rest |= x->d[i] != '0';
		char r = x->d[keep];
		int odd = keep > 0 && ((x->d[keep - 1] - '0') & 1);
		up = r > '5' || (r == '5' && (rest || odd));
	}
	x->nd = keep < 0 ? 0 : (int)keep;
	x->sticky = 0;
	if (!up)
		return;
	int i = x->nd - 1;
	while (i >= 0 && x->d[i] == '9')
		x->d[i--] = '0';
	if (i >= 0) {
		x->d[i]++;
		return;
	}
	/* all nines (or nothing kept): one digit more, at the next power of ten */
	for (int j = x->nd; j > 0; j--)
		x->d[j] = '0';
	x->d[0] = '1';
	x->nd++;
	x->exp10++;
}

/* Writes the float's body for SP's conversion into O, padded, after SIGN; X holds |value|'s digits, rounded
 * here. FIXED: %f with precision PREC; else %e with precision PREC. STRIP: %g's removal of trailing zeros. */
static void emit_decimal(out *o, const spec *sp, char sign, dec *x, int fixed, long prec, int strip)
{
	int upper = sp->conv == 'E' || sp->conv == 'G' || sp->conv == 'F';
	round_to(x, fixed ? x->exp10 + 1 + prec : prec + 1);
	if (!fixed && x->nd > prec + 1)
		x->nd = (int)prec + 1; /* a carry's trailing zero */
	long intlen = fixed ? (x->exp10 >= 0 ? x->exp10 + 1 : 1) : 1;
	long first = fixed ? (x->exp10 >= 0 ? 0 : -1) : 0; /* index of the first integer digit; -1: "0" */
	/* the fraction's digits: index first + intlen + k for k = 0.. */
	long fracn = prec;
	if (strip) {
		long base = fixed ? x->exp10 + 1 : 1;
		while (fracn > 0 && dig(x, base + fracn - 1) == '0')
			fracn--;
	}
	int point = fracn > 0 || (sp->flags & F_HASH);
	int e = x->nd ? x->exp10 : 0, ae = e < 0 ? -e : e;
	int elen = fixed ? 0 : 2 + (ae >= 100 ? 3 : 2);
	long owed = begin(o, sp, sign, "", 0, intlen + point + fracn + elen, sp->flags & F_ZERO);
	if (fixed && first < 0)
		put(o, '0');
	else
		for (long i = 0; i < intlen; i++)
			put(o, dig(x, i));
	if (point)
		put(o, '.');
	long fbase = fixed ? x->exp10 + 1 : 1;
	for (long k = 0; k < fracn; k++)
		put(o, dig(x, fbase + k));
	if (!fixed) {
		put(o, upper ? 'E' : 'e');
		put(o, e < 0 ? '-' : '+');
		if (ae >= 100)
			put(o, (char)('0' + ae / 100));
		put(o, (char)('0' + ae / 10 % 10));
		put(o, (char)('0' + ae % 10));
	}
	put_n(o, ' ', owed);
}

/* %a and %A: the significand in hexadecimal, rounded to PREC digits (-1: as many as it needs), ties to
 * even; glibc's form (0x1.8p+1, a subnormal as 0x0.<digits>p-1022, zero as 0x0p+0). */
static void emit_hex(out *o, const spec *sp, char sign, uint64_t bits)
{
	int upper = sp->conv == 'A';
	int be = (int)(bits >> 52 & 0x7ff);
	uint64_t frac = bits & ((1ull << 52) - 1);
	int lead = be ? 1 : 0, e = !be && !frac ? 0 : (be ? be : 1) - 1023;
	long prec = sp->prec;
	if (prec < 0) { /* as many hex digits as the fraction has, trailing zeros dropped */
		prec = 13;
		while (prec > 0 && !(frac >> (4 * (13 - prec)) & 0xf))
			prec--;
	} else if (prec < 13) { /* round the fraction at 4 * prec bits, ties to even (the leading digit's
		                 * parity when no fraction digit is kept) */
		int drop = 4 * (13 - (int)prec);
		uint64_t keep = frac >> drop, rest = frac & ((1ull << drop) - 1), half = 1ull << (drop - 1);
		if (rest > half || (rest == half && ((prec ? keep : (uint64_t)lead) & 1)))
			keep++;
		if (keep >> (4 * prec)) { /* into the leading digit, which glibc lets grow (0x2p+0) */
			lead++;
			keep &= (1ull << (4 * prec)) - 1;
		}
		frac = keep << drop;
	}
	static const char lower[] = "0123456789abcdef", upperd[] = "0123456789ABCDEF";
	const char *hd = upper ? upperd : lower;
	int ae = e < 0 ? -e : e;
	int elen = 2 + (ae >= 1000 ? 4 : ae >= 100 ? 3 : ae >= 10 ? 2 : 1);
	int point = prec > 0 || (sp->flags & F_HASH);
	long owed = begin(o, sp, sign, upper ? "0X" : "0x", 2, 1 + point + prec + elen, sp->flags & F_ZERO);
	put(o, hd[lead]);
	if (point)
		put(o, '.');
	for (long k = 0; k < prec; k++)
		put(o, k < 13 ? hd[frac >> (4 * (12 - k)) & 0xf] : '0');
	put(o, upper ? 'P' : 'p');
	put(o, e < 0 ? '-' : '+');
	char tmp[8];
	int k = 0;
	do
		tmp[k++] = (char)('0' + ae % 10);
	while (ae /= 10);
	while (k)
		put(o, tmp[--k]);
	put_n(o, ' ', owed);
}

static void emit_float(out *o, const spec *sp, double v, dec *x)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	int neg = (int)(bits >> 63);
	char sign = neg ? '-' : (sp->flags & F_PLUS) ? '+' : (sp->flags & F_SPACE) ? ' ' : 0;
	char c = sp->conv;
	int upper = c == 'F' || c == 'E' || c == 'G' || c == 'A';
	if ((bits >> 52 & 0x7ff) == 0x7ff) { /* inf and nan: spaces only */
		spec s2 = *sp;
		s2.flags &= ~F_ZERO;
		int nan = (bits & ((1ull << 52) - 1)) != 0;
		emit(o, &s2, sign, "", 0, 0, nan ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"), 3, 0);
		return;
	}
	if (c == 'a' || c == 'A') {
		emit_hex(o, sp, sign, bits);
		return;
	}
	x->nd = 0;
	x->exp10 = 0;
	x->sticky = 0;
	if (bits << 1)
		decimal(v, x->d, &x->nd, &x->exp10, &x->sticky);
	long prec = sp->prec < 0 ? 6 : sp->prec;
	if (c == 'f' || c == 'F') {
		emit_decimal(o, sp, sign, x, 1, prec, 0);
	} else if (c == 'e' || c == 'E') {
		emit_decimal(o, sp, sign, x, 0, prec, 0);
	} else { /* %g: P significant digits, fixed when the exponent X after rounding is in [-4, P) */
		long p = prec ? prec : 1, ex0 = x->nd ? x->exp10 : 0;
		round_to(x, p);
		long ex = x->nd ? x->exp10 : 0;
		int strip = !(sp->flags & F_HASH);
		if (ex < p && ex >= -4)
			emit_decimal(o, sp, sign, x, 1, p - 1 - ex, strip);
		else /* glibc: a value whose rounding carried it out of the fixed range keeps no fraction
		      * digit
		      * (%#g of 999999.5 is "1.e+06"), where C would give P - 1 */
			emit_decimal(o, sp, sign, x, 0, ex0 < p && ex0 >= -4 ? 0 : p - 1, strip);
	}
}

/* ---- the format ---- */

/* A %s or %c argument's characters: narrow S or wide W, LEN of them. */
static void emit_text(out *o, const spec *sp, const char *s, const wchar_t *w, long len)
{
	long owed = begin(o, sp, 0, "", 0, len, 0);
	if (s) /* a loop per width: one load a character */
		for (long i = 0; i < len; i++)
			put(o, s[i]);
	else
		for (long i = 0; i < len; i++)
			put(o, w[i]);
	put_n(o, ' ', owed);
}

/* The format's character at I: narrow FMT or wide WFMT. Tested on WFMT: every caller passes a constant NULL
 * for the width it does not use, which folds the test away (a test on FMT, which a narrow caller passes at
 * run time, stayed in hardware). */
static wchar_t fmt_at(const char *fmt, const wchar_t *wfmt, size_t i)
{
	return wfmt ? wfmt[i] : (unsigned char)fmt[i];
}

int __kiln_format(out *o, const char *fmt, const wchar_t *wfmt, va_list ap)
{
	dec x; /* one buffer for every float of the call */
	int wide = o->ws != NULL;
	size_t p = 0;
#define AT(k) fmt_at(fmt, wfmt, p + (k))
	while (AT(0)) {
		if (AT(0) != '%') {
			put(o, AT(0));
			p++;
			continue;
		}
		size_t start = p++;
		spec sp = {0, 0, -1, 0};
		for (;; p++) {
			int f = AT(0) == '-'    ? F_MINUS
			        : AT(0) == '+'  ? F_PLUS
			        : AT(0) == ' '  ? F_SPACE
			        : AT(0) == '#'  ? F_HASH
			        : AT(0) == '0'  ? F_ZERO
			        : AT(0) == '\'' ? -1
			                        : 0;
			if (!f)
				break;
			if (f > 0)
				sp.flags |= f;
		}
		if (AT(0) == '*') {
			int w = va_arg(ap, int);
			if (w < 0) {
				sp.flags |= F_MINUS;
				w = w == -2147483647 - 1 ? 2147483647 : -w;
			}
			sp.width = w;
			p++;
		} else {
			for (; AT(0) >= '0' && AT(0) <= '9'; p++)
				sp.width =
				    sp.width > 214748364 ? 2147483647 : sp.width * 10 + (int)(AT(0) - '0');
		}
		if (AT(0) == '.') {
			p++;
			if (AT(0) == '*') {
				int q = va_arg(ap, int);
				sp.prec = q < 0 ? -1 : q;
				p++;
			} else {
				sp.prec = 0;
				for (; AT(0) >= '0' && AT(0) <= '9'; p++)
					sp.prec = sp.prec > 214748364 ? 2147483647
					                              : sp.prec * 10 + (int)(AT(0) - '0');
			}
		}
		/* length: H hh, h, l, L ll (and L, q), j, z, t */
		size_t len_at = p;
		char len = __kiln_length(AT(0), AT(0) == 'h' || AT(0) == 'l' ? AT(1) : 0, &p);
		wchar_t conv = AT(0);
		sp.conv = conv < 0x80 ? (char)conv : '?';
		if (!conv) { /* the format ends inside a conversion: glibc writes what came before, and fails
			      */
			errno = EINVAL;
			return -1;
		}
		p++;
		switch (conv) {
		case 'd':
		case 'i': {
			long long v = len == 'H'   ? (signed char)va_arg(ap, int)
			              : len == 'h' ? (short)va_arg(ap, int)
			              : (len == 'l' && !__kiln_long32) || len == 'z' || len == 't'
			                  ? va_arg(ap, long)
			              : len == 'L' || len == 'j' ? va_arg(ap, long long)
			                                         : va_arg(ap, int);
			emit_int(o, &sp, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0,
			         10);
			break;
		}
		case 'u':
		case 'o':
		case 'x':
		case 'X': {
			unsigned long long v = len == 'H'   ? (unsigned char)va_arg(ap, unsigned)
			                       : len == 'h' ? (unsigned short)va_arg(ap, unsigned)
			                       : (len == 'l' && !__kiln_long32) || len == 'z' || len == 't'
			                           ? va_arg(ap, unsigned long)
			                       : len == 'L' || len == 'j' ? va_arg(ap, unsigned long long)
			                                                  : va_arg(ap, unsigned);
			emit_int(o, &sp, v, 0, sp.conv == 'u' ? 10 : sp.conv == 'o' ? 8 : 16);
			break;
		}
		case 'c':
		case 'C': {
			/* %lc (%C) takes a wint_t, %c an int made unsigned char; each side converts in the C
			 * locale: a wide character to bytes beyond ASCII is EILSEQ, a byte to wide (btowc)
			 * fails with errno untouched, as glibc */
			int wide_arg = len == 'l' || len == 'L' || conv == 'C'; /* ll, L, q too, as glibc */
			wint_t c = wide_arg ? va_arg(ap, wint_t) : (unsigned char)va_arg(ap, int);
			if (wide_arg != wide &&
			    (unsigned int)c >= 0x80) { /* WEOF too, wint_t signed or not */
				if (wide_arg)
					errno = EILSEQ;
				return -1;
			}
			if (wide) {
				wchar_t wc = (wchar_t)c;
				emit_text(o, &sp, NULL, &wc, 1);
			} else {
				char b = (char)c;
				emit_text(o, &sp, &b, NULL, 1);
			}
			break;
		}
		case 's':
		case 'S': {
			/* the precision counts the output's characters, which in the C locale are the
			 * argument's; only those are converted */
			int wide_arg = len == 'l' || len == 'L' || conv == 'S';
			const void *arg = va_arg(ap, const void *);
			const char *str = wide_arg ? NULL : arg;
			const wchar_t *wstr = wide_arg ? arg : NULL;
			if (!arg) {
				str = sp.prec >= 0 && sp.prec < 6 ? "" : "(null)";
				wstr = NULL;
			}
			/* a loop per width: one load a character, and the check only where widths differ */
			long l = 0;
			int convert = arg && wide_arg != wide, bad = 0;
			if (str)
				for (; (sp.prec < 0 || l < sp.prec) && str[l]; l++)
					bad |= convert && (unsigned char)str[l] >= 0x80;
			else
				for (; (sp.prec < 0 || l < sp.prec) && wstr[l]; l++)
					bad |= convert && (unsigned int)wstr[l] >= 0x80;
			if (bad) {
				errno = EILSEQ;
				return -1;
			}
			emit_text(o, &sp, str, wstr, l);
			break;
		}
		case 'p': {
			void *ptr = va_arg(ap, void *);
			if (!ptr) {
				spec s2 = sp;
				s2.prec = -1;
				emit(o, &s2, 0, "", 0, 0, "(nil)", 5, 0);
			} else {
				sp.flags |= F_HASH;
				emit_int(o, &sp, (uintptr_t)ptr, 0, 16);
			}
			break;
		}
		case 'f':
		case 'F':
		case 'e':
		case 'E':
		case 'g':
		case 'G':
		case 'a':
		case 'A':
			emit_float(o, &sp, va_arg(ap, double), &x);
			break;
		case '%':
			put(o, '%');
			break;
		case 'n':
			abort(); /* kiln-cc refuses %n in a literal format; any other one stops here */
		default: /* no conversion: glibc writes the text as it stands, but for the length modifier */
			for (size_t q = start; q < len_at; q++)
				put(o, fmt_at(fmt, wfmt, q));
			put(o, conv);
			break;
		}
	}
#undef AT
	return 0;
}

int vsnprintf(char *restrict s, size_t n, const char *restrict fmt, va_list ap)
{
	out o = {s, NULL, n, 0, 0};
	int r = __kiln_format(&o, fmt, NULL, ap);
	if (n)
		s[o.len < n ? o.len : n - 1] = 0;
	return r < 0 || o.len > 2147483647u ? -1 : (int)o.len;
}

/* glibc's: -1 when the text does not fit N (with errno untouched), its first N - 1 characters written. */
int vswprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict fmt, va_list ap)
{
	out o = {NULL, s, n, 0, 0};
	int r = __kiln_format(&o, NULL, fmt, ap);
	if (n)
		s[o.len < n ? o.len : n - 1] = 0;
	return r < 0 || o.len >= n || o.len > 2147483647u ? -1 : (int)o.len;
}

int vsprintf(char *restrict s, const char *restrict fmt, va_list ap)
{
	return vsnprintf(s, (size_t)-1, fmt, ap);
}

int snprintf(char *restrict s, size_t n, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsnprintf(s, n, fmt, ap);
	va_end(ap);
	return r;
}

int sprintf(char *restrict s, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsnprintf(s, (size_t)-1, fmt, ap);
	va_end(ap);
	return r;
}

int swprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(s, n, fmt, ap);
	va_end(ap);
	return r;
}
