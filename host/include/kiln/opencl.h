// SPDX-License-Identifier: Apache-2.0
/* Kiln's OpenCL extensions: what the Khronos headers do not declare. cl_intel_global_variable_access reads
 * and writes a device global of a built program by its unique id (the variable's name for Kiln C kernels).
 * Get the functions with clGetExtensionFunctionAddressForPlatform(platform,
 * "clEnqueueReadGlobalVariableINTEL") and call them through the _fn types below; the prototypes are for the
 * platform's own implementation. Errors: unknown name CL_INVALID_ARG_VALUE; NULL name or pointer, or a range
 * outside the variable, CL_INVALID_VALUE; a direction the variable's host_access forbids
 * CL_INVALID_OPERATION. */
#ifndef KILN_OPENCL_H
#define KILN_OPENCL_H
#include <CL/cl.h>

/* The build option that makes clBuildProgram compile a program made with clCreateProgramWithSource as Kiln C
 * (with kiln-cc). The device has no OpenCL C compiler (CL_DEVICE_COMPILER_AVAILABLE is CL_FALSE): without the
 * option, building source returns CL_COMPILER_NOT_AVAILABLE, as the specification asks. */
#define KILN_OCL_KILN_C_OPTION "-x kiln-c"

/* The execution status (CL_EVENT_COMMAND_EXECUTION_STATUS, negative: abnormally terminated) of a kernel
 * command whose kernel stopped itself with exit, abort or a failed assert; the platform's error callback
 * says where and with which status. Other failures of a kernel command are CL_OUT_OF_RESOURCES. */
#define KILN_OCL_KERNEL_EXITED (-9190)

#ifdef __cplusplus
extern "C" {
#endif

#ifndef cl_intel_global_variable_access
#define cl_intel_global_variable_access 1
#define CL_INTEL_GLOBAL_VARIABLE_ACCESS_EXTENSION_NAME "cl_intel_global_variable_access"

/* Command types of the events the two calls return. */
#define CL_COMMAND_READ_GLOBAL_VARIABLE_INTEL 0x418E
#define CL_COMMAND_WRITE_GLOBAL_VARIABLE_INTEL 0x418F

/* Reads SIZE bytes at OFFSET of device global NAME of PROGRAM into PTR. */
typedef cl_int(CL_API_CALL *clEnqueueReadGlobalVariableINTEL_fn)(cl_command_queue queue, cl_program program,
                                                                 const char *name, cl_bool blocking_read,
                                                                 size_t size, size_t offset, void *ptr,
                                                                 cl_uint num_events_in_wait_list,
                                                                 const cl_event *event_wait_list,
                                                                 cl_event *event);
/* Writes SIZE bytes from PTR at OFFSET of device global NAME of PROGRAM. */
typedef cl_int(CL_API_CALL *clEnqueueWriteGlobalVariableINTEL_fn)(cl_command_queue queue, cl_program program,
                                                                  const char *name, cl_bool blocking_write,
                                                                  size_t size, size_t offset, const void *ptr,
                                                                  cl_uint num_events_in_wait_list,
                                                                  const cl_event *event_wait_list,
                                                                  cl_event *event);

cl_int CL_API_CALL clEnqueueReadGlobalVariableINTEL(cl_command_queue queue, cl_program program,
                                                    const char *name, cl_bool blocking_read, size_t size,
                                                    size_t offset, void *ptr, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list, cl_event *event);
cl_int CL_API_CALL clEnqueueWriteGlobalVariableINTEL(cl_command_queue queue, cl_program program,
                                                     const char *name, cl_bool blocking_write, size_t size,
                                                     size_t offset, const void *ptr,
                                                     cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list, cl_event *event);
#endif

#ifdef __cplusplus
}
#endif

#endif
