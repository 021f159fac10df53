// SPDX-License-Identifier: Apache-2.0
// div: quotient truncated toward zero and remainder with the dividend's sign
#include <stdio.h>
#include <stdlib.h>

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

static const int nums[] = {7, -7, 7, -7, 0, 100, -1, 2147483647};
static const int dens[] = {2, 2, -2, -2, 5, 7, 3, 10};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		div_t d = div(nums[i], dens[i]);
		printf("%d / %d = %d r %d\n", nums[i], dens[i], d.quot, d.rem);
		CHECK(d.quot * dens[i] + d.rem == nums[i]);
		CHECK(d.quot == nums[i] / dens[i] && d.rem == nums[i] % dens[i]);
	}
	div_t d = div(-7, 2);
	CHECK(d.quot == -3 && d.rem == -1);
	return done();
}
