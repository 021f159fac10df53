// SPDX-License-Identifier: Apache-2.0
// void pointers converted to typed pointers; a byte-wise generic swap
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

static void swap_bytes(void *a, void *b, size_t n)
{
	unsigned char *x = a, *y = b;
	while (n--) {
		unsigned char t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

struct rec {
	int k;
	short s;
};

int main(void)
{
	int i = 1, j = 2;
	long long l = 5, m = 9;
	struct rec r1 = {1, 2}, r2 = {3, 4};
	swap_bytes(&i, &j, sizeof i);
	swap_bytes(&l, &m, sizeof l);
	swap_bytes(&r1, &r2, sizeof r1);
	void *v = &m;
	long long *lp = v;
	printf("%d %d %lld %lld %d %d\n", i, j, l, *lp, r1.k, r2.s);
	CHECK(i == 2 && j == 1 && l == 9 && m == 5 && r1.k == 3 && r2.s == 2);
	return done();
}
