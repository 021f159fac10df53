// SPDX-License-Identifier: Apache-2.0
/* run_main IMAGE KERNEL: runs a C program's main that a wrapper made kernel KERNEL(int *result) on the
 * simulated board, the way the program runs natively: what it prints goes to stdout (through the runtime's
 * debug channel), and the exit status is main's return value, exit's status, or 134 after abort or a failed
 * assert (as a shell reports SIGABRT). Any other failure is status 2 with a message. With KILN_RUN_MAIN_CYCLES
 * set, the run's cycles go to stderr ("run_main: cycles N"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "kiln/kiln.h"

int main(int argc, char **argv)
{
	kiln_device *d = NULL;
	kiln_program *p = NULL;
	kiln_kernel *k = NULL;
	uint64_t res = 0;
	/* a value no main returns through the wrapper unchanged, so that a kernel that never stored its result
	 * is not taken for a main that returned 0 */
	const int32_t unset = (int32_t)0x5eedf00d;
	int32_t r = unset;
	if (argc != 3) {
		fprintf(stderr, "usage: run_main IMAGE KERNEL\n");
		return 2;
	}
	if (kiln_device_open(NULL, &d) || kiln_program_load(d, argv[1], &p) || kiln_kernel_get(p, argv[2], &k) ||
	    kiln_mem_alloc(d, sizeof r, &res) || kiln_mem_write(d, res, &r, sizeof r) ||
	    kiln_kernel_set_arg(k, 0, sizeof res, &res)) {
		fprintf(stderr, "run_main: %s\n", kiln_last_error());
		return 2;
	}
	uint64_t cycles = 0;
	int st = kiln_kernel_run(k, &cycles);
	if (getenv("KILN_RUN_MAIN_CYCLES")) /* for the benchmark */
		fprintf(stderr, "run_main: cycles %llu\n", (unsigned long long)cycles);
	fflush(stdout);
	if (st == KILN_ERR_EXIT) {
		fprintf(stderr, "run_main: %s\n", kiln_last_error());
		return kiln_kernel_exit_status(k);
	}
	if (st != KILN_OK || kiln_mem_read(d, res, &r, sizeof r)) {
		fprintf(stderr, "run_main: %s\n", kiln_last_error());
		return 2;
	}
	kiln_program_release(p);
	kiln_device_close(d);
	if (r == unset) {
		fprintf(stderr, "run_main: the kernel ended without storing main's result\n");
		return 2;
	}
	return r & 0xff;
}
