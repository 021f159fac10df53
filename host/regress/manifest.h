// SPDX-License-Identifier: Apache-2.0
/* The regression manifest of `kiln test` (docs/regression.md, docs/kiln-test.schema.json): a JSON file naming
 * the user's tests, each a kernel source compiled for one or more boards and a check of its runs. Paths in it
 * are relative to the manifest's folder; they are made absolute here. */
#ifndef KILN_REGRESS_MANIFEST_H
#define KILN_REGRESS_MANIFEST_H
#include <stddef.h>
#include <stdint.h>

/* How a test's runs are judged. */
enum kreg_check {
	KREG_NATIVE, /* the differential harness (kiln/difftest.h): every KT_TEST of the source run on the
	                board and compiled natively, every buffer and device global compared */
	KREG_SELF,   /* the kernel checks itself: KERNEL(int *result) stores main's status; 0 passes */
	KREG_HOST    /* a host program the user wrote runs the image; exit status 0 passes */
};

typedef struct kreg_test {
	char *name; /* "NAME" or "NAME@BOARD" when the test lists several boards */
	char *board;
	char **sources; /* absolute paths */
	int nsources;
	char **options; /* kiln-cc options (the native build gets the -I/-D/-U/-include/-std ones) */
	int noptions;
	enum kreg_check check;
	char *kernel; /* KREG_SELF: the kernel to run (default "run") */
	char **host;  /* KREG_HOST: the program and its arguments; "{image}" stands for the image's path */
	int nhost;
	char **cases; /* KREG_NATIVE: the KT_TESTs to run (none: all) */
	int ncases;
	double timeout_s;    /* wall time of one run (default 600) */
	uint64_t max_cycles; /* the board's watchdog for its kernels (0: the board's own) */
	uint64_t seed;       /* the harness' random inputs (default 1) */
} kreg_test;

typedef struct kreg_manifest {
	kreg_test *tests;
	int ntests;
	char *dir; /* the manifest's folder: runs start there, so that a host program's relative paths work */
} kreg_manifest;

/* Reads the manifest at PATH into M; 0, or -1 with "PATH: where: why" in ERR (M then holds nothing). */
int kreg_manifest_load(const char *path, kreg_manifest *m, char *err, size_t errlen);
/* Frees what kreg_manifest_load put into M. */
void kreg_manifest_free(kreg_manifest *m);

#endif
