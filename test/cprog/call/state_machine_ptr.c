// SPDX-License-Identifier: Apache-2.0
// a state machine whose state is the function pointer itself (a struct wrapping it)
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

struct state {
	struct state (*fn)(unsigned *acc, unsigned in);
};

static struct state s_even(unsigned *acc, unsigned in);
static struct state s_odd(unsigned *acc, unsigned in);
static struct state s_stop(unsigned *acc, unsigned in);

static struct state s_even(unsigned *acc, unsigned in)
{
	*acc += in;
	struct state n = {in == 0 ? s_stop : (in & 1) ? s_odd : s_even};
	return n;
}
static struct state s_odd(unsigned *acc, unsigned in)
{
	*acc = *acc * 3u + in;
	struct state n = {in == 0 ? s_stop : (in & 1) ? s_even : s_odd};
	return n;
}
static struct state s_stop(unsigned *acc, unsigned in)
{
	(void)in;
	*acc ^= 0x55u;
	struct state n = {s_stop};
	return n;
}

int main(void)
{
	static const unsigned input[12] = {4, 7, 1, 2, 9, 3, 8, 6, 5, 0, 11, 12};
	unsigned acc = 0;
	int odd_states = 0;
	struct state st = {s_even};
	for (int i = 0; i < 12; i++) {
		odd_states += st.fn == s_odd;
		st = st.fn(&acc, input[i]);
	}
	printf("acc %u odd %d\n", acc, odd_states);
	CHECK(st.fn == s_stop);
	CHECK(acc == 471u && odd_states == 3);
	return done();
}
