// SPDX-License-Identifier: Apache-2.0
/* Board descriptions (configs/boards/NAME.json): what the compiler and the runtime need to know of a board.
 */
#ifndef KILN_BOARD_H
#define KILN_BOARD_H
#include <stddef.h>
#include <stdint.h>

#include "propset.h"

/* The board backends libkiln has, X(NAME, PERSISTENT) each: host/backend/backends.c makes its table of
 * kiln_NAME_backend_ops from this list, and a board file naming another backend is refused where it is read,
 * by kiln-cc as by the runtime. PERSISTENT: the board's state outlives the process (a real board), so a
 * tool may use what it holds instead of loading an image first. */
#define KILN_BOARD_BACKENDS(X) X(sim, 0) X(fake, 0) X(serial, 1)
extern const char *const kiln_board_backends[];
extern const int kiln_board_nbackends;

/* FPGA families a real board may carry: the flow (yosys, nextpnr, the packer) and the resource units follow.
 */
typedef enum kiln_fpga_family { KILN_FPGA_NONE = 0, KILN_FPGA_ICE40, KILN_FPGA_ECP5 } kiln_fpga_family;
/* The family's name as board files spell it ("ice40", "ecp5"), NULL for KILN_FPGA_NONE. */
const char *kiln_fpga_family_name(kiln_fpga_family f);

/* The part of a real board ("fpga" in its file); family KILN_FPGA_NONE on a simulated board. */
typedef struct kiln_board_fpga {
	kiln_fpga_family family;
	char *device;    /* nextpnr's name: "up5k", "hx8k", "85k" */
	char *package;   /* "sg48", "CABGA381" */
	uint32_t luts;   /* logic cells (iCE40) or LUT4s (ECP5) */
	uint32_t ffs;    /* flip-flops */
	uint32_t brams;  /* block RAMs: iCE40 EBRs of 4 Kbit, ECP5 DP16KDs of 18 Kbit */
	uint32_t dsps;   /* iCE40 SB_MAC16s, ECP5 MULT18X18Ds */
	uint32_t sprams; /* iCE40 UltraPlus SB_SPRAM256KAs of 32 KiB, else 0 */
	uint32_t
	    rom_max_bytes; /* the largest constant table kept in block RAM (0: no limit of the board's) */
	double
	    oscillator_mhz; /* the board's clock input, which the PLL turns into the clock_period_ns clock */
} kiln_board_fpga;

/* How the host reaches a real board ("host_link" in its file). */
typedef struct kiln_board_link {
	char *kind;    /* "uart", or NULL when the board file has no link (simulated boards) */
	uint32_t baud; /* uart: bits per second of the line (docs/host-link.md) */
	char *port;    /* uart: the host's device, "" when the user names it (KILN_SERIAL_PORT) */
} kiln_board_link;

typedef struct kiln_board_config {
	char *name; /* "sim" */
	char *description;
	char *backend;           /* host-side backend: "sim" */
	uint32_t board_id;       /* value of the shell's BOARD_ID register */
	double clock_period_ns;  /* default --clock-period */
	uint64_t devmem_bytes;   /* device memory size */
	uint32_t debug_bytes;    /* the debug channel's bytes from KILN_DEBUG_BASE (contract.h); 0: none */
	uint32_t devmem_latency; /* device memory read latency in cycles */
	int devmem_stall_set; /* the file sets devmem_stall_period (else the sim board's RTL default holds) */
	uint32_t devmem_stall_period; /* the sim board's memory refuses a request one cycle in every N (0, 1:
	                                 never) */
	uint64_t watchdog_cycles;     /* default cycle budget of one kernel run before it is reported hung */
	char **aspects;               /* supported aspects (virtual functions, fp64, ...) */
	size_t naspects;
	kiln_board_fpga fpga; /* family KILN_FPGA_NONE: no FPGA (a simulated board) */
	kiln_board_link link;
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
/* The debug channel a board of DEVMEM bytes of device memory has when its file gives no debug_bytes (what
 * every board had before the field): 256 KiB from 4 MiB of memory, none below. */
uint32_t kiln_board_default_debug_bytes(uint64_t devmem);
/* Whether board B has the debug channel (contract.h: printf, exit status, the heap's description). */
int kiln_board_has_debug_channel(const kiln_board_config *b);
/* The device address of board B's first allocation: past the null page and B's debug channel. */
uint64_t kiln_board_devmem_first(const kiln_board_config *b);
/* The property set in which kiln-cc records the debug channel an image was compiled for: its "bytes", the
 * board's debug_bytes then (0 included), present whenever kiln_image_uses_debug_channel. */
#define KILN_DEBUG_CHANNEL_SET "Kiln/debug_channel"
/* Whether an image with property sets PS writes the debug channel when built for a board that has one
 * (printf records, stops, the heap's description): the images a board's channel must match. */
int kiln_image_uses_debug_channel(const kiln_propsets *ps);
/* Whether board B's hardware keeps its state between processes (its backend's PERSISTENT). */
int kiln_board_persistent(const kiln_board_config *b);
/* Whether board B declares ASPECT ("fp32", "fp64", ...) in its configuration. */
int kiln_board_has_aspect(const kiln_board_config *b, const char *aspect);

#endif
