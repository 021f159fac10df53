// SPDX-License-Identifier: Apache-2.0
/* Eight host threads, each with its own queue and its own program of the reset image, six in one context and
 * two in another, mixing kernel launches, device-global copies (queued and blocking) and device-memory
 * copies. Nothing may be lost: each thread reads back what it wrote, and each context's counters end at
 * exactly its number of launches, although the board switches between the contexts all the time (save and
 * restore of read_write values, USM instances per context). */
#include <pthread.h>

#include "lk.h"

#define THREADS 8
#define ROUNDS 25
#define WORDS 64

struct worker {
	kiln_device *dev;
	kiln_context *ctx;
	const char *image;
	int id, errors;
	char first[300];
};

static void note(struct worker *w, int round, const char *what)
{
	if (!w->errors++)
		snprintf(w->first, sizeof w->first, "thread %d round %d: %s: %s", w->id, round, what,
		         kiln_last_error());
}

static void *run(void *arg)
{
	struct worker *w = arg;
	kiln_program *p = NULL;
	kiln_queue *q = NULL;
	uint64_t buf = 0;
	uint32_t out[WORDS], in[WORDS];
	int one = 1;
	if (kiln_program_create(w->ctx, w->image, &p) || kiln_queue_create(w->ctx, &q) ||
	    kiln_mem_alloc(w->dev, sizeof out, &buf)) {
		note(w, -1, "setup");
		return NULL;
	}
	kiln_kernel *bump = NULL;
	if (kiln_kernel_get(p, "bump", &bump) || kiln_kernel_set_arg(bump, 0, 4, &one)) {
		note(w, -1, "kernel");
		return NULL;
	}
	for (int r = 0; r < ROUNDS; r++) {
		int val = w->id * 1000 + r, back = -1, sync_back = -1;
		for (int i = 0; i < WORDS; i++)
			out[i] = (uint32_t)w->id << 24 ^ (uint32_t)r << 12 ^ (uint32_t)i * 2654435761u;
		memset(in, 0, sizeof in);
		kiln_event *ev = NULL;
		if (kiln_enqueue_dg_copy_to(q, &h_vec, &val, 1, (size_t)w->id, NULL) ||
		    kiln_enqueue_run(q, bump, NULL) ||
		    kiln_enqueue_dg_copy_from(q, &h_vec, &back, 1, (size_t)w->id, NULL) ||
		    kiln_enqueue_mem_write(q, buf, out, sizeof out, NULL) ||
		    kiln_enqueue_mem_read(q, buf, in, sizeof in, &ev)) {
			note(w, r, "enqueue");
			break;
		}
		if (kiln_event_wait(ev) || kiln_queue_finish(q))
			note(w, r, "queued commands");
		kiln_event_release(ev);
		if (back != val)
			note(w, r, "vec element lost");
		if (memcmp(in, out, sizeof in))
			note(w, r, "device memory pattern lost");
		/* Blocking calls from the same thread, interleaved with everyone's queues. */
		val = -val;
		if (kiln_dg_copy_to(w->ctx, &h_vec, &val, 1, (size_t)w->id) ||
		    kiln_dg_copy_from(w->ctx, &h_vec, &sync_back, 1, (size_t)w->id) || sync_back != val)
			note(w, r, "blocking copy");
	}
	if (kiln_queue_release(q))
		note(w, ROUNDS, "queue release");
	kiln_mem_free(w->dev, buf);
	kiln_program_release(p);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: threads_test RESET.kimg REPROGRAM.kimg\n");
		return 2;
	}
	kiln_device *dev = NULL;
	kiln_context *ctx[2] = {0};
	kiln_program *keep[2] = {0};
	pthread_t t[THREADS];
	struct worker w[THREADS];
	LK_MUST(lk_register_all());
	LK_MUST(kiln_device_open("sim", &dev));
	for (int c = 0; c < 2; c++) {
		LK_MUST(kiln_context_create(dev, &ctx[c]));
		/* A program that outlives the threads, so that the final values can be read through the
		 * image. */
		LK_MUST(kiln_program_create(ctx[c], argv[1], &keep[c]));
	}
	for (int i = 0; i < THREADS; i++) {
		w[i] = (struct worker){.dev = dev, .ctx = ctx[i < 6 ? 0 : 1], .image = argv[1], .id = i};
		if (pthread_create(&t[i], NULL, run, &w[i]) != 0) {
			printf("not ok - setup: pthread_create\n");
			return 1;
		}
	}
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < THREADS; i++) {
		char name[64];
		snprintf(name, sizeof name, "thread %d lost nothing", i);
		KT_CHECK(w[i].errors == 0, name, "%d errors, first: %s", w[i].errors, w[i].first);
	}
	uint64_t resets = 0;
	kiln_device_counters(dev, NULL, &resets);
	KT_CHECK(resets > 1, "the board switched between the contexts under load", "%llu resets",
	         (unsigned long long)resets);
	int launches[2] = {6 * ROUNDS, 2 * ROUNDS};
	for (int c = 0; c < 2; c++) {
		int acc = -1, shared = -1, twin = -1;
		char name[80];
		LK_MUST(kiln_dg_copy_from(ctx[c], &h_acc, &acc, 1, 0));
		LK_MUST(kiln_dg_copy_from(ctx[c], &h_shared, &shared, 1, 0));
		LK_MUST(kiln_dg_copy_from(ctx[c], &h_twin, &twin, 1, 0));
		snprintf(name, sizeof name, "context %d: every launch counted in acc, twin and shared", c);
		KT_CHECK(acc == 5 + launches[c] && twin == 100 + launches[c] && shared == 7 + launches[c],
		         name, "acc %d twin %d shared %d, want %d launches", acc, twin, shared, launches[c]);
	}
	for (int c = 0; c < 2; c++) {
		kiln_program_release(keep[c]);
		LK_MUST(kiln_context_release(ctx[c]));
	}
	kiln_device_close(dev);
	return KT_DONE();
}
