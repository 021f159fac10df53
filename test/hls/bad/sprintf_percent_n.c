// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdio.h>
KILN_SINGLE_TASK_KERNEL void f(char *s, int x)
{
	int k;
	sprintf(s, "%d%n", x, &k);
	s[10] = (char)k;
}
