// SPDX-License-Identifier: Apache-2.0
/* Kernels that stop themselves or misbehave, on the Verilated board through libkiln (issue 26): the first
 * stop of an nd-range run is the one reported and no work-item starts after it; a call through a null or
 * garbage function pointer stops the kernel naming the call's line; printf fields a kernel makes huge are
 * cut to 4096 characters with one warning a run; a stop word of a kind the runtime does not know is
 * reported as unknown. Usage: stops_test STOPS.kimg stop_kernels.c */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "test/harness.h"

#define RANGE 1024

static char msg[1024]; /* the run's kiln_last_error(), which the copies after it clear */

/* Runs first_stop over RANGE work-items; *STARTED and DONE[] are what the device counted. */
static int run_first_stop(kiln_device *dev, kiln_kernel *k, uint64_t buf, int assert_at, int *started,
                          int *done)
{
	int zero[RANGE + 1] = {0};
	uint64_t dn = buf + sizeof(int);
	kiln_mem_write(dev, buf, zero, sizeof zero);
	kiln_kernel_set_arg(k, 0, sizeof buf, &buf);
	kiln_kernel_set_arg(k, 1, sizeof dn, &dn);
	kiln_kernel_set_arg(k, 2, sizeof assert_at, &assert_at);
	size_t global = RANGE;
	int st = kiln_kernel_run_nd(k, &global, NULL, NULL);
	snprintf(msg, sizeof msg, "%s", kiln_last_error());
	kiln_mem_read(dev, buf, started, sizeof *started);
	kiln_mem_read(dev, dn, done, RANGE * sizeof *done);
	return st;
}

static int count_done(const int *done)
{
	int n = 0;
	for (int i = 0; i < RANGE; i++)
		n += done[i] != 0;
	return n;
}

static void first_stops(kiln_device *dev, kiln_program *prog, const char *src)
{
	kiln_kernel *k = NULL;
	uint64_t buf = 0;
	static int done[RANGE];
	int started = 0;
	char site[64];
	if (!KT_CHECK(kiln_kernel_get(prog, "first_stop", &k) == KILN_OK &&
	                  kiln_mem_alloc(dev, (RANGE + 1) * sizeof(int), &buf) == KILN_OK,
	              "nd-range: kernel first_stop and its buffers", "%s", kiln_last_error()))
		return;
	/* Work-item 0 fails its assertion before 2 exits, and 1022 exits last. */
	int st = run_first_stop(dev, k, buf, 0, &started, done);
	kt_line_of(src, "marker: ASSERT_LINE", site, sizeof site);
	KT_CHECK(st == KILN_ERR_EXIT && strstr(msg, "assertion `i != assert_at'") && strstr(msg, site) &&
	             kiln_kernel_exit_status(k) == 134,
	         "nd-range: the first stop (work-item 0's assert) is the one reported", "%s, status %d: %s",
	         kiln_status_name(st), kiln_kernel_exit_status(k), msg);
	KT_CHECK(started == 1 && count_done(done) == 0,
	         "nd-range: no work-item starts after work-item 0's assert", "%d started, %d done", started,
	         count_done(done));

	/* No assert: work-item 2's exit(2) is the first stop, 1022's exit(1022) would be the last. */
	st = run_first_stop(dev, k, buf, -1, &started, done);
	KT_CHECK(st == KILN_ERR_EXIT && strstr(msg, "called exit(2) at") && kiln_kernel_exit_status(k) == 2,
	         "nd-range: every third work-item exits; the first exit, work-item 2's, is reported",
	         "%s, status %d: %s", kiln_status_name(st), kiln_kernel_exit_status(k), msg);
	KT_CHECK(started == 3 && count_done(done) == 2 && done[0] && done[1],
	         "nd-range: work-items 0 and 1 finished, none started after work-item 2's exit",
	         "%d started, %d done", started, count_done(done));

	kiln_mem_free(dev, buf);
}

static void bad_calls(kiln_device *dev, kiln_program *prog, const char *src)
{
	kiln_kernel *k = NULL;
	uint64_t buf = 0;
	char site[64];
	kt_line_of(src, "marker: CALL_LINE", site, sizeof site);
	if (!KT_CHECK(kiln_kernel_get(prog, "call_op", &k) == KILN_OK &&
	                  kiln_mem_alloc(dev, sizeof(int), &buf) == KILN_OK,
	              "calls: kernel call_op and its buffer", "%s", kiln_last_error()))
		return;
	static const struct {
		int which;
		unsigned raw;
		int want; /* the value left in v[0] from 21; 0: the kernel must stop */
		const char *what;
	} cases[] = {
	    {0, 0, 42, "calls: a call through a pointer to twice"},
	    {1, 0, -21, "calls: a call through a pointer to negate"},
	    {2, 0, 0, "calls: a call through a null function pointer stops the kernel with its line"},
	    {2, 0x12344, 0,
	     "calls: a call through a garbage function pointer stops the kernel with its line"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int v = 21;
		kiln_mem_write(dev, buf, &v, sizeof v);
		kiln_kernel_set_arg(k, 0, sizeof buf, &buf);
		kiln_kernel_set_arg(k, 1, sizeof cases[i].which, &cases[i].which);
		kiln_kernel_set_arg(k, 2, sizeof cases[i].raw, &cases[i].raw);
		int st = kiln_kernel_run(k, NULL);
		snprintf(msg, sizeof msg, "%s", kiln_last_error());
		kiln_mem_read(dev, buf, &v, sizeof v);
		if (cases[i].want)
			KT_CHECK(st == KILN_OK && v == cases[i].want, cases[i].what, "%s, v %d: %s",
			         kiln_status_name(st), v, msg);
		else
			KT_CHECK(st == KILN_ERR_EXIT && v == 21 && strstr(msg, "kernel 'call_op'") &&
			             strstr(msg, "no function") && strstr(msg, site) &&
			             kiln_kernel_exit_status(k) == 139,
			         cases[i].what, "%s, v %d, status %d: %s (want %s)", kiln_status_name(st), v,
			         kiln_kernel_exit_status(k), msg, site);
	}
	kiln_mem_free(dev, buf);
}

/* Runs wide_field(WIDTH, PREC) twice with stdout and stderr in files; what they received. */
static void run_captured(kiln_kernel *k, int width, int prec, char **out, size_t *nout, char **err)
{
	char po[] = "/tmp/kiln-stops-outXXXXXX", pe[] = "/tmp/kiln-stops-errXXXXXX";
	int fo = mkstemp(po), fe = mkstemp(pe);
	fflush(stdout);
	fflush(stderr);
	int so = dup(1), se = dup(2);
	dup2(fo, 1);
	dup2(fe, 2);
	kiln_kernel_set_arg(k, 0, sizeof width, &width);
	kiln_kernel_set_arg(k, 1, sizeof prec, &prec);
	for (int i = 0; i < 2; i++)
		kiln_kernel_run(k, NULL);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	close(fo);
	close(fe);
	*out = kt_read_file(po, nout);
	*err = kt_read_file(pe, NULL);
	unlink(po);
	unlink(pe);
}

static int count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = s; p && (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void wide_fields(kiln_program *prog)
{
	kiln_kernel *k = NULL;
	if (!KT_CHECK(kiln_kernel_get(prog, "wide_field", &k) == KILN_OK, "printf: kernel wide_field", "%s",
	              kiln_last_error()))
		return;
	char *out = NULL, *err = NULL;
	size_t n = 0;
	run_captured(k, 12, 3, &out, &n, &err);
	KT_CHECK(out && !strcmp(out, "[           7]\n[1.500]\n[left        ]\n[           7]\n[1.500]\n"
	                             "[left        ]\n"),
	         "printf: small kernel-chosen widths and precisions print as C says", "got \"%s\"",
	         out ? out : "(nothing)");
	KT_CHECK(err && !*err, "printf: small fields give no warning", "stderr: %s", err ? err : "");
	free(out);
	free(err);

	run_captured(k, 100000000, 100000000, &out, &n, &err);
	/* Each line's field capped at 4096 characters ("1." and 4096 digits for %.*f), then "]\n". */
	char *first = out ? strchr(out, '\n') : NULL;
	KT_CHECK(out && n == 2 * (3 * (4096 + 3) + 2) && first && first - out == 4096 + 2 &&
	             first[-2] == '7' && out[1] == ' ',
	         "printf: %*d, %.*f and %-*s with 100000000 print 4096 characters of field each",
	         "%zu bytes in all, first line %ld", n, first && out ? (long)(first - out) : -1L);
	KT_CHECK(count(err, "cut to 4096") == 1 && count(err, "\n") == 1,
	         "printf: one warning line for the whole run of the program", "stderr: %.300s",
	         err ? err : "");
	free(out);
	free(err);
}

static void forged_stop(kiln_program *prog)
{
	kiln_kernel *k = NULL;
	if (!KT_CHECK(kiln_kernel_get(prog, "forge_stop", &k) == KILN_OK, "stop words: kernel forge_stop",
	              "%s", kiln_last_error()))
		return;
	unsigned kind = 77;
	int then_abort = 0;
	kiln_kernel_set_arg(k, 0, sizeof kind, &kind);
	kiln_kernel_set_arg(k, 1, sizeof then_abort, &then_abort);
	int st = kiln_kernel_run(k, NULL);
	const char *said = kiln_last_error();
	KT_CHECK(st == KILN_ERR_HW && strstr(said, "kernel 'forge_stop'") &&
	             strstr(said, "unknown stop kind 77") && !strstr(said, "assert") &&
	             kiln_kernel_exit_status(k) == -1,
	         "stop words: an unknown kind is reported as unknown, not as another site's assertion",
	         "%s: %s", kiln_status_name(st), kiln_last_error());
	kind = 1; /* exit(0), at the site the kernel named */
	kiln_kernel_set_arg(k, 0, sizeof kind, &kind);
	st = kiln_kernel_run(k, NULL);
	KT_CHECK(st == KILN_ERR_EXIT && strstr(kiln_last_error(), "called exit(0)"),
	         "stop words: a known kind is reported by its kind", "%s: %s", kiln_status_name(st),
	         kiln_last_error());
	then_abort = 1; /* the stop word says exit(0), then the kernel aborts */
	kiln_kernel_set_arg(k, 1, sizeof then_abort, &then_abort);
	st = kiln_kernel_run(k, NULL);
	KT_CHECK(st == KILN_ERR_EXIT && strstr(kiln_last_error(), "called exit(0)") &&
	             kiln_kernel_exit_status(k) == 0,
	         "stop words: a later stop does not overwrite the first", "%s, status %d: %s",
	         kiln_status_name(st), kiln_kernel_exit_status(k), kiln_last_error());
}

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	if (argc < 3 || !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK &&
	                              kiln_program_load(dev, argv[1], &prog) == KILN_OK,
	                          "board and image", "%s", kiln_last_error()))
		return KT_DONE();
	first_stops(dev, prog, argv[2]);
	bad_calls(dev, prog, argv[2]);
	wide_fields(prog);
	forged_stop(prog);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
