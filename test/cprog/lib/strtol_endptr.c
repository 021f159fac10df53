// SPDX-License-Identifier: Apache-2.0
// strtol: the end pointer when there are no digits at all
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

static const char *in[] = {"", "   ", "-", "  +", "x12", " - 3", "+-1", "0x"};

int main(void)
{
	for (int i = 0; i < 7; i++) {
		char *end = NULL;
		long r = strtol(in[i], &end, 10);
		printf("%d: %ld %d\n", i, r, (int)(end - in[i]));
		CHECK(r == 0);
		CHECK(end == in[i]);
	}
	char *end;
	long r = strtol(in[7], &end, 0);
	CHECK(r == 0 && end == in[7] + 1);
	return done();
}
