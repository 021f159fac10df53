// SPDX-License-Identifier: Apache-2.0
// memchr: finding bytes, including zero and bytes above 127, within a length
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

static const unsigned char data[] = {5, 0, 200, 7, 5, 255, 9, 0, 1};

int main(void)
{
	const unsigned char *p;
	p = memchr(data, 5, sizeof data);
	CHECK(p == data);
	p = memchr(data + 1, 5, sizeof data - 1);
	CHECK(p == data + 4);
	p = memchr(data, 0, sizeof data);
	CHECK(p == data + 1);
	p = memchr(data, 200 + 256, sizeof data);
	CHECK(p == data + 2);
	p = memchr(data, 255, 5);
	CHECK(p == NULL);
	p = memchr(data, 255, 6);
	CHECK(p == data + 5);
	p = memchr(data, 42, sizeof data);
	CHECK(p == NULL);
	p = memchr(data, 5, 0);
	CHECK(p == NULL);
	for (int v = 0; v < 10; v++) {
		p = memchr(data, v, sizeof data);
		printf("%d -> %d\n", v, p ? (int)(p - data) : -1);
	}
	return done();
}
