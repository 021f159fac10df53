// SPDX-License-Identifier: Apache-2.0
/* The smoke image of `kiln diagnose` (and of bus commands on a board with nothing programmed): one
 * single-task kernel on an init_mode=reset global, so a reset is observable, and one nd-range kernel
 * reaching device memory through a pointer. Only device_image_scope globals: nothing is allocated in
 * device memory, so the memory test may use any address. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, acc, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET, KILN_IMPLEMENT_IN_CSR_ON) = 7;

KILN_SINGLE_TASK_KERNEL void add(int n)
{
	acc += n;
}

KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k)
{
	v[kiln_global_id(0)] *= k;
}
