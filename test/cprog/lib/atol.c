// SPDX-License-Identifier: Apache-2.0
// atol: long values beyond 32 bits
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

static const char *in[] = {"4294967296", "-4294967297", "  +12", "9223372036854775807", "7x"};
static const long want[] = {4294967296L, -4294967297L, 12L, 9223372036854775807L, 7L};

int main(void)
{
	for (int i = 0; i < 5; i++) {
		long r = atol(in[i]);
		printf("%ld\n", r);
		CHECK(r == want[i]);
	}
	return done();
}
