// SPDX-License-Identifier: Apache-2.0
// rand: the first values without srand equal glibc's (seed 1)
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

static const int want[] = {1804289383, 846930886, 1681692777, 1714636915, 1957747793, 424238335};

int main(void)
{
	for (int i = 0; i < 6; i++) {
		int r = rand();
		printf("%d\n", r);
		CHECK(r == want[i]);
	}
	unsigned s = 0;
	for (int i = 0; i < 200; i++) {
		int r = rand();
		CHECK(r >= 0 && r <= RAND_MAX);
		s = s * 31u + (unsigned)r;
	}
	printf("next 200: %u\n", s);
	return done();
}
