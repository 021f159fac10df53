// SPDX-License-Identifier: Apache-2.0
// Wide output (stdout is wide-oriented here: glibc fails wide output on a stream that printed bytes), all
// formatting through one vwprintf wrapper (each call site of a run-time formatter is a formatter in
// hardware; swprintf, the same formatter into memory, is compared with glibc natively in test/libc): narrow
// and wide arguments, text beyond ASCII (the C locale prints '?'), a narrow string beyond ASCII (an
// encoding error: -1), a text past the library's on-chip buffer, fputwc, putwc, putwchar, fputws, wcsftime,
// fwide, and the counts.
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <wchar.h>

static int wlog(const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vwprintf(fmt, ap);
	va_end(ap);
	return n;
}

int main(void)
{
	int total = 0;
	total += wlog(L"wide %d %ls %s %5.2f|%-6lc|%c|%S\n", 42, L"text", "narrow", 3.14159, (wint_t)L'w',
	              'c', L"upper S");
	total += wlog(L"beyond ASCII: caf\u00e9 \u263a %lc %ls %.2ls|\n", (wint_t)0xe9, L"na\u00efve",
	              L"\u4e2d\u6587x");
	wchar_t buf[64];
	total += wlog(L"an encoding error [%s] after this\n", "caf\xe9");
	fputwc(L'A', stdout);
	putwc(L'B', stdout);
	putwc(0x263a, stdout);
	putwchar(L'\n');
	total += fputws(L"fputws line \u00e9\n", stdout);
	for (int i = 0; i < 3; i++)
		total += wlog(L"[%d] %ls %.*f\n", i, i & 1 ? L"odd" : L"even", i, 1.0 / 3);
	total += wlog(L"%0300d|%ls\n", 5, L"past the buffer"); /* 300 characters and more */
	struct tm tm = {.tm_year = 126,
	                .tm_mon = 10,
	                .tm_mday = 30,
	                .tm_hour = 16,
	                .tm_min = 5,
	                .tm_sec = 9,
	                .tm_wday = 1,
	                .tm_yday = 333};
	size_t len = wcsftime(buf, 64, L"%Y-%m-%d %H:%M:%S %A \u00e9t\u00e9 %j", &tm);
	size_t none = wcsftime(buf + 40, 8, L"%c", &tm); /* too short: 0 */
	total += wlog(L"wcsftime %d [%ls] %d\n", (int)len, buf, (int)none);
	int before = fwide(stdout, 0);
	total += wlog(L"fwide %d %d\n", before, fwide(stdout, -1));
	wlog(L"total %d\nok\n", total);
	return 0;
}
