// SPDX-License-Identifier: Apache-2.0
/* DPC++-style device IR (test/postlink/dpcpp_device.ll) compiled by kiln-cc and run on the simulated board:
 * a usm-backed global, a CSR byte with init_mode reset, a read-only dedicated array with init_mode reprogram.
 */
#include <kiln/kiln.h>

#include "test/harness.h"

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *p = NULL;
	kiln_kernel *ka = NULL, *kb = NULL;
	if (argc < 2 ||
	    !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open board", "%s", kiln_last_error()))
		return 1;
	if (!KT_CHECK(kiln_program_load(dev, argv[1], &p) == KILN_OK, "load image built from DPC++ IR", "%s",
	              kiln_last_error()))
		return KT_DONE();
	KT_CHECK(kiln_kernel_get(p, "ka", &ka) == KILN_OK &&
	             kiln_kernel_get(p, "__sycl_kernel_kb", &kb) == KILN_OK,
	         "both kernels found", "%s", kiln_last_error());
	int v = 0, ten = 10, five = 5, two = 2;
	uint8_t c = 0;
	int ro[4] = {0};
	KT_CHECK(kiln_dg_read(p, "_ZL7dg_int1", &v, 4, 0) == KILN_OK && v == 0, "usm global starts at zero",
	         "v=%d %s", v, kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "dg_char", &c, 1, 0) == KILN_OK && c == 5, "CSR byte has its initializer",
	         "c=%d", c);
	KT_CHECK(kiln_dg_read(p, "dg_ro", ro, 16, 0) == KILN_OK && ro[0] == 1 && ro[3] == 4,
	         "read-only array has its initializer", "%d %d", ro[0], ro[3]);
	KT_CHECK(kiln_dg_write(p, "dg_ro", &ten, 4, 0) == KILN_ERR_ACCESS,
	         "host write to host_access read refused", "%s", kiln_last_error());

	KT_CHECK(kiln_dg_write(p, "_ZL7dg_int1", &ten, 4, 0) == KILN_OK, "host writes the usm global", "%s",
	         kiln_last_error());
	kiln_kernel_set_arg(ka, 0, 4, &five);
	KT_CHECK(kiln_kernel_run(ka, NULL) == KILN_OK, "run ka(5)", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "_ZL7dg_int1", &v, 4, 0) == KILN_OK && v == 15,
	         "kernel updated the usm global through its usmptr", "v=%d", v);
	KT_CHECK(kiln_dg_read(p, "dg_char", &c, 1, 0) == KILN_OK && c == 6, "kernel incremented the CSR byte",
	         "c=%d", c);
	kiln_kernel_set_arg(kb, 0, 4, &two);
	KT_CHECK(kiln_kernel_run(kb, NULL) == KILN_OK, "run kb(2)", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "dg_ro", ro, 16, 0) == KILN_OK && ro[2] == 13 && ro[1] == 2,
	         "kernel wrote the dedicated array", "ro=%d,%d", ro[1], ro[2]);
	KT_CHECK(kiln_dg_read(p, "_ZL7dg_int1", &v, 4, 0) == KILN_OK && v == 18,
	         "second kernel shares the usm global", "v=%d", v);

	/* Reset restores init_mode reset globals only; reprogramming restores everything in the image. */
	KT_CHECK(kiln_device_reset(dev) == KILN_OK, "board reset", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "dg_char", &c, 1, 0) == KILN_OK && c == 5, "init_mode reset: value restored",
	         "c=%d", c);
	KT_CHECK(kiln_dg_read(p, "dg_ro", ro, 16, 0) == KILN_OK && ro[2] == 13,
	         "init_mode reprogram: reset leaves the value", "ro[2]=%d", ro[2]);
	KT_CHECK(kiln_program_reprogram(p) == KILN_OK, "reprogram", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "dg_ro", ro, 16, 0) == KILN_OK && ro[2] == 3,
	         "init_mode reprogram: reprogramming restores the value", "ro[2]=%d", ro[2]);
	KT_CHECK(kiln_dg_read(p, "_ZL7dg_int1", &v, 4, 0) == KILN_OK && v == 0,
	         "reprogramming re-initialises the usm global", "v=%d", v);
	kiln_program_release(p);
	kiln_device_close(dev);
	return KT_DONE();
}
