/* An OpenCL host program as a user writes it against an installed Kiln: the system ICD loader finds the
 * platform through the installed .icd; it runs the counter example from its binary and from its source (which
 * makes the installed library run the installed kiln-cc). Prints "ok - ..." lines.
 * Usage: ocl_host COUNTER.kimg COUNTER.c */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <kiln/opencl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int cond, const char *what, cl_int err)
{
	if (cond) {
		printf("ok - %s\n", what);
	} else {
		printf("not ok - %s: error %d\n", what, err);
		failures++;
	}
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	if (b)
		b[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* Writes 5 to `counter`, runs bump(3) twice, reads it back: 11. */
static void run_counter(cl_platform_id plat, cl_context ctx, cl_device_id dev, cl_program prog, const char *how)
{
	char what[200];
	cl_int err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
	snprintf(what, sizeof what, "%s: clBuildProgram", how);
	check(err == CL_SUCCESS, what, err);
	if (err != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		printf("# build log: %s\n", log);
		return;
	}
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_kernel k = clCreateKernel(prog, "bump", &err);
	snprintf(what, sizeof what, "%s: kernel bump", how);
	check(k != NULL, what, err);
	clEnqueueWriteGlobalVariableINTEL_fn wr = (clEnqueueWriteGlobalVariableINTEL_fn)
	    clGetExtensionFunctionAddressForPlatform(plat, "clEnqueueWriteGlobalVariableINTEL");
	clEnqueueReadGlobalVariableINTEL_fn rd = (clEnqueueReadGlobalVariableINTEL_fn)
	    clGetExtensionFunctionAddressForPlatform(plat, "clEnqueueReadGlobalVariableINTEL");
	if (!k || !q || !wr || !rd) {
		check(0, "queue and extension functions", err);
		return;
	}
	int start = 5, n = 3, value = 0;
	err = wr(q, prog, "counter", CL_TRUE, sizeof start, 0, &start, 0, NULL, NULL);
	err |= clSetKernelArg(k, 0, sizeof n, &n);
	err |= clEnqueueTask(q, k, 0, NULL, NULL);
	err |= clEnqueueTask(q, k, 0, NULL, NULL);
	err |= rd(q, prog, "counter", CL_TRUE, sizeof value, 0, &value, 0, NULL, NULL);
	snprintf(what, sizeof what, "%s: counter 5 + 2 x bump(3) reads back 11 (got %d)", how, value);
	check(err == CL_SUCCESS && value == 11, what, err);
	clReleaseKernel(k);
	clReleaseCommandQueue(q);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: ocl_host COUNTER.kimg COUNTER.c\n");
		return 2;
	}
	cl_platform_id plats[8];
	cl_uint np = 0;
	cl_int err = clGetPlatformIDs(8, plats, &np);
	cl_platform_id plat = NULL;
	for (cl_uint i = 0; i < np; i++) {
		char name[64] = "";
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strcmp(name, "Kiln") == 0)
			plat = plats[i];
	}
	check(plat != NULL, "the ICD loader finds the installed Kiln platform", err);
	if (!plat)
		return 1;
	cl_device_id dev;
	err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	check(ctx != NULL, "context", err);

	size_t len = 0;
	unsigned char *bin = (unsigned char *)slurp(argv[1], &len);
	const unsigned char *bins[] = {bin};
	cl_int bst = 0;
	cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, &bst, &err);
	check(pb != NULL, "program from the image", err);
	if (pb)
		run_counter(plat, ctx, dev, pb, "binary");

	size_t slen = 0;
	char *src = slurp(argv[2], &slen);
	const char *srcs[] = {src};
	cl_program ps = clCreateProgramWithSource(ctx, 1, srcs, &slen, &err);
	check(ps != NULL, "program from Kiln C source", err);
	if (ps)
		run_counter(plat, ctx, dev, ps, "source (installed kiln-cc)");

	free(bin);
	free(src);
	clReleaseContext(ctx);
	return failures ? 1 : 0;
}
