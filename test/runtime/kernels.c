// SPDX-License-Identifier: Apache-2.0
/* Kernels of the runtime tests (hung kernel, stress, image rejection) and the runtime benchmarks. */
#include <kiln/device.h>

/* Counts loop iterations; init_mode reprogram, so a reset keeps what a hung kernel left. */
KILN_DEVICE_GLOBAL(unsigned, hits, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);
/* Returns to 42 on every reset: the witness that the watchdog reset the board. */
KILN_DEVICE_GLOBAL(int, sentinel, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET,
                   KILN_IMPLEMENT_IN_CSR_ON) = 42;
/* One counter per stress thread, each bumped only by its own kernel. */
KILN_DEVICE_GLOBAL(int, g0, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g1, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g2, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g3, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g4, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g5, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g6, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, g7, KILN_DEVICE_IMAGE_SCOPE);
/* Per-thread slices for host copies: CSR words, a dedicated RAM window, and device memory (no image scope).
 */
KILN_DEVICE_GLOBAL(int, slot[8], KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, big[64], KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_OFF);
KILN_DEVICE_GLOBAL(int, usm[8]);
/* A dedicated window smaller than its address range: the register map lists exactly its 16 words. */
KILN_DEVICE_GLOBAL(int, win16[16], KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_OFF);
/* host_access in one direction only, for the tool's refusal paths. */
KILN_DEVICE_GLOBAL(int, ro, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_READ) = 5;
KILN_DEVICE_GLOBAL(int, wo, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_WRITE);

/* A pseudo-random walk the compiler cannot fold into a closed form, so the loop really runs N times. */
KILN_DEVICE_GLOBAL(unsigned, walk, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);

/* Bounded by its argument: a huge N makes it hang as far as any watchdog is concerned. */
KILN_SINGLE_TASK_KERNEL void spin(unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		hits += 1;
		walk = walk * 1103515245u + 12345u;
	}
}

KILN_SINGLE_TASK_KERNEL void forever(int k)
{
	while (1)
		hits += k;
}

KILN_SINGLE_TASK_KERNEL void bump0(void)
{
	g0 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump1(void)
{
	g1 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump2(void)
{
	g2 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump3(void)
{
	g3 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump4(void)
{
	g4 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump5(void)
{
	g5 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump6(void)
{
	g6 += 1;
}
KILN_SINGLE_TASK_KERNEL void bump7(void)
{
	g7 += 1;
}

/* p[i] = v, or with READ, *p = p[i]: with an index past device memory, an access the runtime must report. */
KILN_SINGLE_TASK_KERNEL void poke(int *p, unsigned i, int v, int read)
{
	if (read)
		*p = p[i];
	else
		p[i] = v;
}
