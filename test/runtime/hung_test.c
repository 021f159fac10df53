// SPDX-License-Identifier: Apache-2.0
/* The watchdog: a kernel that never finishes (an infinite loop, and a loop bounded by a huge argument) is
 * reported as KILN_ERR_TIMEOUT with a message, the board is reset, and the runtime stays usable. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include <kiln/kiln.h>

#include "test/harness.h"

#define BUDGET 20000u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs spin(N) from a known hits value and checks the result: the runtime works after a hang. */
static void check_usable(kiln_program *prog, kiln_kernel *spin, const char *when)
{
	char name[128];
	unsigned zero = 0, got = 0, n = 100;
	snprintf(name, sizeof name, "%s: a normal kernel runs and its global reads back", when);
	int ok = kiln_dg_write(prog, "hits", &zero, sizeof zero, 0) == KILN_OK &&
	         kiln_kernel_set_arg(spin, 0, sizeof n, &n) == KILN_OK &&
	         kiln_kernel_run(spin, NULL) == KILN_OK &&
	         kiln_dg_read(prog, "hits", &got, sizeof got, 0) == KILN_OK && got == n;
	KT_CHECK(ok, name, "hits %u, want %u: %s", got, n, kiln_last_error());
}

/* A hung kernel on one thread; the main thread's unrelated calls must not wait for its watchdog. */
static kiln_kernel *g_forever;
static atomic_int g_hang_started, g_hang_done;
static void *hang_thread(void *arg)
{
	(void)arg;
	int k = 1;
	kiln_kernel_set_arg(g_forever, 0, sizeof k, &k);
	atomic_store(&g_hang_started, 1);
	kiln_kernel_run(g_forever, NULL);
	atomic_store(&g_hang_done, 1);
	return NULL;
}

static void check_others_proceed(kiln_device *dev, kiln_program *prog, kiln_kernel *spin, uint64_t def)
{
	/* The budget is sized from this machine's simulation speed: about 4 s of hang. */
	unsigned n = 20000, zero = 0, back = 0;
	uint64_t cycles = 0;
	kiln_device_set_watchdog(dev, def);
	kiln_dg_write(prog, "hits", &zero, sizeof zero, 0);
	kiln_kernel_set_arg(spin, 0, sizeof n, &n);
	double t0 = now();
	if (!KT_CHECK(kiln_kernel_run(spin, &cycles) == KILN_OK, "measure the simulation speed", "%s",
	              kiln_last_error()))
		return;
	double rate = (double)cycles / (now() - t0 + 1e-6);
	uint64_t budget = (uint64_t)(rate * 4.0) + 100000;
	kiln_device_set_watchdog(dev, budget);
	pthread_t th;
	pthread_create(&th, NULL, hang_thread, NULL);
	while (!atomic_load(&g_hang_started))
		sched_yield();
	struct timespec pause = {0, 200000000};
	nanosleep(&pause, NULL);
	uint64_t a = 0;
	uint32_t magic = 0, vals[4] = {1, 2, 3, 4}, got[4] = {0};
	t0 = now();
	int ok =
	    kiln_device_mmio_read(dev, 0x0, &magic) == KILN_OK && magic == 0x4B53484Cu &&
	    kiln_mem_alloc(dev, 64, &a) == KILN_OK && kiln_mem_write(dev, a, vals, sizeof vals) == KILN_OK &&
	    kiln_mem_read(dev, a, got, sizeof got) == KILN_OK && memcmp(vals, got, sizeof vals) == 0 &&
	    kiln_dg_read(prog, "hits", &back, sizeof back, 0) == KILN_OK && kiln_mem_free(dev, a) == KILN_OK;
	double dt = now() - t0;
	int still = !atomic_load(&g_hang_done);
	KT_CHECK(ok && still, "while a kernel hangs, other threads' bus, memory and global calls proceed",
	         "ok %d, the hang %s when they returned (%.2f s): %s", ok, still ? "still ran" : "had ended",
	         dt, kiln_last_error());
	pthread_join(th, NULL);
	kiln_device_set_watchdog(dev, BUDGET);
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/test/runtime/runtime.kimg";
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_kernel *forever = NULL, *spin = NULL;
	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open sim board", "%s", kiln_last_error()) ||
	    !KT_CHECK(kiln_program_load(dev, image, &prog) == KILN_OK, "load runtime image", "%s",
	              kiln_last_error()) ||
	    !KT_CHECK(kiln_kernel_get(prog, "forever", &forever) == KILN_OK &&
	                  kiln_kernel_get(prog, "spin", &spin) == KILN_OK,
	              "kernels forever and spin", "%s", kiln_last_error()))
		return KT_DONE();

	uint64_t def = kiln_device_watchdog(dev);
	KT_CHECK(def > BUDGET, "the board config gives a default budget", "%llu", (unsigned long long)def);
	KT_CHECK(kiln_device_set_watchdog(dev, 0) == KILN_ERR_INVALID, "a zero budget is refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_device_set_watchdog(NULL, 5) == KILN_ERR_INVALID, "NULL device is refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_device_set_watchdog(dev, BUDGET) == KILN_OK && kiln_device_watchdog(dev) == BUDGET,
	         "set a small budget", "%s", kiln_last_error());

	/* The sentinel is init_mode reset: changed now, it comes back to 42 only if the board is reset. */
	int seven = 7, s = 0, k = 1;
	KT_CHECK(kiln_dg_write(prog, "sentinel", &seven, sizeof s, 0) == KILN_OK &&
	             kiln_dg_read(prog, "sentinel", &s, sizeof s, 0) == KILN_OK && s == 7,
	         "sentinel changed before the hang", "got %d", s);
	kiln_kernel_set_arg(forever, 0, sizeof k, &k);
	uint64_t cycles = 123;
	double t0 = now();
	int st = kiln_kernel_run(forever, &cycles);
	double dt = now() - t0;
	KT_CHECK(st == KILN_ERR_TIMEOUT, "infinite loop: KILN_ERR_TIMEOUT", "got %s: %s",
	         kiln_status_name(st), kiln_last_error());
	const char *msg = kiln_last_error();
	KT_CHECK(strstr(msg, "forever") && strstr(msg, "20000") && strstr(msg, "reset"),
	         "the message names the kernel, the budget and the reset", "\"%s\"", msg);
	KT_CHECK(dt < 5.0, "the hang is caught within the budget, not the default", "took %.2f s", dt);
	KT_CHECK(kiln_dg_read(prog, "sentinel", &s, sizeof s, 0) == KILN_OK && s == 42,
	         "the board was reset (init_mode=reset global back to 42)", "got %d: %s", s,
	         kiln_last_error());
	KT_EQ_U64(kiln_device_loaded_image(dev), kiln_program_image_hash(prog), "the image stays loaded");
	check_usable(prog, spin, "after the infinite loop");

	/* A loop bounded by a huge argument is just as hung for the watchdog. */
	unsigned huge = 0xFFFFFFFFu;
	kiln_kernel_set_arg(spin, 0, sizeof huge, &huge);
	st = kiln_kernel_run(spin, NULL);
	KT_CHECK(st == KILN_ERR_TIMEOUT, "loop bounded by 2^32-1: KILN_ERR_TIMEOUT", "got %s: %s",
	         kiln_status_name(st), kiln_last_error());
	check_usable(prog, spin, "after the huge loop");

	/* Twice in a row, then everything else still works: device globals, device memory, the bus. */
	st = kiln_kernel_run(forever, NULL);
	KT_CHECK(st == KILN_ERR_TIMEOUT && kiln_kernel_run(forever, NULL) == KILN_ERR_TIMEOUT,
	         "two hangs in a row are both caught", "%s", kiln_last_error());
	int vals[8] = {1, 2, 3, 4, 5, 6, 7, 8}, back[8] = {0};
	KT_CHECK(kiln_dg_write(prog, "slot", vals, sizeof vals, 0) == KILN_OK &&
	             kiln_dg_read(prog, "slot", back, sizeof back, 0) == KILN_OK &&
	             memcmp(vals, back, sizeof vals) == 0,
	         "device-global array access after hangs", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_write(prog, "usm", vals, sizeof vals, 0) == KILN_OK &&
	             kiln_dg_read(prog, "usm", back, sizeof back, 0) == KILN_OK &&
	             memcmp(vals, back, sizeof vals) == 0,
	         "device-memory global access after hangs", "%s", kiln_last_error());
	uint64_t a = 0;
	KT_CHECK(kiln_mem_alloc(dev, 256, &a) == KILN_OK &&
	             kiln_mem_write(dev, a, vals, sizeof vals) == KILN_OK &&
	             kiln_mem_read(dev, a, back, sizeof back) == KILN_OK &&
	             memcmp(vals, back, sizeof vals) == 0 && kiln_mem_free(dev, a) == KILN_OK,
	         "device memory after hangs", "%s", kiln_last_error());
	uint32_t magic = 0;
	KT_CHECK(kiln_device_mmio_read(dev, 0x0, &magic) == KILN_OK && magic == 0x4B53484Cu,
	         "the shell answers after hangs", "0x%08x", magic);

	g_forever = forever;
	check_others_proceed(dev, prog, spin, def);
	check_usable(prog, spin, "after a hang that others worked beside");

	/* Back to the default budget: a long but finite kernel is not cut short. */
	unsigned n = 50000, got = 0, zero = 0;
	KT_CHECK(kiln_device_set_watchdog(dev, def) == KILN_OK, "restore the default budget", "%s",
	         kiln_last_error());
	kiln_dg_write(prog, "hits", &zero, sizeof zero, 0);
	kiln_kernel_set_arg(spin, 0, sizeof n, &n);
	st = kiln_kernel_run(spin, &cycles);
	KT_CHECK(st == KILN_OK && kiln_dg_read(prog, "hits", &got, sizeof got, 0) == KILN_OK && got == n,
	         "a kernel longer than the small budget finishes under the default", "%s, hits %u: %s",
	         kiln_status_name(st), got, kiln_last_error());
	KT_CHECK(cycles > BUDGET, "it ran longer than the small budget", "%llu cycles",
	         (unsigned long long)cycles);

	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
