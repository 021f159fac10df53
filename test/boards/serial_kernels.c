// SPDX-License-Identifier: Apache-2.0
/* Kernels for test/boards/serial_host.c, compiled into one image with examples/counter.c and examples/saxpy.c
 * so that each co-simulated board needs one model build. */
#include <kiln/device.h>

/* Back to 42 only when the board's reset line is pulsed: the witness that the runtime's reset after a hang
 * reached the hardware over the link, not just its own bookkeeping. */
KILN_DEVICE_GLOBAL(int, sentinel, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET,
                   KILN_IMPLEMENT_IN_CSR_ON) = 42;

/* Hangs for as long as *flag stays 0: the host decides whether this run ends, and the compiler cannot drop
 * the loop, since every test of the flag is a load of device memory. */
KILN_SINGLE_TASK_KERNEL void wait_flag(volatile int *flag, int *out)
{
	while (*flag == 0)
		;
	*out = *flag + 1;
}

/* One store through a pointer the host chooses: outside the memory, the shell drops it and says so. */
KILN_SINGLE_TASK_KERNEL void poke(int *p, int v)
{
	*p = v;
}
