// SPDX-License-Identifier: Apache-2.0
// a function pointer stored in a struct field and called through it
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

struct shape {
	const char *name;
	int w, h;
	int (*area)(const struct shape *);
};

static int rect_area(const struct shape *s)
{
	return s->w * s->h;
}
static int tri_area(const struct shape *s)
{
	return s->w * s->h / 2;
}
static int square_area(const struct shape *s)
{
	return s->w * s->w;
}

static struct shape shapes[4] = {{"rect", 3, 4, rect_area},
                                 {"tri", 5, 6, tri_area},
                                 {"square", 7, 0, square_area},
                                 {"rect", 2, 9, rect_area}};

int main(void)
{
	int total = 0;
	for (int i = 0; i < 4; i++) {
		int a = shapes[i].area(&shapes[i]);
		printf("%s %d\n", shapes[i].name, a);
		total += a;
	}
	shapes[1].area = rect_area;
	CHECK(shapes[1].area(&shapes[1]) == 30);
	CHECK(total == 12 + 15 + 49 + 18);
	return done();
}
