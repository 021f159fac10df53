// SPDX-License-Identifier: Apache-2.0
/* API misuse that once lost data or crashed (issue 11): freeing a device global's memory with
 * kiln_mem_free; releasing a program whose launches are still queued; closing a device under a live queue;
 * finishing or releasing a queue from a callback of its own commands; releasing any handle twice. Each check
 * fails without its fix (an aliased allocation, a launch reporting a released program or a use after free,
 * a deadlock caught by the alarm, a double free). */
#include <pthread.h>
#include <unistd.h>

#include "lk.h"

static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;
static int gate_open, gate_entered;

/* Holds the queue's worker inside a callback, so that the commands queued meanwhile stay queued. */
static void gate_cb(kiln_event *ev, int status, void *user)
{
	(void)ev, (void)status, (void)user;
	pthread_mutex_lock(&gate_mu);
	gate_entered = 1;
	pthread_cond_broadcast(&gate_cv);
	while (!gate_open)
		pthread_cond_wait(&gate_cv, &gate_mu);
	pthread_mutex_unlock(&gate_mu);
}

static void gate_wait_entered(void)
{
	pthread_mutex_lock(&gate_mu);
	while (!gate_entered)
		pthread_cond_wait(&gate_cv, &gate_mu);
	pthread_mutex_unlock(&gate_mu);
}

static void gate_release(void)
{
	pthread_mutex_lock(&gate_mu);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cv);
	pthread_mutex_unlock(&gate_mu);
}

/* What kiln_queue_finish and kiln_queue_release return when called from a callback of their own queue. */
static kiln_queue *self_q;
static int self_finish = 1, self_release = 1;
static void self_cb(kiln_event *ev, int status, void *user)
{
	(void)ev, (void)status, (void)user;
	self_finish = kiln_queue_finish(self_q);
	self_release = kiln_queue_release(self_q);
}

/* Enqueues fill(out, k) over N items on Q, gated when GATE; returns the event. */
static kiln_event *enqueue_fill(kiln_queue *q, kiln_program *p, uint64_t out, int k, size_t n)
{
	kiln_kernel *fill = lk_kernel(p, "fill");
	kiln_event *ev = NULL;
	LK_MUST(kiln_kernel_set_arg(fill, 0, 8, &out));
	LK_MUST(kiln_kernel_set_arg(fill, 1, 4, &k));
	LK_MUST(kiln_enqueue_run_nd(q, fill, &n, NULL, &ev));
	return ev;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: misuse_test RESET.kimg REPROGRAM.kimg\n");
		return 2;
	}
	alarm(120); /* a deadlock fails the test instead of hanging the suite */
	kiln_device *dev = NULL;
	kiln_context *ctx = NULL;
	kiln_program *p = NULL;
	kiln_queue *q = NULL;
	LK_MUST(lk_register_all());
	LK_MUST(kiln_device_open("sim", &dev));
	LK_MUST(kiln_context_create(dev, &ctx));
	LK_MUST(kiln_program_create(ctx, argv[1], &p));

	/* A device global's device-memory instance belongs to the runtime. */
	kiln_dg_facts f;
	int seven = 0;
	LK_MUST(kiln_dg_copy_from(ctx, &h_shared, &seven, 1, 0));
	LK_MUST(kiln_context_dg_info(ctx, &h_shared, &f));
	KT_CHECK(f.where == KILN_DG_IN_DEVICE_MEMORY, "'shared' lives in device memory", "where %d", f.where);
	int st = kiln_mem_free(dev, f.usm_addr);
	KT_CHECK(st == KILN_ERR_INVALID && strstr(kiln_last_error(), "device global"),
	         "kiln_mem_free of a device global's memory is refused", "%s: %s", kiln_status_name(st),
	         kiln_last_error());
	uint64_t a = 0;
	int junk = 0x5A5A5A5A, back = 0;
	LK_MUST(kiln_mem_alloc(dev, 64, &a));
	LK_MUST(kiln_mem_write(dev, a, &junk, sizeof junk));
	KT_CHECK(a != f.usm_addr, "a new allocation does not alias the global", "both at 0x%llx",
	         (unsigned long long)a);
	KT_CHECK(kiln_dg_copy_from(ctx, &h_shared, &back, 1, 0) == KILN_OK && back == seven,
	         "the global keeps its value", "%d, want %d: %s", back, seven, kiln_last_error());
	KT_CHECK(kiln_mem_free(dev, a + 4) == KILN_ERR_INVALID, "freeing inside an allocation is refused",
	         "accepted");
	KT_CHECK(kiln_mem_free(dev, a) == KILN_OK && kiln_mem_free(dev, a) == KILN_ERR_INVALID,
	         "an allocation frees once", "%s", kiln_last_error());

	/* Releasing a program with launches queued: they run, with the program's arguments. */
	uint64_t out = 0;
	int w[64];
	LK_MUST(kiln_mem_alloc(dev, sizeof w, &out));
	LK_MUST(kiln_queue_create(ctx, &q));
	kiln_event *g = enqueue_fill(q, p, out, 1, 64);
	LK_MUST(kiln_event_set_callback(g, gate_cb, NULL));
	gate_wait_entered();
	kiln_event *e1 = enqueue_fill(q, p, out, 2, 64), *e2 = enqueue_fill(q, p, out, 3, 64);
	kiln_program_release(p); /* the worker is held: both launches are still queued */
	gate_release();
	KT_CHECK(kiln_event_wait(e1) == KILN_OK && kiln_event_wait(e2) == KILN_OK,
	         "launches queued before their program's release run", "%s", kiln_last_error());
	LK_MUST(kiln_mem_read(dev, out, w, sizeof w));
	KT_CHECK(w[10] == 10 * 3 + 5 && w[63] == 63 * 3 + 5, "the last launch's results are in memory",
	         "w[10] %d w[63] %d", w[10], w[63]);
	kiln_program_release(p);
	KT_CHECK(strstr(kiln_last_error(), "not a live program") != NULL,
	         "a second program release is refused", "last error '%s'", kiln_last_error());

	/* Double releases of the other handles. */
	kiln_event_release(g);
	kiln_event_release(e1);
	kiln_event_release(e2);
	kiln_event_release(e2);
	KT_CHECK(strstr(kiln_last_error(), "not a live event") != NULL, "a second event release is refused",
	         "last error '%s'", kiln_last_error());
	KT_CHECK(kiln_event_status(e2) == KILN_ERR_INVALID, "a released event's status is an error",
	         "accepted");
	KT_CHECK(kiln_queue_release(q) == KILN_OK, "queue released", "%s", kiln_last_error());
	KT_CHECK(kiln_queue_release(q) == KILN_ERR_INVALID, "a second queue release is refused", "accepted");
	KT_CHECK(kiln_queue_finish(q) == KILN_ERR_INVALID, "finishing a released queue is refused",
	         "accepted");
	KT_CHECK(kiln_context_release(ctx) == KILN_OK, "context released", "%s", kiln_last_error());
	KT_CHECK(kiln_context_release(ctx) == KILN_ERR_INVALID, "a second context release is refused",
	         "accepted");

	/* Finishing or releasing a queue from a callback on its own worker would wait for itself. */
	kiln_context *dc = kiln_device_default_context(dev);
	LK_MUST(kiln_program_create(dc, argv[1], &p));
	LK_MUST(kiln_queue_create(dc, &self_q));
	kiln_event *se = enqueue_fill(self_q, p, out, 4, 8);
	LK_MUST(kiln_event_set_callback(se, self_cb, NULL));
	KT_CHECK(kiln_queue_finish(self_q) == KILN_OK, "the queue finishes", "%s", kiln_last_error());
	KT_CHECK(self_finish == KILN_ERR_STATE, "kiln_queue_finish from its own callback: KILN_ERR_STATE",
	         "%s", kiln_status_name(self_finish));
	KT_CHECK(self_release == KILN_ERR_STATE, "kiln_queue_release from its own callback: KILN_ERR_STATE",
	         "%s", kiln_status_name(self_release));
	kiln_event_release(se);

	/* Closing the device under a live queue: queued work completes, the queue is still usable to finish
	 * and release, and the board goes with it. */
	gate_open = gate_entered = 0;
	g = enqueue_fill(self_q, p, out, 6, 64);
	LK_MUST(kiln_event_set_callback(g, gate_cb, NULL));
	gate_wait_entered();
	e1 = enqueue_fill(self_q, p, out, 7, 64);
	kiln_program_release(p);
	kiln_device_close(dev);
	gate_release();
	KT_CHECK(kiln_event_wait(e1) == KILN_OK, "a launch queued before kiln_device_close runs", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_queue_release(self_q) == KILN_OK, "the queue releases after its device's close", "%s",
	         kiln_last_error());
	kiln_event_release(g);
	kiln_event_release(e1);
	kiln_device_close(dev);
	KT_CHECK(strstr(kiln_last_error(), "not an open device") != NULL, "a second device close is refused",
	         "last error '%s'", kiln_last_error());

	/* Closing a device frees the programs the application still holds (the one on the board included,
	 * without touching the closed board); their handles are then refused. */
	kiln_device *d2 = NULL;
	kiln_program *held = NULL;
	LK_MUST(kiln_device_open("sim", &d2));
	LK_MUST(kiln_program_load(d2, argv[1], &held));
	kiln_device_close(d2);
	kiln_program_release(held);
	KT_CHECK(strstr(kiln_last_error(), "not a live program") != NULL,
	         "a program freed with its device is not released again", "last error '%s'", kiln_last_error());
	return KT_DONE();
}
