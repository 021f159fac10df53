// SPDX-License-Identifier: Apache-2.0
// atoll: long long values including the most negative
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

static const char *in[] = {"-9223372036854775808", "1000000000000", "-1", "0012"};
static const long long want[] = {-9223372036854775807LL - 1, 1000000000000LL, -1LL, 12LL};

int main(void)
{
	for (int i = 0; i < 4; i++) {
		long long r = atoll(in[i]);
		printf("%lld\n", r);
		CHECK(r == want[i]);
	}
	return done();
}
