// SPDX-License-Identifier: Apache-2.0
/* Every implemented call of Kiln's OpenCL platform, through the system ICD loader, on the simulated board:
 * platform, device, context, queue, buffers, programs (binary and source), kernels, launches, events,
 * profiling, cl_intel_global_variable_access (with each of its error codes) and USM device allocations.
 * Usage: ocl_api_test IMAGE.kimg */
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test/opencl/ocl_test.h"

static void on_alarm(int sig)
{
	(void)sig;
	static const char msg[] = "not ok - a call hung for 30 s (deadlock)\n";
	if (write(1, msg, sizeof msg - 1) < 0)
		_exit(2);
	_exit(1);
}

/* Objects live until the commands that use them complete (CTS B11, B12), and releasing never waits for them.
 */
static void test_lifetimes(ocl_env *env)
{
	cl_int err = CL_SUCCESS;
	signal(SIGALRM, on_alarm);
	alarm(30);
	cl_command_queue q = clCreateCommandQueueWithProperties(env->ctx, env->dev, NULL, &err);
	cl_event gate = clCreateUserEvent(env->ctx, &err), done = NULL;
	cl_kernel k = clCreateKernel(env->prog, "store_at", &err);
	int zeros[16] = {0}, back[16] = {0};
	cl_mem a =
	    clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
	cl_uint i0 = 0;
	cl_int x = 12345;
	clSetKernelArg(k, 0, sizeof a, &a);
	clSetKernelArg(k, 1, sizeof i0, &i0);
	clSetKernelArg(k, 2, sizeof x, &x);
	OK(clEnqueueTask(q, k, 1, &gate, &done), "a launch waits for a user event");
	OK(clReleaseMemObject(a), "release its buffer while the launch waits");
	/* Were the buffer's memory freed now, this one would take it and the launch would write into it. */
	cl_mem b =
	    clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
	OK(err, "a new buffer of the same size");
	OK(clReleaseCommandQueue(q), "release the queue while its command waits (returns at once)");
	OK(clSetUserEventStatus(gate, CL_COMPLETE), "the same thread then opens the gate");
	OK(clWaitForEvents(1, &done), "the launch completes after its queue was released");
	OK(clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL),
	   "read the new buffer");
	KT_CHECK(back[0] == 0, "the launch wrote its own (released) buffer, not the new one", "b[0]=%d",
	         back[0]);
	alarm(0);
	clReleaseEvent(done);
	clReleaseEvent(gate);
	clReleaseMemObject(b);
	clReleaseKernel(k);
}

static cl_uint device_params[] = {
    CL_DEVICE_TYPE,
    CL_DEVICE_VENDOR_ID,
    CL_DEVICE_MAX_COMPUTE_UNITS,
    CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
    CL_DEVICE_MAX_WORK_GROUP_SIZE,
    CL_DEVICE_MAX_WORK_ITEM_SIZES,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE,
    CL_DEVICE_MAX_CLOCK_FREQUENCY,
    CL_DEVICE_ADDRESS_BITS,
    CL_DEVICE_MAX_READ_IMAGE_ARGS,
    CL_DEVICE_MAX_WRITE_IMAGE_ARGS,
    CL_DEVICE_MAX_MEM_ALLOC_SIZE,
    CL_DEVICE_IMAGE2D_MAX_WIDTH,
    CL_DEVICE_IMAGE2D_MAX_HEIGHT,
    CL_DEVICE_IMAGE3D_MAX_WIDTH,
    CL_DEVICE_IMAGE3D_MAX_HEIGHT,
    CL_DEVICE_IMAGE3D_MAX_DEPTH,
    CL_DEVICE_IMAGE_SUPPORT,
    CL_DEVICE_MAX_PARAMETER_SIZE,
    CL_DEVICE_MAX_SAMPLERS,
    CL_DEVICE_MEM_BASE_ADDR_ALIGN,
    CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE,
    CL_DEVICE_SINGLE_FP_CONFIG,
    CL_DEVICE_GLOBAL_MEM_CACHE_TYPE,
    CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE,
    CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
    CL_DEVICE_GLOBAL_MEM_SIZE,
    CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE,
    CL_DEVICE_MAX_CONSTANT_ARGS,
    CL_DEVICE_LOCAL_MEM_TYPE,
    CL_DEVICE_LOCAL_MEM_SIZE,
    CL_DEVICE_ERROR_CORRECTION_SUPPORT,
    CL_DEVICE_PROFILING_TIMER_RESOLUTION,
    CL_DEVICE_ENDIAN_LITTLE,
    CL_DEVICE_AVAILABLE,
    CL_DEVICE_COMPILER_AVAILABLE,
    CL_DEVICE_EXECUTION_CAPABILITIES,
    CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
    CL_DEVICE_NAME,
    CL_DEVICE_VENDOR,
    CL_DRIVER_VERSION,
    CL_DEVICE_PROFILE,
    CL_DEVICE_VERSION,
    CL_DEVICE_EXTENSIONS,
    CL_DEVICE_PLATFORM,
    CL_DEVICE_DOUBLE_FP_CONFIG,
    CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF,
    CL_DEVICE_HOST_UNIFIED_MEMORY,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_INT,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE,
    CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF,
    CL_DEVICE_OPENCL_C_VERSION,
    CL_DEVICE_LINKER_AVAILABLE,
    CL_DEVICE_BUILT_IN_KERNELS,
    CL_DEVICE_IMAGE_MAX_BUFFER_SIZE,
    CL_DEVICE_IMAGE_MAX_ARRAY_SIZE,
    CL_DEVICE_PARENT_DEVICE,
    CL_DEVICE_PARTITION_MAX_SUB_DEVICES,
    CL_DEVICE_PARTITION_PROPERTIES,
    CL_DEVICE_PARTITION_AFFINITY_DOMAIN,
    CL_DEVICE_PARTITION_TYPE,
    CL_DEVICE_REFERENCE_COUNT,
    CL_DEVICE_PREFERRED_INTEROP_USER_SYNC,
    CL_DEVICE_PRINTF_BUFFER_SIZE,
    CL_DEVICE_IMAGE_PITCH_ALIGNMENT,
    CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT,
    CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS,
    CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE,
    CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES,
    CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE,
    CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE,
    CL_DEVICE_MAX_ON_DEVICE_QUEUES,
    CL_DEVICE_MAX_ON_DEVICE_EVENTS,
    CL_DEVICE_SVM_CAPABILITIES,
    CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE,
    CL_DEVICE_MAX_PIPE_ARGS,
    CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS,
    CL_DEVICE_PIPE_MAX_PACKET_SIZE,
    CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT,
    CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT,
    CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT,
    CL_DEVICE_IL_VERSION,
    CL_DEVICE_MAX_NUM_SUB_GROUPS,
    CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS,
    CL_DEVICE_NUMERIC_VERSION,
    CL_DEVICE_EXTENSIONS_WITH_VERSION,
    CL_DEVICE_ILS_WITH_VERSION,
    CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION,
    CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES,
    CL_DEVICE_ATOMIC_FENCE_CAPABILITIES,
    CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT,
    CL_DEVICE_OPENCL_C_ALL_VERSIONS,
    CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
    CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT,
    CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT,
    CL_DEVICE_OPENCL_C_FEATURES,
    CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
    CL_DEVICE_PIPE_SUPPORT,
    CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED,
    CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL,
    CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL,
    CL_DEVICE_SINGLE_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
    CL_DEVICE_CROSS_DEVICE_SHARED_MEM_CAPABILITIES_INTEL,
    CL_DEVICE_SHARED_SYSTEM_MEM_CAPABILITIES_INTEL,
};

/* Sizes the specification fixes for some queries. */
static const struct {
	cl_uint param;
	size_t size;
} fixed_sizes[] = {
    {CL_DEVICE_TYPE, sizeof(cl_device_type)},
    {CL_DEVICE_MAX_WORK_ITEM_SIZES, 3 * sizeof(size_t)},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t)},
    {CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong)},
    {CL_DEVICE_PLATFORM, sizeof(cl_platform_id)},
    {CL_DEVICE_AVAILABLE, sizeof(cl_bool)},
    {CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(cl_uint)},
    {CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(cl_command_queue_properties)},
    {CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof(size_t)},
    {CL_DEVICE_NUMERIC_VERSION, sizeof(cl_version)},
    {CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL, sizeof(cl_device_unified_shared_memory_capabilities_intel)},
};

static int ctx_dtor_called, complete_calls, running_calls;
static void CL_CALLBACK ctx_dtor(cl_context c, void *u)
{
	(void)c, (void)u;
	ctx_dtor_called++;
}
static void CL_CALLBACK ev_cb(cl_event e, cl_int status, void *u)
{
	(void)e;
	if (status == CL_COMPLETE)
		__atomic_add_fetch((int *)u, 1, __ATOMIC_SEQ_CST);
	else if (status == CL_RUNNING)
		__atomic_add_fetch(&running_calls, 1, __ATOMIC_SEQ_CST);
}

static void test_platform_device(ocl_env *env)
{
	char buf[256];
	size_t sz = 0;
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_PROFILE, sizeof buf, buf, NULL), "platform profile");
	KT_EQ_STR(buf, "EMBEDDED_PROFILE", "platform profile is EMBEDDED_PROFILE");
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_VERSION, sizeof buf, buf, NULL), "platform version");
	KT_CHECK(strncmp(buf, "OpenCL 3.0", 10) == 0, "platform version is OpenCL 3.0", "%s", buf);
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_EXTENSIONS, 0, NULL, &sz), "platform extensions size");
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_EXTENSIONS, sizeof buf, buf, NULL),
	   "platform extensions");
	KT_CHECK(strstr(buf, "cl_khr_icd") && strstr(buf, "cl_intel_global_variable_access") &&
	             strstr(buf, "cl_intel_unified_shared_memory") && sz == strlen(buf) + 1,
	         "platform extensions list cl_khr_icd and both Intel extensions", "%s", buf);
	{
		/* The platform's extensions are those of its one device, plus the ICD's (one table). */
		char dev_ext[2048] = "", *save = NULL;
		clGetDeviceInfo(env->dev, CL_DEVICE_EXTENSIONS, sizeof dev_ext, dev_ext, NULL);
		int all = dev_ext[0] != 0;
		for (char *e = strtok_r(dev_ext, " ", &save); e; e = strtok_r(NULL, " ", &save))
			all &= strstr(buf, e) != NULL;
		KT_CHECK(all, "every device extension is a platform extension", "platform: %s", buf);
	}
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof buf, buf, NULL), "ICD suffix");
	KT_EQ_STR(buf, "KILN", "ICD suffix is KILN");
	cl_version v = 0;
	OK(clGetPlatformInfo(env->plat, CL_PLATFORM_NUMERIC_VERSION, sizeof v, &v, NULL), "numeric version");
	KT_EQ_U64(v, CL_MAKE_VERSION(3, 0, 0), "platform numeric version 3.0.0");
	EXPECT(clGetPlatformInfo(env->plat, 0x1234, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "unknown platform query");
	EXPECT(clGetPlatformInfo(env->plat, CL_PLATFORM_NAME, 2, buf, NULL), CL_INVALID_VALUE,
	       "platform query into a too small buffer");

	cl_uint n = 0;
	cl_device_id d = NULL;
	OK(clGetDeviceIDs(env->plat, CL_DEVICE_TYPE_ALL, 1, &d, &n), "clGetDeviceIDs ALL");
	KT_CHECK(n == 1 && d == env->dev, "one device", "%u", n);
	EXPECT(clGetDeviceIDs(env->plat, CL_DEVICE_TYPE_GPU, 1, &d, &n), CL_DEVICE_NOT_FOUND,
	       "no GPU device");
	OK(clGetDeviceIDs(env->plat, CL_DEVICE_TYPE_DEFAULT, 1, &d, NULL), "default device");
	OK(clRetainDevice(env->dev), "clRetainDevice");
	OK(clReleaseDevice(env->dev), "clReleaseDevice");

	/* Every query: the size query and the value query agree, and a buffer one byte short is refused. */
	int all_ok = 1;
	for (size_t i = 0; i < sizeof device_params / sizeof device_params[0]; i++) {
		size_t need = 0, got = 0;
		unsigned char val[1024];
		cl_int e1 = clGetDeviceInfo(env->dev, device_params[i], 0, NULL, &need);
		cl_int e2 =
		    need <= sizeof val ? clGetDeviceInfo(env->dev, device_params[i], need, val, &got) : -1;
		cl_int e3 = need ? clGetDeviceInfo(env->dev, device_params[i], need - 1, val, NULL)
		                 : CL_INVALID_VALUE;
		if (e1 || e2 || got != need || e3 != CL_INVALID_VALUE) {
			all_ok = 0;
			printf("# device query 0x%x: %d %d size %zu/%zu short %d\n", device_params[i], e1, e2,
			       need, got, e3);
		}
	}
	KT_CHECK(all_ok, "every device query answers with a consistent size", "see above");
	int sizes_ok = 1;
	for (size_t i = 0; i < sizeof fixed_sizes / sizeof fixed_sizes[0]; i++) {
		size_t need = 0;
		clGetDeviceInfo(env->dev, fixed_sizes[i].param, 0, NULL, &need);
		if (need != fixed_sizes[i].size) {
			sizes_ok = 0;
			printf("# device query 0x%x: size %zu, want %zu\n", fixed_sizes[i].param, need,
			       fixed_sizes[i].size);
		}
	}
	KT_CHECK(sizes_ok, "device queries have the sizes the specification gives", "see above");
	cl_device_type t = 0;
	OK(clGetDeviceInfo(env->dev, CL_DEVICE_TYPE, sizeof t, &t, NULL), "device type");
	KT_EQ_U64(t, CL_DEVICE_TYPE_ACCELERATOR, "device type is ACCELERATOR");
	OK(clGetDeviceInfo(env->dev, CL_DEVICE_PROFILE, sizeof buf, buf, NULL), "device profile");
	KT_EQ_STR(buf, "EMBEDDED_PROFILE", "device profile is EMBEDDED_PROFILE");
	cl_uint mhz = 0;
	clGetDeviceInfo(env->dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
	KT_EQ_U64(mhz, 100, "clock frequency from the board's 10 ns period");
	EXPECT(clGetDeviceInfo(env->dev, 0x1033, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "unknown device query");
	EXPECT(clGetDeviceInfo(env->dev, 0x7777, sizeof buf, buf, NULL), CL_INVALID_VALUE,
	       "another unknown query");
	/* Conformance findings (CTS B2, B3, B8, B10). */
	OK(clGetDeviceInfo(env->dev, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, sizeof buf, buf, NULL),
	   "latest conformance version");
	unsigned yy = 0, mm = 0, dd = 0, xx = 0;
	int used = 0;
	KT_CHECK(sscanf(buf, "v%4u-%2u-%2u-%2u%n", &yy, &mm, &dd, &xx, &used) == 4 && used == 14 &&
	             buf[used] == 0 && mm >= 1 && mm <= 12 && dd >= 1 && dd <= 31,
	         "latest conformance version has the form vYYYY-MM-DD-XX", "\"%s\"", buf);
	EXPECT(clGetDeviceIDs(env->plat, 0, 1, &d, &n), CL_INVALID_DEVICE_TYPE, "device type 0 is invalid");
	cl_ulong local = 0, maxalloc = 0, global = 0;
	cl_device_local_mem_type lt = CL_NONE;
	clGetDeviceInfo(env->dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL);
	clGetDeviceInfo(env->dev, CL_DEVICE_LOCAL_MEM_TYPE, sizeof lt, &lt, NULL);
	KT_CHECK(local >= 1024 && lt == CL_LOCAL, "local memory: on-chip, at least the 1 KiB minimum",
	         "%llu bytes, type %u", (unsigned long long)local, (unsigned)lt);
	clGetDeviceInfo(env->dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc, NULL);
	clGetDeviceInfo(env->dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL);
	cl_int err = CL_SUCCESS;
	KT_CHECK(maxalloc <= global && maxalloc >= global / 4, "max allocation: at least a quarter of memory",
	         "%llu of %llu", (unsigned long long)maxalloc, (unsigned long long)global);
	KT_CHECK(!clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, (size_t)maxalloc + 1, NULL, &err) &&
	             err == CL_INVALID_BUFFER_SIZE,
	         "one byte more is CL_INVALID_BUFFER_SIZE", "error %d", err);
	cl_ulong ht = 0, dt = 0;
	OK(clGetHostTimer(env->dev, &ht), "clGetHostTimer");
	OK(clGetDeviceAndHostTimer(env->dev, &dt, &ht), "clGetDeviceAndHostTimer");
}

static void test_context_queue(ocl_env *env)
{
	cl_int err = 0;
	cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->plat, 0};
	cl_context c = clCreateContextFromType(props, CL_DEVICE_TYPE_ACCELERATOR, NULL, NULL, &err);
	OK(err, "clCreateContextFromType ACCELERATOR");
	cl_uint refs = 0, ndev = 0;
	cl_device_id d = NULL;
	OK(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL), "context num devices");
	OK(clGetContextInfo(c, CL_CONTEXT_DEVICES, sizeof d, &d, NULL), "context devices");
	KT_CHECK(ndev == 1 && d == env->dev, "context holds the device", "%u", ndev);
	cl_context_properties got[3] = {0};
	size_t sz = 0;
	OK(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, sizeof got, got, &sz), "context properties");
	KT_CHECK(sz == sizeof props && got[1] == props[1], "context properties echo the platform", "%zu", sz);
	OK(clSetContextDestructorCallback(c, ctx_dtor, NULL), "clSetContextDestructorCallback");
	OK(clRetainContext(c), "clRetainContext");
	OK(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL), "context refcount");
	KT_EQ_U64(refs, 2, "context reference count 2 after retain");
	OK(clReleaseContext(c), "clReleaseContext");
	KT_EQ_U64(ctx_dtor_called, 0, "destructor not called while referenced");
	cl_command_queue q = clCreateCommandQueue(c, env->dev, 0, &err);
	OK(err, "clCreateCommandQueue (1.x)");
	cl_command_queue_properties qp = 99;
	OK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), "queue properties");
	KT_EQ_U64(qp, 0, "in-order queue without profiling");
	cl_context qc = NULL;
	OK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL), "queue context");
	KT_CHECK(qc == c, "queue's context", "%p", (void *)qc);
	OK(clRetainCommandQueue(q), "clRetainCommandQueue");
	OK(clReleaseCommandQueue(q), "clReleaseCommandQueue (retained)");
	OK(clFlush(q), "clFlush");
	OK(clFinish(q), "clFinish on an empty queue");
	OK(clReleaseCommandQueue(q), "clReleaseCommandQueue (last)");
	OK(clReleaseContext(c), "clReleaseContext (last)");
	KT_EQ_U64(ctx_dtor_called, 1, "context destructor callback ran once");

	size_t asz = 0;
	cl_queue_properties arr[4];
	OK(clGetCommandQueueInfo(env->q, CL_QUEUE_PROPERTIES_ARRAY, sizeof arr, arr, &asz),
	   "queue properties array");
	KT_CHECK(asz == 3 * sizeof(cl_queue_properties) && arr[1] == CL_QUEUE_PROFILING_ENABLE,
	         "properties array as given", "%zu", asz);
}

static void test_program_kernels(ocl_env *env)
{
	size_t n = 0, bsz = 0;
	char names[256] = "";
	OK(clGetProgramInfo(env->prog, CL_PROGRAM_NUM_KERNELS, sizeof n, &n, NULL), "CL_PROGRAM_NUM_KERNELS");
	KT_EQ_U64(n, 6, "six kernels");
	OK(clGetProgramInfo(env->prog, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL),
	   "CL_PROGRAM_KERNEL_NAMES");
	KT_EQ_STR(names, "empty;add;mirror;scale;sum;store_at", "kernel names");
	OK(clGetProgramInfo(env->prog, CL_PROGRAM_BINARY_SIZES, sizeof bsz, &bsz, NULL),
	   "CL_PROGRAM_BINARY_SIZES");
	KT_EQ_U64(bsz, env->image_len, "binary size is the image's");
	unsigned char *bin = malloc(bsz);
	OK(clGetProgramInfo(env->prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), "CL_PROGRAM_BINARIES");
	KT_CHECK(memcmp(bin, env->image, bsz) == 0, "binary is the image", "differs");
	free(bin);
	cl_build_status bs = 0;
	OK(clGetProgramBuildInfo(env->prog, env->dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL),
	   "build status");
	KT_EQ_U64(bs, CL_BUILD_SUCCESS, "build succeeded");
	cl_program_binary_type bt = 0;
	OK(clGetProgramBuildInfo(env->prog, env->dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL),
	   "binary type");
	KT_EQ_U64(bt, CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "binary type executable");
	cl_uint nd = 0;
	OK(clGetProgramInfo(env->prog, CL_PROGRAM_NUM_DEVICES, sizeof nd, &nd, NULL), "program num devices");

	cl_int err = 0;
	cl_kernel k = clCreateKernel(env->prog, "__sycl_kernel_sum", &err);
	OK(err, "clCreateKernel by native name __sycl_kernel_sum");
	cl_kernel k2 = clCreateKernel(env->prog, "sum", &err);
	OK(err, "clCreateKernel by plain name");
	char fn[64] = "";
	cl_uint nargs = 0;
	OK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof fn, fn, NULL), "kernel function name");
	KT_EQ_STR(fn, "sum", "function name is the C name");
	OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL), "CL_KERNEL_NUM_ARGS");
	KT_EQ_U64(nargs, 5, "sum takes five arguments");
	cl_program kp = NULL;
	OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL), "kernel program");
	KT_CHECK(kp == env->prog, "kernel's program", "%p", (void *)kp);
	const char *want_names[] = {"v", "n", "out", "bias", "pad"};
	const char *want_types[] = {"void*", "uint", "void*", "char", "ushort"};
	int args_ok = 1;
	for (cl_uint i = 0; i < 5; i++) {
		char an[32] = "", tn[32] = "";
		cl_kernel_arg_address_qualifier aq = 0;
		clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof an, an, NULL);
		clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL);
		clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL);
		if (strcmp(an, want_names[i]) || strcmp(tn, want_types[i]) ||
		    aq != (tn[strlen(tn) - 1] == '*' ? CL_KERNEL_ARG_ADDRESS_GLOBAL
		                                     : CL_KERNEL_ARG_ADDRESS_PRIVATE)) {
			args_ok = 0;
			printf("# arg %u: %s %s %x\n", i, an, tn, aq);
		}
	}
	KT_CHECK(args_ok, "clGetKernelArgInfo names, types and address qualifiers", "see above");
	size_t wg = 0;
	OK(clGetKernelWorkGroupInfo(k, env->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
	   "clGetKernelWorkGroupInfo");
	cl_kernel all[8];
	cl_uint nk = 0;
	OK(clCreateKernelsInProgram(env->prog, 8, all, &nk), "clCreateKernelsInProgram");
	KT_EQ_U64(nk, 6, "six kernel objects");
	for (cl_uint i = 0; i < nk; i++)
		clReleaseKernel(all[i]);
	cl_kernel cl2 = clCloneKernel(k, &err);
	OK(err, "clCloneKernel");
	OK(clRetainKernel(cl2), "clRetainKernel");
	OK(clReleaseKernel(cl2), "clReleaseKernel");
	OK(clReleaseKernel(cl2), "clReleaseKernel (last)");
	clReleaseKernel(k);
	clReleaseKernel(k2);
	EXPECT(clBuildProgram(env->prog, 0, NULL, NULL, NULL, NULL), CL_SUCCESS, "rebuild without kernels");
}

static void test_global_variables(ocl_env *env)
{
	cl_int err = 0, v = 5, got = 0;
	cl_event ev = NULL;
	OK(env->write_gv(env->q, env->prog, "dg_rw", CL_TRUE, 4, 0, &v, 0, NULL, NULL),
	   "blocking write dg_rw");
	OK(env->read_gv(env->q, env->prog, "dg_rw", CL_TRUE, 4, 0, &got, 0, NULL, NULL),
	   "blocking read dg_rw");
	KT_EQ_U64(got, 5, "dg_rw reads back 5");
	cl_kernel add = clCreateKernel(env->prog, "add", &err);
	cl_int three = 3;
	OK(clSetKernelArg(add, 0, sizeof three, &three), "clSetKernelArg scalar");
	OK(clEnqueueTask(env->q, add, 0, NULL, NULL), "clEnqueueTask add(3)");
	got = 0;
	OK(env->read_gv(env->q, env->prog, "dg_rw", CL_FALSE, 4, 0, &got, 0, NULL, &ev), "non-blocking read");
	OK(clWaitForEvents(1, &ev), "wait for the read");
	KT_EQ_U64(got, 8, "kernel added 3: dg_rw is 8");
	cl_command_type ct = 0;
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), "event command type");
	KT_EQ_U64(ct, CL_COMMAND_READ_GLOBAL_VARIABLE_INTEL, "command type READ_GLOBAL_VARIABLE_INTEL");
	clReleaseEvent(ev);
	OK(env->read_gv(env->q, env->prog, "dg_usm", CL_TRUE, 4, 0, &got, 0, NULL, NULL), "read dg_usm");
	KT_EQ_U64(got, 3, "device-memory global dg_usm is 3");
	OK(env->read_gv(env->q, env->prog, "dg_ro", CL_TRUE, 4, 0, &got, 0, NULL, NULL),
	   "read read-only dg_ro");
	KT_EQ_U64(got, 42, "dg_ro has its initializer 42");
	v = 7;
	OK(env->write_gv(env->q, env->prog, "dg_wo", CL_FALSE, 4, 0, &v, 0, NULL, &ev),
	   "non-blocking write dg_wo");
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), "write event type");
	KT_EQ_U64(ct, CL_COMMAND_WRITE_GLOBAL_VARIABLE_INTEL, "command type WRITE_GLOBAL_VARIABLE_INTEL");
	cl_kernel mirror = clCreateKernel(env->prog, "mirror", &err);
	OK(clEnqueueTask(env->q, mirror, 1, &ev, NULL), "mirror after the write (wait list)");
	clReleaseEvent(ev);
	OK(env->read_gv(env->q, env->prog, "dg_ro", CL_TRUE, 4, 0, &got, 0, NULL, NULL), "read dg_ro again");
	KT_EQ_U64(got, 7, "write-only global reached the kernel: dg_ro = 7 + 0");
	OK(clEnqueueTask(env->q, mirror, 0, NULL, NULL), "mirror again");
	OK(env->read_gv(env->q, env->prog, "dg_ro", CL_TRUE, 4, 0, &got, 0, NULL, NULL),
	   "read dg_ro third time");
	KT_EQ_U64(got, 8, "host-invisible dg_none counts in the kernel: 7 + 1");
	int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8}, back[8] = {0};
	OK(env->write_gv(env->q, env->prog, "dg_arr", CL_TRUE, sizeof arr, 0, arr, 0, NULL, NULL),
	   "write dg_arr");
	OK(env->read_gv(env->q, env->prog, "dg_arr", CL_TRUE, 8, 12, back, 0, NULL, NULL),
	   "read dg_arr[3..5)");
	KT_CHECK(back[0] == 4 && back[1] == 5, "partial read at an offset", "%d %d", back[0], back[1]);

	/* The error codes of REFERENCE §5, blocking and non-blocking. */
	for (int blocking = 0; blocking < 2; blocking++) {
		char name[96];
#define GV(expr, code, what)                                                                                 \
	do {                                                                                                 \
		snprintf(name, sizeof name, "%s (%s)", what, blocking ? "blocking" : "non-blocking");        \
		EXPECT(expr, code, name);                                                                    \
	} while (0)
		GV(env->read_gv(env->q, env->prog, "nope", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_ARG_VALUE, "read of an unknown name is CL_INVALID_ARG_VALUE");
		GV(env->write_gv(env->q, env->prog, "nope", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_ARG_VALUE, "write of an unknown name is CL_INVALID_ARG_VALUE");
		GV(env->read_gv(env->q, env->prog, NULL, blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_VALUE, "NULL name is CL_INVALID_VALUE");
		GV(env->read_gv(env->q, env->prog, "dg_rw", blocking, 4, 0, NULL, 0, NULL, NULL),
		   CL_INVALID_VALUE, "NULL destination is CL_INVALID_VALUE");
		GV(env->write_gv(env->q, env->prog, "dg_rw", blocking, 4, 0, NULL, 0, NULL, NULL),
		   CL_INVALID_VALUE, "NULL source is CL_INVALID_VALUE");
		GV(env->read_gv(env->q, env->prog, "dg_rw", blocking, 8, 0, &got, 0, NULL, NULL),
		   CL_INVALID_VALUE, "read larger than the variable is CL_INVALID_VALUE");
		GV(env->write_gv(env->q, env->prog, "dg_rw", blocking, 1, 4, &got, 0, NULL, NULL),
		   CL_INVALID_VALUE, "write past the end is CL_INVALID_VALUE");
		GV(env->read_gv(env->q, env->prog, "dg_wo", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_OPERATION, "read of a write-only global is CL_INVALID_OPERATION");
		GV(env->read_gv(env->q, env->prog, "dg_none", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_OPERATION, "read of a host_access none global is CL_INVALID_OPERATION");
		GV(env->write_gv(env->q, env->prog, "dg_ro", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_OPERATION, "write of a read-only global is CL_INVALID_OPERATION");
		GV(env->write_gv(env->q, env->prog, "dg_none", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_OPERATION, "write of a host_access none global is CL_INVALID_OPERATION");
		GV(env->read_gv(NULL, env->prog, "dg_rw", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_COMMAND_QUEUE, "NULL queue is CL_INVALID_COMMAND_QUEUE");
		GV(env->read_gv(env->q, NULL, "dg_rw", blocking, 4, 0, &got, 0, NULL, NULL),
		   CL_INVALID_PROGRAM, "NULL program is CL_INVALID_PROGRAM");
		GV(env->read_gv(env->q, env->prog, "dg_rw", blocking, 4, 0, &got, 1, NULL, NULL),
		   CL_INVALID_EVENT_WAIT_LIST, "bad wait list is CL_INVALID_EVENT_WAIT_LIST");
#undef GV
	}
	OK(env->read_gv(env->q, env->prog, "dg_ro", CL_TRUE, 4, 0, &got, 0, NULL, NULL),
	   "refused calls changed nothing");
	KT_EQ_U64(got, 8, "dg_ro still 8");
	cl_program unbuilt = clCreateProgramWithBinary(env->ctx, 1, &env->dev, &env->image_len,
	                                               (const unsigned char **)&env->image, NULL, &err);
	EXPECT(env->read_gv(env->q, unbuilt, "dg_rw", CL_TRUE, 4, 0, &got, 0, NULL, NULL),
	       CL_INVALID_PROGRAM_EXECUTABLE, "program not built is CL_INVALID_PROGRAM_EXECUTABLE");
	clReleaseProgram(unbuilt);
	cl_context other = clCreateContext(NULL, 1, &env->dev, NULL, NULL, &err);
	cl_command_queue oq = clCreateCommandQueueWithProperties(other, env->dev, NULL, &err);
	EXPECT(env->read_gv(oq, env->prog, "dg_rw", CL_TRUE, 4, 0, &got, 0, NULL, NULL), CL_INVALID_CONTEXT,
	       "queue and program of different contexts is CL_INVALID_CONTEXT");
	clReleaseCommandQueue(oq);
	clReleaseContext(other);
	clReleaseKernel(add);
	clReleaseKernel(mirror);
}

static void test_buffers(ocl_env *env)
{
	cl_int err = 0;
	int host[64], out[64];
	for (int i = 0; i < 64; i++)
		host[i] = i;
	cl_mem buf =
	    clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
	OK(err, "clCreateBuffer COPY_HOST_PTR");
	size_t msz = 0;
	OK(clGetMemObjectInfo(buf, CL_MEM_SIZE, sizeof msz, &msz, NULL), "CL_MEM_SIZE");
	KT_EQ_U64(msz, sizeof host, "buffer size");
	cl_kernel scale = clCreateKernel(env->prog, "scale", &err);
	cl_int k = 3;
	OK(clSetKernelArg(scale, 0, sizeof buf, &buf), "clSetKernelArg buffer");
	OK(clSetKernelArg(scale, 1, sizeof k, &k), "clSetKernelArg k");
	size_t g = 64, l = 8;
	cl_event ev = NULL;
	OK(clEnqueueNDRangeKernel(env->q, scale, 1, NULL, &g, &l, 0, NULL, &ev),
	   "clEnqueueNDRangeKernel 64/8");
	OK(clEnqueueReadBuffer(env->q, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
	   "clEnqueueReadBuffer");
	int ok = 1;
	for (int i = 0; i < 64; i++)
		ok &= out[i] == i * 3 + (i % 8 + 1);
	KT_CHECK(ok, "nd-range kernel scaled the buffer (and read dg_arr)", "out[5]=%d", out[5]);
	cl_ulong t[4] = {0};
	for (int i = 0; i < 4; i++)
		OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED + i, sizeof t[i], &t[i], NULL),
		   "kernel profiling timestamp");
	KT_CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] < t[3] && (t[3] - t[2]) % 10 == 0,
	         "profiling: queued <= submit <= start < end, duration in 10 ns cycles",
	         "%llu %llu %llu %llu", (unsigned long long)t[0], (unsigned long long)t[1],
	         (unsigned long long)t[2], (unsigned long long)t[3]);
	cl_ulong done = 0;
	OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_COMPLETE, sizeof done, &done, NULL),
	   "COMPLETE timestamp");
	clReleaseEvent(ev);

	for (int i = 0; i < 64; i++)
		host[i] = 1000 + i;
	OK(clEnqueueWriteBuffer(env->q, buf, CL_FALSE, 0, sizeof host, host, 0, NULL, NULL),
	   "non-blocking write");
	cl_mem b2 = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, sizeof host, NULL, &err);
	OK(err, "clCreateBuffer plain");
	OK(clEnqueueCopyBuffer(env->q, buf, b2, 16, 0, 64, 0, NULL, NULL), "clEnqueueCopyBuffer");
	OK(clEnqueueReadBuffer(env->q, b2, CL_TRUE, 0, 64, out, 0, NULL, NULL), "read the copy");
	KT_CHECK(out[0] == 1004 && out[15] == 1019, "copy at offsets", "%d %d", out[0], out[15]);
	int pat = 0x5a5a0001;
	OK(clEnqueueFillBuffer(env->q, b2, &pat, sizeof pat, 8, 32, 0, NULL, NULL), "clEnqueueFillBuffer");
	OK(clEnqueueReadBuffer(env->q, b2, CL_TRUE, 0, 64, out, 0, NULL, NULL), "read the fill");
	KT_CHECK(out[1] == 1005 && out[2] == pat && out[9] == pat && out[10] == 1014, "fill of a range",
	         "%d %x %d", out[1], out[2], out[10]);
	int *m =
	    clEnqueueMapBuffer(env->q, b2, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, NULL, NULL, &err);
	OK(err, "clEnqueueMapBuffer");
	cl_uint mc = 0;
	clGetMemObjectInfo(b2, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL);
	KT_EQ_U64(mc, 1, "map count 1");
	KT_CHECK(m && m[2] == pat, "mapped memory holds the buffer", "%d", m ? m[2] : -1);
	if (m)
		m[0] = 4242;
	OK(clEnqueueUnmapMemObject(env->q, b2, m, 0, NULL, NULL), "clEnqueueUnmapMemObject");
	OK(clEnqueueReadBuffer(env->q, b2, CL_TRUE, 0, 4, out, 0, NULL, NULL), "read after unmap");
	KT_EQ_U64(out[0], 4242, "unmap wrote the change back");
	EXPECT(clEnqueueUnmapMemObject(env->q, b2, m, 0, NULL, NULL), CL_INVALID_VALUE, "unmap twice");
	cl_mem bm[1] = {b2};
	OK(clEnqueueMigrateMemObjects(env->q, 1, bm, 0, 0, NULL, NULL), "clEnqueueMigrateMemObjects");
	OK(clRetainMemObject(b2), "clRetainMemObject");
	OK(clReleaseMemObject(b2), "clReleaseMemObject");
	OK(clFinish(env->q), "clFinish");
	clReleaseMemObject(b2);
	clReleaseMemObject(buf);
	clReleaseKernel(scale);
}

/* Sub-buffers (a core feature): a window of a buffer at an aligned origin, sharing its memory, with the
 * specification's flag and region rules; the buffer lives while a sub-buffer does. */
static void test_sub_buffers(ocl_env *env)
{
	cl_int err = CL_SUCCESS;
	int v[64];
	for (int i = 0; i < 64; i++)
		v[i] = i;
	cl_mem b = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof v, v, &err);
	cl_buffer_region r = {64, 64}; /* ints 16..31 */
	cl_mem s = clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	OK(err, "clCreateSubBuffer at origin 64");
	int w[16] = {0};
	OK(clEnqueueReadBuffer(env->q, s, CL_TRUE, 0, sizeof w, w, 0, NULL, NULL), "read the sub-buffer");
	KT_CHECK(w[0] == 16 && w[15] == 31, "the sub-buffer is the buffer's ints 16..31", "%d..%d", w[0],
	         w[15]);
	cl_mem parent = NULL;
	size_t off = 0, sz = 0;
	clGetMemObjectInfo(s, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
	clGetMemObjectInfo(s, CL_MEM_OFFSET, sizeof off, &off, NULL);
	clGetMemObjectInfo(s, CL_MEM_SIZE, sizeof sz, &sz, NULL);
	KT_CHECK(parent == b && off == 64 && sz == 64, "sub-buffer info: its buffer, offset 64, size 64",
	         "%p %zu %zu", (void *)parent, off, sz);
	/* A kernel writes through the sub-buffer: the buffer sees it at the offset. */
	cl_kernel k = clCreateKernel(env->prog, "store_at", &err);
	cl_uint i2 = 2;
	cl_int x = -7;
	clSetKernelArg(k, 0, sizeof s, &s);
	clSetKernelArg(k, 1, sizeof i2, &i2);
	clSetKernelArg(k, 2, sizeof x, &x);
	OK(clEnqueueTask(env->q, k, 0, NULL, NULL), "a kernel stores through the sub-buffer");
	OK(clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL), "read the buffer");
	KT_CHECK(v[18] == -7 && v[17] == 17 && v[19] == 19, "the store landed at buffer int 18 only",
	         "%d %d %d", v[17], v[18], v[19]);
	clReleaseKernel(k);
	/* The rules. */
	cl_buffer_region odd = {4, 16}, past = {192, 128}, empty = {0, 0};
	KT_CHECK(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &odd, &err) &&
	             err == CL_MISALIGNED_SUB_BUFFER_OFFSET,
	         "an origin off CL_DEVICE_MEM_BASE_ADDR_ALIGN: CL_MISALIGNED_SUB_BUFFER_OFFSET", "%d", err);
	KT_CHECK(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &past, &err) &&
	             err == CL_INVALID_VALUE,
	         "a region past the end: CL_INVALID_VALUE", "%d", err);
	KT_CHECK(!clCreateSubBuffer(b, 0, CL_BUFFER_CREATE_TYPE_REGION, &empty, &err) &&
	             err == CL_INVALID_BUFFER_SIZE,
	         "an empty region: CL_INVALID_BUFFER_SIZE", "%d", err);
	KT_CHECK(!clCreateSubBuffer(s, 0, CL_BUFFER_CREATE_TYPE_REGION, &empty, &err) &&
	             err == CL_INVALID_MEM_OBJECT,
	         "a sub-buffer of a sub-buffer: CL_INVALID_MEM_OBJECT", "%d", err);
	KT_CHECK(!clCreateSubBuffer(b, CL_MEM_COPY_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &r, &err) &&
	             err == CL_INVALID_VALUE,
	         "host-pointer flags on a sub-buffer: CL_INVALID_VALUE", "%d", err);
	cl_mem ro = clCreateBuffer(env->ctx, CL_MEM_READ_ONLY, 128, NULL, &err);
	KT_CHECK(!clCreateSubBuffer(ro, CL_MEM_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &err) &&
	             err == CL_INVALID_VALUE,
	         "write access under a read-only buffer: CL_INVALID_VALUE", "%d", err);
	cl_mem_flags f = 0;
	cl_mem sro = clCreateSubBuffer(ro, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	clGetMemObjectInfo(sro, CL_MEM_FLAGS, sizeof f, &f, NULL);
	KT_CHECK(err == CL_SUCCESS && (f & CL_MEM_READ_ONLY), "flags left out are inherited", "%d 0x%llx",
	         err, (unsigned long long)f);
	clReleaseMemObject(sro);
	clReleaseMemObject(ro);
	/* The buffer released first: the sub-buffer keeps the memory alive. */
	OK(clReleaseMemObject(b), "release the buffer before its sub-buffer");
	OK(clEnqueueReadBuffer(env->q, s, CL_TRUE, 0, sizeof w, w, 0, NULL, NULL),
	   "read the sub-buffer of a released buffer");
	KT_CHECK(w[2] == -7 && w[0] == 16, "its data is still there", "%d %d", w[0], w[2]);
	OK(clReleaseMemObject(s), "release the sub-buffer");
}

static void test_usm(ocl_env *env)
{
	cl_int err = 0;
	clDeviceMemAllocINTEL_fn dalloc = (clDeviceMemAllocINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clDeviceMemAllocINTEL");
	clMemFreeINTEL_fn mfree =
	    (clMemFreeINTEL_fn)clGetExtensionFunctionAddressForPlatform(env->plat, "clMemFreeINTEL");
	clEnqueueMemcpyINTEL_fn memcpy_ = (clEnqueueMemcpyINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clEnqueueMemcpyINTEL");
	clEnqueueMemFillINTEL_fn fill = (clEnqueueMemFillINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clEnqueueMemFillINTEL");
	clSetKernelArgMemPointerINTEL_fn setptr =
	    (clSetKernelArgMemPointerINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	        env->plat, "clSetKernelArgMemPointerINTEL");
	clGetMemAllocInfoINTEL_fn info = (clGetMemAllocInfoINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clGetMemAllocInfoINTEL");
	if (!KT_CHECK(dalloc && mfree && memcpy_ && fill && setptr && info, "USM functions by name",
	              "missing"))
		return;
	int *v = dalloc(env->ctx, env->dev, NULL, 16 * sizeof(int), 0, &err);
	OK(err, "clDeviceMemAllocINTEL");
	KT_CHECK(v != NULL, "a device allocation is never NULL", "NULL");
	long long *out = dalloc(env->ctx, env->dev, NULL, sizeof(long long), 8, &err);
	OK(err, "clDeviceMemAllocINTEL aligned 8");
	int host[16];
	for (int i = 0; i < 16; i++)
		host[i] = i + 1;
	OK(memcpy_(env->q, CL_TRUE, v, host, sizeof host, 0, NULL, NULL),
	   "clEnqueueMemcpyINTEL host to device");
	int two = 2;
	OK(fill(env->q, v + 8, &two, sizeof two, 8 * sizeof(int), 0, NULL, NULL), "clEnqueueMemFillINTEL");
	cl_kernel sum = clCreateKernel(env->prog, "sum", &err);
	cl_uint n = 16;
	cl_char bias = -5;
	cl_ushort pad = 1;
	OK(setptr(sum, 0, v), "clSetKernelArgMemPointerINTEL v");
	OK(clSetKernelArg(sum, 1, sizeof n, &n), "sum n");
	OK(setptr(sum, 2, out), "clSetKernelArgMemPointerINTEL out");
	OK(clSetKernelArg(sum, 3, sizeof bias, &bias), "sum bias (signed char)");
	OK(clSetKernelArg(sum, 4, sizeof pad, &pad), "sum pad (unsigned short)");
	OK(clEnqueueTask(env->q, sum, 0, NULL, NULL), "clEnqueueTask sum");
	long long result = 0;
	OK(memcpy_(env->q, CL_TRUE, &result, out, sizeof result, 0, NULL, NULL),
	   "clEnqueueMemcpyINTEL device to host");
	KT_EQ_U64(result, (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8) + 8 * 2 - 5 + 1, "kernel summed device memory");
	int *w = dalloc(env->ctx, env->dev, NULL, 16 * sizeof(int), 0, &err);
	OK(memcpy_(env->q, CL_FALSE, w, v, sizeof host, 0, NULL, NULL), "device to device memcpy");
	int back[16] = {0};
	OK(memcpy_(env->q, CL_TRUE, back, w, sizeof back, 0, NULL, NULL), "read the device copy");
	KT_CHECK(back[0] == 1 && back[7] == 8 && back[8] == 2, "device to device copy", "%d %d", back[0],
	         back[8]);
	cl_unified_shared_memory_type_intel type = 0;
	void *base = NULL;
	size_t size = 0;
	cl_device_id d = NULL;
	OK(info(env->ctx, v + 3, CL_MEM_ALLOC_TYPE_INTEL, sizeof type, &type, NULL), "alloc type");
	OK(info(env->ctx, v + 3, CL_MEM_ALLOC_BASE_PTR_INTEL, sizeof base, &base, NULL), "alloc base");
	OK(info(env->ctx, v + 3, CL_MEM_ALLOC_SIZE_INTEL, sizeof size, &size, NULL), "alloc size");
	OK(info(env->ctx, v + 3, CL_MEM_ALLOC_DEVICE_INTEL, sizeof d, &d, NULL), "alloc device");
	KT_CHECK(type == CL_MEM_TYPE_DEVICE_INTEL && base == v && size == 64 && d == env->dev,
	         "clGetMemAllocInfoINTEL of an interior pointer", "%x %p %zu", type, base, size);
	OK(info(env->ctx, host, CL_MEM_ALLOC_TYPE_INTEL, sizeof type, &type, NULL),
	   "alloc type of host memory");
	KT_EQ_U64(type, CL_MEM_TYPE_UNKNOWN_INTEL, "host memory is UNKNOWN");
	OK(mfree(env->ctx, v), "clMemFreeINTEL");
	EXPECT(mfree(env->ctx, v), CL_INVALID_VALUE, "double clMemFreeINTEL");
	OK(mfree(env->ctx, out), "free out");
	OK(mfree(env->ctx, w), "free w");
	OK(mfree(env->ctx, NULL), "free NULL");
	clHostMemAllocINTEL_fn halloc = (clHostMemAllocINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clHostMemAllocINTEL");
	KT_CHECK(halloc && !halloc(env->ctx, NULL, 64, 0, &err) && err == CL_INVALID_OPERATION,
	         "host USM allocations are not offered", "%d", err);
	clReleaseKernel(sum);
}

static void test_events(ocl_env *env)
{
	cl_int err = 0, got = 0, status = 0;
	cl_event user = clCreateUserEvent(env->ctx, &err);
	OK(err, "clCreateUserEvent");
	cl_event rd = NULL, mk = NULL, br = NULL;
	OK(env->read_gv(env->q, env->prog, "dg_rw", CL_FALSE, 4, 0, &got, 1, &user, &rd),
	   "read gated by a user event");
	OK(clSetEventCallback(rd, CL_COMPLETE, ev_cb, &complete_calls), "clSetEventCallback COMPLETE");
	OK(clSetEventCallback(rd, CL_RUNNING, ev_cb, &complete_calls), "clSetEventCallback RUNNING");
	OK(clEnqueueMarkerWithWaitList(env->q, 0, NULL, &mk), "clEnqueueMarkerWithWaitList");
	usleep(20000);
	OK(clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
	   "event status");
	KT_CHECK(status > CL_RUNNING, "gated command has not run", "status %d", status);
	KT_EQ_U64(complete_calls, 0, "no completion callback yet");
	OK(clSetUserEventStatus(user, CL_COMPLETE), "clSetUserEventStatus COMPLETE");
	EXPECT(clSetUserEventStatus(user, CL_COMPLETE), CL_INVALID_OPERATION, "user event status set twice");
	OK(clWaitForEvents(1, &mk), "wait for the marker");
	OK(clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
	   "status after");
	KT_EQ_U64(status, CL_COMPLETE, "read complete after the marker");
	KT_EQ_U64(complete_calls, 1, "completion callback ran once");
	KT_EQ_U64(running_calls, 1, "running callback ran once");
	int late = 0;
	OK(clSetEventCallback(rd, CL_COMPLETE, ev_cb, &late), "callback on a complete event");
	KT_EQ_U64(late, 1, "runs at once");
	OK(clEnqueueBarrierWithWaitList(env->q, 1, &rd, &br), "clEnqueueBarrierWithWaitList");
	OK(clWaitForEvents(1, &br), "wait for the barrier");
	cl_command_type ct = 0;
	clGetEventInfo(br, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL);
	KT_EQ_U64(ct, CL_COMMAND_BARRIER, "barrier event type");
	cl_event legacy = NULL;
	OK(clEnqueueMarker(env->q, &legacy), "clEnqueueMarker");
	OK(clEnqueueBarrier(env->q), "clEnqueueBarrier");
	OK(clEnqueueWaitForEvents(env->q, 1, &legacy), "clEnqueueWaitForEvents");
	OK(clFinish(env->q), "finish");
	cl_ulong t = 0;
	EXPECT(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL),
	       CL_PROFILING_INFO_NOT_AVAILABLE, "no profiling info for a user event");
	clReleaseEvent(legacy);
	clReleaseEvent(br);
	clReleaseEvent(mk);
	clReleaseEvent(rd);
	clReleaseEvent(user);

	/* A failed user event fails the commands that wait for it. */
	cl_event bad = clCreateUserEvent(env->ctx, &err), dep = NULL;
	OK(env->read_gv(env->q, env->prog, "dg_rw", CL_FALSE, 4, 0, &got, 1, &bad, &dep),
	   "read waiting on a user event");
	OK(clSetUserEventStatus(bad, -1234), "fail the user event");
	EXPECT(clWaitForEvents(1, &dep), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
	       "dependent wait reports the error");
	clGetEventInfo(dep, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
	KT_EQ_U64((cl_uint)status, (cl_uint)CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
	          "dependent command failed");
	EXPECT(env->read_gv(env->q, env->prog, "dg_rw", CL_TRUE, 4, 0, &got, 1, &bad, NULL),
	       CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "blocking call on a failed event");
	clReleaseEvent(dep);
	clReleaseEvent(bad);

	/* Profiling is not available on a queue without it. */
	cl_command_queue plain = clCreateCommandQueueWithProperties(env->ctx, env->dev, NULL, &err);
	cl_event e = NULL;
	OK(env->read_gv(plain, env->prog, "dg_rw", CL_TRUE, 4, 0, &got, 0, NULL, &e),
	   "read on a plain queue");
	EXPECT(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL),
	       CL_PROFILING_INFO_NOT_AVAILABLE, "profiling info needs a profiling queue");
	clReleaseEvent(e);
	clReleaseCommandQueue(plain);
}

static const char *twice_src = "#include <kiln/device.h>\n"
                               "KILN_SINGLE_TASK_KERNEL void twice(int *p)\n{\n\t*p = *p * 2;\n}\n";

/* A kernel that calls exit: its event ends with KILN_OCL_KERNEL_EXITED and the board runs the next
 * command as usual. */
static const char *stop_src = "#include <kiln/device.h>\n#include <stdlib.h>\n"
                              "KILN_SINGLE_TASK_KERNEL void stop(int *p)\n{\n\tif (*p == 7)\n\t\texit(3);\n"
                              "\t*p += 1;\n}\n";

static void test_kernel_exit(ocl_env *env)
{
	cl_int err = 0, st = 0;
	cl_program p = clCreateProgramWithSource(env->ctx, 1, &stop_src, NULL, &err);
	if (!KT_CHECK(err == CL_SUCCESS &&
	                  clBuildProgram(p, 1, &env->dev, "-x kiln-c", NULL, NULL) == CL_SUCCESS,
	              "a kernel calling exit builds", "%d", err)) {
		clReleaseProgram(p);
		return;
	}
	cl_kernel k = clCreateKernel(p, "stop", &err);
	for (int v = 7; v <= 8; v++) {
		cl_int x = v, r = 0;
		cl_event e = NULL;
		cl_mem b = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof x, &x, &err);
		clSetKernelArg(k, 0, sizeof b, &b);
		clEnqueueTask(env->q, k, 0, NULL, &e);
		clFinish(env->q);
		clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
		clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof r, &r, 0, NULL, NULL);
		if (v == 7)
			KT_CHECK(st == KILN_OCL_KERNEL_EXITED && r == 7,
			         "exit(3) in a kernel: its event's status is KILN_OCL_KERNEL_EXITED",
			         "%d, %d", st, r);
		else
			KT_CHECK(st == CL_COMPLETE && r == 9, "the next run completes as usual", "%d, %d", st,
			         r);
		clReleaseEvent(e);
		clReleaseMemObject(b);
	}
	clReleaseKernel(k);
	clReleaseProgram(p);
}

static void test_source_build(ocl_env *env)
{
	cl_int err = 0;
	char log[8192] = "";
	for (int round = 0; round < 2; round++) {
		cl_program p = clCreateProgramWithSource(env->ctx, 1, &twice_src, NULL, &err);
		OK(err, "clCreateProgramWithSource (Kiln C)");
		err =
		    clBuildProgram(p, 1, &env->dev, "-DUNUSED=1 -x kiln-c -cl-fast-relaxed-math", NULL, NULL);
		clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		if (!KT_CHECK(err == CL_SUCCESS, round ? "second build" : "clBuildProgram runs kiln-cc",
		              "%d: %s", err, log)) {
			clReleaseProgram(p);
			return;
		}
		if (round == 1)
			KT_CHECK(strstr(log, "cache"), "second build comes from the content-hash cache",
			         "log: %s", log);
		char names[64] = "";
		clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL);
		KT_EQ_STR(names, "twice", "built program's kernel");
		cl_kernel k = clCreateKernel(p, "twice", &err);
		cl_int v = 21, r = 0;
		cl_mem b = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof v, &v, &err);
		clSetKernelArg(k, 0, sizeof b, &b);
		OK(clEnqueueTask(env->q, k, 0, NULL, NULL), "run the source-built kernel");
		clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof r, &r, 0, NULL, NULL);
		KT_EQ_U64(r, 42, "source-built kernel doubled 21");
		char src[256] = "";
		clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof src, src, NULL);
		KT_EQ_STR(src, twice_src, "CL_PROGRAM_SOURCE");
		clReleaseMemObject(b);
		clReleaseKernel(k);
		clReleaseProgram(p);
	}
	const char *bad =
	    "#include <kiln/device.h>\nKILN_SINGLE_TASK_KERNEL int oops(int n) { return n + ; }\n";
	cl_program p = clCreateProgramWithSource(env->ctx, 1, &bad, NULL, &err);
	/* CTS B6: without an OpenCL C compiler, source builds only as Kiln C, on request. */
	EXPECT(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_COMPILER_NOT_AVAILABLE,
	       "source without -x kiln-c: CL_COMPILER_NOT_AVAILABLE");
	clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	KT_CHECK(strstr(log, "no OpenCL C compiler") && strstr(log, KILN_OCL_KILN_C_OPTION),
	         "the build log names the Kiln C option", "log: %s", log);
	EXPECT(clBuildProgram(p, 0, NULL, "-x kiln-cpp", NULL, NULL), CL_COMPILER_NOT_AVAILABLE,
	       "a look-alike option is not the Kiln C option");
	EXPECT(clCompileProgram(p, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_COMPILER_NOT_AVAILABLE,
	       "clCompileProgram of source: CL_COMPILER_NOT_AVAILABLE");
	cl_int lerr = 0;
	KT_CHECK(!clLinkProgram(env->ctx, 0, NULL, NULL, 1, &p, NULL, NULL, &lerr) &&
	             lerr == CL_LINKER_NOT_AVAILABLE,
	         "clLinkProgram: CL_LINKER_NOT_AVAILABLE", "error %d", lerr);
	EXPECT(clBuildProgram(p, 0, NULL, KILN_OCL_KILN_C_OPTION, NULL, NULL), CL_BUILD_PROGRAM_FAILURE,
	       "bad source fails to build");
	clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	KT_CHECK(strstr(log, "error") && strstr(log, "program.c:2:"),
	         "build log carries the compiler's diagnostic", "log: %s", log);
	cl_build_status bs = 0;
	clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
	KT_EQ_U64((cl_uint)bs, (cl_uint)CL_BUILD_ERROR, "build status CL_BUILD_ERROR");
	clCreateKernel(p, "oops", &err);
	KT_EQ_U64((cl_uint)err, (cl_uint)CL_INVALID_PROGRAM_EXECUTABLE, "no kernels from a failed build");
	clReleaseProgram(p);
}

/* The audit's injection through the OpenCL path (issue 26): a #line file name holding a line break and a
 * Verilog module with $system once ended a comment of the generated RTL, and the application that built and
 * ran the source ran the command when the model loaded. The name is now escaped: the program builds, its
 * kernel runs, and the command never runs. */
static void test_source_injection(ocl_env *env)
{
	char marker[64], src[1024], log[8192] = "";
	snprintf(marker, sizeof marker, "/tmp/kiln-ocl-injected-%ld", (long)getpid());
	unlink(marker);
	snprintf(src, sizeof src,
	         "#include <kiln/device.h>\n"
	         "#line 7 \"x\\nmodule kiln_k_bump (input clk);\\n initial $system(\\\"touch %s\\\");\\n"
	         "endmodule\\n//\"\n"
	         "KILN_SINGLE_TASK_KERNEL void bump(int *v) { *v += 1; }\n",
	         marker);
	const char *text = src;
	cl_int err = 0;
	cl_program p = clCreateProgramWithSource(env->ctx, 1, &text, NULL, &err);
	err = clBuildProgram(p, 1, &env->dev, KILN_OCL_KILN_C_OPTION, NULL, NULL);
	clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	KT_CHECK(err == CL_SUCCESS, "injection: a #line name with a line break and $system builds, escaped",
	         "%d: %s", err, log);
	cl_kernel k = clCreateKernel(p, "bump", &err);
	cl_int v = 41;
	cl_mem b = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof v, &v, &err);
	clSetKernelArg(k, 0, sizeof b, &b);
	OK(clEnqueueTask(env->q, k, 0, NULL, NULL), "injection: its kernel runs");
	clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL);
	KT_EQ_U64(v, 42, "injection: the kernel is the one the source defines (41 + 1)");
	KT_CHECK(access(marker, F_OK) != 0, "injection: loading and running the model never ran the $system",
	         "%s exists", marker);
	unlink(marker);
	clReleaseMemObject(b);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

/* Rectangular copies (core since 1.1): a 3-D region with pitches on both sides, read, written and copied;
 * the specification's argument checks. */
static void test_rect(ocl_env *env)
{
	enum { W = 16, H = 8, D = 2 };
	unsigned char dev_init[W * H * D], host[W * H * D], back[W * H * D], expect[W * H * D];
	cl_int err = 0;
	for (int i = 0; i < W * H * D; i++)
		dev_init[i] = (unsigned char)(i * 7 + 1);
	cl_mem a = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof dev_init, dev_init, &err);
	cl_mem b = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, sizeof dev_init, NULL, &err);
	/* Read a 5x3x2 box at (2,1,0) of a W-by-H-by-D buffer into a 8x4-pitched host box at (1,1,0). */
	size_t bo[3] = {2, 1, 0}, ho[3] = {1, 1, 0}, reg[3] = {5, 3, 2};
	memset(host, 0xEE, sizeof host);
	memcpy(expect, host, sizeof expect);
	for (size_t z = 0; z < 2; z++)
		for (size_t y = 0; y < 3; y++)
			for (size_t x = 0; x < 5; x++)
				expect[(0 + z) * 32 + (1 + y) * 8 + 1 + x] =
				    dev_init[z * W * H + (1 + y) * W + 2 + x];
	OK(clEnqueueReadBufferRect(env->q, a, CL_TRUE, bo, ho, reg, W, W * H, 8, 32, host, 0, NULL, NULL),
	   "clEnqueueReadBufferRect");
	KT_CHECK(memcmp(host, expect, 64) == 0, "the box read lands at the host origin, gaps untouched",
	         "host[9]=%u want %u, host[0]=%u", host[9], expect[9], host[0]);
	/* Write it back elsewhere in B (origin (4,2,0)), then copy B's box into A. */
	size_t wo[3] = {4, 2, 0};
	OK(clEnqueueWriteBufferRect(env->q, b, CL_TRUE, wo, ho, reg, W, W * H, 8, 32, host, 0, NULL, NULL),
	   "clEnqueueWriteBufferRect");
	size_t co[3] = {0, 0, 0};
	OK(clEnqueueCopyBufferRect(env->q, b, a, wo, co, reg, W, W * H, W, W * H, 0, NULL, NULL),
	   "clEnqueueCopyBufferRect");
	OK(clEnqueueReadBuffer(env->q, a, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), "read A back");
	int ok = 1;
	for (size_t z = 0; z < D; z++)
		for (size_t y = 0; y < H; y++)
			for (size_t x = 0; x < W; x++) {
				size_t i = z * W * H + y * W + x;
				int in = x < 5 && y < 3 && z < 2;
				unsigned char want =
				    in ? dev_init[z * W * H + (1 + y) * W + 2 + x] : dev_init[i];
				ok &= back[i] == want;
			}
	KT_CHECK(ok, "write-rect then copy-rect moved the box and nothing else", "mismatch");
	/* A box of whole rows is read as one span (the rows above were read one by one): slice 1 of A. */
	size_t s1[3] = {0, 0, 1}, whole[3] = {W, H, 1};
	OK(clEnqueueReadBufferRect(env->q, a, CL_TRUE, s1, co, whole, W, W * H, W, W * H, host, 0, NULL,
	                           NULL),
	   "read a box of whole rows");
	KT_CHECK(memcmp(host, back + W * H, W * H) == 0, "a box of whole rows reads back as one span",
	         "host[0]=%u want %u", host[0], back[W * H]);
	size_t zero[3] = {0, 1, 1}, big[3] = {W, H, D + 1};
	char h[8];
	EXPECT(clEnqueueReadBufferRect(env->q, a, CL_TRUE, co, co, zero, 0, 0, 0, 0, h, 0, NULL, NULL),
	       CL_INVALID_VALUE, "a zero region is CL_INVALID_VALUE");
	EXPECT(clEnqueueReadBufferRect(env->q, a, CL_TRUE, co, co, big, 0, 0, 0, 0, host, 0, NULL, NULL),
	       CL_INVALID_VALUE, "a region past the buffer is CL_INVALID_VALUE");
	EXPECT(clEnqueueReadBufferRect(env->q, a, CL_TRUE, co, co, reg, 4, 0, 0, 0, host, 0, NULL, NULL),
	       CL_INVALID_VALUE, "a row pitch below the region's width is CL_INVALID_VALUE");
	EXPECT(
	    clEnqueueReadBufferRect(env->q, a, CL_TRUE, co, co, reg, W, W * 3 + 1, 0, 0, host, 0, NULL, NULL),
	    CL_INVALID_VALUE, "a slice pitch that is not a multiple of the row pitch is CL_INVALID_VALUE");
	size_t o1[3] = {1, 0, 0};
	EXPECT(clEnqueueCopyBufferRect(env->q, a, a, co, o1, reg, W, W * H, W, W * H, 0, NULL, NULL),
	       CL_MEM_COPY_OVERLAP, "overlapping boxes of one buffer: CL_MEM_COPY_OVERLAP");
	size_t far[3] = {8, 4, 0};
	OK(clEnqueueCopyBufferRect(env->q, a, a, co, far, reg, W, W * H, W, W * H, 0, NULL, NULL),
	   "disjoint boxes of one buffer copy");
	OK(clFinish(env->q), "clFinish after rect copies");
	clReleaseMemObject(a);
	clReleaseMemObject(b);
}

/* Global work offsets (core): global ids start at the offset; group and local ids do not move. */
static void test_offsets(ocl_env *env)
{
	cl_int err = 0;
	int v[64], out[64];
	for (int i = 0; i < 64; i++)
		v[i] = i;
	cl_mem buf = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof v, v, &err);
	cl_kernel scale = clCreateKernel(env->prog, "scale", &err);
	cl_int k = 2;
	clSetKernelArg(scale, 0, sizeof buf, &buf);
	clSetKernelArg(scale, 1, sizeof k, &k);
	size_t off = 40, g = 16, l = 8;
	OK(clEnqueueNDRangeKernel(env->q, scale, 1, &off, &g, &l, 0, NULL, NULL), "nd-range with offset 40");
	OK(clEnqueueReadBuffer(env->q, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), "read");
	int ok = 1;
	for (int i = 0; i < 64; i++)
		ok &= out[i] == (i >= 40 && i < 56 ? i * 2 + (i % 8 + 1) : i);
	KT_CHECK(ok, "work-items 40..55 ran, the others did not", "out[39]=%d out[40]=%d out[56]=%d", out[39],
	         out[40], out[56]);
	size_t huge = (size_t)UINT32_MAX - 8;
	EXPECT(clEnqueueNDRangeKernel(env->q, scale, 1, &huge, &g, &l, 0, NULL, NULL),
	       CL_INVALID_GLOBAL_OFFSET, "offset plus range past 2^32: CL_INVALID_GLOBAL_OFFSET");
	clReleaseKernel(scale);
	clReleaseMemObject(buf);
}

/* Builds mul_src with OPTS and runs it on 7 into *OUT; 0 when the build failed (reported). */
static const char *mul_src = "#include <kiln/device.h>\n#include \"factor.h\"\n"
                             "KILN_SINGLE_TASK_KERNEL void mul(int *p)\n{\n\t*p = *p * FACTOR;\n}\n";
static int run_mul(ocl_env *env, const char *opts, int *out)
{
	cl_int err = 0;
	char log[8192] = "";
	cl_program q = clCreateProgramWithSource(env->ctx, 1, &mul_src, NULL, &err);
	err = clBuildProgram(q, 0, NULL, opts, NULL, NULL);
	clGetProgramBuildInfo(q, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	if (!KT_CHECK(err == CL_SUCCESS, "build with -I and an included header", "%d: %s", err, log)) {
		clReleaseProgram(q);
		return 0;
	}
	cl_kernel k = clCreateKernel(q, "mul", &err);
	cl_int v = 7;
	cl_mem b = clCreateBuffer(env->ctx, CL_MEM_COPY_HOST_PTR, sizeof v, &v, &err);
	clSetKernelArg(k, 0, sizeof b, &b);
	clEnqueueTask(env->q, k, 0, NULL, NULL);
	clEnqueueReadBuffer(env->q, b, CL_TRUE, 0, sizeof v, out, 0, NULL, NULL);
	clReleaseMemObject(b);
	clReleaseKernel(k);
	clReleaseProgram(q);
	return 1;
}

/* Build options are limited to the documented ones (an -o would write anywhere), and a cached image goes
 * stale when a header it includes changes. */
static void test_build_inputs(ocl_env *env)
{
	cl_int err = 0;
	char log[8192] = "", dir[] = "/tmp/kiln-ocl-inc-XXXXXX", hdr[64], opts[128];
	cl_program p = clCreateProgramWithSource(env->ctx, 1, &mul_src, NULL, &err);
	EXPECT(clBuildProgram(p, 0, NULL, "-x kiln-c -o /tmp/kiln-evil.kimg", NULL, NULL),
	       CL_INVALID_BUILD_OPTIONS, "-o in the build options: CL_INVALID_BUILD_OPTIONS");
	clGetProgramBuildInfo(p, env->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
	KT_CHECK(strstr(log, "'-o'") && access("/tmp/kiln-evil.kimg", F_OK) != 0,
	         "the log names the option and nothing was written", "log: %s", log);
	EXPECT(clBuildProgram(p, 0, NULL, "-x kiln-c --profile /tmp/x", NULL, NULL), CL_INVALID_BUILD_OPTIONS,
	       "--profile in the build options: CL_INVALID_BUILD_OPTIONS");
	if (!mkdtemp(dir)) {
		KT_CHECK(0, "temporary folder", "mkdtemp failed");
		clReleaseProgram(p);
		return;
	}
	snprintf(hdr, sizeof hdr, "%s/factor.h", dir);
	snprintf(opts, sizeof opts, "-x kiln-c -I %s", dir);
	int results[2] = {0, 0};
	for (int round = 0; round < 2; round++) {
		FILE *f = fopen(hdr, "w");
		fprintf(f, "#define FACTOR %d\n", round ? 5 : 3);
		fclose(f);
		if (!run_mul(env, opts, &results[round]))
			break;
	}
	KT_CHECK(results[0] == 21 && results[1] == 35,
	         "an edited header rebuilds the program (the cache keys on included files)", "%d then %d",
	         results[0], results[1]);
	/* The same relative -I from two working folders names two headers: two builds, not one image served
	 * to both (the cache keys on the options as kiln-cc gets them). */
	char wd[PATH_MAX], sub[96], inc[112], h2[128];
	int rel[2] = {0, 0};
	if (getcwd(wd, sizeof wd)) {
		for (int round = 0; round < 2; round++) {
			snprintf(sub, sizeof sub, "%s/%c", dir, 'a' + round);
			snprintf(inc, sizeof inc, "%s/inc", sub);
			snprintf(h2, sizeof h2, "%s/factor.h", inc);
			mkdir(sub, 0777);
			mkdir(inc, 0777);
			FILE *f = fopen(h2, "w");
			fprintf(f, "#define FACTOR %d\n", round ? 11 : 13);
			fclose(f);
			int ran = chdir(sub) == 0 && run_mul(env, "-x kiln-c -I inc", &rel[round]);
			if (chdir(wd) != 0 || !ran)
				break;
		}
		KT_CHECK(rel[0] == 91 && rel[1] == 77,
		         "one relative -I from two folders: each build sees its own header", "%d then %d",
		         rel[0], rel[1]);
		for (int round = 0; round < 2; round++) {
			snprintf(h2, sizeof h2, "%s/%c/inc/factor.h", dir, 'a' + round);
			unlink(h2);
			snprintf(inc, sizeof inc, "%s/%c/inc", dir, 'a' + round);
			rmdir(inc);
			snprintf(sub, sizeof sub, "%s/%c", dir, 'a' + round);
			rmdir(sub);
		}
	}
	snprintf(hdr, sizeof hdr, "%s/factor.h", dir);
	unlink(hdr);
	rmdir(dir);
	clReleaseProgram(p);
}

/* What clFinish and a blocking read return inside an event callback of their own queue (they would wait for
 * the very command whose callback is running). */
static cl_command_queue cb_queue;
static cl_mem cb_buf;
static volatile cl_int cb_finish = 1, cb_read = 1;
static volatile int cb_ran;
static void CL_CALLBACK finish_in_callback(cl_event e, cl_int status, void *user)
{
	(void)e, (void)status, (void)user;
	int v = 0;
	cb_finish = clFinish(cb_queue);
	cb_read = clEnqueueReadBuffer(cb_queue, cb_buf, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL);
	cb_ran = 1;
}

static void test_finish_in_callback(ocl_env *env)
{
	cl_int err = 0;
	alarm(30); /* a deadlock ends the test with a message (on_alarm) */
	cb_queue = env->q;
	cb_buf = clCreateBuffer(env->ctx, 0, 64, NULL, &err);
	cl_event gate = clCreateUserEvent(env->ctx, &err), m = NULL;
	OK(clEnqueueMarkerWithWaitList(env->q, 1, &gate, &m), "a marker behind a user event");
	OK(clSetEventCallback(m, CL_COMPLETE, finish_in_callback, NULL), "its completion callback");
	OK(clSetUserEventStatus(gate, CL_COMPLETE), "open the gate");
	OK(clWaitForEvents(1, &m), "the marker completes");
	OK(clFinish(env->q), "clFinish from the application thread");
	KT_CHECK(cb_ran && cb_finish == CL_INVALID_OPERATION && cb_read == CL_INVALID_OPERATION,
	         "clFinish and a blocking read from a callback of the same queue: CL_INVALID_OPERATION, no "
	         "deadlock",
	         "ran %d, clFinish %d, read %d", cb_ran, cb_finish, cb_read);
	clReleaseEvent(m);
	clReleaseEvent(gate);
	clReleaseMemObject(cb_buf);
	alarm(0);
}

/* Releasing any handle twice is an error, not a double free (the handle registry). */
static void test_double_release(ocl_env *env)
{
	cl_int err = 0;
	cl_mem b = clCreateBuffer(env->ctx, 0, 64, NULL, &err);
	OK(clReleaseMemObject(b), "release a buffer");
	EXPECT(clReleaseMemObject(b), CL_INVALID_MEM_OBJECT, "a second release: CL_INVALID_MEM_OBJECT");
	EXPECT(clRetainMemObject(b), CL_INVALID_MEM_OBJECT,
	       "retaining a released buffer: CL_INVALID_MEM_OBJECT");
	cl_kernel k = clCreateKernel(env->prog, "scale", &err);
	OK(clReleaseKernel(k), "release a kernel");
	EXPECT(clReleaseKernel(k), CL_INVALID_KERNEL, "a second kernel release: CL_INVALID_KERNEL");
	cl_event e = clCreateUserEvent(env->ctx, &err);
	clSetUserEventStatus(e, CL_COMPLETE);
	OK(clReleaseEvent(e), "release an event");
	EXPECT(clReleaseEvent(e), CL_INVALID_EVENT, "a second event release: CL_INVALID_EVENT");
	cl_command_queue q = clCreateCommandQueueWithProperties(env->ctx, env->dev, NULL, &err);
	OK(clReleaseCommandQueue(q), "release a queue");
	EXPECT(clReleaseCommandQueue(q), CL_INVALID_COMMAND_QUEUE,
	       "a second queue release: CL_INVALID_COMMAND_QUEUE");
	EXPECT(clFinish(q), CL_INVALID_COMMAND_QUEUE, "clFinish on a released queue");
}

static void test_unimplemented(ocl_env *env)
{
	cl_int err = 0;
	cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
	cl_image_desc desc = {0};
	desc.image_type = CL_MEM_OBJECT_IMAGE2D;
	desc.image_width = desc.image_height = 4;
	KT_CHECK(!clCreateImage(env->ctx, 0, &fmt, &desc, NULL, &err) && err == CL_INVALID_OPERATION,
	         "clCreateImage is CL_INVALID_OPERATION", "%d", err);
	cl_mem b = clCreateBuffer(env->ctx, 0, 64, NULL, &err);
	KT_CHECK(!clSVMAlloc(env->ctx, 0, 64, 0), "clSVMAlloc returns NULL", "non-NULL");
	EXPECT(clCompileProgram(env->prog, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION,
	       "clCompileProgram is CL_INVALID_OPERATION");
	KT_CHECK(!clCreateSampler(env->ctx, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err) &&
	             err == CL_INVALID_OPERATION,
	         "clCreateSampler is CL_INVALID_OPERATION", "%d", err);
	clReleaseMemObject(b);
}

int main(int argc, char **argv)
{
	ocl_env env;
	if (argc < 2) {
		fprintf(stderr, "usage: %s IMAGE.kimg\n", argv[0]);
		return 2;
	}
	if (ocl_setup(&env, argv[1])) {
		test_platform_device(&env);
		test_context_queue(&env);
		test_program_kernels(&env);
		test_global_variables(&env);
		test_buffers(&env);
		test_sub_buffers(&env);
		test_usm(&env);
		test_events(&env);
		test_lifetimes(&env);
		test_source_build(&env);
		test_source_injection(&env);
		test_kernel_exit(&env);
		test_rect(&env);
		test_offsets(&env);
		test_build_inputs(&env);
		test_double_release(&env);
		test_finish_in_callback(&env);
		test_unimplemented(&env);
	}
	ocl_teardown(&env);
	return KT_DONE();
}
