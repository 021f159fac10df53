// SPDX-License-Identifier: Apache-2.0
#include "devmem_alloc.h"

#include "kiln/kiln.h"

#include <stdlib.h>
#include <string.h>

#define GRANULE KILN_MEM_ALIGN

int kiln_devmem_init(kiln_devmem_alloc *a, uint64_t base, uint64_t size)
{
	memset(a, 0, sizeof *a);
	a->cap = 16;
	a->blocks = calloc(a->cap, sizeof *a->blocks);
	if (!a->blocks)
		return -1;
	a->blocks[0] = (kiln_devmem_block){base, size, KILN_DEVMEM_FREE};
	a->n = 1;
	return 0;
}

static int insert_at(kiln_devmem_alloc *a, size_t i, kiln_devmem_block b)
{
	if (a->n == a->cap) {
		kiln_devmem_block *nb = realloc(a->blocks, 2 * a->cap * sizeof *nb);
		if (!nb)
			return -1;
		a->blocks = nb;
		a->cap *= 2;
	}
	memmove(&a->blocks[i + 1], &a->blocks[i], (a->n - i) * sizeof *a->blocks);
	a->blocks[i] = b;
	a->n++;
	return 0;
}

int kiln_devmem_alloc_block(kiln_devmem_alloc *a, uint64_t size, enum kiln_devmem_owner owner, uint64_t *off)
{
	if (size == 0 || size > UINT64_MAX - GRANULE || owner == KILN_DEVMEM_FREE)
		return -1;
	size = (size + GRANULE - 1) / GRANULE * GRANULE;
	for (size_t i = 0; i < a->n; i++) {
		kiln_devmem_block *b = &a->blocks[i];
		if (b->used || b->size < size)
			continue;
		if (b->size > size) {
			kiln_devmem_block rest = {b->off + size, b->size - size, KILN_DEVMEM_FREE};
			if (insert_at(a, i + 1, rest) != 0)
				return -1;
			b = &a->blocks[i];
			b->size = size;
		}
		b->used = owner;
		*off = b->off;
		return 0;
	}
	return -1;
}

int kiln_devmem_free_block(kiln_devmem_alloc *a, uint64_t off, enum kiln_devmem_owner owner)
{
	for (size_t i = 0; i < a->n; i++) {
		if (a->blocks[i].off != off || !a->blocks[i].used)
			continue;
		if (a->blocks[i].used != owner)
			return -2;
		a->blocks[i].used = KILN_DEVMEM_FREE;
		/* Coalesce with free neighbours so that large allocations stay possible. */
		if (i + 1 < a->n && !a->blocks[i + 1].used) {
			a->blocks[i].size += a->blocks[i + 1].size;
			memmove(&a->blocks[i + 1], &a->blocks[i + 2], (a->n - i - 2) * sizeof *a->blocks);
			a->n--;
		}
		if (i > 0 && !a->blocks[i - 1].used) {
			a->blocks[i - 1].size += a->blocks[i].size;
			memmove(&a->blocks[i], &a->blocks[i + 1], (a->n - i - 1) * sizeof *a->blocks);
			a->n--;
		}
		return 0;
	}
	return -1;
}

uint64_t kiln_devmem_used(const kiln_devmem_alloc *a)
{
	uint64_t u = 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->blocks[i].used)
			u += a->blocks[i].size;
	return u;
}

void kiln_devmem_destroy(kiln_devmem_alloc *a)
{
	free(a->blocks);
	memset(a, 0, sizeof *a);
}
