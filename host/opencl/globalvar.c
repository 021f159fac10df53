// SPDX-License-Identifier: Apache-2.0
/* cl_intel_global_variable_access on libkiln's device-global runtime (kiln_dg_read/write).
 * Every error is found at enqueue time, before anything runs: unknown name CL_INVALID_ARG_VALUE, NULL
 * name/pointer or a range outside the variable CL_INVALID_VALUE, a direction host_access forbids
 * CL_INVALID_OPERATION. */
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

enum { DG_READ, DG_WRITE };

static cl_int run_dg(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	int st = c->dir == DG_READ ? kiln_dg_read(c->prog->kp, c->name, c->ptr, c->size, c->off)
	                           : kiln_dg_write(c->prog->kp, c->name, c->cptr, c->size, c->off);
	return st == KILN_OK ? CL_SUCCESS
	                     : kcl_kiln_error(c->prog->ctx, st,
	                                      c->dir == DG_READ ? "reading a device global"
	                                                        : "writing a device global");
}

static void dg_cleanup(kcl_cmd *c)
{
	free(c->name);
	kcl_program_release(c->prog);
}

static cl_int enqueue_dg(cl_command_queue q, cl_program p, const char *name, cl_bool blocking, size_t size,
                         size_t offset, void *ptr, int dir, cl_uint n, const cl_event *list, cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	if (p->ctx != q->ctx)
		return CL_INVALID_CONTEXT;
	if (p->status != CL_BUILD_SUCCESS || !p->kp)
		return CL_INVALID_PROGRAM_EXECUTABLE;
	if (!name || !ptr)
		return CL_INVALID_VALUE;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	if (blocking && !n && !event && kcl_inline_begin(q)) {
		/* libkiln checks in the same order and maps one to one: unknown name, range, host_access. */
		int st = dir == DG_READ ? kiln_dg_read(p->kp, name, ptr, size, offset)
		                        : kiln_dg_write(p->kp, name, ptr, size, offset);
		kcl_inline_end(q);
		return st == KILN_OK ? CL_SUCCESS
		                     : kcl_kiln_error(p->ctx, st,
		                                      dir == DG_READ ? "clEnqueueReadGlobalVariableINTEL"
		                                                     : "clEnqueueWriteGlobalVariableINTEL");
	}
	size_t gsize = 0;
	int access = 0;
	if (kiln_dg_info(p->kp, name, &gsize, &access) != KILN_OK)
		return kcl_notify(p->ctx, CL_INVALID_ARG_VALUE, "no device global '%s' in the program", name);
	if (offset > gsize || size > gsize - offset)
		return kcl_notify(p->ctx, CL_INVALID_VALUE,
		                  "bytes %zu..%zu are outside device global '%s' (%zu bytes)", offset,
		                  offset + size, name, gsize);
	/* host_access numbering as sycl-host-access: 0 read, 1 write, 2 read_write, 3 none. */
	if (access == 3 || (dir == DG_READ && access == 1) || (dir == DG_WRITE && access == 0))
		return kcl_notify(p->ctx, CL_INVALID_OPERATION, "device global '%s' does not allow host %s",
		                  name, dir == DG_READ ? "reads" : "writes");
	kcl_cmd *c = kcl_cmd_new(q,
	                         dir == DG_READ ? CL_COMMAND_READ_GLOBAL_VARIABLE_INTEL
	                                        : CL_COMMAND_WRITE_GLOBAL_VARIABLE_INTEL,
	                         n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	if (!(c->name = strdup(name))) {
		kcl_cmd_discard(c);
		return CL_OUT_OF_HOST_MEMORY;
	}
	c->prog = p;
	kcl_program_retain(p);
	c->cleanup = dg_cleanup;
	c->dir = dir;
	c->size = size;
	c->off = offset;
	c->ptr = ptr;
	c->cptr = ptr;
	c->run = run_dg;
	return kcl_submit(q, c, blocking, event);
}

cl_int CL_API_CALL clEnqueueReadGlobalVariableINTEL(cl_command_queue q, cl_program program, const char *name,
                                                    cl_bool blocking_read, size_t size, size_t offset,
                                                    void *ptr, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_dg(q, program, name, blocking_read, size, offset, ptr, DG_READ,
	                  num_events_in_wait_list, event_wait_list, event);
}

cl_int CL_API_CALL clEnqueueWriteGlobalVariableINTEL(cl_command_queue q, cl_program program, const char *name,
                                                     cl_bool blocking_write, size_t size, size_t offset,
                                                     const void *ptr, cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list, cl_event *event)
{
	return enqueue_dg(q, program, name, blocking_write, size, offset, (void *)ptr, DG_WRITE,
	                  num_events_in_wait_list, event_wait_list, event);
}
