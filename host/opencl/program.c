// SPDX-License-Identifier: Apache-2.0
/* Programs: Kiln images given as binaries, or Kiln C kernel sources built by kiln-cc (cached by content hash
 * under the cache directory), loaded with libkiln on clBuildProgram. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/common/online_build.h"
#include "kiln/opencl.h"
#include "ocl.h"

static cl_program new_program(cl_context ctx, enum kcl_prog_src kind)
{
	cl_program p = calloc(1, sizeof *p);
	if (!p || kcl_handle_init(p, KCL_MAGIC_PROGRAM)) {
		free(p);
		return NULL;
	}
	p->ctx = ctx;
	kcl_context_retain(ctx);
	p->src_kind = kind;
	p->status = CL_BUILD_NONE;
	pthread_mutex_init(&p->exec, NULL);
	return p;
}

cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count, const char **strings,
                                                 const size_t *lengths, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_program p = NULL;
	size_t total = 0;
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (count == 0 || !strings)
		err = CL_INVALID_VALUE;
	for (cl_uint i = 0; err == CL_SUCCESS && i < count; i++) {
		if (!strings[i])
			err = CL_INVALID_VALUE;
		else
			total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
	}
	if (err == CL_SUCCESS && !(p = new_program(context, KCL_PROG_SOURCE)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (err == CL_SUCCESS && !(p->source = malloc(total + 1))) {
		err = CL_OUT_OF_HOST_MEMORY;
		kcl_program_release(p);
		p = NULL;
	}
	if (err == CL_SUCCESS) {
		size_t at = 0;
		for (cl_uint i = 0; i < count; i++) {
			size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
			memcpy(p->source + at, strings[i], n);
			at += n;
		}
		p->source[at] = '\0';
	}
	if (errcode_ret)
		*errcode_ret = err;
	return p;
}

cl_program CL_API_CALL clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                 const cl_device_id *device_list, const size_t *lengths,
                                                 const unsigned char **binaries, cl_int *binary_status,
                                                 cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_program p = NULL;
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (num_devices == 0 || !device_list || !lengths || !binaries)
		err = CL_INVALID_VALUE;
	for (cl_uint i = 0; err == CL_SUCCESS && i < num_devices; i++)
		if (device_list[i] != context->device)
			err = CL_INVALID_DEVICE;
	for (cl_uint i = 0; err == CL_SUCCESS && i < num_devices; i++)
		if (lengths[i] == 0 || !binaries[i])
			err = CL_INVALID_VALUE;
	if (err == CL_SUCCESS && num_devices != 1)
		err = CL_INVALID_DEVICE; /* the one device, listed once */
	if (err == CL_SUCCESS && kiln_image_check_bytes(binaries[0], lengths[0]) != KILN_OK)
		err = kcl_notify(context, CL_INVALID_BINARY,
		                 "clCreateProgramWithBinary: not a Kiln image: %s", kiln_last_error());
	if (binary_status && (err == CL_SUCCESS || err == CL_INVALID_BINARY || err == CL_INVALID_VALUE))
		for (cl_uint i = 0; i < num_devices; i++)
			binary_status[i] = err == CL_INVALID_BINARY ? CL_INVALID_BINARY
			                   : (lengths && binaries && lengths[i] && binaries[i])
			                       ? CL_SUCCESS
			                       : CL_INVALID_VALUE;
	if (err == CL_SUCCESS && !(p = new_program(context, KCL_PROG_BINARY)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (err == CL_SUCCESS && !(p->binary = malloc(lengths[0]))) {
		kcl_program_release(p);
		p = NULL;
		err = CL_OUT_OF_HOST_MEMORY;
	}
	if (err == CL_SUCCESS) {
		memcpy(p->binary, binaries[0], lengths[0]);
		p->binary_len = lengths[0];
	}
	if (errcode_ret)
		*errcode_ret = err;
	return p;
}

cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void *il, size_t length,
                                             cl_int *errcode_ret)
{
	(void)il, (void)length;
	if (errcode_ret)
		*errcode_ret =
		    KCL_VALID(context, KCL_MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
	return NULL;
}

cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context, cl_uint num_devices,
                                                         const cl_device_id *device_list,
                                                         const char *kernel_names, cl_int *errcode_ret)
{
	(void)num_devices, (void)device_list, (void)kernel_names;
	if (errcode_ret) /* the device has no built-in kernels */
		*errcode_ret = KCL_VALID(context, KCL_MAGIC_CONTEXT) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT;
	return NULL;
}

void kcl_program_retain(cl_program p)
{
	atomic_fetch_add(&p->refs, 1);
}

void kcl_program_release(cl_program p)
{
	if (atomic_fetch_sub(&p->refs, 1) != 1)
		return;
	if (p->kp)
		kiln_program_release(p->kp);
	free(p->source);
	free(p->binary);
	free(p->options);
	free(p->log);
	free(p->kernel_names);
	pthread_mutex_destroy(&p->exec);
	cl_context ctx = p->ctx;
	kcl_handle_drop(p);
	kcl_handle_free(p);
	kcl_context_release(ctx);
}

cl_int CL_API_CALL clRetainProgram(cl_program p)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	kcl_program_retain(p);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseProgram(cl_program p)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	kcl_program_release(p);
	return CL_SUCCESS;
}

/* ---- kiln-cc ---- */

static void append_log(cl_program p, const char *fmt, const char *arg)
{
	size_t old = p->log ? strlen(p->log) : 0;
	size_t add = strlen(fmt) + (arg ? strlen(arg) : 0) + 1;
	char *n = realloc(p->log, old + add);
	if (!n)
		return;
	snprintf(n + old, add, fmt, arg ? arg : "");
	p->log = n;
}

/* Whether WORD is a documented build option (README, "OpenCL"): -D, -I, -std=, --board, --clock-period,
 * --no-pipeline; 1 when it takes the next word as its value, 0 when alone, -1 when not documented. Anything
 * else (-o, --depfile, --profile, ...) would let a build option write files or change the build's outputs. */
static int documented_option(const char *w)
{
	if (!strcmp(w, "-D") || !strcmp(w, "-I") || !strcmp(w, "--board") || !strcmp(w, "--clock-period"))
		return 1;
	if ((!strncmp(w, "-D", 2) || !strncmp(w, "-I", 2) || !strncmp(w, "-std=", 5)) && w[2])
		return 0;
	return !strcmp(w, "--no-pipeline") ? 0 : -1;
}

/* Splits OPTIONS at blanks (with '...' and "..." quoting) into ARGV (at most MAX-1 entries); OpenCL's own
 * -cl-* options mean nothing to kiln-cc and are dropped. Returns the count; -1 on unbalanced quotes or too
 * many words, -2 on an undocumented option (*BAD names it). */
static int split_options(char *s, char **argv, int max, const char **bad)
{
	int value_next = 0;
	int n = 0;
	while (*s) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		char *start = s, *w = s, q = 0;
		while (*s && (q || (*s != ' ' && *s != '\t' && *s != '\n'))) {
			if (!q && (*s == '\'' || *s == '"'))
				q = *s++;
			else if (q && *s == q)
				q = 0, s++;
			else
				*w++ = *s++;
		}
		if (q)
			return -1;
		if (*s)
			s++;
		*w = '\0';
		if (!value_next && (strncmp(start, "-cl-", 4) == 0 || strcmp(start, "-w") == 0 ||
		                    strcmp(start, "-Werror") == 0))
			continue;
		if (value_next) {
			value_next = 0;
		} else if ((value_next = documented_option(start)) < 0) {
			*bad = start;
			return -2;
		}
		if (n >= max - 1)
			return -1;
		argv[n++] = start;
	}
	if (value_next) {
		*bad = argv[n - 1];
		return -2;
	}
	argv[n] = NULL;
	return n;
}

/* When OPTIONS name KILN_OCL_KILN_C_OPTION ("-x" then "kiln-c", as separate words), a copy of them without
 * it; else NULL. */
static char *take_kiln_c_option(const char *options)
{
	const char *x = options;
	while ((x = strstr(x, "-x"))) {
		int starts = x == options || x[-1] == ' ' || x[-1] == '\t';
		const char *v = x + 2;
		size_t gap = strspn(v, " \t");
		if (starts && gap && strncmp(v + gap, "kiln-c", 6) == 0 &&
		    (v[gap + 6] == '\0' || v[gap + 6] == ' ' || v[gap + 6] == '\t')) {
			size_t head = (size_t)(x - options), tail = strlen(v + gap + 6);
			char *rest = malloc(head + tail + 1);
			if (rest) {
				memcpy(rest, options, head);
				memcpy(rest + head, v + gap + 6, tail + 1);
			}
			return rest;
		}
		x += 2;
	}
	return NULL;
}

/* Builds P's source with kiln-cc (or takes the image from the cache: kiln_online_build); sets p->binary and
 * p->log. */
static cl_int compile_source(cl_program p, const char *options)
{
	/* The options first: an undocumented one is refused whatever the cache holds. */
	char *opts = strdup(options);
	char *argv[80];
	const char *bad = NULL;
	int nopt = opts ? split_options(opts, argv, 80, &bad) : -1;
	if (nopt < 0) {
		if (nopt == -2)
			append_log(
			    p,
			    "kiln: build option '%s' is not supported: the options are -D, -I, -std=, "
			    "--board, --clock-period and --no-pipeline (and OpenCL's -cl-*, ignored)\n",
			    bad);
		else
			append_log(p, "kiln: cannot parse the build options '%s'\n", options);
		free(opts);
		return CL_INVALID_BUILD_OPTIONS;
	}
	/* kiln-cc runs in a build folder: include folders the application gave relative to its working
	 * directory are made absolute. */
	char *owned[80] = {0};
	for (int i = 0; i < nopt; i++) {
		const char *dir = !strcmp(argv[i], "-I") && i + 1 < nopt ? argv[++i]
		                  : !strncmp(argv[i], "-I", 2)           ? argv[i] + 2
		                                                         : NULL;
		char *abs = dir && dir[0] != '/' ? realpath(dir, NULL) : NULL;
		if (abs && argv[i] == dir) {
			argv[i] = owned[i] = abs;
		} else if (abs) {
			if (asprintf(&owned[i], "-I%s", abs) > 0)
				argv[i] = owned[i];
			else
				owned[i] = NULL;
			free(abs);
		}
	}
	/* The source is "program.c" to kiln-cc, so the build log names it so rather than a temporary path
	 * that is gone once the build ends. */
	kiln_build_input in = {"program.c", p->source, strlen(p->source)};
	kiln_build_request rq = {.kind = "opencl",
	                         .board = kiln_device_board_name(p->ctx->device->dev),
	                         .key_extra = options,
	                         .inputs = &in,
	                         .ninputs = 1,
	                         .options = (const char *const *)argv,
	                         .noptions = (size_t)nopt};
	kiln_build_result res;
	int st = kiln_online_build(&rq, &res);
	append_log(p, "%s", res.log ? res.log : "");
	cl_int err = st == KILN_BUILD_OK            ? CL_SUCCESS
	             : st == KILN_BUILD_NO_COMPILER ? CL_COMPILER_NOT_AVAILABLE
	                                            : CL_BUILD_PROGRAM_FAILURE;
	if (err == CL_SUCCESS) {
		p->binary = (unsigned char *)res.image;
		p->binary_len = res.len;
		res.image = NULL;
	}
	kiln_build_result_free(&res);
	for (int i = 0; i < 80; i++)
		free(owned[i]);
	free(opts);
	return err;
}

cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                  const char *options, void(CL_CALLBACK *pfn_notify)(cl_program, void *),
                                  void *user_data)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	if ((num_devices && !device_list) || (!num_devices && device_list) || (!pfn_notify && user_data))
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_devices; i++)
		if (device_list[i] != p->ctx->device)
			return CL_INVALID_DEVICE;
	if (atomic_load(&p->nkernel_objs))
		return CL_INVALID_OPERATION;
	pthread_mutex_lock(&p->exec);
	if (p->kp) {
		kiln_program_release(p->kp);
		p->kp = NULL;
	}
	free(p->options);
	free(p->log);
	free(p->kernel_names);
	p->log = NULL;
	p->kernel_names = NULL;
	p->options = strdup(options ? options : "");
	p->status = CL_BUILD_IN_PROGRESS;
	cl_int err = CL_SUCCESS;
	if (p->src_kind == KCL_PROG_SOURCE) {
		free(p->binary);
		p->binary = NULL;
		p->binary_len = 0;
		char *rest = take_kiln_c_option(p->options ? p->options : "");
		if (!rest) {
			append_log(
			    p,
			    "kiln: this device has no OpenCL C compiler; a Kiln C source builds with the "
			    "option '%s'\n",
			    KILN_OCL_KILN_C_OPTION);
			err = CL_COMPILER_NOT_AVAILABLE;
		} else {
			err = compile_source(p, rest);
			free(rest);
		}
	}
	if (err == CL_SUCCESS) {
		if (kiln_program_load_bytes(p->ctx->device->dev, p->binary, p->binary_len, &p->kp) !=
		    KILN_OK) {
			append_log(p, "kiln: loading the image: %s\n", kiln_last_error());
			err = CL_BUILD_PROGRAM_FAILURE;
			p->kp = NULL;
		}
	}
	if (err == CL_SUCCESS) {
		int n = kiln_program_num_kernels(p->kp);
		size_t len = 1;
		for (int i = 0; i < n; i++)
			len += strlen(kiln_program_kernel_name(p->kp, i)) + 1;
		p->kernel_names = calloc(1, len);
		for (int i = 0; p->kernel_names && i < n; i++) {
			if (i)
				strcat(p->kernel_names, ";");
			strcat(p->kernel_names, kiln_program_kernel_name(p->kp, i));
		}
		p->nkernels = (size_t)(n > 0 ? n : 0);
		p->status = CL_BUILD_SUCCESS;
	} else {
		p->status = CL_BUILD_ERROR;
		if (err != CL_INVALID_BUILD_OPTIONS && err != CL_COMPILER_NOT_AVAILABLE)
			err = CL_BUILD_PROGRAM_FAILURE;
	}
	if (!p->log)
		p->log = strdup("");
	if (err != CL_SUCCESS) {
		/* The build log's first error line is the reason; the whole log stays in
		 * CL_PROGRAM_BUILD_LOG. */
		const char *why = p->log ? strstr(p->log, "error:") : NULL;
		const char *line = why;
		while (line && line > p->log && line[-1] != '\n')
			line--;
		kcl_notify(p->ctx, err, "clBuildProgram: the build failed: %.*s",
		           line ? (int)strcspn(line, "\n") : 0, line ? line : "");
	}
	pthread_mutex_unlock(&p->exec);
	if (pfn_notify)
		pfn_notify(p, user_data);
	return err;
}

cl_int CL_API_CALL clCompileProgram(cl_program p, cl_uint num_devices, const cl_device_id *device_list,
                                    const char *options, cl_uint num_input_headers,
                                    const cl_program *input_headers, const char **header_include_names,
                                    void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data)
{
	(void)num_devices, (void)device_list, (void)options, (void)num_input_headers, (void)input_headers;
	(void)header_include_names, (void)pfn_notify, (void)user_data;
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	/* No OpenCL C compiler (CL_DEVICE_COMPILER_AVAILABLE is CL_FALSE); a binary has nothing to compile.
	 * Kiln C builds whole with clBuildProgram and KILN_OCL_KILN_C_OPTION. */
	return p->src_kind == KCL_PROG_SOURCE ? CL_COMPILER_NOT_AVAILABLE : CL_INVALID_OPERATION;
}

cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices, const cl_device_id *device_list,
                                     const char *options, cl_uint num_input_programs,
                                     const cl_program *input_programs,
                                     void(CL_CALLBACK *pfn_notify)(cl_program, void *), void *user_data,
                                     cl_int *errcode_ret)
{
	(void)num_devices, (void)device_list, (void)options, (void)num_input_programs, (void)input_programs;
	(void)pfn_notify, (void)user_data;
	if (errcode_ret) /* CL_DEVICE_LINKER_AVAILABLE is CL_FALSE */
		*errcode_ret =
		    KCL_VALID(context, KCL_MAGIC_CONTEXT) ? CL_LINKER_NOT_AVAILABLE : CL_INVALID_CONTEXT;
	return NULL;
}

cl_int CL_API_CALL clSetProgramReleaseCallback(cl_program p, void(CL_CALLBACK *fn)(cl_program, void *),
                                               void *user)
{
	(void)fn, (void)user;
	return KCL_VALID(p, KCL_MAGIC_PROGRAM) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
}

cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program p, cl_uint spec_id, size_t spec_size,
                                                      const void *spec_value)
{
	(void)spec_id, (void)spec_size, (void)spec_value;
	return KCL_VALID(p, KCL_MAGIC_PROGRAM) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
}

cl_int CL_API_CALL clGetProgramInfo(cl_program p, cl_program_info param_name, size_t param_value_size,
                                    void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	switch (param_name) {
	case CL_PROGRAM_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&p->refs));
	case CL_PROGRAM_CONTEXT:
		KCL_INFO(cl_context, p->ctx);
	case CL_PROGRAM_NUM_DEVICES:
		KCL_INFO(cl_uint, 1);
	case CL_PROGRAM_DEVICES:
		KCL_INFO(cl_device_id, p->ctx->device);
	case CL_PROGRAM_SOURCE:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret,
		                    p->source ? p->source : "");
	case CL_PROGRAM_IL:
		return kcl_info(param_value_size, param_value, param_value_size_ret, NULL, 0);
	case CL_PROGRAM_BINARY_SIZES:
		KCL_INFO(size_t, p->binary_len);
	case CL_PROGRAM_BINARIES: {
		if (param_value && param_value_size < sizeof(unsigned char *))
			return CL_INVALID_VALUE;
		if (param_value) {
			unsigned char *dst = ((unsigned char **)param_value)[0];
			if (dst && p->binary_len)
				memcpy(dst, p->binary, p->binary_len);
		}
		if (param_value_size_ret)
			*param_value_size_ret = sizeof(unsigned char *);
		return CL_SUCCESS;
	}
	case CL_PROGRAM_NUM_KERNELS:
		if (p->status != CL_BUILD_SUCCESS)
			return CL_INVALID_PROGRAM_EXECUTABLE;
		KCL_INFO(size_t, p->nkernels);
	case CL_PROGRAM_KERNEL_NAMES:
		if (p->status != CL_BUILD_SUCCESS)
			return CL_INVALID_PROGRAM_EXECUTABLE;
		return kcl_info_str(param_value_size, param_value, param_value_size_ret,
		                    p->kernel_names ? p->kernel_names : "");
	case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
	case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
		KCL_INFO(cl_bool, CL_FALSE);
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program p, cl_device_id device, cl_program_build_info param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret)
{
	if (!KCL_VALID(p, KCL_MAGIC_PROGRAM))
		return CL_INVALID_PROGRAM;
	if (device != p->ctx->device)
		return CL_INVALID_DEVICE;
	switch (param_name) {
	case CL_PROGRAM_BUILD_STATUS:
		KCL_INFO(cl_build_status, p->status);
	case CL_PROGRAM_BUILD_OPTIONS:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret,
		                    p->options ? p->options : "");
	case CL_PROGRAM_BUILD_LOG:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret,
		                    p->log ? p->log : "");
	case CL_PROGRAM_BINARY_TYPE:
		KCL_INFO(cl_program_binary_type,
		         p->binary ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE : CL_PROGRAM_BINARY_TYPE_NONE);
	case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
		KCL_INFO(size_t, 0);
	default:
		return CL_INVALID_VALUE;
	}
}
