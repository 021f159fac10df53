// SPDX-License-Identifier: Apache-2.0
// memcpy: copying whole structs and arrays of structs
#include <stdio.h>
#include <string.h>

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

struct rec {
	int id;
	char name[6];
	unsigned short w;
};
static struct rec a[4] = {{1, "one", 10}, {2, "two", 20}, {3, "three", 30}, {4, "four", 40}};
static struct rec b[4];

int main(void)
{
	struct rec one;
	memcpy(&one, &a[2], sizeof one);
	CHECK(one.id == 3 && strcmp(one.name, "three") == 0 && one.w == 30);
	memcpy(b, a, sizeof a);
	for (int i = 0; i < 4; i++) {
		CHECK(b[i].id == i + 1 && b[i].w == 10 * (i + 1));
		printf("%d %s %u\n", b[i].id, b[i].name, (unsigned)b[i].w);
	}
	memcpy(&b[1], &b[3], sizeof b[0]);
	CHECK(b[1].id == 4 && strcmp(b[1].name, "four") == 0);
	return done();
}
