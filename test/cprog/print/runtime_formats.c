// SPDX-License-Identifier: Apache-2.0
// printf and fprintf of formats the debug channel does not carry, which kiln-cc sends to the kernel C
// library's formatter: a format chosen at run time from a table (one call site), and literal formats with
// wide conversions (%ls %lc %S %C), an encoding error among them (-1, the text before it printed); their
// counts are glibc's. sprintf with a literal wide conversion too.
#include <stdio.h>
#include <wchar.h>

int main(void)
{
	static const char formats[][24] = {"[%d|%5s|%-4c]\n", "%x %s %#X\n", "%+.3f %e\n", "%s=%d\n", "%%%o%% %.1s %c\n"};
	static const char words[][8] = {"alpha", "be", "gamma", "d", "x"};
	int total = 0;
	for (int i = 0; i < 5; i++) {
		int n;
		if (i == 2)
			n = printf(formats[i], 3.14159 * i, 1.0 / (i + 1));
		else if (i == 3)
			n = fprintf(stdout, formats[i], words[i], i * 7);
		else
			n = printf(formats[i], i * 100 + 7, words[i], 'a' + i);
		total += n;
	}
	printf("total %d\n", total);
	int a = printf("%ls and %lc|%5ls|%-4lc|%S\n", L"wide", (wint_t)L'w', L"ab", (wint_t)L'z', L"upper");
	int b = printf("before %ls after\n", L"caf\u00e9");
	printf("\ncounts %d %d\n", a, b);
	char buf[40];
	int c = sprintf(buf, "<%ls|%3lc>", L"xyz", (wint_t)L'q');
	printf("sprintf %d %s\n", c, buf);
	return 0;
}
