// SPDX-License-Identifier: Apache-2.0
/* Image "reprogram" of the libkiln tests: `keep` has init_mode reprogram, so a board reset would not restore
 * it and a new context on this image must be re-initialised by reprogramming. `twin` and `shared` are also in
 * kernels_reset.c (same unique ids). */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, keep, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_REPROGRAM) = 11;
KILN_DEVICE_GLOBAL(int, twin, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET) = 200;
KILN_DEVICE_GLOBAL(int, shared) = 7;

KILN_SINGLE_TASK_KERNEL void bump_b(int n)
{
	keep += n;
	twin += n;
	shared += n;
}

KILN_SINGLE_TASK_KERNEL void get_b(int *out)
{
	out[0] = keep;
	out[1] = twin;
	out[2] = shared;
}
