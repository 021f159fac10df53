// SPDX-License-Identifier: Apache-2.0
// walking with p++ from an offset to the end, and with *p++ = value
#include <stdio.h>

static int fails;

static void check(int ok, int line)
{
	if (!ok) {
		printf("FAIL line %d\n", line);
		fails++;
	}
}

#define CHECK(c) check(!!(c), __LINE__)

static int done(void)
{
	if (fails)
		printf("failed %d\n", fails);
	else
		printf("ok\n");
	return fails;
}

static unsigned short v[20];

int main(void)
{
	for (int i = 0; i < 20; i++)
		v[i] = (unsigned short)(i * 3);
	for (int start = 0; start < 20; start += 4) {
		unsigned s = 0;
		for (unsigned short *p = v + start; p < v + 20; p++)
			s += *p;
		printf("%d: %u\n", start, s);
	}
	unsigned short *w = &v[5];
	for (int i = 0; i < 4; i++)
		*w++ = (unsigned short)(1000 + i);
	CHECK(v[5] == 1000 && v[8] == 1003 && v[9] == 27 && w == &v[9]);
	unsigned short *r = v + 2;
	unsigned short a = *r++, b = *r++, c = *++r;
	CHECK(a == 6 && b == 9 && c == 1000);
	return done();
}
