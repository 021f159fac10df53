// SPDX-License-Identifier: Apache-2.0
/* The device-global database and the spec's copy/memcpy rules (seed 002, seed 004): registration, copies by
 * element vs by byte, every refusal (range, host_access before any hardware access, ambiguity, unknown
 * variable, size disagreement), host storage for a variable in no image, copy-to loading the image,
 * copy-from an unloaded image answering without loading, USM instances per context. */
#include "lk.h"

static int h_clash, h_keep8[2];

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: dgdb_test RESET.kimg REPROGRAM.kimg\n");
		return 2;
	}
	kiln_device *dev = NULL;
	kiln_context *c1 = NULL, *c2 = NULL, *c3 = NULL;
	kiln_program *a1 = NULL, *a2 = NULL, *a3 = NULL, *b1 = NULL, *b3 = NULL;
	uint64_t out = 0;
	int w[G_WORDS], v[8], x;
	LK_MUST(kiln_device_open("sim", &dev));
	LK_MUST(kiln_mem_alloc(dev, 4096, &out));

	/* Registration. */
	KT_EQ_U64(lk_register_all(), KILN_OK, "register the test variables");
	KT_EQ_U64(kiln_dg_register(&h_acc, "acc", 4, 4), KILN_OK,
	          "registering the same variable again is harmless");
	KT_EQ_U64(kiln_dg_register(&h_acc, "other", 4, 4), KILN_ERR_INVALID, "one address, two ids: refused");
	KT_EQ_U64(kiln_dg_register(&h_clash, "acc", 4, 4), KILN_ERR_INVALID,
	          "one id, two addresses: refused");
	KT_EQ_U64(kiln_dg_register(&h_clash, "z", 0, 0), KILN_ERR_INVALID, "zero size refused");
	KT_EQ_U64(kiln_dg_register(&h_clash, "z", 10, 4), KILN_ERR_INVALID,
	          "size not a multiple of the element");
	KT_EQ_U64(kiln_dg_register(NULL, "z", 4, 4), KILN_ERR_INVALID, "NULL address refused");
	KT_EQ_U64(kiln_dg_unregister(&h_clash), KILN_ERR_NOT_FOUND, "unregistering an unknown address");

	LK_MUST(kiln_context_create(dev, &c1));
	LK_MUST(kiln_context_create(dev, &c2));
	LK_MUST(kiln_program_create(c1, argv[1], &a1));
	KT_EQ_U64(kiln_dg_copy_from(c1, &h_clash, &x, 1, 0), KILN_ERR_NOT_FOUND,
	          "unregistered address: NOT_FOUND");
	KT_CHECK(strstr(kiln_last_error(), "registered") != NULL, "NOT_FOUND says why", "\"%s\"",
	         kiln_last_error());

	/* Facts from the image. */
	kiln_dg_facts f;
	LK_MUST(kiln_context_dg_info(c1, &h_vec, &f));
	KT_CHECK(f.size == 32 && f.elem_size == 4 && f.image_scope && f.host_access == 2 &&
	             f.init_mode == 1 && f.where == KILN_DG_IN_IMAGE && f.nimages == 1 &&
	             f.images[0] == kiln_program_image_hash(a1),
	         "database facts of vec", "size %zu elem %zu scope %d ha %d im %d where %d n %zu", f.size,
	         f.elem_size, f.image_scope, f.host_access, f.init_mode, f.where, f.nimages);
	LK_MUST(kiln_context_dg_info(c1, &h_shared, &f));
	KT_CHECK(!f.image_scope && f.where == KILN_DG_IN_DEVICE_MEMORY, "shared lives in device memory",
	         "where %d", f.where);

	/* Copy-from an image the board does not hold: the initial value, without loading. */
	uint64_t rp = lk_reprograms(dev);
	memset(v, 0, sizeof v);
	KT_EQ_U64(kiln_dg_copy_from(c1, &h_vec, v, 8, 0), KILN_OK, "copy from unloaded image");
	KT_CHECK(v[0] == 1 && v[7] == 8, "unloaded read returns the initial value", "v0 %d v7 %d", v[0],
	         v[7]);
	KT_EQ_U64(lk_reprograms(dev), rp, "unloaded read does not program the board");
	KT_EQ_U64(kiln_context_loaded_image(c1), 0, "image still not loaded for c1");

	/* Refusals come before any hardware access: a write refused by host_access does not load the image.
	 */
	x = 1;
	KT_EQ_U64(kiln_dg_copy_to(c1, &h_ro, &x, 1, 0), KILN_ERR_ACCESS, "write to host_access read: ACCESS");
	KT_EQ_U64(lk_reprograms(dev), rp, "refused write did not load the image");
	KT_EQ_U64(kiln_dg_copy_from(c1, &h_wo, &x, 1, 0), KILN_ERR_ACCESS,
	          "read of host_access write: ACCESS");
	KT_EQ_U64(kiln_dg_memcpy_to(c1, &h_hidden, &x, 4, 0), KILN_ERR_ACCESS,
	          "write to host_access none: ACCESS");
	KT_EQ_U64(kiln_dg_memcpy_from(c1, &x, &h_hidden, 4, 0), KILN_ERR_ACCESS,
	          "read of host_access none: ACCESS");
	KT_EQ_U64(kiln_dg_copy_to(c1, &h_vec, v, 9, 0), KILN_ERR_INVALID,
	          "copy of 9 elements into 8: INVALID");
	KT_EQ_U64(kiln_dg_copy_to(c1, &h_vec, v, 1, 8), KILN_ERR_INVALID, "copy at element 8 of 8: INVALID");
	KT_EQ_U64(kiln_dg_memcpy_to(c1, &h_vec, v, 33, 0), KILN_ERR_INVALID,
	          "memcpy of 33 bytes into 32: INVALID");
	KT_EQ_U64(kiln_dg_memcpy_from(c1, v, &h_vec, 4, 30), KILN_ERR_INVALID,
	          "memcpy across the end: INVALID");
	KT_EQ_U64(kiln_dg_copy_from(c1, &h_vec, v, (size_t)1 << 62, 0), KILN_ERR_INVALID,
	          "element count overflow");
	KT_EQ_U64(lk_reprograms(dev), rp, "no refusal touched the board");

	/* Copy-to an unloaded image loads it first. */
	x = 42;
	KT_EQ_U64(kiln_dg_copy_to(c1, &h_acc, &x, 1, 0), KILN_OK, "copy to unloaded image");
	KT_EQ_U64(lk_reprograms(dev) - rp, 1, "copy to unloaded image programmed the board");
	KT_EQ_U64(kiln_context_loaded_image(c1), kiln_program_image_hash(a1), "image loaded for c1");
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_EQ_U64(w[G_ACC], 42, "kernel sees the copied value");

	/* Elements vs bytes: copy(count 2, start 1) moves vec[1..2]; memcpy(2 bytes, offset 1) bytes 1..2. */
	int two[2] = {100, 101};
	LK_MUST(kiln_dg_copy_to(c1, &h_vec, two, 2, 1));
	uint16_t half = 0x0999;
	LK_MUST(kiln_dg_memcpy_to(c1, &h_vec, &half, 2, 1));
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_CHECK(w[G_VEC] == 0x00099901 && w[G_VEC + 1] == 100 && w[G_VEC + 2] == 101 && w[G_VEC + 3] == 4,
	         "copy counts elements, memcpy counts bytes", "vec %#x %d %d %d", (unsigned)w[G_VEC],
	         w[G_VEC + 1], w[G_VEC + 2], w[G_VEC + 3]);
	memset(v, 0, sizeof v);
	LK_MUST(kiln_dg_copy_from(c1, &h_vec, v, 2, 2));
	KT_CHECK(v[0] == 101 && v[1] == 4, "copy_from(count 2, start 2)", "%d %d", v[0], v[1]);
	x = 0;
	LK_MUST(kiln_dg_memcpy_from(c1, &x, &h_vec, 1, 2));
	KT_EQ_U64(x, 0x09, "memcpy_from(1 byte, offset 2)");
	LK_MUST(kiln_dg_copy_from(c1, &h_ro, &x, 1, 0));
	KT_EQ_U64(x, 21, "read of host_access read allowed");
	x = 55;
	LK_MUST(kiln_dg_copy_to(c1, &h_wo, &x, 1, 0));
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_EQ_U64(w[G_WO], 55, "write of host_access write reached the kernel");

	/* USM globals: device memory, one instance per context, no image load needed. */
	LK_MUST(kiln_dg_copy_from(c1, &h_shared, &x, 1, 0));
	KT_EQ_U64(x, 7, "USM global starts from its initializer");
	x = 77;
	LK_MUST(kiln_dg_copy_to(c1, &h_shared, &x, 1, 0));
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_EQ_U64(w[G_SHARED], 77, "kernel sees the USM copy");
	LK_MUST(kiln_program_create(c2, argv[1], &a2));
	rp = lk_reprograms(dev);
	uint64_t rs = lk_resets(dev);
	LK_MUST(kiln_dg_copy_from(c2, &h_shared, &x, 1, 0));
	KT_EQ_U64(x, 7, "c2's USM instance is independent of c1's");
	x = 70;
	LK_MUST(kiln_dg_copy_to(c2, &h_shared, &x, 1, 0));
	KT_CHECK(lk_reprograms(dev) == rp && lk_resets(dev) == rs, "USM copies do not switch the board",
	         "reprograms +%llu resets +%llu", (unsigned long long)(lk_reprograms(dev) - rp),
	         (unsigned long long)(lk_resets(dev) - rs));
	LK_MUST(kiln_dg_copy_from(c1, &h_shared, &x, 1, 0));
	KT_EQ_U64(x, 77, "c1's USM value untouched by c2's write");

	/* c2 reads acc: its image is on the board, but for c1: c2's value is the initial one, no switch. */
	LK_MUST(kiln_dg_copy_from(c2, &h_acc, &x, 1, 0));
	KT_EQ_U64(x, 5, "c2 reads its own (initial) acc while the board holds c1's");
	KT_EQ_U64(lk_resets(dev), rs, "that read did not re-initialise the board");

	/* A variable in no image: host storage, zero until written, per context. */
	LK_MUST(kiln_context_dg_info(c1, &h_ghost, &f));
	KT_CHECK(f.where == KILN_DG_IN_HOST && f.nimages == 0, "ghost is in no image", "where %d n %zu",
	         f.where, f.nimages);
	int g4[4] = {-1, -1, -1, -1};
	LK_MUST(kiln_dg_copy_from(c1, &h_ghost, g4, 4, 0));
	KT_CHECK(!g4[0] && !g4[1] && !g4[2] && !g4[3], "no-image variable reads zero", "%d %d %d %d", g4[0],
	         g4[1], g4[2], g4[3]);
	x = 9;
	LK_MUST(kiln_dg_copy_to(c1, &h_ghost, &x, 1, 2));
	LK_MUST(kiln_dg_copy_from(c1, &h_ghost, g4, 4, 0));
	KT_CHECK(!g4[0] && !g4[1] && g4[2] == 9 && !g4[3], "no-image variable keeps what was written",
	         "%d %d %d %d", g4[0], g4[1], g4[2], g4[3]);
	LK_MUST(kiln_dg_copy_from(c2, &h_ghost, g4, 4, 0));
	KT_EQ_U64(g4[2], 0, "no-image storage is per context");
	KT_EQ_U64(kiln_dg_copy_to(c1, &h_ghost, g4, 5, 0), KILN_ERR_INVALID,
	          "no-image variable keeps its bounds");

	/* Two images of one context holding the same device_image_scope variable: ambiguous. */
	LK_MUST(kiln_context_create(dev, &c3));
	LK_MUST(kiln_program_create(c3, argv[1], &a3));
	LK_MUST(kiln_program_create(c3, argv[2], &b3));
	KT_EQ_U64(kiln_dg_copy_from(c3, &h_twin, &x, 1, 0), KILN_ERR_AMBIGUOUS,
	          "read of twin in two images: AMBIGUOUS");
	KT_EQ_U64(kiln_dg_copy_to(c3, &h_twin, &x, 1, 0), KILN_ERR_AMBIGUOUS,
	          "write of twin in two images: AMBIGUOUS");
	LK_MUST(kiln_context_dg_info(c3, &h_twin, &f));
	KT_EQ_U64(f.nimages, 2, "database lists both images containing twin");
	KT_EQ_U64(kiln_dg_copy_from(c3, &h_shared, &x, 1, 0), KILN_OK,
	          "USM global in both images is not ambiguous");
	KT_EQ_U64(kiln_dg_copy_from(c3, &h_keep, &x, 1, 0), KILN_OK,
	          "variable of one image only is not ambiguous");
	KT_EQ_U64(x, 11, "keep's initial value");
	kiln_program_release(b3);
	KT_EQ_U64(kiln_dg_copy_from(c3, &h_twin, &x, 1, 0), KILN_OK,
	          "twin unambiguous once one image is gone");
	KT_EQ_U64(x, 100, "twin from the remaining image");

	/* A registration whose size disagrees with the image. */
	LK_MUST(kiln_program_create(c1, argv[2], &b1));
	LK_MUST(kiln_dg_unregister(&h_keep));
	LK_MUST(kiln_dg_register(&h_keep8, "keep", 8, 4));
	KT_EQ_U64(kiln_dg_copy_from(c1, &h_keep8, &x, 1, 0), KILN_ERR_INVALID,
	          "size disagreeing with the image");

	/* The by-program calls keep their contract (they load the program's image in both directions). */
	x = 0;
	KT_EQ_U64(kiln_dg_read(a1, "acc", &x, 4, 0), KILN_OK, "kiln_dg_read still works");
	KT_EQ_U64(x, 42, "kiln_dg_read sees c1's acc");
	KT_EQ_U64(kiln_dg_write(a1, "ro", &x, 4, 0), KILN_ERR_ACCESS, "kiln_dg_write keeps host_access");

	kiln_program_release(a1);
	kiln_program_release(b1);
	kiln_program_release(a2);
	kiln_program_release(a3);
	/* The explicit context's USM instance outlives its programs: the value is still there. */
	LK_MUST(kiln_dg_copy_from(c1, &h_shared, &x, 1, 0));
	KT_EQ_U64(x, 77, "USM value survives the context's programs");
	LK_MUST(kiln_context_release(c1));
	LK_MUST(kiln_context_release(c2));
	LK_MUST(kiln_context_release(c3));
	kiln_device_close(dev);
	return KT_DONE();
}
