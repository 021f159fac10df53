// SPDX-License-Identifier: Apache-2.0
/* if_device / if_host / otherwise on both sides (issue 15, seed 000). side() is reached from the host and
 * from the kernel; its value says which bodies ran: 121 on the device (1 + 20 + 100), 1012 on the host (2 +
 * 10 + 1000). Compiled natively (the host of a multi-pass build), by kiln-cc (its device side), and as part
 * of test/single/app.c (single source). */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, result, KILN_DEVICE_IMAGE_SCOPE);

int side(void)
{
	int r = 0;
	KILN_IF_DEVICE
	{
		r += 1;
	}
	KILN_OTHERWISE
	{
		r += 2;
	}
	KILN_IF_HOST
	{
		r += 10;
	}
	KILN_OTHERWISE
	{
		r += 20;
	}
	KILN_IF_DEVICE
	{
		r += 100;
	}
	KILN_IF_HOST
	{
		r += 1000;
	}
	return r;
}

KILN_SINGLE_TASK_KERNEL void probe(void)
{
	result = side();
}

#if !defined(__KILN__)
#include <stdio.h>
int main(void)
{
	printf("host side: %d\n", side());
	return 0;
}
#endif
