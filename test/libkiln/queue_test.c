// SPDX-License-Identifier: Apache-2.0
/* Queues and events: in-order execution of kernels (single task, nd-range), device-global copies and
 * device-memory copies; arguments captured at enqueue; status queries; callbacks exactly once on the worker
 * thread; profiling plausibility; device failures reported by the event; refusals at enqueue time. */
#include <pthread.h>

#include "lk.h"

static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;
static int gate_open, gate_entered;
static pthread_t main_thread, worker_thread;

/* Holds the queue's worker inside a callback, so that the commands queued meanwhile stay queued. */
static void gate_cb(kiln_event *ev, int status, void *user)
{
	(void)ev, (void)status;
	if (pthread_equal(pthread_self(), main_thread)) {
		*(int *)user = 1; /* ran inline: the command had completed before registration */
		return;
	}
	pthread_mutex_lock(&gate_mu);
	worker_thread = pthread_self();
	gate_entered = 1;
	pthread_cond_broadcast(&gate_cv);
	while (!gate_open)
		pthread_cond_wait(&gate_cv, &gate_mu);
	pthread_mutex_unlock(&gate_mu);
}

#define NEV 5
static int calls[NEV + 1], statuses[NEV + 1];
static pthread_t threads[NEV + 1];

static void count_cb(kiln_event *ev, int status, void *user)
{
	int i = (int)(intptr_t)user;
	calls[i]++;
	statuses[i] = status;
	threads[i] = pthread_self();
	KT_CHECK(kiln_event_status(ev) == status, "event complete inside its callback", "status %d", status);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: queue_test RESET.kimg REPROGRAM.kimg\n");
		return 2;
	}
	kiln_device *dev = NULL;
	kiln_context *ctx = NULL, *other = NULL;
	kiln_program *a = NULL, *a_unset = NULL, *b_other = NULL;
	kiln_queue *q = NULL;
	kiln_event *ev[NEV] = {0}, *e0 = NULL;
	uint64_t out = 0;
	main_thread = pthread_self();
	LK_MUST(lk_register_all());
	LK_MUST(kiln_device_open("sim", &dev));
	LK_MUST(kiln_context_create(dev, &ctx));
	LK_MUST(kiln_context_create(dev, &other));
	LK_MUST(kiln_program_create(ctx, argv[1], &a));
	LK_MUST(kiln_program_create(ctx, argv[1], &a_unset));
	LK_MUST(kiln_program_create(other, argv[2], &b_other));
	LK_MUST(kiln_queue_create(ctx, &q));
	KT_CHECK(kiln_queue_context(q) == ctx, "queue belongs to its context", "other context");
	LK_MUST(kiln_mem_alloc(dev, 65536, &out));
	kiln_kernel *bump = lk_kernel(a, "bump"), *get = lk_kernel(a, "get"), *fill = lk_kernel(a, "fill");
	LK_MUST(kiln_kernel_set_arg(get, 0, 8, &out));
	LK_MUST(kiln_kernel_set_arg(fill, 0, 8, &out));
	int k = 3;
	LK_MUST(kiln_kernel_set_arg(fill, 1, 4, &k));
	size_t gsz[1] = {64}, lsz[1] = {4};

	/* Block the worker inside a callback (retrying when the command beat the registration). */
	int inline_ran = 1;
	for (int attempt = 0; attempt < 50 && inline_ran; attempt++) {
		inline_ran = 0;
		kiln_event_release(e0);
		LK_MUST(kiln_enqueue_run_nd(q, fill, gsz, lsz, &e0));
		LK_MUST(kiln_event_set_callback(e0, gate_cb, &inline_ran));
	}
	KT_CHECK(!inline_ran, "worker held in a callback", "every attempt completed before registration");
	pthread_mutex_lock(&gate_mu);
	while (!gate_entered)
		pthread_cond_wait(&gate_cv, &gate_mu);
	pthread_mutex_unlock(&gate_mu);

	/* Queued behind the held worker: copy_to acc, bump(5), copy_from acc, get, read the words back. */
	int ten = 10, acc_back = -1, words[G_WORDS];
	memset(words, 0xff, sizeof words);
	int n = 5;
	LK_MUST(kiln_enqueue_dg_copy_to(q, &h_acc, &ten, 1, 0, &ev[0]));
	LK_MUST(kiln_kernel_set_arg(bump, 0, 4, &n));
	LK_MUST(kiln_enqueue_run(q, bump, &ev[1]));
	n = 1000; /* arguments were captured at enqueue: this must not reach the queued launch */
	LK_MUST(kiln_kernel_set_arg(bump, 0, 4, &n));
	LK_MUST(kiln_enqueue_dg_copy_from(q, &h_acc, &acc_back, 1, 0, &ev[2]));
	LK_MUST(kiln_enqueue_run(q, get, &ev[3]));
	LK_MUST(kiln_enqueue_mem_read(q, out, words, sizeof words, &ev[4]));
	int all_queued = 1;
	for (int i = 0; i < NEV; i++)
		all_queued &= kiln_event_status(ev[i]) == KILN_EVENT_QUEUED;
	KT_CHECK(all_queued, "commands behind a busy worker are queued",
	         "a status was not KILN_EVENT_QUEUED");
	kiln_event_profile prof;
	KT_EQ_U64(kiln_event_profile_get(ev[1], &prof), KILN_ERR_STATE, "no profile before completion");
	for (int i = 0; i < NEV; i++)
		LK_MUST(kiln_event_set_callback(ev[i], count_cb, (void *)(intptr_t)i));

	pthread_mutex_lock(&gate_mu);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cv);
	pthread_mutex_unlock(&gate_mu);
	KT_EQ_U64(kiln_queue_finish(q), KILN_OK, "queue finishes without error");

	int once = 1, on_worker = 1;
	for (int i = 0; i < NEV; i++) {
		once &= calls[i] == 1 && statuses[i] == KILN_OK;
		on_worker &= pthread_equal(threads[i], worker_thread) != 0;
	}
	KT_CHECK(once, "each callback ran exactly once with KILN_OK", "calls %d %d %d %d %d", calls[0],
	         calls[1], calls[2], calls[3], calls[4]);
	KT_CHECK(on_worker && !pthread_equal(worker_thread, main_thread),
	         "callbacks ran on the queue's worker", "other thread");
	KT_EQ_U64(acc_back, 15, "in order: copy_to 10, bump(5), copy_from");
	KT_EQ_U64(words[G_ACC], 15, "in order: get after bump, read after get");
	KT_EQ_U64(kiln_event_wait(ev[3]), KILN_OK, "wait on a completed event");
	KT_EQ_STR(kiln_event_message(ev[3]), "", "no message on success");

	/* A callback registered after completion runs at once on the registering thread. */
	LK_MUST(kiln_event_set_callback(ev[0], count_cb, (void *)(intptr_t)NEV));
	KT_CHECK(calls[NEV] == 1 && pthread_equal(threads[NEV], main_thread),
	         "late callback runs once, inline", "calls %d", calls[NEV]);

	/* Profiling: host timestamps in order; device time = cycles x the board's clock period. */
	LK_MUST(kiln_event_profile_get(ev[1], &prof));
	KT_CHECK(prof.queued_ns <= prof.submit_ns && prof.submit_ns <= prof.start_ns &&
	             prof.start_ns <= prof.end_ns,
	         "queued <= submit <= start <= end", "%llu %llu %llu %llu",
	         (unsigned long long)prof.queued_ns, (unsigned long long)prof.submit_ns,
	         (unsigned long long)prof.start_ns, (unsigned long long)prof.end_ns);
	KT_CHECK(prof.end_ns > prof.queued_ns, "the kernel took time", "end == queued");
	KT_CHECK(prof.device_cycles > 0, "kernel reports device cycles", "0 cycles");
	double period = kiln_device_clock_period_ns(dev);
	KT_CHECK(period > 0 && prof.device_ns == (double)prof.device_cycles * period,
	         "device ns = cycles x period", "%f ns for %llu cycles at %f", prof.device_ns,
	         (unsigned long long)prof.device_cycles, period);
	LK_MUST(kiln_event_profile_get(ev[0], &prof));
	KT_CHECK(prof.device_cycles == 0 && prof.queued_ns <= prof.submit_ns && prof.start_ns <= prof.end_ns,
	         "copy profile: no cycles, ordered times", "%llu cycles",
	         (unsigned long long)prof.device_cycles);
	for (int i = 0; i < NEV; i++)
		kiln_event_release(ev[i]);
	kiln_event_release(e0);

	/* nd-range results. */
	int res[64];
	kiln_event *e = NULL;
	LK_MUST(kiln_enqueue_run_nd(q, fill, gsz, lsz, NULL));
	LK_MUST(kiln_enqueue_mem_read(q, out, res, sizeof res, &e));
	KT_EQ_U64(kiln_event_wait(e), KILN_OK, "nd-range then read");
	int good = 1;
	for (int i = 0; i < 64; i++)
		good &= res[i] == 3 * i + 15;
	KT_CHECK(good, "nd-range kernel wrote every work-item", "res[1] %d res[63] %d", res[1], res[63]);
	kiln_event_release(e);

	/* A device failure is reported by the event and by finish; the queue stays usable. */
	LK_MUST(kiln_device_set_watchdog(dev, 200));
	size_t huge[1] = {1u << 20};
	LK_MUST(kiln_enqueue_run_nd(q, fill, huge, NULL, &e));
	KT_EQ_U64(kiln_event_wait(e), KILN_ERR_TIMEOUT, "hung launch: event reports TIMEOUT");
	KT_EQ_U64(kiln_event_status(e), (uint64_t)(int64_t)KILN_ERR_TIMEOUT, "status query reports TIMEOUT");
	KT_CHECK(strstr(kiln_event_message(e), "did not finish") != NULL, "event carries the message",
	         "\"%s\"", kiln_event_message(e));
	KT_EQ_U64(kiln_queue_finish(q), KILN_ERR_TIMEOUT, "finish reports the first failure");
	KT_EQ_U64(kiln_queue_finish(q), KILN_OK, "and only once");
	kiln_event_release(e);
	LK_MUST(kiln_device_set_watchdog(dev, 10000000));
	int after = -1;
	LK_MUST(kiln_enqueue_dg_memcpy_from(q, &after, &h_acc, 4, 0, &e));
	KT_EQ_U64(kiln_event_wait(e), KILN_OK, "queue usable after a failure");
	KT_EQ_U64(after, 5, "the watchdog's reset restored acc (init_mode reset)");
	kiln_event_release(e);

	/* Refusals at enqueue time: nothing queued, no event. */
	e = (kiln_event *)&e;
	KT_EQ_U64(kiln_enqueue_run(q, lk_kernel(a_unset, "bump"), &e), KILN_ERR_STATE,
	          "unset argument: STATE");
	KT_CHECK(e == NULL, "refused enqueue hands out no event", "event set");
	KT_EQ_U64(kiln_enqueue_run(q, fill, NULL), KILN_ERR_INVALID, "single-task launch of nd-range kernel");
	KT_EQ_U64(kiln_enqueue_run_nd(q, bump, gsz, NULL, NULL), KILN_ERR_INVALID,
	          "nd-range launch of single task");
	size_t bad[1] = {10};
	KT_EQ_U64(kiln_enqueue_run_nd(q, fill, bad, lsz, NULL), KILN_ERR_INVALID,
	          "range not a multiple of local");
	KT_EQ_U64(kiln_enqueue_run(q, lk_kernel(b_other, "bump_b"), NULL), KILN_ERR_INVALID,
	          "kernel of another context");
	KT_EQ_U64(kiln_enqueue_dg_copy_to(q, &h_vec, res, 9, 0, &e), KILN_ERR_INVALID,
	          "dg copy out of range");
	KT_EQ_U64(kiln_enqueue_dg_copy_to(q, &h_ro, res, 1, 0, NULL), KILN_ERR_ACCESS,
	          "dg copy to read-only");
	KT_EQ_U64(kiln_enqueue_dg_memcpy_from(q, res, &h_hidden, 4, 0, NULL), KILN_ERR_ACCESS,
	          "dg read of none");
	KT_EQ_U64(kiln_enqueue_mem_write(q, kiln_device_mem_size(dev), res, 4, NULL), KILN_ERR_INVALID,
	          "device memory copy outside memory");
	KT_EQ_U64(kiln_enqueue_run(NULL, bump, NULL), KILN_ERR_INVALID, "NULL queue");
	KT_EQ_U64(kiln_event_wait(NULL), KILN_ERR_INVALID, "wait on NULL event");
	KT_EQ_U64(kiln_queue_finish(q), KILN_OK, "refusals left nothing in the queue");

	KT_EQ_U64(kiln_context_release(ctx), KILN_ERR_STATE, "context with a live queue is not released");
	KT_EQ_U64(kiln_queue_release(q), KILN_OK, "queue released");
	kiln_program_release(a);
	kiln_program_release(a_unset);
	kiln_program_release(b_other);
	LK_MUST(kiln_context_release(ctx));
	LK_MUST(kiln_context_release(other));
	kiln_mem_free(dev, out);
	kiln_device_close(dev);
	return KT_DONE();
}
