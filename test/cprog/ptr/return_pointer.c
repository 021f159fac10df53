// SPDX-License-Identifier: Apache-2.0
// functions that return pointers into static arrays: maximum, last, clamp into range
#include <stddef.h>
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

static int a[7] = {3, 9, -2, 9, 5, 0, 1};

static int *max_elem(int *b, int *e)
{
	int *m = b;
	for (int *p = b + 1; p < e; p++)
		if (*p > *m)
			m = p;
	return m;
}

static int *clamp_ptr(int *p, int *lo, int *hi)
{
	return p < lo ? lo : p > hi ? hi : p;
}

int main(void)
{
	int *m = max_elem(a, a + 7);
	CHECK(m == &a[1]);
	*m = -10;
	m = max_elem(a, a + 7);
	CHECK(m == &a[3]);
	CHECK(max_elem(a + 4, a + 7) == &a[4]);
	CHECK(clamp_ptr(a, a + 2, a + 5) == a + 2 && clamp_ptr(a + 6, a + 2, a + 5) == a + 5);
	*clamp_ptr(a + 3, a + 1, a + 4) = 77;
	printf("%d %d %d\n", a[1], a[3], *max_elem(a, a + 7));
	CHECK(a[3] == 77);
	return done();
}
