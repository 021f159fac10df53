// SPDX-License-Identifier: Apache-2.0
/* The differential harness (kiln/difftest.h): runs every KT_TEST of a kernel source, compiled natively
 * together with this file, against an image compiled from the same source. Usage: HARNESS IMAGE [TEST ...].
 * Each check prints "ok - NAME" or "not ok - NAME: why"; the exit status is 1 when any failed. The random
 * inputs of a test follow from its name and line and $KILN_TEST_SEED (default 1). With KILN_BENCH_OUT set,
 * appends one JSON line per kernel run (file, test, kernel, cycles) to that file. Installed as
 * share/kiln/difftest/difftest.c: kiln test builds it with each source of a "native" check. */
#include <kiln/difftest.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiln/kiln.h>

static int kt_failures;
/* Prefix of every check name ($KILN_TEST_LABEL: a source run on two builds tells its runs apart). */
static const char *kt_label = "";

/* Prints the verdict of check NAME: "ok - NAME", or "not ok - NAME: WHY"; returns OK. */
static int verdict(int ok, const char *name, const char *why)
{
	if (ok)
		printf("ok - %s%s\n", kt_label, name);
	else
		printf("not ok - %s%s: %s\n", kt_label, name, why);
	kt_failures += !ok;
	return ok;
}
#define KT_DONE() (fflush(stdout), kt_failures ? 1 : 0)

#ifndef KT_FILE
#define KT_FILE "?"
#endif

typedef struct kt_test {
	const char *name;
	kt_fn fn;
	int line;
} kt_test;

typedef struct kt_buffer {
	uint8_t *host;
	size_t size;
	uint64_t dev;
} kt_buffer;

typedef struct kt_global {
	const char *uid;
	void *native;
	size_t size;
} kt_global;

static kt_test tests[256];
static int ntests;
static kt_buffer bufs[64];
static int nbufs;
static kt_global dgs[32];
static int ndgs;
static struct {
	uint8_t bytes[8];
	size_t size;
	int is_ptr;
	uint64_t dev;
} args[32];
static int nargs, native_phase;
static kiln_device *dev;
static kiln_program *prog;
static uint64_t rng;
static const char *cur_test;
static FILE *bench;

void kt_register(const char *name, kt_fn fn, int line)
{
	if (ntests < 256)
		tests[ntests++] = (kt_test){name, fn, line};
}

uint32_t kt_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

void *kt_buf(size_t size)
{
	if (nbufs == 64) {
		fprintf(stderr, "too many buffers\n");
		exit(2);
	}
	kt_buffer *b = &bufs[nbufs++];
	b->size = size;
	b->host = malloc(size + 8);
	for (size_t i = 0; i < size; i++)
		b->host[i] = (uint8_t)kt_rand();
	if (kiln_mem_alloc(dev, size ? size : 4, &b->dev) != KILN_OK) {
		fprintf(stderr, "kiln_mem_alloc: %s\n", kiln_last_error());
		exit(2);
	}
	return b->host;
}

void *kt_buf_file(const char *path, size_t size)
{
	uint8_t *host = kt_buf(size);
	FILE *f = fopen(path, "rb");
	int err = errno;
	size_t got = f ? fread(host, 1, size, f) : 0;
	if (f)
		fclose(f);
	if (got < size) {
		char name[300], why[300];
		snprintf(name, sizeof name, "%s: input file %s", cur_test, path);
		if (f)
			snprintf(why, sizeof why, "has only %zu of the %zu bytes the test reads", got, size);
		else
			snprintf(why, sizeof why, "cannot be read (%s)", strerror(err));
		verdict(0, name, why);
		exit(KT_DONE());
	}
	return host;
}

void kt_push_ptr(const void *p)
{
	if (native_phase || nargs == 32)
		return;
	const uint8_t *q = p;
	uint64_t d = 0;
	int found = 0;
	for (int i = 0; i < nbufs; i++)
		if (q >= bufs[i].host && q <= bufs[i].host + bufs[i].size) {
			d = bufs[i].dev + (uint64_t)(q - bufs[i].host);
			found = 1;
		}
	if (!found) {
		fprintf(stderr, "KT_P: pointer is not inside a KT_BUF buffer\n");
		exit(2);
	}
	args[nargs].size = 8;
	args[nargs].is_ptr = 1;
	memcpy(args[nargs].bytes, &d, 8);
	nargs++;
}

void kt_push_val(const void *v, size_t size)
{
	if (native_phase || nargs == 32)
		return;
	memcpy(args[nargs].bytes, v, size);
	args[nargs].size = size;
	args[nargs].is_ptr = 0;
	nargs++;
}

void kt_collect(int dummy, ...)
{
	(void)dummy;
}

void kt_dg(const char *uid, void *native, size_t size, int keep)
{
	if (ndgs == 32)
		return;
	dgs[ndgs++] = (kt_global){uid, native, size};
	if (keep) /* both sides start from the initializer; compared after every run */
		return;
	uint8_t *p = native;
	for (size_t i = 0; i < size; i++)
		p[i] = (uint8_t)kt_rand();
	if (kiln_dg_write(prog, uid, native, size, 0) != KILN_OK) {
		char why[400];
		snprintf(why, sizeof why, "%s: %s", uid, kiln_last_error());
		verdict(0, "write device global", why);
	}
}

int kt_device(const char *kernel, int dims, const size_t *global, const size_t *local)
{
	char name[300];
	kiln_kernel *k = NULL;
	uint64_t cycles = 0;
	int ok = 1;
	snprintf(name, sizeof name, "%s: %s runs on the RTL", cur_test, kernel);
	for (int i = 0; i < nbufs && ok; i++)
		ok = kiln_mem_write(dev, bufs[i].dev, bufs[i].host, bufs[i].size) == KILN_OK;
	if (ok)
		ok = kiln_kernel_get(prog, kernel, &k) == KILN_OK;
	for (int i = 0; ok && i < nargs; i++)
		ok = kiln_kernel_set_arg(k, (unsigned)i, args[i].size, args[i].bytes) == KILN_OK;
	if (ok)
		ok = (dims ? kiln_kernel_run_nd(k, global, local, &cycles) : kiln_kernel_run(k, &cycles)) ==
		     KILN_OK;
	nargs = 0;
	if (!verdict(ok, name, kiln_last_error()))
		return 0;
	if (bench)
		fprintf(bench, "{\"file\": \"%s\", \"test\": \"%s\", \"kernel\": \"%s\", \"cycles\": %llu}\n",
		        KT_FILE, cur_test, kernel, (unsigned long long)cycles);
	native_phase = 1;
	return 1;
}

void kt_compare(const char *kernel)
{
	char name[300];
	native_phase = 0;
	int bad = 0;
	char why[400] = "";
	for (int i = 0; i < nbufs && !bad; i++) {
		uint8_t *d = malloc(bufs[i].size + 1);
		if (kiln_mem_read(dev, bufs[i].dev, d, bufs[i].size) != KILN_OK) {
			snprintf(why, sizeof why, "read back buffer %d: %s", i, kiln_last_error());
			bad = 1;
		}
		for (size_t j = 0; j < bufs[i].size && !bad; j++)
			if (d[j] != bufs[i].host[j]) {
				snprintf(why, sizeof why, "buffer %d byte %zu: RTL 0x%02x, native 0x%02x", i,
				         j, d[j], bufs[i].host[j]);
				bad = 1;
			}
		free(d);
	}
	for (int i = 0; i < ndgs && !bad; i++) {
		uint8_t *d = malloc(dgs[i].size + 1);
		if (kiln_dg_read(prog, dgs[i].uid, d, dgs[i].size, 0) != KILN_OK) {
			snprintf(why, sizeof why, "read back %s: %s", dgs[i].uid, kiln_last_error());
			bad = 1;
		}
		for (size_t j = 0; j < dgs[i].size && !bad; j++)
			if (d[j] != ((uint8_t *)dgs[i].native)[j]) {
				snprintf(why, sizeof why,
				         "device global %s byte %zu: RTL 0x%02x, native 0x%02x", dgs[i].uid,
				         j, d[j], ((uint8_t *)dgs[i].native)[j]);
				bad = 1;
			}
		free(d);
	}
	snprintf(name, sizeof name, "%s: %s RTL matches native", cur_test, kernel);
	verdict(!bad, name, why);
}

/* Work-item position of the native run, in the hardware's order: dimension 0 fastest. */
static int nd_dims;
static size_t nd_g[3], nd_l[3], nd_id[3];
static int nd_started;

void kt_nd_begin(int dims, const size_t *global, const size_t *local)
{
	nd_dims = dims;
	for (int d = 0; d < 3; d++) {
		nd_g[d] = d < dims ? global[d] : 1;
		nd_l[d] = d < dims && local ? local[d] : 1;
		nd_id[d] = 0;
	}
	nd_started = 0;
}

int kt_nd_next(void)
{
	if (!nd_started) {
		nd_started = 1;
		return 1;
	}
	for (int d = 0; d < 3; d++) {
		if (++nd_id[d] < nd_g[d])
			return 1;
		nd_id[d] = 0;
	}
	return 0;
}

size_t kiln_global_id(int d)
{
	return nd_id[d];
}
size_t kiln_local_id(int d)
{
	return nd_id[d] % nd_l[d];
}
size_t kiln_group_id(int d)
{
	return nd_id[d] / nd_l[d];
}
size_t kiln_global_range(int d)
{
	return nd_g[d];
}
size_t kiln_local_range(int d)
{
	return nd_l[d];
}

static int by_line(const void *a, const void *b)
{
	return ((const kt_test *)a)->line - ((const kt_test *)b)->line;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s IMAGE [TEST ...]\n", argv[0]);
		return 2;
	}
	const char *label = getenv("KILN_TEST_LABEL");
	if (label)
		kt_label = label;
	const char *se = getenv("KILN_TEST_SEED");
	uint64_t seed = se && *se ? strtoull(se, NULL, 0) : 1;
	const char *bo = getenv("KILN_BENCH_OUT");
	if (bo && *bo)
		bench = fopen(bo, "a");
	if (!verdict(kiln_device_open(NULL, &dev) == KILN_OK, KT_FILE ": open the sim board",
	             kiln_last_error()))
		return KT_DONE();
	if (!verdict(kiln_program_load(dev, argv[1], &prog) == KILN_OK, KT_FILE ": load the image",
	             kiln_last_error()))
		return KT_DONE();
	qsort(tests, (size_t)ntests, sizeof tests[0], by_line);
	for (int t = 0; t < ntests; t++) {
		int want = argc == 2;
		for (int i = 2; i < argc; i++)
			want |= !strcmp(argv[i], tests[t].name);
		if (!want)
			continue;
		cur_test = tests[t].name;
		rng = 0x9E3779B97F4A7C15ULL ^ (uint64_t)tests[t].line * 0x100000001B3ULL;
		if (seed != 1) /* seed 1 gives the inputs the corpus always had */
			rng ^= seed * 0xBF58476D1CE4E5B9ULL;
		for (const char *c = tests[t].name; *c; c++)
			rng = (rng ^ (uint8_t)*c) * 0x100000001B3ULL;
		if (!rng)
			rng = 1;
		nbufs = ndgs = nargs = 0;
		tests[t].fn();
		for (int i = 0; i < nbufs; i++) {
			kiln_mem_free(dev, bufs[i].dev);
			free(bufs[i].host);
		}
	}
	/* a name no KT_TEST has fails: a misspelt case must not pass by running nothing */
	for (int i = 2; i < argc; i++) {
		int found = 0;
		for (int t = 0; t < ntests && !found; t++)
			found = !strcmp(argv[i], tests[t].name);
		if (!found) {
			char why[300];
			snprintf(why, sizeof why, "no KT_TEST named %s in " KT_FILE, argv[i]);
			verdict(0, argv[i], why);
		}
	}
	if (bench)
		fclose(bench);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
