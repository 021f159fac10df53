// SPDX-License-Identifier: Apache-2.0
/* sycl-post-link property sets (REFERENCE §3): the [SYCL/...] text format and LLVM's base64 variant. */
#ifndef KILN_PROPSET_H
#define KILN_PROPSET_H
#include <stddef.h>
#include <stdint.h>

enum kiln_prop_type { KILN_PROP_NONE = 0, KILN_PROP_UINT32 = 1, KILN_PROP_BYTES = 2 };

typedef struct kiln_prop {
	char *name;
	enum kiln_prop_type type;
	uint32_t u32;   /* KILN_PROP_UINT32 */
	uint8_t *bytes; /* KILN_PROP_BYTES: the payload without the bit-count prefix */
	size_t nbytes;
	uint64_t nbits; /* the bit count as stored (8 * nbytes for strings and raw records) */
} kiln_prop;

typedef struct kiln_propset {
	char *name; /* e.g. "SYCL/device globals" */
	kiln_prop *props;
	size_t nprops;
} kiln_propset;

typedef struct kiln_propsets {
	kiln_propset *sets;
	size_t nsets;
} kiln_propsets;

/* Encodes LEN bytes with LLVM's base64 (LSB-first 6-bit groups, no padding) into a malloc'd string. */
char *kiln_base64_encode(const void *data, size_t len);
/* Decodes TEXT (length TLEN) into a malloc'd buffer; -1 on a character outside the alphabet or a bad length.
 */
int kiln_base64_decode(const char *text, size_t tlen, uint8_t **out, size_t *outlen);

/* Appends a set (empty) and returns it; NULL when out of memory. Sets keep insertion order. */
kiln_propset *kiln_propsets_add_set(kiln_propsets *ps, const char *name);
/* Appends a uint32 property; 0 or -1. */
int kiln_propset_add_u32(kiln_propset *s, const char *name, uint32_t v);
/* Appends a byte-array property whose bit count is 8 * LEN; 0 or -1. */
int kiln_propset_add_bytes(kiln_propset *s, const char *name, const void *data, size_t len);
/* Appends a byte-array property holding the N uint32 values V, little-endian (bit count 32 * N); 0 or -1. */
int kiln_propset_add_u32_array(kiln_propset *s, const char *name, const uint32_t *v, size_t n);
/* Appends a byte-array property of NBITS bits (a bit mask: ceil(NBITS / 8) bytes of DATA); 0 or -1. */
int kiln_propset_add_bits(kiln_propset *s, const char *name, const void *data, uint64_t nbits);
/* Finds a set by name, or NULL. */
const kiln_propset *kiln_propsets_find(const kiln_propsets *ps, const char *name);
/* Finds a property in a set by name, or NULL. */
const kiln_prop *kiln_propset_find(const kiln_propset *s, const char *name);

/* Why NAME cannot be written as a set name (IS_SET) or a property name in the .prop text (the format has no
 * escapes: a line break, '=' in a property name or ']' in a set name would change what a reader sees), or
 * NULL when it can. */
const char *kiln_propset_name_problem(const char *name, int is_set);
/* Writes the .prop text into a malloc'd string; an empty set writes nothing (not even its header). NULL when
 * out of memory or when a name cannot be written (kiln_propset_name_problem). */
char *kiln_propsets_format(const kiln_propsets *ps);
/* Parses .prop text; -1 with "line N: why" in ERR on malformed input. */
int kiln_propsets_parse(const char *text, size_t len, kiln_propsets *out, char *err, size_t errlen);
void kiln_propsets_free(kiln_propsets *ps);

/* Adds the [SYCL/device globals] entry for one variable: payload uint32 size, uint32 device_image_scope
 * (0/1), bit count 64 (16 raw bytes with the prefix). 0 or -1. */
int kiln_propset_add_device_global(kiln_propset *s, const char *unique_id, uint32_t size, int image_scope);

#endif
