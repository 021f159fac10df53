// SPDX-License-Identifier: Apache-2.0
/* The ICD face of the library: the dispatch table every handle points to, the three exported entry points
 * ocl-icd looks for, extension function lookup, and CL_INVALID_OPERATION for every entry point Kiln does not
 * implement (images, samplers, pipes, SVM, native kernels, interop). */
#include <stdint.h>
#include <string.h>

#include "ocl.h"

cl_icd_dispatch kcl_dispatch;

/* ---- unimplemented entry points ---- */

/* Entry points returning cl_int (or void) take any arguments: the return value is all that matters. */
static cl_int unimplemented(void)
{
	return CL_INVALID_OPERATION;
}

/* Object-returning interop entry points: errcode_ret is the last argument; every argument is integer or
 * pointer class, so one stub per arity fits the calling convention. */
static void *unimpl3(uintptr_t a, uintptr_t b, cl_int *e)
{
	(void)a, (void)b;
	if (e)
		*e = CL_INVALID_OPERATION;
	return NULL;
}
static void *unimpl4(uintptr_t a, uintptr_t b, uintptr_t c, cl_int *e)
{
	(void)a, (void)b, (void)c;
	if (e)
		*e = CL_INVALID_OPERATION;
	return NULL;
}
static void *unimpl5(uintptr_t a, uintptr_t b, uintptr_t c, uintptr_t d, cl_int *e)
{
	(void)a, (void)b, (void)c, (void)d;
	if (e)
		*e = CL_INVALID_OPERATION;
	return NULL;
}
static void *unimpl6(uintptr_t a, uintptr_t b, uintptr_t c, uintptr_t d, uintptr_t f, cl_int *e)
{
	(void)a, (void)b, (void)c, (void)d, (void)f;
	if (e)
		*e = CL_INVALID_OPERATION;
	return NULL;
}

#define NOERR(e)                                                                                             \
	do {                                                                                                 \
		if (e)                                                                                       \
			*(e) = CL_INVALID_OPERATION;                                                         \
		return NULL;                                                                                 \
	} while (0)

cl_mem CL_API_CALL clCreateImage2D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w,
                                   size_t h, size_t pitch, void *host, cl_int *e)
{
	(void)c, (void)f, (void)fmt, (void)w, (void)h, (void)pitch, (void)host;
	NOERR(e);
}
cl_mem CL_API_CALL clCreateImage3D(cl_context c, cl_mem_flags f, const cl_image_format *fmt, size_t w,
                                   size_t h, size_t d, size_t rp, size_t sp, void *host, cl_int *e)
{
	(void)c, (void)f, (void)fmt, (void)w, (void)h, (void)d, (void)rp, (void)sp, (void)host;
	NOERR(e);
}
cl_mem CL_API_CALL clCreateImage(cl_context c, cl_mem_flags f, const cl_image_format *fmt,
                                 const cl_image_desc *d, void *host, cl_int *e)
{
	(void)c, (void)f, (void)fmt, (void)d, (void)host;
	NOERR(e);
}
cl_mem CL_API_CALL clCreateImageWithProperties(cl_context c, const cl_mem_properties *p, cl_mem_flags f,
                                               const cl_image_format *fmt, const cl_image_desc *d, void *host,
                                               cl_int *e)
{
	(void)c, (void)p, (void)f, (void)fmt, (void)d, (void)host;
	NOERR(e);
}
cl_sampler CL_API_CALL clCreateSampler(cl_context c, cl_bool n, cl_addressing_mode a, cl_filter_mode f,
                                       cl_int *e)
{
	(void)c, (void)n, (void)a, (void)f;
	NOERR(e);
}
cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context c, const cl_sampler_properties *p, cl_int *e)
{
	(void)c, (void)p;
	NOERR(e);
}
void *CL_API_CALL clEnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f, const size_t *o,
                                    const size_t *r, size_t *rp, size_t *sp, cl_uint n, const cl_event *l,
                                    cl_event *ev, cl_int *e)
{
	(void)q, (void)m, (void)b, (void)f, (void)o, (void)r, (void)rp, (void)sp, (void)n, (void)l, (void)ev;
	NOERR(e);
}
cl_mem CL_API_CALL clCreatePipe(cl_context c, cl_mem_flags f, cl_uint ps, cl_uint mp,
                                const cl_pipe_properties *p, cl_int *e)
{
	(void)c, (void)f, (void)ps, (void)mp, (void)p;
	NOERR(e);
}
cl_int CL_API_CALL clGetPipeInfo(cl_mem m, cl_pipe_info p, size_t size, void *value, size_t *size_ret)
{
	(void)m, (void)p, (void)size, (void)value, (void)size_ret;
	return CL_INVALID_MEM_OBJECT; /* without pipe support, no memory object is a pipe */
}
void *CL_API_CALL clSVMAlloc(cl_context c, cl_svm_mem_flags f, size_t size, cl_uint align)
{
	(void)c, (void)f, (void)size, (void)align;
	return NULL;
}

/* ---- extension functions ---- */

static const struct {
	const char *name;
	void (*fn)(void);
} extensions[] = {
#define EXT(f)                                                                                               \
	{                                                                                                    \
#f, (void (*)(void))f                                                                        \
	}
    EXT(clEnqueueReadGlobalVariableINTEL),
    EXT(clEnqueueWriteGlobalVariableINTEL),
    EXT(clDeviceMemAllocINTEL),
    EXT(clHostMemAllocINTEL),
    EXT(clSharedMemAllocINTEL),
    EXT(clMemFreeINTEL),
    EXT(clMemBlockingFreeINTEL),
    EXT(clGetMemAllocInfoINTEL),
    EXT(clSetKernelArgMemPointerINTEL),
    EXT(clEnqueueMemFillINTEL),
    EXT(clEnqueueMemsetINTEL),
    EXT(clEnqueueMemcpyINTEL),
    EXT(clEnqueueMigrateMemINTEL),
    EXT(clEnqueueMemAdviseINTEL),
    EXT(clIcdGetPlatformIDsKHR),
#undef EXT
};

void *kcl_extension_function(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < sizeof extensions / sizeof extensions[0]; i++)
		if (strcmp(extensions[i].name, name) == 0)
			return (void *)extensions[i].fn;
	return NULL;
}

KCL_EXPORT void *CL_API_CALL clGetExtensionFunctionAddress(const char *func_name)
{
	return kcl_extension_function(func_name);
}

KCL_EXPORT void *CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                      const char *func_name)
{
	return platform == kcl_platform() ? kcl_extension_function(func_name) : NULL;
}

/* ---- the table ---- */

#define SET(f) d->f = f
#define STUB(slot, fn) d->slot = (__typeof__(d->slot))(void (*)(void))(fn)

__attribute__((constructor)) static void fill_dispatch(void)
{
	cl_icd_dispatch *d = &kcl_dispatch;
	/* Anything not set below answers CL_INVALID_OPERATION. */
	void (**slots)(void) = (void (**)(void))d;
	for (size_t i = 0; i < sizeof *d / sizeof(void *); i++)
		slots[i] = (void (*)(void))unimplemented;

	SET(clGetPlatformIDs);
	SET(clGetPlatformInfo);
	SET(clGetDeviceIDs);
	SET(clGetDeviceInfo);
	SET(clCreateContext);
	SET(clCreateContextFromType);
	SET(clRetainContext);
	SET(clReleaseContext);
	SET(clGetContextInfo);
	SET(clCreateCommandQueue);
	SET(clRetainCommandQueue);
	SET(clReleaseCommandQueue);
	SET(clGetCommandQueueInfo);
	SET(clSetCommandQueueProperty);
	SET(clCreateBuffer);
	SET(clCreateImage2D);
	SET(clCreateImage3D);
	SET(clRetainMemObject);
	SET(clReleaseMemObject);
	SET(clGetSupportedImageFormats);
	SET(clGetMemObjectInfo);
	SET(clCreateSampler);
	SET(clCreateProgramWithSource);
	SET(clCreateProgramWithBinary);
	SET(clRetainProgram);
	SET(clReleaseProgram);
	SET(clBuildProgram);
	SET(clUnloadCompiler);
	SET(clGetProgramInfo);
	SET(clGetProgramBuildInfo);
	SET(clCreateKernel);
	SET(clCreateKernelsInProgram);
	SET(clRetainKernel);
	SET(clReleaseKernel);
	SET(clSetKernelArg);
	SET(clGetKernelInfo);
	SET(clGetKernelWorkGroupInfo);
	SET(clWaitForEvents);
	SET(clGetEventInfo);
	SET(clRetainEvent);
	SET(clReleaseEvent);
	SET(clGetEventProfilingInfo);
	SET(clFlush);
	SET(clFinish);
	SET(clEnqueueReadBuffer);
	SET(clEnqueueWriteBuffer);
	SET(clEnqueueCopyBuffer);
	SET(clEnqueueReadBufferRect);
	SET(clEnqueueWriteBufferRect);
	SET(clEnqueueCopyBufferRect);
	SET(clEnqueueMapBuffer);
	SET(clEnqueueMapImage);
	SET(clEnqueueUnmapMemObject);
	SET(clEnqueueNDRangeKernel);
	SET(clEnqueueTask);
	SET(clEnqueueMarker);
	SET(clEnqueueWaitForEvents);
	SET(clEnqueueBarrier);
	SET(clGetExtensionFunctionAddress);
	STUB(clCreateFromGLBuffer, unimpl4);
	STUB(clCreateFromGLTexture2D, unimpl6);
	STUB(clCreateFromGLTexture3D, unimpl6);
	STUB(clCreateFromGLRenderbuffer, unimpl4);
	STUB(clCreateFromD3D10BufferKHR, unimpl4);
	STUB(clCreateFromD3D10Texture2DKHR, unimpl5);
	STUB(clCreateFromD3D10Texture3DKHR, unimpl5);
	SET(clSetEventCallback);
	SET(clCreateSubBuffer);
	SET(clSetMemObjectDestructorCallback);
	SET(clCreateUserEvent);
	SET(clSetUserEventStatus);
	STUB(clCreateEventFromGLsyncKHR, unimpl3);
	SET(clCreateSubDevices);
	SET(clRetainDevice);
	SET(clReleaseDevice);
	SET(clCreateImage);
	SET(clCreateProgramWithBuiltInKernels);
	SET(clCompileProgram);
	SET(clLinkProgram);
	SET(clUnloadPlatformCompiler);
	SET(clGetKernelArgInfo);
	SET(clEnqueueFillBuffer);
	SET(clEnqueueMigrateMemObjects);
	SET(clEnqueueMarkerWithWaitList);
	SET(clEnqueueBarrierWithWaitList);
	SET(clGetExtensionFunctionAddressForPlatform);
	STUB(clCreateFromGLTexture, unimpl6);
	STUB(clCreateFromD3D11BufferKHR, unimpl4);
	STUB(clCreateFromD3D11Texture2DKHR, unimpl5);
	STUB(clCreateFromD3D11Texture3DKHR, unimpl5);
	STUB(clCreateFromDX9MediaSurfaceKHR, unimpl6);
	STUB(clCreateFromEGLImageKHR, unimpl6);
	STUB(clCreateEventFromEGLSyncKHR, unimpl4);
	SET(clCreateCommandQueueWithProperties);
	SET(clCreatePipe);
	SET(clGetPipeInfo);
	SET(clSVMAlloc);
	SET(clCreateSamplerWithProperties);
	SET(clSetKernelArgSVMPointer);
	SET(clSetKernelExecInfo);
	STUB(clGetKernelSubGroupInfoKHR, clGetKernelSubGroupInfo);
	SET(clCloneKernel);
	SET(clCreateProgramWithIL);
	SET(clGetDeviceAndHostTimer);
	SET(clGetHostTimer);
	SET(clGetKernelSubGroupInfo);
	SET(clSetProgramReleaseCallback);
	SET(clSetProgramSpecializationConstant);
	SET(clCreateBufferWithProperties);
	SET(clCreateImageWithProperties);
	SET(clSetContextDestructorCallback);
}
