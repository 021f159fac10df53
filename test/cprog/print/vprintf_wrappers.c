// SPDX-License-Identifier: Apache-2.0
// Printing a va_list: a logging wrapper around vprintf (one call site: a site inlines the whole run-time
// formatter), a text longer than the library's on-chip buffer (formatted into the heap), and the counts.
#include <stdarg.h>
#include <stdio.h>

static int lines;

static int log_line(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("[%03d] ", ++lines); /* printf returns 0 in hardware: its count is not used */
	int n = vprintf(fmt, ap);   /* vfprintf to stdout, in the library */
	va_end(ap);
	return n;
}

/* Each takes an int, a string and a double, in that order. */
static const char *const formats[] = {
    "%d %s %g\n",           "%-8d|%8s|%8.3f|\n", "%+05d %.3s %e\n",
    "%#x %10.4s %a\n",      "%0300d%s %.1f\n", /* 300 bytes and more: past the 256-byte buffer */
    "%d%%, %s%%, %.0f%%\n",
};

int main(void)
{
	static const char *const words[] = {"alpha", "bravo", "charlie", "delta"};
	int total = 0;
	for (unsigned i = 0; i < sizeof formats / sizeof *formats; i++)
		total += log_line(formats[i], (int)i * 1234 - 2000, words[i % 4], 1.0 / (i + 3));
	printf("total %d\n", total);
	printf("ok\n");
	return 0;
}
