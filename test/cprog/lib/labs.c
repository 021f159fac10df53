// SPDX-License-Identifier: Apache-2.0
// labs: absolute value of long, including values beyond 32 bits
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

static const long in[] = {0L, -5L, 5L, -4294967296L, 123456789012L, LONG_MAX, -LONG_MAX};

int main(void)
{
	for (int i = 0; i < 7; i++) {
		long r = labs(in[i]);
		printf("labs(%ld) = %ld\n", in[i], r);
		CHECK(r >= 0 && (r == in[i] || r == -in[i]));
	}
	CHECK(labs(-4294967296L) == 4294967296L);
	return done();
}
