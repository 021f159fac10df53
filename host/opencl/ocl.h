// SPDX-License-Identifier: Apache-2.0
/* Kiln's OpenCL platform: the object structs and helpers shared by the files of host/opencl (one file per API
 * area, after PoCL). Every handle starts with the ICD dispatch pointer, then a magic that says what it is and
 * a reference count. The library exports only the ICD entry points (icd.c); every CL function is hidden, so
 * calls inside the library never reach the loader's functions of the same name. */
#ifndef KILN_OCL_H
#define KILN_OCL_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "host/common/handles.h"
#include "kiln/kiln.h"
#include "kiln/opencl.h"

#define KCL_EXPORT __attribute__((visibility("default")))

enum {
	KCL_MAGIC_PLATFORM = 0x4B504C54,
	KCL_MAGIC_DEVICE = 0x4B444556,
	KCL_MAGIC_CONTEXT = 0x4B435458,
	KCL_MAGIC_QUEUE = 0x4B515545,
	KCL_MAGIC_MEM = 0x4B4D454D,
	KCL_MAGIC_PROGRAM = 0x4B50524F,
	KCL_MAGIC_KERNEL = 0x4B4B524E,
	KCL_MAGIC_EVENT = 0x4B45564E,
	KCL_MAGIC_DEAD = 0xDEADDEAD
};

#define KCL_HEAD                                                                                             \
	cl_icd_dispatch *dispatch;                                                                           \
	uint32_t magic;                                                                                      \
	atomic_uint refs

extern cl_icd_dispatch kcl_dispatch;

struct _cl_platform_id {
	KCL_HEAD;
};

struct _cl_device_id {
	KCL_HEAD;
	kiln_device *dev; /* opened once, for the life of the process */
	char name[128];
	double clock_ns; /* board clock period */
	int fp32, fp64;  /* the board has float (double) units: its fp32 (fp64) aspect */
	uint64_t mem_size;
	uint64_t alloc_max; /* the largest allocation: the memory without that reserved block */
};

/* A device (USM) allocation made by clDeviceMemAllocINTEL; listed per context. */
typedef struct kcl_usm {
	struct kcl_usm *next;
	uint64_t addr;
	size_t size;
	cl_mem_alloc_flags_intel flags;
} kcl_usm;

typedef struct kcl_ctx_cb {
	struct kcl_ctx_cb *next;
	void(CL_CALLBACK *fn)(cl_context, void *);
	void *user;
} kcl_ctx_cb;

struct _cl_context {
	KCL_HEAD;
	cl_device_id device;
	cl_context_properties props[8];
	size_t nprops; /* entries in PROPS including the terminating 0; 0 when none were given */
	void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
	void *notify_user;
	pthread_mutex_t lock; /* USM list, destructor callbacks */
	kcl_usm *usm;
	kcl_ctx_cb *dtor;
};

typedef struct kcl_cmd kcl_cmd;

struct _cl_command_queue {
	KCL_HEAD;
	atomic_uint irefs; /* internal references (events; +1 for the user side); the struct is freed at 0 */
	cl_context ctx;
	cl_device_id device;
	cl_command_queue_properties props;
	cl_queue_properties prop_array[4];
	size_t nprop_array;
	pthread_mutex_t lock;
	pthread_cond_t cv;
	kcl_cmd *head, *tail; /* waiting commands, in order */
	int busy;             /* a command is executing (by the worker or inline by a blocking caller) */
	pthread_t slot_owner; /* the thread executing it, while BUSY (its event callbacks run there too) */
	int stop;
	int finish_waiters; /* threads in clFinish */
	pthread_t worker;
	uint64_t last_ts; /* keeps profiling timestamps monotonic */
};

typedef struct kcl_map {
	struct kcl_map *next;
	void *ptr;
	size_t offset, size;
	cl_map_flags flags;
	int owned; /* PTR was malloc'd for this mapping */
} kcl_map;

typedef struct kcl_mem_cb {
	struct kcl_mem_cb *next;
	void(CL_CALLBACK *fn)(cl_mem, void *);
	void *user;
} kcl_mem_cb;

struct _cl_mem {
	KCL_HEAD;
	cl_context ctx;
	cl_mem_flags flags;
	size_t size;
	uint64_t addr; /* device address */
	void *host_ptr;
	cl_mem parent; /* a sub-buffer's buffer (it holds a reference), else NULL */
	size_t origin; /* a sub-buffer's offset in its buffer */
	cl_mem_properties props[2];
	size_t nprops;
	pthread_mutex_t lock;
	kcl_map *maps;
	cl_uint map_count;
	kcl_mem_cb *dtor;
};

enum kcl_prog_src { KCL_PROG_BINARY, KCL_PROG_SOURCE };

struct _cl_program {
	KCL_HEAD;
	cl_context ctx;
	enum kcl_prog_src src_kind;
	char *source;          /* KCL_PROG_SOURCE */
	unsigned char *binary; /* the image (given, or built from source) */
	size_t binary_len;
	kiln_program *kp; /* after a successful build */
	cl_build_status status;
	char *options;
	char *log;
	char *kernel_names; /* "a;b;c" */
	size_t nkernels;
	atomic_uint nkernel_objs; /* live kernels: a rebuild is refused while any exists */
	pthread_mutex_t exec;     /* serialises argument setting + launch on the shared kiln_kernel */
};

/* A kernel argument as set by the host: a scalar or a device address (pointer args). */
typedef struct kcl_arg {
	uint64_t val;
	cl_mem mem; /* the buffer behind a pointer argument (NULL: none, or a USM pointer) */
	size_t size;
	int set;
	int is_pointer;
	int is_signed;
	const char *name;
} kcl_arg;

struct _cl_kernel {
	KCL_HEAD;
	cl_program prog;
	kiln_kernel *kk;
	const char *name;
	int dims;
	cl_uint nargs;
	kcl_arg *args;
};

typedef struct kcl_ev_cb {
	struct kcl_ev_cb *next;
	cl_int type;
	void(CL_CALLBACK *fn)(cl_event, cl_int, void *);
	void *user;
} kcl_ev_cb;

struct _cl_event {
	KCL_HEAD;
	cl_context ctx;
	cl_command_queue queue; /* NULL for a user event; holds an internal reference */
	cl_command_type type;
	cl_int status; /* guarded by kcl_ev_lock */
	cl_ulong t_queued, t_submit, t_start, t_end;
	int profiled;
	kcl_ev_cb *cbs;
};

/* One enqueued command. RUN executes it on the worker (or inline); returns CL_SUCCESS or a negative
 * execution status, and may set *DEV_NS to the device time it took (kernels). */
/* A rectangular copy (clEnqueue*BufferRect): origins in bytes, rows and slices, pitches resolved. */
typedef struct kcl_rect {
	size_t src[3], dst[3], region[3];
	size_t src_row, src_slice, dst_row, dst_slice;
} kcl_rect;

struct kcl_cmd {
	kcl_cmd *next;
	cl_event ev;
	cl_uint nwait;
	cl_event *wait;
	cl_int (*run)(kcl_cmd *c, uint64_t *dev_ns);
	void (*cleanup)(kcl_cmd *c); /* may be NULL */
	/* payload */
	cl_mem mem, mem2;
	cl_kernel kernel;
	cl_program prog;
	kiln_kernel *kk;
	kcl_arg *args;
	cl_uint nargs;
	size_t off, off2, size, pattern_size;
	size_t global[3], local[3], offset[3];
	int dims;
	void *ptr;
	const void *cptr;
	uint64_t addr, addr2;
	unsigned char pattern[128];
	char *name;
	kcl_map *map;
	int dir;
	kcl_rect rect;
};

/* The one platform and its one device (the default board: $KILN_BOARD, else sim), opened on first use. */
cl_platform_id kcl_platform(void);
cl_device_id kcl_device(void); /* NULL when the board cannot be opened */
/* The device's extensions (the one table CL_DEVICE_EXTENSIONS and the platform's list derive from). */
const cl_name_version *kcl_device_exts(size_t *n);
/* Writes the N names of V into OUT separated by blanks (OUT holds N * CL_NAME_VERSION_MAX_NAME_SIZE). */
void kcl_join_names(const cl_name_version *v, size_t n, char *out);

/* Handle checks: the platform and device are static; every other handle is looked up in the registry of
 * live handles (host/common/handles.h), so a released one is recognised without reading freed memory. */
#define KCL_VALID(p, m)                                                                                      \
	((m) == KCL_MAGIC_PLATFORM || (m) == KCL_MAGIC_DEVICE ? (p) != NULL && (p)->magic == (m)             \
	                                                      : kiln_handle_live((p), (m)))
/* Starts the header of a new handle OBJ (dispatch, magic, one reference) and registers it as live; 0, or -1
 * when out of memory (nothing registered). */
int kcl_handle_init(void *obj, uint32_t magic);
/* Unregisters OBJ (its last application reference is gone) and poisons its magic. */
void kcl_handle_drop(void *obj);
/* Frees a dropped handle's memory, after a quarantine: the ICD loader reads a handle's dispatch pointer
 * before Kiln sees the call, so a released handle must stay readable for a while for a double release or a
 * use after release to reach Kiln and get its error instead of a crash. */
void kcl_handle_free(void *obj);

/* Writes an info value: the common size rules of every clGet*Info. */
cl_int kcl_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size);
cl_int kcl_info_str(size_t size, void *value, size_t *size_ret, const char *s);
#define KCL_INFO(type, v)                                                                                    \
	do {                                                                                                 \
		type kcl_v_ = (v);                                                                           \
		return kcl_info(param_value_size, param_value, param_value_size_ret, &kcl_v_,                \
		                sizeof kcl_v_);                                                              \
	} while (0)

/* Host monotonic clock in ns. */
cl_ulong kcl_now_ns(void);

/* Translates a libkiln status to a CL error (generic mapping). */
cl_int kcl_status(int kiln_status);
/* The one way an error with a reason reaches the application: formats the reason, passes it to CTX's
 * pfn_notify (when one was given; CTX may be NULL) and returns CODE, so that call sites read
 * `return kcl_notify(ctx, CL_..., "why", ...)`. */
cl_int kcl_notify(cl_context ctx, cl_int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A failed libkiln call ST in CALL: kcl_status(ST), with libkiln's message as the reason. */
cl_int kcl_kiln_error(cl_context ctx, int st, const char *call);

/* Contexts. */
void kcl_context_retain(cl_context c);
void kcl_context_release(cl_context c);
/* Finds the USM allocation containing device address ADDR in C, or NULL (caller holds nothing). */
int kcl_usm_lookup(cl_context c, uint64_t addr, uint64_t *base, size_t *size);

/* Queues and commands (queue.c). */
/* Validates a wait list against queue Q's context. */
cl_int kcl_check_wait_list(cl_context ctx, cl_uint n, const cl_event *list);
/* Allocates a command for Q with its event (CL_QUEUED, type TYPE) and a retained copy of the wait list. */
kcl_cmd *kcl_cmd_new(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list);
/* Frees a command that was never submitted. */
void kcl_cmd_discard(kcl_cmd *c);
/* Submits C to its queue; with BLOCKING waits for it and returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
 * or the command's error when it failed. *EVENT (may be NULL) receives a reference to the command's event. */
cl_int kcl_submit(cl_command_queue q, kcl_cmd *c, int blocking, cl_event *event);
/* The fast path of a blocking command that returns no event and waits for none: when Q is idle, takes its
 * execution slot (returns 1) so that the caller runs the work itself, then kcl_inline_end gives it back. No
 * event exists, so nothing observable differs from going through the worker. */
int kcl_inline_begin(cl_command_queue q);
void kcl_inline_end(cl_command_queue q);
/* Runs commands at Q's head on the calling thread while the worker has not taken them, until UNTIL (may be
 * NULL) is done: a waiter does the work instead of sleeping through a thread wake-up. */
void kcl_queue_help(cl_command_queue q, cl_event until);
void kcl_queue_iretain(cl_command_queue q);
void kcl_queue_irelease(cl_command_queue q);

/* Events (event.c). */
cl_event kcl_event_new(cl_context ctx, cl_command_queue q, cl_command_type type);
/* Sets an event's status (running callbacks outside the lock), and timestamps. */
void kcl_event_set_status(cl_event e, cl_int status);
cl_int kcl_event_status(cl_event e);
/* Blocks until E is complete or failed; returns its final status. */
cl_int kcl_event_wait(cl_event e);
void kcl_event_release(cl_event e);

/* Memory objects. */
void kcl_mem_retain(cl_mem m);
/* CL_SUCCESS when Q and M are live and of one context, else the error clEnqueue*Buffer returns. */
cl_int kcl_check_queue_mem(cl_command_queue q, cl_mem m);
/* A new command of TYPE on buffers M (and M2, may be NULL), each retained until the command is done. */
cl_int kcl_mem_cmd(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list, cl_mem m,
                   cl_mem m2, kcl_cmd **out);
void kcl_mem_release(cl_mem m);

/* Programs and kernels. */
void kcl_program_retain(cl_program p);
void kcl_program_release(cl_program p);
/* Runs kernel K with args ARGS (global/local/dims as the launch); holds the program's exec lock. */
cl_int kcl_kernel_exec(kcl_cmd *c, uint64_t *dev_ns);

/* Extension functions by name (icd.c), NULL when unknown. */
void *kcl_extension_function(const char *name);

#endif
