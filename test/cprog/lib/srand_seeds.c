// SPDX-License-Identifier: Apache-2.0
// srand: the first values for seeds 0, 2, 42, 12345 and UINT_MAX equal glibc's
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

static const unsigned seeds[] = {0, 2, 42, 12345, 4294967295u};
static const int want[5][3] = {{1804289383, 846930886, 1681692777},
                               {1505335290, 1738766719, 190686788},
                               {71876166, 708592740, 1483128881},
                               {383100999, 858300821, 357768173},
                               {254925627, 1205188300, 366127624}};

int main(void)
{
	for (int k = 0; k < 5; k++) {
		srand(seeds[k]);
		printf("%u:", seeds[k]);
		for (int i = 0; i < 3; i++) {
			int r = rand();
			printf(" %d", r);
			CHECK(r == want[k][i]);
		}
		printf("\n");
	}
	return done();
}
