// SPDX-License-Identifier: Apache-2.0
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int kiln_device_open(const char *name, kiln_device **out)
{
	char err[512];
	if (!out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_open: OUT is NULL");
	*out = NULL;
	if (!name || !*name)
		name = getenv("KILN_BOARD");
	if (!name || !*name)
		name = "sim";
	kiln_device *d = calloc(1, sizeof *d);
	if (!d)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	if (kiln_board_load(name, &d->cfg, err, sizeof err) != 0) {
		free(d);
		return kiln__fail(KILN_ERR_NOT_FOUND, "board '%s': %s", name, err);
	}
	d->ops = kiln_backend_find(d->cfg.backend);
	if (!d->ops) {
		int st =
		    kiln__fail(KILN_ERR_NOT_FOUND, "board '%s': no backend named '%s'", name, d->cfg.backend);
		kiln_board_free(&d->cfg);
		free(d);
		return st;
	}
	/* A regression runner (kiln test) bounds every kernel of a program it did not write this way. */
	const char *wd = getenv("KILN_WATCHDOG_CYCLES");
	if (wd && *wd) {
		char *end = NULL;
		unsigned long long v = strtoull(wd, &end, 0);
		if (*end || v == 0) {
			kiln_board_free(&d->cfg);
			free(d);
			return kiln__fail(KILN_ERR_INVALID,
			                  "KILN_WATCHDOG_CYCLES='%s': not a cycle count of at least 1", wd);
		}
		d->cfg.watchdog_cycles = v;
	}
	int st = d->ops->open(&d->cfg, &d->be, err, sizeof err);
	if (st != 0) {
		st = kiln__fail(st, "board '%s': %s", name, err);
		kiln_board_free(&d->cfg);
		free(d);
		return st;
	}
	uint64_t base = kiln_device_mem_base(d);
	kiln_devmem_init(&d->mem, base, d->cfg.devmem_bytes - base);
	pthread_mutex_init(&d->lock, NULL);
	pthread_cond_init(&d->idle, NULL);
	atomic_init(&d->refs, 1);
	if (kiln_context_create(d, &d->default_ctx) != KILN_OK || kiln_handle_add(d, KILN_H_DEVICE) != 0) {
		kiln__device_unref(d);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	d->default_ctx->is_default = 1;
	*out = d;
	return kiln__ok();
}

void kiln__device_unref(kiln_device *d)
{
	if (atomic_fetch_sub(&d->refs, 1) != 1)
		return;
	kiln__ctx_free_all(d); /* before the board closes: nothing may reach it afterwards */
	d->ops->close(d->be);
	pthread_cond_destroy(&d->idle);
	pthread_mutex_destroy(&d->lock);
	kiln_devmem_destroy(&d->mem);
	kiln_board_free(&d->cfg);
	free(d);
}

void kiln_device_close(kiln_device *d)
{
	if (!kiln_handle_remove(d, KILN_H_DEVICE)) {
		kiln__fail(KILN_ERR_INVALID, "kiln_device_close: %p is not an open device (closed twice?)",
		           (void *)d);
		return;
	}
	/* Contexts and programs the application did not release go with the board (kiln__ctx_free_all). */
	kiln__device_unref(d);
}

void kiln__dev_lock(kiln_device *d)
{
	atomic_fetch_add(&d->lock_waiters, 1);
	pthread_mutex_lock(&d->lock);
	atomic_fetch_sub(&d->lock_waiters, 1);
}

void kiln__dev_unlock(kiln_device *d)
{
	pthread_mutex_unlock(&d->lock);
}

void kiln__board_wait_idle(kiln_device *d)
{
	while (d->running)
		pthread_cond_wait(&d->idle, &d->lock);
}

int kiln__img_read(kiln_device *dev, uint32_t offset, uint32_t *val)
{
	int st = dev->ops->mmio_read(dev->be, KILN_IMAGE_BASE + offset, val);
	return st ? kiln__fail(st, "bus error reading image register 0x%x", offset) : KILN_OK;
}

int kiln__img_write(kiln_device *dev, uint32_t offset, uint32_t val)
{
	int st = dev->ops->mmio_write(dev->be, KILN_IMAGE_BASE + offset, val);
	return st ? kiln__fail(st, "bus error writing image register 0x%x", offset) : KILN_OK;
}

int kiln_device_mmio_read(kiln_device *d, uint32_t addr, uint32_t *val)
{
	if (!d || !val)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_mmio_read: NULL argument");
	kiln__dev_lock(d);
	int st = d->ops->mmio_read(d->be, addr, val);
	kiln__dev_unlock(d);
	return st ? kiln__fail(st, "read of 0x%08x failed (%s)", addr, kiln_status_name(st)) : kiln__ok();
}

int kiln_device_mmio_write(kiln_device *d, uint32_t addr, uint32_t val)
{
	if (!d)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_mmio_write: NULL device");
	kiln__dev_lock(d);
	int st = d->ops->mmio_write(d->be, addr, val);
	kiln__dev_unlock(d);
	return st ? kiln__fail(st, "write of 0x%08x failed (%s)", addr, kiln_status_name(st)) : kiln__ok();
}

int kiln_device_reset(kiln_device *d)
{
	char err[256];
	if (!d)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_reset: NULL device");
	kiln__dev_lock(d);
	kiln__board_wait_idle(d);
	d->n_resets++;
	int st = d->ops->reset(d->be, err, sizeof err);
	kiln__dev_unlock(d);
	return st ? kiln__fail(st, "reset failed: %s", err) : kiln__ok();
}

const char *kiln_device_name(const kiln_device *d)
{
	return d ? d->cfg.name : "";
}

uint64_t kiln_device_loaded_image(kiln_device *d)
{
	if (!d)
		return 0;
	kiln__dev_lock(d);
	uint64_t h = d->loaded_hash;
	kiln__dev_unlock(d);
	return h;
}
