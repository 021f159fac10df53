// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <threads.h>

static int work(void *arg)
{
	*(int *)arg += 1;
	return 0;
}

KILN_SINGLE_TASK_KERNEL void k(int *out)
{
	thrd_t t;
	thrd_create(&t, work, out);
	thrd_join(t, NULL);
}
