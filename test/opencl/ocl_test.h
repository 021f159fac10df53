// SPDX-License-Identifier: Apache-2.0
/* Helpers of the OpenCL tests: they reach Kiln only through the system ICD loader (-lOpenCL), with
 * OCL_ICD_VENDORS pointing at the build tree's kiln.icd (the test wrappers set it). */
#ifndef KILN_OCL_TEST_H
#define KILN_OCL_TEST_H
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/harness.h"
#include <kiln/opencl.h>

/* Checks that EXPR returns CODE. */
#define EXPECT(expr, code, name)                                                                             \
	do {                                                                                                 \
		cl_int e_ = (expr);                                                                          \
		KT_CHECK(e_ == (code), (name), "returned %d, want %d (%s)", e_, (int)(code), #code);         \
	} while (0)
#define OK(expr, name) EXPECT(expr, CL_SUCCESS, name)

/* The Kiln platform among the loader's platforms, or NULL. */
static inline cl_platform_id kiln_platform(void)
{
	cl_platform_id ps[16];
	cl_uint n = 0;
	if (clGetPlatformIDs(16, ps, &n) != CL_SUCCESS)
		return NULL;
	for (cl_uint i = 0; i < n && i < 16; i++) {
		char name[64] = "";
		clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strcmp(name, "Kiln") == 0)
			return ps[i];
	}
	return NULL;
}

static inline unsigned char *read_all(const char *path, size_t *len)
{
	return (unsigned char *)kt_read_file(path, len);
}

/* A context, a profiling queue and the built program of image PATH. */
typedef struct ocl_env {
	cl_platform_id plat;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	unsigned char *image;
	size_t image_len;
	clEnqueueReadGlobalVariableINTEL_fn read_gv;
	clEnqueueWriteGlobalVariableINTEL_fn write_gv;
} ocl_env;

static inline int ocl_setup(ocl_env *env, const char *image)
{
	cl_int err = CL_SUCCESS;
	memset(env, 0, sizeof *env);
	env->plat = kiln_platform();
	if (!KT_CHECK(env->plat, "the loader lists the Kiln platform", "not found (OCL_ICD_VENDORS=%s)",
	              getenv("OCL_ICD_VENDORS") ? getenv("OCL_ICD_VENDORS") : "unset"))
		return 0;
	if (!KT_CHECK(clGetDeviceIDs(env->plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &env->dev, NULL) == CL_SUCCESS,
	              "an accelerator device", "none"))
		return 0;
	env->ctx = clCreateContext(NULL, 1, &env->dev, NULL, NULL, &err);
	cl_queue_properties qp[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	if (err == CL_SUCCESS)
		env->q = clCreateCommandQueueWithProperties(env->ctx, env->dev, qp, &err);
	if (!KT_CHECK(err == CL_SUCCESS, "context and profiling queue", "error %d", err))
		return 0;
	env->image = read_all(image, &env->image_len);
	if (!KT_CHECK(env->image, "read the test image", "%s", image))
		return 0;
	const unsigned char *bins[1] = {env->image};
	cl_int status = 1;
	env->prog = clCreateProgramWithBinary(env->ctx, 1, &env->dev, &env->image_len, bins, &status, &err);
	if (!KT_CHECK(err == CL_SUCCESS && status == CL_SUCCESS, "program from the Kiln image", "error %d/%d",
	              err, status))
		return 0;
	err = clBuildProgram(env->prog, 1, &env->dev, "", NULL, NULL);
	if (!KT_CHECK(err == CL_SUCCESS, "clBuildProgram of a binary", "error %d", err))
		return 0;
	env->read_gv = (clEnqueueReadGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clEnqueueReadGlobalVariableINTEL");
	env->write_gv = (clEnqueueWriteGlobalVariableINTEL_fn)clGetExtensionFunctionAddressForPlatform(
	    env->plat, "clEnqueueWriteGlobalVariableINTEL");
	return KT_CHECK(env->read_gv && env->write_gv, "global-variable extension functions", "missing");
}

static inline void ocl_teardown(ocl_env *env)
{
	if (env->prog)
		clReleaseProgram(env->prog);
	if (env->q)
		clReleaseCommandQueue(env->q);
	if (env->ctx)
		clReleaseContext(env->ctx);
	free(env->image);
}

#endif
