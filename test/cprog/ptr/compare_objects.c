// SPDX-License-Identifier: Apache-2.0
// pointer equality across distinct objects and between members
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

struct s {
	int a, b;
};
static int x, y;
static struct s st;
static int arr[4];

int main(void)
{
	int *cands[6] = {&x, &y, &st.a, &st.b, &arr[0], &arr[3]};
	int eq = 0;
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < 6; j++)
			eq += cands[i] == cands[j];
	CHECK(eq == 6);
	CHECK(&st.a != &st.b && (void *)&st == (void *)&st.a);
	CHECK(&x != &y);
	int *p = &arr[1];
	CHECK(p - 1 == arr && p + 2 == &arr[3]);
	int *q = &y;
	int which = q == &x ? 1 : q == &y ? 2 : 3;
	printf("%d %d\n", eq, which);
	CHECK(which == 2);
	return done();
}
