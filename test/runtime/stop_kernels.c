// SPDX-License-Identifier: Apache-2.0
/* Kernels that stop themselves or misbehave (issue 26), for stops_test: the first of many stops in an
 * nd-range, a call through a null or garbage function pointer, printf fields of a kernel-chosen size, and a
 * stop word of a kind the runtime does not know. The test finds the lines it expects by their markers. */
#include <assert.h>
#include <kiln/device.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../host/common/contract.h"

/* Every work-item counts itself in *STARTED; work-item ASSERT_AT fails an assertion, every third (2, 5, ...)
 * exits with its id, and the others mark DONE. */
KILN_ND_RANGE_KERNEL(1) void first_stop(int *started, int *done, int assert_at)
{
	int i = (int)kiln_global_id(0);
	*started += 1;
	assert(i != assert_at); /* marker: ASSERT_LINE */
	if (i % 3 == 2)
		exit(i);
	done[i] = 1;
}

typedef int (*op_fn)(int);
static int twice(int x)
{
	return 2 * x;
}
static int negate(int x)
{
	return -x;
}

/* WHICH 0 and 1 call a function of the kernel; otherwise the call goes through RAW (0: a null pointer). */
KILN_SINGLE_TASK_KERNEL void call_op(int *v, int which, unsigned raw)
{
	op_fn f = which == 0 ? twice : which == 1 ? negate : (op_fn)(uintptr_t)raw;
	v[0] = f(v[0]); /* marker: CALL_LINE */
}

/* Fields as wide as the kernel says. */
KILN_SINGLE_TASK_KERNEL void wide_field(int width, int prec)
{
	printf("[%*d]\n", width, 7);
	printf("[%.*f]\n", prec, 1.5);
	printf("[%-*s]\n", width, "left");
}

/* Writes the channel's STOP word as no stop of kiln-cc's would: KIND at a site that is another stop's; then
 * aborts when THEN_ABORT says (a second stop, which must not overwrite the first). */
KILN_SINGLE_TASK_KERNEL void forge_stop(unsigned kind, int then_abort)
{
	volatile unsigned *channel = (volatile unsigned *)(uintptr_t)KILN_DEBUG_BASE;
	channel[KILN_DEBUG_SITE / 4] = 0;
	channel[KILN_DEBUG_STOP / 4] = kind;
	if (then_abort)
		abort();
}
