// SPDX-License-Identifier: Apache-2.0
/* A single-source program (kiln-cc --single-source) exercising what test/single/single-test.sh checks:
 * if_device and if_host on both sides (test/single/sides.c), a static device global, shared memory through an
 * nd-range kernel, the kernel C library's variadic snprintf on the device, host-only code the device never
 * sees (double, a host function), and runtime errors: app prints the sides and the kernels' results, exit 0
 * when all are right app exit N     a kernel calls exit(N): the program ends with status N app badptr     a
 * kernel gets a pointer that is not shared memory: an error, status 1 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sides.c"

static KILN_DEVICE_GLOBAL(int, hidden, KILN_DEVICE_IMAGE_SCOPE) = 7;
KILN_DEVICE_GLOBAL(int, host_only_global, KILN_DEVICE_IMAGE_SCOPE);

/* Host only: the device module never holds it (and its double needs no fp64 there). */
double host_only_scale(double x)
{
	return x * 1.5;
}

KILN_SINGLE_TASK_KERNEL void probe_hidden(void)
{
	result = side() + hidden;
}

KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k)
{
	v[kiln_global_id(0)] *= k;
}

/* snprintf's va_arg on the device half, whose pointers are the host compile's (opaque) */
KILN_DEVICE_GLOBAL(int, formatted, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void format(int n)
{
	char b[32];
	int len = snprintf(b, sizeof b, "%d:%x:%s", n, n, "ok");
	formatted = len * 100 + (b[len - 1] == 'k') * 10 + (b[0] == '4');
}

KILN_SINGLE_TASK_KERNEL void quit(int status)
{
	exit(status);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "exit"))
		quit(atoi(argv[2]));
	if (argc > 1 && !strcmp(argv[1], "badptr")) {
		int local[4] = {1, 2, 3, 4};
		kiln_range(4, 4);
		scale(local, 2);
	}
	printf("host side: %d\n", side());
	probe();
	kiln_dg_pull(result);
	printf("device side: %d\n", result);
	probe_hidden();
	kiln_dg_pull(result);
	printf("device side + static global: %d\n", result);
	format(4095);
	kiln_dg_pull(formatted);
	printf("snprintf on the device: %d\n", formatted);
	int k = (int)host_only_scale(2.0); /* 3 */
	int *v = kiln_malloc_shared(32 * sizeof *v);
	for (int i = 0; i < 32; i++)
		v[i] = i;
	kiln_range(32, 8);
	scale(v, k);
	int ok = 1;
	for (int i = 0; i < 32; i++)
		ok &= v[i] == 3 * i;
	printf("scale over shared memory: %s\n", ok ? "all correct" : "WRONG");
	kiln_free_shared(v);
	return ok && result == 128 && formatted == 1111 ? 0 : 1;
}
