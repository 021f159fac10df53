// SPDX-License-Identifier: Apache-2.0
// printf and fprintf of formats the debug channel does not carry, which kiln-cc sends to the kernel C
// library's formatter: formats chosen at run time from a table, and literal formats with wide conversions
// (%ls %lc %S %C), an encoding error among them (-1, the text before it printed); their counts are glibc's.
// sprintf with a literal wide conversion too. Each call site is a formatter in hardware, so each kind has
// one.
#include <stdio.h>
#include <wchar.h>

int main(void)
{
	static const char formats[][24] = {"[%d|%5s|%-4c]\n", "%x %s %#X\n", "%d=%s %c\n", "%%%o%% %.1s %c\n",
	                                   "%+06d%.3s%3c\n"};
	static const char words[][8] = {"alpha", "be", "gamma", "d", "x"};
	int total = 0;
	for (int i = 0; i < 5; i++)
		total += fprintf(stdout, formats[i], i * 100 + 7, words[i], 'a' + i);
	printf("total %d\n", total);
	static const wchar_t wides[][8] = {L"wide", L"caf\u00e9"};
	int counts[2];
	for (int i = 0; i < 2; i++) /* a select of two literal formats: one call site */
		counts[i] = printf(i ? "before %ls after\n" : "%ls and %lc|%5ls|%-4lc|%S\n", wides[i],
		                   (wint_t)L'w', L"ab", (wint_t)L'z', L"upper");
	printf("\ncounts %d %d\n", counts[0], counts[1]);
	char buf[40];
	int c = sprintf(buf, "<%ls|%3lc>", L"xyz", (wint_t)L'q');
	printf("sprintf %d %s\n", c, buf);
	return 0;
}
