// SPDX-License-Identifier: Apache-2.0
#include "fabric.h"

#include <stdio.h>

#include "../schedule/oplib.h"
#include "../support/diag.h"

const char *driver_fabric_name(const kiln_board_config *board, const char *name)
{
	/* the operator library's tables carry the board files' family names; a simulated board is 7-series */
	return name                                   ? name
	       : board->fpga.family != KILN_FPGA_NONE ? kiln_fpga_family_name(board->fpga.family)
	                                              : "xc7";
}

int driver_select_fabric(const kiln_board_config *board, const char *name)
{
	name = driver_fabric_name(board, name);
	if (sched_select_fabric(name) == 0)
		return 0;
	char list[200] = "";
	size_t n = 0;
	for (int i = 0; sched_fabric_at(i) && n < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", sched_fabric_at(i));
	diag_error(NULL, 0, 0, "--fabric: no delay model for '%s' (there are: %s)", name, list);
	return -1;
}
