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
		int st = kiln__fail(KILN_ERR_NOT_FOUND, "board '%s': no backend named '%s'", name, d->cfg.backend);
		kiln_board_free(&d->cfg);
		free(d);
		return st;
	}
	int st = d->ops->open(&d->cfg, &d->be, err, sizeof err);
	if (st != 0) {
		st = kiln__fail(st, "board '%s': %s", name, err);
		kiln_board_free(&d->cfg);
		free(d);
		return st;
	}
	kiln_devmem_init(&d->mem, 0, d->cfg.devmem_bytes);
	pthread_mutex_init(&d->lock, NULL);
	*out = d;
	return kiln__ok();
}

void kiln_device_close(kiln_device *d)
{
	if (!d)
		return;
	d->ops->close(d->be);
	pthread_mutex_destroy(&d->lock);
	kiln_devmem_destroy(&d->mem);
	kiln_board_free(&d->cfg);
	free(d);
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
