// SPDX-License-Identifier: Apache-2.0
/* kiln test (a user's regression over a manifest, host/regress/) and kiln run-main (one program's main made a
 * kernel, run the way the program runs natively: kiln test's "self" check). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/cli.h"
#include "host/common/version.h"
#include "host/regress/manifest.h"
#include "host/regress/report.h"
#include "host/regress/session.h"
#include "host/regress/slurm.h"

int cmd_run_main(cli *c)
{
	const char *kernel = c->npos > 1 ? c->pos[1] : "run";
	kiln_device *d = NULL;
	kiln_program *p = NULL;
	kiln_kernel *k = NULL;
	uint64_t res = 0, cycles = 0;
	/* a value no main returns through the wrapper unchanged: a kernel that never stored its result is not
	 * taken for a main that returned 0 */
	const int32_t unset = 0x5eedf00d;
	int32_t r = unset;
	int st;
	if ((st = cli_open(c, NULL, &d)))
		return st;
	if ((st = kiln_program_load(d, c->pos[0], &p)) || (st = kiln_kernel_get(p, kernel, &k)))
		return kiln_device_close(d), cli_kiln_error(c, CLI_FAIL, "%s", c->pos[0]);
	if (kiln_kernel_num_args(k) != 1)
		return kiln_device_close(d),
		       cli_error(c, CLI_FAIL,
		                 "kernel '%s' takes %d arguments: run-main runs KERNEL(int *result)", kernel,
		                 kiln_kernel_num_args(k));
	if ((st = kiln_mem_alloc(d, sizeof r, &res)) || (st = kiln_mem_write(d, res, &r, sizeof r)) ||
	    (st = kiln_kernel_set_arg(k, 0, sizeof res, &res)))
		return kiln_device_close(d), cli_kiln_error(c, CLI_FAIL, "%s", kernel);
	st = kiln_kernel_run(k, &cycles);
	fflush(stdout);
	if (st == KILN_ERR_EXIT) { /* exit(), abort() or a failed assert in the kernel */
		int code = kiln_kernel_exit_status(k);
		fprintf(stderr, "kiln run-main: %s\n", kiln_last_error());
		kiln_device_close(d);
		return code;
	}
	if (st || (st = kiln_mem_read(d, res, &r, sizeof r)))
		return kiln_device_close(d), cli_kiln_error(c, CLI_FAIL, "running %s", kernel);
	fprintf(stderr, "kiln run-main: %s returned %d in %llu cycles\n", kernel, (int)r,
	        (unsigned long long)cycles);
	kiln_program_release(p);
	kiln_device_close(d);
	if (r == unset)
		return cli_error(c, CLI_FAIL, "kernel '%s' ended without storing main's result", kernel);
	return r & 0xff;
}

static const char TEST_USAGE[] =
    "usage: kiln test MANIFEST [-j N] [--seed S] [--reseed N] [--retries N] [--out DIR]\n"
    "                 [--junit FILE] [--json FILE] [--shard K/N] [--filter TEXT] [--no-waves] [-v]\n"
    "                 [--slurm N [--sbatch ARG]...]\n";

static const char TEST_HELP[] =
    "\nRuns the regression the JSON manifest MANIFEST describes (docs/regression.md): each test compiles\n"
    "its kernel sources for its boards (an image per content, cached in the private cache and shared by\n"
    "every test and run that uses it) and checks its runs: \"native\" compares every buffer and device\n"
    "global of the differential harness' KT_TESTs (kiln/difftest.h) with the same C compiled natively,\n"
    "\"self\" takes the exit status of a main made a kernel (kiln run-main), \"host\" that of a host "
    "program\n"
    "of the user's. Builds start first and in parallel; runs follow as their images are ready.\n"
    "\n"
    "  -j N           worker processes (default: one per CPU)\n"
    "  --seed S       every test's seed for its random inputs (default: the manifest's, else 1)\n"
    "  --reseed N     run each test N times, seeds S, S+1, ... (the name gets #SEED)\n"
    "  --retries N    rerun a run that failed for an infrastructure reason up to N times (default 1)\n"
    "  --out DIR      the session folder (default kiln-test-out): failures/NAME/ keeps each failure's\n"
    "                 output, image, waveform (wave.vcd) and repro.sh, the exact command to rerun it\n"
    "  --junit FILE   JUnit XML results;  --json FILE: JSON results\n"
    "  --shard K/N    run the K-th of N shares of the tests (CI matrices)\n"
    "  --slurm N      run on Slurm: a job array of N tasks, each a shard (sbatch --wait; the session\n"
    "                 folder must be on a filesystem the nodes share), merged into one report\n"
    "  --sbatch ARG   pass ARG to sbatch (--partition=..., --time=..., --cpus-per-task=...)\n"
    "  --filter TEXT  run only the tests whose name contains TEXT\n"
    "  --no-waves     do not rerun failures for a waveform\n"
    "  -v             print every run's output, not only the failures'\n"
    "\n"
    "Ends with \"N passed, N failed\". Exit status: 0 all passed, 1 a test failed, 2 a bad command line or\n"
    "manifest.\n";

static int test_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "kiln test: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", TEST_USAGE);
	return CLI_USAGE;
}

static int count_arg(const char *opt, const char *s, int min, int *out)
{
	char *end = NULL;
	errno = 0;
	long v = s ? strtol(s, &end, 10) : 0;
	if (!s || errno || end == s || *end || v < min || v > 1000000)
		return test_usage("%s wants a whole number", opt);
	*out = (int)v;
	return 0;
}

int kiln_test_main(int argc, char **argv)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	kreg_options o = {
	    .jobs = cpus > 0 ? (int)cpus : 1, .reseed = 1, .retries = 1, .waves = 1, .out = "kiln-test-out"};
	const char *manifest = NULL, *junit = NULL, *json = NULL, *sbatch_args[32];
	kreg_slurm slurm = {.args = sbatch_args};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("%s%s", TEST_USAGE, TEST_HELP);
			return CLI_OK;
		} else if (!strcmp(a, "--version")) {
			kiln_print_version("kiln");
			return CLI_OK;
		} else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
			if (count_arg(a, v, 1, &o.jobs))
				return CLI_USAGE;
			i++;
		} else if (!strncmp(a, "-j", 2) && a[2]) {
			if (count_arg("-j", a + 2, 1, &o.jobs))
				return CLI_USAGE;
		} else if (!strcmp(a, "--seed")) {
			char *end = NULL;
			errno = 0;
			unsigned long long s = v ? strtoull(v, &end, 0) : 0;
			if (!v || errno || *end || !s)
				return test_usage("--seed wants a number of at least 1%s", "");
			o.seed = s;
			i++;
		} else if (!strcmp(a, "--reseed")) {
			if (count_arg(a, v, 1, &o.reseed))
				return CLI_USAGE;
			i++;
		} else if (!strcmp(a, "--retries")) {
			if (count_arg(a, v, 0, &o.retries))
				return CLI_USAGE;
			i++;
		} else if (!strcmp(a, "--shard")) {
			if (!v || sscanf(v, "%d/%d", &o.shard, &o.nshards) != 2 || o.nshards < 1 ||
			    o.shard < 1 || o.shard > o.nshards)
				return test_usage("--shard wants K/N with 1 <= K <= N, not '%s'", v ? v : "");
			i++;
		} else if (!strcmp(a, "--out") || !strcmp(a, "--junit") || !strcmp(a, "--json") ||
		           !strcmp(a, "--filter")) {
			if (!v || !*v)
				return test_usage("%s wants a value", a);
			const char **to = !strcmp(a, "--out")     ? &o.out
			                  : !strcmp(a, "--junit") ? &junit
			                  : !strcmp(a, "--json")  ? &json
			                                          : &o.filter;
			*to = v;
			i++;
		} else if (!strcmp(a, "--slurm")) {
			if (count_arg(a, v, 1, &slurm.tasks))
				return CLI_USAGE;
			i++;
		} else if (!strcmp(a, "--sbatch")) {
			if (!v || !*v || slurm.nargs == 32)
				return test_usage("--sbatch wants one sbatch option (at most 32)%s", "");
			sbatch_args[slurm.nargs++] = v;
			i++;
		} else if (!strcmp(a, "--no-waves")) {
			o.waves = 0;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			o.verbose = 1;
		} else if (a[0] == '-') {
			return test_usage("unknown option '%s'", a);
		} else if (manifest) {
			return test_usage("one manifest at a time ('%s' is a second)", a);
		} else {
			manifest = a;
		}
	}
	if (!manifest)
		return test_usage("no manifest given%s", "");
	if (slurm.nargs && !slurm.tasks)
		return test_usage("--sbatch goes with --slurm N%s", "");
	if (slurm.tasks && o.nshards)
		return test_usage("--slurm makes its own shards: no --shard%s", "");
	kreg_manifest m;
	char err[1024];
	if (kreg_manifest_load(manifest, &m, err, sizeof err)) {
		fprintf(stderr, "kiln test: %s\n", err);
		return CLI_USAGE;
	}
	kreg_result *r = NULL;
	int n = 0;
	kreg_totals tot;
	if (slurm.tasks ? kreg_slurm_run(manifest, &m, &o, &slurm, &r, &n, &tot)
	                : kreg_session_run(&m, &o, &r, &n, &tot)) {
		kreg_manifest_free(&m);
		return CLI_FAIL;
	}
	int failed = 0;
	for (int i = 0; i < n; i++)
		failed += !r[i].passed;
	kreg_summary(stdout, r, n, &tot);
	int rc = failed ? CLI_FAIL : CLI_OK;
	if (junit && kreg_write_junit(junit, r, n, &tot)) {
		fprintf(stderr, "kiln test: cannot write %s: %s\n", junit, strerror(errno));
		rc = CLI_FAIL;
	}
	if (json && kreg_write_json(json, r, n, &tot)) {
		fprintf(stderr, "kiln test: cannot write %s: %s\n", json, strerror(errno));
		rc = CLI_FAIL;
	}
	kreg_results_free(r, n);
	kreg_manifest_free(&m);
	return rc;
}
