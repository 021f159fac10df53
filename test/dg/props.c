// SPDX-License-Identifier: Apache-2.0
/* One image holding a scalar and an array device global for every property combination, plus the no-scope
 * (device memory) case, and two kernels that share them all: set_all writes, get_all reads. */
#include <kiln/device.h>

#include "props_table.h"

#define DECLARE(name, ha, im, csr)                                                                           \
	KILN_DEVICE_GLOBAL(int, s_##name, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_##ha,                    \
	                   KILN_INIT_MODE_##im, KILN_IMPLEMENT_IN_CSR_##csr) = KILN_DG_SCALAR_INIT;          \
	KILN_DEVICE_GLOBAL(int, a_##name[KILN_DG_ARRAY_LEN], KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_##ha, \
	                   KILN_INIT_MODE_##im, KILN_IMPLEMENT_IN_CSR_##csr) = {1, 2, 3, 4, 5, 6, 7, 8};
KILN_DG_PROPS_TABLE(DECLARE)

/* Without device_image_scope: storage in device memory, reached through usmptr. */
KILN_DEVICE_GLOBAL(int, s_usm) = KILN_DG_SCALAR_INIT;
KILN_DEVICE_GLOBAL(int, a_usm[KILN_DG_ARRAY_LEN]) = {1, 2, 3, 4, 5, 6, 7, 8};

#define SET(name, ha, im, csr)                                                                               \
	s_##name = v;                                                                                        \
	for (int i = 0; i < KILN_DG_ARRAY_LEN; i++)                                                          \
		a_##name[i] = v + i;

KILN_SINGLE_TASK_KERNEL void set_all(int v){KILN_DG_PROPS_TABLE(SET) SET(usm, , , )}

#define GET(name, ha, im, csr)                                                                               \
	*out++ = s_##name;                                                                                   \
	for (int i = 0; i < KILN_DG_ARRAY_LEN; i++)                                                          \
		*out++ = a_##name[i];

KILN_SINGLE_TASK_KERNEL void get_all(int *out)
{
	KILN_DG_PROPS_TABLE(GET)
	GET(usm, , , )
}
