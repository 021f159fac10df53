// SPDX-License-Identifier: Apache-2.0
// strtoul: a minus sign negates the result in unsigned arithmetic
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

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

static const char *in[] = {"-1", "-2", "-0", " -18446744073709551615", "-ff"};
static const int bases[] = {10, 10, 10, 10, 16};
static const unsigned long want[] = {ULONG_MAX, ULONG_MAX - 1, 0, 1, ULONG_MAX - 254};

int main(void)
{
	for (int i = 0; i < 5; i++) {
		unsigned long r = strtoul(in[i], NULL, bases[i]);
		printf("%lu\n", r);
		CHECK(r == want[i]);
	}
	return done();
}
