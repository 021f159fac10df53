/* libkiln: the Kiln host runtime. Every call returns KILN_OK (0) or a negative kiln_status; the message of the
 * last failure on the calling thread is kiln_last_error(). No call aborts the process. Thread-safe. */
#ifndef KILN_KILN_H
#define KILN_KILN_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kiln_status {
	KILN_OK = 0,
	KILN_ERR_INVALID = -1,     /* bad argument: NULL, out of range, wrong size, unknown index */
	KILN_ERR_NOT_FOUND = -2,   /* no such board, kernel or device global */
	KILN_ERR_IO = -3,          /* a file could not be read or written */
	KILN_ERR_IMAGE = -4,       /* corrupt, truncated, foreign-version or other-board image */
	KILN_ERR_HW = -5,          /* the hardware answered wrongly (ID block mismatch, model load failure) */
	KILN_ERR_BUS = -6,         /* bus error response from the board */
	KILN_ERR_TIMEOUT = -7,     /* a kernel did not finish within its cycle budget (hung); board was reset */
	KILN_ERR_ACCESS = -8,      /* host_access forbids this direction */
	KILN_ERR_NOMEM = -9,       /* host or device memory exhausted */
	KILN_ERR_STATE = -10,      /* call not valid now (e.g. launch with an argument unset) */
	KILN_ERR_AMBIGUOUS = -11   /* device_image_scope variable present in more than one loaded image */
} kiln_status;

typedef struct kiln_device kiln_device;
typedef struct kiln_program kiln_program;
typedef struct kiln_kernel kiln_kernel;

/* Message of the last failing call on this thread ("" when none). */
const char *kiln_last_error(void);
/* Short name of a status ("KILN_ERR_BUS"). */
const char *kiln_status_name(int status);

/* Opens board NAME (NULL: $KILN_BOARD, else "sim"). */
int kiln_device_open(const char *name, kiln_device **out);
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
void kiln_program_release(kiln_program *prog);
/* Programs the board with PROG's image again: every device global returns to its initial value. */
int kiln_program_reprogram(kiln_program *prog);
/* The register map of PROG as text (owned by PROG). */
const char *kiln_program_regmap_text(const kiln_program *prog);

/* Kernel by C name or native name "__sycl_kernel_<name>". */
int kiln_kernel_get(kiln_program *prog, const char *name, kiln_kernel **out);
/* Number of arguments of K. */
int kiln_kernel_num_args(const kiln_kernel *k);
/* Argument INDEX of K: its C name, size in bytes, and whether it is a device pointer (outputs may be NULL). */
int kiln_kernel_arg_info(const kiln_kernel *k, unsigned index, const char **name, size_t *size, int *is_pointer);
/* Work-item dimensions of K: 0 for a single-task kernel, 1..3 for an nd-range kernel. */
int kiln_kernel_dims(const kiln_kernel *k);
/* Sets argument INDEX from SIZE bytes at VALUE; size must equal the parameter's size. */
int kiln_kernel_set_arg(kiln_kernel *k, unsigned index, size_t size, const void *value);
/* Runs K as a single task and waits; *cycles (may be NULL) receives the device cycles it took. */
int kiln_kernel_run(kiln_kernel *k, uint64_t *cycles);
/* Runs nd-range kernel K over GLOBAL[d] work-items in work-groups of LOCAL[d] (NULL: 1) per dimension, and
 * waits; each global range must be a non-zero multiple of its local range. */
int kiln_kernel_run_nd(kiln_kernel *k, const size_t *global, const size_t *local, uint64_t *cycles);

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

/* Device-global access by unique id: NBYTES at byte OFFSET, with the spec's range and host_access rules. */
int kiln_dg_write(kiln_program *prog, const char *unique_id, const void *src, size_t nbytes, size_t offset);
int kiln_dg_read(kiln_program *prog, const char *unique_id, void *dst, size_t nbytes, size_t offset);
/* Facts about device global UNIQUE_ID of PROG (outputs may be NULL): its size in bytes, its host_access
 * (0 read, 1 write, 2 read_write, 3 none, numbered as sycl-host-access) and the host bus address of its
 * window (0 when it lives in device memory). */
int kiln_program_dg_info(const kiln_program *prog, const char *unique_id, size_t *size, int *host_access,
			 uint32_t *addr);

/* ---- Introspection for the OpenCL layer (issue 6; host/lib/info.c) ---- */
/* Board name ("sim") and one-line description of DEV ("" for NULL). */
const char *kiln_device_board_name(const kiln_device *dev);
const char *kiln_device_description(const kiln_device *dev);
/* The board's default clock period in ns, and the one PROG's image was built for (the board's when unset). */
double kiln_device_clock_period_ns(const kiln_device *dev);
double kiln_program_clock_period_ns(const kiln_program *prog);
/* The image hash of PROG (0 for NULL). */
uint64_t kiln_program_image_hash(const kiln_program *prog);
/* C name of kernel K (NULL for NULL). */
const char *kiln_kernel_name(const kiln_kernel *k);
/* 1 when argument INDEX of K is a signed integer, 0 when unsigned or a pointer, <0 on error. */
int kiln_kernel_arg_signed(const kiln_kernel *k, unsigned index);
/* Size and host_access (numbered as sycl-host-access: 0 read, 1 write, 2 read_write, 3 none) of the device
 * global UNIQUE_ID of PROG; KILN_ERR_NOT_FOUND when there is none. Outputs may be NULL. */
int kiln_dg_info(const kiln_program *prog, const char *unique_id, size_t *size, int *host_access);
/* Checks that LEN bytes at DATA form a valid image (format, version, checksum) without programming a board. */
int kiln_image_check_bytes(const void *data, size_t len);
/* ---- end of the OpenCL layer's section ---- */

/* ---- Watchdog (issue 5, bring-up and runtime tests; host/lib/watchdog.c) ---- */
/* Sets the cycle budget after which a running kernel is reported hung (KILN_ERR_TIMEOUT, board reset);
 * CYCLES must be at least 1. The board config's watchdog_cycles is the default. */
int kiln_device_set_watchdog(kiln_device *dev, uint64_t cycles);
/* The current cycle budget of DEV (0 for NULL). */
uint64_t kiln_device_watchdog(kiln_device *dev);
/* ---- end of the watchdog section ---- */

#ifdef __cplusplus
}
#endif
#endif
