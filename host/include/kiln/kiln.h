// SPDX-License-Identifier: Apache-2.0
/* libkiln: the Kiln host runtime. Every call returns KILN_OK (0) or a negative kiln_status; the message of
 * the last failure on the calling thread is kiln_last_error(). No call aborts the process. Thread-safe. */
#ifndef KILN_KILN_H
#define KILN_KILN_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kiln_status {
	KILN_OK = 0,
	KILN_ERR_INVALID = -1,   /* bad argument: NULL, out of range, wrong size, unknown index */
	KILN_ERR_NOT_FOUND = -2, /* no such board, kernel or device global */
	KILN_ERR_IO = -3,        /* a file could not be read or written */
	KILN_ERR_IMAGE = -4,     /* corrupt, truncated, foreign-version or other-board image */
	KILN_ERR_HW = -5,        /* the hardware answered wrongly (ID block mismatch, model load failure) */
	KILN_ERR_BUS = -6,       /* bus error response from the board */
	KILN_ERR_TIMEOUT = -7,   /* a kernel did not finish within its cycle budget (hung); board was reset */
	KILN_ERR_ACCESS = -8,    /* host_access forbids this direction */
	KILN_ERR_NOMEM = -9,     /* host or device memory exhausted */
	KILN_ERR_STATE = -10,    /* call not valid now (e.g. launch with an argument unset) */
	KILN_ERR_AMBIGUOUS = -11,  /* device_image_scope variable present in more than one loaded image */
	KILN_ERR_MEM_ACCESS = -12, /* a kernel accessed device memory outside the board's memory, in the null
	                              page or above 4 GiB (the access was dropped; the message names the
	                              kernel, the direction and the address) */
	KILN_ERR_EXIT =
	    -13, /* the kernel stopped itself: exit, abort, a failed assert or a bad call (the message says
	            which and where; kiln_kernel_exit_status gives the status); the board is fine */
	KILN_ERR_UNSUPPORTED = -14 /* the kernel needs what its image lacks: a virtual-function set that
	                              kiln-cc --board dropped for an aspect the board does not have
	                              (SYCL's errc::kernel_not_supported) */
} kiln_status;

typedef struct kiln_device kiln_device;
typedef struct kiln_program kiln_program;
typedef struct kiln_kernel kiln_kernel;
typedef struct kiln_context kiln_context;
typedef struct kiln_queue kiln_queue;
typedef struct kiln_event kiln_event;

/* Message of the last failing call on this thread ("" when none). */
const char *kiln_last_error(void);
/* Short name of a status ("KILN_ERR_BUS"). */
const char *kiln_status_name(int status);

/* Opens board NAME (NULL: $KILN_BOARD, else "sim"). */
int kiln_device_open(const char *name, kiln_device **out);
/* Invalidates DEV's handle; the board closes once the last queue on it is released (its commands complete
 * first). Closing a handle that is not open (twice, say) sets kiln_last_error and does nothing else. */
void kiln_device_close(kiln_device *dev);

/* Raw 32-bit host-bus access at a board address (shell block, image space at 0x10000, device memory window
 * at 0x80000000); KILN_ERR_BUS when the board answers with a bus error. For bring-up and tests. */
int kiln_device_mmio_read(kiln_device *dev, uint32_t addr, uint32_t *val);
int kiln_device_mmio_write(kiln_device *dev, uint32_t addr, uint32_t val);
/* Pulses the board reset: device globals with init_mode reset return to their initial values, others keep
 * theirs; running kernels stop. */
int kiln_device_reset(kiln_device *dev);
/* Board name, and the image hash currently on the board (0 when none). */
const char *kiln_device_name(const kiln_device *dev);
uint64_t kiln_device_loaded_image(kiln_device *dev);

/* Loads the image file PATH for DEV and programs the board with it. */
int kiln_program_load(kiln_device *dev, const char *path, kiln_program **out);
/* Same, from an image held in memory (LEN bytes at DATA, copied). */
int kiln_program_load_bytes(kiln_device *dev, const void *data, size_t len, kiln_program **out);
/* Number of kernels in PROG, and the C name of kernel I (NULL when out of range). */
int kiln_program_num_kernels(const kiln_program *prog);
const char *kiln_program_kernel_name(const kiln_program *prog, int i);
/* Invalidates PROG's handle (and its kernels'); launches of it already queued still run, and the program goes
 * with the last. Releasing a handle that is not live sets kiln_last_error and does nothing else. */
void kiln_program_release(kiln_program *prog);
/* Programs the board with PROG's image again: every device global returns to its initial value. */
int kiln_program_reprogram(kiln_program *prog);
/* The register map of PROG as text (owned by PROG). */
const char *kiln_program_regmap_text(const kiln_program *prog);

/* Kernel by C name or native name "__sycl_kernel_<name>". */
int kiln_kernel_get(kiln_program *prog, const char *name, kiln_kernel **out);
/* Number of arguments of K. */
int kiln_kernel_num_args(const kiln_kernel *k);
/* Argument INDEX of K: its C name, size in bytes, and whether it is a device pointer (outputs may be NULL).
 */
int kiln_kernel_arg_info(const kiln_kernel *k, unsigned index, const char **name, size_t *size,
                         int *is_pointer);
/* Work-item dimensions of K: 0 for a single-task kernel, 1..3 for an nd-range kernel. */
int kiln_kernel_dims(const kiln_kernel *k);
/* Sets argument INDEX from SIZE bytes at VALUE; size must equal the parameter's size. */
int kiln_kernel_set_arg(kiln_kernel *k, unsigned index, size_t size, const void *value);
/* Runs K as a single task and waits; *cycles (may be NULL) receives the device cycles it took. */
int kiln_kernel_run(kiln_kernel *k, uint64_t *cycles);
/* How K's last run ended: exit's status, 134 after abort or a failed assert (as a shell reports SIGABRT),
 * 139 after a call through a pointer that is no function (SIGSEGV's), or -1 when the kernel returned (or
 * has not run). */
int kiln_kernel_exit_status(const kiln_kernel *k);
/* Runs nd-range kernel K over GLOBAL[d] work-items in work-groups of LOCAL[d] (NULL: 1) per dimension, and
 * waits; each global range must be a non-zero multiple of its local range. */
int kiln_kernel_run_nd(kiln_kernel *k, const size_t *global, const size_t *local, uint64_t *cycles);
/* kiln_kernel_run_nd with a global offset: work-item global ids start at OFFSET[d] (NULL: 0); offset plus
 * range must stay below 2^32. */
int kiln_kernel_run_nd_offset(kiln_kernel *k, const size_t *offset, const size_t *global, const size_t *local,
                              uint64_t *cycles);

/* Alignment of every device-memory allocation, in bytes (addresses and rounded sizes). */
#define KILN_MEM_ALIGN 64u
/* Device memory (USM device allocations): SIZE bytes, *ADDR receives the device address to pass as a pointer
 * argument (8 bytes). */
int kiln_mem_alloc(kiln_device *dev, size_t size, uint64_t *addr);
/* Frees an allocation made by kiln_mem_alloc; KILN_ERR_INVALID for an address that is not one. */
int kiln_mem_free(kiln_device *dev, uint64_t addr);
/* Copies between host memory and device memory at ADDR (any address inside the board's memory). */
int kiln_mem_write(kiln_device *dev, uint64_t addr, const void *src, size_t n);
int kiln_mem_read(kiln_device *dev, uint64_t addr, void *dst, size_t n);
/* Size of the board's device memory in bytes. */
uint64_t kiln_device_mem_size(const kiln_device *dev);
/* The lowest address an allocation gets: address 0 is kernels' null pointer, so allocations start above it
 * and at most kiln_device_mem_size() minus this many bytes can be allocated. */
uint64_t kiln_device_mem_base(const kiln_device *dev);

/* Device-global access by unique id: NBYTES at byte OFFSET, with the spec's range and host_access rules. */
int kiln_dg_write(kiln_program *prog, const char *unique_id, const void *src, size_t nbytes, size_t offset);
int kiln_dg_read(kiln_program *prog, const char *unique_id, void *dst, size_t nbytes, size_t offset);
/* Facts about device global UNIQUE_ID of PROG (outputs may be NULL): its size in bytes, its host_access
 * (0 read, 1 write, 2 read_write, 3 none, numbered as sycl-host-access) and the host bus address of its
 * window (0 when it lives in device memory). */
int kiln_program_dg_info(const kiln_program *prog, const char *unique_id, size_t *size, int *host_access,
                         uint32_t *addr);

/* PROG's heap, where its kernels' malloc takes memory (docs/kernel-libc.md): *BYTES its size (0 when the
 * image's kernels do not allocate), *HIGH_WATER the most bytes from its start ever in use, header included
 * (0 before a kernel first allocates). Either output may be NULL. */
int kiln_program_heap_info(kiln_program *prog, uint64_t *bytes, uint64_t *high_water);

/* ---- Introspection for the OpenCL layer (issue 6; host/lib/info.c) ---- */
/* Board name ("sim") and one-line description of DEV ("" for NULL). */
const char *kiln_device_board_name(const kiln_device *dev);
const char *kiln_device_description(const kiln_device *dev);
/* The board's default clock period in ns, and the one PROG's image was built for (the board's when unset). */
double kiln_device_clock_period_ns(const kiln_device *dev);
double kiln_program_clock_period_ns(const kiln_program *prog);
/* 1 when DEV's board declares ASPECT ("fp32", "fp64", ...: configs/boards/<board>.json), else 0. */
int kiln_device_has_aspect(const kiln_device *dev, const char *aspect);
/* The image hash of PROG (0 for NULL). */
uint64_t kiln_program_image_hash(const kiln_program *prog);
/* C name of kernel K (NULL for NULL). */
const char *kiln_kernel_name(const kiln_kernel *k);
/* 1 when argument INDEX of K is a signed integer, 0 when unsigned or a pointer, <0 on error. */
int kiln_kernel_arg_signed(const kiln_kernel *k, unsigned index);
/* Size and host_access (numbered as sycl-host-access: 0 read, 1 write, 2 read_write, 3 none) of the device
 * global UNIQUE_ID of PROG; KILN_ERR_NOT_FOUND when there is none. Outputs may be NULL. */
int kiln_dg_info(const kiln_program *prog, const char *unique_id, size_t *size, int *host_access);
/* Checks that LEN bytes at DATA form a valid image (format, version, checksum) without programming a board.
 */
int kiln_image_check_bytes(const void *data, size_t len);
/* ---- end of the OpenCL layer's section ---- */

/* ---- Watchdog (issue 5, bring-up and runtime tests; host/lib/watchdog.c) ---- */
/* Sets the cycle budget after which a running kernel is reported hung (KILN_ERR_TIMEOUT, board reset);
 * CYCLES must be at least 1. The board config's watchdog_cycles is the default. */
int kiln_device_set_watchdog(kiln_device *dev, uint64_t cycles);
/* The current cycle budget of DEV (0 for NULL). */
uint64_t kiln_device_watchdog(kiln_device *dev);
/* ---- end of the watchdog section ---- */

/* ---- Contexts, the device-global database, queues and events (issue 5; host/lib/context.c, residency.c,
 * dgdb.c, queue.c, event.c) ----
 * Device globals have one instance per device and context. The board holds the device_image_scope globals of
 * one (context, image) at a time; moving it to another: (1) the outgoing pair's host_access read_write
 * device_image_scope values are saved by the runtime (read, write and none globals cannot make the round trip
 * through the host ports and are lost: they restart from their initial value when the pair returns);
 * (2) a new context on the image already on the board is re-initialised by a board reset when every
 * device_image_scope global of the image has init_mode reset, otherwise (and for another image) by
 * reprogramming; device memory is carried across reprogramming; (3) the context's USM instances are written
 * into the image and its saved values restored. Globals without device_image_scope live in device memory, one
 * instance per context shared by all its programs, and are never lost by a switch. */

/* A new context on DEV. */
int kiln_context_create(kiln_device *dev, kiln_context **out);
/* Frees CTX and its device-global instances; KILN_ERR_STATE while programs or queues of it are alive,
 * KILN_ERR_INVALID for a handle that is not live. */
int kiln_context_release(kiln_context *ctx);
/* The context kiln_program_load uses (lives as long as DEV; its USM instances live as long as their
 * programs). */
kiln_context *kiln_device_default_context(kiln_device *dev);
/* The device of CTX (NULL for NULL). */
kiln_device *kiln_context_device(const kiln_context *ctx);
/* The image hash the board holds for CTX, 0 when it holds none or holds it for another context. */
uint64_t kiln_context_loaded_image(kiln_context *ctx);
/* How often libkiln reprogrammed and reset DEV's board since it was opened (either output may be NULL). */
int kiln_device_counters(kiln_device *dev, uint64_t *reprograms, uint64_t *resets);

/* Loads image file PATH as a program of CTX without touching the board: the image goes onto the board when a
 * kernel of the program runs or a copy needs it. */
int kiln_program_create(kiln_context *ctx, const char *path, kiln_program **out);
/* Same, from LEN bytes at DATA (copied). */
int kiln_program_create_bytes(kiln_context *ctx, const void *data, size_t len, kiln_program **out);
/* The program of KERNEL from kiln-post-link's file table TABLE (-properties -symbols): its image linked with
 * one image per virtual-function set (the dummy where CTX's board lacks the set's aspects), built by kiln-cc
 * for the board once and cached by content (DPC++'s runtime linking of virtual-function images; README, "Host
 * side"). */
int kiln_program_create_linked(kiln_context *ctx, const char *table, const char *kernel, kiln_program **out);
/* The context of PROG (the default one for kiln_program_load). */
kiln_context *kiln_program_context(const kiln_program *prog);

/* Registers the device global that the host knows at HOST_ADDR (any unique address, e.g. a host variable of
 * the same type) under UNIQUE_ID, with sizeof(T) SIZE and element size ELEM_SIZE (0: SIZE) for copy counts;
 * process-wide. Registering the same thing again is harmless; a clash of address or id is KILN_ERR_INVALID.
 */
int kiln_dg_register(const void *host_addr, const char *unique_id, size_t size, size_t elem_size);
/* Forgets the registration at HOST_ADDR (KILN_ERR_NOT_FOUND when there is none). */
int kiln_dg_unregister(const void *host_addr);

/* Blocking copies between host memory and CTX's instance of the device global registered at DG. copy: COUNT
 * elements from element START_INDEX; memcpy: NUM_BYTES from byte OFFSET. Refusals, all before any hardware
 * access: not registered: KILN_ERR_NOT_FOUND; outside the variable or size disagreeing with the image:
 * KILN_ERR_INVALID; device_image_scope variable in more than one image of CTX's programs: KILN_ERR_AMBIGUOUS;
 * host_access forbids the direction: KILN_ERR_ACCESS. A variable in no image of CTX lives in host storage
 * that reads zero until written. A copy to a device_image_scope variable loads its image for CTX; a copy from
 * one whose image the board does not hold for CTX returns CTX's value without loading: the saved one, else
 * the initial one. */
int kiln_dg_copy_to(kiln_context *ctx, const void *dg, const void *src, size_t count, size_t start_index);
int kiln_dg_copy_from(kiln_context *ctx, const void *dg, void *dst, size_t count, size_t start_index);
int kiln_dg_memcpy_to(kiln_context *ctx, const void *dg, const void *src, size_t num_bytes, size_t offset);
int kiln_dg_memcpy_from(kiln_context *ctx, void *dst, const void *dg, size_t num_bytes, size_t offset);

enum kiln_dg_where { KILN_DG_IN_HOST = 0, KILN_DG_IN_DEVICE_MEMORY = 1, KILN_DG_IN_IMAGE = 2 };
typedef struct kiln_dg_facts {
	size_t size, elem_size;
	int image_scope;
	int host_access; /* 0 read, 1 write, 2 read_write, 3 none (read_write while in no image) */
	int init_mode;   /* 0 reprogram, 1 reset, -1 while in no image */
	int where;       /* enum kiln_dg_where */
	size_t nimages;  /* distinct images of the context's programs containing it; the first 8 in images */
	uint64_t images[8];
	uint64_t usm_addr; /* device address of the context's device-memory instance (when where says so) */
} kiln_dg_facts;
/* What the database knows of DG in CTX (an ambiguous variable is reported, not refused). */
int kiln_context_dg_info(kiln_context *ctx, const void *dg, kiln_dg_facts *out);

/* An in-order queue on CTX with its own worker thread. */
int kiln_queue_create(kiln_context *ctx, kiln_queue **out);
/* Waits until every command queued so far completed (callbacks included); returns the first failure among
 * them since the previous finish (its message as kiln_last_error), else KILN_OK. From a callback running on
 * Q's own worker it would wait for itself: KILN_ERR_STATE. */
int kiln_queue_finish(kiln_queue *q);
/* Finishes Q (returning what kiln_queue_finish returns), stops its worker and frees it; KILN_ERR_INVALID for
 * a handle that is not live, KILN_ERR_STATE from a callback on Q's own worker. */
int kiln_queue_release(kiln_queue *q);
/* The context of Q. */
kiln_context *kiln_queue_context(const kiln_queue *q);

/* Asynchronous commands. Each checks its arguments at once (a refusal is returned and nothing is queued);
 * failures on the device are reported by the event. *EV (EV may be NULL) receives an event the caller must
 * release. Kernel arguments are captured at enqueue time; host buffers must stay valid until completion. The
 * kernel's program must belong to the queue's context; a queued launch keeps it alive. */
int kiln_enqueue_run(kiln_queue *q, kiln_kernel *k, kiln_event **ev);
int kiln_enqueue_run_nd_offset(kiln_queue *q, kiln_kernel *k, const size_t *offset, const size_t *global,
                               const size_t *local, kiln_event **ev);
int kiln_enqueue_run_nd(kiln_queue *q, kiln_kernel *k, const size_t *global, const size_t *local,
                        kiln_event **ev);
/* Device-global copies with kiln_dg_copy_to/... semantics, in queue order. */
int kiln_enqueue_dg_copy_to(kiln_queue *q, const void *dg, const void *src, size_t count, size_t start_index,
                            kiln_event **ev);
int kiln_enqueue_dg_copy_from(kiln_queue *q, const void *dg, void *dst, size_t count, size_t start_index,
                              kiln_event **ev);
int kiln_enqueue_dg_memcpy_to(kiln_queue *q, const void *dg, const void *src, size_t num_bytes, size_t offset,
                              kiln_event **ev);
int kiln_enqueue_dg_memcpy_from(kiln_queue *q, void *dst, const void *dg, size_t num_bytes, size_t offset,
                                kiln_event **ev);
/* Device-memory copies with kiln_mem_write/read semantics, in queue order. */
int kiln_enqueue_mem_write(kiln_queue *q, uint64_t addr, const void *src, size_t n, kiln_event **ev);
int kiln_enqueue_mem_read(kiln_queue *q, uint64_t addr, void *dst, size_t n, kiln_event **ev);

/* Execution status of an event (OpenCL numbering); a failed command's status is its negative kiln_status. */
enum { KILN_EVENT_COMPLETE = 0, KILN_EVENT_RUNNING = 1, KILN_EVENT_SUBMITTED = 2, KILN_EVENT_QUEUED = 3 };
/* Called once per registration after the command completed, with its status: on the queue's worker thread,
 * or on the registering thread (inside kiln_event_set_callback) when the event had already completed. */
typedef void (*kiln_event_callback)(kiln_event *ev, int status, void *user);
/* Host monotonic clock timestamps in ns (queued: enqueued; submit: taken by the worker; start: the device was
 * taken; end: completed), the kernel's device cycles (0 for copies) and what they last at the board clock
 * (device_cycles x the board's clock_period_ns). */
typedef struct kiln_event_profile {
	uint64_t queued_ns, submit_ns, start_ns, end_ns;
	uint64_t device_cycles;
	double device_ns;
} kiln_event_profile;

/* Waits for EV's command; returns its status (its message as kiln_last_error on failure). */
int kiln_event_wait(kiln_event *ev);
/* KILN_EVENT_QUEUED/SUBMITTED/COMPLETE, or the failed command's negative status. */
int kiln_event_status(kiln_event *ev);
/* The failure message of EV's command ("" unless it failed; owned by EV). */
const char *kiln_event_message(kiln_event *ev);
/* Registers FN(EV, status, USER) to run once after completion (see kiln_event_callback for the thread). */
int kiln_event_set_callback(kiln_event *ev, kiln_event_callback fn, void *user);
/* EV's profiling information; KILN_ERR_STATE until the command completed. */
int kiln_event_profile_get(kiln_event *ev, kiln_event_profile *out);
/* Drops the caller's reference to EV; releasing a handle that is not live sets kiln_last_error and does
 * nothing else. */
void kiln_event_release(kiln_event *ev);
/* ---- end of the contexts/database/queues section ---- */

#ifdef __cplusplus
}
#endif
#endif
