/* PROVISIONAL: replaced by the cl_intel_global_variable_access header. */
#ifndef KILN_OPENCL_H
#define KILN_OPENCL_H
#include <CL/cl.h>
typedef cl_int(CL_API_CALL *clEnqueueReadGlobalVariableINTEL_fn)(cl_command_queue, cl_program, const char *,
                                                                  cl_bool, size_t, size_t, void *, cl_uint,
                                                                  const cl_event *, cl_event *);
typedef cl_int(CL_API_CALL *clEnqueueWriteGlobalVariableINTEL_fn)(cl_command_queue, cl_program, const char *,
                                                                   cl_bool, size_t, size_t, const void *, cl_uint,
                                                                   const cl_event *, cl_event *);
#endif
