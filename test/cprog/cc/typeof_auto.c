// SPDX-License-Identifier: Apache-2.0
// __typeof__ and __auto_type: variables declared from expressions, a generic SWAP macro
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

#define SWAP(a, b)                                                                                           \
	do {                                                                                                 \
		__typeof__(a) _t = (a);                                                                      \
		(a) = (b);                                                                                   \
		(b) = _t;                                                                                    \
	} while (0)

int main(void)
{
	int i = 1, j = 2;
	long long k = 3, l = 4;
	const char *s = "one", *t = "two";
	SWAP(i, j);
	SWAP(k, l);
	SWAP(s, t);
	__auto_type big = 1LL << 40;
	__auto_type u = 7u;
	__typeof__(u) v = u - 8;
	CHECK(sizeof big == 8 && sizeof u == 4);
	printf("%d %d %lld %lld %s %s %lld %u\n", i, j, k, l, s, t, big, v);
	CHECK(i == 2 && j == 1 && k == 4 && l == 3 && s[1] == 'w' && v == 0xFFFFFFFFu);
	return done();
}
