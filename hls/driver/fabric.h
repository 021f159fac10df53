// SPDX-License-Identifier: Apache-2.0
/* The fabric whose delays a compile schedules for (schedule/oplib.h): named by --fabric, else the board's
 * FPGA family, else 7-series (a simulated board), so that a schedule made for a board closes on its part. */
#ifndef KILN_DRIVER_FABRIC_H
#define KILN_DRIVER_FABRIC_H
#include "../../host/common/board.h"

/* The fabric a compile is for: NAME (--fabric) when given, else BOARD's FPGA family, else xc7. */
const char *driver_fabric_name(const kiln_board_config *board, const char *name);
/* Selects the operator library's fabric NAME, or BOARD's when NAME is NULL; 0, or -1 after an error naming
 * the fabrics there are. */
int driver_select_fabric(const kiln_board_config *board, const char *name);

#endif
