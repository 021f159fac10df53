// SPDX-License-Identifier: Apache-2.0
/* Device memory through libkiln: the allocator (alignment, disjoint blocks, reuse, coalescing, exhaustion,
 * invalid and double frees) and host<->device copies (unaligned, bounds, zero length, before any image). */
#include <stdlib.h>
#include <string.h>

#include <kiln/kiln.h>

#include "test/harness.h"

#define NBLK 100

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/share/kiln/smoke.kimg";
	kiln_device *dev = NULL;
	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open sim board", "%s", kiln_last_error()))
		return KT_DONE();
	uint64_t size = kiln_device_mem_size(dev), a = 1, b = 1, c = 1;
	KT_CHECK(size >= (1u << 20), "the board has device memory", "%llu bytes", (unsigned long long)size);

	/* Bad requests. */
	KT_CHECK(kiln_mem_alloc(dev, 0, &a) == KILN_ERR_INVALID, "zero-byte allocation refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_alloc(dev, 64, NULL) == KILN_ERR_INVALID, "NULL address refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_alloc(NULL, 64, &a) == KILN_ERR_INVALID, "NULL device refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_alloc(dev, (size_t)size + 1, &a) == KILN_ERR_NOMEM, "more than the memory: NOMEM",
	         "%s", kiln_last_error());
	KT_CHECK(kiln_mem_alloc(dev, SIZE_MAX, &a) == KILN_ERR_NOMEM,
	         "SIZE_MAX: NOMEM (no rounding overflow)", "%s", kiln_last_error());
	KT_CHECK(strstr(kiln_last_error(), "exhausted") != NULL, "exhaustion message", "\"%s\"",
	         kiln_last_error());

	/* Alignment, disjointness, reuse of a freed block. */
	KT_CHECK(kiln_mem_alloc(dev, 100, &a) == KILN_OK && kiln_mem_alloc(dev, 100, &b) == KILN_OK &&
	             kiln_mem_alloc(dev, 1, &c) == KILN_OK,
	         "three small allocations", "%s", kiln_last_error());
	KT_CHECK(a != 0 && b != 0 && c != 0, "no allocation at address 0 (kernels' null pointer)",
	         "0x%llx 0x%llx 0x%llx", (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
	KT_CHECK(a % 64 == 0 && b % 64 == 0 && c % 64 == 0, "64-byte aligned", "0x%llx 0x%llx 0x%llx",
	         (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
	KT_CHECK((b >= a + 100 || a >= b + 100) && (c >= b + 100 || b >= c + 1), "blocks do not overlap",
	         "0x%llx 0x%llx 0x%llx", (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
	KT_CHECK(kiln_mem_free(dev, b) == KILN_OK, "free the middle block", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, b) == KILN_ERR_INVALID, "double free refused", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, a + 64) == KILN_ERR_INVALID, "free inside a block refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, 0xdeadbee0ull) == KILN_ERR_INVALID, "free of a foreign address refused",
	         "%s", kiln_last_error());
	KT_CHECK(kiln_mem_free(NULL, a) == KILN_ERR_INVALID, "free on NULL device refused", "%s",
	         kiln_last_error());
	uint64_t b2 = 0;
	KT_CHECK(kiln_mem_alloc(dev, 128, &b2) == KILN_OK && b2 == b, "a freed block is reused",
	         "got 0x%llx, freed 0x%llx", (unsigned long long)b2, (unsigned long long)b);
	KT_CHECK(kiln_mem_alloc(dev, size, &b) == KILN_ERR_NOMEM,
	         "no room for the whole memory while blocks live", "%s", kiln_last_error());
	kiln_mem_free(dev, a);
	kiln_mem_free(dev, b2);
	kiln_mem_free(dev, c);

	/* Many blocks of mixed sizes, freed out of order, coalesce back into one. */
	uint64_t blk[NBLK], sz[NBLK];
	int ok = 1;
	uint64_t x = 12345;
	for (int i = 0; i < NBLK && ok; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		sz[i] = 1 + (x >> 40) % 20000;
		ok = kiln_mem_alloc(dev, (size_t)sz[i], &blk[i]) == KILN_OK;
	}
	KT_CHECK(ok, "100 allocations of mixed sizes", "%s", kiln_last_error());
	for (int i = 0; i < NBLK && ok; i++)
		for (int j = i + 1; j < NBLK && ok; j++)
			ok = blk[i] + sz[i] <= blk[j] || blk[j] + sz[j] <= blk[i];
	KT_CHECK(ok, "all disjoint", "overlap found");
	for (int i = 0; i < NBLK && ok; i++)
		ok = blk[i] + sz[i] <= size;
	KT_CHECK(ok, "all inside device memory", "a block ends past %llu", (unsigned long long)size);
	ok = 1;
	for (int step = 0; step < 3; step++)
		for (int i = step; i < NBLK; i += 3)
			ok &= kiln_mem_free(dev, blk[i]) == KILN_OK;
	KT_CHECK(ok, "free them out of order", "%s", kiln_last_error());
	uint64_t whole = 1, base = kiln_device_mem_base(dev);
	KT_CHECK(base > 0 && kiln_mem_alloc(dev, size - base, &whole) == KILN_OK && whole == base,
	         "freed blocks coalesce: whole memory", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_alloc(dev, 1, &a) == KILN_ERR_NOMEM, "exhausted: even one byte is refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, whole) == KILN_OK, "free the whole memory", "%s", kiln_last_error());

	/* Device memory is there before any image (a buffer may be filled before a program is built): what is
	 * written then is what the first image's hardware sees. The copy straddles a 64 KiB boundary. */
	uint8_t pre[3000], back[3000];
	for (size_t i = 0; i < sizeof pre; i++)
		pre[i] = (uint8_t)(i * 13 + 5);
	uint64_t pa = 1, at = (1u << 16) - 1000;
	KT_CHECK(kiln_mem_alloc(dev, 1u << 17, &pa) == KILN_OK, "allocate before any image", "%s",
	         kiln_last_error());
	memset(back, 0xEE, sizeof back);
	KT_CHECK(kiln_mem_read(dev, pa + 8, back, 16) == KILN_OK && back[0] == 0 && back[15] == 0,
	         "no image yet: unwritten memory reads zero", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, pa + at, pre, sizeof pre) == KILN_OK &&
	             kiln_mem_read(dev, pa + at, back, sizeof back) == KILN_OK &&
	             memcmp(pre, back, sizeof pre) == 0,
	         "no image yet: write and read back across a page boundary", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, size - 2, pre, 4) == KILN_ERR_INVALID,
	         "no image yet: a copy past the end is refused", "%s", kiln_last_error());

	kiln_program *prog = NULL;
	if (!KT_CHECK(kiln_program_load(dev, image, &prog) == KILN_OK, "load an image", "%s",
	              kiln_last_error()))
		return KT_DONE();
	memset(back, 0, sizeof back);
	KT_CHECK(kiln_mem_read(dev, pa + at, back, sizeof back) == KILN_OK &&
	             memcmp(pre, back, sizeof pre) == 0,
	         "the image's hardware holds what was written before it was loaded", "%s", kiln_last_error());
	kiln_mem_free(dev, pa);
	uint8_t out[4096], in[4096];
	for (size_t i = 0; i < sizeof out; i++)
		out[i] = (uint8_t)(i * 7 + 3);
	KT_CHECK(kiln_mem_alloc(dev, sizeof out, &a) == KILN_OK, "allocate a copy buffer", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, a, out, sizeof out) == KILN_OK &&
	             kiln_mem_read(dev, a, in, sizeof in) == KILN_OK && memcmp(out, in, sizeof out) == 0,
	         "4 KiB round trip", "%s", kiln_last_error());
	/* Unaligned start and length: only the bytes named change. */
	uint8_t odd[5] = {0xA1, 0xA2, 0xA3, 0xA4, 0xA5};
	memcpy(out + 3, odd, sizeof odd);
	KT_CHECK(kiln_mem_write(dev, a + 3, odd, sizeof odd) == KILN_OK &&
	             kiln_mem_read(dev, a, in, 16) == KILN_OK && memcmp(out, in, 16) == 0,
	         "unaligned 5-byte write at +3 changes only those bytes", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_read(dev, a + 1, in, 6) == KILN_OK && memcmp(out + 1, in, 6) == 0,
	         "unaligned read at +1", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, a, out, 0) == KILN_OK && kiln_mem_read(dev, a, in, 0) == KILN_OK,
	         "zero-length copies are no-ops", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, size - 4, out, 4) == KILN_OK &&
	             kiln_mem_read(dev, size - 4, in, 4) == KILN_OK && memcmp(out, in, 4) == 0,
	         "the last word of memory", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_write(dev, size - 4, out, 8) == KILN_ERR_INVALID,
	         "a copy running past the end is refused", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_read(dev, size, in, 1) == KILN_ERR_INVALID, "a copy starting at the end is refused",
	         "%s", kiln_last_error());
	KT_CHECK(kiln_mem_read(dev, UINT64_MAX - 2, in, 8) == KILN_ERR_INVALID,
	         "an address that wraps is refused", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_read(dev, a, NULL, 4) == KILN_ERR_INVALID, "NULL destination refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_mem_read(dev, a, in, sizeof in) == KILN_OK && memcmp(out, in, sizeof in) == 0,
	         "refused copies changed nothing", "%s", kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, a) == KILN_OK, "free the copy buffer", "%s", kiln_last_error());
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
