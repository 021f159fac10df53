// SPDX-License-Identifier: Apache-2.0
// qsort: an array of string pointers, compared with strcmp through the pointers
#include <stdio.h>
#include <stdlib.h>
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

static const char *words[] = {"pear", "apple", "fig", "banana", "kiwi", "cherry", "date", "apricot"};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
	size_t n = sizeof words / sizeof words[0];
	qsort(words, n, sizeof words[0], cmp_str);
	for (size_t i = 0; i < n; i++) {
		printf("%s\n", words[i]);
		if (i)
			CHECK(strcmp(words[i - 1], words[i]) < 0);
	}
	CHECK(strcmp(words[0], "apple") == 0 && strcmp(words[7], "pear") == 0);
	return done();
}
