// SPDX-License-Identifier: Apache-2.0
// assert with a true condition does nothing; the program finishes normally; expect: exit 0
#include <assert.h>
#include <stdio.h>

int main(void)
{
	int v[4] = {1, 2, 3, 4};
	int s = 0;
	for (int i = 0; i < 4; i++) {
		assert(v[i] == i + 1);
		s += v[i];
	}
	assert(s == 10);
	printf("sum %d\n", s);
	return 0;
}
