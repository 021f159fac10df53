// SPDX-License-Identifier: Apache-2.0
// a local array of function pointers filled at run time from a selector
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

static unsigned g0(unsigned x)
{
	return x + 0x10u;
}
static unsigned g1(unsigned x)
{
	return x ^ 0xA5u;
}
static unsigned g2(unsigned x)
{
	return x * 9u;
}
static unsigned g3(unsigned x)
{
	return x >> 1;
}
static unsigned g4(unsigned x)
{
	return ~x & 0xFFFFu;
}
static unsigned g5(unsigned x)
{
	return x - 3u;
}

int main(void)
{
	unsigned (*all[6])(unsigned) = {g0, g1, g2, g3, g4, g5};
	unsigned (*mine[8])(unsigned);
	for (int i = 0; i < 8; i++)
		mine[i] = all[(i * 5 + 2) % 6];
	unsigned x = 7;
	for (int r = 0; r < 4; r++)
		for (int i = 0; i < 8; i++)
			x = mine[i](x);
	printf("%u\n", x);
	CHECK(mine[0] == g2 && mine[1] == g1 && mine[7] == g1);
	CHECK(x == 115627u);
	return done();
}
