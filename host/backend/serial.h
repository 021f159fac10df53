// SPDX-License-Identifier: Apache-2.0
/* The "serial" backend: real boards through their UART bridge (docs/host-link.md). */
#ifndef KILN_SERIAL_BACKEND_H
#define KILN_SERIAL_BACKEND_H
#include <stddef.h>
#include <stdint.h>

#include "host/backend/backend.h"

/* The "serial" backend's ops table (host/backend/backend.h). */
extern const kiln_backend_ops kiln_serial_backend_ops;
/* CRC-8 of the host link (polynomial KILN_LINK_CRC_POLY, initial 0, MSB first) over N bytes at P. */
uint8_t kiln_link_crc8(const uint8_t *p, size_t n);

#endif
