// SPDX-License-Identifier: Apache-2.0
/* The heap (issue 30) on the Verilated board: a kernel's malloc takes device memory from the image's heap,
 * NULL when it is exhausted, and what free gives back is taken again; the heap and what a block
 * holds last across runs; a double free stops the kernel as glibc's abort does; the runtime reports the
 * heap's size and its high-water mark; an image whose kernels do not allocate has no heap.
 * Usage: heap_test HEAP.kimg DEFAULT.kimg SMOKE.kimg SIZED.kimg (kernels.c; kernels.c with -DONLY_KEEP,
 * without KILN_HEAP_SIZE; an image that never allocates; -DONLY_KEEP --heap-size 2M) */
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#include "host/common/contract.h"
#include "test/harness.h"

static int run(kiln_kernel *k, uint64_t out, int arg, int nargs)
{
	if (kiln_kernel_set_arg(k, 0, sizeof out, &out) ||
	    (nargs > 1 && kiln_kernel_set_arg(k, 1, sizeof arg, &arg)))
		return KILN_ERR_INVALID;
	return kiln_kernel_run(k, NULL);
}

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *prog = NULL, *dflt = NULL, *none = NULL;
	kiln_kernel *fill = NULL, *keep = NULL, *twice = NULL, *dkeep = NULL;
	uint64_t out = 0, bytes = 1, high = 1;
	if (argc < 5 || !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK &&
	                              kiln_program_load(dev, argv[1], &prog) == KILN_OK &&
	                              kiln_kernel_get(prog, "fill", &fill) == KILN_OK &&
	                              kiln_kernel_get(prog, "keep", &keep) == KILN_OK &&
	                              kiln_kernel_get(prog, "twice", &twice) == KILN_OK &&
	                              kiln_mem_alloc(dev, 64, &out) == KILN_OK,
	                          "board, image and kernels", "%s", kiln_last_error()))
		return KT_DONE();

	KT_CHECK(kiln_program_heap_info(prog, &bytes, &high) == KILN_OK && bytes == 4096 && high == 0,
	         "KILN_HEAP_SIZE(4K) gives the image a heap of 4096 bytes, nothing used before a run",
	         "%llu bytes, high %llu: %s", (unsigned long long)bytes, (unsigned long long)high,
	         kiln_last_error());

	/* Blocks of 100 bytes take 112 (a header of 8, 16-byte granules): 36 fit in 4096 - 24. */
	int st = run(fill, out, 100, 2);
	int r[4] = {0};
	kiln_mem_read(dev, out, r, sizeof r);
	KT_CHECK(st == KILN_OK && r[0] == 36 && r[3] == 0,
	         "malloc fills the heap with distinct blocks (36 of 100 bytes in 4 KiB) that keep what is "
	         "written",
	         "%s: %d blocks, %d bad bytes", kiln_status_name(st), r[0], r[3]);
	KT_CHECK(r[1] == r[0], "what free gave back is taken again", "%d then %d", r[0], r[1]);
	KT_CHECK(
	    kiln_program_heap_info(prog, &bytes, &high) == KILN_OK && high == KILN_HEAP_BLOCKS + 36 * 112,
	    "the high-water mark is the end of the last block ever used", "%llu", (unsigned long long)high);
	st = run(fill, out, 1000, 2);
	kiln_mem_read(dev, out, r, sizeof r);
	KT_CHECK(st == KILN_OK && r[0] == 4 && r[1] == 4 && r[3] == 0,
	         "freed small blocks join into large ones (4 of 1000 bytes after 36 of 100)",
	         "%s: %d then %d blocks, %d bad", kiln_status_name(st), r[0], r[1], r[3]);
	st = run(fill, out, 5000, 2);
	kiln_mem_read(dev, out, r, sizeof r);
	KT_CHECK(st == KILN_OK && r[0] == 0 && r[1] == 0, "a block larger than the heap is NULL", "%s: %d",
	         kiln_status_name(st), r[0]);

	int v[3] = {0};
	for (int i = 0; i < 3; i++) {
		st = run(keep, out, 256, 2);
		kiln_mem_read(dev, out, &v[i], sizeof v[i]);
	}
	KT_CHECK(st == KILN_OK && v[0] == 1 && v[1] == 2 && v[2] == 3,
	         "a block and what it holds outlive the run that allocated it", "%d %d %d", v[0], v[1], v[2]);

	st = run(twice, out, 0, 1);
	KT_CHECK(st == KILN_ERR_EXIT && kiln_kernel_exit_status(twice) == 134,
	         "freeing a block twice stops the kernel as abort() does (status 134)", "%s, status %d: %s",
	         kiln_status_name(st), kiln_kernel_exit_status(twice), kiln_last_error());

	if (KT_CHECK(kiln_program_load(dev, argv[2], &dflt) == KILN_OK &&
	                 kiln_kernel_get(dflt, "keep", &dkeep) == KILN_OK,
	             "an image without KILN_HEAP_SIZE", "%s", kiln_last_error())) {
		st = run(dkeep, out, 512 * 1024, 2);
		kiln_mem_read(dev, out, v, sizeof v[0]);
		KT_CHECK(kiln_program_heap_info(dflt, &bytes, &high) == KILN_OK &&
		             bytes == KILN_HEAP_DEFAULT_BYTES && st == KILN_OK && v[0] == 1 &&
		             high >= 512 * 1024,
		         "without KILN_HEAP_SIZE or --heap-size the heap is 1 MiB, and a 512 KiB calloc fits",
		         "%llu bytes, high %llu, %s, %d", (unsigned long long)bytes, (unsigned long long)high,
		         kiln_status_name(st), v[0]);
	}
	kiln_program *sized = NULL;
	KT_CHECK(kiln_program_load(dev, argv[4], &sized) == KILN_OK &&
	             kiln_program_heap_info(sized, &bytes, &high) == KILN_OK && bytes == 2u << 20,
	         "kiln-cc --heap-size 2M gives a heap of 2 MiB", "%llu: %s", (unsigned long long)bytes,
	         kiln_last_error());
	kiln_program_release(sized);
	KT_CHECK(kiln_program_load(dev, argv[3], &none) == KILN_OK &&
	             kiln_program_heap_info(none, &bytes, &high) == KILN_OK && bytes == 0 && high == 0,
	         "an image whose kernels never allocate has no heap", "%llu: %s", (unsigned long long)bytes,
	         kiln_last_error());
	KT_CHECK(kiln_program_heap_info(NULL, &bytes, &high) == KILN_ERR_INVALID, "a NULL program is refused",
	         "accepted");
	kiln_program_release(none);
	kiln_program_release(dflt);
	kiln_program_release(prog);
	kiln_mem_free(dev, out);
	kiln_device_close(dev);
	return KT_DONE();
}
