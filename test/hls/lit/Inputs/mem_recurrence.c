// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

/* Each iteration stores what it read; the next read may be that word (out and in may alias), so it waits
 * for the store, which waits for this read's data: a memory recurrence of the read's latency and more. */
KILN_SINGLE_TASK_KERNEL void gather(unsigned char *out, const unsigned char *in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = in[(i * 7) & 63];
}

/* The on-chip table's read-modify-write waits for a device-memory read; the next iteration's read of the
 * table may meet this store (i & 7 and (i + 1) & 7 are not told apart), but it is not needed before the
 * store: issued late, just behind the store of the iteration before, it keeps the II at the table's ports. */
static unsigned table[8];

KILN_SINGLE_TASK_KERNEL void accumulate(const unsigned *v, unsigned *out, int n)
{
	for (int i = 0; i < n; i++)
		table[i & 7] += v[i];
	for (int i = 0; i < 8; i++)
		out[i] = table[i];
}
