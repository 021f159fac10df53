// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's allocator: malloc, calloc, realloc, free (and strdup, strndup) over the image's heap
 * in device memory, which the runtime allocates and describes in the debug page before each run
 * (host/common/contract.h). Written for hardware: one walk over the blocks, first fit, in address order;
 * free only clears a block's bit, and the walk joins free neighbours as it passes them, so that no list
 * of free blocks needs keeping. Every address is an index from one constant pointer (the start of
 * allocatable device memory), so that kiln-cc knows each access through a returned pointer reaches device
 * memory. As glibc: malloc(0) is a unique pointer, exhaustion is NULL with ENOMEM, realloc(p, 0) frees p and
 * returns NULL, and freeing a pointer that is not an allocated block's (twice, or never malloc'd) aborts. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "channel.h"

#define PAGE(off) (((unsigned *)(uintptr_t)KILN_DEBUG_BASE)[(off) / 4])
#define DEVMEM ((unsigned char *)(uintptr_t)KILN_DEBUG_BASE)
/* The 8-byte word at heap offset OFF of the heap at BASE. */
#define WORD(base, off) (*(unsigned long long *)(DEVMEM + ((base)-KILN_DEBUG_BASE) + (off)))
#define USED 1ull
#define HEADER 8u

/* The bytes of blocks a heap of SIZE holds from KILN_HEAP_BLOCKS: whole granules of KILN_HEAP_ALIGN. */
static unsigned blocks_bytes(unsigned size)
{
	return (size - KILN_HEAP_BLOCKS - HEADER) / KILN_HEAP_ALIGN * KILN_HEAP_ALIGN;
}

/* The heap's start and bytes (0 when the image has none), laid out at the first use. */
static unsigned heap(unsigned *size)
{
	unsigned base = PAGE(KILN_DEBUG_HEAP_BASE);
	*size = PAGE(KILN_DEBUG_HEAP_SIZE);
	/* a heap placed over the null page or the channel (a page the kernel overwrote) is none */
	if (!*size || *size < KILN_HEAP_BLOCKS + HEADER + KILN_HEAP_ALIGN ||
	    base < KILN_DEBUG_BASE + __kiln_debug_bytes)
		return *size = 0;
	if (WORD(base, KILN_HEAP_FORMAT) != KILN_HEAP_MAGIC) {
		WORD(base, KILN_HEAP_BLOCKS) = blocks_bytes(*size); /* one free block */
		WORD(base, KILN_HEAP_HIGH) = 0;
		WORD(base, KILN_HEAP_FORMAT) = KILN_HEAP_MAGIC;
	}
	return base;
}

/* The offset of the header of the block whose memory P is, or 0 when P is none of BASE's blocks. */
static unsigned block_of(unsigned base, unsigned size, const void *p)
{
	uintptr_t a = (uintptr_t)p;
	if (a < (uintptr_t)base + KILN_HEAP_BLOCKS + HEADER || a >= (uintptr_t)base + size ||
	    (a - base - KILN_HEAP_BLOCKS - HEADER) % KILN_HEAP_ALIGN)
		return 0;
	unsigned off = (unsigned)(a - base) - HEADER;
	return WORD(base, off) & USED ? off : 0;
}

/* The block of at least NEED bytes (header included, a multiple of KILN_HEAP_ALIGN) first found, marked in
 * use; its header's offset, or 0. */
static unsigned take(unsigned base, unsigned size, unsigned long long need)
{
	unsigned end = KILN_HEAP_BLOCKS + blocks_bytes(size);
	for (unsigned off = KILN_HEAP_BLOCKS; off < end;) {
		unsigned long long h = WORD(base, off), bytes = h & ~USED;
		if (!bytes)
			break; /* a header the program overwrote: nothing past it can be trusted */
		if (!(h & USED)) {
			unsigned long long next = off + bytes;
			while (next < end && !(WORD(base, next) & USED) && WORD(base, next)) {
				bytes += WORD(base, next);
				next = off + bytes;
			}
			if (bytes >= need) {
				if (bytes - need >= KILN_HEAP_ALIGN) { /* the rest stays a free block */
					WORD(base, off + need) = bytes - need;
					bytes = need;
				}
				WORD(base, off) = bytes | USED;
				if (off + bytes > WORD(base, KILN_HEAP_HIGH))
					WORD(base, KILN_HEAP_HIGH) = off + bytes;
				return off;
			}
			WORD(base, off) = bytes;
		}
		off += (unsigned)bytes;
	}
	return 0;
}

/* The bytes a block for N bytes of memory takes, or 0 when no heap could hold it. */
static unsigned long long block_bytes(size_t n, unsigned size)
{
	if (n > size)
		return 0;
	return (n + HEADER + KILN_HEAP_ALIGN - 1) / KILN_HEAP_ALIGN * KILN_HEAP_ALIGN;
}

void *malloc(size_t n)
{
	unsigned size, base = heap(&size);
	unsigned long long need = block_bytes(n, size);
	unsigned off = need && base ? take(base, size, need) : 0;
	if (!off) {
		errno = ENOMEM;
		return NULL;
	}
	return DEVMEM + (base - KILN_DEBUG_BASE) + off + HEADER;
}

void free(void *p)
{
	if (!p)
		return;
	unsigned size, base = heap(&size);
	unsigned off = base ? block_of(base, size, p) : 0;
	if (!off)
		abort(); /* glibc: "free(): invalid pointer", or a double free */
	WORD(base, off) &= ~USED;
}

void *calloc(size_t nmemb, size_t n)
{
	size_t bytes;
	if (__builtin_mul_overflow(nmemb, n, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	void *p = malloc(bytes);
	if (p)
		memset(p, 0, bytes);
	return p;
}

void *realloc(void *p, size_t n)
{
	if (!p)
		return malloc(n);
	if (!n) {
		free(p);
		return NULL;
	}
	unsigned size, base = heap(&size);
	unsigned off = base ? block_of(base, size, p) : 0;
	if (!off)
		abort();
	unsigned long long have = (WORD(base, off) & ~USED) - HEADER;
	if (n <= have)
		return p;
	void *q = malloc(n);
	if (q) {
		memcpy(q, p, have);
		free(p);
	}
	return q;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	return d ? memcpy(d, s, n) : NULL;
}

char *strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *d = malloc(len + 1);
	if (d) {
		memcpy(d, s, len);
		d[len] = 0;
	}
	return d;
}
