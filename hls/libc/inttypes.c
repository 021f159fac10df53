// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <inttypes.h> functions. intmax_t is 64 bits, so these are the long long functions
 * under other names; written as plain expressions and calls for hardware (no recursion, no state). */
#include <inttypes.h>
#include <stdlib.h>
#include <wchar.h>

intmax_t imaxabs(intmax_t j)
{
	return j < 0 ? (intmax_t)(0u - (uintmax_t)j) : j;
}

imaxdiv_t imaxdiv(intmax_t numer, intmax_t denom)
{
	imaxdiv_t r = {numer / denom, numer % denom};
	return r;
}

intmax_t strtoimax(const char *restrict nptr, char **restrict endptr, int base)
{
	return strtoll(nptr, endptr, base);
}

uintmax_t strtoumax(const char *restrict nptr, char **restrict endptr, int base)
{
	return strtoull(nptr, endptr, base);
}

intmax_t wcstoimax(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return wcstoll(nptr, endptr, base);
}

uintmax_t wcstoumax(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base)
{
	return wcstoull(nptr, endptr, base);
}
