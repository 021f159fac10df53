// SPDX-License-Identifier: Apache-2.0
// qsort: rows of a two-dimensional char array (element size 8)
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

static char rows[][8] = {"delta", "alpha", "echo", "charlie", "bravo", "golf", "foxtrot"};

static int cmp_row(const void *a, const void *b)
{
	return strcmp(a, b);
}

int main(void)
{
	size_t n = sizeof rows / sizeof rows[0];
	qsort(rows, n, sizeof rows[0], cmp_row);
	for (size_t i = 0; i < n; i++) {
		printf("%s\n", rows[i]);
		CHECK(rows[i][0] == (char)('a' + i));
	}
	return done();
}
