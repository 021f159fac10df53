// SPDX-License-Identifier: Apache-2.0
#include "bsp/fake/host/fake_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/common/contract.h"
#include "host/common/desc.h"
#include "kiln/kiln.h"

/* Image-space registers as an open-addressing map from word address to value. */
typedef struct reg {
	uint32_t addr, val;
	int used;
} reg;

struct kiln_backend {
	const kiln_board_config *cfg;
	uint8_t *mem;
	reg *regs;
	size_t cap, n;
	kiln_desc desc; /* of the image on the board */
	int programmed;
	uint64_t cycles;
};

static reg *slot(kiln_backend *b, uint32_t addr, int create)
{
	if (create && 2 * (b->n + 1) > b->cap) {
		size_t nc = b->cap ? 2 * b->cap : 1024;
		reg *nr = calloc(nc, sizeof *nr);
		if (!nr)
			return NULL;
		for (size_t i = 0; i < b->cap; i++)
			if (b->regs[i].used) {
				size_t j = (b->regs[i].addr * 2654435761u) & (nc - 1);
				while (nr[j].used)
					j = (j + 1) & (nc - 1);
				nr[j] = b->regs[i];
			}
		free(b->regs);
		b->regs = nr;
		b->cap = nc;
	}
	if (!b->cap)
		return NULL;
	size_t j = (addr * 2654435761u) & (b->cap - 1);
	while (b->regs[j].used && b->regs[j].addr != addr)
		j = (j + 1) & (b->cap - 1);
	if (!b->regs[j].used) {
		if (!create)
			return NULL;
		b->regs[j] = (reg){addr, 0, 1};
		b->n++;
	}
	return &b->regs[j];
}

static uint32_t get(kiln_backend *b, uint32_t off)
{
	reg *r = slot(b, off, 0);
	return r ? r->val : 0;
}

static void set(kiln_backend *b, uint32_t off, uint32_t v)
{
	reg *r = slot(b, off, 1);
	if (r)
		r->val = v;
}

/* Device globals in the image take their initial values: all of them (PROGRAM) or the init_mode=reset
 * ones (a board reset). */
static void init_globals(kiln_backend *b, int program)
{
	for (size_t i = 0; i < b->desc.ndgs; i++) {
		const kiln_dg_desc *g = &b->desc.dgs[i];
		if (g->storage == KILN_DG_USM || (!program && g->init_mode != KILN_INIT_RESET))
			continue;
		for (uint32_t w = 0; 4 * w < g->size; w++) {
			uint32_t v = 0;
			for (uint32_t k = 0; k < 4 && 4 * w + k < g->size; k++)
				v |= (uint32_t)g->init[4 * w + k] << (8 * k);
			set(b, g->base + 4 * w, v);
		}
	}
	set(b, KILN_IMG_IRQ_STATUS, 0);
	set(b, KILN_IMG_IRQ_ENABLE, 0);
}

static int open_fake(const kiln_board_config *cfg, kiln_backend **out, char *err, size_t errlen)
{
	kiln_backend *b = calloc(1, sizeof *b);
	if (b)
		b->mem = calloc(cfg->devmem_bytes ? cfg->devmem_bytes : 1, 1);
	if (!b || !b->mem) {
		free(b);
		snprintf(err, errlen, "fake: out of memory");
		return KILN_ERR_NOMEM;
	}
	b->cfg = cfg;
	*out = b;
	return KILN_OK;
}

static void close_fake(kiln_backend *b)
{
	if (!b)
		return;
	kiln_desc_free(&b->desc);
	free(b->regs);
	free(b->mem);
	free(b);
}

static int program_fake(kiln_backend *b, const kiln_image *img, char *err, size_t errlen)
{
	size_t len = 0;
	const char *meta = kiln_image_section(img, KILN_SEC_META, &len);
	kiln_desc d;
	if (!meta || kiln_desc_from_json(meta, len, &d, err, errlen) != 0)
		return KILN_ERR_IMAGE;
	kiln_desc_free(&b->desc);
	b->desc = d;
	free(b->regs);
	b->regs = NULL;
	b->cap = b->n = 0;
	set(b, KILN_IMG_MAGIC, KILN_IMG_MAGIC_VALUE);
	set(b, KILN_IMG_LAYOUT_VERSION, d.layout_version);
	set(b, KILN_IMG_HASH_LO, (uint32_t)d.image_hash);
	set(b, KILN_IMG_HASH_HI, (uint32_t)(d.image_hash >> 32));
	set(b, KILN_IMG_NUM_KERNELS, (uint32_t)d.nkernels);
	init_globals(b, 1);
	b->programmed = 1;
	return KILN_OK;
}

static int reset_fake(kiln_backend *b, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	if (b->programmed)
		init_globals(b, 0);
	return KILN_OK;
}

static int shell_read(kiln_backend *b, uint32_t off, uint32_t *val)
{
	switch (off) {
	case KILN_SHELL_MAGIC:
		*val = KILN_SHELL_MAGIC_VALUE;
		return KILN_OK;
	case KILN_SHELL_VERSION:
		*val = KILN_SHELL_VERSION_VALUE;
		return KILN_OK;
	case KILN_SHELL_BOARD_ID:
		*val = b->cfg->board_id;
		return KILN_OK;
	case KILN_SHELL_DEVMEM_SIZE:
		*val = (uint32_t)b->cfg->devmem_bytes;
		return KILN_OK;
	case KILN_SHELL_MEM_ERR:
	case KILN_SHELL_MEM_ERR_ADDR:
	case KILN_SHELL_IRQ_STATUS:
		*val = 0;
		return KILN_OK;
	default:
		return KILN_ERR_BUS;
	}
}

static int mmio_read_fake(kiln_backend *b, uint32_t addr, uint32_t *val)
{
	b->cycles++;
	if (addr >= KILN_DEVMEM_BASE) {
		uint64_t off = addr - KILN_DEVMEM_BASE;
		if (off + 4 > b->cfg->devmem_bytes)
			return KILN_ERR_BUS;
		memcpy(val, b->mem + off, 4);
		return KILN_OK;
	}
	if (addr < KILN_IMAGE_BASE)
		return shell_read(b, addr - KILN_SHELL_BASE, val);
	if (!b->programmed)
		return KILN_ERR_STATE;
	*val = get(b, addr - KILN_IMAGE_BASE);
	return KILN_OK;
}

/* A write to a kernel's control register with START finishes the kernel at once (it computes nothing), unless
 * its name begins with "hang". */
static void maybe_start(kiln_backend *b, uint32_t off, uint32_t v)
{
	for (size_t k = 0; k < b->desc.nkernels; k++) {
		const kiln_kernel_desc *kd = &b->desc.kernels[k];
		if (off != kd->base + KILN_KERNEL_CTRL || !(v & KILN_KERNEL_CTRL_START))
			continue;
		if (strncmp(kd->name, "hang", 4) == 0)
			return;
		set(b, kd->base + KILN_KERNEL_CTRL, KILN_KERNEL_CTRL_DONE | KILN_KERNEL_CTRL_IDLE);
		set(b, kd->base + KILN_KERNEL_CYCLES_LO, 1);
		set(b, kd->base + KILN_KERNEL_CYCLES_HI, 0);
		set(b, KILN_IMG_IRQ_STATUS, get(b, KILN_IMG_IRQ_STATUS) | 1u << k);
		return;
	}
}

static int mmio_write_strb_fake(kiln_backend *b, uint32_t addr, uint32_t val, uint32_t strb)
{
	uint32_t old = 0, mask = 0;
	for (int i = 0; i < 4; i++)
		if (strb & (1u << i))
			mask |= 0xFFu << (8 * i);
	b->cycles++;
	if (addr >= KILN_DEVMEM_BASE) {
		uint64_t off = addr - KILN_DEVMEM_BASE;
		if (off + 4 > b->cfg->devmem_bytes)
			return KILN_ERR_BUS;
		memcpy(&old, b->mem + off, 4);
		old = (old & ~mask) | (val & mask);
		memcpy(b->mem + off, &old, 4);
		return KILN_OK;
	}
	if (addr < KILN_IMAGE_BASE)
		return addr - KILN_SHELL_BASE == KILN_SHELL_SCRATCH ||
		               addr - KILN_SHELL_BASE == KILN_SHELL_MEM_ERR
		           ? KILN_OK
		           : KILN_ERR_BUS;
	if (!b->programmed)
		return KILN_ERR_STATE;
	uint32_t off = addr - KILN_IMAGE_BASE;
	if (off == KILN_IMG_IRQ_STATUS) { /* write 1 to clear */
		set(b, off, get(b, off) & ~(val & mask));
		return KILN_OK;
	}
	set(b, off, (get(b, off) & ~mask) | (val & mask));
	maybe_start(b, off, val & mask);
	return KILN_OK;
}

static int mmio_write_fake(kiln_backend *b, uint32_t addr, uint32_t val)
{
	return mmio_write_strb_fake(b, addr, val, 0xF);
}

static int mmio_block_fake(kiln_backend *b, uint32_t addr, uint32_t *words, size_t n, int write)
{
	for (size_t i = 0; i < n; i++) {
		int st = write ? mmio_write_fake(b, addr + 4 * (uint32_t)i, words[i])
		               : mmio_read_fake(b, addr + 4 * (uint32_t)i, &words[i]);
		if (st)
			return st;
	}
	return KILN_OK;
}

static int mem_read_fake(kiln_backend *b, uint64_t off, void *dst, size_t n)
{
	if (off > b->cfg->devmem_bytes || n > b->cfg->devmem_bytes - off)
		return KILN_ERR_BUS;
	memcpy(dst, b->mem + off, n);
	return KILN_OK;
}

static int mem_write_fake(kiln_backend *b, uint64_t off, const void *src, size_t n)
{
	if (off > b->cfg->devmem_bytes || n > b->cfg->devmem_bytes - off)
		return KILN_ERR_BUS;
	memcpy(b->mem + off, src, n);
	return KILN_OK;
}

static int wait_irq_fake(kiln_backend *b, uint64_t max_cycles, uint64_t *cycles)
{
	if (!b->programmed)
		return KILN_ERR_STATE;
	int up = (get(b, KILN_IMG_IRQ_STATUS) & get(b, KILN_IMG_IRQ_ENABLE)) != 0;
	uint64_t ran = up ? 1 : max_cycles;
	b->cycles += ran;
	if (cycles)
		*cycles = ran;
	return up ? KILN_OK : KILN_ERR_TIMEOUT;
}

static uint64_t cycles_fake(kiln_backend *b)
{
	return b->cycles;
}

const kiln_backend_ops kiln_fake_backend_ops = {
    .name = "fake",
    .open = open_fake,
    .close = close_fake,
    .program = program_fake,
    .reset = reset_fake,
    .mmio_read = mmio_read_fake,
    .mmio_write = mmio_write_fake,
    .mmio_write_strb = mmio_write_strb_fake,
    .mmio_block = mmio_block_fake,
    .mem_read = mem_read_fake,
    .mem_write = mem_write_fake,
    .wait_irq = wait_irq_fake,
    .cycles = cycles_fake,
};
