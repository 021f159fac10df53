// SPDX-License-Identifier: Apache-2.0
// memset: filling int arrays with 0 and -1
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

static int a[10];

int main(void)
{
	memset(a, -1, sizeof a);
	for (int i = 0; i < 10; i++)
		CHECK(a[i] == -1);
	memset(a + 3, 0, 4 * sizeof a[0]);
	for (int i = 0; i < 10; i++) {
		printf("%d ", a[i]);
		CHECK(a[i] == ((i >= 3 && i < 7) ? 0 : -1));
	}
	printf("\n");
	memset(a, 0x01, sizeof a[0]);
	CHECK(a[0] == 0x01010101);
	return done();
}
