// SPDX-License-Identifier: Apache-2.0
// strtok: splitting a line into tokens, runs of delimiters, leading and trailing delimiters
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

static char line[] = ",,alpha, beta,,gamma ,delta,";
static const char *want[] = {"alpha", "beta", "gamma", "delta"};

int main(void)
{
	int n = 0;
	for (char *t = strtok(line, ", "); t; t = strtok(NULL, ", ")) {
		printf("[%s]\n", t);
		CHECK(n < 4 && strcmp(t, want[n]) == 0);
		n++;
	}
	CHECK(n == 4);
	CHECK(strtok(NULL, ", ") == NULL);
	CHECK(line[7] == 0);
	return done();
}
