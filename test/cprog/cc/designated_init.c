// SPDX-License-Identifier: Apache-2.0
// designated initialisers: array indices, struct members, nesting, overrides and GNU ranges
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

struct cfg {
	int width, height;
	struct {
		int r, g, b;
	} color;
	const char *name;
	int flags[4];
};
static const struct cfg c = {
    .name = "board", .color.g = 255, .height = 480, .flags = {[2] = 1}, .width = 640};
static const int sparse[10] = {[9] = 9, [2] = 2, [5] = 5, 6, 7};
static const unsigned char ranged[8] = {[0 ... 3] = 1, [4 ... 7] = 2, [6] = 9};

int main(void)
{
	CHECK(c.width == 640 && c.height == 480 && c.color.r == 0 && c.color.g == 255 && c.flags[2] == 1);
	int s = 0;
	for (int i = 0; i < 10; i++)
		s = s * 2 + sparse[i];
	int r = 0;
	for (int i = 0; i < 8; i++)
		r = r * 10 + ranged[i];
	printf("%s %d %d\n", c.name, s, r);
	CHECK(sparse[6] == 6 && sparse[7] == 7 && sparse[8] == 0);
	CHECK(r == 11112292);
	struct cfg local = {.flags[3] = 4, .color = {.b = 1}};
	CHECK(local.flags[3] == 4 && local.color.b == 1 && local.name == 0);
	return done();
}
