// SPDX-License-Identifier: Apache-2.0
// stddef.h: offsetof with padding, nested members and array elements; size_t and ptrdiff_t
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

struct inner {
	char c;
	short s;
};
struct outer {
	char tag;
	int i;
	struct inner in;
	long long ll;
	unsigned char arr[5];
};

int main(void)
{
	size_t o[] = {offsetof(struct outer, tag), offsetof(struct outer, i),
	              offsetof(struct outer, in),  offsetof(struct outer, in.s),
	              offsetof(struct outer, ll),  offsetof(struct outer, arr[3])};
	for (int k = 0; k < 6; k++)
		printf("%zu ", o[k]);
	printf("size %zu\n", sizeof(struct outer));
	CHECK(o[0] == 0 && o[1] == 4 && o[2] == 8 && o[3] == 10 && o[4] == 16 && o[5] == 27);
	CHECK(sizeof(struct outer) == 32);
	struct outer x;
	ptrdiff_t d = (char *)&x.ll - (char *)&x;
	CHECK(d == (ptrdiff_t)offsetof(struct outer, ll));
	return done();
}
