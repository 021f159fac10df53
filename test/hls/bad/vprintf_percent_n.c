// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdarg.h>
#include <stdio.h>

static void log_count(int *where, ...)
{
	va_list ap;
	va_start(ap, where);
	vprintf("%d items%n\n", ap);
	va_end(ap);
}

KILN_SINGLE_TASK_KERNEL void k(int *out)
{
	log_count(out, 3, out);
}
