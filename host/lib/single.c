// SPDX-License-Identifier: Apache-2.0
/* The runtime of single-source programs (kiln/single.h): the program's one device, context and image, opened
 * at first use; kernel launches from the generated stubs; shared memory as host blocks mirrored in device
 * memory around each launch. Errors end the program: a stub is a plain C call with nowhere to return one. */
#include "kiln/single.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A shared block: host bytes and the device memory that mirrors them. */
struct shared_block {
	unsigned char *host;
	size_t size;
	uint64_t dev;
};

/* A kernel found once and kept for the program's life. */
struct known_kernel {
	const char *name;
	kiln_kernel *k;
};

static struct {
	pthread_mutex_t lock;
	const void *image;
	size_t image_len;
	const char *source;
	kiln_device *dev;
	kiln_context *ctx;
	kiln_program *prog;
	struct shared_block *blocks;
	size_t nblocks, capblocks;
	struct known_kernel *kernels;
	size_t nkernels;
	int range_dims; /* 0: no range pending */
	size_t global[3], local[3];
	uint64_t cycles;
} ss = {.lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP}; /* recursive: a failure ends the program from
                                                          * inside a locked section, and exit's handlers
                                                          * may come back here on the same thread */

static _Noreturn void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static _Noreturn void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: error: ", program_invocation_short_name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

/* Ends the program when ST is a failure of WHAT, with libkiln's message. */
static void check(int st, const char *what)
{
	if (st != KILN_OK)
		fail("%s: %s (%s)", what, kiln_last_error(), kiln_status_name(st));
}

/* Opens the board and loads the image the first time anything needs them (caller holds the lock). */
static void open_locked(void)
{
	if (ss.prog)
		return;
	if (!ss.image)
		fail("no device image: this program was not built by kiln-cc --single-source");
	const char *board = getenv("KILN_BOARD");
	int st = kiln_device_open(NULL, &ss.dev);
	if (st != KILN_OK)
		fail("cannot open the board '%s' ($KILN_BOARD, else sim): %s (%s)",
		     board && *board ? board : "sim", kiln_last_error(), kiln_status_name(st));
	ss.ctx = kiln_device_default_context(ss.dev);
	st = kiln_program_create_bytes(ss.ctx, ss.image, ss.image_len, &ss.prog);
	if (st != KILN_OK)
		fail("cannot load the device image of %s: %s (%s)", ss.source ? ss.source : "this program",
		     kiln_last_error(), kiln_status_name(st));
}

static void open_program(void)
{
	pthread_mutex_lock(&ss.lock);
	open_locked();
	pthread_mutex_unlock(&ss.lock);
}

kiln_context *kiln_ss_context(void)
{
	open_program();
	return ss.ctx;
}

kiln_program *kiln_ss_program(void)
{
	open_program();
	return ss.prog;
}

kiln_device *kiln_ss_device(void)
{
	open_program();
	return ss.dev;
}

uint64_t kiln_ss_cycles(void)
{
	return ss.cycles;
}

void kiln_ss_image(const void *data, size_t len, const char *source)
{
	ss.image = data;
	ss.image_len = len;
	ss.source = source;
}

void kiln_ss_dg_register(const void *var, const char *unique_id, size_t size, size_t elem_size)
{
	check(kiln_dg_register(var, unique_id, size, elem_size), "registering a device global");
}

void kiln_ss_dg_push(const void *var, size_t size)
{
	open_program();
	check(kiln_dg_memcpy_to(ss.ctx, var, var, size, 0), "kiln_dg_push");
}

void kiln_ss_dg_pull(void *var, size_t size)
{
	open_program();
	check(kiln_dg_memcpy_from(ss.ctx, var, var, size, 0), "kiln_dg_pull");
}

void kiln_ss_range(int dims, size_t gx, size_t gy, size_t gz, size_t lx, size_t ly, size_t lz)
{
	pthread_mutex_lock(&ss.lock);
	ss.range_dims = dims;
	size_t g[3] = {gx, gy, gz}, l[3] = {lx, ly, lz};
	for (int d = 0; d < 3; d++) {
		ss.global[d] = g[d];
		ss.local[d] = l[d] ? l[d] : g[d];
	}
	pthread_mutex_unlock(&ss.lock);
}

void *kiln_malloc_shared(size_t size)
{
	pthread_mutex_lock(&ss.lock);
	open_locked();
	if (ss.nblocks == ss.capblocks) {
		size_t cap = ss.capblocks ? 2 * ss.capblocks : 16;
		struct shared_block *nb = realloc(ss.blocks, cap * sizeof *nb);
		if (!nb)
			fail("kiln_malloc_shared: out of host memory");
		ss.blocks = nb;
		ss.capblocks = cap;
	}
	struct shared_block *b = &ss.blocks[ss.nblocks];
	b->size = size ? size : 1;
	b->host = calloc(1, b->size);
	if (!b->host)
		fail("kiln_malloc_shared(%zu): out of host memory", size);
	int st = kiln_mem_alloc(ss.dev, b->size, &b->dev);
	if (st != KILN_OK)
		fail("kiln_malloc_shared(%zu): %s (%s)", size, kiln_last_error(), kiln_status_name(st));
	check(kiln_mem_write(ss.dev, b->dev, b->host, b->size), "kiln_malloc_shared");
	ss.nblocks++;
	pthread_mutex_unlock(&ss.lock);
	return b->host;
}

void kiln_free_shared(void *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&ss.lock);
	for (size_t i = 0; i < ss.nblocks; i++)
		if (ss.blocks[i].host == p) {
			kiln_mem_free(ss.dev, ss.blocks[i].dev);
			free(ss.blocks[i].host);
			ss.blocks[i] = ss.blocks[--ss.nblocks];
			pthread_mutex_unlock(&ss.lock);
			return;
		}
	fail("kiln_free_shared(%p): not a block from kiln_malloc_shared (or freed twice)", p);
}

/* The block P points into (its end included: a one-past-the-end pointer is valid C), or NULL. */
static struct shared_block *block_of(const void *p)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < ss.nblocks; i++)
		if (c >= ss.blocks[i].host && c <= ss.blocks[i].host + ss.blocks[i].size)
			return &ss.blocks[i];
	return NULL;
}

static kiln_kernel *find_kernel(const char *name)
{
	for (size_t i = 0; i < ss.nkernels; i++)
		if (!strcmp(ss.kernels[i].name, name))
			return ss.kernels[i].k;
	struct known_kernel *nk = realloc(ss.kernels, (ss.nkernels + 1) * sizeof *nk);
	if (!nk)
		fail("out of host memory");
	ss.kernels = nk;
	kiln_kernel *k;
	char what[300];
	snprintf(what, sizeof what, "finding kernel %s in the device image", name);
	check(kiln_kernel_get(ss.prog, name, &k), what);
	ss.kernels[ss.nkernels++] = (struct known_kernel){name, k};
	return k;
}

/* Pointer arguments become device addresses; their blocks go to the device (once each, in MOVED). */
static void set_args(kiln_kernel *k, const char *name, unsigned n, const void *const *args,
                     const size_t *sizes, const unsigned char *is_ptr, struct shared_block **moved,
                     size_t *nmoved)
{
	char what[300];
	for (unsigned i = 0; i < n; i++) {
		snprintf(what, sizeof what, "kernel %s argument %u", name, i);
		if (!is_ptr[i]) {
			check(kiln_kernel_set_arg(k, i, sizes[i], args[i]), what);
			continue;
		}
		const unsigned char *p = *(const unsigned char *const *)args[i];
		uint64_t addr = 0;
		if (p) {
			struct shared_block *b = block_of(p);
			if (!b)
				fail("%s: %p is not memory from kiln_malloc_shared (kernels reach host data "
				     "only through shared memory)",
				     what, (const void *)p);
			addr = b->dev + (uint64_t)(p - b->host);
			size_t j;
			for (j = 0; j < *nmoved && moved[j] != b; j++)
				;
			if (j == *nmoved) {
				moved[(*nmoved)++] = b;
				check(kiln_mem_write(ss.dev, b->dev, b->host, b->size), what);
			}
		}
		check(kiln_kernel_set_arg(k, i, sizeof addr, &addr), what);
	}
}

void kiln_ss_launch(const char *name, int dims, unsigned n, const void *const *args, const size_t *sizes,
                    const unsigned char *is_ptr)
{
	pthread_mutex_lock(&ss.lock);
	open_locked();
	kiln_kernel *k = find_kernel(name);
	int range = ss.range_dims;
	ss.range_dims = 0;
	if (dims && range != dims)
		fail(
		    "nd-range kernel %s (%d dimension%s) launched %s: call kiln_range%s(...) right before it",
		    name, dims, dims > 1 ? "s" : "",
		    range ? "with a range of other dimensions" : "without a range",
		    dims == 1   ? ""
		    : dims == 2 ? "2"
		                : "3");
	if (!dims && range)
		fail("single-task kernel %s launched with a range: it takes none", name);
	struct shared_block **moved = n ? calloc(n, sizeof *moved) : NULL;
	size_t nmoved = 0;
	if (n && !moved)
		fail("out of host memory");
	set_args(k, name, n, args, sizes, is_ptr, moved, &nmoved);
	int st =
	    dims ? kiln_kernel_run_nd(k, ss.global, ss.local, &ss.cycles) : kiln_kernel_run(k, &ss.cycles);
	if (st == KILN_ERR_EXIT) {
		/* exit() in a kernel is exit() of the program, as it would be in the same C on the host. */
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, kiln_last_error());
		fflush(stdout);
		exit(kiln_kernel_exit_status(k));
	}
	char what[300];
	snprintf(what, sizeof what, "kernel %s failed", name);
	check(st, what);
	for (size_t j = 0; j < nmoved; j++)
		check(kiln_mem_read(ss.dev, moved[j]->dev, moved[j]->host, moved[j]->size), what);
	free(moved);
	pthread_mutex_unlock(&ss.lock);
}
