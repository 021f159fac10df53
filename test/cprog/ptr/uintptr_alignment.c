// SPDX-License-Identifier: Apache-2.0
// pointer alignment checked through uintptr_t arithmetic (low bits only, no address printed)
#include <stdint.h>
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

static long long words[4];
static char buf[32];

int main(void)
{
	CHECK(((uintptr_t)&words[0] & 7) == 0);
	CHECK(((uintptr_t)&words[3] & 7) == 0);
	int aligned = 0;
	for (int i = 0; i < 16; i++) {
		uintptr_t a = (uintptr_t)&buf[i];
		uintptr_t up = (a + 3) & ~(uintptr_t)3;
		CHECK(up - a < 4 && (up & 3) == 0);
		aligned += (a & 3) == 0;
	}
	unsigned low = (unsigned)(((uintptr_t)&buf[5] - (uintptr_t)&buf[1]) & 0xff);
	printf("%u %d\n", low, aligned);
	CHECK(aligned == 4);
	CHECK(low == 4);
	return done();
}
