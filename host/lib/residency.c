// SPDX-License-Identifier: Apache-2.0
/* Which (context, image) the board holds, and switching it (ARCHITECTURE contract 6, seed 004 init_mode).
 *
 * Device globals have one instance per device and context, but the board holds the device_image_scope
 * globals of one image only, for one context. Switching to another (context, image):
 *   1. saves the outgoing pair's read_write device_image_scope values into its context (the only ones the
 *      host can both read back and write again; host_access read, write and none globals are lost);
 *   2. re-initialises: a new context on the image already on the board gets a board reset when every
 *      device_image_scope global of the image has init_mode reset, otherwise (and for another image) the
 * board is reprogrammed. Device memory does not survive reprogramming a sim board, so the live allocations
 *      (buffers and USM globals) are carried across in host memory;
 *   3. publishes the context's USM instances into the image's usmptr registers and restores the incoming
 *      pair's saved values. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* One partial or single word, with byte strobes on writes so that a write-only global never needs a read. */
static int mmio_word(kiln_device *d, uint32_t addr, uint8_t *buf, uint32_t lane, size_t take, int write)
{
	uint32_t w = 0;
	if (!write) {
		int st = d->ops->mmio_read(d->be, addr, &w);
		memcpy(buf, (uint8_t *)&w + lane, take);
		return st;
	}
	memcpy((uint8_t *)&w + lane, buf, take);
	return d->ops->mmio_write_strb(d->be, addr, w, ((1u << take) - 1) << lane);
}

int kiln__mmio_copy(kiln_device *d, const kiln_dg_desc *g, uint8_t *buf, size_t n, size_t off, int write)
{
	uint32_t chunk[256];
	while (n) {
		uint32_t woff = (uint32_t)(off & ~(size_t)3), lane = (uint32_t)(off & 3);
		uint32_t addr = KILN_IMAGE_BASE + g->base + woff;
		size_t take, words = lane ? 0 : n / 4;
		int st;
		if (words) {
			/* Whole words go to the board in blocks, one hand-off each. */
			if (words > sizeof chunk / 4)
				words = sizeof chunk / 4;
			take = 4 * words;
			if (write)
				memcpy(chunk, buf, take);
			st = d->ops->mmio_block(d->be, addr, chunk, words, write);
			if (!write && !st)
				memcpy(buf, chunk, take);
		} else {
			take = 4 - lane < n ? 4 - lane : n;
			st = mmio_word(d, addr, buf, lane, take, write);
		}
		if (st)
			return kiln__fail(st, "bus error %s device global '%s' near offset %u",
			                  write ? "writing" : "reading", g->unique_id, woff + lane);
		buf += take;
		off += take;
		n -= take;
	}
	return KILN_OK;
}

int kiln__board_holds(const kiln_program *p)
{
	return p->dev->loaded_hash == p->desc.image_hash && p->dev->loaded_ctx == p->ctx;
}

kiln_shadow *kiln__shadow_find(kiln_context *c, uint64_t hash, const char *uid)
{
	for (kiln_shadow *s = c ? c->shadows : NULL; s; s = s->next)
		if (s->hash == hash && strcmp(s->uid, uid) == 0)
			return s;
	return NULL;
}

static int saveable(const kiln_dg_desc *g)
{
	return g->storage != KILN_DG_USM && g->host_access == KILN_HA_READ_WRITE;
}

void kiln__shadow_save(kiln_device *d)
{
	kiln_program *p = d->loaded_prog;
	if (!p || !d->loaded_ctx || d->loaded_hash != p->desc.image_hash)
		return;
	for (size_t i = 0; i < p->desc.ndgs; i++) {
		const kiln_dg_desc *g = &p->desc.dgs[i];
		if (!saveable(g))
			continue;
		kiln_shadow *s = kiln__shadow_find(p->ctx, p->desc.image_hash, g->unique_id);
		if (!s) {
			s = calloc(1, sizeof *s);
			if (!s || !(s->uid = strdup(g->unique_id)) ||
			    !(s->data = malloc(g->size ? g->size : 1))) {
				if (s)
					free(s->uid);
				free(s);
				continue; /* out of memory: the value is lost, as for the unsaveable ones */
			}
			s->hash = p->desc.image_hash;
			s->size = g->size;
			s->next = p->ctx->shadows;
			p->ctx->shadows = s;
		}
		if (kiln__mmio_copy(d, g, s->data, g->size, 0, 0) != KILN_OK)
			memcpy(s->data, g->init, g->size);
	}
	d->loaded_prog = NULL; /* saved once: the board's values are no longer the context's */
}

static void shadow_drop(kiln_context *c, uint64_t hash)
{
	for (kiln_shadow **pp = &c->shadows; *pp;) {
		kiln_shadow *s = *pp;
		if (s->hash != hash) {
			pp = &s->next;
			continue;
		}
		*pp = s->next;
		free(s->uid);
		free(s->data);
		free(s);
	}
}

static int shadow_restore(kiln_program *p)
{
	for (size_t i = 0; i < p->desc.ndgs; i++) {
		const kiln_dg_desc *g = &p->desc.dgs[i];
		kiln_shadow *s =
		    saveable(g) ? kiln__shadow_find(p->ctx, p->desc.image_hash, g->unique_id) : NULL;
		int st;
		if (s && s->size == g->size &&
		    (st = kiln__mmio_copy(p->dev, g, s->data, s->size, 0, 1)) != KILN_OK)
			return st;
	}
	return KILN_OK;
}

int kiln__usm_flush(kiln_device *d)
{
	if (!d->loaded_hash)
		return KILN_OK;
	for (kiln_context *c = d->contexts; c; c = c->next)
		for (kiln_ctx_dg *e = c->dgs; e; e = e->next) {
			if (!e->usm_pending)
				continue;
			int st = d->ops->mem_write(d->be, e->usm, e->usm_pending, e->usm_size);
			if (st)
				return kiln__fail(st, "initialising device global '%s' in device memory",
				                  e->uid);
			free(e->usm_pending);
			e->usm_pending = NULL;
		}
	return KILN_OK;
}

/* Checks the hardware ID block against the image: the runtime touches nothing else before this passes. */
static int check_id(kiln_program *p)
{
	uint32_t magic = 0, ver = 0, lo = 0, hi = 0;
	int st;
	if ((st = kiln__img_read(p->dev, KILN_IMG_MAGIC, &magic)) ||
	    (st = kiln__img_read(p->dev, KILN_IMG_LAYOUT_VERSION, &ver)) ||
	    (st = kiln__img_read(p->dev, KILN_IMG_HASH_LO, &lo)) ||
	    (st = kiln__img_read(p->dev, KILN_IMG_HASH_HI, &hi)))
		return st;
	if (magic != KILN_IMG_MAGIC_VALUE)
		return kiln__fail(KILN_ERR_HW, "ID block: magic 0x%08x, expected 0x%08x", magic,
		                  KILN_IMG_MAGIC_VALUE);
	if (ver != KILN_LAYOUT_VERSION)
		return kiln__fail(KILN_ERR_HW, "ID block: register layout version %u, this runtime knows %u",
		                  ver, KILN_LAYOUT_VERSION);
	uint64_t h = (uint64_t)hi << 32 | lo;
	if (h != p->desc.image_hash)
		return kiln__fail(KILN_ERR_HW,
		                  "ID block: image hash %016llx on the board, %016llx in the image file",
		                  (unsigned long long)h, (unsigned long long)p->desc.image_hash);
	return KILN_OK;
}

/* Live device-memory blocks carried across a reprogram. */
typedef struct saved_mem {
	uint64_t off, size;
	uint8_t *data;
} saved_mem;

static int mem_save(kiln_device *d, saved_mem **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (!d->loaded_hash)
		return KILN_OK; /* nothing on the board: no memory to keep */
	size_t used = 0;
	for (size_t i = 0; i < d->mem.n; i++)
		used += d->mem.blocks[i].used != KILN_DEVMEM_FREE;
	if (!used)
		return KILN_OK;
	saved_mem *s = calloc(used, sizeof *s);
	if (!s)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory saving device memory before reprogramming");
	size_t k = 0;
	for (size_t i = 0; i < d->mem.n; i++) {
		const kiln_devmem_block *b = &d->mem.blocks[i];
		if (!b->used)
			continue;
		s[k].off = b->off;
		s[k].size = b->size;
		s[k].data = malloc(b->size);
		int st = s[k].data ? d->ops->mem_read(d->be, b->off, s[k].data, b->size) : KILN_ERR_NOMEM;
		k++;
		if (st) {
			for (size_t j = 0; j < k; j++)
				free(s[j].data);
			free(s);
			return kiln__fail(st, "saving device memory before reprogramming");
		}
	}
	*out = s;
	*n = k;
	return KILN_OK;
}

static void saved_free(saved_mem *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(s[i].data);
	free(s);
}

static int mem_restore(kiln_device *d, saved_mem *s, size_t n)
{
	int st = KILN_OK;
	for (size_t i = 0; i < n && st == KILN_OK; i++)
		if (d->ops->mem_write(d->be, s[i].off, s[i].data, s[i].size))
			st = kiln__fail(KILN_ERR_HW, "restoring device memory after reprogramming");
	saved_free(s, n);
	return st;
}

static int reprogram(kiln_program *p)
{
	kiln_device *d = p->dev;
	char err[512];
	saved_mem *saved = NULL;
	size_t nsaved = 0;
	int st = mem_save(d, &saved, &nsaved);
	if (st)
		return st;
	d->loaded_hash = 0;
	d->loaded_ctx = NULL;
	d->loaded_prog = NULL;
	d->n_reprograms++;
	st = d->ops->program(d->be, p->img, err, sizeof err);
	if (st != 0) {
		saved_free(saved, nsaved);
		return kiln__fail(st, "programming the board: %s", err);
	}
	d->loaded_hash = p->desc.image_hash;
	if ((st = check_id(p)) != KILN_OK) {
		d->loaded_hash = 0;
		saved_free(saved, nsaved);
		return st;
	}
	return mem_restore(d, saved, nsaved);
}

/* Whether a reset re-initialises every device_image_scope global of P (USM globals live in device memory,
 * which a reset does not touch, and are initialised by the runtime per context). */
static int reset_suffices(const kiln_program *p)
{
	for (size_t i = 0; i < p->desc.ndgs; i++)
		if (p->desc.dgs[i].storage != KILN_DG_USM && p->desc.dgs[i].init_mode != KILN_INIT_RESET)
			return 0;
	return 1;
}

static int publish_usm(kiln_program *p)
{
	int st = kiln__usm_flush(p->dev);
	for (size_t i = 0; st == KILN_OK && i < p->desc.ndgs; i++) {
		const kiln_dg_desc *g = &p->desc.dgs[i];
		if (g->storage != KILN_DG_USM || !p->usm[i])
			continue;
		uint64_t a = p->usm[i]->usm;
		if ((st = kiln__img_write(p->dev, g->base, (uint32_t)a)) == KILN_OK)
			st = kiln__img_write(p->dev, g->base + 4, (uint32_t)(a >> 32));
	}
	return st;
}

int kiln__board_acquire(kiln_program *p, int force)
{
	kiln_device *d = p->dev;
	uint64_t h = p->desc.image_hash;
	if (!force && kiln__board_holds(p)) {
		if (!d->loaded_prog)
			d->loaded_prog = p;
		return KILN_OK;
	}
	if (d->running) {
		/* Switching needs the board: wait for the kernel on it, then look again (others ran
		 * meanwhile). */
		kiln__board_wait_idle(d);
		return kiln__board_acquire(p, force);
	}
	if (!(force && kiln__board_holds(p)))
		kiln__shadow_save(d);
	if (force)
		shadow_drop(p->ctx, h);
	int st;
	if (!force && d->loaded_hash == h && reset_suffices(p)) {
		char err[256];
		d->n_resets++;
		if ((st = d->ops->reset(d->be, err, sizeof err)) != 0)
			return kiln__fail(st, "board reset re-initialising the device globals: %s", err);
	} else if ((st = reprogram(p)) != KILN_OK) {
		return st;
	}
	d->loaded_ctx = p->ctx;
	d->loaded_prog = p;
	if ((st = publish_usm(p)) != KILN_OK)
		return st;
	return shadow_restore(p);
}
