// SPDX-License-Identifier: Apache-2.0
// srand: reseeding with the same seed restarts the same sequence
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

int main(void)
{
	int first[16];
	srand(7);
	for (int i = 0; i < 16; i++)
		first[i] = rand();
	rand();
	srand(7);
	for (int i = 0; i < 16; i++)
		CHECK(rand() == first[i]);
	srand(8);
	CHECK(rand() != first[0]);
	unsigned s = 0;
	for (int i = 0; i < 16; i++)
		s = s * 131u + (unsigned)first[i];
	printf("%d %d %u\n", first[0], first[15], s);
	return done();
}
