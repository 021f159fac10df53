// SPDX-License-Identifier: Apache-2.0
// __builtin_expect in conditions (likely/unlikely macros): results unchanged
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

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static int checked_div(int a, int b, int *err)
{
	if (unlikely(b == 0)) {
		*err += 1;
		return 0;
	}
	return a / b;
}

int main(void)
{
	int err = 0, sum = 0;
	for (int i = -5; i <= 5; i++)
		sum += checked_div(100, i, &err);
	long v = __builtin_expect(42L, 0L);
	int hot = 0;
	for (int i = 0; i < 50; i++)
		if (likely(i % 7 != 0))
			hot++;
	printf("%d %d %ld %d\n", sum, err, v, hot);
	CHECK(sum == 0 && err == 1 && v == 42 && hot == 42);
	return done();
}
