// SPDX-License-Identifier: Apache-2.0
// the callee chosen by a conditional expression: (c ? f : g)(x) and through a variable
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

static unsigned up(unsigned x)
{
	return x * 3u + 1u;
}
static unsigned down(unsigned x)
{
	return x / 2u;
}

int main(void)
{
	unsigned x = 27, steps = 0, peak = 0;
	while (x != 1 && steps < 200) {
		x = ((x & 1) ? up : down)(x);
		if (x > peak)
			peak = x;
		steps++;
	}
	printf("steps %u peak %u\n", steps, peak);
	CHECK(steps == 111 && peak == 9232);
	unsigned (*f)(unsigned) = steps > 100 ? down : up;
	CHECK(f(10) == 5);
	return done();
}
