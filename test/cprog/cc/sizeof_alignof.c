// SPDX-License-Identifier: Apache-2.0
// sizeof and _Alignof of scalar, array, struct and union types (x86-64 ABI)
#include <stddef.h>
#include <stdint.h>
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

struct s1 {
	char c;
	int i;
	char d;
};
struct s2 {
	char c;
	long long l;
	short s;
};
union u1 {
	char c[5];
	int i;
};
static _Alignas(16) unsigned char buf[32];

int main(void)
{
	size_t v[10] = {sizeof(char),       sizeof(short),     sizeof(long),     sizeof(void *),
	                sizeof(struct s1),  sizeof(struct s2), sizeof(union u1), _Alignof(struct s2),
	                _Alignof(union u1), sizeof buf};
	for (int i = 0; i < 10; i++)
		printf("%zu ", v[i]);
	printf("\n");
	CHECK(v[0] == 1 && v[1] == 2 && v[2] == 8 && v[3] == 8);
	CHECK(v[4] == 12 && v[5] == 24 && v[6] == 8 && v[7] == 8 && v[8] == 4);
	CHECK(((uintptr_t)buf & 15) == 0);
	int arr[7];
	CHECK(sizeof arr / sizeof arr[0] == 7 && sizeof(arr[0]) == 4);
	return done();
}
