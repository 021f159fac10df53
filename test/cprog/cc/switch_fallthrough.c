// SPDX-License-Identifier: Apache-2.0
// switch with fall-through between cases and a default label in the middle
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

static int classify(int v)
{
	int r = 0;
	switch (v) {
	case 0:
		r += 1;
		/* fall through */
	case 1:
		r += 10;
		/* fall through */
	default:
		r += 100;
		break;
	case 5:
		r += 1000;
		/* fall through */
	case 6:
		r += 10000;
	}
	return r;
}

int main(void)
{
	int sum = 0;
	for (int v = 0; v < 8; v++) {
		printf("%d:%d ", v, classify(v));
		sum += classify(v);
	}
	printf("\n");
	CHECK(classify(0) == 111 && classify(1) == 110 && classify(3) == 100);
	CHECK(classify(5) == 11000 && classify(6) == 10000);
	CHECK(sum == 111 + 110 + 100 * 4 + 11000 + 10000);
	return done();
}
