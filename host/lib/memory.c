// SPDX-License-Identifier: Apache-2.0
/* Device memory: allocation over the board's memory and host<->device copies through the backend. */
#include "internal.h"

int kiln_mem_alloc(kiln_device *d, size_t size, uint64_t *addr)
{
	if (!d || !addr || size == 0)
		return kiln__fail(KILN_ERR_INVALID, "kiln_mem_alloc: NULL device or address, or zero size");
	kiln__dev_lock(d);
	int rc = kiln_devmem_alloc_block(&d->mem, size, KILN_DEVMEM_USER, addr);
	kiln__dev_unlock(d);
	if (rc != 0)
		return kiln__fail(
		    KILN_ERR_NOMEM, "device memory exhausted: %zu bytes requested, %llu of %llu in use", size,
		    (unsigned long long)kiln_devmem_used(&d->mem), (unsigned long long)d->cfg.devmem_bytes);
	return kiln__ok();
}

int kiln_mem_free(kiln_device *d, uint64_t addr)
{
	if (!d)
		return kiln__fail(KILN_ERR_INVALID, "kiln_mem_free: NULL device");
	kiln__dev_lock(d);
	int rc = kiln_devmem_free_block(&d->mem, addr, KILN_DEVMEM_USER);
	kiln__dev_unlock(d);
	if (rc == -2)
		return kiln__fail(
		    KILN_ERR_INVALID,
		    "0x%llx holds a device global's instance, which the runtime owns; it is freed "
		    "with its program or context",
		    (unsigned long long)addr);
	return rc ? kiln__fail(KILN_ERR_INVALID, "0x%llx is not a live device allocation of kiln_mem_alloc",
	                       (unsigned long long)addr)
	          : kiln__ok();
}

int kiln__mem_copy(kiln_device *d, uint64_t addr, void *buf, size_t n, int write, uint64_t *t_start)
{
	if (!d || (!buf && n))
		return kiln__fail(KILN_ERR_INVALID, "device memory copy: NULL argument");
	if (addr > d->cfg.devmem_bytes || n > d->cfg.devmem_bytes - addr)
		return kiln__fail(KILN_ERR_INVALID,
		                  "device memory copy of %zu bytes at 0x%llx is outside the %llu-byte memory",
		                  n, (unsigned long long)addr, (unsigned long long)d->cfg.devmem_bytes);
	kiln__dev_lock(d);
	if (t_start)
		*t_start = kiln__now_ns();
	int st = !n      ? 0
	         : write ? d->ops->mem_write(d->be, addr, buf, n)
	                 : d->ops->mem_read(d->be, addr, buf, n);
	kiln__dev_unlock(d);
	return st ? kiln__fail(st, "device memory %s at 0x%llx failed", write ? "write" : "read",
	                       (unsigned long long)addr)
	          : KILN_OK;
}

int kiln_mem_write(kiln_device *d, uint64_t addr, const void *src, size_t n)
{
	int st = kiln__mem_copy(d, addr, (void *)src, n, 1, NULL);
	return st ? st : kiln__ok();
}

int kiln_mem_read(kiln_device *d, uint64_t addr, void *dst, size_t n)
{
	int st = kiln__mem_copy(d, addr, dst, n, 0, NULL);
	return st ? st : kiln__ok();
}

uint64_t kiln_device_mem_size(const kiln_device *d)
{
	return d ? d->cfg.devmem_bytes : 0;
}

uint64_t kiln_device_mem_base(const kiln_device *d)
{
	return d ? kiln_board_devmem_first(&d->cfg) : 0;
}
