// SPDX-License-Identifier: Apache-2.0
/* One kiln test session (session.h). Every piece of work is a job run in a child process of its own group:
 * an image build (kiln_online_build, so the image cache is the runtimes' cache), a native harness build (the
 * C compiler), a run (the harness, `kiln run-main`, or the user's host program). A job waits for the jobs it
 * depends on; ready builds go before ready runs. A run that outlives its wall time is killed with its whole
 * group. Each failure gets a folder with its output, the image, the exact command, and a waveform of a
 * second run on an image built for tracing. */
#include "host/regress/session.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/common/fileio.h"
#include "host/common/online_build.h"
#include "host/common/paths.h"
#include "host/common/private_dir.h"
#include "host/common/strbuf.h"
#include "host/common/text_escape.h"

enum job_kind { J_IMAGE, J_HARNESS, J_RUN, J_TRACE_IMAGE, J_TRACE_RUN };
enum job_state { WAITING, RUNNING, DONE };

typedef struct job {
	enum job_kind kind;
	enum job_state state;
	int group;  /* the build group (image and harness jobs, and the run's) */
	int test;   /* runs: the manifest's test */
	int result; /* runs: the result entry */
	int dep[2]; /* jobs that must have succeeded first (-1: none) */
	pid_t pid;
	double start, limit;
	int status, timed_out, ok;
	char *log;      /* the job's output */
	char *artifact; /* what it makes: an image, a harness, a waveform */
} job;

/* Tests with the same board, options and sources share an image; the same options and sources, a harness. */
typedef struct group {
	const kreg_test *t;              /* the first test of the group: its board, options, sources */
	int image, harness, trace_image; /* jobs, -1 until needed */
} group;

typedef struct session {
	const kreg_manifest *m;
	const kreg_options *o;
	char out[PATH_MAX];
	char self[PATH_MAX]; /* this kiln, for `kiln run-main` */
	job *jobs;
	int njobs;
	group *groups;
	int ngroups;
	kreg_result *res;
	int nres;
} session;

/* Set by SIGINT or SIGTERM: the runs live in process groups of their own, which the terminal's signal does
 * not reach, so the session stops them itself. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	interrupted = sig;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	kiln_strbuf b = {0};
	va_list ap;
	va_start(ap, f);
	kiln_sb_vprintf(&b, f, ap);
	va_end(ap);
	return kiln_sb_finish(&b);
}

static int add_job(session *s, enum job_kind kind, int group, int dep0, int dep1)
{
	job *g = realloc(s->jobs, ((size_t)s->njobs + 1) * sizeof *g);
	if (!g)
		abort();
	s->jobs = g;
	job *j = &s->jobs[s->njobs];
	memset(j, 0, sizeof *j);
	j->kind = kind;
	j->group = group;
	j->test = j->result = -1;
	j->dep[0] = dep0;
	j->dep[1] = dep1;
	j->log = fmt("%s/logs/job-%d.log", s->out, s->njobs);
	return s->njobs++;
}

static int same_list(char **a, int na, char **b, int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (strcmp(a[i], b[i]))
			return 0;
	return 1;
}

/* The group of test T, made when it is the first of its kind. */
static int group_of(session *s, const kreg_test *t)
{
	for (int g = 0; g < s->ngroups; g++) {
		const kreg_test *u = s->groups[g].t;
		if (!strcmp(u->board, t->board) &&
		    same_list(u->sources, u->nsources, t->sources, t->nsources) &&
		    same_list(u->options, u->noptions, t->options, t->noptions))
			return g;
	}
	group *n = realloc(s->groups, ((size_t)s->ngroups + 1) * sizeof *n);
	if (!n)
		abort();
	s->groups = n;
	s->groups[s->ngroups] = (group){t, -1, -1, -1};
	return s->ngroups++;
}

/* ---- what the children do ---- */

/* Sends the child's output to LOG and its input from /dev/null. */
static void child_io(const char *log)
{
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int in = open("/dev/null", O_RDONLY);
	if (fd < 0 || in < 0)
		_exit(126);
	dup2(in, 0);
	dup2(fd, 1);
	dup2(fd, 2);
}

/* An image job: kiln-cc through the runtimes' content-addressed cache; the image lands at ARTIFACT. */
static int build_image(const kreg_test *t, int trace, const char *artifact)
{
	kiln_build_input *in = calloc((size_t)t->nsources, sizeof *in);
	const char **opts = calloc((size_t)t->noptions + 2 * (size_t)t->nsources + 6, sizeof *opts);
	size_t no = 0;
	for (int i = 0; i < t->nsources; i++) {
		char *data = NULL;
		size_t len = 0;
		if (kiln_read_file(t->sources[i], &data, &len)) {
			printf("kiln test: cannot read %s: %s\n", t->sources[i], strerror(errno));
			return 1;
		}
		in[i] = (kiln_build_input){strrchr(t->sources[i], '/') + 1, data, len};
		for (int k = 0; k < i; k++)
			if (!strcmp(in[k].name, in[i].name)) {
				printf("kiln test: two sources named %s: an image's sources need distinct "
				       "file names\n",
				       in[i].name);
				return 1;
			}
		/* kiln-cc runs in a private folder: the source's own folder for its quoted includes */
		char *dir = strdup(t->sources[i]);
		*strrchr(dir, '/') = 0;
		opts[no++] = "-I";
		opts[no++] = dir;
	}
	opts[no++] = "--board";
	opts[no++] = t->board;
	for (int i = 0; i < t->noptions; i++)
		opts[no++] = t->options[i];
	if (trace)
		opts[no++] = "--trace";
	kiln_build_request rq = {.kind = "test",
	                         .board = t->board,
	                         .key_extra = trace ? "kiln test --trace" : "kiln test",
	                         .inputs = in,
	                         .ninputs = (size_t)t->nsources,
	                         .options = opts,
	                         .noptions = no};
	kiln_build_result br = {0};
	int st = kiln_online_build(&rq, &br);
	fputs(br.log, stdout);
	if (st != KILN_BUILD_OK)
		return st == KILN_BUILD_NO_COMPILER ? 3 : 1;
	if (kiln_write_private(artifact, br.image, br.len)) {
		printf("kiln test: cannot write %s: %s\n", artifact, strerror(errno));
		return 3;
	}
	printf("kiln test: image %s%s\n", artifact, br.cached ? " (from the cache)" : "");
	return 0;
}

/* Whether kiln-cc option A (with its value NEXT) means the same to the native C compiler, and how many words
 * it takes. */
static int native_option(const char *a)
{
	static const char *const two[] = {"-I", "-D", "-U", "-include", "-isystem", NULL};
	for (int i = 0; two[i]; i++)
		if (!strcmp(a, two[i]))
			return 2;
	if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-std=", 5))
		return 1;
	return 0;
}

/* The argument vector of a harness build: the user's sources natively, with the differential harness. */
static char **harness_argv(const session *s, const kreg_test *t, const char *artifact)
{
	const char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
	const char *prefix = kiln_prefix_dir() ? kiln_prefix_dir() : "/usr/local";
	char **v = calloc((size_t)t->noptions + (size_t)t->nsources + 32, sizeof *v);
	int n = 0;
	v[n++] = strdup(cc);
	const char *fixed[] = {"-std=gnu11",
	                       "-O1",
	                       "-g",
	                       "-w",
	                       "-fwrapv",
	                       "-ffp-contract=off",
	                       "-DKILN_HARNESS",
	                       "-include",
	                       "kiln/difftest.h",
	                       NULL};
	v[n++] = fmt("-I%s/include", prefix);
	for (int i = 0; fixed[i]; i++)
		v[n++] = strdup(fixed[i]);
	for (int i = 0; i < t->noptions; i++) {
		int w = native_option(t->options[i]);
		if (w == 2 && i + 1 < t->noptions) {
			v[n++] = strdup(t->options[i]);
			v[n++] = strdup(t->options[++i]);
		} else if (w == 1) {
			v[n++] = strdup(t->options[i]);
		}
	}
	/* the harness names its checks after the first source's file name: a C string, escaped as one */
	kiln_strbuf kf = {0};
	kiln_sb_add(&kf, "-DKT_FILE=\"");
	kiln_sb_text(&kf, strrchr(t->sources[0], '/') + 1, KILN_ESC_C_STRING);
	kiln_sb_addc(&kf, '"');
	v[n++] = kiln_sb_finish(&kf);
	for (int i = 0; i < t->nsources; i++)
		v[n++] = strdup(t->sources[i]);
	char dt[PATH_MAX];
	kiln_data_path(dt, sizeof dt, "difftest/difftest.c");
	v[n++] = strdup(dt);
	v[n++] = strdup("-o");
	v[n++] = strdup(artifact);
	v[n++] = fmt("-L%s/lib", prefix);
	v[n++] = fmt("-Wl,-rpath,%s/lib", prefix);
	v[n++] = strdup("-lkiln");
	v[n++] = strdup("-lm");
	(void)s;
	return v;
}

/* The argument vector of a run of test T on IMAGE. */
static char **run_argv(const session *s, const kreg_test *t, const char *image, const char *harness)
{
	char **v = calloc((size_t)t->nhost + (size_t)t->ncases + 8, sizeof *v);
	int n = 0;
	if (t->check == KREG_NATIVE) {
		v[n++] = strdup(harness);
		v[n++] = strdup(image);
		for (int i = 0; i < t->ncases; i++)
			v[n++] = strdup(t->cases[i]);
	} else if (t->check == KREG_SELF) {
		v[n++] = strdup(s->self);
		v[n++] = strdup("run-main");
		v[n++] = strdup(image);
		v[n++] = strdup(t->kernel);
	} else {
		for (int i = 0; i < t->nhost; i++) {
			/* "{image}" anywhere in an argument stands for the image's path */
			const char *p = strstr(t->host[i], "{image}");
			v[n++] = p ? fmt("%.*s%s%s", (int)(p - t->host[i]), t->host[i], image, p + 7)
			           : strdup(t->host[i]);
		}
	}
	return v;
}

static void free_argv(char **v)
{
	for (int i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* The environment a run adds: the board, its seed, its cycle budget, the image (host programs read it), and
 * for a waveform rerun the trace file. NAMES and VALUES get up to 5 entries (values malloc'd); the count. */
static int run_env(const kreg_test *t, uint64_t seed, const char *image, const char *wave, const char **names,
                   char **values)
{
	int n = 0;
	names[n] = "KILN_BOARD";
	values[n++] = strdup(t->board);
	names[n] = "KILN_TEST_SEED";
	values[n++] = fmt("%llu", (unsigned long long)seed);
	names[n] = "KILN_IMAGE";
	values[n++] = strdup(image);
	if (t->max_cycles) {
		names[n] = "KILN_WATCHDOG_CYCLES";
		values[n++] = fmt("%llu", (unsigned long long)t->max_cycles);
	}
	if (wave) {
		names[n] = "KILN_TRACE";
		values[n++] = strdup(wave);
	}
	return n;
}

/* ---- the scheduler ---- */

static int deps_state(const session *s, const job *j)
{
	/* -1: a dependency failed; 0: waiting; 1: ready */
	for (int d = 0; d < 2; d++) {
		if (j->dep[d] < 0)
			continue;
		const job *p = &s->jobs[j->dep[d]];
		if (p->state != DONE)
			return 0;
		if (!p->ok)
			return -1;
	}
	return 1;
}

static void start(session *s, int ji)
{
	job *j = &s->jobs[ji];
	const group *g = &s->groups[j->group];
	const kreg_test *t = j->test >= 0 ? &s->m->tests[j->test] : g->t;
	char **argv = NULL;
	if (j->kind == J_HARNESS)
		argv = harness_argv(s, t, j->artifact);
	else if (j->kind == J_RUN || j->kind == J_TRACE_RUN)
		argv = run_argv(s, t, s->jobs[j->dep[0]].artifact,
		                j->dep[1] >= 0 ? s->jobs[j->dep[1]].artifact : NULL);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		child_io(j->log);
		if (j->kind == J_IMAGE || j->kind == J_TRACE_IMAGE) {
			int rc = build_image(t, j->kind == J_TRACE_IMAGE, j->artifact);
			fflush(stdout); /* _exit does not */
			_exit(rc);
		}
		if (j->kind != J_HARNESS) {
			const char *names[5];
			char *values[5];
			int ne = run_env(t, s->res[j->result].seed, s->jobs[j->dep[0]].artifact,
			                 j->kind == J_TRACE_RUN ? j->artifact : NULL, names, values);
			for (int i = 0; i < ne; i++)
				setenv(names[i], values[i], 1);
			if (chdir(s->m->dir))
				_exit(126);
		}
		execvp(argv[0], argv);
		printf("kiln test: cannot run %s: %s\n", argv[0], strerror(errno));
		fflush(stdout);
		_exit(127);
	}
	free_argv(argv);
	if (pid > 0) /* as the child does: whichever runs first, a kill of the group reaches it */
		setpgid(pid, pid);
	j->pid = pid;
	j->state = RUNNING;
	j->start = now();
	j->limit = j->kind == J_RUN || j->kind == J_TRACE_RUN ? t->timeout_s : 0;
	if (pid < 0) {
		j->state = DONE;
		j->status = 127 << 8;
	}
}

/* Counts the TAP lines of TEXT; the first failing one goes to *FIRST. */
static void count_checks(const char *text, int *ok, int *bad, char **first)
{
	*ok = *bad = 0;
	for (const char *l = text; l && *l;) {
		size_t n = strcspn(l, "\n");
		if (!strncmp(l, "ok - ", 5))
			(*ok)++;
		else if (!strncmp(l, "not ok - ", 9) && !(*bad)++ && first)
			*first = fmt("%.*s", (int)(n - 9 < 400 ? n - 9 : 400), l + 9);
		l += n + (l[n] == '\n');
	}
}

/* The first line of TEXT that starts with START (any line: "") and contains NEEDLE, or NULL. */
static char *line_with2(const char *text, const char *start, const char *needle)
{
	for (const char *l = text; l && *l;) {
		size_t n = strcspn(l, "\n");
		const char *p = strstr(l, needle);
		if (p && p < l + n && !strncmp(l, start, strlen(start)))
			return fmt("%.*s", (int)n, l);
		l += n + (l[n] == '\n');
	}
	return NULL;
}

/* The first line of TEXT that contains NEEDLE, or NULL. */
static char *line_with(const char *text, const char *needle)
{
	return line_with2(text, "", needle);
}

/* The verdict of run job J into its result; 1 when it should be retried (an infrastructure failure). */
static int judge(session *s, job *j)
{
	kreg_result *r = &s->res[j->result];
	const kreg_test *t = &s->m->tests[j->test];
	char *text = NULL;
	size_t len = 0;
	kiln_read_file(j->log, &text, &len);
	free(r->why);
	r->why = NULL;
	r->seconds = now() - j->start;
	count_checks(text, &r->checks_passed, &r->checks_failed, &r->why);
	int code = WIFEXITED(j->status) ? WEXITSTATUS(j->status) : -1;
	char *cycles = line_with(text, "did not finish within");
	char *infra = line_with(text, "kiln test: cannot run");
	char *setup = line_with2(text, "not ok - ", "no KT_TEST named");
	if (!setup) /* an input file the test names is missing or short */
		setup = line_with2(text, "not ok - ", ": input file ");
	if (!infra) /* the harness could not start the board */
		infra = line_with2(text, "not ok - ", ": open the sim board");
	r->bucket = NULL;
	if (j->timed_out) {
		r->bucket = "timeout";
		free(r->why);
		r->why = fmt("did not finish within %g s (killed)", t->timeout_s);
	} else if (cycles && (r->checks_failed || code != 0)) {
		r->bucket = "cycle-limit";
		free(r->why);
		r->why = cycles;
		cycles = NULL;
	} else if (setup) {
		r->bucket = "setup";
		free(r->why);
		r->why = setup;
		setup = NULL;
	} else if (infra) {
		r->bucket = "infrastructure";
		free(r->why);
		r->why = infra;
		infra = NULL;
	} else if (WIFSIGNALED(j->status)) {
		r->bucket = "crash";
		free(r->why);
		r->why = fmt("killed by signal %d (%s)", WTERMSIG(j->status), strsignal(WTERMSIG(j->status)));
	} else if (r->checks_failed) {
		r->bucket = "mismatch";
	} else if (code != 0) {
		r->bucket = "exit-status";
		char *last = line_with(text, "run-main:");
		r->why = last ? fmt("exit status %d: %s", code, last) : fmt("exit status %d", code);
		free(last);
	} else if (t->check == KREG_NATIVE && !r->checks_passed) {
		r->bucket = "exit-status";
		r->why = fmt("the harness ran no check (no KT_TEST%s)", t->ncases ? " of that name" : "");
	}
	free(cycles);
	free(infra);
	free(setup);
	free(text);
	if (r->why) /* a program's output: anything, bound for XML and JSON */
		kiln_text_clean(r->why);
	r->passed = r->bucket == NULL;
	return r->bucket && !strcmp(r->bucket, "infrastructure") && r->attempts <= s->o->retries;
}

/* Copies FROM to TO (a small file: an image or a log). */
static void copy_file(const char *from, const char *to)
{
	char *d = NULL;
	size_t n = 0;
	if (!kiln_read_file(from, &d, &n))
		kiln_write_private(to, d, n);
	free(d);
}

/* The failure's folder: its output, its image, a script that runs it again exactly, and (later) a waveform.
 */
static void keep_failure(session *s, job *j)
{
	kreg_result *r = &s->res[j->result];
	const kreg_test *t = &s->m->tests[j->test];
	r->folder = fmt("%s/failures/%s", s->out, r->name);
	kiln_remove_tree(r->folder);
	kiln_mkdirs(r->folder);
	char *p = fmt("%s/output.txt", r->folder);
	copy_file(j->log, p);
	free(p);
	char *image = fmt("%s/image.kimg", r->folder);
	copy_file(s->jobs[j->dep[0]].artifact, image);
	char **argv = run_argv(s, t, image, j->dep[1] >= 0 ? s->jobs[j->dep[1]].artifact : NULL);
	kiln_strbuf sh = {0};
	kiln_sb_add(&sh, "#!/bin/sh\n# kiln test: runs '");
	kiln_sb_text(&sh, r->name, KILN_ESC_SHELL);
	kiln_sb_printf(&sh, "' again as it failed (%s), on the image it failed on\n", r->bucket);
	/* the run's folder and environment, as the child had them */
	kiln_sb_add(&sh, "cd '");
	kiln_sb_text(&sh, s->m->dir, KILN_ESC_SHELL);
	kiln_sb_add(&sh, "' || exit 2\n");
	const char *names[5];
	char *values[5];
	int ne = run_env(t, r->seed, image, NULL, names, values);
	for (int i = 0; i < ne; i++) {
		kiln_sb_printf(&sh, "export %s='", names[i]);
		kiln_sb_text(&sh, values[i], KILN_ESC_SHELL);
		kiln_sb_add(&sh, "'\n");
		free(values[i]);
	}
	kiln_sb_add(&sh, "exec");
	for (int i = 0; argv[i]; i++) {
		kiln_sb_add(&sh, " '");
		kiln_sb_text(&sh, argv[i], KILN_ESC_SHELL);
		kiln_sb_addc(&sh, '\'');
	}
	kiln_sb_add(&sh, "\n");
	free_argv(argv);
	char *text = kiln_sb_finish(&sh), *path = fmt("%s/repro.sh", r->folder);
	if (text && !kiln_write_private(path, text, strlen(text)))
		chmod(path, 0700);
	free(text);
	free(path);
	free(image);
	/* A waveform of the same run on an image built for tracing. A run that never started has none. */
	if (!s->o->waves || !strcmp(r->bucket, "infrastructure"))
		return;
	int gi = j->group, test = j->test, result = j->result, harness = j->dep[1];
	if (s->groups[gi].trace_image < 0) {
		int ti = add_job(s, J_TRACE_IMAGE, gi, -1, -1); /* moves the jobs: J is stale from here */
		s->groups[gi].trace_image = ti;
		s->jobs[ti].artifact = fmt("%s/images/trace-%d.kimg", s->out, gi);
	}
	int w = add_job(s, J_TRACE_RUN, gi, s->groups[gi].trace_image, harness);
	s->jobs[w].test = test;
	s->jobs[w].result = result;
	s->jobs[w].artifact = fmt("%s/wave.vcd", r->folder);
}

/* A run whose image or harness failed to build: a build failure, the build's output kept as its folder's. */
static void build_failed(session *s, job *j)
{
	kreg_result *r = &s->res[j->result];
	const job *b = s->jobs[j->dep[0]].ok ? &s->jobs[j->dep[1]] : &s->jobs[j->dep[0]];
	char *text = NULL;
	size_t len = 0;
	kiln_read_file(b->log, &text, &len);
	char *first = line_with(text, "error");
	r->bucket = "build";
	r->why =
	    first ? first
	          : fmt("%s failed", b->kind == J_HARNESS ? "the native harness build" : "the image build");
	kiln_text_clean(r->why);
	r->folder = fmt("%s/failures/%s", s->out, r->name);
	kiln_mkdirs(r->folder);
	char *p = fmt("%s/build.txt", r->folder);
	copy_file(b->log, p);
	free(p);
	free(text);
}

int kreg_selected(const kreg_options *o, int ti, const kreg_test *t)
{
	return !(o->nshards > 1 && ti % o->nshards != o->shard - 1) &&
	       !(o->filter && !strstr(t->name, o->filter));
}

char *kreg_run_name(const kreg_options *o, const kreg_test *t, int k, uint64_t *seed)
{
	*seed = (o->seed ? o->seed : t->seed) + (uint64_t)k;
	return o->reseed > 1 ? fmt("%s#%llu", t->name, (unsigned long long)*seed) : strdup(t->name);
}

int kreg_session_run(const kreg_manifest *m, const kreg_options *o, kreg_result **results, int *nout,
                     kreg_totals *totals)
{
	session s = {.m = m, .o = o};
	*totals = (kreg_totals){0};
	double t0 = now();
	if (!realpath(o->out, s.out) && (kiln_mkdirs(o->out) || !realpath(o->out, s.out))) {
		fprintf(stderr, "kiln test: cannot make the session folder %s: %s\n", o->out,
		        strerror(errno));
		return -1;
	}
	char *sub[] = {fmt("%s/logs", s.out), fmt("%s/images", s.out), fmt("%s/failures", s.out)};
	kiln_remove_tree(sub[0]);
	kiln_remove_tree(sub[2]);
	/* Images and harnesses are run from here: private folders, as the cache's (a link or another user's
	 * folder is refused, not followed) */
	for (int i = 0; i < 3; i++) {
		char why[512];
		if (kiln_private_mkdir(sub[i], 0, why, sizeof why)) {
			fprintf(stderr, "kiln test: %s\n", why);
			for (int k = i; k < 3; k++)
				free(sub[k]);
			return -1;
		}
		free(sub[i]);
	}
	ssize_t sl = readlink("/proc/self/exe", s.self, sizeof s.self - 1);
	s.self[sl > 0 ? sl : 0] = 0;

	/* the jobs: per group an image (and a harness for native checks), per test and seed a run */
	int reseed = o->reseed > 0 ? o->reseed : 1;
	for (int ti = 0; ti < m->ntests; ti++) {
		const kreg_test *t = &m->tests[ti];
		if (!kreg_selected(o, ti, t))
			continue;
		int gi = group_of(&s, t);
		group *g = &s.groups[gi];
		if (g->image < 0) {
			g->image = add_job(&s, J_IMAGE, gi, -1, -1);
			s.jobs[g->image].artifact = fmt("%s/images/%d.kimg", s.out, gi);
		}
		if (t->check == KREG_NATIVE && g->harness < 0) {
			g->harness = add_job(&s, J_HARNESS, gi, -1, -1);
			s.jobs[g->harness].artifact = fmt("%s/images/%d.harness", s.out, gi);
		}
		for (int k = 0; k < reseed; k++) {
			uint64_t seed = 0;
			kreg_result *nr = realloc(s.res, ((size_t)s.nres + 1) * sizeof *nr);
			if (!nr)
				abort();
			s.res = nr;
			s.res[s.nres] = (kreg_result){.board = t->board};
			s.res[s.nres].name = kreg_run_name(o, t, k, &seed);
			s.res[s.nres].seed = seed;
			int r = add_job(&s, J_RUN, gi, g->image, t->check == KREG_NATIVE ? g->harness : -1);
			s.jobs[r].test = ti;
			s.jobs[r].result = s.nres++;
		}
	}

	int running = 0, done_runs = 0, failed = 0, jobs = o->jobs > 0 ? o->jobs : 1;
	double run_time = 0;
	struct sigaction sa = {.sa_handler = on_interrupt}, old_int, old_term;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	for (;;) {
		if (interrupted) {
			for (int ji = 0; ji < s.njobs; ji++)
				if (s.jobs[ji].state == RUNNING)
					kill(-s.jobs[ji].pid, SIGKILL);
			while (waitpid(-1, NULL, 0) > 0)
				;
			kreg_progress_clear(stderr);
			fprintf(stderr, "kiln test: interrupted; %d of %d runs had finished (%d failed)\n",
			        done_runs, s.nres, failed);
			sigaction(SIGINT, &old_int, NULL);
			sigaction(SIGTERM, &old_term, NULL);
			raise(interrupted);
			_exit(130);
		}
		/* start what is ready, builds first */
		for (int pass = 0; pass < 2 && running < jobs; pass++)
			for (int ji = 0; ji < s.njobs && running < jobs; ji++) {
				job *j = &s.jobs[ji];
				int build =
				    j->kind == J_IMAGE || j->kind == J_HARNESS || j->kind == J_TRACE_IMAGE;
				if (j->state != WAITING || build != (pass == 0))
					continue;
				int ds = deps_state(&s, j);
				if (ds == 0)
					continue;
				if (ds < 0) { /* a build it needs failed */
					j->state = DONE;
					if (j->kind == J_RUN) {
						build_failed(&s, j);
						done_runs++;
						failed++;
					}
					continue;
				}
				if (j->kind == J_RUN)
					s.res[j->result].attempts++;
				start(&s, ji);
				running += s.jobs[ji].state == RUNNING;
			}
		if (!running)
			break;
		/* wait for one to end, checking wall-time limits and the progress line meanwhile */
		int st = 0;
		pid_t pid = waitpid(-1, &st, WNOHANG);
		if (pid <= 0) {
			double t = now();
			for (int ji = 0; ji < s.njobs; ji++) {
				job *j = &s.jobs[ji];
				if (j->state == RUNNING && j->limit > 0 && t - j->start > j->limit &&
				    !j->timed_out) {
					j->timed_out = 1;
					kill(-j->pid, SIGKILL);
				}
			}
			int total = s.nres;
			double eta = done_runs ? run_time / done_runs * (total - done_runs) / jobs : -1;
			kreg_progress(stderr, done_runs, total, failed, running, eta);
			struct timespec ts = {0, 20 * 1000 * 1000};
			nanosleep(&ts, NULL);
			continue;
		}
		for (int ji = 0; ji < s.njobs; ji++) {
			job *j = &s.jobs[ji];
			if (j->state != RUNNING || j->pid != pid)
				continue;
			running--;
			j->state = DONE;
			j->status = st;
			if (j->kind == J_IMAGE || j->kind == J_HARNESS) {
				totals->builds++;
				totals->build_s += now() - j->start;
			}
			j->ok = WIFEXITED(st) && WEXITSTATUS(st) == 0 && !j->timed_out;
			kill(-pid, SIGKILL); /* anything the job left behind in its group */
			if (j->kind == J_RUN) {
				int again = judge(&s, j);
				kreg_result *r = &s.res[j->result];
				if (o->verbose || (!r->passed && !again)) {
					char *text = NULL;
					size_t len = 0;
					kreg_progress_clear(stderr);
					kiln_read_file(j->log, &text, &len);
					printf("== %s: %s%s%s\n", r->name, r->passed ? "passed" : "FAILED (",
					       r->passed ? "" : r->bucket, r->passed ? "" : ")");
					if (o->verbose || !r->passed)
						fputs(text ? text : "", stdout);
					free(text);
				}
				if (again) {
					j->state = WAITING;
					j->timed_out = 0;
				} else {
					run_time += r->seconds;
					done_runs++;
					failed += !r->passed;
					if (!r->passed)
						keep_failure(&s, j);
				}
			} else if (j->kind == J_TRACE_RUN) {
				/* the waveform is in the failure's folder whatever the rerun's verdict; its
				 * output too */
				char *p = fmt("%s/wave-output.txt", s.res[j->result].folder);
				copy_file(j->log, p);
				free(p);
			}
			break;
		}
	}
	kreg_progress_clear(stderr);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	for (int ji = 0; ji < s.njobs; ji++) {
		free(s.jobs[ji].log);
		free(s.jobs[ji].artifact);
	}
	free(s.jobs);
	free(s.groups);
	*results = s.res;
	*nout = s.nres;
	totals->wall_s = now() - t0;
	return 0;
}

void kreg_results_free(kreg_result *r, int n)
{
	for (int i = 0; i < n; i++) {
		free(r[i].name);
		free(r[i].why);
		free(r[i].folder);
	}
	free(r);
}
