// SPDX-License-Identifier: Apache-2.0
/* The table of board backends libkiln knows; a new board kind adds one line here. */
#include <string.h>

#include "backend.h"
#include "bsp/fake/host/fake_backend.h"
#include "bsp/sim/host/sim_backend.h"

static const kiln_backend_ops *const backends[] = {&kiln_sim_backend_ops, &kiln_fake_backend_ops};

const kiln_backend_ops *kiln_backend_find(const char *name)
{
	for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}
