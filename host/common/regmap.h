// SPDX-License-Identifier: Apache-2.0
/* The register-map model of an image: one internal model from which every published form is generated
 * (JSON, C header, SystemRDL, Markdown), in the manner of LiteX's csr.json/csr.h. */
#ifndef KILN_REGMAP_H
#define KILN_REGMAP_H
#include <stddef.h>
#include <stdint.h>

enum kiln_reg_access { KILN_ACC_RO = 0, KILN_ACC_WO = 1, KILN_ACC_RW = 2, KILN_ACC_W1C = 3 };

typedef struct kiln_field {
	char *name;
	uint32_t lsb, width;
	enum kiln_reg_access access;
	char *desc;
} kiln_field;

typedef struct kiln_reg {
	char *name;      /* upper-case identifier, unique within its block, e.g. "ARG_0_LO" */
	uint32_t offset; /* image-space byte offset */
	enum kiln_reg_access access;
	uint32_t reset; /* value after reset */
	char *desc;
	kiln_field *fields; /* optional bit fields */
	size_t nfields;
} kiln_reg;

typedef struct kiln_regblock {
	char *name;          /* upper-case identifier, e.g. "ID", "KERNEL_BUMP", "DG_COUNTER" */
	uint32_t base, size; /* image-space byte range */
	char *desc;
	kiln_reg *regs; /* 32-bit registers; for a RAM window, NREGS = 0 and the block is a memory */
	size_t nregs;
	int is_memory; /* a dedicated window backed by RAM: SIZE bytes, word access */
	enum kiln_reg_access mem_access;
} kiln_regblock;

typedef struct kiln_regmap {
	char *image; /* image name (used in C macro prefixes: KILN_<IMAGE>_...) */
	uint32_t layout_version;
	uint32_t image_base; /* host address of image space (0x10000 on Kiln shells) */
	kiln_regblock *blocks;
	size_t nblocks;
} kiln_regmap;

/* Appends a block and returns it (NULL when out of memory). Strings are copied. */
kiln_regblock *kiln_regmap_add_block(kiln_regmap *m, const char *name, uint32_t base, uint32_t size,
                                     const char *desc);
/* Appends a register to B and returns it (NULL when out of memory). */
kiln_reg *kiln_regblock_add_reg(kiln_regblock *b, const char *name, uint32_t offset, enum kiln_reg_access acc,
                                uint32_t reset, const char *desc);
/* Appends a bit field to R; 0 or -1. */
int kiln_reg_add_field(kiln_reg *r, const char *name, uint32_t lsb, uint32_t width, enum kiln_reg_access acc,
                       const char *desc);
/* Checks the model: blocks inside their ranges, no overlaps, word-aligned offsets, unique names.
 * 0, or -1 with the first problem in ERR. */
int kiln_regmap_check(const kiln_regmap *m, char *err, size_t errlen);
/* Finds a register by block and register name, or NULL. */
const kiln_reg *kiln_regmap_find(const kiln_regmap *m, const char *block, const char *reg);
void kiln_regmap_free(kiln_regmap *m);

/* Each returns a malloc'd text, NULL when out of memory. */
char *kiln_regmap_to_json(const kiln_regmap *m);
char *kiln_regmap_to_c_header(const kiln_regmap *m);
char *kiln_regmap_to_systemrdl(const kiln_regmap *m);
char *kiln_regmap_to_markdown(const kiln_regmap *m);
/* Plain-text table for terminals (kiln regs, make run). */
char *kiln_regmap_to_text(const kiln_regmap *m);
/* Parses the JSON form back; -1 with a reason in ERR. */
int kiln_regmap_from_json(const char *json, size_t len, kiln_regmap *out, char *err, size_t errlen);

const char *kiln_reg_access_name(enum kiln_reg_access a); /* "ro", "wo", "rw", "w1c" */

#endif
