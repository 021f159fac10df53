// SPDX-License-Identifier: Apache-2.0
// width and precision from arguments with *: %*d, %-*d, %.*d, %*.*s, negative widths
#include <stdio.h>

int main(void)
{
	const char *w = "kernel";
	for (int n = -6; n <= 8; n += 2)
		printf("[%*d] [%.*d] [%*.*s]\n", n, n * 11, n < 0 ? 0 : n, n, n, n < 0 ? 3 : n, w);
	printf("[%-*s] [%*s]\n", 9, "left", 9, "right");
	printf("[%.*s]\n", -1, "negative precision means none");
	printf("ok\n");
	return 0;
}
