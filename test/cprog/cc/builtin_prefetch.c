// SPDX-License-Identifier: Apache-2.0
// __builtin_prefetch with read/write and locality hints inside a loop: no effect on results
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

static int data[256];

int main(void)
{
	for (int i = 0; i < 256; i++)
		data[i] = i * 3 - 100;
	long sum = 0;
	for (int i = 0; i < 256; i++) {
		if (i + 8 < 256)
			__builtin_prefetch(&data[i + 8]);
		__builtin_prefetch(&data[i], 1, 3);
		__builtin_prefetch(&data[i], 0, 0);
		sum += data[i];
		data[i] = -data[i];
	}
	printf("%ld %d\n", sum, data[200]);
	CHECK(sum == 72320 && data[200] == -500);
	return done();
}
