// SPDX-License-Identifier: Apache-2.0
/* Kernels: argument state per cl_kernel (captured at enqueue), launches through libkiln on the queue's
 * worker; a kernel's profiling duration is its device cycles times the image's clock period. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

static cl_kernel make_kernel(cl_program p, kiln_kernel *kk, cl_int *err)
{
	cl_kernel k = calloc(1, sizeof *k);
	int n = kiln_kernel_num_args(kk);
	if (!k || n < 0 || !(k->args = calloc((size_t)n + 1, sizeof *k->args)) ||
	    kcl_handle_init(k, KCL_MAGIC_KERNEL)) {
		if (k)
			free(k->args);
		free(k);
		*err = CL_OUT_OF_HOST_MEMORY;
		return NULL;
	}
	k->prog = p;
	kcl_program_retain(p);
	atomic_fetch_add(&p->nkernel_objs, 1);
	k->kk = kk;
	k->name = kiln_kernel_name(kk);
	k->dims = kiln_kernel_dims(kk);
	k->nargs = (cl_uint)n;
	for (cl_uint i = 0; i < k->nargs; i++) {
		int ptr = 0;
		kiln_kernel_arg_info(kk, i, &k->args[i].name, &k->args[i].size, &ptr);
		k->args[i].is_pointer = ptr;
		k->args[i].is_signed = kiln_kernel_arg_signed(kk, i) == 1;
	}
	*err = CL_SUCCESS;
	return k;
}

cl_kernel CL_API_CALL clCreateKernel(cl_program p, const char *kernel_name, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_kernel k = NULL;
	kiln_kernel *kk = NULL;
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		err = CL_INVALID_PROGRAM;
	else if (p->status != CL_BUILD_SUCCESS || !p->kp)
		err = CL_INVALID_PROGRAM_EXECUTABLE;
	else if (!kernel_name)
		err = CL_INVALID_VALUE;
	else if (kiln_kernel_get(p->kp, kernel_name, &kk) != KILN_OK) /* C name or __sycl_kernel_<name> */
		err = CL_INVALID_KERNEL_NAME;
	else
		k = make_kernel(p, kk, &err);
	if (errcode_ret)
		*errcode_ret = err;
	return k;
}

cl_int CL_API_CALL clCreateKernelsInProgram(cl_program p, cl_uint num_kernels, cl_kernel *kernels,
                                            cl_uint *num_kernels_ret)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	if (p->status != CL_BUILD_SUCCESS || !p->kp)
		return CL_INVALID_PROGRAM_EXECUTABLE;
	cl_uint n = (cl_uint)p->nkernels;
	if (kernels && num_kernels < n)
		return CL_INVALID_VALUE;
	if (kernels)
		for (cl_uint i = 0; i < n; i++) {
			kiln_kernel *kk = NULL;
			cl_int err = CL_SUCCESS;
			kiln_kernel_get(p->kp, kiln_program_kernel_name(p->kp, (int)i), &kk);
			if (!kk || !(kernels[i] = make_kernel(p, kk, &err))) {
				for (cl_uint j = 0; j < i; j++)
					clReleaseKernel(kernels[j]);
				return err != CL_SUCCESS ? err : CL_OUT_OF_HOST_MEMORY;
			}
		}
	if (num_kernels_ret)
		*num_kernels_ret = n;
	return CL_SUCCESS;
}

cl_kernel CL_API_CALL clCloneKernel(cl_kernel source, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_kernel k = NULL;
	if (!KCL_VALID(source, KCL_MAGIC_KERNEL))
		err = CL_INVALID_KERNEL;
	else if ((k = make_kernel(source->prog, source->kk, &err)))
		memcpy(k->args, source->args, source->nargs * sizeof *k->args);
	if (errcode_ret)
		*errcode_ret = err;
	return k;
}

cl_int CL_API_CALL clRetainKernel(cl_kernel k)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	atomic_fetch_add(&k->refs, 1);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseKernel(cl_kernel k)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (atomic_fetch_sub(&k->refs, 1) != 1)
		return CL_SUCCESS;
	cl_program p = k->prog;
	free(k->args);
	kcl_handle_drop(k);
	kcl_handle_free(k);
	atomic_fetch_sub(&p->nkernel_objs, 1);
	kcl_program_release(p);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clSetKernelArg(cl_kernel k, cl_uint arg_index, size_t arg_size, const void *arg_value)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (arg_index >= k->nargs)
		return CL_INVALID_ARG_INDEX;
	kcl_arg *a = &k->args[arg_index];
	if (a->is_pointer) {
		/* A global pointer: a buffer (its device address), or NULL. */
		if (arg_size != sizeof(cl_mem))
			return CL_INVALID_ARG_SIZE;
		cl_mem m = arg_value ? *(const cl_mem *)arg_value : NULL;
		if (m && (!KCL_VALID(m, KCL_MAGIC_MEM) || m->ctx != k->prog->ctx))
			return CL_INVALID_MEM_OBJECT;
		a->val = m ? m->addr : 0;
		a->mem = m;
	} else {
		if (arg_size != a->size)
			return CL_INVALID_ARG_SIZE;
		if (!arg_value)
			return CL_INVALID_ARG_VALUE;
		uint64_t v = 0;
		memcpy(&v, arg_value, arg_size);
		a->val = v;
	}
	a->set = 1;
	return CL_SUCCESS;
}

cl_int CL_API_CALL clSetKernelArgMemPointerINTEL(cl_kernel k, cl_uint arg_index, const void *arg_value)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (arg_index >= k->nargs)
		return CL_INVALID_ARG_INDEX;
	kcl_arg *a = &k->args[arg_index];
	if (!a->is_pointer)
		return CL_INVALID_ARG_VALUE;
	a->val = (uint64_t)(uintptr_t)arg_value; /* a USM pointer is the device address */
	a->mem = NULL;
	a->set = 1;
	return CL_SUCCESS;
}

cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel k, cl_uint arg_index, const void *arg_value)
{
	(void)arg_index, (void)arg_value;
	return KCL_VALID(k, KCL_MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL; /* no SVM */
}

cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel k, cl_kernel_exec_info param_name, size_t param_value_size,
                                       const void *param_value)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	switch (param_name) {
	case CL_KERNEL_EXEC_INFO_INDIRECT_HOST_ACCESS_INTEL:
	case CL_KERNEL_EXEC_INFO_INDIRECT_DEVICE_ACCESS_INTEL:
	case CL_KERNEL_EXEC_INFO_INDIRECT_SHARED_ACCESS_INTEL:
		if (param_value_size != sizeof(cl_bool) || !param_value)
			return CL_INVALID_VALUE;
		return CL_SUCCESS; /* device memory is always reachable */
	case CL_KERNEL_EXEC_INFO_USM_PTRS_INTEL:
		if (param_value_size % sizeof(void *) || (param_value_size && !param_value))
			return CL_INVALID_VALUE;
		return CL_SUCCESS;
	case CL_KERNEL_EXEC_INFO_SVM_PTRS:
	case CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
		return CL_INVALID_OPERATION; /* the device has no SVM (CL_DEVICE_SVM_CAPABILITIES is 0) */
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetKernelInfo(cl_kernel k, cl_kernel_info param_name, size_t param_value_size,
                                   void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	switch (param_name) {
	case CL_KERNEL_FUNCTION_NAME:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, k->name);
	case CL_KERNEL_NUM_ARGS:
		KCL_INFO(cl_uint, k->nargs);
	case CL_KERNEL_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&k->refs));
	case CL_KERNEL_CONTEXT:
		KCL_INFO(cl_context, k->prog->ctx);
	case CL_KERNEL_PROGRAM:
		KCL_INFO(cl_program, k->prog);
	case CL_KERNEL_ATTRIBUTES: {
		char attrs[64] = "";
		if (k->dims == 0)
			snprintf(attrs, sizeof attrs, "max_global_work_dim(0)");
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, attrs);
	}
	default:
		return CL_INVALID_VALUE;
	}
}

static const char *type_name(const kcl_arg *a)
{
	if (a->is_pointer)
		return "void*";
	switch (a->size) {
	case 1:
		return a->is_signed ? "char" : "uchar";
	case 2:
		return a->is_signed ? "short" : "ushort";
	case 4:
		return a->is_signed ? "int" : "uint";
	default:
		return a->is_signed ? "long" : "ulong";
	}
}

cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel k, cl_uint arg_index, cl_kernel_arg_info param_name,
                                      size_t param_value_size, void *param_value,
                                      size_t *param_value_size_ret)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (arg_index >= k->nargs)
		return CL_INVALID_ARG_INDEX;
	const kcl_arg *a = &k->args[arg_index];
	switch (param_name) {
	case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
		KCL_INFO(cl_kernel_arg_address_qualifier,
		         a->is_pointer ? CL_KERNEL_ARG_ADDRESS_GLOBAL : CL_KERNEL_ARG_ADDRESS_PRIVATE);
	case CL_KERNEL_ARG_ACCESS_QUALIFIER:
		KCL_INFO(cl_kernel_arg_access_qualifier, CL_KERNEL_ARG_ACCESS_NONE);
	case CL_KERNEL_ARG_TYPE_NAME:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, type_name(a));
	case CL_KERNEL_ARG_TYPE_QUALIFIER:
		KCL_INFO(cl_kernel_arg_type_qualifier, CL_KERNEL_ARG_TYPE_NONE);
	case CL_KERNEL_ARG_NAME:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret,
		                    a->name ? a->name : "");
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id device,
                                            cl_kernel_work_group_info param_name, size_t param_value_size,
                                            void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (device && device != k->prog->ctx->device)
		return CL_INVALID_DEVICE;
	switch (param_name) {
	case CL_KERNEL_WORK_GROUP_SIZE:
		KCL_INFO(size_t, k->dims == 0 ? 1 : 1024);
	case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
		size_t s[3] = {0, 0, 0};
		return kcl_info(param_value_size, param_value, param_value_size_ret, s, sizeof s);
	}
	case CL_KERNEL_LOCAL_MEM_SIZE:
	case CL_KERNEL_PRIVATE_MEM_SIZE:
		KCL_INFO(cl_ulong, 0);
	case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
		KCL_INFO(size_t, 1);
	default: /* CL_KERNEL_GLOBAL_WORK_SIZE: only for custom devices and built-in kernels */
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel k, cl_device_id device,
                                           cl_kernel_sub_group_info param_name, size_t input_value_size,
                                           const void *input_value, size_t param_value_size,
                                           void *param_value, size_t *param_value_size_ret)
{
	(void)device, (void)param_name, (void)input_value_size, (void)input_value, (void)param_value_size;
	(void)param_value, (void)param_value_size_ret;
	return KCL_VALID(k, KCL_MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL; /* no sub-groups */
}

/* ---- launches ---- */

cl_int kcl_kernel_exec(kcl_cmd *c, uint64_t *dev_ns)
{
	cl_program p = c->prog;
	uint64_t cycles = 0;
	int st = KILN_OK;
	pthread_mutex_lock(&p->exec);
	for (cl_uint i = 0; st == KILN_OK && i < c->nargs; i++)
		st = kiln_kernel_set_arg(c->kk, i, c->args[i].size, &c->args[i].val);
	if (st == KILN_OK)
		st = c->dims == 0 ? kiln_kernel_run(c->kk, &cycles)
		                  : kiln_kernel_run_nd_offset(c->kk, c->offset, c->global, c->local, &cycles);
	pthread_mutex_unlock(&p->exec);
	if (st == KILN_ERR_EXIT)
		return KILN_OCL_KERNEL_EXITED;
	if (st != KILN_OK)
		return CL_OUT_OF_RESOURCES;
	*dev_ns = (uint64_t)((double)cycles * kiln_program_clock_period_ns(p->kp) + 0.5);
	return CL_SUCCESS;
}

static void kernel_cleanup(kcl_cmd *c)
{
	for (cl_uint i = 0; c->args && i < c->nargs; i++)
		if (c->args[i].mem)
			kcl_mem_release(c->args[i].mem);
	free(c->args);
	if (c->kernel)
		clReleaseKernel(c->kernel);
}

static cl_int enqueue_kernel(cl_command_queue q, cl_kernel k, cl_command_type type, cl_uint work_dim,
                             const size_t *global_offset, const size_t *global, const size_t *local,
                             cl_uint n, const cl_event *list, cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!KCL_VALID(k, KCL_MAGIC_KERNEL))
		return CL_INVALID_KERNEL;
	if (k->prog->ctx != q->ctx)
		return CL_INVALID_CONTEXT;
	if (work_dim < 1 || work_dim > 3)
		return CL_INVALID_WORK_DIMENSION;
	if (!global)
		return CL_INVALID_GLOBAL_WORK_SIZE;
	size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
	int empty = 0;
	for (cl_uint d = 0; d < work_dim; d++) {
		if (global[d] > UINT32_MAX)
			return CL_INVALID_GLOBAL_WORK_SIZE;
		/* Work-item ids are 32-bit in hardware: offset plus range must fit. */
		if (global_offset && global_offset[d] > UINT32_MAX - global[d])
			return CL_INVALID_GLOBAL_OFFSET;
		o[d] = global_offset ? global_offset[d] : 0;
		if (local && (local[d] == 0 || local[d] > 1024))
			return CL_INVALID_WORK_ITEM_SIZE;
		g[d] = global[d];
		l[d] = local ? local[d] : 1;
		if (g[d] == 0)
			empty = 1;
		else if (g[d] % l[d])
			return CL_INVALID_WORK_GROUP_SIZE;
	}
	if (l[0] * l[1] * l[2] > 1024)
		return CL_INVALID_WORK_GROUP_SIZE;
	if (k->dims == 0) {
		/* A single-task kernel runs as one work-item. */
		if (!empty && g[0] * g[1] * g[2] != 1)
			return CL_INVALID_GLOBAL_WORK_SIZE;
		if (l[0] * l[1] * l[2] != 1)
			return CL_INVALID_WORK_GROUP_SIZE;
	} else if (type == CL_COMMAND_NDRANGE_KERNEL && work_dim != (cl_uint)k->dims) {
		return CL_INVALID_WORK_DIMENSION;
	}
	for (cl_uint i = 0; i < k->nargs; i++)
		if (!k->args[i].set)
			return CL_INVALID_KERNEL_ARGS;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, type, n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	if (k->nargs && !(c->args = malloc(k->nargs * sizeof *c->args))) {
		kcl_cmd_discard(c);
		return CL_OUT_OF_HOST_MEMORY;
	}
	if (k->nargs)
		memcpy(c->args, k->args, k->nargs * sizeof *c->args); /* arguments as of the enqueue */
	/* A buffer released while the launch waits stays allocated until the launch is done (the command
	 * holds a reference), so the kernel never writes into memory handed to someone else. */
	for (cl_uint i = 0; i < k->nargs; i++)
		if (c->args[i].mem)
			kcl_mem_retain(c->args[i].mem);
	c->nargs = k->nargs;
	c->kernel = k;
	atomic_fetch_add(&k->refs, 1);
	c->prog = k->prog;
	c->kk = k->kk;
	c->dims = k->dims;
	memcpy(c->global, g, sizeof g);
	memcpy(c->local, l, sizeof l);
	memcpy(c->offset, o, sizeof o);
	c->cleanup = kernel_cleanup;
	c->run = empty ? NULL : kcl_kernel_exec;
	return kcl_submit(q, c, 0, event);
}

cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint work_dim,
                                          const size_t *global_work_offset, const size_t *global_work_size,
                                          const size_t *local_work_size, cl_uint n, const cl_event *list,
                                          cl_event *event)
{
	return enqueue_kernel(q, k, CL_COMMAND_NDRANGE_KERNEL, work_dim, global_work_offset, global_work_size,
	                      local_work_size, n, list, event);
}

cl_int CL_API_CALL clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint n, const cl_event *list,
                                 cl_event *event)
{
	static const size_t one[3] = {1, 1, 1};
	return enqueue_kernel(q, k, CL_COMMAND_TASK,
	                      KCL_VALID(k, KCL_MAGIC_KERNEL) && k->dims > 0 ? (cl_uint)k->dims : 1, NULL, one,
	                      one, n, list, event);
}
