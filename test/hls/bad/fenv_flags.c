// SPDX-License-Identifier: Apache-2.0
#include <fenv.h>
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void k(double *out, double x)
{
	feclearexcept(FE_ALL_EXCEPT);
	out[0] = 1.0 / x;
	out[1] = fetestexcept(FE_DIVBYZERO) != 0;
}
