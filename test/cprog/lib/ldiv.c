// SPDX-License-Identifier: Apache-2.0
// ldiv: long division with 64-bit operands
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

static const long nums[] = {10000000000L, -10000000000L, 99L, -99L, 1L};
static const long dens[] = {3L, 7L, -10L, 10L, 1000000000000L};

int main(void)
{
	for (int i = 0; i < 5; i++) {
		ldiv_t d = ldiv(nums[i], dens[i]);
		printf("%ld / %ld = %ld r %ld\n", nums[i], dens[i], d.quot, d.rem);
		CHECK(d.quot * dens[i] + d.rem == nums[i]);
	}
	ldiv_t d = ldiv(10000000000L, 3L);
	CHECK(d.quot == 3333333333L && d.rem == 1L);
	d = ldiv(-99L, 10L);
	CHECK(d.quot == -9L && d.rem == -9L);
	return done();
}
