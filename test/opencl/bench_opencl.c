// SPDX-License-Identifier: Apache-2.0
/* Benchmark of Kiln's OpenCL layer on the simulated board, through the system ICD loader:
 *  1. clEnqueueReadGlobalVariableINTEL (blocking, 4 bytes) against the kiln_dg_read call it wraps;
 *  2. clEnqueueTask launch-to-completion wall time of an empty kernel (against kiln_kernel_run).
 * Prints one JSON object, then a table. Usage: bench_opencl IMAGE.kimg [ITERATIONS] */
#include <time.h>

#include <kiln/kiln.h>

#include "test/opencl/ocl_test.h"

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s IMAGE.kimg [ITERATIONS]\n", argv[0]);
		return 2;
	}
	int iters = argc > 2 ? atoi(argv[2]) : 2000;
	if (iters < 10)
		iters = 10;
	ocl_env env;
	if (!ocl_setup(&env, argv[1]))
		return 1;
	kiln_device *dev = NULL;
	kiln_program *kp = NULL;
	kiln_kernel *kempty = NULL;
	if (kiln_device_open(NULL, &dev) || kiln_program_load(dev, argv[1], &kp) ||
	    kiln_kernel_get(kp, "empty", &kempty)) {
		fprintf(stderr, "libkiln: %s\n", kiln_last_error());
		return 1;
	}
	cl_int err = 0, v = 0;
	cl_kernel empty = clCreateKernel(env.prog, "empty", &err);
	cl_command_queue q = clCreateCommandQueueWithProperties(env.ctx, env.dev, NULL, &err);

	/* Warm up both paths. */
	for (int i = 0; i < 100; i++) {
		kiln_dg_read(kp, "dg_rw", &v, 4, 0);
		env.read_gv(q, env.prog, "dg_rw", CL_TRUE, 4, 0, &v, 0, NULL, NULL);
	}
	/* Finely interleaved batches (both paths see the same load on a shared machine); the median batch of
	 * each path is reported. */
	enum { BATCH = 20 };
	int nb = iters / BATCH, kb = nb / 4 > 10 ? nb / 4 : 10;
	double *lib = calloc((size_t)nb, sizeof *lib), *ocl = calloc((size_t)nb, sizeof *ocl);
	double *task = calloc((size_t)kb, sizeof *task), *libtask = calloc((size_t)kb, sizeof *libtask);
	for (int b = 0; b < nb; b++) {
		double t0 = now_ns();
		for (int i = 0; i < BATCH; i++)
			kiln_dg_read(kp, "dg_rw", &v, 4, 0);
		double t1 = now_ns();
		for (int i = 0; i < BATCH; i++)
			env.read_gv(q, env.prog, "dg_rw", CL_TRUE, 4, 0, &v, 0, NULL, NULL);
		double t2 = now_ns();
		lib[b] = (t1 - t0) / BATCH;
		ocl[b] = (t2 - t1) / BATCH;
	}
	for (int b = 0; b < kb; b++) {
		double t0 = now_ns();
		clEnqueueTask(q, empty, 0, NULL, NULL);
		clFinish(q);
		double t1 = now_ns();
		kiln_kernel_run(kempty, NULL);
		double t2 = now_ns();
		task[b] = t1 - t0;
		libtask[b] = t2 - t1;
	}
	qsort(lib, (size_t)nb, sizeof lib[0], cmp_d);
	qsort(ocl, (size_t)nb, sizeof ocl[0], cmp_d);
	qsort(task, (size_t)kb, sizeof task[0], cmp_d);
	qsort(libtask, (size_t)kb, sizeof libtask[0], cmp_d);
	double lm = lib[nb / 2], om = ocl[nb / 2], tm = task[kb / 2], ltm = libtask[kb / 2];
	free(lib);
	free(ocl);
	free(task);
	free(libtask);
	/* Device time of the empty kernel, from profiling. */
	cl_command_queue pq = env.q;
	cl_event ev = NULL;
	cl_ulong s = 0, e = 0;
	clEnqueueTask(pq, empty, 0, NULL, &ev);
	clWaitForEvents(1, &ev);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL);
	clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL);
	clReleaseEvent(ev);
	double ratio = om / lm;
	printf("{\"benchmark\": \"opencl\", \"iterations\": %d, \"batch\": %d,\n"
	       " \"read_global_variable\": {\"kiln_dg_read_ns\": %.0f, "
	       "\"clEnqueueReadGlobalVariableINTEL_ns\": %.0f, "
	       "\"ratio\": %.3f, \"goal\": 1.2, \"met\": %s},\n"
	       " \"empty_task\": {\"clEnqueueTask_to_completion_ns\": %.0f, \"kiln_kernel_run_ns\": %.0f, "
	       "\"device_ns\": %llu}}\n",
	       iters, (int)BATCH, lm, om, ratio, ratio <= 1.2 ? "true" : "false", tm, ltm,
	       (unsigned long long)(e - s));
	printf("\n%-52s %12s\n", "measure (median batch)", "value");
	printf("%-52s %10.0f ns\n", "kiln_dg_read, 4 bytes", lm);
	printf("%-52s %10.0f ns\n", "clEnqueueReadGlobalVariableINTEL, blocking, 4 bytes", om);
	printf("%-52s %12.3f %s\n", "overhead ratio (goal <= 1.2)", ratio, ratio <= 1.2 ? "met" : "NOT met");
	printf("%-52s %10.0f ns\n", "clEnqueueTask + clFinish, empty kernel", tm);
	printf("%-52s %10.0f ns\n", "kiln_kernel_run, empty kernel", ltm);
	printf("%-52s %10llu ns\n", "empty kernel device time (profiling)", (unsigned long long)(e - s));
	clReleaseKernel(empty);
	clReleaseCommandQueue(q);
	ocl_teardown(&env);
	kiln_program_release(kp);
	kiln_device_close(dev);
	return 0;
}
