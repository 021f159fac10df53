// SPDX-License-Identifier: Apache-2.0
// a pointer that may point into any of several local arrays, chosen by data
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

int main(void)
{
	int small[3] = {1, 2, 3}, mid[5] = {10, 20, 30, 40, 50}, big[8] = {0};
	static const unsigned char pick[12] = {0, 1, 2, 2, 1, 0, 1, 2, 2, 2, 0, 1};
	int total = 0;
	for (int i = 0; i < 12; i++) {
		int *p;
		int n;
		if (pick[i] == 0) {
			p = small;
			n = 3;
		} else if (pick[i] == 1) {
			p = mid;
			n = 5;
		} else {
			p = big;
			n = 8;
		}
		p[i % n] += i;
		total += p[(i + 1) % n];
	}
	printf("%d %d %d %d\n", total, small[0], mid[1], big[3]);
	CHECK(big[3] == 3 && mid[4] == 54 && small[1] == 12);
	CHECK(total == 113);
	return done();
}
