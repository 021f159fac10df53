// SPDX-License-Identifier: Apache-2.0
// pointers into array members of structs, walking across the member
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

struct buf {
	int len;
	int data[6];
	int after;
};
static struct buf b = {6, {3, 1, 4, 1, 5, 9}, -1};

int main(void)
{
	int *p = &b.data[2];
	int *e = b.data + b.len;
	int s = 0;
	while (p < e)
		s += *p++;
	CHECK(s == 19);
	int *q = &b.data[0];
	q[5] = 2;
	CHECK(b.data[5] == 2 && b.after == -1);
	struct buf *bp = &b;
	int *r = bp->data + 1;
	*r = 7;
	printf("%d %d %d\n", s, b.data[1], b.data[5]);
	CHECK(b.data[1] == 7);
	return done();
}
