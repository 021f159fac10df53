// SPDX-License-Identifier: Apache-2.0
// sscanf and swscanf: each kind of conversion, width, length, suppression, scan set and failure, all through
// one call site each (a call site of a run-time scanner is a scanner in hardware), in a loop over the cases;
// what each stores, returns and leaves in errno is printed. test/libc compares both with glibc natively on
// random texts and formats. The cases are arrays, not pointers to string literals: each literal is a memory
// of its own, and a load through a pointer that may reach sixty of them is sixty loads in hardware (a
// model seven times the size).
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <wchar.h>

/* Where a case's conversions store: up to four, of any type. */
union slot {
	signed char hh;
	short h;
	int i;
	long long ll;
	float f;
	double d;
	void *p;
	char s[24];
	wchar_t w[24];
};

static int scan(const char *s, const char *f, union slot *a)
{
	return sscanf(s, f, &a[0], &a[1], &a[2], &a[3]);
}

static int wscan(const wchar_t *s, const wchar_t *f, union slot *a)
{
	return swscanf(s, f, &a[0], &a[1], &a[2], &a[3]);
}

/* What case K stored, slot by slot, as KINDS says (i int, h short, c signed char, L long long, f float,
 * d double, p pointer, s string, w wide string, - not stored). */
static void show(int k, int r, const char *kinds, union slot *a)
{
	printf("%2d: %d errno %d |", k, r, errno);
	for (int j = 0; kinds[j]; j++) {
		switch (kinds[j]) {
		case 'i':
			printf(" %d", a[j].i);
			break;
		case 'h':
			printf(" %hd", a[j].h);
			break;
		case 'c':
			printf(" %hhd", a[j].hh);
			break;
		case 'L':
			printf(" %lld", a[j].ll);
			break;
		case 'f':
			printf(" %a", (double)a[j].f);
			break;
		case 'd':
			printf(" %a", a[j].d);
			break;
		case 'p':
			printf(" %#lx", (unsigned long)a[j].p);
			break;
		case 's':
			printf(" [%s]", a[j].s);
			break;
		case 'w':
			printf(" [");
			for (int c = 0; c < 24 && a[j].w[c]; c++)
				printf(a[j].w[c] < 0x80 ? "%c" : "<%x>", (int)a[j].w[c]);
			printf("]");
			break;
		default:
			printf(" -");
			break;
		}
	}
	printf("\n");
}

static void clear(union slot *a)
{
	for (int j = 0; j < 4; j++)
		for (int b = 0; b < 24; b++)
			a[j].w[b] = 0;
}

int main(void)
{
	static const struct {
		char s[28], f[20], kinds[6];
	} cases[] = {
	    {"  42 -17 0x1F 077", "%d%i%x%o", "iiii"},
	    {"-5 4294967295 99999999999", "%u %u %d%n", "iiii"},
	    {"123456789012 -0x8000 300", "%lld %hi %hhu", "Lhc"},
	    {"3.25 -1e-3 0x1.8p1 inf", "%f%lf%la%lg", "fddd"},
	    {"1e400 nan 2.5", "%lf %lf %f", "ddf"},
	    {"12345 abcdef", "%3d%2d %4s%s", "iiss"},
	    {"key=value; rest", "%[a-z]=%[^;]; %n", "ssi"},
	    {"x:12:y", "%*c:%d:%c", "is"},
	    {"0x1234 (nil)", "%p %p", "pp"},
	    {"abc", "%d", "i"},
	    {"", "%d", "i"},
	    {"5 x", "%d %d", "ii"},
	    {"100ergs of energy", "%lf%s", "ds"},
	    {"caf\xc3\xa9 au lait", "%s %2c%n", "ssi"},
	    {"wide", "%ls", "w"},
	    {"na\xefve", "%ls", "w"},
	    {"1 2 3", "%*d %*d %d%%", "i"},
	    {"50% off", "%d%% %s", "is"},
	};
	union slot a[4];
	for (int k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
		clear(a);
		errno = 0;
		int r = scan(cases[k].s, cases[k].f, a);
		show(k, r, cases[k].kinds, a);
	}
	static const struct {
		wchar_t s[16], f[16];
		char kinds[6];
	} wcases[] = {
	    {L"  -12 0x1f 2.5e1", L"%d %x %lf", "iid"},
	    {L"\u00e9t\u00e9 \u263a!", L"%ls %l[^!]%n", "wwi"},
	    {L"\u00e9t\u00e9", L"%s", "s"},
	    {L"ascii text", L"%s %3c", "ss"},
	    {L"\u00e9=1", L"\u00e9=%d", "i"},
	    {L"7 apples", L"%d %[a-p]", "is"},
	};
	for (int k = 0; k < (int)(sizeof wcases / sizeof wcases[0]); k++) {
		clear(a);
		errno = 0;
		int r = wscan(wcases[k].s, wcases[k].f, a);
		show(100 + k, r, wcases[k].kinds, a);
	}
	return 0;
}
