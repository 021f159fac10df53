// SPDX-License-Identifier: Apache-2.0
/* Initial contents of on-chip memories (kernel tables and arrays, device globals in dedicated RAM). Each
 * memory's bytes become one $readmemh file in the image's rtl/ folder (what synthesis and other simulators
 * read, rtl/kiln_ram_dp.v) and one table of a C file compiled into the Verilated model, which answers the RAM
 * cells' kiln_init_find/kiln_init_word calls: the model runs wherever the image is loaded, without its
 * files. Both texts come from the same bytes here; the image build writes them. */
#ifndef KILN_MEMINIT_H
#define KILN_MEMINIT_H
#include <stddef.h>
#include <stdint.h>

typedef struct meminit {
	char *file;           /* the $readmemh file's name, as the RTL's INIT_FILE parameter gives it */
	const uint8_t *bytes; /* little-endian words, the last one zero-padded; NULL: all zero */
	uint32_t size;        /* bytes */
	int word_bytes;       /* the RAM's word: 4, or 8 (its $readmemh file then has 64-bit words) */
	char *hex;            /* the file's text (meminit_hex), once made */
} meminit;

/* Word W of the SIZE little-endian bytes at BYTES (NULL: zeros); bytes past SIZE read as zero. */
uint32_t meminit_word(const uint8_t *bytes, uint32_t size, uint32_t w);
/* M's $readmemh file: a comment naming it, then one word of the RAM a line in hex. Malloc'd; NULL when out of
 * memory. The image's MEMH section is the concatenation of every memory's file. */
char *meminit_hex(const meminit *m);
/* The C file of the N memories' tables for the Verilated model. Malloc'd; NULL when out of memory. */
char *meminit_c(const meminit *m, int n);

#endif
