// SPDX-License-Identifier: Apache-2.0
// %ld, %lu, %lx, %lld, %llu and %llx with values beyond 32 bits
#include <limits.h>
#include <stdio.h>

int main(void)
{
	long a = -1234567890123L;
	unsigned long b = 18446744073709551615UL;
	long long c = LLONG_MIN;
	unsigned long long d = 0x0123456789ABCDEFULL;
	printf("%ld %lu %lx\n", a, b, b);
	printf("%lld %llu %llx %llX\n", c, d, d, d);
	printf("%ld %ld\n", LONG_MAX, LONG_MIN);
	printf("%lld %llu\n", 0LL, 4294967296ULL);
	printf("ok\n");
	return 0;
}
