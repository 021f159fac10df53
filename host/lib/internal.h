// SPDX-License-Identifier: Apache-2.0
/* libkiln's private types, shared by the files of host/lib (one file per API area). Locking: the device lock
 * guards the board and every piece of runtime state hanging off the device (contexts, programs' membership,
 * the per-context device-global state); the registry of host addresses has its own lock (dgdb.c); a program's
 * argument values have theirs, so that setting arguments never waits for a running kernel. */
#ifndef KILN_LIB_INTERNAL_H
#define KILN_LIB_INTERNAL_H
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>

#include "devmem_alloc.h"
#include "host/backend/backend.h"
#include "host/common/board.h"
#include "host/common/desc.h"
#include "host/common/handles.h"
#include "host/common/image.h"
#include "host/common/propset.h"
#include "host/common/regmap.h"
#include "kiln/kiln.h"

#include "host/common/contract.h"

#define KILN_LAYOUT_VERSION 1u

/* Kinds of the live-handle registry (host/common/handles.h): every public handle is registered while the
 * application may use it, so that a double release is an error rather than a double free. */
enum { KILN_H_DEVICE = 1, KILN_H_CONTEXT, KILN_H_PROGRAM, KILN_H_QUEUE, KILN_H_EVENT };

struct kiln_device {
	kiln_board_config cfg;
	const kiln_backend_ops *ops;
	kiln_backend *be;
	pthread_mutex_t lock;       /* serialises every use of the board and of the runtime state below */
	atomic_uint lock_waiters;   /* threads blocked taking LOCK (a waiting kernel lets them in) */
	const kiln_kernel *running; /* kernel started and not yet finished (LOCK is released while it runs) */
	pthread_cond_t idle;        /* signalled when RUNNING clears */
	atomic_uint refs;           /* the application's handle and one per live queue */
	uint64_t loaded_hash;       /* image currently on the board, 0 when none */
	kiln_context *loaded_ctx;   /* context whose globals the board holds (NULL: nobody's) */
	kiln_program *loaded_prog;  /* a live program of loaded_ctx for loaded_hash, NULL after its release */
	kiln_devmem_alloc mem;
	kiln_context *contexts;    /* every live context, the default one included */
	kiln_context *default_ctx; /* the context of kiln_program_load */
	uint64_t n_reprograms, n_resets;
};

/* Per (context, device global) state: the context's instance of a variable that is not in an image
 * (device memory for globals without device_image_scope, host storage for variables in no image). */
typedef struct kiln_ctx_dg {
	char *uid;
	int has_usm;  /* the USM instance exists (device address 0 is a valid one) */
	uint64_t usm; /* its device address */
	uint32_t usm_size;
	uint8_t *usm_pending; /* initial bytes not yet written because the board held no image (no memory) */
	unsigned users;       /* live programs of the context that contain the variable as a USM global */
	uint8_t *host;        /* storage while no image of the context contains the variable */
	size_t host_size;
	struct kiln_ctx_dg *next;
} kiln_ctx_dg;

/* Saved value of a read_write device_image_scope global of (context, image), taken when the board left it. */
typedef struct kiln_shadow {
	uint64_t hash;
	char *uid;
	uint8_t *data;
	size_t size;
	struct kiln_shadow *next;
} kiln_shadow;

struct kiln_context {
	kiln_device *dev;
	int is_default;
	kiln_program *progs; /* live programs, linked through ctx_next */
	unsigned nqueues;
	kiln_ctx_dg *dgs;
	kiln_shadow *shadows;
	kiln_context *next;
};

struct kiln_kernel {
	kiln_program *prog;
	const kiln_kernel_desc *desc;
	unsigned index;  /* kernel number in the image (its IRQ bit) */
	uint64_t *args;  /* argument values (guarded by prog->args_lock) */
	uint8_t *set;    /* which arguments were set */
	int exit_status; /* how the last run ended (kiln_kernel_exit_status) */
};

struct kiln_program {
	atomic_uint refs; /* the application's handle and one per queued launch */
	kiln_device *dev;
	kiln_context *ctx;
	kiln_program *ctx_next;
	kiln_image *img;
	kiln_desc desc;
	kiln_regmap regmap;
	char *regmap_text;
	kiln_propsets
	    debug; /* the image's [Kiln/printf] and [Kiln/stops] tables (host/lib/debug_channel.c) */
	kiln_kernel *kernels;
	kiln_ctx_dg **usm; /* context entry of each usm global (index as desc.dgs), NULL otherwise */
	uint64_t heap_base; /* the image's heap in device memory ([Kiln/heap]; heap.c), while attached */
	uint32_t heap_size; /* 0: the image has none */
	int heap_fresh;     /* allocated but not yet cleared for the kernel C library to lay out */
	pthread_mutex_t args_lock;
};

/* KILN_OK when P's image was compiled for the debug channel its board has (or writes no channel), else
 * KILN_ERR_IMAGE naming the image PATH: the image's bounds would not be the board's. */
int kiln__debug_check(const kiln_program *p, const char *path);
/* The debug channel (contract.h) around a run of K, with the device lock held: before clears its header,
 * after prints what the kernel printed and reports how it stopped itself (KILN_ERR_EXIT). */
int kiln__debug_before(kiln_kernel *k);
/* The image's heap (host/lib/heap.c), with the device lock held: allocated when P is attached to its context,
 * freed when detached; before a run, cleared if new and described in the debug page. */
int kiln__heap_attach(kiln_program *p);
void kiln__heap_detach(kiln_program *p);
int kiln__heap_before(kiln_program *p);
int kiln__debug_after(kiln_kernel *k);

/* Records MSG (printf-style) as this thread's last error and returns STATUS. */
int kiln__fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears this thread's last error; returns KILN_OK. */
int kiln__ok(void);
/* Host monotonic clock in ns (event profiling). */
uint64_t kiln__now_ns(void);

/* The device lock. A kernel waiting for its interrupt releases it between slices and lets threads blocked
 * here in first, so that a hung kernel does not hold up unrelated calls for its whole watchdog budget. */
void kiln__dev_lock(kiln_device *d);
void kiln__dev_unlock(kiln_device *d);
/* With the lock held: waits until no kernel runs (launching, reprogramming and resetting need the board). */
void kiln__board_wait_idle(kiln_device *d);
/* Drops a reference to D; the last closes the board and frees everything. */
void kiln__device_unref(kiln_device *d);
/* References that keep a program (and its kernels) alive while launches of it are queued. */
void kiln__program_retain(kiln_program *p);
void kiln__program_unref(kiln_program *p);
/* Frees P whatever its references (the board is closing; no queue is left); the device lock is held. */
void kiln__program_destroy(kiln_program *p);

/* Register access in image space (OFFSET relative to the image base); the device lock must be held. */
int kiln__img_read(kiln_device *dev, uint32_t offset, uint32_t *val);
int kiln__img_write(kiln_device *dev, uint32_t offset, uint32_t val);

/* ---- residency.c: which (context, image) the board holds; all with the device lock held ---- */
/* Makes the board hold PROG's image for PROG's context, switching (save, re-initialise, restore) as needed;
 * FORCE reprograms even when it already does and drops the context's saved values of the image. */
int kiln__board_acquire(kiln_program *prog, int force);
/* Whether the board holds PROG's image for PROG's context. */
int kiln__board_holds(const kiln_program *prog);
/* Saves the outgoing (context, image)'s read_write device_image_scope values (before the board leaves it). */
void kiln__shadow_save(kiln_device *dev);
/* The saved value of UID for (CTX, HASH), or NULL. */
kiln_shadow *kiln__shadow_find(kiln_context *ctx, uint64_t hash, const char *uid);
/* Writes pending initial values of USM globals once device memory is reachable (the board holds an image). */
int kiln__usm_flush(kiln_device *dev);
/* Word-wise host-port transfer of N bytes at OFF of G's window (partial words with byte strobes). */
int kiln__mmio_copy(kiln_device *d, const kiln_dg_desc *g, uint8_t *buf, size_t n, size_t off, int write);

/* ---- context.c ---- */
/* Links PROG into CTX and binds its USM globals to the context's instances (allocating them on first use). */
int kiln__ctx_attach(kiln_context *ctx, kiln_program *prog);
/* Unlinks PROG; the default context frees a USM instance with its last program (legacy lifetime). */
void kiln__ctx_detach(kiln_program *prog);
/* The context's entry for UID, created when CREATE; NULL when absent or out of memory. */
kiln_ctx_dg *kiln__ctx_dg(kiln_context *ctx, const char *uid, int create);
void kiln__ctx_free_all(kiln_device *dev);

/* ---- kernel.c: launch with an argument snapshot (queues take one at enqueue time) ---- */
/* Copies K's argument values into ARGS (nargs entries); KILN_ERR_STATE when one is unset. */
int kiln__kernel_snapshot(kiln_kernel *k, uint64_t *args);
/* A launch's work-item space in the registers' 32-bit form: global and local ranges, global offsets. */
typedef struct kiln__ranges {
	uint32_t g[3], l[3], o[3];
} kiln__ranges;
/* Checks an nd-range (NULL global for single task; OFFSET may be NULL) and converts it. */
int kiln__kernel_ranges(kiln_kernel *k, const size_t *offset, const size_t *global, const size_t *local,
                        kiln__ranges *r);
/* Runs K with ARGS and waits (takes the device lock); *T_START (may be NULL) gets the time the device was
 * taken. */
int kiln__kernel_exec(kiln_kernel *k, const uint64_t *args, const kiln__ranges *r, uint64_t *cycles,
                      uint64_t *t_start);

/* ---- dgdb.c ---- */
enum kiln__dir { KILN__READ = 0, KILN__WRITE = 1 };
/* The spec's checks of a host copy, before any hardware access: the range (KILN_ERR_INVALID) and the
 * direction host_access allows (KILN_ERR_ACCESS). KILN_OK or the failure, with the message set. */
int kiln__dg_range_check(const char *uid, size_t size, size_t n, size_t off);
int kiln__dg_access_check(const char *uid, enum kiln_host_access ha, enum kiln__dir dir);
/* Validates a device-global copy for CTX (no hardware access): registration, range, ambiguity, host_access.
 */
int kiln__dg_check(kiln_context *ctx, const void *dg, size_t nbytes, size_t offset, enum kiln__dir dir);
/* Performs it (validating again: the context may have changed since). BYTES/OFFSET already in bytes. */
int kiln__dg_transfer(kiln_context *ctx, const void *dg, void *buf, size_t nbytes, size_t offset,
                      enum kiln__dir dir, uint64_t *t_start);
/* Converts copy(count, startIndex) to bytes with DG's element size in CTX; INVALID on overflow. */
int kiln__dg_elems(kiln_context *ctx, const void *dg, size_t count, size_t start, size_t *nbytes,
                   size_t *offset);

/* ---- event.c (completed by queue.c's workers) ---- */
/* A new event in state queued, holding one reference (the queue's). */
kiln_event *kiln__event_new(void);
void kiln__event_retain(kiln_event *ev);
/* Drops an internal reference (the public release also forgets the application's handle). */
void kiln__event_unref(kiln_event *ev);
void kiln__event_submitted(kiln_event *ev);
/* Records the result and timing, wakes waiters, then runs the callbacks on the calling (worker) thread. */
void kiln__event_complete(kiln_event *ev, int status, const char *msg, uint64_t start_ns, uint64_t cycles,
                          double period_ns);

/* ---- memory.c ---- */
int kiln__mem_copy(kiln_device *d, uint64_t addr, void *buf, size_t n, int write, uint64_t *t_start);

#endif
