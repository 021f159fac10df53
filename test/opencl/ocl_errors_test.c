// SPDX-License-Identifier: Apache-2.0
/* One CL_INVALID_* check per argument rule of every implemented call, through the ICD loader: NULL and
 * wrong-type handles, bad sizes, flags, indices, ranges, wait lists. Nothing may crash.
 * Usage: ocl_errors_test IMAGE.kimg */
#include "test/opencl/ocl_test.h"

/* Creation calls: returns NULL and sets *errcode_ret. */
#define EXPECT_NULL(call, code, name)                                                                        \
	do {                                                                                                 \
		cl_int e_ = 1;                                                                               \
		void *r_ = (void *)(call);                                                                   \
		KT_CHECK(r_ == NULL && e_ == (code), (name), "returned %p / %d, want NULL / %d", r_, e_,     \
		         (int)(code));                                                                       \
	} while (0)
#define ERR &e_

static void CL_CALLBACK nop_cb(cl_event e, cl_int s, void *u)
{
	(void)e, (void)s, (void)u;
}

int main(int argc, char **argv)
{
	ocl_env env;
	if (argc < 2 || !ocl_setup(&env, argv[1])) {
		ocl_teardown(&env);
		return KT_DONE();
	}
	cl_platform_id plat = env.plat;
	cl_device_id dev = env.dev;
	cl_context ctx = env.ctx;
	cl_command_queue q = env.q;
	cl_program prog = env.prog;
	cl_int err = 0;
	char buf[256];
	size_t sz = 0;
	/* A handle of the wrong type for each slot: the device where a context is expected, and so on. */
	cl_context bad_ctx = (cl_context)q;
	cl_command_queue bad_q = (cl_command_queue)ctx;
	cl_program bad_prog = (cl_program)ctx;
	cl_mem buf_mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
	cl_mem bad_mem = (cl_mem)prog;
	cl_kernel add = clCreateKernel(prog, "add", &err);
	cl_kernel scale = clCreateKernel(prog, "scale", &err);
	cl_kernel bad_k = (cl_kernel)prog;
	cl_event bad_ev = (cl_event)q;
	cl_event user = clCreateUserEvent(ctx, &err);

	/* Platform and device. */
	EXPECT(clGetPlatformIDs(0, (cl_platform_id *)buf, NULL), CL_INVALID_VALUE,
	       "clGetPlatformIDs: 0 entries with a list");
	EXPECT(clGetPlatformIDs(1, NULL, NULL), CL_INVALID_VALUE, "clGetPlatformIDs: both outputs NULL");
	EXPECT(clGetPlatformInfo(plat, 0, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "clGetPlatformInfo: unknown param");
	EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_VENDOR, 1, buf, NULL), CL_INVALID_VALUE,
	       "clGetPlatformInfo: short buffer");
	EXPECT(clGetDeviceIDs(plat, 0x100, 1, &dev, NULL), CL_INVALID_DEVICE_TYPE,
	       "clGetDeviceIDs: unknown type");
	EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 0, &dev, NULL), CL_INVALID_VALUE,
	       "clGetDeviceIDs: 0 entries");
	EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, NULL, NULL), CL_INVALID_VALUE,
	       "clGetDeviceIDs: no output");
	EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &dev, NULL), CL_DEVICE_NOT_FOUND,
	       "clGetDeviceIDs: no CPU");
	EXPECT(clGetDeviceInfo(dev, 0, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "clGetDeviceInfo: unknown param");
	EXPECT(clGetDeviceInfo(dev, CL_DEVICE_NAME, 3, buf, NULL), CL_INVALID_VALUE,
	       "clGetDeviceInfo: short buffer");
	EXPECT(clGetDeviceInfo(dev, CL_DEVICE_TYPE, 4, buf, NULL), CL_INVALID_VALUE,
	       "clGetDeviceInfo: 4 bytes for a bitfield");
	cl_device_partition_property pp[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
	EXPECT(clCreateSubDevices(dev, pp, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clCreateSubDevices: not partitionable");
	cl_ulong t;
	EXPECT(clGetHostTimer(dev, NULL), CL_INVALID_VALUE, "clGetHostTimer: NULL output");
	EXPECT(clGetDeviceAndHostTimer(dev, &t, NULL), CL_INVALID_VALUE,
	       "clGetDeviceAndHostTimer: NULL output");

	/* Context. */
	EXPECT_NULL(clCreateContext(NULL, 0, &dev, NULL, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateContext: 0 devices");
	EXPECT_NULL(clCreateContext(NULL, 1, NULL, NULL, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateContext: NULL devices");
	EXPECT_NULL(clCreateContext(NULL, 1, &dev, NULL, buf, ERR), CL_INVALID_VALUE,
	            "clCreateContext: user data without callback");
	cl_context_properties badprop[] = {0x7777, 1, 0};
	EXPECT_NULL(clCreateContext(badprop, 1, &dev, NULL, NULL, ERR), CL_INVALID_PROPERTY,
	            "clCreateContext: unknown property");
	cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat,
	                                 CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
	EXPECT_NULL(clCreateContext(twice, 1, &dev, NULL, NULL, ERR), CL_INVALID_PROPERTY,
	            "clCreateContext: property twice");
	cl_context_properties badsync[] = {CL_CONTEXT_INTEROP_USER_SYNC, 2, 0};
	EXPECT_NULL(clCreateContext(badsync, 1, &dev, NULL, NULL, ERR), CL_INVALID_PROPERTY,
	            "clCreateContext: INTEROP_USER_SYNC neither CL_TRUE nor CL_FALSE (CTS B4)");
	cl_context_properties cp[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
	EXPECT_NULL(clCreateContextFromType(cp, CL_DEVICE_TYPE_GPU, NULL, NULL, ERR), CL_DEVICE_NOT_FOUND,
	            "clCreateContextFromType: no GPU");
	EXPECT_NULL(clCreateContextFromType(cp, CL_DEVICE_TYPE_ALL, NULL, buf, ERR), CL_INVALID_VALUE,
	            "clCreateContextFromType: user data without callback");
	EXPECT(clRetainContext(bad_ctx), CL_INVALID_CONTEXT, "clRetainContext: wrong handle");
	EXPECT(clReleaseContext(bad_ctx), CL_INVALID_CONTEXT, "clReleaseContext: wrong handle");
	EXPECT(clGetContextInfo(bad_ctx, CL_CONTEXT_NUM_DEVICES, 4, buf, NULL), CL_INVALID_CONTEXT,
	       "clGetContextInfo: wrong handle");
	EXPECT(clGetContextInfo(ctx, 0, 4, buf, NULL), CL_INVALID_VALUE, "clGetContextInfo: unknown param");
	EXPECT(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, 1, buf, NULL), CL_INVALID_VALUE,
	       "clGetContextInfo: short buffer");
	EXPECT(clSetContextDestructorCallback(ctx, NULL, NULL), CL_INVALID_VALUE,
	       "clSetContextDestructorCallback: NULL");
	EXPECT(clSetContextDestructorCallback(bad_ctx, NULL, NULL), CL_INVALID_CONTEXT,
	       "clSetContextDestructorCallback: wrong handle");

	/* Queue. */
	EXPECT_NULL(clCreateCommandQueue(bad_ctx, dev, 0, ERR), CL_INVALID_CONTEXT,
	            "clCreateCommandQueue: wrong context");
	EXPECT_NULL(clCreateCommandQueue(ctx, (cl_device_id)ctx, 0, ERR), CL_INVALID_DEVICE,
	            "clCreateCommandQueue: wrong device");
	EXPECT_NULL(clCreateCommandQueue(ctx, dev, 1u << 20, ERR), CL_INVALID_VALUE,
	            "clCreateCommandQueue: unknown property bit");
	EXPECT_NULL(clCreateCommandQueue(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, ERR),
	            CL_INVALID_QUEUE_PROPERTIES, "clCreateCommandQueue: out-of-order unsupported");
	cl_queue_properties qsize[] = {CL_QUEUE_SIZE, 16, 0};
	EXPECT_NULL(clCreateCommandQueueWithProperties(ctx, dev, qsize, ERR), CL_INVALID_VALUE,
	            "clCreateCommandQueueWithProperties: CL_QUEUE_SIZE on a host queue");
	cl_queue_properties ondev[] = {CL_QUEUE_PROPERTIES,
	                               CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
	EXPECT_NULL(clCreateCommandQueueWithProperties(ctx, dev, ondev, ERR), CL_INVALID_QUEUE_PROPERTIES,
	            "clCreateCommandQueueWithProperties: on-device queue");
	EXPECT(clRetainCommandQueue(bad_q), CL_INVALID_COMMAND_QUEUE, "clRetainCommandQueue: wrong handle");
	EXPECT(clReleaseCommandQueue(bad_q), CL_INVALID_COMMAND_QUEUE, "clReleaseCommandQueue: wrong handle");
	EXPECT(clGetCommandQueueInfo(bad_q, CL_QUEUE_CONTEXT, 8, buf, NULL), CL_INVALID_COMMAND_QUEUE,
	       "clGetCommandQueueInfo: wrong handle");
	EXPECT(clGetCommandQueueInfo(q, 0, 8, buf, NULL), CL_INVALID_VALUE,
	       "clGetCommandQueueInfo: unknown param");
	EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, 8, buf, NULL), CL_INVALID_COMMAND_QUEUE,
	       "clGetCommandQueueInfo: size of a host queue");
	EXPECT(clFlush(bad_q), CL_INVALID_COMMAND_QUEUE, "clFlush: wrong handle");
	EXPECT(clFinish(bad_q), CL_INVALID_COMMAND_QUEUE, "clFinish: wrong handle");

	/* Buffers. */
	EXPECT_NULL(clCreateBuffer(bad_ctx, 0, 64, NULL, ERR), CL_INVALID_CONTEXT,
	            "clCreateBuffer: wrong context");
	EXPECT_NULL(clCreateBuffer(ctx, 0, 0, NULL, ERR), CL_INVALID_BUFFER_SIZE, "clCreateBuffer: size 0");
	EXPECT(clGetPipeInfo(buf_mem, CL_PIPE_PACKET_SIZE, sizeof buf, buf, NULL), CL_INVALID_MEM_OBJECT,
	       "clGetPipeInfo: a buffer is not a pipe (CTS B5)");
	EXPECT_NULL(clCreateBuffer(ctx, 0, (size_t)1 << 40, NULL, ERR), CL_INVALID_BUFFER_SIZE,
	            "clCreateBuffer: larger than memory");
	EXPECT_NULL(clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, ERR),
	            CL_INVALID_VALUE, "clCreateBuffer: conflicting access flags");
	EXPECT_NULL(clCreateBuffer(ctx, 1u << 30, 64, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateBuffer: unknown flag");
	EXPECT_NULL(clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 64, NULL, ERR), CL_INVALID_HOST_PTR,
	            "clCreateBuffer: COPY_HOST_PTR without pointer");
	EXPECT_NULL(clCreateBuffer(ctx, 0, 64, buf, ERR), CL_INVALID_HOST_PTR,
	            "clCreateBuffer: pointer without flag");
	EXPECT_NULL(clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, buf, ERR),
	            CL_INVALID_VALUE, "clCreateBuffer: USE and COPY host pointer");
	cl_mem_properties mp[] = {0x1234, 0, 0};
	EXPECT_NULL(clCreateBufferWithProperties(ctx, mp, 0, 64, NULL, ERR), CL_INVALID_PROPERTY,
	            "clCreateBufferWithProperties: unknown property");
	EXPECT(clRetainMemObject(bad_mem), CL_INVALID_MEM_OBJECT, "clRetainMemObject: wrong handle");
	EXPECT(clReleaseMemObject(bad_mem), CL_INVALID_MEM_OBJECT, "clReleaseMemObject: wrong handle");
	EXPECT(clGetMemObjectInfo(bad_mem, CL_MEM_SIZE, 8, buf, NULL), CL_INVALID_MEM_OBJECT,
	       "clGetMemObjectInfo: wrong handle");
	EXPECT(clGetMemObjectInfo(buf_mem, 0, 8, buf, NULL), CL_INVALID_VALUE,
	       "clGetMemObjectInfo: unknown param");
	EXPECT(clSetMemObjectDestructorCallback(buf_mem, NULL, NULL), CL_INVALID_VALUE,
	       "clSetMemObjectDestructorCallback: NULL");
	EXPECT(clEnqueueReadBuffer(bad_q, buf_mem, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE,
	       "clEnqueueReadBuffer: wrong queue");
	EXPECT(clEnqueueReadBuffer(q, bad_mem, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
	       "clEnqueueReadBuffer: wrong buffer");
	EXPECT(clEnqueueReadBuffer(q, buf_mem, 1, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueReadBuffer: NULL pointer");
	EXPECT(clEnqueueReadBuffer(q, buf_mem, 1, 62, 4, buf, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueReadBuffer: past the end");
	EXPECT(clEnqueueReadBuffer(q, buf_mem, 1, 0, 4, buf, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueReadBuffer: count without list");
	EXPECT(clEnqueueReadBuffer(q, buf_mem, 1, 0, 4, buf, 0, &user, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueReadBuffer: list without count");
	EXPECT(clEnqueueReadBuffer(q, buf_mem, 1, 0, 4, buf, 1, &bad_ev, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueReadBuffer: bad event in list");
	cl_mem wo = clCreateBuffer(ctx, CL_MEM_HOST_WRITE_ONLY, 64, NULL, &err);
	cl_mem ro = clCreateBuffer(ctx, CL_MEM_HOST_READ_ONLY, 64, NULL, &err);
	EXPECT(clEnqueueReadBuffer(q, wo, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_OPERATION,
	       "clEnqueueReadBuffer: host write-only buffer");
	EXPECT(clEnqueueWriteBuffer(q, ro, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_OPERATION,
	       "clEnqueueWriteBuffer: host read-only buffer");
	EXPECT(clEnqueueWriteBuffer(q, buf_mem, 1, 0, 65, buf, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueWriteBuffer: too large");
	EXPECT(clEnqueueWriteBuffer(q, buf_mem, 1, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueWriteBuffer: NULL pointer");
	EXPECT(clEnqueueWriteBuffer(q, bad_mem, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
	       "clEnqueueWriteBuffer: wrong buffer");
	EXPECT(clEnqueueCopyBuffer(q, buf_mem, bad_mem, 0, 0, 4, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
	       "clEnqueueCopyBuffer: wrong destination");
	EXPECT(clEnqueueCopyBuffer(q, buf_mem, ro, 0, 62, 4, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueCopyBuffer: past the end");
	EXPECT(clEnqueueCopyBuffer(q, buf_mem, ro, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueCopyBuffer: size 0");
	EXPECT(clEnqueueCopyBuffer(q, buf_mem, buf_mem, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
	       "clEnqueueCopyBuffer: overlap");
	int pat = 0;
	EXPECT(clEnqueueFillBuffer(q, buf_mem, NULL, 4, 0, 4, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueFillBuffer: NULL pattern");
	EXPECT(clEnqueueFillBuffer(q, buf_mem, &pat, 3, 0, 6, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueFillBuffer: pattern size 3");
	EXPECT(clEnqueueFillBuffer(q, buf_mem, &pat, 4, 2, 4, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueFillBuffer: misaligned offset");
	EXPECT(clEnqueueFillBuffer(q, buf_mem, &pat, 4, 0, 6, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueFillBuffer: size not a multiple");
	EXPECT(clEnqueueFillBuffer(q, buf_mem, &pat, 4, 0, 68, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueFillBuffer: past the end");
	EXPECT_NULL(clEnqueueMapBuffer(q, buf_mem, 1, CL_MAP_READ, 0, 0, 0, NULL, NULL, ERR),
	            CL_INVALID_VALUE, "clEnqueueMapBuffer: size 0");
	EXPECT_NULL(clEnqueueMapBuffer(q, buf_mem, 1, CL_MAP_READ, 60, 8, 0, NULL, NULL, ERR),
	            CL_INVALID_VALUE, "clEnqueueMapBuffer: past the end");
	EXPECT_NULL(clEnqueueMapBuffer(q, buf_mem, 1, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 8, 0,
	                               NULL, NULL, ERR),
	            CL_INVALID_VALUE, "clEnqueueMapBuffer: READ with WRITE_INVALIDATE_REGION");
	EXPECT_NULL(clEnqueueMapBuffer(q, wo, 1, CL_MAP_READ, 0, 8, 0, NULL, NULL, ERR), CL_INVALID_OPERATION,
	            "clEnqueueMapBuffer: read map of a host write-only buffer");
	EXPECT_NULL(clEnqueueMapBuffer(q, bad_mem, 1, CL_MAP_READ, 0, 8, 0, NULL, NULL, ERR),
	            CL_INVALID_MEM_OBJECT, "clEnqueueMapBuffer: wrong buffer");
	EXPECT(clEnqueueUnmapMemObject(q, buf_mem, buf, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueUnmapMemObject: pointer not mapped");
	EXPECT(clEnqueueUnmapMemObject(q, bad_mem, buf, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
	       "clEnqueueUnmapMemObject: wrong buffer");
	EXPECT(clEnqueueMigrateMemObjects(q, 0, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE,
	       "clEnqueueMigrateMemObjects: no objects");
	EXPECT(clEnqueueMigrateMemObjects(q, 1, &bad_mem, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
	       "clEnqueueMigrateMemObjects: wrong object");
	cl_context ctx2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	cl_mem other = clCreateBuffer(ctx2, 0, 64, NULL, &err);
	EXPECT(clEnqueueReadBuffer(q, other, 1, 0, 4, buf, 0, NULL, NULL), CL_INVALID_CONTEXT,
	       "clEnqueueReadBuffer: buffer of another context");

	/* Programs. */
	const char *src = "x";
	EXPECT_NULL(clCreateProgramWithSource(bad_ctx, 1, &src, NULL, ERR), CL_INVALID_CONTEXT,
	            "clCreateProgramWithSource: wrong context");
	EXPECT_NULL(clCreateProgramWithSource(ctx, 0, &src, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithSource: count 0");
	EXPECT_NULL(clCreateProgramWithSource(ctx, 1, NULL, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithSource: NULL strings");
	const char *nulls[1] = {NULL};
	EXPECT_NULL(clCreateProgramWithSource(ctx, 1, nulls, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithSource: NULL string");
	const unsigned char *bins[1] = {env.image};
	size_t len = env.image_len, zero = 0;
	cl_int bst = 0;
	EXPECT_NULL(clCreateProgramWithBinary(bad_ctx, 1, &dev, &len, bins, NULL, ERR), CL_INVALID_CONTEXT,
	            "clCreateProgramWithBinary: wrong context");
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 0, &dev, &len, bins, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithBinary: 0 devices");
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 1, &dev, NULL, bins, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithBinary: NULL lengths");
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 1, &dev, &zero, bins, NULL, ERR), CL_INVALID_VALUE,
	            "clCreateProgramWithBinary: length 0");
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 1, (cl_device_id *)&ctx, &len, bins, NULL, ERR),
	            CL_INVALID_DEVICE, "clCreateProgramWithBinary: wrong device");
	const unsigned char junk[64] = "not a kiln image";
	const unsigned char *jb[1] = {junk};
	size_t jl = sizeof junk;
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 1, &dev, &jl, jb, &bst, ERR), CL_INVALID_BINARY,
	            "clCreateProgramWithBinary: not an image");
	KT_EQ_U64((cl_uint)bst, (cl_uint)CL_INVALID_BINARY, "binary_status reports CL_INVALID_BINARY");
	size_t half = env.image_len / 2;
	EXPECT_NULL(clCreateProgramWithBinary(ctx, 1, &dev, &half, bins, NULL, ERR), CL_INVALID_BINARY,
	            "clCreateProgramWithBinary: truncated image");
	EXPECT_NULL(clCreateProgramWithIL(ctx, "x", 1, ERR), CL_INVALID_OPERATION,
	            "clCreateProgramWithIL: no IL support");
	EXPECT(clRetainProgram(bad_prog), CL_INVALID_PROGRAM, "clRetainProgram: wrong handle");
	EXPECT(clReleaseProgram(bad_prog), CL_INVALID_PROGRAM, "clReleaseProgram: wrong handle");
	EXPECT(clBuildProgram(bad_prog, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM,
	       "clBuildProgram: wrong handle");
	EXPECT(clBuildProgram(prog, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE,
	       "clBuildProgram: count without list");
	EXPECT(clBuildProgram(prog, 0, &dev, NULL, NULL, NULL), CL_INVALID_VALUE,
	       "clBuildProgram: list without count");
	EXPECT(clBuildProgram(prog, 0, NULL, NULL, NULL, buf), CL_INVALID_VALUE,
	       "clBuildProgram: user data without callback");
	EXPECT(clBuildProgram(prog, 1, (cl_device_id *)&ctx, NULL, NULL, NULL), CL_INVALID_DEVICE,
	       "clBuildProgram: wrong device");
	EXPECT(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION,
	       "clBuildProgram: kernels attached");
	cl_program srcp = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	EXPECT(clBuildProgram(srcp, 0, NULL, "-x kiln-c -D'unbalanced", NULL, NULL), CL_INVALID_BUILD_OPTIONS,
	       "clBuildProgram: unbalanced quote");
	EXPECT(clGetProgramInfo(bad_prog, CL_PROGRAM_CONTEXT, 8, buf, NULL), CL_INVALID_PROGRAM,
	       "clGetProgramInfo: wrong handle");
	EXPECT(clGetProgramInfo(prog, 0, 8, buf, NULL), CL_INVALID_VALUE, "clGetProgramInfo: unknown param");
	EXPECT(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, 2, buf, NULL), CL_INVALID_VALUE,
	       "clGetProgramInfo: short buffer");
	EXPECT(clGetProgramInfo(srcp, CL_PROGRAM_NUM_KERNELS, 8, buf, NULL), CL_INVALID_PROGRAM_EXECUTABLE,
	       "clGetProgramInfo: kernels of an unbuilt program");
	EXPECT(clGetProgramBuildInfo(bad_prog, dev, CL_PROGRAM_BUILD_STATUS, 4, buf, NULL),
	       CL_INVALID_PROGRAM, "clGetProgramBuildInfo: wrong handle");
	EXPECT(clGetProgramBuildInfo(prog, (cl_device_id)ctx, CL_PROGRAM_BUILD_STATUS, 4, buf, NULL),
	       CL_INVALID_DEVICE, "clGetProgramBuildInfo: wrong device");
	EXPECT(clGetProgramBuildInfo(prog, dev, 0, 4, buf, NULL), CL_INVALID_VALUE,
	       "clGetProgramBuildInfo: unknown param");

	/* Kernels. */
	EXPECT_NULL(clCreateKernel(bad_prog, "add", ERR), CL_INVALID_PROGRAM,
	            "clCreateKernel: wrong program");
	EXPECT_NULL(clCreateKernel(srcp, "add", ERR), CL_INVALID_PROGRAM_EXECUTABLE,
	            "clCreateKernel: unbuilt program");
	EXPECT_NULL(clCreateKernel(prog, NULL, ERR), CL_INVALID_VALUE, "clCreateKernel: NULL name");
	EXPECT_NULL(clCreateKernel(prog, "nope", ERR), CL_INVALID_KERNEL_NAME,
	            "clCreateKernel: unknown name");
	EXPECT_NULL(clCreateKernel(prog, "__sycl_kernel_nope", ERR), CL_INVALID_KERNEL_NAME,
	            "clCreateKernel: unknown native name");
	cl_kernel ks[2];
	EXPECT(clCreateKernelsInProgram(prog, 2, ks, NULL), CL_INVALID_VALUE,
	       "clCreateKernelsInProgram: array too small");
	EXPECT(clCreateKernelsInProgram(srcp, 8, ks, NULL), CL_INVALID_PROGRAM_EXECUTABLE,
	       "clCreateKernelsInProgram: unbuilt");
	EXPECT(clCreateKernelsInProgram(bad_prog, 8, ks, NULL), CL_INVALID_PROGRAM,
	       "clCreateKernelsInProgram: wrong program");
	EXPECT(clRetainKernel(bad_k), CL_INVALID_KERNEL, "clRetainKernel: wrong handle");
	EXPECT(clReleaseKernel(bad_k), CL_INVALID_KERNEL, "clReleaseKernel: wrong handle");
	EXPECT_NULL(clCloneKernel(bad_k, ERR), CL_INVALID_KERNEL, "clCloneKernel: wrong handle");
	int v = 1;
	long long wide = 1;
	EXPECT(clSetKernelArg(bad_k, 0, 4, &v), CL_INVALID_KERNEL, "clSetKernelArg: wrong kernel");
	EXPECT(clSetKernelArg(add, 1, 4, &v), CL_INVALID_ARG_INDEX, "clSetKernelArg: index out of range");
	EXPECT(clSetKernelArg(add, 0, 8, &wide), CL_INVALID_ARG_SIZE, "clSetKernelArg: wrong size");
	EXPECT(clSetKernelArg(add, 0, 4, NULL), CL_INVALID_ARG_VALUE, "clSetKernelArg: NULL scalar value");
	EXPECT(clSetKernelArg(scale, 0, 4, &buf_mem), CL_INVALID_ARG_SIZE,
	       "clSetKernelArg: buffer with the wrong size");
	EXPECT(clSetKernelArg(scale, 0, sizeof bad_mem, &bad_mem), CL_INVALID_MEM_OBJECT,
	       "clSetKernelArg: not a buffer");
	EXPECT(clSetKernelArg(scale, 0, sizeof other, &other), CL_INVALID_MEM_OBJECT,
	       "clSetKernelArg: buffer of another context");
	EXPECT(clGetKernelInfo(bad_k, CL_KERNEL_NUM_ARGS, 4, buf, NULL), CL_INVALID_KERNEL,
	       "clGetKernelInfo: wrong kernel");
	EXPECT(clGetKernelInfo(add, 0, 4, buf, NULL), CL_INVALID_VALUE, "clGetKernelInfo: unknown param");
	EXPECT(clGetKernelInfo(add, CL_KERNEL_NUM_ARGS, 2, buf, NULL), CL_INVALID_VALUE,
	       "clGetKernelInfo: short buffer");
	EXPECT(clGetKernelArgInfo(add, 1, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL), CL_INVALID_ARG_INDEX,
	       "clGetKernelArgInfo: index out of range");
	EXPECT(clGetKernelArgInfo(add, 0, 0, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "clGetKernelArgInfo: unknown param");
	EXPECT(clGetKernelArgInfo(bad_k, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL), CL_INVALID_KERNEL,
	       "clGetKernelArgInfo: wrong kernel");
	EXPECT(clGetKernelWorkGroupInfo(add, (cl_device_id)ctx, CL_KERNEL_WORK_GROUP_SIZE, 8, buf, NULL),
	       CL_INVALID_DEVICE, "clGetKernelWorkGroupInfo: wrong device");
	EXPECT(clGetKernelWorkGroupInfo(add, dev, CL_KERNEL_GLOBAL_WORK_SIZE, 24, buf, NULL),
	       CL_INVALID_VALUE, "clGetKernelWorkGroupInfo: GLOBAL_WORK_SIZE of a normal kernel");
	EXPECT(clSetKernelExecInfo(add, 0, 0, NULL), CL_INVALID_VALUE, "clSetKernelExecInfo: unknown param");
	void *svm_ptrs[1] = {buf};
	EXPECT(clSetKernelExecInfo(add, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof svm_ptrs, svm_ptrs),
	       CL_INVALID_OPERATION, "clSetKernelExecInfo: SVM pointers without SVM support (CTS B14)");
	cl_bool fine = CL_TRUE;
	EXPECT(clSetKernelExecInfo(add, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof fine, &fine),
	       CL_INVALID_OPERATION, "clSetKernelExecInfo: fine-grain system SVM without SVM support");

	/* Launches. */
	EXPECT(clEnqueueTask(q, add, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS,
	       "clEnqueueTask: argument not set");
	clSetKernelArg(add, 0, 4, &v);
	EXPECT(clEnqueueTask(bad_q, add, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE,
	       "clEnqueueTask: wrong queue");
	EXPECT(clEnqueueTask(q, bad_k, 0, NULL, NULL), CL_INVALID_KERNEL, "clEnqueueTask: wrong kernel");
	EXPECT(clEnqueueTask(q, add, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueTask: bad wait list");
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx2, dev, NULL, &err);
	EXPECT(clEnqueueTask(q2, add, 0, NULL, NULL), CL_INVALID_CONTEXT,
	       "clEnqueueTask: kernel of another context");
	cl_event other_ev = clCreateUserEvent(ctx2, &err);
	EXPECT(clEnqueueTask(q, add, 1, &other_ev, NULL), CL_INVALID_CONTEXT,
	       "clEnqueueTask: event of another context");
	size_t g = 64, l = 8, g2[2] = {8, 8}, off = (size_t)UINT32_MAX - 32, big = 4096, odd = 7;
	clSetKernelArg(scale, 0, sizeof buf_mem, &buf_mem);
	clSetKernelArg(scale, 1, 4, &v);
	EXPECT(clEnqueueNDRangeKernel(q, scale, 0, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION,
	       "clEnqueueNDRangeKernel: 0 dimensions");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 4, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION,
	       "clEnqueueNDRangeKernel: 4 dimensions");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 2, NULL, g2, NULL, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION,
	       "clEnqueueNDRangeKernel: dimensions differ from the kernel's");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 1, NULL, NULL, &l, 0, NULL, NULL),
	       CL_INVALID_GLOBAL_WORK_SIZE, "clEnqueueNDRangeKernel: NULL global size");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 1, &off, &g, &l, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET,
	       "clEnqueueNDRangeKernel: global offset plus range past the 32-bit work-item ids");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 1, NULL, &g, &odd, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE,
	       "clEnqueueNDRangeKernel: global not a multiple of local");
	EXPECT(clEnqueueNDRangeKernel(q, scale, 1, NULL, &big, &big, 0, NULL, NULL),
	       CL_INVALID_WORK_ITEM_SIZE, "clEnqueueNDRangeKernel: work-group larger than the device's");
	EXPECT(clEnqueueNDRangeKernel(q, add, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE,
	       "clEnqueueNDRangeKernel: single-task kernel over 64 items");

	/* Events. */
	EXPECT(clWaitForEvents(0, &user), CL_INVALID_VALUE, "clWaitForEvents: 0 events");
	EXPECT(clWaitForEvents(1, NULL), CL_INVALID_VALUE, "clWaitForEvents: NULL list");
	EXPECT(clWaitForEvents(1, &bad_ev), CL_INVALID_EVENT, "clWaitForEvents: wrong handle");
	cl_event two[2] = {user, other_ev};
	EXPECT(clWaitForEvents(2, two), CL_INVALID_CONTEXT, "clWaitForEvents: events of two contexts");
	EXPECT(clGetEventInfo(bad_ev, CL_EVENT_CONTEXT, 8, buf, NULL), CL_INVALID_EVENT,
	       "clGetEventInfo: wrong handle");
	EXPECT(clGetEventInfo(user, 0, 8, buf, NULL), CL_INVALID_VALUE, "clGetEventInfo: unknown param");
	EXPECT(clRetainEvent(bad_ev), CL_INVALID_EVENT, "clRetainEvent: wrong handle");
	EXPECT(clReleaseEvent(bad_ev), CL_INVALID_EVENT, "clReleaseEvent: wrong handle");
	EXPECT(clGetEventProfilingInfo(user, 0, 8, buf, NULL), CL_INVALID_VALUE,
	       "clGetEventProfilingInfo: unknown param");
	EXPECT(clGetEventProfilingInfo(bad_ev, CL_PROFILING_COMMAND_END, 8, buf, NULL), CL_INVALID_EVENT,
	       "clGetEventProfilingInfo: wrong handle");
	EXPECT(clSetEventCallback(user, CL_QUEUED, nop_cb, NULL), CL_INVALID_VALUE,
	       "clSetEventCallback: CL_QUEUED");
	EXPECT(clSetEventCallback(user, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE,
	       "clSetEventCallback: NULL function");
	EXPECT(clSetEventCallback(bad_ev, CL_COMPLETE, nop_cb, NULL), CL_INVALID_EVENT,
	       "clSetEventCallback: wrong handle");
	EXPECT_NULL(clCreateUserEvent(bad_ctx, ERR), CL_INVALID_CONTEXT, "clCreateUserEvent: wrong context");
	EXPECT(clSetUserEventStatus(user, CL_RUNNING), CL_INVALID_VALUE,
	       "clSetUserEventStatus: not COMPLETE or an error");
	EXPECT(clSetUserEventStatus(bad_ev, CL_COMPLETE), CL_INVALID_EVENT,
	       "clSetUserEventStatus: wrong handle");
	cl_event cmd_ev = NULL;
	clEnqueueMarkerWithWaitList(q, 0, NULL, &cmd_ev);
	EXPECT(clSetUserEventStatus(cmd_ev, CL_COMPLETE), CL_INVALID_EVENT,
	       "clSetUserEventStatus: not a user event");
	EXPECT(clEnqueueMarkerWithWaitList(bad_q, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE,
	       "clEnqueueMarkerWithWaitList: wrong queue");
	EXPECT(clEnqueueMarkerWithWaitList(q, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueMarkerWithWaitList: bad list");
	EXPECT(clEnqueueBarrierWithWaitList(q, 1, &bad_ev, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "clEnqueueBarrierWithWaitList: bad event");
	EXPECT(clEnqueueMarker(q, NULL), CL_INVALID_VALUE, "clEnqueueMarker: NULL event");
	EXPECT(clEnqueueWaitForEvents(q, 0, NULL), CL_INVALID_VALUE, "clEnqueueWaitForEvents: no events");
	EXPECT(clEnqueueBarrier(bad_q), CL_INVALID_COMMAND_QUEUE, "clEnqueueBarrier: wrong queue");

	/* Global variables: the argument rules beyond REFERENCE §5's (ocl_api_test checks those). */
	EXPECT(env.read_gv(q, bad_prog, "dg_rw", 1, 4, 0, &v, 0, NULL, NULL), CL_INVALID_PROGRAM,
	       "read global: wrong program handle");
	EXPECT(env.write_gv(bad_q, prog, "dg_rw", 1, 4, 0, &v, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE,
	       "write global: wrong queue");
	EXPECT(env.write_gv(q, prog, "dg_rw", 1, 4, 0, &v, 1, &bad_ev, NULL), CL_INVALID_EVENT_WAIT_LIST,
	       "write global: bad event");
	EXPECT(env.read_gv(q, prog, "dg_arr", 1, 4, 32, &v, 0, NULL, NULL), CL_INVALID_VALUE,
	       "read global: offset at the end");
	EXPECT(env.read_gv(q, prog, "dg_rw", 1, 4, (size_t)-1, &v, 0, NULL, NULL), CL_INVALID_VALUE,
	       "read global: huge offset");

	/* USM. */
	clDeviceMemAllocINTEL_fn dalloc =
	    (clDeviceMemAllocINTEL_fn)clGetExtensionFunctionAddressForPlatform(plat, "clDeviceMemAllocINTEL");
	clMemFreeINTEL_fn mfree =
	    (clMemFreeINTEL_fn)clGetExtensionFunctionAddressForPlatform(plat, "clMemFreeINTEL");
	clEnqueueMemcpyINTEL_fn ucpy =
	    (clEnqueueMemcpyINTEL_fn)clGetExtensionFunctionAddressForPlatform(plat, "clEnqueueMemcpyINTEL");
	clEnqueueMemFillINTEL_fn ufill =
	    (clEnqueueMemFillINTEL_fn)clGetExtensionFunctionAddressForPlatform(plat, "clEnqueueMemFillINTEL");
	clSetKernelArgMemPointerINTEL_fn uarg =
	    (clSetKernelArgMemPointerINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        plat, "clSetKernelArgMemPointerINTEL");
	clGetMemAllocInfoINTEL_fn uinfo = (clGetMemAllocInfoINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    plat, "clGetMemAllocInfoINTEL");
	KT_CHECK(!clGetExtensionFunctionAddressForPlatform(plat, "clNoSuchFunctionKILN"),
	         "unknown extension function is NULL", "non-NULL");
	if (dalloc && mfree && ucpy && ufill && uarg && uinfo) {
		EXPECT_NULL(dalloc(bad_ctx, dev, NULL, 64, 0, ERR), CL_INVALID_CONTEXT,
		            "clDeviceMemAllocINTEL: wrong context");
		EXPECT_NULL(dalloc(ctx, (cl_device_id)ctx, NULL, 64, 0, ERR), CL_INVALID_DEVICE,
		            "clDeviceMemAllocINTEL: wrong device");
		EXPECT_NULL(dalloc(ctx, dev, NULL, 0, 0, ERR), CL_INVALID_BUFFER_SIZE,
		            "clDeviceMemAllocINTEL: size 0");
		EXPECT_NULL(dalloc(ctx, dev, NULL, (size_t)1 << 40, 0, ERR), CL_INVALID_BUFFER_SIZE,
		            "clDeviceMemAllocINTEL: too large");
		EXPECT_NULL(dalloc(ctx, dev, NULL, 64, 3, ERR), CL_INVALID_VALUE,
		            "clDeviceMemAllocINTEL: alignment not a power of 2");
		EXPECT_NULL(dalloc(ctx, dev, NULL, 64, 4096, ERR), CL_INVALID_VALUE,
		            "clDeviceMemAllocINTEL: unsupported alignment");
		cl_mem_properties_intel up[] = {0x9999, 0, 0};
		EXPECT_NULL(dalloc(ctx, dev, up, 64, 0, ERR), CL_INVALID_PROPERTY,
		            "clDeviceMemAllocINTEL: unknown property");
		cl_mem_properties_intel uf[] = {CL_MEM_ALLOC_FLAGS_INTEL, 1u << 20, 0};
		EXPECT_NULL(dalloc(ctx, dev, uf, 64, 0, ERR), CL_INVALID_PROPERTY,
		            "clDeviceMemAllocINTEL: unknown flag");
		char *d = dalloc(ctx, dev, NULL, 64, 0, &err);
		EXPECT(mfree(bad_ctx, d), CL_INVALID_CONTEXT, "clMemFreeINTEL: wrong context");
		EXPECT(mfree(ctx, d + 4), CL_INVALID_VALUE, "clMemFreeINTEL: not an allocation's start");
		EXPECT(ucpy(bad_q, 1, d, buf, 4, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE,
		       "clEnqueueMemcpyINTEL: wrong queue");
		EXPECT(ucpy(q, 1, NULL, buf, 4, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemcpyINTEL: NULL destination");
		EXPECT(ucpy(q, 1, d, NULL, 4, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemcpyINTEL: NULL source");
		EXPECT(ucpy(q, 1, d + 32, buf, 64, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemcpyINTEL: past the allocation");
		EXPECT(ucpy(q, 1, d, d + 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
		       "clEnqueueMemcpyINTEL: overlap");
		EXPECT(ucpy(q, 1, d, buf, 4, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST,
		       "clEnqueueMemcpyINTEL: bad wait list");
		EXPECT(ufill(q, d, NULL, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: NULL pattern");
		EXPECT(ufill(q, d, &pat, 3, 9, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: pattern size 3");
		EXPECT(ufill(q, d, &pat, 4, 6, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: size not a multiple");
		EXPECT(ufill(q, d + 2, &pat, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: misaligned destination");
		EXPECT(ufill(q, d, &pat, 256, 256, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: pattern over 128 bytes");
		EXPECT(ufill(q, NULL, &pat, 4, 8, 0, NULL, NULL), CL_INVALID_VALUE,
		       "clEnqueueMemFillINTEL: NULL destination");
		EXPECT(uarg(bad_k, 0, d), CL_INVALID_KERNEL, "clSetKernelArgMemPointerINTEL: wrong kernel");
		EXPECT(uarg(scale, 2, d), CL_INVALID_ARG_INDEX,
		       "clSetKernelArgMemPointerINTEL: index out of range");
		EXPECT(uarg(scale, 1, d), CL_INVALID_ARG_VALUE,
		       "clSetKernelArgMemPointerINTEL: scalar argument");
		EXPECT(uinfo(bad_ctx, d, CL_MEM_ALLOC_TYPE_INTEL, 4, buf, NULL), CL_INVALID_CONTEXT,
		       "clGetMemAllocInfoINTEL: wrong context");
		EXPECT(uinfo(ctx, d, 0, 4, buf, NULL), CL_INVALID_VALUE,
		       "clGetMemAllocInfoINTEL: unknown param");
		EXPECT(uinfo(ctx, d, CL_MEM_ALLOC_SIZE_INTEL, 4, buf, NULL), CL_INVALID_VALUE,
		       "clGetMemAllocInfoINTEL: short buffer");
		OK(mfree(ctx, d), "free the allocation");
	}
	sz = 0;
	(void)sz;

	OK(clFinish(q), "queue still works after every refused call");
	clReleaseEvent(cmd_ev);
	clReleaseEvent(other_ev);
	clReleaseEvent(user);
	clReleaseCommandQueue(q2);
	clReleaseMemObject(other);
	clReleaseContext(ctx2);
	clReleaseProgram(srcp);
	clReleaseMemObject(wo);
	clReleaseMemObject(ro);
	clReleaseMemObject(buf_mem);
	clReleaseKernel(add);
	clReleaseKernel(scale);
	ocl_teardown(&env);
	return KT_DONE();
}
