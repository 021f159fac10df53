// SPDX-License-Identifier: Apache-2.0
// assert is disabled when NDEBUG is defined before assert.h: a false assert does nothing; expect: exit 0
#define NDEBUG
#include <assert.h>
#include <stdio.h>

int main(void)
{
	int x = 1;
	assert(x == 2);
	printf("still running %d\n", x);
	return 0;
}
