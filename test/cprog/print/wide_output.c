// SPDX-License-Identifier: Apache-2.0
// Wide output (stdout is wide-oriented here: glibc fails wide output on a stream that printed bytes), all
// formatting through one call site of a vwprintf wrapper, in a loop over the cases (each call site of a
// run-time formatter is a formatter in hardware; swprintf, the same formatter into memory, is compared with
// glibc natively in test/libc): narrow and wide arguments, text beyond ASCII (the C locale prints '?'), a
// narrow string beyond ASCII (an encoding error: -1, the text before it printed), a text past the library's
// on-chip buffer; fputwc, putwc, putwchar, fputws, wcsftime, fwide, and the counts.
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <wchar.h>

/* N in decimal, without a formatter. */
static void put_number(int n)
{
	wchar_t d[12];
	int k = 0;
	unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
	do
		d[k++] = (wchar_t)(L'0' + u % 10);
	while (u /= 10);
	if (n < 0)
		putwchar(L'-');
	while (k)
		putwchar(d[--k]);
}

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
	wchar_t date[64];
	struct tm tm = {.tm_year = 126,
	                .tm_mon = 10,
	                .tm_mday = 30,
	                .tm_hour = 16,
	                .tm_min = 5,
	                .tm_sec = 9,
	                .tm_wday = 1,
	                .tm_yday = 333};
	int len = (int)wcsftime(date, 64, L"%Y-%m-%d %H:%M:%S %A \u00e9t\u00e9 %j", &tm);
	int none = (int)wcsftime(date + 40, 8, L"%c", &tm); /* too short: 0 */
	/* Each takes an int, a wide string, a narrow string, a double and a wide character, in that order. */
	static const wchar_t *const formats[] = {
	    L"wide %d %ls %s %5.2f|%-6lc|\n",
	    L"beyond ASCII: caf\u00e9 \u263a %c %ls %.2s %.1f %lc|\n",
	    L"%+05d %-8ls|%8s|%e %C\n",
	    L"%0300d|%ls %s %g %lc\n", /* 300 characters and more: past the 256-character buffer */
	    L"an encoding error %d %ls [%s] %f %lc\n",
	    L"wcsftime %d [%ls]%s %.0f%lc\n",
	    L"%#x %S %s %a %lc\n",
	};
	static const int ints[] = {42, 'c', 7, 5, 1, 0, 255};
	const wchar_t *wides[] = {L"text", L"na\u00efve", L"left", L"past", L"w", date, L"upper S"};
	static const char *const narrows[] = {"narrow", "xy\xe9", "right", "the buffer", "caf\xe9", "", "n"};
	static const wchar_t chars[] = {L'w', 0x263a, L'C', L'!', L'?', L'.', 0xe9};
	int total = 0;
	for (int i = 0; i < (int)(sizeof formats / sizeof *formats); i++) {
		int n = wlog(formats[i], i == 5 ? len : ints[i], wides[i], narrows[i], 1.0 / (i + 3),
		             (wint_t)chars[i]);
		total += n;
		putwchar(n < 0 ? L'-' : L'+');
	}
	fputwc(L'A', stdout);
	putwc(L'B', stdout);
	putwc(0x263a, stdout);
	putwchar(L'\n');
	total += fputws(L"fputws line \u00e9\n", stdout);
	int before = fwide(stdout, 0), after = fwide(stdout, -1);
	fputws(before > 0 && after > 0 ? L"wide-oriented\n" : L"not wide-oriented\n", stdout);
	fputws(none == 0 ? L"short buffer: 0\n" : L"short buffer: not 0\n", stdout);
	fputws(L"total ", stdout);
	put_number(total);
	fputws(L"\nok\n", stdout);
	return 0;
}
