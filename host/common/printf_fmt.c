// SPDX-License-Identifier: Apache-2.0
#include "host/common/printf_fmt.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* The decimal number at *P (moved past it), saturated at INT_MAX. */
static int number(const char **p)
{
	long long v = 0;
	for (; **p >= '0' && **p <= '9'; (*p)++)
		v = v * 10 + (**p - '0') > INT_MAX ? INT_MAX : v * 10 + (**p - '0');
	return (int)v;
}

int kiln_fmt_next(const char *fmt, size_t *pos, kiln_fmt_conv *c, char *err, size_t errlen)
{
	const char *p = strchr(fmt + *pos, '%');
	if (!p)
		return 0;
	memset(c, 0, sizeof *c);
	c->width = c->prec = -1;
	c->start = (size_t)(p - fmt);
	p++;
	while (*p && strchr("-+ #0'", *p))
		p++;
	c->flags_len = (size_t)(p - (fmt + c->start + 1));
	if (*p == '*') {
		c->star_width = 1;
		p++;
	} else if (*p >= '0' && *p <= '9') {
		c->width = number(&p);
	}
	if (*p == '.') {
		p++;
		if (*p == '*') {
			c->star_prec = 1;
			p++;
		} else {
			c->prec = number(&p);
		}
	}
	c->size_at = (size_t)(p - (fmt + c->start));
	if (p[0] == 'h' && p[1] == 'h') {
		c->size = 'H';
		p += 2;
	} else if (p[0] == 'l' && p[1] == 'l') {
		c->size = 'L';
		p += 2;
	} else if (*p && strchr("hljzt", *p)) {
		c->size = *p++;
	} else if (*p == 'q' ||
	           *p == 'L') { /* BSD's ll; L is long double's, and ll's for integers in glibc */
		c->size = *p == 'L' ? 'D' : 'L';
		p++;
	}
	c->conv = *p;
	int len = (int)(p + (*p != 0) - (fmt + c->start));
	/* A length modifier makes %c and %s wide (wint_t, wchar_t *), which the channel does not carry. */
	if (*p && (strchr("CS", *p) || (strchr("cs", *p) && c->size))) {
		snprintf(err, errlen,
		         "%.*s: wide characters and strings are not supported in hardware", len,
		         fmt + c->start);
		return -1;
	}
	if (*p && strchr("diuoxXc", *p))
		c->value = KILN_FMT_INT;
	else if (*p == 's' || *p == 'p')
		c->value = *p == 's' ? KILN_FMT_STR : KILN_FMT_INT;
	else if (*p && strchr("fFeEgGaA", *p) && c->size != 'D')
		c->value = KILN_FMT_DOUBLE;
	else if (*p == '%' && p == fmt + c->start + 1)
		c->value = KILN_FMT_NONE;
	else {
		if (!*p)
			snprintf(err, errlen, "the format ends inside a conversion ('%s')", fmt + c->start);
		else if (strchr("fFeEgGaA", *p))
			snprintf(err, errlen, "%%L%c: long double is not supported in hardware", *p);
		else if (*p == 'n')
			snprintf(err, errlen, "%%n is not supported in hardware");
		else
			snprintf(err, errlen, "%%%c is not a conversion printf knows", *p);
		return -1;
	}
	c->len = (size_t)(p + 1 - (fmt + c->start));
	*pos = c->start + c->len;
	return 1;
}

int kiln_fmt_star_spec(const char *fmt, const kiln_fmt_conv *c, char *spec, size_t n)
{
	const char *conv = fmt + c->start;
	int w = snprintf(spec, n, "%%%.*s*.*%.*s", (int)c->flags_len, conv + 1, (int)(c->len - c->size_at),
	                 conv + c->size_at);
	return w < 0 || (size_t)w >= n ? -1 : 0;
}
