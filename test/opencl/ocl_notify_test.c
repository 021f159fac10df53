// SPDX-License-Identifier: Apache-2.0
/* Errors with a reason reach the context's pfn_notify: an invalid binary, a failed build (whose log names the
 * source as program.c, not a deleted temporary), a device global that is not there, and a kernel's
 * out-of-range device-memory store, which also fails its event and leaves the board usable.
 * Usage: ocl_notify_test IMAGE.kimg */
#include "test/opencl/ocl_test.h"

#include <unistd.h>

#define MAX_NOTES 16
static char notes[MAX_NOTES][1024];
static int nnotes;

static void CL_CALLBACK note(const char *errinfo, const void *private_info, size_t cb, void *user)
{
	(void)private_info, (void)cb;
	if (nnotes < MAX_NOTES)
		snprintf(notes[nnotes++], sizeof notes[0], "%s", errinfo);
	++*(int *)user;
}

/* Whether a note since MARK contains every one of the NULL-terminated strings. */
static int noted(int mark, const char *a, const char *b)
{
	for (int i = mark; i < nnotes; i++)
		if (strstr(notes[i], a) && (!b || strstr(notes[i], b)))
			return 1;
	return 0;
}

static const char *last_note(void)
{
	return nnotes ? notes[nnotes - 1] : "(no note)";
}

int main(int argc, char **argv)
{
	cl_int err = 0;
	int calls = 0;
	cl_platform_id plat = kiln_platform();
	cl_device_id dev;
	if (argc < 2 ||
	    !KT_CHECK(plat && clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS,
	              "Kiln platform and device", "missing"))
		return KT_DONE();
	cl_context ctx = clCreateContext(NULL, 1, &dev, note, &calls, &err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	if (!KT_CHECK(ctx && q, "context with pfn_notify, queue", "error %d", err))
		return KT_DONE();

	/* An invalid binary. */
	int mark = nnotes;
	const unsigned char junk[] = "not an image at all";
	const unsigned char *jb[] = {junk};
	size_t jl = sizeof junk;
	cl_program bad = clCreateProgramWithBinary(ctx, 1, &dev, &jl, jb, NULL, &err);
	KT_CHECK(!bad && err == CL_INVALID_BINARY, "garbage binary: CL_INVALID_BINARY", "error %d", err);
	KT_CHECK(noted(mark, "clCreateProgramWithBinary", "not a Kiln image"),
	         "CL_INVALID_BINARY's reason is notified", "%s", last_note());

	/* A build that fails: the reason is notified, the log names the source program.c. */
	mark = nnotes;
	const char *src =
	    "#include <kiln/device.h>\nKILN_SINGLE_TASK_KERNEL void f(int *p)\n{\n\t*p = ;\n}\n";
	cl_program ps = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	err = clBuildProgram(ps, 1, &dev, KILN_OCL_KILN_C_OPTION, NULL, NULL);
	KT_CHECK(err == CL_BUILD_PROGRAM_FAILURE, "a source with a syntax error fails to build", "error %d",
	         err);
	KT_CHECK(noted(mark, "clBuildProgram: the build failed", "program.c:4:"),
	         "the build failure is notified with its first error", "%s", last_note());
	char log[8192] = "";
	clGetProgramBuildInfo(ps, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	KT_CHECK(strstr(log, "program.c:4:") && !strstr(log, "/program.c") && !strstr(log, "build-"),
	         "the build log names the source program.c, not a temporary path", "%s", log);
	clReleaseProgram(ps);

	/* A -I option relative to the application's working directory still finds the header. */
	char dir[] = "kiln-inc-XXXXXX", hdr[64], opt[80];
	if (mkdtemp(dir)) {
		snprintf(hdr, sizeof hdr, "%s/k.h", dir);
		FILE *h = fopen(hdr, "w");
		if (h) {
			fputs("#define STEP 3\n", h);
			fclose(h);
		}
		snprintf(opt, sizeof opt, "-I %s " KILN_OCL_KILN_C_OPTION, dir);
		const char *inc = "#include <kiln/device.h>\n#include \"k.h\"\n"
		                  "KILN_SINGLE_TASK_KERNEL void g(int *p) { *p += STEP; }\n";
		cl_program pi = clCreateProgramWithSource(ctx, 1, &inc, NULL, &err);
		err = clBuildProgram(pi, 1, &dev, opt, NULL, NULL);
		KT_CHECK(err == CL_SUCCESS, "a -I relative to the application's directory is honoured",
		         "error %d", err);
		clReleaseProgram(pi);
		remove(hdr);
		rmdir(dir);
	}

	/* The test image, a device global that is not there. */
	size_t len = 0;
	unsigned char *img = read_all(argv[1], &len);
	const unsigned char *ib[] = {img};
	cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, ib, NULL, &err);
	if (!KT_CHECK(prog && clBuildProgram(prog, 1, &dev, "", NULL, NULL) == CL_SUCCESS,
	              "the test image builds", "error %d", err))
		return KT_DONE();
	clEnqueueReadGlobalVariableINTEL_fn rd =
	    (clEnqueueReadGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        plat, "clEnqueueReadGlobalVariableINTEL");
	int v = 0;
	mark = nnotes;
	err = rd(q, prog, "nope", CL_TRUE, sizeof v, 0, &v, 0, NULL, NULL);
	KT_CHECK(err == CL_INVALID_ARG_VALUE && noted(mark, "device global", "'nope'"),
	         "an unknown device global is notified", "error %d, %s", err, last_note());

	/* A kernel storing past device memory: the event fails, the reason names the kernel and the address.
	 */
	cl_kernel k = clCreateKernel(prog, "store_at", &err);
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
	cl_ulong dev_mem = 0;
	clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof dev_mem, &dev_mem, NULL);
	unsigned far = (unsigned)(dev_mem / 4) + 1024, x = 7;
	clSetKernelArg(k, 0, sizeof buf, &buf);
	clSetKernelArg(k, 1, sizeof far, &far);
	clSetKernelArg(k, 2, sizeof x, &x);
	cl_event ev = NULL;
	mark = nnotes;
	err = clEnqueueTask(q, k, 0, NULL, &ev);
	clFinish(q);
	cl_int st = 0;
	clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
	KT_CHECK(err == CL_SUCCESS && st < 0, "an out-of-range store fails its event",
	         "enqueue %d, status %d", err, st);
	KT_CHECK(noted(mark, "store_at", "outside"),
	         "the out-of-range store is notified with kernel and address", "%s", last_note());
	clReleaseEvent(ev);
	unsigned in = 3;
	int back[16] = {0};
	clSetKernelArg(k, 1, sizeof in, &in);
	err = clEnqueueTask(q, k, 0, NULL, NULL);
	err |= clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL);
	KT_CHECK(err == CL_SUCCESS && back[3] == 7, "the board stays usable: the next store lands",
	         "error %d, %d", err, back[3]);
	KT_CHECK(calls == nnotes && calls == 4, "every note went through pfn_notify with its user_data",
	         "%d calls", calls);

	clReleaseMemObject(buf);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	free(img);
	return KT_DONE();
}
