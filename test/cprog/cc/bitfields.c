// SPDX-License-Identifier: Apache-2.0
// unsigned bit-fields: packing, wrap-around on increment, masks and the struct size
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

struct pkt {
	unsigned type : 3;
	unsigned len : 5;
	unsigned flag : 1;
	unsigned seq : 7;
	unsigned payload : 16;
};

int main(void)
{
	struct pkt p = {5, 31, 1, 100, 0xBEEF};
	CHECK(p.type == 5 && p.len == 31 && p.flag == 1 && p.seq == 100 && p.payload == 0xBEEF);
	p.len++;
	p.type += 4;
	p.seq = (p.seq + 30) & 0x7F;
	CHECK(p.len == 0 && p.type == 1 && p.seq == 2);
	p.flag = !p.flag;
	CHECK(p.flag == 0 && p.payload == 0xBEEF);
	unsigned sum = 0;
	for (int i = 0; i < 40; i++) {
		p.len += 3;
		sum += p.len;
	}
	printf("%u %u %u %u %u size %zu\n", p.type, p.len, p.flag, p.seq, sum, sizeof p);
	CHECK(sizeof p == 4 && p.len == 24);
	return done();
}
