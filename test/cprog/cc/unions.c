// SPDX-License-Identifier: Apache-2.0
// unions: reading a different member than written (type punning, little-endian) and a tagged union
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

union word {
	uint32_t u;
	uint8_t b[4];
	uint16_t h[2];
};
struct tagged {
	enum { T_INT, T_STR, T_PAIR } tag;
	union {
		int i;
		const char *s;
		struct {
			short x, y;
		} pair;
	} v;
};

int main(void)
{
	union word w;
	w.u = 0x11223344u;
	CHECK(w.b[0] == 0x44 && w.b[3] == 0x11 && w.h[1] == 0x1122);
	w.b[1] = 0xFF;
	CHECK(w.u == 0x1122FF44u);
	struct tagged t[3] = {{T_INT, {.i = 7}}, {T_STR, {.s = "hello"}}, {T_PAIR, {.pair = {3, -4}}}};
	int total = 0;
	for (int i = 0; i < 3; i++) {
		switch (t[i].tag) {
		case T_INT:
			total += t[i].v.i;
			break;
		case T_STR:
			total += t[i].v.s[1];
			break;
		case T_PAIR:
			total += t[i].v.pair.x * t[i].v.pair.y;
			break;
		}
	}
	printf("%x %d %zu\n", w.u, total, sizeof(union word));
	CHECK(total == 7 + 'e' - 12 && sizeof(union word) == 4);
	return done();
}
