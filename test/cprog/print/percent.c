// SPDX-License-Identifier: Apache-2.0
// %% on its own, next to conversions and inside widths
#include <stdio.h>

int main(void)
{
	printf("%%\n");
	printf("100%%\n");
	printf("%d%% of %d%%\n", 50, 100);
	printf("%%d %%s %%%d\n", 7);
	printf("[%5d%%]\n", 12);
	printf("ok\n");
	return 0;
}
