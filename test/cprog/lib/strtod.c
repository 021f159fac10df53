// SPDX-License-Identifier: Apache-2.0
// strtod, strtof, atof and wcstod: correctly rounded as glibc, with errno and the end of each number
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static const char *const texts[] = {
    "3.14159",
    "-0.0",
    "  +1e-5xyz",
    "0x1.8p3",
    "1e",
    "0x",
    ".5",
    "inf",
    "-Infinity",
    "nan(12)",
    "1e309",
    "4.9e-324",
    "2e-324",
    "2.2250738585072011e-308",
    "1.7976931348623159e308",
    "9007199254740993",
    /* the halfway point between 1 and the next double, exactly, and a digit above it */
    "1.00000000000000011102230246251565404236316680908203125",
    "1.000000000000000111022302462515654042363166809082031250001",
    "123456789012345678901234567890e-20",
    "0.000000000000000000000000000000000000000000001",
    "3.4028236e38",
    "1.17549435e-38",
    "0x1.fffffffffffff8p1023",
    "12abc",
    "",
    "-",
};

int main(void)
{
	for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char *end;
		errno = 0;
		double d = strtod(texts[i], &end);
		int e = errno;
		errno = 0;
		float f = strtof(texts[i], NULL);
		printf("\"%s\": %a errno %d end %d; float %a errno %d\n", texts[i], d, e,
		       (int)(end - texts[i]), (double)f, errno);
	}
	wchar_t *wend;
	static const wchar_t wide[] = L"  -2.5e3 apples";
	double w = wcstod(wide, &wend);
	printf("wcstod: %g, %d characters; atof: %g\n", w, (int)(wend - wide), atof("6.02214076e23"));
	return 0;
}
