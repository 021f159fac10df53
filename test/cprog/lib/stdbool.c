// SPDX-License-Identifier: Apache-2.0
// stdbool.h: bool, true, false and conversion of any value to 0 or 1
#include <stdbool.h>
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

static int x;
static int *ptrs[2] = {&x, NULL};

static bool is_even(unsigned v)
{
	return !(v & 1);
}

int main(void)
{
	bool a = 5, b = 0, c = -1;
	bool flags[6];
	CHECK(a == true && b == false && c == 1);
	CHECK(sizeof(bool) == 1);
	CHECK(true + true == 2);
	bool p = ptrs[0], q = ptrs[1];
	CHECK(p == 1 && q == 0);
	int n = 0;
	for (unsigned i = 0; i < 6; i++) {
		flags[i] = is_even(i * 3);
		n += flags[i];
	}
	printf("%d %d %d %d\n", a, b, c, n);
	CHECK(n == 3 && flags[2] && !flags[1]);
	a = !a;
	CHECK(!a);
	return done();
}
