// SPDX-License-Identifier: Apache-2.0
#include <stdio.h>
#include <time.h>

#include "internal.h"

static _Thread_local char last_error[512];

int kiln__fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(last_error, sizeof last_error, fmt, ap);
	va_end(ap);
	return status;
}

int kiln__ok(void)
{
	last_error[0] = '\0';
	return KILN_OK;
}

const char *kiln_last_error(void)
{
	return last_error;
}

const char *kiln_status_name(int status)
{
	static const char *const names[] = {"KILN_OK",
	                                    "KILN_ERR_INVALID",
	                                    "KILN_ERR_NOT_FOUND",
	                                    "KILN_ERR_IO",
	                                    "KILN_ERR_IMAGE",
	                                    "KILN_ERR_HW",
	                                    "KILN_ERR_BUS",
	                                    "KILN_ERR_TIMEOUT",
	                                    "KILN_ERR_ACCESS",
	                                    "KILN_ERR_NOMEM",
	                                    "KILN_ERR_STATE",
	                                    "KILN_ERR_AMBIGUOUS",
	                                    "KILN_ERR_MEM_ACCESS",
	                                    "KILN_ERR_EXIT", "KILN_ERR_UNSUPPORTED"};
	if (status > 0 || -status >= (int)(sizeof names / sizeof names[0]))
		return "KILN_ERR_UNKNOWN";
	return names[-status];
}

uint64_t kiln__now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
