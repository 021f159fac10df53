// SPDX-License-Identifier: Apache-2.0
// Duff's device: a do-while loop interleaved with the case labels of a switch
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

static void duff(unsigned char *to, const unsigned char *from, int count)
{
	int n = (count + 7) / 8;
	switch (count % 8) {
	case 0:
		do {
			*to++ = *from++;
		case 7:
			*to++ = *from++;
		case 6:
			*to++ = *from++;
		case 5:
			*to++ = *from++;
		case 4:
			*to++ = *from++;
		case 3:
			*to++ = *from++;
		case 2:
			*to++ = *from++;
		case 1:
			*to++ = *from++;
		} while (--n > 0);
	}
}

static unsigned char src[24], dst[25];

int main(void)
{
	for (int i = 0; i < 24; i++)
		src[i] = (unsigned char)(i + 1);
	for (int count = 1; count <= 24; count++) {
		for (int i = 0; i < 25; i++)
			dst[i] = 0;
		duff(dst, src, count);
		for (int i = 0; i < 25; i++)
			CHECK(dst[i] == (i < count ? i + 1 : 0));
	}
	printf("%u %u %u\n", dst[0], dst[23], dst[24]);
	return done();
}
