// SPDX-License-Identifier: Apache-2.0
// an array of pointers to rows of different arrays and lengths
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

static int r0[3] = {1, 2, 3}, r1[5] = {10, 20, 30, 40, 50}, r2[1] = {7};
static int *rows[3] = {r0, r1, r2};
static const int lens[3] = {3, 5, 1};

int main(void)
{
	int total = 0;
	for (int i = 0; i < 3; i++) {
		int s = 0;
		for (int j = 0; j < lens[i]; j++)
			s += rows[i][j];
		printf("row %d: %d\n", i, s);
		total += s;
	}
	rows[1][4] = -50;
	rows[0] = r2;
	CHECK(rows[0][0] == 7 && r1[4] == -50);
	CHECK(total == 163);
	return done();
}
