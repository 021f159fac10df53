// SPDX-License-Identifier: Apache-2.0
// formatting into memory through one call site (each sprintf call site is a formatter in hardware):
// vsnprintf in a variadic wrapper, every kind of conversion over a table of formats and values, the
// buffer's bound and the length it would have written; compared as text with what glibc writes
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static char line[128];

static int format(size_t room, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(room ? line : NULL, room, fmt, ap);
	va_end(ap);
	return n;
}

/* each consumes an int, a long long, a double and a string, in that order (or fewer) */
static const char *const formats[] = {
    "%d|%lld|%f|%s",        "%5d|%-20lld|%.2f|%8s",   "%+d|%llx|%e|%-8s|",    "% d|%#llX|%.3E|%.3s",
    "%05d|%llo|%g|%s",      "%-5d|%#llo|%.10g|%5.1s", "%x|%llu|%#g|%%",       "%#X|%lli|%a|%s",
    "%o|%+lld|%.2a|%s",     "%c|%zu|%12.4f|%s",       "%hhd|%lld|%-12.3e|%s", "%hu|%lld|%.0f|%.0s",
    "%.0d|%.5lld|%#.0e|%s", "%.7d|%lld|%.30f|%s",     "%u|%lld|%G|%s",        "%i|%lld|%A|%s"};
static const int ints[] = {0, 42, -42, 300, 2147483647, -2147483647 - 1};
static const long long longs[] = {0, -1234567890123LL, 9223372036854775807LL};
static const double doubles[] = {0.0,       -0.0,       1.0,      0.1,  2.5,
                                 1.0 / 3,   123456.789, 1e21,     1e-7, 6.02214076e23,
                                 -1.5e-300, 5e-324,     999999.5, 0.5,  1.7976931348623157e308};
static const char *const strings[] = {"kiln", "", "a longer string"};

int main(void)
{
	unsigned long sum = 0;
	for (unsigned f = 0; f < sizeof formats / sizeof *formats; f++)
		for (unsigned k = 0; k < sizeof doubles / sizeof *doubles; k++) {
			/* now and then a buffer of 8 bytes (at most 7 and a NUL), or none (only the count) */
			size_t room = (f + k) % 7 == 3 ? 8 : (f + k) % 7 == 5 ? 0 : sizeof line;
			memset(line, '#', sizeof line);
			int n = format(room, formats[f], ints[(f + k) % 6], longs[k % 3], doubles[k],
			               strings[(f * 3 + k) % 3]);
			if (room)
				printf("%s -> [%s] %d %c\n", formats[f], line, n, line[sizeof line - 1]);
			else
				printf("%s -> %d\n", formats[f], n);
			sum += (unsigned)n;
		}
	printf("%lu\n", sum);
	return 0;
}
