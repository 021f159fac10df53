// SPDX-License-Identifier: Apache-2.0
/* An OpenCL host program built against an installed Kiln: the system ICD loader finds the platform through
 * the installed .icd; it runs the counter example from its binary and from its source (which makes the
 * installed library run the installed kiln-cc). Usage: ocl_host COUNTER.kimg COUNTER.c */
#include "test/opencl/ocl_test.h"

/* Writes 5 to `counter`, runs bump(3) twice, reads it back: 11. */
static void run_counter(cl_platform_id plat, cl_context ctx, cl_device_id dev, cl_program prog,
                        const char *options, const char *how)
{
	char what[200];
	cl_int err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
	snprintf(what, sizeof what, "%s: clBuildProgram", how);
	if (!KT_CHECK(err == CL_SUCCESS, what, "error %d", err)) {
		char log[4096] = "";
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		printf("# build log: %s\n", log);
		return;
	}
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_kernel k = clCreateKernel(prog, "bump", &err);
	clEnqueueWriteGlobalVariableINTEL_fn wr =
	    (clEnqueueWriteGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        plat, "clEnqueueWriteGlobalVariableINTEL");
	clEnqueueReadGlobalVariableINTEL_fn rd =
	    (clEnqueueReadGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        plat, "clEnqueueReadGlobalVariableINTEL");
	snprintf(what, sizeof what, "%s: queue, kernel bump, extension functions", how);
	if (!KT_CHECK(k && q && wr && rd, what, "error %d", err))
		return;
	int start = 5, n = 3, value = 0;
	err = wr(q, prog, "counter", CL_TRUE, sizeof start, 0, &start, 0, NULL, NULL);
	err |= clSetKernelArg(k, 0, sizeof n, &n);
	err |= clEnqueueTask(q, k, 0, NULL, NULL);
	err |= clEnqueueTask(q, k, 0, NULL, NULL);
	err |= rd(q, prog, "counter", CL_TRUE, sizeof value, 0, &value, 0, NULL, NULL);
	snprintf(what, sizeof what, "%s: counter 5 + 2 x bump(3) reads back 11", how);
	KT_CHECK(err == CL_SUCCESS && value == 11, what, "error %d, value %d", err, value);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: ocl_host COUNTER.kimg COUNTER.c\n");
		return 2;
	}
	cl_platform_id plat = kiln_platform();
	if (!KT_CHECK(plat, "the ICD loader finds the installed Kiln platform", "not among the platforms"))
		return KT_DONE();
	cl_device_id dev;
	cl_int err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (!KT_CHECK(ctx, "context", "error %d", err))
		return KT_DONE();

	size_t len = 0, slen = 0;
	unsigned char *bin = read_all(argv[1], &len);
	const unsigned char *bins[] = {bin};
	cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, NULL, &err);
	if (KT_CHECK(pb, "program from the image", "error %d", err))
		run_counter(plat, ctx, dev, pb, "", "binary");

	char *src = (char *)read_all(argv[2], &slen);
	const char *srcs[] = {src};
	cl_program ps = clCreateProgramWithSource(ctx, 1, srcs, &slen, &err);
	if (KT_CHECK(ps, "program from Kiln C source", "error %d", err))
		run_counter(plat, ctx, dev, ps, KILN_OCL_KILN_C_OPTION, "source (installed kiln-cc)");

	free(bin);
	free(src);
	clReleaseContext(ctx);
	return KT_DONE();
}
