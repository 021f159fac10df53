// SPDX-License-Identifier: Apache-2.0
// enums: implicit and explicit values, negative enumerators, enums as array sizes and in switches
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

enum color { RED, GREEN = 5, BLUE, ALPHA = -2, LAST };
enum { N_SLOTS = BLUE + 1 };

static const char *name(enum color c)
{
	switch (c) {
	case RED:
		return "red";
	case GREEN:
		return "green";
	case BLUE:
		return "blue";
	case ALPHA:
		return "alpha";
	case LAST:
		return "last";
	}
	return "?";
}

int main(void)
{
	int slots[N_SLOTS] = {0};
	enum color cs[5] = {RED, GREEN, BLUE, ALPHA, LAST};
	for (int i = 0; i < 5; i++) {
		printf("%s=%d\n", name(cs[i]), (int)cs[i]);
		if (cs[i] >= 0)
			slots[cs[i]]++;
	}
	CHECK(GREEN == 5 && BLUE == 6 && ALPHA == -2 && LAST == -1);
	CHECK(N_SLOTS == 7 && slots[6] == 1 && slots[0] == 1 && slots[1] == 0);
	enum color c = BLUE;
	c--;
	CHECK(c == GREEN);
	return done();
}
