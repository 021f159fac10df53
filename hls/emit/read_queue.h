// SPDX-License-Identifier: Apache-2.0
#ifndef KILN_READ_QUEUE_H
#define KILN_READ_QUEUE_H

/* Reads in flight on one port: what a kernel keeps outstanding per module port (its response tags, its
 * pipelined loads' early data, a memcpy's words read ahead) and the image's device-memory arbiter on its
 * master port; the depth of every read queue (rtl/kiln_fifo.v) the generated RTL instantiates. The queues'
 * fill counters are 3 bits wide. */
#define EMIT_READS_IN_FLIGHT 4
_Static_assert(EMIT_READS_IN_FLIGHT < 8, "the read queues' counters are 3 bits");

#endif
