// SPDX-License-Identifier: Apache-2.0
/* A board without hardware, for testing the runtime's logic in milliseconds (as Intel's FPGA runtime tests
 * its HAL against a fake BSP): registers are memory, device memory is host memory, and a started kernel
 * finishes at once without computing anything (one whose name begins with "hang" never finishes). The
 * registers the runtime wrote can be read back over the bus, which is what the tests check. Verilated boards
 * stay the end-to-end layer; nothing here stands in for them. */
#ifndef KILN_FAKE_BACKEND_H
#define KILN_FAKE_BACKEND_H
#include "host/backend/backend.h"

/* The "fake" backend's ops table (host/backend/backend.h). */
extern const kiln_backend_ops kiln_fake_backend_ops;

#endif
