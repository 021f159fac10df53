// SPDX-License-Identifier: Apache-2.0
// pointers to struct members, updated through the pointer and compared with the struct
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

struct point {
	int x, y;
	unsigned char tag;
	long long w;
};
static struct point pts[3] = {{1, 2, 'a', 100}, {3, 4, 'b', 200}, {5, 6, 'c', 300}};

int main(void)
{
	int *py = &pts[1].y;
	long long *pw = &pts[2].w;
	unsigned char *pt = &pts[0].tag;
	*py *= 10;
	*pw += *py;
	*pt = 'A';
	CHECK(pts[1].y == 40 && pts[2].w == 340 && pts[0].tag == 'A');
	int *xs[3];
	for (int i = 0; i < 3; i++)
		xs[i] = &pts[i].x;
	for (int i = 0; i < 3; i++)
		*xs[i] += *xs[2 - i];
	printf("%d %d %d %lld %c\n", pts[0].x, pts[1].x, pts[2].x, *pw, *pt);
	CHECK(pts[0].x == 6 && pts[1].x == 6 && pts[2].x == 11);
	CHECK((void *)&pts[1] == (void *)&pts[1].x);
	return done();
}
