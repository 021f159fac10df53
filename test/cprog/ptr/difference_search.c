// SPDX-License-Identifier: Apache-2.0
// pointer differences as results: indices of found elements and run lengths
#include <stdio.h>
#include <string.h>

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

static const char text[] = "aaabccddddde";

int main(void)
{
	const char *p = text;
	int runs = 0;
	while (*p) {
		const char *q = p;
		while (*q == *p)
			q++;
		printf("%c%d ", *p, (int)(q - p));
		runs++;
		p = q;
	}
	printf("\n");
	CHECK(runs == 5);
	CHECK(p - text == (long)strlen(text));
	const char *d = strchr(text, 'd');
	CHECK(d - text == 6);
	return done();
}
