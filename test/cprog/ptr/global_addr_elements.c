// SPDX-License-Identifier: Apache-2.0
// file-scope pointers initialised to array elements and one past the end
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

static int arr[6] = {10, 20, 30, 40, 50, 60};
static int *mid = &arr[3];
static int *second = arr + 1;
static int *const end = arr + 6;
static char text[] = "kiln";
static char *tp = text + 2;

int main(void)
{
	CHECK(*mid == 40 && *second == 20);
	CHECK(end - second == 5);
	int s = 0;
	for (int *p = second; p != end; p++)
		s += *p;
	printf("%d %c %s\n", s, *tp, tp);
	CHECK(s == 200);
	mid[-1] = 33;
	CHECK(arr[2] == 33);
	*tp = 'L';
	CHECK(text[2] == 'L');
	return done();
}
