// SPDX-License-Identifier: Apache-2.0
/* What `kiln test` tells its user: the live progress line, the summary table and the closing line, and the
 * machine-readable results (JUnit XML for CI systems, JSON for scripts and for merging shards). */
#ifndef KILN_REGRESS_REPORT_H
#define KILN_REGRESS_REPORT_H
#include <stdint.h>
#include <stdio.h>

/* One run of one test. */
typedef struct kreg_result {
	char *name; /* the test's name, "#SEED" appended under --reseed */
	const char *board;
	uint64_t seed;
	int passed;
	const char *bucket; /* why it failed (a kreg_bucket name), NULL when it passed */
	char *why;          /* the first failing check or the failure, one line */
	int checks_passed, checks_failed;
	double seconds; /* wall time of the run (the last attempt's) */
	int attempts;   /* more than 1 after an infrastructure failure was retried */
	char *folder;   /* where its failure is kept (output, command, inputs), or NULL */
} kreg_result;

/* A session's totals: its wall time, and its builds (images, harnesses) and their summed time. */
typedef struct kreg_totals {
	double wall_s;
	double build_s;
	int builds;
} kreg_totals;

/* The failure causes, in the order the summary lists them. */
extern const char *const kreg_buckets[];

/* Rewrites the progress line on a terminal F: DONE of TOTAL finished, FAILED of them failed, RUNNING now,
 * ETA_S seconds left (negative: unknown). */
void kreg_progress(FILE *f, int done, int total, int failed, int running, double eta_s);
/* Clears the progress line. */
void kreg_progress_clear(FILE *f);
/* Prints the summary table (failures with their cause and folder, counts per cause) and the closing line
 * "N passed, N failed". */
void kreg_summary(FILE *f, const kreg_result *r, int n, const kreg_totals *t);
/* Writes the results as JUnit XML to PATH; 0, or -1 when it cannot. */
int kreg_write_junit(const char *path, const kreg_result *r, int n, const kreg_totals *t);
/* Writes the results as JSON to PATH; 0, or -1 when it cannot. */
int kreg_write_json(const char *path, const kreg_result *r, int n, const kreg_totals *t);

#endif
