// SPDX-License-Identifier: Apache-2.0
// void callbacks registered per event type and fired from a queue; handlers update globals
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

enum { EV_KEY, EV_TICK, EV_RESET, EV_N };
static unsigned keys, ticks, resets, hash = 5381;

static void on_key(unsigned arg)
{
	keys++;
	hash = hash * 33u + arg;
}
static void on_tick(unsigned arg)
{
	ticks += arg;
}
static void on_reset(unsigned arg)
{
	(void)arg;
	resets++;
	ticks = 0;
}
static void (*handlers[EV_N])(unsigned) = {on_key, on_tick, on_reset};

int main(void)
{
	static const unsigned char q[16][2] = {{0, 'h'}, {1, 3}, {0, 'i'}, {1, 4},   {2, 0}, {1, 10},
	                                       {0, '!'}, {1, 1}, {1, 1},   {0, 'x'}, {2, 0}, {1, 7},
	                                       {0, 'y'}, {1, 2}, {1, 2},   {0, 'z'}};
	for (int i = 0; i < 16; i++)
		handlers[q[i][0]](q[i][1]);
	handlers[EV_TICK] = on_key;
	handlers[EV_TICK](1);
	printf("keys %u ticks %u resets %u hash %u\n", keys, ticks, resets, hash);
	CHECK(keys == 7 && ticks == 11 && resets == 2);
	return done();
}
