// SPDX-License-Identifier: Apache-2.0
// conversions between float, double and every integer type, both ways, at range edges and rounding halves
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t hash = 14695981039346656037ull;

static void mix(uint64_t u)
{
	hash = (hash ^ u) * 1099511628211ull;
}

static void mixf(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	mix(u);
}

static void mixd(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	mix(u);
}

static const long long iv[] = {0, 1, -1, 127, -128, 255, 32767, -32768, 65535, 16777217, -16777217,
                               2147483647, -2147483647 - 1, 4294967295ll, 9007199254740993ll,
                               -9007199254740993ll, LLONG_MAX, LLONG_MIN, 33554431, 3, -7};

static const double fv[] = {0.0, -0.0, 0.5, -0.5, 0.9999, 1.5, -1.5, 2.5, 127.9, -128.9, 255.5, 32767.5,
                            -32768.99, 65535.9, 2147483647.0, -2147483648.0, 4294967295.0, 1e18, -1e18,
                            9.2233720368547748e18, 1.8446744073709550e19, 1e-300, 3.4028234663852886e38};

#define IN(lo, hi) (d > (lo) && d < (hi) && g > (lo) && g < (hi))

int main(void)
{
	for (unsigned i = 0; i < sizeof iv / sizeof iv[0]; i++) {
		long long v = iv[i];
		mixf((float)(signed char)v), mixf((float)(unsigned char)v), mixf((float)(short)v);
		mixf((float)(unsigned short)v), mixf((float)(int)v), mixf((float)(unsigned)v);
		mixf((float)v), mixf((float)(unsigned long long)v), mixf((float)(long)v);
		mixd((double)(signed char)v), mixd((double)(unsigned char)v), mixd((double)(short)v);
		mixd((double)(unsigned short)v), mixd((double)(int)v), mixd((double)(unsigned)v);
		mixd((double)v), mixd((double)(unsigned long long)v), mixd((double)(unsigned long)v);
	}
	printf("to floating point: %016llx\n", (unsigned long long)hash);
	for (unsigned i = 0; i < sizeof fv / sizeof fv[0]; i++)
		for (int s = 0; s < 2; s++) {
			double d = s ? -fv[i] : fv[i];
			float f = (float)d;
			mixf(f), mixd((double)f);
			/* only where C defines the result: the truncated value fits (checked for both) */
			double g = f;
			if (IN(-129, 128))
				mix((uint64_t)(signed char)d), mix((uint64_t)(signed char)f);
			if (IN(-1, 256))
				mix((unsigned char)d), mix((unsigned char)f);
			if (IN(-32769, 32768))
				mix((uint64_t)(short)d), mix((uint64_t)(short)f);
			if (IN(-1, 65536))
				mix((unsigned short)d), mix((unsigned short)f);
			if (IN(-2147483649.0, 2147483648.0))
				mix((uint64_t)(int)d), mix((uint64_t)(int)f);
			if (IN(-1, 4294967296.0))
				mix((unsigned)d), mix((unsigned)f);
			if (IN(-9223372036854777856.0, 9223372036854775808.0)) /* -2^63 - 2048, the double below */
				mix((uint64_t)(long long)d), mix((uint64_t)(long long)f);
			if (IN(-1, 1.8446744073709552e19))
				mix((unsigned long long)d), mix((unsigned long long)f);
		}
	printf("all: %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
