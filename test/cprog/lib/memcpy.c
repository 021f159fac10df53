// SPDX-License-Identifier: Apache-2.0
// memcpy: copies of lengths 0..20 between offsets, guard bytes intact
#include <stdio.h>
#include <string.h>

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

static unsigned char src[64], dst[64];

int main(void)
{
	unsigned sum = 0;
	for (int i = 0; i < 64; i++)
		src[i] = (unsigned char)(i * 7 + 3);
	for (int n = 0; n <= 20; n++) {
		memset(dst, 0xAA, sizeof dst);
		void *r = memcpy(dst + 1, src + (n & 3), (size_t)n);
		CHECK(r == dst + 1);
		CHECK(dst[0] == 0xAA && dst[n + 1] == 0xAA);
		for (int i = 0; i < n; i++)
			CHECK(dst[i + 1] == src[i + (n & 3)]);
		for (int i = 0; i < 64; i++)
			sum = sum * 31u + dst[i];
	}
	printf("sum %u\n", sum);
	return done();
}
