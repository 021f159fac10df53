// SPDX-License-Identifier: Apache-2.0
/* The heap of an image whose kernels call malloc (host/common/contract.h): a block of device memory the
 * runtime owns for as long as the program is attached to its context, as large as the image's [Kiln/heap]
 * set says. Before each run its place goes into the debug page; the first run after it was allocated finds
 * its header cleared, so that the kernel C library lays it out anew (device memory is not cleared between
 * allocations). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The size [Kiln/heap] asks for, 0 when there is none; -1 for a set that is not well formed. */
static int64_t heap_request(const kiln_program *p)
{
	const kiln_propset *s = kiln_propsets_find(&p->debug, "Kiln/heap");
	if (!s)
		return 0;
	const kiln_prop *pr = kiln_propset_find(s, "size");
	if (!pr || pr->type != KILN_PROP_UINT32 || pr->u32 < KILN_HEAP_BLOCKS + 2 * KILN_HEAP_ALIGN)
		return -1;
	return pr->u32;
}

int kiln__heap_attach(kiln_program *p)
{
	kiln_device *d = p->dev;
	int64_t want = heap_request(p);
	if (want < 0)
		return kiln__fail(KILN_ERR_IMAGE, "the image's [Kiln/heap] set has no valid size");
	if (!want)
		return KILN_OK;
	if (!kiln_board_has_debug_channel(&d->cfg))
		return kiln__fail(KILN_ERR_UNSUPPORTED,
		                  "the image's kernels allocate, and board '%s' has no debug channel to "
		                  "describe a heap",
		                  d->cfg.name);
	uint64_t base = 0;
	if (kiln_devmem_alloc_block(&d->mem, (uint64_t)want, KILN_DEVMEM_RUNTIME, &base) != 0)
		return kiln__fail(KILN_ERR_NOMEM,
		                  "device memory exhausted allocating the image's heap of %lld bytes (%llu of "
		                  "%llu in use)",
		                  (long long)want, (unsigned long long)kiln_devmem_used(&d->mem),
		                  (unsigned long long)d->cfg.devmem_bytes);
	p->heap_base = base;
	p->heap_size = (uint32_t)want;
	p->heap_fresh = 1;
	return KILN_OK;
}

void kiln__heap_detach(kiln_program *p)
{
	if (p->heap_size)
		kiln_devmem_free_block(&p->dev->mem, p->heap_base, KILN_DEVMEM_RUNTIME);
	p->heap_base = 0;
	p->heap_size = 0;
	p->heap_fresh = 0;
}

int kiln__heap_before(kiln_program *p)
{
	kiln_device *d = p->dev;
	if (!kiln_board_has_debug_channel(&d->cfg))
		return KILN_OK;
	uint32_t words[2] = {(uint32_t)p->heap_base, p->heap_size};
	int st = d->ops->mem_write(d->be, KILN_DEBUG_BASE + KILN_DEBUG_HEAP_BASE, words, sizeof words);
	if (!st && p->heap_fresh) {
		uint8_t zero[KILN_HEAP_BLOCKS] = {0};
		st = d->ops->mem_write(d->be, p->heap_base, zero, sizeof zero);
		p->heap_fresh = st != 0;
	}
	return st ? kiln__fail(st, "describing the heap in the debug page failed") : KILN_OK;
}

int kiln_program_heap_info(kiln_program *p, uint64_t *bytes, uint64_t *high_water)
{
	if (!p)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_heap_info: NULL program");
	uint64_t hw = 0;
	kiln_device *d = p->dev;
	kiln__dev_lock(d);
	int st = 0;
	if (p->heap_size && !p->heap_fresh) {
		uint64_t head[2] = {0, 0};
		st = d->ops->mem_read(d->be, p->heap_base, head, sizeof head);
		/* the library's header once laid out; before that, nothing was ever in use */
		if (!st && (uint32_t)head[KILN_HEAP_FORMAT / 8] == KILN_HEAP_MAGIC)
			hw = head[KILN_HEAP_HIGH / 8];
	}
	uint32_t size = p->heap_size;
	kiln__dev_unlock(d);
	if (st)
		return kiln__fail(st, "reading the heap's header failed");
	if (hw > size)
		return kiln__fail(KILN_ERR_HW, "the heap's header reports %llu bytes in use of %u",
		                  (unsigned long long)hw, size);
	if (bytes)
		*bytes = size;
	if (high_water)
		*high_water = hw;
	return kiln__ok();
}
