// SPDX-License-Identifier: Apache-2.0
// abs: negative, positive, zero, INT_MAX and -INT_MAX
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

static const int in[] = {0, 1, -1, 42, -42, INT_MAX, -INT_MAX, -1000000};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		int r = abs(in[i]);
		printf("abs(%d) = %d\n", in[i], r);
		CHECK(r >= 0 && (r == in[i] || r == -in[i]));
	}
	CHECK(abs(-7) == 7);
	return done();
}
