// SPDX-License-Identifier: Apache-2.0
/* Checks a scheduled kernel against the constraints the scheduler must meet. */
#ifndef KILN_SCHED_VERIFY_H
#define KILN_SCHED_VERIFY_H
#include <stddef.h>

#include "../cdfg/kir.h"

/* 0 when F's schedule keeps every dependence, block order, read latency and port rule (per step, and per II
 * column in pipelined loops, whose branch must be known within the II); else -1 with the first violation in
 * ERR. */
int sched_verify(const kfunc *f, char *err, size_t errlen);

#endif
