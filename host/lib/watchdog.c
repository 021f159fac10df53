// SPDX-License-Identifier: Apache-2.0
/* The kernel watchdog budget of a device (issue 5): the board config gives the default; tests and bring-up
 * lower it so that a hung kernel is caught in milliseconds instead of seconds. Declared at the end of kiln.h.
 */
#include "internal.h"

int kiln_device_set_watchdog(kiln_device *d, uint64_t cycles)
{
	if (!d)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_set_watchdog: NULL device");
	/* A zero budget would report every kernel as hung before its first cycle. */
	if (cycles == 0)
		return kiln__fail(KILN_ERR_INVALID,
		                  "kiln_device_set_watchdog: the cycle budget must be at least 1");
	kiln__dev_lock(d);
	d->cfg.watchdog_cycles = cycles;
	kiln__dev_unlock(d);
	return kiln__ok();
}

uint64_t kiln_device_watchdog(kiln_device *d)
{
	if (!d)
		return 0;
	kiln__dev_lock(d);
	uint64_t c = d->cfg.watchdog_cycles;
	kiln__dev_unlock(d);
	return c;
}
