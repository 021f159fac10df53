// SPDX-License-Identifier: Apache-2.0
/* Image "reset" of the libkiln tests: every device_image_scope global has init_mode reset, so a new context
 * on this image is re-initialised by a board reset. Also the host_access refusals, element-wise copies (vec),
 * the USM global `shared` and the image-scope `twin`, both also in kernels_reprogram.c. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, acc, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET) = 5;
KILN_DEVICE_GLOBAL(int, vec[8], KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET) = {1, 2, 3, 4, 5, 6, 7, 8};
KILN_DEVICE_GLOBAL(int, ro, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET, KILN_HOST_ACCESS_READ) = 21;
KILN_DEVICE_GLOBAL(int, wo, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET, KILN_HOST_ACCESS_WRITE) = 22;
KILN_DEVICE_GLOBAL(int, hidden, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET, KILN_HOST_ACCESS_NONE) = 23;
/* Same unique id in both test images: a context holding both cannot tell which one a copy means. */
KILN_DEVICE_GLOBAL(int, twin, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET) = 100;
/* No device_image_scope: one device-memory instance per context, shared with the other image. */
KILN_DEVICE_GLOBAL(int, shared) = 7;

KILN_SINGLE_TASK_KERNEL void bump(int n)
{
	acc += n;
	ro += n;
	wo += n;
	hidden += n;
	twin += n;
	shared += n;
}

/* Copies every global out, so that tests see values the host ports cannot read. */
KILN_SINGLE_TASK_KERNEL void get(int *out)
{
	out[0] = acc;
	out[1] = ro;
	out[2] = wo;
	out[3] = hidden;
	out[4] = twin;
	out[5] = shared;
	for (int i = 0; i < 8; i++)
		out[6 + i] = vec[i];
}

KILN_ND_RANGE_KERNEL(1) void fill(int *out, int k)
{
	size_t i = kiln_global_id(0);
	out[i] = (int)i * k + acc;
}
