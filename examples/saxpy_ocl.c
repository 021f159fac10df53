// SPDX-License-Identifier: Apache-2.0
/* Host side of examples/saxpy.c through OpenCL: the system ICD loader finds Kiln (its .icd), the image is a
 * program binary, buffers are device memory, the kernel is an nd-range launch, and the device global is
 * written with cl_intel_global_variable_access.
 * Build: cc saxpy_ocl.c -lOpenCL $(pkg-config --cflags kiln)   Run: ./saxpy_ocl saxpy.kimg */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <kiln/opencl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

static void check(cl_int err, const char *what)
{
	if (err != CL_SUCCESS) {
		fprintf(stderr, "saxpy_ocl: %s: OpenCL error %d\n", what, err);
		exit(1);
	}
}

static unsigned char *read_image(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b = NULL;
	if (f && fseek(f, 0, SEEK_END) == 0 && (*len = (size_t)ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = malloc(*len)) && fread(b, 1, *len, f) != *len) {
		free(b);
		b = NULL;
	}
	if (f)
		fclose(f);
	return b;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/examples/saxpy.kimg";
	cl_platform_id plat = NULL, plats[8];
	cl_uint np = 0;
	check(clGetPlatformIDs(8, plats, &np), "clGetPlatformIDs");
	for (cl_uint i = 0; i < np; i++) {
		char name[64] = "";
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strcmp(name, "Kiln") == 0)
			plat = plats[i];
	}
	if (!plat) {
		fprintf(stderr,
		        "saxpy_ocl: no Kiln platform (is its .icd installed, or OCL_ICD_VENDORS set?)\n");
		return 1;
	}
	cl_device_id dev;
	cl_int err;
	check(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL), "clGetDeviceIDs");
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	check(err, "clCreateContext");
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	check(err, "clCreateCommandQueueWithProperties");

	size_t len = 0;
	unsigned char *bin = read_image(image, &len);
	if (!bin) {
		fprintf(stderr, "saxpy_ocl: cannot read %s\n", image);
		return 1;
	}
	const unsigned char *bins[] = {bin};
	cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, NULL, &err);
	check(err, "clCreateProgramWithBinary");
	check(clBuildProgram(prog, 1, &dev, "", NULL, NULL), "clBuildProgram");
	cl_kernel k = clCreateKernel(prog, "saxpy", &err);
	check(err, "clCreateKernel");

	int x[N], y[N], a = 3, bias = 7;
	for (int i = 0; i < N; i++) {
		x[i] = i;
		y[i] = 1000 - i;
	}
	cl_mem bx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
	check(err, "clCreateBuffer x");
	cl_mem by = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
	check(err, "clCreateBuffer y");
	clEnqueueWriteGlobalVariableINTEL_fn write_global =
	    (clEnqueueWriteGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        plat, "clEnqueueWriteGlobalVariableINTEL");
	check(write_global(q, prog, "bias", CL_TRUE, sizeof bias, 0, &bias, 0, NULL, NULL),
	      "clEnqueueWriteGlobalVariableINTEL");
	check(clSetKernelArg(k, 0, sizeof by, &by), "clSetKernelArg y");
	check(clSetKernelArg(k, 1, sizeof bx, &bx), "clSetKernelArg x");
	check(clSetKernelArg(k, 2, sizeof a, &a), "clSetKernelArg a");
	size_t global = N, local = 16;
	check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL),
	      "clEnqueueNDRangeKernel");
	check(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL), "clEnqueueReadBuffer");

	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += y[i] != a * i + 1000 - i + bias;
	printf("OpenCL saxpy over %d work-items: %s\n", N, bad ? "WRONG" : "all correct");

	clReleaseMemObject(bx);
	clReleaseMemObject(by);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(bin);
	return bad ? 1 : 0;
}
