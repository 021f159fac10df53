// SPDX-License-Identifier: Apache-2.0
// pointers to whole arrays: int (*p)[4] over a matrix, row stepping
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

static int m[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};

static int row_sum(int (*r)[4])
{
	int s = 0;
	for (int j = 0; j < 4; j++)
		s += (*r)[j];
	return s;
}

int main(void)
{
	int(*p)[4] = m;
	CHECK(row_sum(p) == 10 && row_sum(p + 2) == 42);
	p++;
	(*p)[3] = 80;
	CHECK(m[1][3] == 80);
	int *flat = &m[0][0];
	int s = 0;
	for (int i = 0; i < 12; i++)
		s += flat[i];
	int cols[4] = {0, 0, 0, 0};
	for (int(*r)[4] = m; r < m + 3; r++)
		for (int j = 0; j < 4; j++)
			cols[j] += r[0][j];
	printf("%d %d %d %d %d\n", s, cols[0], cols[1], cols[2], cols[3]);
	CHECK(s == 150 && cols[3] == 96);
	return done();
}
