// SPDX-License-Identifier: Apache-2.0
/* The device-global database (seed 002) and the spec's copy/memcpy (seed 004). The registry maps a host
 * address to a unique id, sizeof(T) and the element size, process-wide (what DPC++'s integration footer
 * registers). Everything else is per context and read from the images of the context's programs: properties,
 * the images that contain the variable, and where this context's instance lives:
 *   - in an image (device_image_scope): on the board while the board holds (context, image);
 *   - in device memory (no device_image_scope): the context's USM instance (context.c);
 *   - in no image of the context: host storage that reads zero until written. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct reg {
	const void *addr;
	char *uid;
	size_t size, elem;
} reg;

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static reg *regs;
static size_t nregs, capregs;

int kiln_dg_register(const void *host_addr, const char *unique_id, size_t size, size_t elem_size)
{
	if (!host_addr || !unique_id || !*unique_id || !size)
		return kiln__fail(KILN_ERR_INVALID, "kiln_dg_register: NULL address or id, or zero size");
	if (!elem_size)
		elem_size = size;
	if (size % elem_size)
		return kiln__fail(KILN_ERR_INVALID,
		                  "device global '%s': size %zu is not a multiple of the element size %zu",
		                  unique_id, size, elem_size);
	int st = KILN_OK;
	pthread_mutex_lock(&reg_lock);
	for (size_t i = 0; i < nregs && st == KILN_OK; i++) {
		int same_addr = regs[i].addr == host_addr, same_uid = strcmp(regs[i].uid, unique_id) == 0;
		if (same_addr && same_uid && regs[i].size == size && regs[i].elem == elem_size) {
			pthread_mutex_unlock(&reg_lock);
			return kiln__ok(); /* registering the same variable twice is harmless */
		}
		if (same_addr || same_uid)
			st = kiln__fail(KILN_ERR_INVALID,
			                "device global '%s' at %p: %s is already registered differently",
			                unique_id, host_addr, same_addr ? "the address" : "the unique id");
	}
	if (st == KILN_OK && nregs == capregs) {
		reg *n = realloc(regs, (capregs ? 2 * capregs : 16) * sizeof *n);
		if (n) {
			regs = n;
			capregs = capregs ? 2 * capregs : 16;
		} else {
			st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
		}
	}
	if (st == KILN_OK) {
		char *u = strdup(unique_id);
		if (u)
			regs[nregs++] = (reg){host_addr, u, size, elem_size};
		else
			st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	pthread_mutex_unlock(&reg_lock);
	return st ? st : kiln__ok();
}

int kiln_dg_unregister(const void *host_addr)
{
	pthread_mutex_lock(&reg_lock);
	for (size_t i = 0; i < nregs; i++)
		if (regs[i].addr == host_addr) {
			free(regs[i].uid);
			regs[i] = regs[--nregs];
			pthread_mutex_unlock(&reg_lock);
			return kiln__ok();
		}
	pthread_mutex_unlock(&reg_lock);
	return kiln__fail(KILN_ERR_NOT_FOUND, "no device global registered at %p", host_addr);
}

/* Copies the registration of DG out (the uid is malloc'd: the registry may change meanwhile). */
static int lookup(const void *dg, char **uid, size_t *size, size_t *elem)
{
	int st = kiln__fail(KILN_ERR_NOT_FOUND, "no device global registered at %p (kiln_dg_register)", dg);
	pthread_mutex_lock(&reg_lock);
	for (size_t i = 0; i < nregs; i++)
		if (regs[i].addr == dg) {
			*uid = strdup(regs[i].uid);
			*size = regs[i].size;
			*elem = regs[i].elem;
			st = *uid ? KILN_OK : kiln__fail(KILN_ERR_NOMEM, "out of memory");
			break;
		}
	pthread_mutex_unlock(&reg_lock);
	return st;
}

enum where { IN_HOST, IN_USM, IN_IMAGE };

typedef struct target {
	enum where where;
	const kiln_dg_desc *g; /* description in the chosen image (NULL for host storage) */
	kiln_program *prog;    /* a program of the context containing the variable (NULL: none) */
	kiln_ctx_dg *e;        /* the context's entry (USM or host storage) */
	size_t nimages;
	uint64_t images[8];
} target;

/* Finds where CTX's instance of UID lives; the device lock is held. Refusals follow the spec's order of
 * concerns: ambiguity, then consistency with the registration. */
static int locate(kiln_context *c, const char *uid, size_t size, target *t)
{
	memset(t, 0, sizeof *t);
	for (kiln_program *p = c->progs; p; p = p->ctx_next) {
		const kiln_dg_desc *g = kiln_desc_find_dg(&p->desc, uid);
		if (!g)
			continue;
		int seen = 0;
		for (size_t i = 0; i < t->nimages && i < 8; i++)
			seen |= t->images[i] == p->desc.image_hash;
		if (seen)
			continue;
		if (t->nimages < 8)
			t->images[t->nimages] = p->desc.image_hash;
		t->nimages++;
		if (!t->g) {
			t->g = g;
			t->prog = p;
		}
	}
	if (t->g && t->g->storage != KILN_DG_USM && t->nimages > 1)
		return kiln__fail(
		    KILN_ERR_AMBIGUOUS,
		    "device global '%s' has device_image_scope and is in %zu images of the context", uid,
		    t->nimages);
	if (t->g && t->g->size != size)
		return kiln__fail(KILN_ERR_INVALID,
		                  "device global '%s' is registered with %zu bytes but has %u in its image",
		                  uid, size, t->g->size);
	if (t->g && t->g->storage != KILN_DG_USM) {
		t->where = IN_IMAGE;
		return KILN_OK;
	}
	t->e = kiln__ctx_dg(c, uid, 0);
	if (t->g || (t->e && t->e->has_usm)) {
		if (!t->e || !t->e->has_usm)
			return kiln__fail(KILN_ERR_STATE, "device global '%s' has no device-memory instance",
			                  uid);
		if (t->e->usm_size != size)
			return kiln__fail(KILN_ERR_INVALID,
			                  "device global '%s' is registered with %zu bytes but has %u", uid,
			                  size, t->e->usm_size);
		t->where = IN_USM;
		return KILN_OK;
	}
	t->where = IN_HOST;
	return KILN_OK;
}

/* All the checks of a copy, before any hardware access; the device lock is held. */
static int validate(kiln_context *c, const char *uid, size_t size, size_t n, size_t off, enum kiln__dir dir,
                    target *t)
{
	int st = kiln__dg_range_check(uid, size, n, off);
	if (st == KILN_OK)
		st = locate(c, uid, size, t);
	if (st != KILN_OK || !t->g)
		return st;
	return kiln__dg_access_check(uid, t->g->host_access, dir);
}

int kiln__dg_check(kiln_context *c, const void *dg, size_t n, size_t off, enum kiln__dir dir)
{
	char *uid = NULL;
	size_t size = 0, elem = 0;
	target t;
	if (!c || !dg)
		return kiln__fail(KILN_ERR_INVALID, "device global copy: NULL context or variable");
	int st = lookup(dg, &uid, &size, &elem);
	if (st != KILN_OK)
		return st;
	kiln__dev_lock(c->dev);
	st = validate(c, uid, size, n, off, dir, &t);
	kiln__dev_unlock(c->dev);
	free(uid);
	return st;
}

int kiln__dg_elems(kiln_context *c, const void *dg, size_t count, size_t start, size_t *nbytes,
                   size_t *offset)
{
	char *uid = NULL;
	size_t size = 0, elem = 0;
	if (!c || !dg)
		return kiln__fail(KILN_ERR_INVALID, "device global copy: NULL context or variable");
	int st = lookup(dg, &uid, &size, &elem);
	if (st != KILN_OK)
		return st;
	kiln__dev_lock(c->dev);
	for (kiln_program *p = c->progs; p; p = p->ctx_next) {
		const kiln_dg_desc *g = kiln_desc_find_dg(&p->desc, uid);
		if (g && g->elem_size) {
			elem = g->elem_size;
			break;
		}
	}
	kiln__dev_unlock(c->dev);
	free(uid);
	if ((count && elem > SIZE_MAX / count) || (start && elem > SIZE_MAX / start))
		return kiln__fail(KILN_ERR_INVALID, "device global copy: %zu elements at index %zu overflow",
		                  count, start);
	*nbytes = count * elem;
	*offset = start * elem;
	return KILN_OK;
}

/* Moves the bytes once the target is known; the device lock is held. */
static int move(kiln_context *c, const char *uid, size_t size, target *t, uint8_t *buf, size_t n, size_t off,
                enum kiln__dir dir)
{
	kiln_device *d = c->dev;
	int st;
	if (t->where == IN_HOST) {
		kiln_ctx_dg *e = kiln__ctx_dg(c, uid, 1);
		if (!e)
			return kiln__fail(KILN_ERR_NOMEM, "out of memory");
		if (!e->host || e->host_size != size) {
			free(e->host);
			e->host_size = 0;
			if (!(e->host = calloc(1, size)))
				return kiln__fail(KILN_ERR_NOMEM, "out of memory");
			e->host_size = size;
		}
		memcpy(dir == KILN__READ ? buf : e->host + off, dir == KILN__READ ? e->host + off : buf, n);
		return KILN_OK;
	}
	if (t->where == IN_USM) {
		kiln_ctx_dg *e = t->e;
		if (e->usm_pending) { /* not yet in device memory (no image on the board): the value is here
			               */
			memcpy(dir == KILN__READ ? buf : e->usm_pending + off,
			       dir == KILN__READ ? e->usm_pending + off : buf, n);
			return KILN_OK;
		}
		if (!d->loaded_hash) {
			if (!t->prog)
				return kiln__fail(
				    KILN_ERR_STATE,
				    "device global '%s': device memory is unreachable (no image)", uid);
			if ((st = kiln__board_acquire(t->prog, 0)) != KILN_OK)
				return st;
		}
		st = dir == KILN__READ ? d->ops->mem_read(d->be, e->usm + off, buf, n)
		                       : d->ops->mem_write(d->be, e->usm + off, buf, n);
		return st ? kiln__fail(st, "device memory access for device global '%s' failed", uid)
		          : KILN_OK;
	}
	/* In an image. A read of an image the board does not hold for this context returns the context's
	 * value without loading it: the saved one, else the initial one. A write loads the image first. */
	if (!kiln__board_holds(t->prog)) {
		if (dir == KILN__READ) {
			kiln_shadow *s = kiln__shadow_find(c, t->prog->desc.image_hash, uid);
			memcpy(buf, (s && s->size == size ? s->data : t->g->init) + off, n);
			return KILN_OK;
		}
		if ((st = kiln__board_acquire(t->prog, 0)) != KILN_OK)
			return st;
	}
	return kiln__mmio_copy(d, t->g, buf, n, off, dir == KILN__WRITE);
}

int kiln__dg_transfer(kiln_context *c, const void *dg, void *buf, size_t n, size_t off, enum kiln__dir dir,
                      uint64_t *t_start)
{
	char *uid = NULL;
	size_t size = 0, elem = 0;
	target t;
	if (!c || !dg || (!buf && n))
		return kiln__fail(KILN_ERR_INVALID, "device global copy: NULL argument");
	int st = lookup(dg, &uid, &size, &elem);
	if (st != KILN_OK)
		return st;
	kiln__dev_lock(c->dev);
	if (t_start)
		*t_start = kiln__now_ns();
	st = validate(c, uid, size, n, off, dir, &t);
	if (st == KILN_OK && n)
		st = move(c, uid, size, &t, buf, n, off, dir);
	kiln__dev_unlock(c->dev);
	free(uid);
	return st;
}

int kiln_dg_memcpy_to(kiln_context *ctx, const void *dg, const void *src, size_t num_bytes, size_t offset)
{
	int st = kiln__dg_transfer(ctx, dg, (void *)src, num_bytes, offset, KILN__WRITE, NULL);
	return st ? st : kiln__ok();
}

int kiln_dg_memcpy_from(kiln_context *ctx, void *dst, const void *dg, size_t num_bytes, size_t offset)
{
	int st = kiln__dg_transfer(ctx, dg, dst, num_bytes, offset, KILN__READ, NULL);
	return st ? st : kiln__ok();
}

int kiln_dg_copy_to(kiln_context *ctx, const void *dg, const void *src, size_t count, size_t start_index)
{
	size_t n = 0, off = 0;
	int st = kiln__dg_elems(ctx, dg, count, start_index, &n, &off);
	return st ? st : kiln_dg_memcpy_to(ctx, dg, src, n, off);
}

int kiln_dg_copy_from(kiln_context *ctx, const void *dg, void *dst, size_t count, size_t start_index)
{
	size_t n = 0, off = 0;
	int st = kiln__dg_elems(ctx, dg, count, start_index, &n, &off);
	return st ? st : kiln_dg_memcpy_from(ctx, dst, dg, n, off);
}

int kiln_context_dg_info(kiln_context *ctx, const void *dg, kiln_dg_facts *out)
{
	char *uid = NULL;
	size_t size = 0, elem = 0;
	target t;
	if (!ctx || !dg || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_context_dg_info: NULL argument");
	int st = lookup(dg, &uid, &size, &elem);
	if (st != KILN_OK)
		return st;
	kiln__dev_lock(ctx->dev);
	st = locate(ctx, uid, size, &t);
	/* Ambiguity is a fact worth reporting here, not a refusal. */
	if (st == KILN_ERR_AMBIGUOUS)
		st = KILN_OK;
	if (st == KILN_OK) {
		memset(out, 0, sizeof *out);
		out->size = size;
		out->elem_size = t.g && t.g->elem_size ? t.g->elem_size : elem;
		out->image_scope = t.g ? t.g->storage != KILN_DG_USM : 0;
		out->host_access = t.g ? (int)t.g->host_access : KILN_HA_READ_WRITE;
		out->init_mode = t.g ? (int)t.g->init_mode : -1;
		out->where = t.g ? (t.g->storage == KILN_DG_USM ? KILN_DG_IN_DEVICE_MEMORY : KILN_DG_IN_IMAGE)
		                 : (t.e && t.e->has_usm ? KILN_DG_IN_DEVICE_MEMORY : KILN_DG_IN_HOST);
		out->nimages = t.nimages;
		for (size_t i = 0; i < t.nimages && i < 8; i++)
			out->images[i] = t.images[i];
		out->usm_addr = t.e && t.e->has_usm ? t.e->usm : 0;
	}
	kiln__dev_unlock(ctx->dev);
	free(uid);
	return st ? st : kiln__ok();
}
