// SPDX-License-Identifier: Apache-2.0
// field widths and precisions on integers and strings: %5d, %.3d, %8.4d, %.0d, %.3s, %-10.2s
#include <stdio.h>

int main(void)
{
	static const int vals[4] = {0, 5, -42, 123456};
	for (int i = 0; i < 4; i++)
		printf("[%5d] [%.3d] [%8.4d] [%.0d] [%-8.3d] [%.5x]\n", vals[i], vals[i], vals[i], vals[i],
		       vals[i], (unsigned)vals[i]);
	const char *s = "precision";
	printf("[%.3s] [%10.2s] [%-10.4s] [%.0s] [%.20s] [%3s]\n", s, s, s, s, s, s);
	printf("ok\n");
	return 0;
}
