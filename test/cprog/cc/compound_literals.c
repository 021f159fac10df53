// SPDX-License-Identifier: Apache-2.0
// compound literals: arrays and structs as temporaries, at file scope, and modified in place
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

struct pt {
	int x, y;
};
static int *const primes = (int[]){2, 3, 5, 7, 11};

static int dot(struct pt a, struct pt b)
{
	return a.x * b.x + a.y * b.y;
}

static int sum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	int d = dot((struct pt){3, 4}, (struct pt){.y = 2, .x = -1});
	int s = sum((int[]){1, 2, 3, 4}, 4);
	struct pt *p = &(struct pt){10, 20};
	p->x += 5;
	int *arr = (int[3]){0};
	arr[1] = 9;
	primes[4] = 13;
	printf("%d %d %d %d %d\n", d, s, p->x, arr[1] + arr[2], sum(primes, 5));
	CHECK(d == 5 && s == 10 && p->x == 15 && arr[1] == 9 && arr[2] == 0);
	CHECK(sum(primes, 5) == 30);
	return done();
}
