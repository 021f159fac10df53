// SPDX-License-Identifier: Apache-2.0
// K&R-style (old-style) function definitions, with int, long, short and pointer parameters
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

static int scale(a, b, c)
int a;
long b;
short c;
{
	return (int)(a * b + c);
}

static int count_char(s, ch) const char *s;
int ch;
{
	int n = 0;
	while (*s)
		n += *s++ == ch;
	return n;
}

static unsigned mix(x, y)
unsigned x, y;
{
	return x * 31u ^ y;
}

int main(void)
{
	int r = scale(3, 4L, (short)5);
	int n = count_char("mississippi", 's');
	unsigned m = mix(7u, 9u);
	printf("%d %d %u\n", r, n, m);
	CHECK(r == 17 && n == 4 && m == (217u ^ 9u));
	return done();
}
