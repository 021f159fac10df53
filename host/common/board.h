// SPDX-License-Identifier: Apache-2.0
/* Board descriptions (configs/boards/NAME.json): what the compiler and the runtime need to know of a board.
 */
#ifndef KILN_BOARD_H
#define KILN_BOARD_H
#include <stddef.h>
#include <stdint.h>

typedef struct kiln_board_config {
	char *name; /* "sim" */
	char *description;
	char *backend;            /* host-side backend: "sim" */
	uint32_t board_id;        /* value of the shell's BOARD_ID register */
	double clock_period_ns;   /* default --clock-period */
	uint64_t devmem_bytes;    /* device memory size */
	uint32_t devmem_latency;  /* device memory read latency in cycles */
	uint64_t watchdog_cycles; /* default cycle budget of one kernel run before it is reported hung */
	char **aspects;           /* supported aspects (virtual functions, fp64, ...) */
	size_t naspects;
	char *path; /* file it was read from */
} kiln_board_config;

/* Directory holding the board files: $KILN_CONFIG_DIR, else the installation's share/kiln/boards. */
const char *kiln_board_dir(void);
/* Reads configs/boards/NAME.json; -1 with "FILE: why" in ERR for a missing board or a bad field. */
int kiln_board_load(const char *name, kiln_board_config *out, char *err, size_t errlen);
/* Parses one board file's JSON text; PATH is used in messages. */
int kiln_board_parse(const char *json, size_t len, const char *path, kiln_board_config *out, char *err,
                     size_t errlen);
/* Lists board names (sorted, malloc'd array of malloc'd strings); returns the count, -1 on error. */
int kiln_board_list(char ***names);
void kiln_board_free(kiln_board_config *b);
/* Whether board B has the debug channel (contract.h: printf and exit status), which needs its first
 * KILN_DEVMEM_FIRST bytes of device memory. */
int kiln_board_has_debug_channel(const kiln_board_config *b);
/* Whether board B declares ASPECT ("fp32", "fp64", ...) in its configuration. */
int kiln_board_has_aspect(const kiln_board_config *b, const char *aspect);

#endif
