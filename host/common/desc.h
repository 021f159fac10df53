// SPDX-License-Identifier: Apache-2.0
/* The image description: what an image contains (kernels, their arguments, device globals and where each
 * lives). Written by kiln-cc into the META section as JSON and read back by libkiln; one codec for both
 * sides. */
#ifndef KILN_DESC_H
#define KILN_DESC_H
#include <stddef.h>
#include <stdint.h>

enum kiln_kernel_kind { KILN_KERNEL_SINGLE_TASK = 0, KILN_KERNEL_ND_RANGE = 1 };
enum kiln_arg_kind { KILN_ARG_SCALAR = 0, KILN_ARG_POINTER = 1 };
/* Numbering as the sycl-host-access attribute (REFERENCE §1). */
enum kiln_host_access { KILN_HA_READ = 0, KILN_HA_WRITE = 1, KILN_HA_READ_WRITE = 2, KILN_HA_NONE = 3 };
enum kiln_init_mode { KILN_INIT_REPROGRAM = 0, KILN_INIT_RESET = 1 };
/* Where a device global's storage is: CSR registers, a dedicated window, or device memory (no image
 * scope). */
enum kiln_dg_storage { KILN_DG_CSR = 0, KILN_DG_DEDICATED = 1, KILN_DG_USM = 2 };
/* Chosen defaults for properties a device global leaves unspecified (documented in README). */
#define KILN_DEFAULT_INIT_MODE KILN_INIT_REPROGRAM
#define KILN_DEFAULT_CSR_MAX_BYTES 64 /* implement_in_csr defaults to true up to this size, false above */
/* The largest device global implement_in_csr=true places in the CSR space: its storage is registers beside the
 * kernel arguments, read through the CSR multiplexer (16 KiB there was 131,072 flip-flops, and Verilator
 * gave up on the constant); a larger one gets a dedicated interface, with a warning. */
#define KILN_CSR_MAX_BYTES 256

typedef struct kiln_arg_desc {
	char *name; /* C parameter name, or "argN" */
	enum kiln_arg_kind kind;
	uint32_t size; /* bytes: 1, 2, 4 or 8 (pointers 8) */
	int is_signed;
	uint32_t offset; /* image-space offset of ARG_i_LO */
} kiln_arg_desc;

typedef struct kiln_kernel_desc {
	char *name;        /* C function name */
	char *native_name; /* "__sycl_kernel_<name>" */
	enum kiln_kernel_kind kind;
	uint32_t dims; /* 0 for single_task, 1..3 for nd_range */
	uint32_t base; /* image-space offset of the kernel's CTRL register */
	kiln_arg_desc *args;
	size_t nargs;
	char *missing_sets; /* virtual-function sets the kernel calls through that the image lacks ("a,b"; ""
	                       when none): such a kernel is never launched */
} kiln_kernel_desc;

typedef struct kiln_dg_desc {
	char *unique_id;    /* sycl-unique-id: the host's name for the variable */
	char *name;         /* C identifier */
	uint32_t size;      /* sizeof(T) */
	uint32_t elem_size; /* element size for copy(count, startIndex): array element, else size */
	int image_scope;
	enum kiln_host_access host_access;
	enum kiln_init_mode init_mode;
	int implement_in_csr;
	enum kiln_dg_storage storage;
	uint32_t base; /* image-space offset of the data window (CSR/dedicated), or of the usmptr register */
	uint8_t *init; /* initial value, SIZE bytes (zeros when the C has no initializer) */
} kiln_dg_desc;

typedef struct kiln_desc {
	char *board;
	uint64_t image_hash;
	uint32_t layout_version;
	double clock_period_ns;
	kiln_kernel_desc *kernels;
	size_t nkernels;
	kiln_dg_desc *dgs;
	size_t ndgs;
} kiln_desc;

/* Serialises D to a malloc'd JSON string (stable key order, pretty-printed). NULL when out of memory. */
char *kiln_desc_to_json(const kiln_desc *d);
/* Parses JSON into OUT (all strings and arrays malloc'd); -1 with a reason in ERR when a field is missing,
 * of the wrong type or out of range (e.g. "device_globals[2].size: missing"). */
int kiln_desc_from_json(const char *json, size_t len, kiln_desc *out, char *err, size_t errlen);
/* Frees everything D owns (not D itself). */
void kiln_desc_free(kiln_desc *d);

/* Finds a kernel by C name or by native name "__sycl_kernel_<name>", or NULL. */
const kiln_kernel_desc *kiln_desc_find_kernel(const kiln_desc *d, const char *name);
/* Finds a device global by unique id, or NULL. */
const kiln_dg_desc *kiln_desc_find_dg(const kiln_desc *d, const char *unique_id);

/* Names used in JSON, reports and diagnostics ("read", "write", "read_write", "none"; "reprogram", "reset";
 * "csr", "dedicated", "usm"). */
const char *kiln_host_access_name(enum kiln_host_access a);
const char *kiln_init_mode_name(enum kiln_init_mode m);
const char *kiln_dg_storage_name(enum kiln_dg_storage s);

#endif
