// SPDX-License-Identifier: Apache-2.0
/* System assembly: places kernels and device globals in the image's address space (the layout, published as
 * the image description and the register map) and generates the image top `kiln_image` that ties kernels, the
 * CSR block, device-global storage and the device-memory port together (docs/hardware-contract.md). */
#ifndef KILN_SYSTEM_H
#define KILN_SYSTEM_H
#include <stdio.h>

#include "../../host/common/desc.h"
#include "../../host/common/regmap.h"
#include "../cdfg/kir.h"

/* Bits of the word index into the storage of a device global of SIZE bytes (at least 1). Its window is
 * aligned to 4 << that many bytes, so that the window decodes with a masked compare of the address bits above
 * them and takes its word index from the bits below, without a subtraction. */
int system_dg_addr_bits(uint32_t size);
/* Fills D's kernel and device-global offsets (D->dgs already hold the globals' properties) and builds the
 * register map M named IMAGE. KERNELS are the scheduled kernels, in image order. 0, or -1 when the layout
 * does not fit the image space (reported). */
int system_layout(kfunc *kernels, int nkernels, kiln_desc *d, kiln_regmap *m, const char *image);
/* The prefix of device global GI's signals in kiln_image ("dg3"). Writes into BUF. */
void system_dg_prefix(size_t gi, char *buf, size_t n);
/* The instance of device global G's storage (GI its place in the image) in kiln_image, the waveform scope
 * that holds it: "u_dg3_" and its name as an identifier (at most 32 characters of it);
 * hls/package/area_report.c finds it by that name. Writes into BUF. */
void system_dg_instance(const kiln_dg_desc *g, size_t gi, char *buf, size_t n);
/* Name of the $readmemh file holding the initial contents of device global GI when it lives in a dedicated
 * RAM (hls/package/meminit.h). Writes into BUF. */
void system_dg_init_file(size_t gi, char *buf, size_t n);
/* Writes module kiln_image for the laid-out D and its register map M to OUT; its parameters IMAGE_HASH_LO
 * and IMAGE_HASH_HI (default 0) give the hash the ID block reports. 0, or -1 after reporting an error. */
int system_emit_top(const kfunc *kernels, int nkernels, const kiln_desc *d, const kiln_regmap *m, FILE *out);

#endif
