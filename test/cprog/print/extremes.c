// SPDX-License-Identifier: Apache-2.0
// the most negative and largest values of every integer size, in decimal, hex and octal
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
	printf("%hhd %hhu %hd %hu\n", (signed char)SCHAR_MIN, (unsigned char)UCHAR_MAX, (short)SHRT_MIN,
	       (unsigned short)USHRT_MAX);
	printf("%d %u %x %o\n", INT_MIN, UINT_MAX, UINT_MAX, UINT_MAX);
	printf("%ld %lu %lx %lo\n", LONG_MIN, ULONG_MAX, ULONG_MAX, ULONG_MAX);
	printf("%lld %llu %llX %llo\n", LLONG_MIN, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX);
	printf("%+d %+lld % d\n", INT_MAX, LLONG_MAX, INT_MIN);
	printf("ok\n");
	return 0;
}
