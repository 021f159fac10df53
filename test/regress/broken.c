// SPDX-License-Identifier: Apache-2.0
/* kiln test's own test: a source that does not compile (a build failure, named at its line). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void broken(int *out)
{
	out[0] = undeclared_name;
}
