// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

/* a template with a terminal escape: the diagnostic shows it escaped, not as the escape */
KILN_SINGLE_TASK_KERNEL void k(int *out)
{
	asm volatile("\x1b[2Jnop");
	out[0] = 1;
}
