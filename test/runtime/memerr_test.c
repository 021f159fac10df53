// SPDX-License-Identifier: Apache-2.0
/* A kernel's device-memory access outside the board's memory is reported, not silently dropped: the run
 * returns KILN_ERR_MEM_ACCESS with a message naming the kernel, the direction and the address, the access
 * changes nothing, and the board stays usable. On the Verilated board, through libkiln and the queue.
 * Usage: memerr_test RUNTIME.kimg */
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#include "test/harness.h"

static int set_args(kiln_kernel *k, uint64_t p, unsigned i, int v, int read)
{
	return kiln_kernel_set_arg(k, 0, sizeof p, &p) | kiln_kernel_set_arg(k, 1, sizeof i, &i) |
	       kiln_kernel_set_arg(k, 2, sizeof v, &v) | kiln_kernel_set_arg(k, 3, sizeof read, &read);
}

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_kernel *poke = NULL;
	if (argc < 2 || !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK &&
	                              kiln_program_load(dev, argv[1], &prog) == KILN_OK &&
	                              kiln_kernel_get(prog, "poke", &poke) == KILN_OK,
	                          "board, image, kernel poke", "%s", kiln_last_error()))
		return KT_DONE();
	uint64_t buf = 0, size = kiln_device_mem_size(dev);
	int zero[8] = {0}, back[8];
	kiln_mem_alloc(dev, sizeof zero, &buf);
	kiln_mem_write(dev, buf, zero, sizeof zero);
	/* Index far enough that buf + 4 * far lies past the end of device memory. */
	unsigned far = (unsigned)(size / 4) + 16;
	char want[64];
	snprintf(want, sizeof want, "0x%08llx", (unsigned long long)(buf + 4ull * far));

	set_args(poke, buf, far, 99, 0);
	int st = kiln_kernel_run(poke, NULL);
	KT_EQ_STR(kiln_status_name(st), "KILN_ERR_MEM_ACCESS", "an out-of-range store is an error");
	const char *msg = kiln_last_error();
	KT_CHECK(strstr(msg, "kernel 'poke'") && strstr(msg, "wrote") && strstr(msg, want),
	         "the message names the kernel, the direction and the address", "%s (want %s)", msg, want);

	set_args(poke, buf, far, 0, 1);
	st = kiln_kernel_run(poke, NULL);
	KT_CHECK(st == KILN_ERR_MEM_ACCESS && strstr(kiln_last_error(), "read"),
	         "an out-of-range load is an error", "%s: %s", kiln_status_name(st), kiln_last_error());
	kiln_mem_read(dev, buf, back, sizeof back);
	KT_CHECK(back[0] == 0, "the dropped load returned zero", "%d", back[0]);

	set_args(poke, buf, 5, 42, 0);
	st = kiln_kernel_run(poke, NULL);
	kiln_mem_read(dev, buf, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[5] == 42, "the board stays usable: the next store lands", "%s, %d",
	         kiln_status_name(st), back[5]);

	/* Through a queue: the event carries the status and the message. */
	kiln_queue *q = NULL;
	kiln_event *ev = NULL;
	set_args(poke, buf, far, 1, 0);
	if (KT_CHECK(kiln_queue_create(kiln_program_context(prog), &q) == KILN_OK &&
	                 kiln_enqueue_run(q, poke, &ev) == KILN_OK,
	             "enqueue", "%s", kiln_last_error())) {
		kiln_event_wait(ev);
		KT_CHECK(kiln_event_status(ev) == KILN_ERR_MEM_ACCESS &&
		             strstr(kiln_event_message(ev), "poke"),
		         "a queued run's event fails with KILN_ERR_MEM_ACCESS", "%s: %s",
		         kiln_status_name(kiln_event_status(ev)), kiln_event_message(ev));
		kiln_event_release(ev);
		kiln_queue_release(q);
	}
	kiln_mem_free(dev, buf);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
