// SPDX-License-Identifier: Apache-2.0
/* The board backend interface (in the spirit of Intel's MMD): the only way libkiln touches hardware.
 * One ops table per board kind; bsp/<board>/host/ implements it. Every call returns 0 or a negative
 * kiln_status, with a message for the caller in ERR where it takes one. */
#ifndef KILN_BACKEND_H
#define KILN_BACKEND_H
#include <stddef.h>
#include <stdint.h>

#include "../common/board.h"
#include "../common/image.h"

typedef struct kiln_backend kiln_backend; /* one open board, owned by the backend */

typedef struct kiln_backend_ops {
	const char *name;
	/* Opens the board described by CFG (which outlives the handle). */
	int (*open)(const kiln_board_config *cfg, kiln_backend **out, char *err, size_t errlen);
	void (*close)(kiln_backend *b);
	/* Loads IMG's hardware onto the board (sim: its model section), leaving it out of reset. */
	int (*program)(kiln_backend *b, const kiln_image *img, char *err, size_t errlen);
	/* Pulses the board reset (image logic with init_mode reset re-initialises). */
	int (*reset)(kiln_backend *b, char *err, size_t errlen);
	/* One 32-bit host bus access; KILN_ERR_BUS on a bus error response. */
	int (*mmio_read)(kiln_backend *b, uint32_t addr, uint32_t *val);
	int (*mmio_write)(kiln_backend *b, uint32_t addr, uint32_t val);
	/* Bulk device-memory access through the board's host bridge. */
	int (*mem_read)(kiln_backend *b, uint64_t off, void *dst, size_t n);
	int (*mem_write)(kiln_backend *b, uint64_t off, const void *src, size_t n);
	/* Runs until the interrupt line is high or MAX_CYCLES pass (KILN_ERR_TIMEOUT); reports cycles run. */
	int (*wait_irq)(kiln_backend *b, uint64_t max_cycles, uint64_t *cycles);
	/* Cycles since the board was programmed. */
	uint64_t (*cycles)(kiln_backend *b);
	/* N consecutive full-word accesses from ADDR (reads into WORDS, or writes from it) in one hand-off to
	 * the board; stops at the first bus error (KILN_ERR_BUS), where a board that streams the accesses may
	 * have sent the few after it already (refused or taken like any access; callers keep blocks within
	 * one window, whose accesses all pass or all fail alike). */
	int (*mmio_block)(kiln_backend *b, uint32_t addr, uint32_t *words, size_t n, int write);
	/* A 32-bit write of the byte lanes set in STRB (bit i: byte i); KILN_ERR_BUS on a bus error. */
	int (*mmio_write_strb)(kiln_backend *b, uint32_t addr, uint32_t val, uint32_t strb);
} kiln_backend_ops;

/* The backend named NAME ("sim"), or NULL. */
const kiln_backend_ops *kiln_backend_find(const char *name);

#endif
