// SPDX-License-Identifier: Apache-2.0
// static local variables keep their values between calls; one per function, initialised once
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

static int next_id(void)
{
	static int id = 100;
	return id++;
}

static unsigned running_hash(unsigned v)
{
	static unsigned h = 2166136261u;
	h = (h ^ v) * 16777619u;
	return h;
}

static const char *cycle(void)
{
	static const char *const words[3] = {"tick", "tock", "tack"};
	static int i;
	return words[i++ % 3];
}

int main(void)
{
	int a = next_id(), b = next_id(), c = next_id();
	unsigned h = 0;
	for (unsigned i = 0; i < 10; i++)
		h = running_hash(i);
	for (int i = 0; i < 4; i++)
		printf("%s ", cycle());
	printf("\n%d %d %d %u\n", a, b, c, h);
	CHECK(a == 100 && b == 101 && c == 102 && next_id() == 103);
	CHECK(running_hash(0) != h);
	return done();
}
