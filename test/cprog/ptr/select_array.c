// SPDX-License-Identifier: Apache-2.0
// a pointer that points into one of two arrays depending on a run-time condition
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

static int even[8], odd[8];

int main(void)
{
	for (int i = 0; i < 16; i++) {
		int *p = (i & 1) ? odd : even;
		p[i / 2] = i * i;
	}
	int se = 0, so = 0;
	for (int i = 0; i < 8; i++) {
		se += even[i];
		so += odd[i];
	}
	printf("%d %d\n", se, so);
	CHECK(se == 560 && so == 680);
	for (int k = 0; k < 4; k++) {
		int *q = k < 2 ? &even[k] : &odd[k];
		*q = -*q;
	}
	CHECK(even[1] == -4 && odd[3] == -49 && odd[2] == -25);
	return done();
}
