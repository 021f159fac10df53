// SPDX-License-Identifier: Apache-2.0
/* Validating accessors over jansson for the JSON codecs (desc, regmap, board): each reads one member and, on
 * any problem, writes "PATH.KEY: why" into ERR so that every codec reports errors the same way. PATH may be
 * "". */
#ifndef KILN_JSONUTIL_H
#define KILN_JSONUTIL_H
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* Parses TEXT; NULL with "line L column C: why" in ERR on a syntax error or when the top level is not an
 * object. */
json_t *kiln_json_load(const char *text, size_t len, char *err, size_t errlen);
/* Serialises ROOT pretty-printed with keys in insertion order and a final newline; NULL when out of memory.
 */
char *kiln_json_dump(const json_t *root);

/* S (NULL as "") as a quoted JSON string, malloc'd, for the texts written without a json_t tree; bytes that
 * are not UTF-8 become '?'. NULL when out of memory. */
char *kiln_json_quote(const char *s);

/* Fails with "PATH: unknown key 'K'" when OBJ has a member not in the NULL-terminated list KEYS. */
int kiln_json_only_keys(const json_t *obj, const char *path, const char *const *keys, char *err,
                        size_t errlen);
/* Required string member, copied into *OUT (malloc'd); NONEMPTY rejects "". */
int kiln_json_str(const json_t *obj, const char *path, const char *key, int nonempty, char **out, char *err,
                  size_t errlen);
/* Optional string member: absent gives a copy of DEF. */
int kiln_json_str_opt(const json_t *obj, const char *path, const char *key, const char *def, char **out,
                      char *err, size_t errlen);
/* Required integer member within [MIN, MAX]. */
int kiln_json_u64(const json_t *obj, const char *path, const char *key, uint64_t min, uint64_t max,
                  uint64_t *out, char *err, size_t errlen);
int kiln_json_u32(const json_t *obj, const char *path, const char *key, uint32_t min, uint32_t max,
                  uint32_t *out, char *err, size_t errlen);
/* Required number member (integer or real) strictly greater than zero and finite. */
int kiln_json_positive(const json_t *obj, const char *path, const char *key, double *out, char *err,
                       size_t errlen);
/* Required boolean member, stored as 0/1. */
int kiln_json_bool(const json_t *obj, const char *path, const char *key, int *out, char *err, size_t errlen);
/* Required string member that must be one of the N NAMES; *OUT is its index. */
int kiln_json_enum(const json_t *obj, const char *path, const char *key, const char *const *names, int n,
                   int *out, char *err, size_t errlen);
/* Required array member; *OUT is borrowed. */
int kiln_json_array(const json_t *obj, const char *path, const char *key, json_t **out, char *err,
                    size_t errlen);
/* Array element I of ARR must be an object; *OUT is borrowed and ELEMPATH receives "PATH.KEY[I]". */
int kiln_json_elem_obj(const json_t *arr, const char *path, const char *key, size_t i, json_t **out,
                       char *elempath, size_t elempathlen, char *err, size_t errlen);

#endif
