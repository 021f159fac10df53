// SPDX-License-Identifier: Apache-2.0
/* KILN_TRACE from an OpenCL host, through the ICD loader: the host runs a kernel and ends without releasing
 * anything (as OpenCL programs do, and the loader never closes the board), in one child by exit() and in one
 * by a return from main; each leaves a whole waveform (bsp/sim/host/sim_backend.c writes the traces of boards
 * still open when the program ends).
 * Usage: ocl_trace_test TRACED.kimg DIR (an image built with kiln-cc --trace, with kernel bump(int)) */
#include <sys/wait.h>
#include <unistd.h>

#include "test/opencl/ocl_test.h"

/* In a child: KILN_TRACE=PATH, bump(3) from IMAGE through OpenCL, then exit() (BY_EXIT) or return from
 * main without a release. Returns the child's wait status, or -1 in the child that returns. */
static int traced_run(const char *image, const char *path, int by_exit)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		setenv("KILN_TRACE", path, 1);
		cl_int err = CL_SUCCESS;
		cl_platform_id plat = kiln_platform();
		cl_device_id dev = NULL;
		size_t len = 0;
		unsigned char *bin = read_all(image, &len);
		if (!plat || !bin ||
		    clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL) != CL_SUCCESS)
			_exit(3);
		cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
		cl_command_queue q = err ? NULL : clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
		const unsigned char *bins[1] = {bin};
		cl_program prog =
		    err ? NULL : clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, NULL, &err);
		if (err || clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS)
			_exit(4);
		cl_kernel k = clCreateKernel(prog, "bump", &err);
		int n = 3;
		size_t one = 1;
		if (err || clSetKernelArg(k, 0, sizeof n, &n) != CL_SUCCESS ||
		    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL) != CL_SUCCESS ||
		    clFinish(q) != CL_SUCCESS)
			_exit(5);
		if (by_exit)
			exit(0);
		return -1;
	}
	int st = -1;
	if (pid > 0)
		waitpid(pid, &st, 0);
	return st;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	for (int by_exit = 1; by_exit >= 0; by_exit--) {
		char path[4200];
		snprintf(path, sizeof path, "%s/ocl_trace_%d.vcd", argv[2], by_exit);
		remove(path);
		int st = traced_run(argv[1], path, by_exit);
		if (st == -1)
			return 0; /* the child, back in main: it ends here without a release */
		char *vcd = kt_read_file(path, NULL);
		KT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && vcd && strstr(vcd, "$enddefinitions") &&
		             strstr(vcd, "$scope module u_kernel_bump") && strstr(vcd, "\n#10000\n"),
		         by_exit
		             ? "an OpenCL host that ends by exit() without releasing gets its whole trace"
		             : "an OpenCL host that returns from main without releasing gets its whole trace",
		         "wait status %#x, %s", (unsigned)st, vcd ? "no kernel scope or values" : "no file");
		free(vcd);
	}
	return KT_DONE();
}
