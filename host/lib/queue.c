// SPDX-License-Identifier: Apache-2.0
/* In-order queues: one worker thread per queue runs its commands one after the other; each command's result
 * and timestamps go to its event. Arguments are checked when the command is enqueued (a refusal is returned
 * at once and nothing is queued); what can only fail on the device (bus errors, a hung kernel, a context that
 * changed meanwhile) is reported by the event. Host buffers must stay valid until their command completes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum cmd_kind { CMD_KERNEL, CMD_DG, CMD_MEM };

typedef struct cmd {
	enum cmd_kind kind;
	kiln_event *ev;
	union {
		struct {
			kiln_kernel *k;
			uint64_t *args;
			kiln__ranges r;
		} kernel;
		struct {
			const void *dg;
			void *buf;
			size_t n, off;
			enum kiln__dir dir;
		} dg;
		struct {
			uint64_t addr;
			void *buf;
			size_t n;
			int write;
		} mem;
	} u;
	struct cmd *next;
} cmd;

struct kiln_queue {
	kiln_context *ctx;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t work, idle;
	cmd *head, *tail;
	unsigned pending; /* enqueued and not yet complete (callbacks included) */
	int stop;
	int first_err; /* first failure since the last kiln_queue_finish */
	char first_msg[512];
};

static void run(kiln_queue *q, cmd *c)
{
	uint64_t start = 0, cycles = 0;
	double period = 0;
	int st;
	kiln__event_submitted(c->ev);
	switch (c->kind) {
	case CMD_KERNEL:
		st = kiln__kernel_exec(c->u.kernel.k, c->u.kernel.args, &c->u.kernel.r, &cycles, &start);
		period = q->ctx->dev->cfg.clock_period_ns;
		free(c->u.kernel.args);
		kiln__program_unref(c->u.kernel.k->prog);
		break;
	case CMD_DG:
		st = kiln__dg_transfer(q->ctx, c->u.dg.dg, c->u.dg.buf, c->u.dg.n, c->u.dg.off, c->u.dg.dir,
		                       &start);
		break;
	default:
		st = kiln__mem_copy(q->ctx->dev, c->u.mem.addr, c->u.mem.buf, c->u.mem.n, c->u.mem.write,
		                    &start);
		break;
	}
	const char *msg = st ? kiln_last_error() : "";
	pthread_mutex_lock(&q->mu);
	if (st && !q->first_err) {
		q->first_err = st;
		snprintf(q->first_msg, sizeof q->first_msg, "%s", msg);
	}
	pthread_mutex_unlock(&q->mu);
	kiln__event_complete(c->ev, st, msg, start, cycles, period);
	kiln__event_unref(c->ev);
	free(c);
}

static void *worker(void *arg)
{
	kiln_queue *q = arg;
	pthread_mutex_lock(&q->mu);
	for (;;) {
		while (!q->head && !q->stop)
			pthread_cond_wait(&q->work, &q->mu);
		if (!q->head)
			break;
		cmd *c = q->head;
		q->head = c->next;
		if (!q->head)
			q->tail = NULL;
		pthread_mutex_unlock(&q->mu);
		run(q, c);
		pthread_mutex_lock(&q->mu);
		q->pending--;
		pthread_cond_broadcast(&q->idle);
	}
	pthread_mutex_unlock(&q->mu);
	return NULL;
}

int kiln_queue_create(kiln_context *ctx, kiln_queue **out)
{
	if (!ctx || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_queue_create: NULL argument");
	*out = NULL;
	kiln_queue *q = calloc(1, sizeof *q);
	if (!q)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	q->ctx = ctx;
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->work, NULL);
	pthread_cond_init(&q->idle, NULL);
	if (kiln_handle_add(q, KILN_H_QUEUE) != 0 || pthread_create(&q->thread, NULL, worker, q) != 0) {
		kiln_handle_remove(q, KILN_H_QUEUE);
		pthread_cond_destroy(&q->idle);
		pthread_cond_destroy(&q->work);
		pthread_mutex_destroy(&q->mu);
		free(q);
		return kiln__fail(KILN_ERR_NOMEM, "cannot start the queue's worker thread");
	}
	kiln__dev_lock(ctx->dev);
	ctx->nqueues++;
	atomic_fetch_add(&ctx->dev->refs, 1); /* the board stays open while the queue lives */
	kiln__dev_unlock(ctx->dev);
	*out = q;
	return kiln__ok();
}

/* KILN_OK when Q is a live queue that the calling thread may wait for (NAME names the call). */
static int check_waitable(kiln_queue *q, const char *name)
{
	if (!kiln_handle_live(q, KILN_H_QUEUE))
		return kiln__fail(KILN_ERR_INVALID, "%s: %p is not a live queue", name, (void *)q);
	if (pthread_equal(pthread_self(), q->thread))
		return kiln__fail(KILN_ERR_STATE,
		                  "%s called from a callback of the queue's own commands: it would wait for "
		                  "itself",
		                  name);
	return KILN_OK;
}

/* Waits for Q's commands; the first failure since the last finish. */
static int drain(kiln_queue *q)
{
	char msg[512];
	pthread_mutex_lock(&q->mu);
	while (q->pending)
		pthread_cond_wait(&q->idle, &q->mu);
	int st = q->first_err;
	memcpy(msg, q->first_msg, sizeof msg);
	q->first_err = 0;
	pthread_mutex_unlock(&q->mu);
	return st ? kiln__fail(st, "%s", msg) : kiln__ok();
}

int kiln_queue_finish(kiln_queue *q)
{
	int bad = check_waitable(q, "kiln_queue_finish");
	return bad ? bad : drain(q);
}

int kiln_queue_release(kiln_queue *q)
{
	int bad = check_waitable(q, "kiln_queue_release");
	if (bad)
		return bad;
	if (!kiln_handle_remove(q, KILN_H_QUEUE))
		return kiln__fail(KILN_ERR_INVALID, "kiln_queue_release: the queue was released meanwhile");
	int st = drain(q);
	pthread_mutex_lock(&q->mu);
	q->stop = 1;
	pthread_cond_broadcast(&q->work);
	pthread_mutex_unlock(&q->mu);
	pthread_join(q->thread, NULL);
	kiln_device *d = q->ctx->dev;
	kiln__dev_lock(d);
	q->ctx->nqueues--;
	kiln__dev_unlock(d);
	pthread_cond_destroy(&q->idle);
	pthread_cond_destroy(&q->work);
	pthread_mutex_destroy(&q->mu);
	free(q);
	kiln__device_unref(d);
	return st;
}

kiln_context *kiln_queue_context(const kiln_queue *q)
{
	return q ? q->ctx : NULL;
}

/* Queues C (already checked) and hands out its event. */
static int submit(kiln_queue *q, cmd *c, kiln_event **ev)
{
	c->ev = kiln__event_new();
	if (!c->ev || (ev && kiln_handle_add(c->ev, KILN_H_EVENT) != 0)) {
		if (c->ev)
			kiln__event_unref(c->ev);
		if (c->kind == CMD_KERNEL) {
			free(c->u.kernel.args);
			kiln__program_unref(c->u.kernel.k->prog);
		}
		free(c);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	if (ev) {
		kiln__event_retain(c->ev);
		*ev = c->ev;
	}
	pthread_mutex_lock(&q->mu);
	if (q->tail)
		q->tail->next = c;
	else
		q->head = c;
	q->tail = c;
	q->pending++;
	pthread_cond_signal(&q->work);
	pthread_mutex_unlock(&q->mu);
	return kiln__ok();
}

static int enqueue_kernel(kiln_queue *q, kiln_kernel *k, const size_t *offset, const size_t *global,
                          const size_t *local, kiln_event **ev)
{
	if (ev)
		*ev = NULL;
	if (!kiln_handle_live(q, KILN_H_QUEUE) || !k)
		return kiln__fail(KILN_ERR_INVALID, "kernel enqueue: no live queue, or NULL kernel");
	if (k->prog->ctx != q->ctx)
		return kiln__fail(KILN_ERR_INVALID, "kernel '%s' belongs to a program of another context",
		                  k->desc->name);
	cmd *c = calloc(1, sizeof *c);
	uint64_t *args = calloc(k->desc->nargs + 1, sizeof *args);
	if (!c || !args) {
		free(c);
		free(args);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	c->kind = CMD_KERNEL;
	c->u.kernel.k = k;
	c->u.kernel.args = args;
	int st = kiln__kernel_ranges(k, offset, global, local, &c->u.kernel.r);
	/* Arguments are taken now, as OpenCL does: the kernel object may be reused at once. */
	if (st == KILN_OK)
		st = kiln__kernel_snapshot(k, args);
	if (st != KILN_OK) {
		free(args);
		free(c);
		return st;
	}
	kiln__program_retain(k->prog); /* the launch runs even if the application releases the program */
	return submit(q, c, ev);
}

int kiln_enqueue_run(kiln_queue *q, kiln_kernel *k, kiln_event **ev)
{
	return enqueue_kernel(q, k, NULL, NULL, NULL, ev);
}

int kiln_enqueue_run_nd(kiln_queue *q, kiln_kernel *k, const size_t *global, const size_t *local,
                        kiln_event **ev)
{
	if (!global) {
		if (ev)
			*ev = NULL;
		return kiln__fail(KILN_ERR_INVALID, "kiln_enqueue_run_nd: NULL global range");
	}
	return enqueue_kernel(q, k, NULL, global, local, ev);
}

int kiln_enqueue_run_nd_offset(kiln_queue *q, kiln_kernel *k, const size_t *offset, const size_t *global,
                               const size_t *local, kiln_event **ev)
{
	if (!global) {
		if (ev)
			*ev = NULL;
		return kiln__fail(KILN_ERR_INVALID, "kiln_enqueue_run_nd_offset: NULL global range");
	}
	return enqueue_kernel(q, k, offset, global, local, ev);
}

static int enqueue_dg(kiln_queue *q, const void *dg, void *buf, size_t n, size_t off, enum kiln__dir dir,
                      kiln_event **ev)
{
	if (ev)
		*ev = NULL;
	if (!kiln_handle_live(q, KILN_H_QUEUE) || !dg || (!buf && n))
		return kiln__fail(KILN_ERR_INVALID, "device global enqueue: no live queue, or NULL argument");
	int st = kiln__dg_check(q->ctx, dg, n, off, dir);
	if (st != KILN_OK)
		return st;
	cmd *c = calloc(1, sizeof *c);
	if (!c)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	c->kind = CMD_DG;
	c->u.dg.dg = dg;
	c->u.dg.buf = buf;
	c->u.dg.n = n;
	c->u.dg.off = off;
	c->u.dg.dir = dir;
	return submit(q, c, ev);
}

int kiln_enqueue_dg_memcpy_to(kiln_queue *q, const void *dg, const void *src, size_t num_bytes, size_t offset,
                              kiln_event **ev)
{
	return enqueue_dg(q, dg, (void *)src, num_bytes, offset, KILN__WRITE, ev);
}

int kiln_enqueue_dg_memcpy_from(kiln_queue *q, void *dst, const void *dg, size_t num_bytes, size_t offset,
                                kiln_event **ev)
{
	return enqueue_dg(q, dg, dst, num_bytes, offset, KILN__READ, ev);
}

int kiln_enqueue_dg_copy_to(kiln_queue *q, const void *dg, const void *src, size_t count, size_t start_index,
                            kiln_event **ev)
{
	size_t n = 0, off = 0;
	int st = q ? kiln__dg_elems(q->ctx, dg, count, start_index, &n, &off)
	           : kiln__fail(KILN_ERR_INVALID, "kiln_enqueue_dg_copy_to: NULL queue");
	if (st != KILN_OK) {
		if (ev)
			*ev = NULL;
		return st;
	}
	return enqueue_dg(q, dg, (void *)src, n, off, KILN__WRITE, ev);
}

int kiln_enqueue_dg_copy_from(kiln_queue *q, const void *dg, void *dst, size_t count, size_t start_index,
                              kiln_event **ev)
{
	size_t n = 0, off = 0;
	int st = q ? kiln__dg_elems(q->ctx, dg, count, start_index, &n, &off)
	           : kiln__fail(KILN_ERR_INVALID, "kiln_enqueue_dg_copy_from: NULL queue");
	if (st != KILN_OK) {
		if (ev)
			*ev = NULL;
		return st;
	}
	return enqueue_dg(q, dg, dst, n, off, KILN__READ, ev);
}

static int enqueue_mem(kiln_queue *q, uint64_t addr, void *buf, size_t n, int write, kiln_event **ev)
{
	if (ev)
		*ev = NULL;
	if (!kiln_handle_live(q, KILN_H_QUEUE) || (!buf && n))
		return kiln__fail(KILN_ERR_INVALID, "device memory enqueue: no live queue, or NULL argument");
	uint64_t size = q->ctx->dev->cfg.devmem_bytes;
	if (addr > size || n > size - addr)
		return kiln__fail(KILN_ERR_INVALID,
		                  "device memory copy of %zu bytes at 0x%llx is outside the %llu-byte memory",
		                  n, (unsigned long long)addr, (unsigned long long)size);
	cmd *c = calloc(1, sizeof *c);
	if (!c)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	c->kind = CMD_MEM;
	c->u.mem.addr = addr;
	c->u.mem.buf = buf;
	c->u.mem.n = n;
	c->u.mem.write = write;
	return submit(q, c, ev);
}

int kiln_enqueue_mem_write(kiln_queue *q, uint64_t addr, const void *src, size_t n, kiln_event **ev)
{
	return enqueue_mem(q, addr, (void *)src, n, 1, ev);
}

int kiln_enqueue_mem_read(kiln_queue *q, uint64_t addr, void *dst, size_t n, kiln_event **ev)
{
	return enqueue_mem(q, addr, dst, n, 0, ev);
}
