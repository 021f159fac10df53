// SPDX-License-Identifier: Apache-2.0
// qsort: an array of structs sorted by two keys
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

struct emp {
	int dept;
	unsigned id;
	char tag;
};
static struct emp e[] = {{3, 17, 'a'}, {1, 4, 'b'}, {2, 9, 'c'}, {1, 2, 'd'}, {3, 1, 'e'},
                         {2, 30, 'f'}, {1, 3, 'g'}, {0, 8, 'h'}, {2, 10, 'i'}};

static int by_dept_id(const void *pa, const void *pb)
{
	const struct emp *a = pa, *b = pb;
	if (a->dept != b->dept)
		return a->dept < b->dept ? -1 : 1;
	return (a->id > b->id) - (a->id < b->id);
}

int main(void)
{
	int n = (int)(sizeof e / sizeof e[0]);
	qsort(e, (size_t)n, sizeof e[0], by_dept_id);
	for (int i = 0; i < n; i++) {
		printf("%d/%u/%c\n", e[i].dept, e[i].id, e[i].tag);
		if (i)
			CHECK(by_dept_id(&e[i - 1], &e[i]) < 0);
	}
	CHECK(e[0].tag == 'h' && e[1].tag == 'd' && e[n - 1].tag == 'a');
	return done();
}
