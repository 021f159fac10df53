// SPDX-License-Identifier: Apache-2.0
/* Host-side backend of the Verilator-simulated board (bsp/sim): loads an image's model section in-process and
 * gives each model a worker thread, since a Verilated model may only be clocked by the thread that built it.
 */
#ifndef KILN_SIM_BACKEND_H
#define KILN_SIM_BACKEND_H
#include "host/backend/backend.h"

/* The "sim" board's ops table (host/backend/backend.h). KILN_TRACE=PATH at program time writes an FST
 * waveform. */
extern const kiln_backend_ops kiln_sim_backend_ops;

#endif
