// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <locale.h>: the C locale is the only one, so setting it succeeds, setting any
 * other fails as C allows, and localeconv describes it with C's values. */
#include <limits.h>
#include <locale.h>
#include <string.h>

static char c_name[] = "C", dot[] = ".", empty[] = "";

char *setlocale(int category, const char *locale)
{
	if (category < LC_CTYPE || category > LC_IDENTIFICATION)
		return NULL;
	if (!locale || !*locale || !strcmp(locale, "C") || !strcmp(locale, "POSIX"))
		return c_name;
	return NULL;
}

static struct lconv c_lconv = {
    dot,      empty,    empty,    empty,    empty,    empty,    empty,    empty,
    empty,    empty,    CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
    CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
};

struct lconv *localeconv(void)
{
	return &c_lconv;
}
