// SPDX-License-Identifier: Apache-2.0
// pointers compared with NULL: searches that return a pointer or NULL
#include <stddef.h>
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

static int data[10] = {4, 8, 15, 16, 23, 42, 7, 1, 0, 9};

static int *find(int v)
{
	for (int i = 0; i < 10; i++)
		if (data[i] == v)
			return &data[i];
	return NULL;
}

int main(void)
{
	int hits = 0;
	for (int v = 0; v < 50; v++) {
		int *p = find(v);
		if (p != NULL) {
			hits++;
			CHECK(*p == v);
		} else {
			CHECK(!p);
		}
	}
	printf("hits %d\n", hits);
	CHECK(hits == 10);
	int *z = 0;
	CHECK(z == NULL && (void *)z == (void *)0);
	return done();
}
