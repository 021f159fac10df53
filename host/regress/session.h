// SPDX-License-Identifier: Apache-2.0
/* One `kiln test` session: the manifest's images built once per content (kiln_online_build's cache, shared by
 * every test and every later session), the native harnesses built beside them, then every run of every test
 * on a pool of worker processes, builds first so that a cold session costs about its longest chain. */
#ifndef KILN_REGRESS_SESSION_H
#define KILN_REGRESS_SESSION_H
#include "host/regress/manifest.h"
#include "host/regress/report.h"

typedef struct kreg_options {
	int jobs;           /* worker processes (default: one per CPU) */
	uint64_t seed;      /* 0: each test's own; else every test's seed */
	int reseed;         /* runs per test, seeds SEED, SEED+1, ... (default 1) */
	int retries;        /* reruns of a run that failed for an infrastructure reason (default 1) */
	int shard, nshards; /* run only the tests whose index is SHARD modulo NSHARDS (1-based SHARD) */
	int waves;          /* rerun each failure with a waveform (default 1) */
	const char *out;    /* the session's folder: failures/, images/, harnesses (default kiln-test-out) */
	const char *filter; /* run only tests whose name contains this, or NULL */
	int verbose;        /* print each run's output as it ends */
} kreg_options;

/* Whether O's shard and filter select test T, the TI-th of its manifest. */
int kreg_selected(const kreg_options *o, int ti, const kreg_test *t);
/* The K-th run of test T under O (K < O's reseed count): its seed in *SEED, its name returned (malloc'd). */
char *kreg_run_name(const kreg_options *o, const kreg_test *t, int k, uint64_t *seed);

/* Runs the tests of M per O; fills *RESULTS (*N entries, malloc'd) and returns 0, or -1 with a message on
 * stderr when the session itself cannot run (its folder cannot be made). */
int kreg_session_run(const kreg_manifest *m, const kreg_options *o, kreg_result **results, int *n,
                     kreg_totals *totals);
/* Frees *RESULTS' N entries. */
void kreg_results_free(kreg_result *r, int n);

#endif
