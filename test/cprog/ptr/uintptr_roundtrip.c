// SPDX-License-Identifier: Apache-2.0
// pointer to uintptr_t and back: the round trip gives the same pointer (no address printed)
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

static int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static char bytes[16];

int main(void)
{
	uintptr_t u = (uintptr_t)&arr[2];
	int *p = (int *)u;
	CHECK(p == &arr[2] && *p == 3);
	uintptr_t v = u + 3 * sizeof(int);
	int *q = (int *)v;
	CHECK(q == &arr[5] && *q == 6);
	CHECK(v - u == 12);
	intptr_t d = (intptr_t)&arr[0] - (intptr_t)&arr[7];
	CHECK(d == -28);
	void *vp = (void *)(uintptr_t)bytes;
	CHECK(vp == (void *)bytes);
	*(int *)(uintptr_t)&arr[7] = 80;
	CHECK(arr[7] == 80);
	printf("%d %d %ld\n", *p, *q, (long)d);
	return done();
}
