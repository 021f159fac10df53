// SPDX-License-Identifier: Apache-2.0
/* Reading the regression manifest (manifest.h). Every member is checked by type and range, unknown members
 * are refused (a misspelt "timeout_s" must not silently keep the default), and test names are restricted to
 * what a folder, a JUnit attribute and a shell word carry unchanged. */
#include "host/regress/manifest.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/common/fileio.h"
#include "host/common/jsonutil.h"

static const char *const check_names[] = {"native", "self", "host"};

/* Settings a test takes from "defaults" unless it gives its own. */
typedef struct defaults {
	json_t *boards, *options;
	double timeout_s;
	uint64_t max_cycles, seed;
} defaults;

static int fail(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
	snprintf(err, errlen, fmt, a, b);
	return -1;
}

/* An optional array of non-empty strings, copied into *OUT (*N entries). */
static int str_array(const json_t *o, const char *path, const char *key, const json_t *def, char ***out,
                     int *n, char *err, size_t errlen)
{
	const json_t *a = json_object_get(o, key);
	if (!a)
		a = def;
	*out = NULL;
	*n = 0;
	if (!a)
		return 0;
	if (!json_is_array(a))
		return fail(err, errlen, "%s.%s: not an array of strings", path, key);
	size_t len = json_array_size(a);
	*out = calloc(len + 1, sizeof **out);
	for (size_t i = 0; i < len; i++) {
		const char *s = json_string_value(json_array_get(a, i));
		if (!s || !*s)
			return fail(err, errlen, "%s.%s: every entry must be a non-empty string", path, key);
		(*out)[(*n)++] = strdup(s);
	}
	return 0;
}

static int opt_number(const json_t *o, const char *path, const char *key, double def, double min, double max,
                      double *out, char *err, size_t errlen)
{
	const json_t *v = json_object_get(o, key);
	*out = def;
	if (!v)
		return 0;
	if (!json_is_number(v) || json_number_value(v) < min || json_number_value(v) > max) {
		snprintf(err, errlen, "%s.%s: must be a number from %g to %g", path, key, min, max);
		return -1;
	}
	*out = json_number_value(v);
	return 0;
}

static int opt_count(const json_t *o, const char *path, const char *key, uint64_t def, uint64_t *out,
                     char *err, size_t errlen)
{
	const json_t *v = json_object_get(o, key);
	*out = def;
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return fail(err, errlen, "%s.%s: must be a non-negative integer", path, key);
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

/* Test names become folder names, JUnit attributes and shell words: letters, digits, '_', '-', '.' ('@' only
 * as kiln test joins a name and a board). */
static int name_ok(const char *s)
{
	if (!*s || *s == '.' || *s == '-')
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      *s == '_' || *s == '-' || *s == '.'))
			return 0;
	return 1;
}

/* PATH made absolute against DIR (the manifest's folder). */
static char *resolve(const char *dir, const char *path)
{
	if (path[0] == '/')
		return strdup(path);
	size_t n = strlen(dir) + strlen(path) + 2;
	char *r = malloc(n);
	snprintf(r, n, "%s/%s", dir, path);
	return r;
}

static void test_free(kreg_test *t)
{
	char **lists[] = {t->sources, t->options, t->host, t->cases};
	int counts[] = {t->nsources, t->noptions, t->nhost, t->ncases};
	for (int l = 0; l < 4; l++) {
		for (int i = 0; i < counts[l]; i++)
			free(lists[l][i]);
		free(lists[l]);
	}
	free(t->name);
	free(t->board);
	free(t->kernel);
	memset(t, 0, sizeof *t);
}

static char **dup_list(char **l, int n)
{
	char **c = calloc((size_t)n + 1, sizeof *c);
	for (int i = 0; i < n; i++)
		c[i] = strdup(l[i]);
	return c;
}

/* Adds one test per board of test object O (ELEM its path) to M. */
static int add_test(kreg_manifest *m, const json_t *o, const char *elem, const defaults *d, const char *dir,
                    char *err, size_t errlen)
{
	static const char *const keys[] = {"name", "sources", "check",     "boards",     "options", "kernel",
	                                   "host", "cases",   "timeout_s", "max_cycles", "seed",    NULL};
	if (kiln_json_only_keys(o, elem, keys, err, errlen))
		return -1;
	kreg_test t = {0};
	char **boards = NULL;
	int nboards = 0, check = 0, rc = -1;
	if (kiln_json_str(o, elem, "name", 1, &t.name, err, errlen) ||
	    kiln_json_enum(o, elem, "check", check_names, 3, &check, err, errlen))
		goto out;
	if (!name_ok(t.name)) {
		fail(err, errlen,
		     "%s.name: '%s' is not a test name (letters, digits, '_', '-' and '.'; not first '.' "
		     "or '-')",
		     elem, t.name);
		goto out;
	}
	t.check = (enum kreg_check)check;
	if (str_array(o, elem, "sources", NULL, &t.sources, &t.nsources, err, errlen) ||
	    str_array(o, elem, "options", d->options, &t.options, &t.noptions, err, errlen) ||
	    str_array(o, elem, "host", NULL, &t.host, &t.nhost, err, errlen) ||
	    str_array(o, elem, "cases", NULL, &t.cases, &t.ncases, err, errlen) ||
	    str_array(o, elem, "boards", d->boards, &boards, &nboards, err, errlen) ||
	    kiln_json_str_opt(o, elem, "kernel", "run", &t.kernel, err, errlen) ||
	    opt_number(o, elem, "timeout_s", d->timeout_s, 0.001, 1e7, &t.timeout_s, err, errlen) ||
	    opt_count(o, elem, "max_cycles", d->max_cycles, &t.max_cycles, err, errlen) ||
	    opt_count(o, elem, "seed", d->seed, &t.seed, err, errlen))
		goto out;
	if (!t.nsources) {
		fail(err, errlen, "%s.sources: a test needs at least one source%s", elem, "");
		goto out;
	}
	if ((t.check == KREG_HOST) != (t.nhost > 0)) {
		fail(err, errlen, "%s.host: %s", elem,
		     t.check == KREG_HOST ? "a \"host\" check needs the program to run"
		                          : "only a \"host\" check runs a program");
		goto out;
	}
	for (int i = 0; i < t.nsources; i++) {
		char *a = resolve(dir, t.sources[i]);
		free(t.sources[i]);
		t.sources[i] = a;
	}
	if (t.nhost && strchr(t.host[0], '/')) {
		char *a = resolve(dir, t.host[0]);
		free(t.host[0]);
		t.host[0] = a;
	}
	if (!nboards) {
		boards = calloc(2, sizeof *boards);
		boards[nboards++] = strdup("sim");
	}
	for (int b = 0; b < nboards; b++) {
		if (!name_ok(boards[b])) {
			fail(err, errlen, "%s.boards: '%s' is not a board name", elem, boards[b]);
			goto out;
		}
		kreg_test c = t;
		size_t n = strlen(t.name) + strlen(boards[b]) + 2;
		c.name = malloc(n);
		snprintf(c.name, n, nboards > 1 ? "%s@%s" : "%s", t.name, boards[b]);
		for (int i = 0; i < m->ntests; i++)
			if (!strcmp(m->tests[i].name, c.name)) {
				fail(err, errlen, "%s.name: a second test named '%s'", elem, c.name);
				free(c.name);
				goto out;
			}
		c.board = strdup(boards[b]);
		c.sources = dup_list(t.sources, t.nsources);
		c.options = dup_list(t.options, t.noptions);
		c.host = dup_list(t.host, t.nhost);
		c.cases = dup_list(t.cases, t.ncases);
		c.kernel = strdup(t.kernel);
		kreg_test *g = realloc(m->tests, ((size_t)m->ntests + 1) * sizeof *g);
		m->tests = g;
		m->tests[m->ntests++] = c;
	}
	rc = 0;
out:
	test_free(&t);
	for (int i = 0; i < nboards; i++)
		free(boards[i]);
	free(boards);
	return rc;
}

int kreg_manifest_load(const char *path, kreg_manifest *m, char *err, size_t errlen)
{
	static const char *const top_keys[] = {"kiln_test", "defaults", "tests", NULL};
	static const char *const def_keys[] = {"boards", "options", "timeout_s", "max_cycles", "seed", NULL};
	char *text = NULL, e[512] = "";
	size_t len = 0;
	memset(m, 0, sizeof *m);
	if (kiln_read_file(path, &text, &len)) {
		snprintf(err, errlen, "%s: cannot read", path);
		return -1;
	}
	json_t *root = kiln_json_load(text, len, e, sizeof e);
	free(text);
	int rc = -1;
	char dir[PATH_MAX];
	if (!realpath(path, dir)) {
		snprintf(e, sizeof e, "cannot resolve its folder");
		goto out;
	}
	*strrchr(dir, '/') = 0;
	if (!root)
		goto out;
	uint64_t version = 0;
	json_t *tests = NULL;
	const json_t *dj = json_object_get(root, "defaults");
	defaults d = {.timeout_s = 600, .seed = 1};
	if (kiln_json_only_keys(root, "", top_keys, e, sizeof e) ||
	    kiln_json_u64(root, "", "kiln_test", 1, 1, &version, e, sizeof e) ||
	    kiln_json_array(root, "", "tests", &tests, e, sizeof e))
		goto out;
	if (dj) {
		if (!json_is_object(dj)) {
			snprintf(e, sizeof e, "defaults: not an object");
			goto out;
		}
		if (kiln_json_only_keys(dj, "defaults", def_keys, e, sizeof e) ||
		    opt_number(dj, "defaults", "timeout_s", 600, 0.001, 1e7, &d.timeout_s, e, sizeof e) ||
		    opt_count(dj, "defaults", "max_cycles", 0, &d.max_cycles, e, sizeof e) ||
		    opt_count(dj, "defaults", "seed", 1, &d.seed, e, sizeof e))
			goto out;
		d.boards = json_object_get(dj, "boards");
		d.options = json_object_get(dj, "options");
	}
	if (!json_array_size(tests)) {
		snprintf(e, sizeof e, "tests: the manifest names no test");
		goto out;
	}
	for (size_t i = 0; i < json_array_size(tests); i++) {
		json_t *o = NULL;
		char elem[64];
		if (kiln_json_elem_obj(tests, "", "tests", i, &o, elem, sizeof elem, e, sizeof e) ||
		    add_test(m, o, elem, &d, dir, e, sizeof e))
			goto out;
	}
	m->dir = strdup(dir);
	rc = 0;
out:
	json_decref(root);
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, e);
		kreg_manifest_free(m);
	}
	return rc;
}

void kreg_manifest_free(kreg_manifest *m)
{
	for (int i = 0; i < m->ntests; i++)
		test_free(&m->tests[i]);
	free(m->tests);
	free(m->dir);
	memset(m, 0, sizeof *m);
}
