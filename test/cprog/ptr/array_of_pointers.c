// SPDX-License-Identifier: Apache-2.0
// an array of pointers to separate scalars, read and written through the array
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

static int a = 1, b = 2, c = 3, d = 4;

int main(void)
{
	int *ps[4] = {&a, &b, &c, &d};
	for (int i = 0; i < 4; i++)
		*ps[i] *= 10 + i;
	int *t = ps[0];
	ps[0] = ps[3];
	ps[3] = t;
	*ps[0] += 1;
	int sum = 0;
	for (int i = 0; i < 4; i++) {
		printf("%d ", *ps[i]);
		sum += *ps[i];
	}
	printf("\n%d %d %d %d\n", a, b, c, d);
	CHECK(a == 10 && b == 22 && c == 36 && d == 53);
	CHECK(sum == 121);
	return done();
}
