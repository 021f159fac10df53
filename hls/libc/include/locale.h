// SPDX-License-Identifier: Apache-2.0
/* locale.h: the C locale, the only one a kernel has (definitions in hls/libc/locale.c). The categories and
 * struct lconv are glibc's. */
#ifndef KILN_LIBC_LOCALE_H
#define KILN_LIBC_LOCALE_H

#define __need_NULL
#include <stddef.h>

#define LC_CTYPE 0
#define LC_NUMERIC 1
#define LC_TIME 2
#define LC_COLLATE 3
#define LC_MONETARY 4
#define LC_MESSAGES 5
#define LC_ALL 6
/* glibc's further categories */
#define LC_PAPER 7
#define LC_NAME 8
#define LC_ADDRESS 9
#define LC_TELEPHONE 10
#define LC_MEASUREMENT 11
#define LC_IDENTIFICATION 12

struct lconv {
	char *decimal_point;
	char *thousands_sep;
	char *grouping;
	char *int_curr_symbol;
	char *currency_symbol;
	char *mon_decimal_point;
	char *mon_thousands_sep;
	char *mon_grouping;
	char *positive_sign;
	char *negative_sign;
	char int_frac_digits;
	char frac_digits;
	char p_cs_precedes;
	char p_sep_by_space;
	char n_cs_precedes;
	char n_sep_by_space;
	char p_sign_posn;
	char n_sign_posn;
	char int_p_cs_precedes;
	char int_p_sep_by_space;
	char int_n_cs_precedes;
	char int_n_sep_by_space;
	char int_p_sign_posn;
	char int_n_sign_posn;
};

/* "C" for a query (LOCALE NULL) and for "C", "POSIX" or "" (the environment of a kernel is the C locale);
 * NULL for any other locale or a category out of range, which C allows when a locale is not available. */
char *setlocale(int category, const char *locale);
struct lconv *localeconv(void);

#endif
