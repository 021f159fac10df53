// SPDX-License-Identifier: Apache-2.0
/* Device-memory allocator: first fit over a sorted free list, 64-byte granules. Not thread-safe by itself;
 * libkiln calls it under the device lock. */
#ifndef KILN_DEVMEM_ALLOC_H
#define KILN_DEVMEM_ALLOC_H
#include <stddef.h>
#include <stdint.h>

/* Who holds a block: the application (kiln_mem_alloc) or the runtime (device globals' instances), so that
 * neither can free the other's. */
enum kiln_devmem_owner { KILN_DEVMEM_FREE = 0, KILN_DEVMEM_USER, KILN_DEVMEM_RUNTIME };

typedef struct kiln_devmem_block {
	uint64_t off, size;
	enum kiln_devmem_owner used; /* KILN_DEVMEM_FREE when free */
} kiln_devmem_block;

typedef struct kiln_devmem_alloc {
	kiln_devmem_block *blocks; /* ordered by offset, covering [base, base+size) */
	size_t n, cap;
} kiln_devmem_alloc;

/* Manages [BASE, BASE+SIZE). 0 or -1 when out of memory. */
int kiln_devmem_init(kiln_devmem_alloc *a, uint64_t base, uint64_t size);
/* Allocates SIZE bytes (rounded up to 64) for OWNER; *OFF receives the device address. 0, or -1 when it
 * does not fit. */
int kiln_devmem_alloc_block(kiln_devmem_alloc *a, uint64_t size, enum kiln_devmem_owner owner, uint64_t *off);
/* Frees OWNER's block at OFF; -1 when OFF is not an allocated block's start, -2 when another owner holds it.
 */
int kiln_devmem_free_block(kiln_devmem_alloc *a, uint64_t off, enum kiln_devmem_owner owner);
/* Bytes currently allocated. */
uint64_t kiln_devmem_used(const kiln_devmem_alloc *a);
void kiln_devmem_destroy(kiln_devmem_alloc *a);

#endif
