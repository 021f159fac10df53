// SPDX-License-Identifier: Apache-2.0
/* Buffers before any program (CTS B1): every buffer operation works in a process whose board has never held
 * an image (clCreateBuffer with COPY_HOST_PTR and USE_HOST_PTR, write, read, copy, fill, map), and a kernel
 * built afterwards sees the data written before it existed. In this fresh process the reported largest
 * allocation (CTS B10) is also checked.
 * Usage: ocl_prebuild_test IMAGE.kimg */
#include "test/opencl/ocl_test.h"

#define N 64

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	cl_int err = CL_SUCCESS;
	cl_platform_id plat = kiln_platform();
	cl_device_id dev = NULL;
	if (!KT_CHECK(plat && clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL) == CL_SUCCESS,
	              "the Kiln device", "not found"))
		return KT_DONE();
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_command_queue q = err ? NULL : clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (!KT_CHECK(err == CL_SUCCESS, "context and queue", "error %d", err))
		return KT_DONE();

	/* CTS B10: with nothing else allocated, the reported largest allocation is possible. */
	cl_ulong maxalloc = 0;
	clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc, NULL);
	cl_mem big = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)maxalloc, NULL, &err);
	KT_CHECK(big && err == CL_SUCCESS, "a buffer of CL_DEVICE_MAX_MEM_ALLOC_SIZE can be created",
	         "%llu bytes: error %d", (unsigned long long)maxalloc, err);
	if (big)
		clReleaseMemObject(big);

	int host[N], use[N], back[N];
	for (int i = 0; i < N; i++) {
		host[i] = i * 3 + 1;
		use[i] = 1000 + i;
	}
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
	OK(err, "no program yet: clCreateBuffer COPY_HOST_PTR");
	cl_mem u = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof use, use, &err);
	OK(err, "no program yet: clCreateBuffer USE_HOST_PTR");
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof host, NULL, &err);
	OK(err, "no program yet: clCreateBuffer");
	memset(back, 0, sizeof back);
	OK(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), "no program yet: read");
	KT_CHECK(memcmp(back, host, sizeof host) == 0, "COPY_HOST_PTR data read back", "back[5]=%d", back[5]);
	OK(clEnqueueCopyBuffer(q, u, b, 0, 0, sizeof use, 0, NULL, NULL), "no program yet: copy");
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), "read the copy");
	KT_CHECK(memcmp(back, use, sizeof use) == 0, "USE_HOST_PTR data copied", "back[5]=%d", back[5]);
	int seven = 7;
	OK(clEnqueueFillBuffer(q, b, &seven, sizeof seven, 8 * sizeof(int), 4 * sizeof(int), 0, NULL, NULL),
	   "no program yet: fill");
	int *m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof back, 0, NULL, NULL,
	                            &err);
	KT_CHECK(err == CL_SUCCESS && m && m[7] == 1007 && m[8] == 7 && m[11] == 7 && m[12] == 1012,
	         "no program yet: map shows the fill", "err %d", err);
	if (m) {
		m[0] = -5;
		OK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL), "unmap");
	}
	OK(clFinish(q), "finish");

	/* Now a program: its kernel sums what was written before it existed. */
	size_t len = 0;
	unsigned char *img = read_all(argv[1], &len);
	const unsigned char *bins[1] = {img};
	cl_program p = img ? clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, NULL, &err) : NULL;
	if (!KT_CHECK(p && err == CL_SUCCESS && clBuildProgram(p, 1, &dev, "", NULL, NULL) == CL_SUCCESS,
	              "program built after the buffers", "error %d", err))
		return KT_DONE();
	cl_kernel k = clCreateKernel(p, "sum", &err);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(long long), NULL, &err);
	cl_uint n = N;
	cl_char bias = 0;
	cl_ushort pad = 0;
	OK(clSetKernelArg(k, 0, sizeof a, &a) | clSetKernelArg(k, 1, sizeof n, &n) |
	       clSetKernelArg(k, 2, sizeof out, &out) | clSetKernelArg(k, 3, sizeof bias, &bias) |
	       clSetKernelArg(k, 4, sizeof pad, &pad),
	   "kernel arguments");
	OK(clEnqueueTask(q, k, 0, NULL, NULL), "run sum over the early buffer");
	long long s = 0, want = 0;
	for (int i = 0; i < N; i++)
		want += host[i];
	OK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof s, &s, 0, NULL, NULL), "read the sum");
	KT_CHECK(s == want, "the kernel saw the data written before the program existed",
	         "sum %lld, want %lld", s, want);
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), "read the mapped buffer");
	KT_CHECK(back[0] == -5 && back[8] == 7, "the unmapped write survived loading the image", "back[0]=%d",
	         back[0]);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseMemObject(a);
	clReleaseMemObject(u);
	clReleaseMemObject(b);
	clReleaseMemObject(out);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(img);
	return KT_DONE();
}
