// SPDX-License-Identifier: Apache-2.0
/* Host access to device globals by unique id (seed 004's copy/memcpy rules; seed 002's runtime design). */
#include <string.h>

#include "internal.h"

/* Range and host_access checks, done before any hardware access. */
int kiln__dg_range_check(const char *uid, size_t size, size_t n, size_t off)
{
	if (off > size || n > size - off)
		return kiln__fail(KILN_ERR_INVALID,
		                  "device global '%s' has %zu bytes; %zu bytes at offset %zu are outside it",
		                  uid, size, n, off);
	return KILN_OK;
}

int kiln__dg_access_check(const char *uid, enum kiln_host_access ha, enum kiln__dir dir)
{
	int allowed = dir == KILN__READ ? (ha == KILN_HA_READ || ha == KILN_HA_READ_WRITE)
	                                : (ha == KILN_HA_WRITE || ha == KILN_HA_READ_WRITE);
	if (!allowed)
		return kiln__fail(KILN_ERR_ACCESS,
		                  "device global '%s' has host_access %s: the host may not %s it", uid,
		                  kiln_host_access_name(ha), dir == KILN__READ ? "read" : "write");
	return KILN_OK;
}

static int check(kiln_program *p, const char *uid, const void *buf, size_t n, size_t off, enum kiln__dir dir,
                 const kiln_dg_desc **out)
{
	if (!p || !uid || !buf)
		return kiln__fail(KILN_ERR_INVALID, "device global access: NULL argument");
	const kiln_dg_desc *g = kiln_desc_find_dg(&p->desc, uid);
	if (!g)
		return kiln__fail(KILN_ERR_NOT_FOUND, "no device global with unique id '%s' in the image",
		                  uid);
	int st = kiln__dg_range_check(uid, g->size, n, off);
	if (st == KILN_OK)
		st = kiln__dg_access_check(uid, g->host_access, dir);
	if (st != KILN_OK)
		return st;
	*out = g;
	return KILN_OK;
}

static int transfer(kiln_program *p, const char *uid, void *buf, size_t n, size_t off, enum kiln__dir dir)
{
	const kiln_dg_desc *g = NULL;
	int st = check(p, uid, buf, n, off, dir, &g);
	if (st != KILN_OK)
		return st;
	kiln_device *d = p->dev;
	kiln__dev_lock(d);
	/* This by-program access loads the program's image for both directions (its original contract); the
	 * context-level copies of dgdb.c follow the spec's finer rules. */
	st = p->ctx ? kiln__board_acquire(p, 0) : kiln__fail(KILN_ERR_STATE, "the program was released");
	if (st == KILN_OK) {
		size_t i = (size_t)(g - p->desc.dgs);
		if (g->storage == KILN_DG_USM) {
			uint64_t a = p->usm[i]->usm;
			st = dir == KILN__READ ? d->ops->mem_read(d->be, a + off, buf, n)
			                       : d->ops->mem_write(d->be, a + off, buf, n);
			if (st)
				st =
				    kiln__fail(st, "device memory access for device global '%s' failed", uid);
		} else {
			st = kiln__mmio_copy(d, g, buf, n, off, dir == KILN__WRITE);
		}
	}
	kiln__dev_unlock(d);
	return st ? st : kiln__ok();
}

int kiln_dg_write(kiln_program *p, const char *uid, const void *src, size_t n, size_t off)
{
	return transfer(p, uid, (void *)src, n, off, KILN__WRITE);
}

int kiln_dg_read(kiln_program *p, const char *uid, void *dst, size_t n, size_t off)
{
	return transfer(p, uid, dst, n, off, KILN__READ);
}

int kiln_program_dg_info(const kiln_program *p, const char *uid, size_t *size, int *host_access,
                         uint32_t *addr)
{
	if (!p || !uid)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_dg_info: NULL argument");
	const kiln_dg_desc *g = kiln_desc_find_dg(&p->desc, uid);
	if (!g)
		return kiln__fail(KILN_ERR_NOT_FOUND, "no device global with unique id '%s' in the image",
		                  uid);
	if (size)
		*size = g->size;
	if (host_access)
		*host_access = (int)g->host_access;
	if (addr)
		*addr = g->storage == KILN_DG_USM ? 0 : KILN_IMAGE_BASE + g->base;
	return kiln__ok();
}
