// SPDX-License-Identifier: Apache-2.0
#include "host/common/jsonutil.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *kiln_json_load(const char *text, size_t len, char *err, size_t errlen)
{
	json_error_t je;
	/* Duplicate keys would silently override each other, so they are an error like any other typo. */
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		snprintf(err, errlen, "line %d column %d: %s", je.line, je.column, je.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		snprintf(err, errlen, "top level is not a JSON object");
		json_decref(root);
		return NULL;
	}
	return root;
}

char *kiln_json_dump(const json_t *root)
{
	char *s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	if (!s)
		return NULL;
	size_t n = strlen(s);
	char *t = realloc(s, n + 2);
	if (!t) {
		free(s);
		return NULL;
	}
	t[n] = '\n';
	t[n + 1] = 0;
	return t;
}

/* Writes "PATH.KEY: " (or "KEY: " at top level) followed by the message. */
static int fail(char *err, size_t errlen, const char *path, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(char *err, size_t errlen, const char *path, const char *key, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (!key)
		snprintf(err, errlen, "%s: %s", *path ? path : "(top level)", msg);
	else
		snprintf(err, errlen, "%s%s%s: %s", path, *path ? "." : "", key, msg);
	return -1;
}

char *kiln_json_quote(const char *s)
{
	json_t *j = json_string(s ? s : "");
	if (!j && s) { /* not UTF-8: jansson refuses it, and a JSON reader would too */
		char *t = strdup(s);
		for (char *p = t; p && *p; p++)
			if ((unsigned char)*p >= 0x80)
				*p = '?';
		j = t ? json_string(t) : NULL;
		free(t);
	}
	char *q = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
	json_decref(j);
	return q;
}

int kiln_json_only_keys(const json_t *obj, const char *path, const char *const *keys, char *err,
                        size_t errlen)
{
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)obj, k, v)
	{
		size_t i;
		for (i = 0; keys[i]; i++)
			if (strcmp(keys[i], k) == 0)
				break;
		if (!keys[i])
			return fail(err, errlen, path, NULL, "unknown key '%s'", k);
	}
	return 0;
}

/* Fetches member KEY or fails with "missing". */
static const json_t *member(const json_t *obj, const char *path, const char *key, char *err, size_t errlen)
{
	const json_t *v = json_object_get(obj, key);
	if (!v)
		fail(err, errlen, path, key, "missing");
	return v;
}

static int dup_string(const char *s, const char *path, const char *key, char **out, char *err, size_t errlen)
{
	*out = strdup(s);
	if (!*out)
		return fail(err, errlen, path, key, "out of memory");
	return 0;
}

int kiln_json_str(const json_t *obj, const char *path, const char *key, int nonempty, char **out, char *err,
                  size_t errlen)
{
	*out = NULL;
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_string(v))
		return fail(err, errlen, path, key, "expected a string");
	if (nonempty && json_string_length(v) == 0)
		return fail(err, errlen, path, key, "empty");
	if (strlen(json_string_value(v)) != json_string_length(v))
		return fail(err, errlen, path, key, "contains a NUL character");
	return dup_string(json_string_value(v), path, key, out, err, errlen);
}

int kiln_json_str_opt(const json_t *obj, const char *path, const char *key, const char *def, char **out,
                      char *err, size_t errlen)
{
	if (!json_object_get(obj, key))
		return dup_string(def, path, key, out, err, errlen);
	return kiln_json_str(obj, path, key, 0, out, err, errlen);
}

int kiln_json_u64(const json_t *obj, const char *path, const char *key, uint64_t min, uint64_t max,
                  uint64_t *out, char *err, size_t errlen)
{
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_integer(v))
		return fail(err, errlen, path, key, "expected an integer");
	json_int_t i = json_integer_value(v);
	if (i < 0 || (uint64_t)i < min || (uint64_t)i > max)
		return fail(err, errlen, path, key, "%lld out of range %llu..%llu", (long long)i,
		            (unsigned long long)min, (unsigned long long)max);
	*out = (uint64_t)i;
	return 0;
}

int kiln_json_u32(const json_t *obj, const char *path, const char *key, uint32_t min, uint32_t max,
                  uint32_t *out, char *err, size_t errlen)
{
	uint64_t v;
	if (kiln_json_u64(obj, path, key, min, max, &v, err, errlen))
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int kiln_json_positive(const json_t *obj, const char *path, const char *key, double *out, char *err,
                       size_t errlen)
{
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_number(v))
		return fail(err, errlen, path, key, "expected a number");
	double d = json_number_value(v);
	if (!(d > 0) || !isfinite(d))
		return fail(err, errlen, path, key, "must be greater than zero");
	*out = d;
	return 0;
}

int kiln_json_bool(const json_t *obj, const char *path, const char *key, int *out, char *err, size_t errlen)
{
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_boolean(v))
		return fail(err, errlen, path, key, "expected true or false");
	*out = json_is_true(v);
	return 0;
}

int kiln_json_enum(const json_t *obj, const char *path, const char *key, const char *const *names, int n,
                   int *out, char *err, size_t errlen)
{
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_string(v))
		return fail(err, errlen, path, key, "expected a string");
	const char *s = json_string_value(v);
	for (int i = 0; i < n; i++) {
		if (strcmp(s, names[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	char list[192] = "";
	size_t used = 0;
	for (int i = 0; i < n && used < sizeof list; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
	return fail(err, errlen, path, key, "'%.64s' is not one of %s", s, list);
}

int kiln_json_array(const json_t *obj, const char *path, const char *key, json_t **out, char *err,
                    size_t errlen)
{
	const json_t *v = member(obj, path, key, err, errlen);
	if (!v)
		return -1;
	if (!json_is_array(v))
		return fail(err, errlen, path, key, "expected an array");
	*out = (json_t *)v;
	return 0;
}

int kiln_json_elem_obj(const json_t *arr, const char *path, const char *key, size_t i, json_t **out,
                       char *elempath, size_t elempathlen, char *err, size_t errlen)
{
	snprintf(elempath, elempathlen, "%s%s%s[%zu]", path, *path ? "." : "", key, i);
	json_t *v = json_array_get(arr, i);
	if (!json_is_object(v))
		return fail(err, errlen, elempath, NULL, "expected an object");
	*out = v;
	return 0;
}
