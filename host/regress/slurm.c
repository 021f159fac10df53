// SPDX-License-Identifier: Apache-2.0
/* kiln test --slurm (slurm.h). Kiln ships no scheduler: the array's tasks are plain `kiln test --shard K/N`
 * runs, submitted with sbatch --wait; their JSON results are read back here and merged in manifest order. */
#include "host/regress/slurm.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/common/fileio.h"
#include "host/common/private_dir.h"
#include "host/common/strbuf.h"
#include "host/common/text_escape.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sh_word(kiln_strbuf *b, const char *s)
{
	kiln_sb_add(b, " '");
	kiln_sb_text(b, s, KILN_ESC_SHELL);
	kiln_sb_addc(b, '\'');
}

/* The array task's script: this kiln on shard $SLURM_ARRAY_TASK_ID of the manifest, into the session folder.
 */
static char *task_script(const char *kiln, const char *manifest, const char *out, const kreg_options *o,
                         int tasks)
{
	kiln_strbuf b = {0};
	kiln_sb_add(&b, "#!/bin/sh\n# kiln test --slurm: one shard of the manifest per array task\n"
	                "k=$SLURM_ARRAY_TASK_ID\nexec");
	sh_word(&b, kiln);
	kiln_sb_add(&b, " test");
	sh_word(&b, manifest);
	kiln_sb_printf(&b, " --shard \"$k/%d\" -j %d --retries %d --reseed %d", tasks, o->jobs, o->retries,
	               o->reseed > 0 ? o->reseed : 1);
	if (o->seed)
		kiln_sb_printf(&b, " --seed %llu", (unsigned long long)o->seed);
	if (!o->waves)
		kiln_sb_add(&b, " --no-waves");
	if (o->filter) {
		kiln_sb_add(&b, " --filter");
		sh_word(&b, o->filter);
	}
	kiln_sb_add(&b, " --out");
	sh_word(&b, out);
	kiln_sb_add(&b, "\"/shard-$k\" --json");
	sh_word(&b, out);
	kiln_sb_add(&b, "\"/shard-$k.json\"\n");
	return kiln_sb_finish(&b);
}

/* Runs sbatch with ARGV and waits for it (and so, with --wait, for the array); its output goes to LOG. 0 when
 * it submitted the array (its first line of output, the job id, into JOBID), whatever the tasks' statuses. */
static int sbatch(char **argv, const char *log, char *jobid, size_t len)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		FILE *f = freopen(log, "w", stdout);
		if (!f || dup2(fileno(stdout), 2) < 0)
			_exit(126);
		execvp(argv[0], argv);
		printf("kiln test: cannot run %s: %s\n", argv[0], strerror(errno));
		fflush(stdout);
		_exit(127);
	}
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	char *text = NULL;
	size_t n = 0;
	if (kiln_read_file(log, &text, &n))
		return -1;
	/* --parsable prints "JOBID" or "JOBID;CLUSTER" first */
	size_t l = strspn(text, "0123456789");
	int ok = l > 0 && l < len;
	if (ok)
		snprintf(jobid, len, "%.*s", (int)l, text);
	free(text);
	return ok ? 0 : -1;
}

/* The manifest test a result of NAME belongs to ("NAME" or "NAME#SEED"), or -1. */
static int test_of(const kreg_manifest *m, const char *name)
{
	for (int i = 0; i < m->ntests; i++) {
		size_t l = strlen(m->tests[i].name);
		if (!strncmp(name, m->tests[i].name, l) && (name[l] == 0 || name[l] == '#'))
			return i;
	}
	return -1;
}

static const char *bucket_named(const char *s)
{
	for (int b = 0; s && kreg_buckets[b]; b++)
		if (!strcmp(s, kreg_buckets[b]))
			return kreg_buckets[b];
	return s ? "infrastructure" : NULL;
}

static char *json_str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? strdup(s) : NULL;
}

/* Appends shard K's results from its JSON file to *R; 0, or -1 when it has none. */
static int read_shard(const kreg_manifest *m, const char *path, kreg_result **r, int *n, kreg_totals *t)
{
	json_error_t e;
	json_t *root = json_load_file(path, 0, &e), *tests = json_object_get(root, "tests");
	if (!json_is_array(tests)) {
		json_decref(root);
		return -1;
	}
	t->builds += (int)json_integer_value(json_object_get(root, "builds"));
	t->build_s += json_number_value(json_object_get(root, "build_seconds"));
	for (size_t i = 0; i < json_array_size(tests); i++) {
		const json_t *o = json_array_get(tests, i);
		const char *name = json_string_value(json_object_get(o, "name"));
		int ti = name ? test_of(m, name) : -1;
		if (ti < 0)
			continue;
		kreg_result *g = realloc(*r, ((size_t)*n + 1) * sizeof *g);
		if (!g)
			abort();
		*r = g;
		g[*n] = (kreg_result){
		    .name = strdup(name),
		    .board = m->tests[ti].board,
		    .seed = (uint64_t)json_integer_value(json_object_get(o, "seed")),
		    .passed = json_is_true(json_object_get(o, "passed")),
		    .bucket = bucket_named(json_string_value(json_object_get(o, "cause"))),
		    .why = json_str(o, "why"),
		    .checks_passed = (int)json_integer_value(json_object_get(o, "checks_passed")),
		    .checks_failed = (int)json_integer_value(json_object_get(o, "checks_failed")),
		    .seconds = json_number_value(json_object_get(o, "seconds")),
		    .attempts = (int)json_integer_value(json_object_get(o, "attempts")),
		    .folder = json_str(o, "folder")};
		if (!g[*n].passed && !g[*n].bucket)
			g[*n].bucket = "infrastructure";
		(*n)++;
	}
	json_decref(root);
	return 0;
}

static const kreg_manifest *sort_m;
/* Manifest order, then seed: the order of a local run. */
static int by_manifest(const void *a, const void *b)
{
	const kreg_result *x = a, *y = b;
	int i = test_of(sort_m, x->name), j = test_of(sort_m, y->name);
	return i != j ? (i > j) - (i < j) : (x->seed > y->seed) - (x->seed < y->seed);
}

int kreg_slurm_run(const char *manifest, const kreg_manifest *m, const kreg_options *o, const kreg_slurm *s,
                   kreg_result **results, int *nout, kreg_totals *totals)
{
	double t0 = now();
	char out[PATH_MAX], man[PATH_MAX], kiln[PATH_MAX], jobid[64] = "";
	*totals = (kreg_totals){0};
	*results = NULL;
	*nout = 0;
	if (kiln_mkdirs(o->out) || !realpath(o->out, out) || !realpath(manifest, man)) {
		fprintf(stderr, "kiln test: cannot make the session folder %s: %s\n", o->out,
		        strerror(errno));
		return -1;
	}
	ssize_t kl = readlink("/proc/self/exe", kiln, sizeof kiln - 1);
	kiln[kl > 0 ? kl : 0] = 0;
	kiln_strbuf p = {0};
	kiln_sb_printf(&p, "%s/slurm", out);
	char *dir = kiln_sb_finish(&p);
	kiln_remove_tree(dir);
	for (int k = 1; k <= s->tasks; k++) { /* no shard's results from an earlier session */
		char old[PATH_MAX + 32];
		snprintf(old, sizeof old, "%s/shard-%d.json", out, k);
		unlink(old);
	}
	char script[PATH_MAX + 16], log[PATH_MAX + 16], array[32], output[PATH_MAX + 32];
	snprintf(script, sizeof script, "%s/task.sh", dir);
	snprintf(log, sizeof log, "%s/sbatch.log", dir);
	snprintf(array, sizeof array, "--array=1-%d", s->tasks);
	snprintf(output, sizeof output, "--output=%s/task-%%a.log", dir);
	char *text = task_script(kiln, man, out, o, s->tasks);
	char why[512] = "";
	/* the script sbatch runs lives in a private folder, as kiln test's images do */
	int rc = kiln_private_mkdir(dir, 0, why, sizeof why) || !text ||
	         kiln_write_private(script, text, strlen(text)) || chmod(script, 0700);
	free(text);
	if (rc) {
		fprintf(stderr, "kiln test: cannot write %s: %s\n", script, *why ? why : strerror(errno));
		free(dir);
		return -1;
	}
	const char *sb = getenv("KILN_SBATCH") && *getenv("KILN_SBATCH") ? getenv("KILN_SBATCH") : "sbatch";
	char **argv = calloc((size_t)s->nargs + 10, sizeof *argv);
	int a = 0;
	argv[a++] = (char *)sb;
	argv[a++] = "--parsable";
	argv[a++] = "--wait";
	argv[a++] = "--job-name=kiln-test";
	argv[a++] = array;
	argv[a++] = output;
	for (int i = 0; i < s->nargs; i++)
		argv[a++] = (char *)s->args[i];
	argv[a++] = script;
	fprintf(stderr, "kiln test: submitting %d Slurm array tasks (%s); waiting for them\n", s->tasks,
	        script);
	rc = sbatch(argv, log, jobid, sizeof jobid);
	free(argv);
	if (rc) {
		char *why = NULL;
		size_t n = 0;
		kiln_read_file(log, &why, &n);
		fprintf(stderr, "kiln test: sbatch did not submit the array: %s",
		        why ? why : "(no output)\n");
		free(why);
		free(dir);
		return -1;
	}
	fprintf(stderr, "kiln test: job array %s ended; merging %d shards\n", jobid, s->tasks);
	kreg_result *r = NULL;
	int n = 0;
	for (int k = 1; k <= s->tasks; k++) {
		char path[PATH_MAX + 32];
		snprintf(path, sizeof path, "%s/shard-%d.json", out, k);
		if (read_shard(m, path, &r, &n, totals) == 0)
			continue;
		/* a task that wrote nothing (killed, node lost): its tests fail as the infrastructure's */
		kreg_options so = *o;
		so.shard = k;
		so.nshards = s->tasks;
		for (int ti = 0; ti < m->ntests; ti++) {
			if (!kreg_selected(&so, ti, &m->tests[ti]))
				continue;
			for (int j = 0; j < (o->reseed > 0 ? o->reseed : 1); j++) {
				kreg_result *g = realloc(r, ((size_t)n + 1) * sizeof *g);
				if (!g)
					abort();
				r = g;
				uint64_t seed = 0;
				r[n] = (kreg_result){.board = m->tests[ti].board, .bucket = "infrastructure"};
				r[n].name = kreg_run_name(o, &m->tests[ti], j, &seed);
				r[n].seed = seed;
				kiln_strbuf w = {0};
				kiln_sb_printf(
				    &w, "Slurm task %d of job %s wrote no results (see %s/task-%d.log)", k,
				    jobid, dir, k);
				r[n].why = kiln_sb_finish(&w);
				n++;
			}
		}
	}
	sort_m = m;
	qsort(r, (size_t)n, sizeof *r, by_manifest);
	free(dir);
	*results = r;
	*nout = n;
	totals->wall_s = now() - t0;
	return 0;
}
