// SPDX-License-Identifier: Apache-2.0
/* Initial contents of on-chip memories (kernel tables and arrays, device globals in dedicated RAM). Each
 * memory's bytes become one $readmemh file in the image's rtl/ folder (what synthesis and other simulators
 * read, rtl/kiln_ram.v) and one table of a C file compiled into the Verilated model, which answers the RAM
 * cells' kiln_init_find/kiln_init_word calls: the model runs wherever the image is loaded, without its
 * files. Both come from the same bytes here. */
#ifndef KILN_MEMINIT_H
#define KILN_MEMINIT_H
#include <stddef.h>
#include <stdint.h>

#include "../../host/common/strbuf.h"

typedef struct meminit {
	char *file;           /* the $readmemh file's name, as the RTL's INIT_FILE parameter gives it */
	const uint8_t *bytes; /* little-endian words; the last one zero-padded */
	uint32_t size;        /* bytes */
} meminit;

/* Writes M as DIR/M->file: one 32-bit word per line in hex. 0, or -1 after reporting why. */
int meminit_write_hex(const char *dir, const meminit *m);
/* Appends M's words to OUT as $readmemh text preceded by a comment naming the file (the image's MEMH
 * section is the concatenation of every memory's file). */
void meminit_hex_text(const meminit *m, kiln_strbuf *out);
/* Writes the C file of the N memories' tables for the Verilated model to PATH. 0, or -1 after reporting. */
int meminit_write_c(const char *path, const meminit *m, int n);

#endif
