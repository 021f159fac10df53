// SPDX-License-Identifier: Apache-2.0
/* Contexts and re-initialisation (seed 004 init_mode, ARCHITECTURE contract 6): programs of explicit
 * contexts load lazily; a new context on the image already on the board is re-initialised by a reset when all
 * its device_image_scope globals are init_mode reset and by reprogramming otherwise; the save/restore rule of
 * kiln.h for the values of the context that leaves the board; one USM instance per context shared by the
 * context's programs; device memory survives reprogramming; context lifetime rules. */
#include "lk.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: context_test RESET.kimg REPROGRAM.kimg\n");
		return 2;
	}
	kiln_device *dev = NULL;
	kiln_context *c1 = NULL, *c2 = NULL;
	kiln_program *a1 = NULL, *a2 = NULL, *b1 = NULL, *b2 = NULL;
	uint64_t out = 0, keepbuf = 0;
	int w[G_WORDS], n = 3;
	LK_MUST(kiln_device_open("sim", &dev));
	LK_MUST(kiln_context_create(dev, &c1));
	LK_MUST(kiln_context_create(dev, &c2));
	KT_CHECK(c1 != c2 && kiln_context_device(c1) == dev, "two contexts on one device", "same handle");
	KT_CHECK(kiln_device_default_context(dev) && kiln_device_default_context(dev) != c1,
	         "default context exists", "missing or equal to an explicit one");

	/* Explicit contexts load lazily: creating a program does not touch the board. */
	LK_MUST(kiln_program_create(c1, argv[1], &a1));
	KT_CHECK(kiln_program_context(a1) == c1, "program belongs to its context", "other context");
	KT_EQ_U64(lk_reprograms(dev), 0, "program_create does not program the board");
	KT_EQ_U64(kiln_context_loaded_image(c1), 0, "nothing loaded for c1 before first use");

	LK_MUST(kiln_mem_alloc(dev, 4096, &out) == KILN_OK ? KILN_OK : KILN_ERR_NOMEM);
	LK_MUST(lk_run1(a1, "bump", &n, 4));
	KT_EQ_U64(lk_reprograms(dev), 1, "first kernel programs the board");
	KT_EQ_U64(kiln_context_loaded_image(c1), kiln_program_image_hash(a1), "board holds image A for c1");
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_CHECK(w[G_ACC] == 8 && w[G_RO] == 24 && w[G_HIDDEN] == 26 && w[G_SHARED] == 10, "c1 after bump(3)",
	         "acc %d ro %d hidden %d shared %d", w[G_ACC], w[G_RO], w[G_HIDDEN], w[G_SHARED]);

	/* New context on the image on the board, every image-scope global init_mode reset: a reset. */
	LK_MUST(kiln_program_create(c2, argv[1], &a2));
	uint64_t rp = lk_reprograms(dev), rs = lk_resets(dev);
	LK_MUST(lk_get(dev, a2, "get", out, w, G_WORDS));
	KT_EQ_U64(lk_resets(dev) - rs, 1,
	          "new context on loaded all-reset image: re-initialised by one reset");
	KT_EQ_U64(lk_reprograms(dev) - rp, 0, "new context on loaded all-reset image: no reprogram");
	KT_CHECK(w[G_ACC] == 5 && w[G_RO] == 21 && w[G_WO] == 22 && w[G_HIDDEN] == 23 && w[G_TWIN] == 100,
	         "c2 sees initial image-scope values", "acc %d ro %d wo %d hidden %d twin %d", w[G_ACC],
	         w[G_RO], w[G_WO], w[G_HIDDEN], w[G_TWIN]);
	KT_EQ_U64(w[G_SHARED], 7, "c2 has its own USM instance (initial 7, c1 has 10)");
	KT_EQ_U64(kiln_context_loaded_image(c1), 0, "board no longer holds A for c1");

	/* Back to c1: read_write values were saved and come back; read and none ones restart (documented). */
	n = 1;
	LK_MUST(lk_run1(a2, "bump", &n, 4)); /* c2's state diverges: acc 6 */
	rs = lk_resets(dev);
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_EQ_U64(lk_resets(dev) - rs, 1, "switching contexts on one all-reset image resets");
	KT_EQ_U64(w[G_ACC], 8, "c1's read_write acc restored after the switch");
	KT_EQ_U64(w[G_TWIN], 103, "c1's read_write twin restored after the switch");
	KT_EQ_U64(w[G_SHARED], 10, "c1's USM value survives the switch");
	KT_CHECK(w[G_RO] == 21 && w[G_WO] == 22 && w[G_HIDDEN] == 23,
	         "read/write-only/none values restart (rule)", "ro %d wo %d hidden %d", w[G_RO], w[G_WO],
	         w[G_HIDDEN]);
	LK_MUST(lk_get(dev, a2, "get", out, w, G_WORDS));
	KT_CHECK(w[G_ACC] == 6 && w[G_SHARED] == 8, "c2's values restored too", "acc %d shared %d", w[G_ACC],
	         w[G_SHARED]);

	/* Device memory is carried across reprogramming (the sim board loses it otherwise). */
	uint32_t pat[64], back[64];
	for (int i = 0; i < 64; i++)
		pat[i] = 0x9E3779B9u * (uint32_t)(i + 1);
	LK_MUST(kiln_mem_alloc(dev, sizeof pat, &keepbuf));
	LK_MUST(kiln_mem_write(dev, keepbuf, pat, sizeof pat));

	/* Image B has an init_mode reprogram global: another image always reprograms; a new context on it
	 * too. */
	LK_MUST(kiln_program_create(c1, argv[2], &b1));
	rp = lk_reprograms(dev);
	n = 4;
	LK_MUST(lk_run1(b1, "bump_b", &n, 4));
	KT_EQ_U64(lk_reprograms(dev) - rp, 1, "another image reprograms the board");
	LK_MUST(kiln_mem_read(dev, keepbuf, back, sizeof back));
	KT_CHECK(memcmp(pat, back, sizeof pat) == 0, "device memory survives reprogramming", "pattern lost");
	LK_MUST(lk_get(dev, b1, "get_b", out, w, 3));
	KT_CHECK(w[0] == 15 && w[1] == 204, "c1 on image B after bump_b(4)", "keep %d twin %d", w[0], w[1]);
	KT_EQ_U64(w[2], 14, "USM global shared by c1's programs of both images (10 + 4)");

	LK_MUST(kiln_program_create(c2, argv[2], &b2));
	rp = lk_reprograms(dev);
	rs = lk_resets(dev);
	LK_MUST(lk_get(dev, b2, "get_b", out, w, 3));
	KT_EQ_U64(lk_reprograms(dev) - rp, 1,
	          "new context on loaded image with init_mode reprogram: reprogrammed");
	KT_EQ_U64(lk_resets(dev) - rs, 0, "new context on loaded image with init_mode reprogram: no reset");
	KT_EQ_U64(w[0], 11, "keep (init_mode reprogram) is initial for c2, which a reset would not give");
	KT_EQ_U64(w[2], 8, "c2's USM instance shared by its programs of both images");

	/* c1 comes back to image A: its saved acc, its USM value. */
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_CHECK(w[G_ACC] == 8 && w[G_SHARED] == 14, "c1 back on image A keeps acc and shared",
	         "acc %d shared %d", w[G_ACC], w[G_SHARED]);

	/* An explicit reprogram re-initialises (and forgets what was saved for the pair). */
	LK_MUST(kiln_program_reprogram(a1));
	LK_MUST(lk_get(dev, a1, "get", out, w, G_WORDS));
	KT_CHECK(w[G_ACC] == 5 && w[G_SHARED] == 7, "kiln_program_reprogram re-initialises",
	         "acc %d shared %d", w[G_ACC], w[G_SHARED]);

	/* Lifetimes. */
	KT_EQ_U64(kiln_context_release(c1), KILN_ERR_STATE, "context with live programs is not released");
	KT_EQ_U64(kiln_context_release(kiln_device_default_context(dev)), KILN_ERR_INVALID,
	          "the default context cannot be released");
	KT_EQ_U64(kiln_context_release(NULL), KILN_ERR_INVALID, "NULL context refused");
	KT_EQ_U64(kiln_context_create(NULL, &c1), KILN_ERR_INVALID, "context on NULL device refused");
	kiln_program *none = NULL;
	KT_EQ_U64(kiln_program_create(c2, "/nonexistent.kimg", &none), KILN_ERR_IO,
	          "missing image refused (KILN_ERR_IO: the file cannot be read)");
	kiln_program_release(a1);
	kiln_program_release(b1);
	KT_EQ_U64(kiln_context_release(c1), KILN_OK, "context released after its programs");

	/* kiln_program_load keeps its contract: default context, board programmed at once. */
	kiln_program *legacy = NULL;
	rp = lk_reprograms(dev);
	LK_MUST(kiln_program_load(dev, argv[1], &legacy));
	KT_EQ_U64(lk_reprograms(dev) - rp, 1, "kiln_program_load programs the board at once");
	KT_CHECK(kiln_program_context(legacy) == kiln_device_default_context(dev),
	         "legacy program in default context", "other context");
	KT_EQ_U64(kiln_context_loaded_image(kiln_device_default_context(dev)),
	          kiln_program_image_hash(legacy),
	          "board holds the legacy program's image for the default context");
	kiln_program_release(legacy);
	kiln_program_release(a2);
	kiln_program_release(b2);
	KT_EQ_U64(kiln_context_release(c2), KILN_OK, "second context released");
	kiln_mem_free(dev, out);
	kiln_mem_free(dev, keepbuf);
	kiln_device_close(dev);
	return KT_DONE();
}
