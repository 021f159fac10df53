// SPDX-License-Identifier: Apache-2.0
/* Image description JSON: round trip, find helpers, names and one rejection per validated field. */
#include "host/common/desc.h"
#include "test/harness.h"

#include <stdlib.h>
#include <string.h>

static kiln_arg_desc args[] = {
    {"out", KILN_ARG_POINTER, 8, 0, 0x140},
    {"n", KILN_ARG_SCALAR, 4, 1, 0x148},
};
static uint8_t init_arr[8] = {0xde, 0xad, 0xbe, 0xef, 0, 1, 2, 0xff};

static kiln_desc sample(void)
{
	static kiln_kernel_desc k[2];
	static kiln_dg_desc g[2];
	k[0] =
	    (kiln_kernel_desc){"bump", "__sycl_kernel_bump", KILN_KERNEL_SINGLE_TASK, 0, 0x100, args, 2, ""};
	k[1] = (kiln_kernel_desc){"fill", "__sycl_kernel_fill", KILN_KERNEL_ND_RANGE, 2, 0x200, NULL,
	                          0,      "fp64_set,b"};
	g[0] = (kiln_dg_desc){"_ZL7dg_int1",   "dg_int1", 8,           2,     1,       KILN_HA_READ_WRITE,
	                      KILN_INIT_RESET, 1,         KILN_DG_CSR, 0x300, init_arr};
	g[1] = (kiln_dg_desc){"_ZL3usm",           "usm", 4,           4,     0,   KILN_HA_NONE,
	                      KILN_INIT_REPROGRAM, 0,     KILN_DG_USM, 0x308, NULL};
	return (kiln_desc){"sim", 0xfedcba9876543210ULL, 1, 10.0, k, 2, g, 2};
}

static void test_round_trip(void)
{
	kiln_desc d = sample();
	char *j = kiln_desc_to_json(&d);
	KT_CHECK(j != NULL, "to_json", "NULL");
	KT_CHECK(j && strstr(j, "\"image_hash\": \"0xfedcba9876543210\""), "hash as 0x%016llx string", "%s",
	         j ? j : "");
	KT_CHECK(j && strstr(j, "\"init\": \"deadbeef000102ff\""), "init as lowercase hex", "%s", j ? j : "");
	KT_CHECK(j && strstr(j, "\"init\": \"00000000\""), "missing initializer written as zeros", "%s",
	         j ? j : "");
	KT_CHECK(j && strstr(j, "\"host_access\": \"read_write\"") && strstr(j, "\"storage\": \"usm\""),
	         "enums by name", "%s", j ? j : "");
	/* Stable key order: board before image_hash before kernels before device_globals. */
	KT_CHECK(kt_in_order(j, "\"board\"", "\"image_hash\"") &&
	             kt_in_order(j, "\"image_hash\"", "\"kernels\"") &&
	             kt_in_order(j, "\"kernels\"", "\"device_globals\""),
	         "stable key order", "%s", j ? j : "");
	kiln_desc e;
	char err[200];
	KT_CHECK(j && kiln_desc_from_json(j, strlen(j), &e, err, sizeof err) == 0, "from_json of to_json",
	         "%s", err);
	char *j2 = kiln_desc_to_json(&e);
	KT_CHECK(j && j2 && strcmp(j, j2) == 0, "JSON round trip is exact", "differs");
	KT_EQ_U64(e.image_hash, 0xfedcba9876543210ULL, "64-bit hash survives");
	KT_CHECK(e.nkernels == 2 && e.kernels[0].nargs == 2 && e.kernels[0].args[1].is_signed &&
	             e.kernels[0].args[0].kind == KILN_ARG_POINTER && e.kernels[1].dims == 2,
	         "kernels and args parsed", "mismatch");
	KT_CHECK(e.ndgs == 2 && !memcmp(e.dgs[0].init, init_arr, 8) && e.dgs[1].init[0] == 0 &&
	             e.dgs[1].host_access == KILN_HA_NONE && e.dgs[0].init_mode == KILN_INIT_RESET,
	         "device globals parsed", "mismatch");
	KT_CHECK(e.kernels[0].missing_sets && !*e.kernels[0].missing_sets && j &&
	             strstr(j, "\"missing_sets\": \"fp64_set,b\"") &&
	             !strstr(strstr(j, "missing_sets") + 1, "missing_sets") && e.kernels[1].missing_sets &&
	             !strcmp(e.kernels[1].missing_sets, "fp64_set,b"),
	         "missing virtual-function sets: written only when there are some, and read back", "%s",
	         j ? j : "");
	KT_CHECK(kiln_desc_find_kernel(&e, "fill") == &e.kernels[1], "find kernel by C name", "not found");
	KT_CHECK(kiln_desc_find_kernel(&e, "__sycl_kernel_bump") == &e.kernels[0],
	         "find kernel by native name", "not found");
	KT_CHECK(kiln_desc_find_kernel(&e, "nope") == NULL, "find missing kernel", "found");
	KT_CHECK(kiln_desc_find_dg(&e, "_ZL3usm") == &e.dgs[1] && kiln_desc_find_dg(&e, "usm") == NULL,
	         "find device global by unique id only", "mismatch");
	kiln_desc_free(&e);
	free(j);
	free(j2);

	KT_EQ_STR(kiln_host_access_name(KILN_HA_WRITE), "write", "host access name");
	KT_EQ_STR(kiln_init_mode_name(KILN_INIT_REPROGRAM), "reprogram", "init mode name");
	KT_EQ_STR(kiln_dg_storage_name(KILN_DG_DEDICATED), "dedicated", "storage name");
	KT_EQ_STR(kiln_host_access_name((enum kiln_host_access)9), "?", "out-of-range enum name");
}

/* Replaces the first occurrence of FROM in the sample's JSON by TO and expects an error containing WANT. */
static void expect_error(const char *from, const char *to, const char *want, const char *name)
{
	kiln_desc d = sample();
	char *j = kiln_desc_to_json(&d);
	char *at = j ? strstr(j, from) : NULL;
	if (!KT_CHECK(at != NULL, name, "pattern '%s' not in the sample", from ? from : "")) {
		free(j);
		return;
	}
	size_t n = strlen(j) - strlen(from) + strlen(to) + 1;
	char *m = malloc(n);
	snprintf(m, n, "%.*s%s%s", (int)(at - j), j, to, at + strlen(from));
	kiln_desc e;
	char err[200] = "";
	int rc = kiln_desc_from_json(m, strlen(m), &e, err, sizeof err);
	KT_CHECK(rc == -1 && strstr(err, want) && e.nkernels == 0 && e.ndgs == 0, name,
	         "rc=%d err=\"%s\", want \"%s\"", rc, err, want);
	free(m);
	free(j);
}

static void test_errors(void)
{
	expect_error("\"board\": \"sim\",", "", "board: missing", "missing board");
	expect_error("\"board\": \"sim\"", "\"board\": 3", "board: expected a string", "board of wrong type");
	expect_error("\"board\": \"sim\"", "\"board\": \"\"", "board: empty", "empty board");
	expect_error("\"0xfedcba9876543210\"", "12", "image_hash: expected a string", "hash as a number");
	expect_error("\"0xfedcba9876543210\"", "\"0xfedcba98765432100\"", "image_hash",
	             "hash with 17 digits");
	expect_error("\"0xfedcba9876543210\"", "\"0xfg\"", "image_hash", "hash with a non-hex digit");
	expect_error("\"layout_version\": 1", "\"layout_version\": 0", "layout_version: 0 out of range",
	             "layout version 0");
	expect_error("\"clock_period_ns\": 10.0", "\"clock_period_ns\": -1",
	             "clock_period_ns: must be greater", "negative clock");
	expect_error("\"kernels\": [", "\"kernels\": 1, \"x\": [", "unknown key 'x'",
	             "unknown top-level key");
	expect_error("\"args\": []", "\"args\": {}", "kernels[1].args: expected an array",
	             "args not an array");
	expect_error("\"kind\": \"single_task\"", "\"kind\": \"task\"",
	             "kernels[0].kind: 'task' is not one of single_task, nd_range", "bad kernel kind");
	expect_error("\"dims\": 0", "\"dims\": 2", "kernels[0].dims: 2 does not fit a single_task",
	             "dims vs kind");
	expect_error("\"dims\": 2", "\"dims\": 4", "kernels[1].dims: 4 out of range", "dims out of range");
	expect_error("\"base\": 256", "\"base\": 258", "kernels[0].base: 0x102 is not word-aligned",
	             "unaligned base");
	expect_error("\"native_name\": \"__sycl_kernel_bump\",", "", "kernels[0].native_name: missing",
	             "missing native name");
	expect_error("\"name\": \"fill\"", "\"name\": \"bump\"", "kernels[1].name: duplicate kernel 'bump'",
	             "duplicate kernel");
	expect_error("\"size\": 8,\n", "\"size\": 8,\n\"size\": 8,\n", "duplicate", "duplicate JSON key");
	expect_error("\"kind\": \"pointer\"", "\"kind\": 1", "kernels[0].args[0].kind: expected a string",
	             "arg kind not a string");
	expect_error("\"size\": 4,\n          \"signed\"", "\"size\": 3,\n          \"signed\"",
	             "kernels[0].args[1].size: 3 is not 1, 2, 4 or 8", "arg size 3");
	expect_error("\"size\": 8,\n          \"signed\"", "\"size\": 4,\n          \"signed\"",
	             "kernels[0].args[0].size: a pointer argument has size 8", "pointer of size 4");
	expect_error("\"signed\": false", "\"signed\": 0",
	             "kernels[0].args[0].signed: expected true or false", "signed not boolean");
	expect_error("\"args\": [\n", "\"args\": [\n 5,", "kernels[0].args[0]: expected an object",
	             "arg not object");
	expect_error("\"unique_id\": \"_ZL7dg_int1\",", "", "device_globals[0].unique_id: missing",
	             "missing unique id");
	expect_error("\"size\": 8,\n      \"elem_size\"", "\"elem_size\"", "device_globals[0].size: missing",
	             "missing size");
	expect_error("\"size\": 8,\n      \"elem_size\"", "\"size\": 0,\n      \"elem_size\"",
	             "device_globals[0].size: 0 out of range", "zero size");
	expect_error("\"elem_size\": 2", "\"elem_size\": 3",
	             "device_globals[0].elem_size: 3 does not divide size 8", "elem size not dividing");
	expect_error("\"host_access\": \"read_write\"", "\"host_access\": \"rw\"",
	             "device_globals[0].host_access: 'rw' is not one of read, write, read_write, none",
	             "bad host access");
	expect_error("\"init_mode\": \"reset\"", "\"init_mode\": \"never\"", "device_globals[0].init_mode",
	             "bad init mode");
	expect_error("\"storage\": \"csr\"", "\"storage\": \"usm\"",
	             "device_globals[0].storage: usm does not fit image_scope true", "usm with image scope");
	expect_error("\"storage\": \"usm\"", "\"storage\": \"dedicated\"",
	             "device_globals[1].storage: dedicated does not fit image_scope false",
	             "dedicated without scope");
	expect_error("\"deadbeef000102ff\"", "\"deadbeef0001\"",
	             "device_globals[0].init: 12 hex digits, expected 16", "init too short");
	expect_error("\"deadbeef000102ff\"", "\"DEADBEEF000102FF\"",
	             "device_globals[0].init: not a lowercase hex", "init upper case");
	expect_error("\"unique_id\": \"_ZL3usm\"", "\"unique_id\": \"_ZL7dg_int1\"",
	             "device_globals[1].unique_id: duplicate '_ZL7dg_int1'", "duplicate unique id");
	expect_error("\"implement_in_csr\": true", "\"implement_in_csr\": true, \"colour\": 1",
	             "device_globals[0]: unknown key 'colour'", "unknown device global key");
	expect_error("{", "[", "line", "JSON syntax error");

	kiln_desc e;
	char err[200];
	KT_CHECK(kiln_desc_from_json("[1]", 3, &e, err, sizeof err) == -1 && strstr(err, "not a JSON object"),
	         "top level must be an object", "%s", err);
}

int main(void)
{
	test_round_trip();
	test_errors();
	return KT_DONE();
}
