// SPDX-License-Identifier: Apache-2.0
// qsort: element sizes 1 and 12, a descending comparison
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

static unsigned char b[] = {9, 200, 3, 77, 0, 255, 31, 128};
struct trip {
	int a, b, c;
};
static struct trip t[] = {{1, 2, 3}, {7, 0, 0}, {4, 4, 4}, {-2, 9, 9}, {5, 1, 2}};

static int desc_byte(const void *x, const void *y)
{
	return *(const unsigned char *)y - *(const unsigned char *)x;
}

static int by_sum(const void *x, const void *y)
{
	const struct trip *p = x, *q = y;
	return (p->a + p->b + p->c) - (q->a + q->b + q->c);
}

int main(void)
{
	qsort(b, sizeof b, 1, desc_byte);
	for (int i = 0; i < 8; i++)
		printf("%u ", b[i]);
	printf("\n");
	for (int i = 1; i < 8; i++)
		CHECK(b[i - 1] > b[i]);
	qsort(t, 5, sizeof t[0], by_sum);
	for (int i = 0; i < 5; i++)
		printf("%d %d %d\n", t[i].a, t[i].b, t[i].c);
	CHECK(t[0].a == 1 && t[1].a == 7 && t[2].a == 5 && t[3].a == 4 && t[4].a == -2);
	return done();
}
