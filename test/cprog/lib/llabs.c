// SPDX-License-Identifier: Apache-2.0
// llabs: absolute value of long long
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

static const long long in[] = {0LL, -1LL, -9000000000000000000LL, 77LL, LLONG_MAX, -LLONG_MAX};

int main(void)
{
	for (int i = 0; i < 6; i++) {
		long long r = llabs(in[i]);
		printf("llabs(%lld) = %lld\n", in[i], r);
		CHECK(r >= 0 && (r == in[i] || r == -in[i]));
	}
	CHECK(llabs(-9000000000000000000LL) == 9000000000000000000LL);
	return done();
}
