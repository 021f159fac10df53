// SPDX-License-Identifier: Apache-2.0
#ifndef KILN_READ_QUEUE_H
#define KILN_READ_QUEUE_H
#include "../schedule/oplib.h"

/* Reads in flight on one port: what a kernel keeps outstanding per module port (its response tags, its
 * pipelined loads' early data, a memcpy's words read ahead) and the image's device-memory arbiter on its
 * master port; the depth of every read queue (rtl/kiln_fifo.v) the generated RTL instantiates. The queues'
 * fill counters are 3 bits wide. */
#define EMIT_READS_IN_FLIGHT 4
_Static_assert(EMIT_READS_IN_FLIGHT + 1 < 8, "the read queues' counters are 3 bits");
/* A copy loop's reads in flight or queued when it reads an on-chip memory: a word a cycle needs the read
 * latency (one cycle, rtl/kiln_ram_dp.v) plus two, one word waiting for its write and one being read. Reads
 * from a module port need EMIT_READS_IN_FLIGHT; each entry more is a queue entry of flip-flops for nothing
 * (CHStone mips' kernel: 478 -> 469 after synthesis). */
#define EMIT_COPY_ONCHIP_DEPTH 3
/* ... and one more where source and destination may be aligned differently: a write then waits for the chunk
 * after the one it starts in (local_shift's memmoves a byte apart, on the ideal board: 285 -> 267 cycles). */
#define EMIT_COPY_STRADDLE_DEPTH (EMIT_COPY_ONCHIP_DEPTH + 1)
_Static_assert(EMIT_COPY_STRADDLE_DEPTH <= EMIT_READS_IN_FLIGHT, "an on-chip copy needs no deeper queue");
/* A pipelined loop's read data queue on a port holds what is in flight and, besides, what has come but waits
 * sched_pipe_queue_cycles() in the queue before the loop takes it: at II 1 and a read latency of
 * EMIT_READS_IN_FLIGHT cycles, a shallower queue would stop issuing before the loop consumes. */
#define EMIT_PIPE_QUEUE_DEPTH (EMIT_READS_IN_FLIGHT + sched_pipe_queue_cycles())

#endif
