// SPDX-License-Identifier: Apache-2.0
/* Shared set-up of the libkiln tests: the two images (argv[1] "reset", argv[2] "reprogram"), the host-side
 * handles that register their device globals, and small helpers that fail loudly. */
#ifndef KILN_TEST_LIBKILN_LK_H
#define KILN_TEST_LIBKILN_LK_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiln/kiln.h>

#include "test/harness.h"

/* Host handles: only their addresses matter (seed 002: the database is keyed by host address). */
static int h_acc, h_vec[8], h_ro, h_wo, h_hidden, h_twin, h_shared, h_keep, h_ghost[4];

/* Words the `get` kernel of the reset image writes. */
enum { G_ACC, G_RO, G_WO, G_HIDDEN, G_TWIN, G_SHARED, G_VEC, G_WORDS = G_VEC + 8 };

static inline int lk_register_all(void)
{
	return kiln_dg_register(&h_acc, "acc", 4, 4) || kiln_dg_register(&h_vec, "vec", 32, 4) ||
	       kiln_dg_register(&h_ro, "ro", 4, 4) || kiln_dg_register(&h_wo, "wo", 4, 4) ||
	       kiln_dg_register(&h_hidden, "hidden", 4, 4) || kiln_dg_register(&h_twin, "twin", 4, 4) ||
	       kiln_dg_register(&h_shared, "shared", 4, 4) || kiln_dg_register(&h_keep, "keep", 4, 4) ||
	       kiln_dg_register(&h_ghost, "ghost", 16, 4);
}

/* Stops the test with a message when a set-up call fails (checks are reported through the harness). */
#define LK_MUST(call)                                                                                        \
	do {                                                                                                 \
		int lk_st_ = (call);                                                                         \
		if (lk_st_ != KILN_OK) {                                                                     \
			printf("not ok - setup: %s: %s (%s)\n", #call, kiln_status_name(lk_st_),             \
			       kiln_last_error());                                                           \
			exit(1);                                                                             \
		}                                                                                            \
	} while (0)

static inline kiln_kernel *lk_kernel(kiln_program *p, const char *name)
{
	kiln_kernel *k = NULL;
	LK_MUST(kiln_kernel_get(p, name, &k));
	return k;
}

/* Runs single-task kernel NAME of P with one 4- or 8-byte argument. */
static inline int lk_run1(kiln_program *p, const char *name, const void *arg, size_t size)
{
	kiln_kernel *k = lk_kernel(p, name);
	int st = kiln_kernel_set_arg(k, 0, size, arg);
	return st ? st : kiln_kernel_run(k, NULL);
}

/* Runs `get` (or `get_b`) of P into device buffer BUF and reads N words back into W. */
static inline int lk_get(kiln_device *dev, kiln_program *p, const char *name, uint64_t buf, int *w, size_t n)
{
	int st = lk_run1(p, name, &buf, 8);
	return st ? st : kiln_mem_read(dev, buf, w, n * sizeof(int));
}

static inline uint64_t lk_reprograms(kiln_device *dev)
{
	uint64_t r = 0;
	kiln_device_counters(dev, &r, NULL);
	return r;
}

static inline uint64_t lk_resets(kiln_device *dev)
{
	uint64_t r = 0;
	kiln_device_counters(dev, NULL, &r);
	return r;
}

#endif
