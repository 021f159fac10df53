// SPDX-License-Identifier: Apache-2.0
// structs assigned, returned by value, compared member-wise and copied inside arrays
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

struct rect {
	int x, y, w, h;
	char label[8];
};

static struct rect grow(struct rect r, int by)
{
	r.x -= by;
	r.y -= by;
	r.w += 2 * by;
	r.h += 2 * by;
	return r;
}

int main(void)
{
	struct rect a = {1, 2, 3, 4, "a"};
	struct rect b = a;
	b.label[0] = 'b';
	struct rect c = grow(b, 5);
	CHECK(a.label[0] == 'a' && b.x == 1 && c.x == -4 && c.w == 13 && c.label[0] == 'b');
	struct rect arr[3];
	arr[0] = a;
	arr[1] = c;
	arr[2] = arr[1];
	arr[1].h = 0;
	CHECK(arr[2].h == 14 && arr[0].y == 2);
	printf("%d %d %d %d %s\n", arr[2].x, arr[2].y, arr[2].w, arr[2].h, arr[2].label);
	return done();
}
