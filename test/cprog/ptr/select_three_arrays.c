// SPDX-License-Identifier: Apache-2.0
// a pointer re-aimed at one of three arrays of different sizes on every iteration
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

static unsigned a[4], b[7], c[3];

int main(void)
{
	unsigned *bases[3] = {a, b, c};
	static const int sizes[3] = {4, 7, 3};
	for (unsigned i = 0; i < 40; i++) {
		int w = (int)((i * 7 + 3) % 3);
		unsigned *p = bases[w];
		p[i % (unsigned)sizes[w]] += i;
	}
	unsigned s = 0;
	for (int i = 0; i < 4; i++)
		s = s * 3u + a[i];
	for (int i = 0; i < 7; i++)
		s = s * 3u + b[i];
	for (int i = 0; i < 3; i++)
		s = s * 3u + c[i];
	printf("%u %u %u %u\n", a[0], b[6], c[2], s);
	unsigned total = 0;
	for (int w = 0; w < 3; w++)
		for (int i = 0; i < sizes[w]; i++)
			total += bases[w][i];
	CHECK(total == 780);
	return done();
}
