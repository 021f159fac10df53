// SPDX-License-Identifier: Apache-2.0
/* The table of board backends libkiln knows, from board.h's list; a new board kind adds its name there and
 * its header here. */
#include <string.h>

#include "backend.h"
#include "bsp/fake/host/fake_backend.h"
#include "bsp/sim/host/sim_backend.h"
#include "host/backend/serial.h"

#define BACKEND_OPS(n, persistent) &kiln_##n##_backend_ops,
static const kiln_backend_ops *const backends[] = {KILN_BOARD_BACKENDS(BACKEND_OPS)};
#undef BACKEND_OPS

const kiln_backend_ops *kiln_backend_find(const char *name)
{
	for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}
