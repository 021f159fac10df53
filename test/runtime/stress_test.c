// SPDX-License-Identifier: Apache-2.0
/* Eight host threads share one device and one program, each mixing kernel launches, device-global copies
 * (CSR words, a dedicated RAM window, a device-memory global) and device-memory copies with patterns of its
 * own. Nothing may be lost: every counter ends at exactly the number of launches, every read returns what
 * that thread wrote. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#include "test/harness.h"

#define THREADS 8
#define ROUNDS 40
#define BUF_WORDS 256

struct worker {
	kiln_device *dev;
	kiln_program *prog;
	int id;
	int errors;
	char first_error[256];
};

static void note(struct worker *w, const char *what, int round)
{
	if (!w->errors++)
		snprintf(w->first_error, sizeof w->first_error, "round %d: %s: %s", round, what,
		         kiln_last_error());
}

static uint32_t pattern(int id, int round, int i)
{
	return (uint32_t)id << 28 ^ (uint32_t)round << 16 ^ (uint32_t)i * 2654435761u;
}

static void *run(void *arg)
{
	struct worker *w = arg;
	char kname[24];
	kiln_kernel *bump = NULL;
	uint64_t buf = 0;
	uint32_t out[BUF_WORDS], in[BUF_WORDS];
	snprintf(kname, sizeof kname, "bump%d", w->id);
	/* Kernel objects hold argument state, so each thread launches its own kernel (as in OpenCL). */
	if (kiln_kernel_get(w->prog, kname, &bump) != KILN_OK ||
	    kiln_mem_alloc(w->dev, sizeof out, &buf) != KILN_OK) {
		note(w, "setup", -1);
		return NULL;
	}
	for (int r = 0; r < ROUNDS; r++) {
		if (kiln_kernel_run(bump, NULL) != KILN_OK)
			note(w, "launch", r);
		int32_t s = (int32_t)pattern(w->id, r, 0), sb = 0;
		if (kiln_dg_write(w->prog, "slot", &s, 4, 4 * (size_t)w->id) != KILN_OK ||
		    kiln_dg_read(w->prog, "slot", &sb, 4, 4 * (size_t)w->id) != KILN_OK || sb != s)
			note(w, "slot (CSR) copy", r);
		int32_t bw[8], bb[8];
		for (int i = 0; i < 8; i++)
			bw[i] = (int32_t)pattern(w->id, r, i + 1);
		if (kiln_dg_write(w->prog, "big", bw, sizeof bw, sizeof bw * (size_t)w->id) != KILN_OK ||
		    kiln_dg_read(w->prog, "big", bb, sizeof bb, sizeof bb * (size_t)w->id) != KILN_OK ||
		    memcmp(bw, bb, sizeof bw) != 0)
			note(w, "big (dedicated window) copy", r);
		int32_t u = (int32_t)pattern(w->id, r, 99), ub = 0;
		if (kiln_dg_write(w->prog, "usm", &u, 4, 4 * (size_t)w->id) != KILN_OK ||
		    kiln_dg_read(w->prog, "usm", &ub, 4, 4 * (size_t)w->id) != KILN_OK || ub != u)
			note(w, "usm (device memory) global copy", r);
		for (int i = 0; i < BUF_WORDS; i++)
			out[i] = pattern(w->id, r, i + 1000);
		if (kiln_mem_write(w->dev, buf, out, sizeof out) != KILN_OK ||
		    kiln_mem_read(w->dev, buf, in, sizeof in) != KILN_OK || memcmp(out, in, sizeof out) != 0)
			note(w, "device memory copy", r);
		if (r % 8 == 7) {
			/* Allocation churn beside the copies: the allocator shares the device lock. */
			uint64_t tmp = 0;
			if (kiln_mem_alloc(w->dev, 64 + 64 * (size_t)w->id, &tmp) != KILN_OK ||
			    kiln_mem_write(w->dev, tmp, out, 64) != KILN_OK ||
			    kiln_mem_free(w->dev, tmp) != KILN_OK)
				note(w, "allocation churn", r);
		}
	}
	/* The buffer still holds this thread's last pattern: no other thread wrote over it. */
	if (kiln_mem_read(w->dev, buf, in, sizeof in) != KILN_OK || memcmp(out, in, sizeof out) != 0)
		note(w, "final buffer check", ROUNDS);
	if (kiln_mem_free(w->dev, buf) != KILN_OK)
		note(w, "free", ROUNDS);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/test/runtime/runtime.kimg";
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open sim board", "%s", kiln_last_error()) ||
	    !KT_CHECK(kiln_program_load(dev, image, &prog) == KILN_OK, "load runtime image", "%s",
	              kiln_last_error()))
		return KT_DONE();
	for (int t = 0; t < THREADS; t++) {
		char g[16];
		int zero = 0;
		snprintf(g, sizeof g, "g%d", t);
		kiln_dg_write(prog, g, &zero, sizeof zero, 0);
	}
	struct worker w[THREADS];
	pthread_t th[THREADS];
	for (int t = 0; t < THREADS; t++) {
		w[t] = (struct worker){.dev = dev, .prog = prog, .id = t};
		KT_CHECK(pthread_create(&th[t], NULL, run, &w[t]) == 0, "start thread",
		         "pthread_create failed");
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	for (int t = 0; t < THREADS; t++) {
		char name[96], g[16];
		snprintf(name, sizeof name,
		         "thread %d: every launch and copy succeeded and read back its own data", t);
		KT_CHECK(w[t].errors == 0, name, "%d errors, first: %s", w[t].errors, w[t].first_error);
		int v = -1;
		snprintf(g, sizeof g, "g%d", t);
		snprintf(name, sizeof name, "thread %d: counter g%d is %d (no launch lost)", t, t, ROUNDS);
		KT_CHECK(kiln_dg_read(prog, g, &v, sizeof v, 0) == KILN_OK && v == ROUNDS, name, "got %d: %s",
		         v, kiln_last_error());
	}
	/* Each thread's last slice values survived every other thread's copies. */
	int32_t slot[8], big[64], usm[8];
	int ok = kiln_dg_read(prog, "slot", slot, sizeof slot, 0) == KILN_OK &&
	         kiln_dg_read(prog, "big", big, sizeof big, 0) == KILN_OK &&
	         kiln_dg_read(prog, "usm", usm, sizeof usm, 0) == KILN_OK;
	for (int t = 0; ok && t < THREADS; t++) {
		ok = slot[t] == (int32_t)pattern(t, ROUNDS - 1, 0) &&
		     usm[t] == (int32_t)pattern(t, ROUNDS - 1, 99);
		for (int i = 0; ok && i < 8; i++)
			ok = big[8 * t + i] == (int32_t)pattern(t, ROUNDS - 1, i + 1);
	}
	KT_CHECK(ok, "every thread's last device-global values are intact", "%s", kiln_last_error());
	uint64_t all = 0;
	KT_CHECK(kiln_mem_alloc(dev, kiln_device_mem_size(dev) - kiln_device_mem_base(dev) - 64 * 64, &all) ==
	                 KILN_OK &&
	             kiln_mem_free(dev, all) == KILN_OK,
	         "every thread's allocation was freed (memory coalesces back)", "%s", kiln_last_error());
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
