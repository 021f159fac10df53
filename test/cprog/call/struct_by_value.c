// SPDX-License-Identifier: Apache-2.0
// structs passed and returned by value through function pointers
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

struct vec {
	int x, y, z;
};
static struct vec v_add(struct vec a, struct vec b)
{
	struct vec r = {a.x + b.x, a.y + b.y, a.z + b.z};
	return r;
}
static struct vec v_cross(struct vec a, struct vec b)
{
	struct vec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
	return r;
}
static struct vec v_min(struct vec a, struct vec b)
{
	struct vec r = {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z};
	return r;
}
static struct vec (*const vops[3])(struct vec, struct vec) = {v_add, v_cross, v_min};

int main(void)
{
	struct vec acc = {1, 2, 3};
	static const struct vec ins[6] = {{1, 0, 0}, {0, 1, 0}, {2, 2, 2}, {-1, 5, 3}, {0, 0, 1}, {4, -4, 4}};
	for (int i = 0; i < 6; i++) {
		acc = vops[i % 3](acc, ins[i]);
		printf("%d %d %d\n", acc.x, acc.y, acc.z);
	}
	CHECK(acc.x == 4 && acc.y == -4 && acc.z == 0);
	return done();
}
