// SPDX-License-Identifier: Apache-2.0
/* DPC++'s USM-backed device_global class (test/postlink/dpcpp_usm_dg.ll: { usmptr, init_val }, reached
 * through an -O0 accessor and straight from -O2 code) compiled by kiln-cc and run on the simulated board: the
 * storage lives in device memory, starts at init_val, is shared by both kernels, keeps T's element size for
 * copies.
 */
#include <kiln/kiln.h>

#include "test/harness.h"

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *p = NULL;
	kiln_kernel *add = NULL, *fill = NULL;
	if (argc < 2 ||
	    !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open board", "%s", kiln_last_error()))
		return 1;
	if (!KT_CHECK(kiln_program_load(dev, argv[1], &p) == KILN_OK, "load image built from DPC++ IR", "%s",
	              kiln_last_error()))
		return KT_DONE();
	if (!KT_CHECK(kiln_kernel_get(p, "_ZTS6AddKer", &add) == KILN_OK &&
	                  kiln_kernel_get(p, "_ZTS7FillKer", &fill) == KILN_OK,
	              "both kernels found", "%s", kiln_last_error()))
		return KT_DONE();
	static const char arr_id[] = "_ZL6dg_arr__static_5e0cd2a1";
	int v = 0, five = 5, hundred = 100;
	size_t size = 0;
	uint32_t addr = 1;
	KT_CHECK(kiln_program_dg_info(p, "_Z8dg_count", &size, NULL, &addr) == KILN_OK && size == 4 &&
	             addr == 0,
	         "dg_count is sizeof(T) in device memory, not the 16-byte class", "size=%zu addr=0x%x %s",
	         size, addr, kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "_Z8dg_count", &v, 4, 0) == KILN_OK && v == 7, "storage starts at init_val",
	         "v=%d %s", v, kiln_last_error());

	kiln_kernel_set_arg(add, 0, 4, &five);
	KT_CHECK(kiln_kernel_run(add, NULL) == KILN_OK, "run AddKer(5) (accessor at -O0)", "%s",
	         kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "_Z8dg_count", &v, 4, 0) == KILN_OK && v == 12,
	         "AddKer updated dg_count through usmptr", "v=%d", v);
	kiln_kernel_set_arg(fill, 0, 4, &hundred);
	KT_CHECK(kiln_kernel_run(fill, NULL) == KILN_OK, "run FillKer(100) (-O2 code)", "%s",
	         kiln_last_error());
	int arr[8] = {0}, ok = 1;
	KT_CHECK(kiln_dg_read(p, arr_id, arr, sizeof arr, 0) == KILN_OK, "read dg_arr", "%s",
	         kiln_last_error());
	for (int i = 0; i < 8; i++)
		ok &= arr[i] == 112 + i;
	KT_CHECK(ok, "FillKer wrote base + dg_count + i (it saw AddKer's value)", "arr=%d,%d..%d", arr[0],
	         arr[1], arr[7]);

	/* Copies count elements of T's element type: the image records int's 4 bytes for int[8]. */
	static int host_arr[8];
	kiln_context *ctx = kiln_program_context(p);
	kiln_dg_facts f;
	KT_CHECK(kiln_dg_register(host_arr, arr_id, sizeof host_arr, 0) == KILN_OK &&
	             kiln_context_dg_info(ctx, host_arr, &f) == KILN_OK && f.elem_size == 4 &&
	             f.where == KILN_DG_IN_DEVICE_MEMORY && !f.image_scope,
	         "dg_arr: element size 4, in device memory, not device_image_scope", "elem=%zu where=%d %s",
	         f.elem_size, f.where, kiln_last_error());
	int two[2] = {-1, -2};
	KT_CHECK(kiln_dg_copy_to(ctx, host_arr, two, 2, 3) == KILN_OK &&
	             kiln_dg_read(p, arr_id, arr, sizeof arr, 0) == KILN_OK && arr[2] == 114 &&
	             arr[3] == -1 && arr[4] == -2 && arr[5] == 117,
	         "copy of 2 elements at index 3 writes words 3 and 4", "arr=%d,%d,%d,%d %s", arr[2], arr[3],
	         arr[4], arr[5], kiln_last_error());

	KT_CHECK(kiln_program_reprogram(p) == KILN_OK, "reprogram", "%s", kiln_last_error());
	KT_CHECK(kiln_dg_read(p, "_Z8dg_count", &v, 4, 0) == KILN_OK && v == 7,
	         "reprogramming restores init_val", "v=%d", v);
	kiln_dg_unregister(host_arr);
	kiln_program_release(p);
	kiln_device_close(dev);
	return KT_DONE();
}
