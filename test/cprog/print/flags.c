// SPDX-License-Identifier: Apache-2.0
// the flags -, +, space, # and 0 alone and combined, on d, u, x and o
#include <stdio.h>

int main(void)
{
	static const int vals[4] = {0, 7, -7, 12345};
	for (int i = 0; i < 4; i++) {
		int v = vals[i];
		printf("[%-6d] [%+d] [% d] [%06d] [%-+6d] [%+06d] [% 06d]\n", v, v, v, v, v, v, v);
		printf("[%-8x] [%#-8x] [%#08x] [%#o] [%-#6o] [%08u]\n", (unsigned)v, (unsigned)v, (unsigned)v,
		       (unsigned)v, (unsigned)v, (unsigned)v);
	}
	printf("ok\n");
	return 0;
}
