// SPDX-License-Identifier: Apache-2.0
/* End to end through libkiln on the simulated board: the counter example and the API's error paths. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "test/harness.h"

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/examples/counter.kimg";
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_kernel *bump = NULL;
	int v = 5, n = 3, got = 0;
	uint64_t cycles = 0;

	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open sim board", "%s", kiln_last_error()))
		return KT_DONE();
	if (!KT_CHECK(kiln_program_load(dev, image, &prog) == KILN_OK, "load counter image", "%s",
	              kiln_last_error()))
		return KT_DONE();
	KT_CHECK(kiln_kernel_get(prog, "bump", &bump) == KILN_OK, "kernel by C name", "%s",
	         kiln_last_error());
	kiln_kernel *native = NULL;
	KT_CHECK(kiln_kernel_get(prog, "__sycl_kernel_bump", &native) == KILN_OK && native == bump,
	         "kernel by native name", "%s", kiln_last_error());
	KT_EQ_U64(kiln_kernel_num_args(bump), 1, "bump has one argument");

	KT_CHECK(kiln_dg_write(prog, "counter", &v, sizeof v, 0) == KILN_OK, "write counter", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_dg_read(prog, "counter", &got, sizeof got, 0) == KILN_OK && got == 5,
	         "read counter back", "got %d: %s", got, kiln_last_error());
	KT_CHECK(kiln_kernel_run(bump, NULL) == KILN_ERR_STATE, "run with an unset argument is refused", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_kernel_set_arg(bump, 0, sizeof n, &n) == KILN_OK, "set n", "%s", kiln_last_error());
	for (int i = 0; i < 2; i++)
		KT_CHECK(kiln_kernel_run(bump, &cycles) == KILN_OK && cycles > 0, "run bump(3)", "%s",
		         kiln_last_error());
	KT_CHECK(kiln_dg_read(prog, "counter", &got, sizeof got, 0) == KILN_OK && got == 11,
	         "counter is 5 + 3 + 3", "got %d", got);

	/* Byte-granular access: the second byte alone. */
	uint8_t b = 0x7f;
	KT_CHECK(kiln_dg_write(prog, "counter", &b, 1, 1) == KILN_OK, "write one byte at offset 1", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_dg_read(prog, "counter", &got, sizeof got, 0) == KILN_OK && got == (11 | 0x7f00),
	         "byte write changed only its byte", "got 0x%x", got);

	/* Error paths: each is refused before any hardware access and changes nothing. */
	KT_CHECK(kiln_dg_read(prog, "nope", &got, 4, 0) == KILN_ERR_NOT_FOUND, "unknown device global", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_dg_read(prog, "counter", &got, 4, 1) == KILN_ERR_INVALID, "read past the end", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_dg_write(prog, "counter", &v, 8, 0) == KILN_ERR_INVALID,
	         "write larger than the variable", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(prog, "counter", NULL, 4, 0) == KILN_ERR_INVALID, "NULL destination", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_kernel_set_arg(bump, 0, 8, &n) == KILN_ERR_INVALID, "argument of the wrong size", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_kernel_set_arg(bump, 1, 4, &n) == KILN_ERR_INVALID, "argument index out of range", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_kernel_get(prog, "missing", &bump) == KILN_ERR_NOT_FOUND, "unknown kernel", "%s",
	         kiln_last_error());
	KT_CHECK(strlen(kiln_last_error()) > 0, "a failing call leaves a message", "empty");
	KT_CHECK(kiln_dg_read(prog, "counter", &got, sizeof got, 0) == KILN_OK && got == (11 | 0x7f00),
	         "refused calls changed nothing", "got 0x%x", got);

	kiln_program *bad = NULL;
	KT_CHECK(kiln_program_load(dev, "/nonexistent.kimg", &bad) == KILN_ERR_IO && !bad,
	         "a missing image file is KILN_ERR_IO, as kiln.h documents", "%s", kiln_last_error());
	char junk[] = "/tmp/kiln-counter-junk-XXXXXX";
	int jfd = mkstemp(junk);
	if (jfd >= 0) {
		KT_CHECK(write(jfd, "not an image\n", 13) == 13, "write a file that is no image", "failed");
		close(jfd);
		KT_CHECK(kiln_program_load(dev, junk, &bad) == KILN_ERR_IMAGE && !bad,
		         "a readable file that is no image is KILN_ERR_IMAGE", "%s", kiln_last_error());
		unlink(junk);
	}
	kiln_device *nodev = NULL;
	KT_CHECK(kiln_device_open("no-such-board", &nodev) == KILN_ERR_NOT_FOUND && !nodev, "unknown board",
	         "%s", kiln_last_error());

	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
