// SPDX-License-Identifier: Apache-2.0
// %zu, %zd, %td, %jd and %ju with sizeof values and pointer differences
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static int arr[40];

int main(void)
{
	size_t s = sizeof arr;
	ptrdiff_t d = &arr[3] - &arr[38];
	intmax_t im = INTMAX_MIN;
	uintmax_t um = UINTMAX_MAX;
	printf("%zu %zu %zd\n", s, sizeof(long long), (ptrdiff_t)s);
	printf("%td %jd %ju\n", d, im, um);
	printf("%5zu|%-5zu|\n", sizeof(short), sizeof(char));
	printf("ok\n");
	return 0;
}
