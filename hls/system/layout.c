// SPDX-License-Identifier: Apache-2.0
#include "system.h"

#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../../host/common/text_escape.h"
#include "../emit/bind.h"
#include "../support/diag.h"

#define DEDICATED_BASE 0x100000u /* dedicated device-global windows start on their own 1 MiB boundary */

static uint32_t round_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

/* PREFIX and IN made an upper-case identifier (text_escape.h), into OUT. */
static void upper_ident(const char *in, const char *prefix, char *out, size_t n)
{
	kiln_strbuf b = {0};
	kiln_sb_add(&b, prefix);
	kiln_sb_ident(&b, in, KILN_IDENT_UPPER);
	snprintf(out, n, "%s", b.s && !b.oom ? b.s : prefix);
	kiln_sb_free(&b);
}

static uint32_t bit_of(uint32_t mask)
{
	uint32_t b = 0;
	while (mask > 1u) {
		mask >>= 1;
		b++;
	}
	return b;
}

static void add_kernel_block(kiln_regmap *m, const kfunc *f, const kiln_kernel_desc *kd, uint32_t size)
{
	char bn[300], rn[64], desc[300];
	upper_ident(f->name, "KERNEL_", bn, sizeof bn);
	snprintf(desc, sizeof desc, "kernel %s (%s)", f->name, kd->native_name);
	kiln_regblock *b = kiln_regmap_add_block(m, bn, kd->base, size, desc);
	if (!b)
		return;
	kiln_reg *r = kiln_regblock_add_reg(b, "CTRL", kd->base + KILN_KERNEL_CTRL, KILN_ACC_RW,
	                                    KILN_KERNEL_CTRL_IDLE, "control and status");
	if (r) {
		kiln_reg_add_field(r, "START", bit_of(KILN_KERNEL_CTRL_START), 1, KILN_ACC_WO,
		                   "write 1 to start a run (self-clearing)");
		kiln_reg_add_field(r, "DONE", bit_of(KILN_KERNEL_CTRL_DONE), 1, KILN_ACC_RO,
		                   "set when the last run finished; cleared by START");
		kiln_reg_add_field(r, "IDLE", bit_of(KILN_KERNEL_CTRL_IDLE), 1, KILN_ACC_RO,
		                   "the kernel is not running");
	}
	kiln_regblock_add_reg(b, "CYCLES_LO", kd->base + KILN_KERNEL_CYCLES_LO, KILN_ACC_RO, 0,
	                      "cycles of the last run, low word");
	kiln_regblock_add_reg(b, "CYCLES_HI", kd->base + KILN_KERNEL_CYCLES_HI, KILN_ACC_RO, 0,
	                      "cycles of the last run, high word");
	for (uint32_t d = 0; d < kd->dims; d++) {
		snprintf(rn, sizeof rn, "GLOBAL_RANGE_%u", d);
		kiln_regblock_add_reg(b, rn, kd->base + KILN_KERNEL_GRANGE + 4 * d, KILN_ACC_RW, 1,
		                      "global range of a dimension");
		snprintf(rn, sizeof rn, "LOCAL_RANGE_%u", d);
		kiln_regblock_add_reg(b, rn, kd->base + KILN_KERNEL_LRANGE + 4 * d, KILN_ACC_RW, 1,
		                      "work-group size of a dimension");
		snprintf(rn, sizeof rn, "GLOBAL_OFFSET_%u", d);
		kiln_regblock_add_reg(b, rn, kd->base + KILN_KERNEL_GOFF + 4 * d, KILN_ACC_RW, 0,
		                      "global offset of a dimension (added to the global id)");
	}
	for (size_t i = 0; i < kd->nargs; i++) {
		const kiln_arg_desc *a = &kd->args[i];
		snprintf(desc, sizeof desc, "argument %zu '%s' (%s%u bytes)", i, a->name,
		         a->kind == KILN_ARG_POINTER ? "pointer, " : "", a->size);
		snprintf(rn, sizeof rn, "ARG_%zu_LO", i);
		kiln_regblock_add_reg(b, rn, a->offset, KILN_ACC_RW, 0, desc);
		if (a->size == 8) {
			snprintf(rn, sizeof rn, "ARG_%zu_HI", i);
			kiln_regblock_add_reg(b, rn, a->offset + 4, KILN_ACC_RW, 0, desc);
		}
	}
}

static enum kiln_reg_access dg_access(const kiln_dg_desc *g)
{
	return g->host_access == KILN_HA_READ    ? KILN_ACC_RO
	       : g->host_access == KILN_HA_WRITE ? KILN_ACC_WO
	                                         : KILN_ACC_RW;
}

static void add_dg_block(kiln_regmap *m, const kiln_dg_desc *g)
{
	char bn[300], desc[400], rn[64];
	upper_ident(g->name, "DG_", bn, sizeof bn);
	if (g->storage == KILN_DG_USM) {
		snprintf(desc, sizeof desc,
		         "device global '%s': device-memory address of its storage (usmptr)", g->unique_id);
		kiln_regblock *b = kiln_regmap_add_block(m, bn, g->base, 8, desc);
		if (b) {
			kiln_regblock_add_reg(b, "PTR_LO", g->base, KILN_ACC_RW, 0, "usmptr, low word");
			kiln_regblock_add_reg(b, "PTR_HI", g->base + 4, KILN_ACC_RW, 0, "usmptr, high word");
		}
		return;
	}
	uint32_t words = round_up(g->size, 4) / 4;
	snprintf(desc, sizeof desc, "device global '%s', %u bytes, host_access %s, init_mode %s, %s",
	         g->unique_id, g->size, kiln_host_access_name(g->host_access),
	         kiln_init_mode_name(g->init_mode),
	         g->storage == KILN_DG_CSR ? "in the CSR block" : "dedicated interface");
	/* The block is what the hardware decodes, the variable's words; a dedicated window's address range is
	 * wider (aligned to a power of two for a one-compare decoder) but answers the rest with bus errors.
	 */
	kiln_regblock *b = kiln_regmap_add_block(m, bn, g->base, words * 4, desc);
	if (!b)
		return;
	if (g->storage == KILN_DG_DEDICATED && words > 4) {
		b->is_memory = 1;
		b->mem_access = dg_access(g);
		return;
	}
	for (uint32_t w = 0; w < words; w++) {
		uint32_t reset = 0;
		for (int k = 0; k < 4 && 4 * w + (uint32_t)k < g->size; k++)
			reset |= (uint32_t)g->init[4 * w + (uint32_t)k] << (8 * k);
		char what[64];
		uint32_t last = 4 * w + 3 < g->size ? 4 * w + 3 : g->size - 1;
		snprintf(rn, sizeof rn, "WORD_%u", w);
		snprintf(what, sizeof what, "bytes %u .. %u", 4 * w, last);
		kiln_regblock_add_reg(b, rn, g->base + 4 * w, dg_access(g), reset, what);
	}
}

int system_dg_addr_bits(uint32_t size)
{
	return bind_log2up(round_up(size, 4) / 4);
}

int system_layout(kfunc *kernels, int nkernels, kiln_desc *d, kiln_regmap *m, const char *image)
{
	memset(m, 0, sizeof *m);
	m->image = strdup(image);
	m->layout_version = 1;
	m->image_base = KILN_IMAGE_BASE;
	d->layout_version = 1;

	kiln_regblock *id =
	    kiln_regmap_add_block(m, "ID", 0, KILN_IMAGE_ID_BYTES, "image identification and interrupts");
	if (id) {
		kiln_regblock_add_reg(id, "IMG_MAGIC", KILN_IMG_MAGIC, KILN_ACC_RO, KILN_IMG_MAGIC_VALUE,
		                      "\"KILN\"");
		kiln_regblock_add_reg(id, "LAYOUT_VERSION", KILN_IMG_LAYOUT_VERSION, KILN_ACC_RO,
		                      m->layout_version, "register-layout version");
		kiln_regblock_add_reg(id, "IMAGE_HASH_LO", KILN_IMG_HASH_LO, KILN_ACC_RO, 0,
		                      "image hash, low word");
		kiln_regblock_add_reg(id, "IMAGE_HASH_HI", KILN_IMG_HASH_HI, KILN_ACC_RO, 0,
		                      "image hash, high word");
		kiln_regblock_add_reg(id, "NUM_KERNELS", KILN_IMG_NUM_KERNELS, KILN_ACC_RO,
		                      (uint32_t)nkernels, "kernels in the image");
		kiln_regblock_add_reg(id, "IRQ_STATUS", KILN_IMG_IRQ_STATUS, KILN_ACC_W1C, 0,
		                      "bit k: kernel k finished");
		kiln_regblock_add_reg(id, "IRQ_ENABLE", KILN_IMG_IRQ_ENABLE, KILN_ACC_RW, 0,
		                      "bit k: kernel k raises the interrupt");
	}

	d->nkernels = (size_t)nkernels;
	d->kernels = calloc((size_t)nkernels + 1, sizeof *d->kernels);
	uint32_t at = KILN_IMAGE_ID_BYTES;
	for (int k = 0; k < nkernels; k++) {
		kfunc *f = &kernels[k];
		kiln_kernel_desc *kd = &d->kernels[k];
		kd->name = strdup(f->name);
		kd->native_name = strdup(f->native_name);
		kd->missing_sets = strdup(f->missing_sets ? f->missing_sets : "");
		kd->kind = f->dims ? KILN_KERNEL_ND_RANGE : KILN_KERNEL_SINGLE_TASK;
		kd->dims = (uint32_t)f->dims;
		kd->base = at;
		kd->nargs = (size_t)f->nargs;
		kd->args = calloc((size_t)f->nargs + 1, sizeof *kd->args);
		for (int i = 0; i < f->nargs; i++) {
			kiln_arg_desc *a = &kd->args[i];
			a->name = strdup(f->args[i].name);
			a->kind = f->args[i].is_pointer ? KILN_ARG_POINTER : KILN_ARG_SCALAR;
			a->size = f->args[i].is_pointer ? 8
			                                : (uint32_t)(f->args[i].width <= 8    ? 1
			                                             : f->args[i].width <= 16 ? 2
			                                             : f->args[i].width <= 32 ? 4
			                                                                      : 8);
			a->is_signed = f->args[i].is_signed;
			a->offset = at + KILN_KERNEL_CTRL_BYTES + KILN_KERNEL_ARG_BYTES * (uint32_t)i;
		}
		uint32_t size = round_up(KILN_KERNEL_CTRL_BYTES + KILN_KERNEL_ARG_BYTES * (uint32_t)f->nargs,
		                         KILN_KERNEL_PAGE);
		add_kernel_block(m, f, kd, size);
		at += size;
	}
	/* CSR-implemented globals and usmptr registers follow the kernels; dedicated windows come later. Each
	 * global's window is aligned to the power of two that holds it (system_dg_addr_bits), so that its
	 * decoder is a masked compare. */
	uint32_t csr_at = at, ded_at = DEDICATED_BASE;
	for (size_t i = 0; i < d->ndgs; i++) {
		kiln_dg_desc *g = &d->dgs[i];
		/* one larger than the whole image cannot be placed, and would overflow the spans below */
		if (g->size > KILN_IMAGE_SPAN - DEDICATED_BASE) {
			char id[1024];
			diag_shown(g->unique_id, strlen(g->unique_id), id, sizeof id);
			diag_error(NULL, 0, 0,
			           "device global '%s' (%u bytes) does not fit the image address space", id,
			           g->size);
			return -1;
		}
		if (!g->image_scope) {
			g->storage = KILN_DG_USM;
			g->base = csr_at;
			csr_at += 8;
		} else if (g->implement_in_csr) {
			g->storage = KILN_DG_CSR;
			g->base = csr_at = round_up(csr_at, 4u << system_dg_addr_bits(g->size));
			csr_at += round_up(g->size, 4);
		} else {
			g->storage = KILN_DG_DEDICATED;
			uint32_t span = KILN_KERNEL_PAGE;
			while (span < g->size)
				span <<= 1;
			ded_at = round_up(ded_at, span);
			g->base = ded_at;
			ded_at += span;
		}
		if (ded_at > KILN_IMAGE_SPAN || csr_at >= DEDICATED_BASE) {
			diag_error(NULL, 0, 0, "device globals do not fit the image address space");
			return -1;
		}
		if (g->host_access != KILN_HA_NONE || g->storage == KILN_DG_USM)
			add_dg_block(m, g);
	}
	char err[256];
	if (kiln_regmap_check(m, err, sizeof err) != 0) {
		diag_error(NULL, 0, 0, "internal error: register map: %s", err);
		return -1;
	}
	return 0;
}
