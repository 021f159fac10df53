// SPDX-License-Identifier: Apache-2.0
// isprint, isgraph, ispunct, isxdigit: all of 0..255 and EOF
#include <ctype.h>
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

int main(void)
{
	unsigned sum = 0;
	int np = 0, ng = 0, nu = 0, nx = 0;
	for (int c = -1; c < 256; c++) {
		int p = isprint(c) != 0, g = isgraph(c) != 0, u = ispunct(c) != 0, x = isxdigit(c) != 0;
		np += p, ng += g, nu += u, nx += x;
		sum = sum * 37u + (unsigned)(p | g << 1 | u << 2 | x << 3);
		CHECK(p == (c >= 32 && c < 127));
		CHECK(g == (p && c != ' '));
		CHECK(u == (g && !isalnum(c)));
	}
	printf("print %d graph %d punct %d xdigit %d sum %u\n", np, ng, nu, nx, sum);
	CHECK(np == 95 && ng == 94 && nu == 32 && nx == 22);
	return done();
}
