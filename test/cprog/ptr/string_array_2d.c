// SPDX-License-Identifier: Apache-2.0
// a two-dimensional char array of names and pointers into its rows
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

static char names[5][8] = {"red", "orange", "yellow", "green", "blue"};

int main(void)
{
	char *p = names[1];
	char(*row)[8] = &names[2];
	CHECK(strcmp(p, "orange") == 0 && strcmp(*row, "yellow") == 0);
	row++;
	CHECK((*row)[0] == 'g');
	for (char(*r)[8] = names; r < names + 5; r++)
		printf("%s %zu\n", *r, strlen(*r));
	names[4][0] = 'B';
	CHECK(strcmp(names[4], "Blue") == 0);
	return done();
}
