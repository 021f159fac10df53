// SPDX-License-Identifier: Apache-2.0
// wide strings and the C locale's multibyte text: wchar.h, wctype.h and stdlib.h's conversions
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <wctype.h>

static int fails;

static void check(int ok, int line)
{
	if (!ok) {
		printf("FAIL line %d\n", line);
		fails++;
	}
}

#define CHECK(c) check(!!(c), __LINE__)

int main(void)
{
	wchar_t buf[32];
	const wchar_t *hello = L"Hello, wide world";
	CHECK(wcslen(hello) == 17);
	wcscpy(buf, hello);
	wcscat(buf, L"!");
	CHECK(wcscmp(buf, L"Hello, wide world!") == 0);
	CHECK(wcsncmp(buf, L"Help", 3) == 0 && wcsncmp(buf, L"Help", 4) < 0);
	CHECK(wcschr(buf, L'w') - buf == 7 && wcsrchr(buf, L'w') - buf == 12);
	CHECK(wcsstr(buf, L"world") - buf == 12 && wcsstr(buf, L"xyz") == NULL);
	CHECK(wcsspn(L"aabbc", L"ab") == 4 && wcscspn(L"abc,d", L",") == 3);
	wchar_t tok[] = L" one, two,,three ", *save, *t;
	int ntok = 0;
	for (t = wcstok(tok, L" ,", &save); t; t = wcstok(NULL, L" ,", &save))
		ntok++;
	CHECK(ntok == 3);
	wmemset(buf, L'x', 5);
	buf[5] = 0;
	CHECK(wcscmp(buf, L"xxxxx") == 0);
	wmemmove(buf + 1, buf, 4);
	wmemcpy(buf, L"ab", 2);
	CHECK(wmemcmp(buf, L"abxxx", 5) == 0 && wmemchr(buf, L'x', 5) == buf + 2);
	wchar_t *end;
	long v = wcstol(L"  -4711z", &end, 10);
	unsigned long long u = wcstoull(L"0xffffffffffffffff", NULL, 0);
	CHECK(v == -4711 && *end == L'z' && u == 0xffffffffffffffffull);
	printf("wcstol %ld, wcstoull %llx\n", v, u);

	int alpha = 0, digit = 0, space = 0, upper = 0;
	const wchar_t *mix = L"Abc 123\t\xe9\x3b1!";
	for (const wchar_t *p = mix; *p; p++) {
		alpha += iswalpha((wint_t)*p) != 0;
		digit += iswdigit((wint_t)*p) != 0;
		space += iswspace((wint_t)*p) != 0;
		upper += iswctype((wint_t)*p, wctype("upper")) != 0;
	}
	printf("alpha %d digit %d space %d upper %d\n", alpha, digit, space, upper);
	CHECK(alpha == 3 && digit == 3 && space == 2 && upper == 1);
	CHECK(towupper(L'q') == L'Q' && towlower(0xc9) == 0xc9 &&
	      towctrans(L'a', wctrans("toupper")) == L'A');

	/* ASCII is the C locale's multibyte text; other bytes are not */
	char narrow[32];
	size_t n = wcstombs(narrow, L"round trip", sizeof narrow);
	wchar_t back[32];
	size_t m = mbstowcs(back, narrow, 32);
	printf("%zu %zu %s\n", n, m, narrow);
	CHECK(n == 10 && m == 10 && wcscmp(back, L"round trip") == 0);
	CHECK(mbstowcs(back, "caf\xe9", 32) == (size_t)-1 && wcstombs(narrow, L"\xe9", 32) == (size_t)-1);
	mbstate_t st = {0};
	wchar_t wc = 0;
	CHECK(mbrtowc(&wc, "Z", 1, &st) == 1 && wc == L'Z' && mbsinit(&st));
	CHECK(btowc('a') == L'a' && btowc(0xe9) == WEOF && wctob(L'b') == 'b' && mblen("x", 1) == 1);
	printf("%s\n", fails ? "failed" : "ok");
	return fails;
}
