// SPDX-License-Identifier: Apache-2.0
/* The post-link library's AOT half of seed 001, for kiln-cc --board: vf_drop_unsupported_sets on the shapes
 * of vf_aspects.ll for a board without fp64 (set_fp64 goes, its vtable slot null, the default set stays, the
 * module verifies) and one with it (nothing goes); postlink_missing_aspect naming what a kernel lacks; and
 * the aspect table knowing every aspect a board in configs/boards declares. Usage: vf_aot_test SRC_DIR */
#include <dirent.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include "hls/postlink/aspects.h"
#include "hls/postlink/vfuncs.h"
#include "host/common/aspect_names.h"
#include "host/common/board.h"
#include "test/harness.h"

static LLVMModuleRef load(LLVMContextRef ctx, const char *src)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/test/postlink/vf_aspects.ll", src);
	LLVMMemoryBufferRef buf = NULL;
	LLVMModuleRef m = NULL;
	char *msg = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg) ||
	    LLVMParseIRInContext(ctx, buf, &m, &msg)) {
		printf("# %s: %s\n", path, msg ? msg : "?");
		return NULL;
	}
	return m;
}

static const char *missing(LLVMModuleRef m, const char *fn, const char *const *have, size_t n)
{
	static char buf[64];
	LLVMValueRef f = LLVMGetNamedFunction(m, fn);
	return f ? postlink_missing_aspect(f, have, n, buf, sizeof buf) : "(no such function)";
}

/* Slot I of @vt_shape's table. */
static LLVMValueRef slot(LLVMModuleRef m, unsigned i)
{
	LLVMValueRef g = LLVMGetNamedGlobal(m, "vt_shape");
	LLVMValueRef init = g ? LLVMGetInitializer(g) : NULL;
	return init ? LLVMGetOperand(LLVMGetOperand(init, 0), i) : NULL;
}

int main(int argc, char **argv)
{
	const char *src = argc > 1 ? argv[1] : ".";
	LLVMContextRef ctx = LLVMContextCreate();

	/* A board without fp64. */
	LLVMModuleRef m = load(ctx, src);
	if (!KT_CHECK(m, "vf_aspects.ll loads", "cannot parse"))
		return KT_DONE();
	static const char *const no64[] = {"fpga", "usm_device_allocations", "fp32"};
	char **dropped = NULL;
	size_t nd = 0;
	int rc = vf_drop_unsupported_sets(m, no64, 3, &dropped, &nd);
	KT_CHECK(rc == 0 && nd == 1 && !strcmp(dropped[0], "set_fp64"),
	         "without fp64: exactly set_fp64 is dropped", "rc %d, %zu dropped, first %s", rc, nd,
	         nd ? dropped[0] : "-");
	KT_CHECK(!LLVMGetNamedFunction(m, "area64"), "without fp64: set_fp64's function is gone",
	         "area64 is still there");
	LLVMValueRef a32 = LLVMGetNamedFunction(m, "area32");
	KT_CHECK(a32 && LLVMCountBasicBlocks(a32), "without fp64: the default set's function keeps its body",
	         "area32 %s", a32 ? "is a declaration" : "is gone");
	LLVMValueRef s1 = slot(m, 1), s0 = slot(m, 0);
	KT_CHECK(s1 && LLVMIsNull(s1) && s0 && !LLVMIsNull(s0),
	         "without fp64: the vtable's set_fp64 slot is null, the default set's slot is not",
	         "slots %p %p", (void *)s0, (void *)s1);
	char *msg = NULL;
	KT_CHECK(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "without fp64: the module verifies",
	         "%s", msg ? msg : "");
	LLVMDisposeMessage(msg);
	KT_EQ_STR(missing(m, "UseFP64", no64, 3), "fp64", "a kernel calling through set_fp64 lacks fp64");
	KT_EQ_STR(missing(m, "UseBoth", no64, 3), "fp64", "a kernel calling through both sets lacks fp64");
	KT_EQ_STR(missing(m, "Direct", no64, 3), "fp64", "a kernel calling the fp64 helper lacks fp64");
	KT_CHECK(!missing(m, "Use", no64, 3) && !missing(m, "Constructor", no64, 3),
	         "Use and Constructor (which only names area64 in its vtable) lack nothing",
	         "Use %s, Constructor %s", missing(m, "Use", no64, 3), missing(m, "Constructor", no64, 3));
	for (size_t i = 0; i < nd; i++)
		free(dropped[i]);
	free(dropped);
	LLVMDisposeModule(m);

	/* A board with fp64: nothing goes. */
	m = load(ctx, src);
	static const char *const with64[] = {"fp32", "fp64"};
	nd = 0;
	rc = m ? vf_drop_unsupported_sets(m, with64, 2, NULL, &nd) : -1;
	LLVMValueRef a64 = m ? LLVMGetNamedFunction(m, "area64") : NULL;
	KT_CHECK(rc == 0 && a64 && LLVMCountBasicBlocks(a64) && !LLVMIsNull(slot(m, 1)),
	         "with fp64: no set is dropped", "rc %d, area64 %p", rc, (void *)a64);
	KT_CHECK(m && !missing(m, "UseFP64", with64, 2), "with fp64: UseFP64 lacks nothing", "lacks %s",
	         m ? missing(m, "UseFP64", with64, 2) : "?");
	if (m)
		LLVMDisposeModule(m);

	/* The table: SYCL's numbers, Kiln's own above them, unknown names refused. */
	int32_t a = -1;
	KT_CHECK(kiln_aspect_number("usm_system_allocator", &a) == 0 && a == 17 &&
	             !strcmp(kiln_aspect_name(17), "usm_system_allocations"),
	         "a deprecated spelling has its number; the number gives the current name", "%d", (int)a);
	KT_CHECK(kiln_aspect_number("fp64", &a) == 0 && a == 6 && !strcmp(kiln_aspect_name(6), "fp64") &&
	             kiln_aspect_number("usm_device_allocations", &a) == 0 && a == 13 &&
	             kiln_aspect_number("ext_intel_fpga_task_sequence", &a) == 0 && a == 61,
	         "SYCL aspects keep DPC++'s numbers (fp64 6, usm_device_allocations 13, last 61)", "%d",
	         (int)a);
	KT_CHECK(kiln_aspect_number("fpga", &a) == 0 && a >= KILN_ASPECT_OWN_BASE &&
	             kiln_aspect_number("fp32", &a) == 0 && a >= KILN_ASPECT_OWN_BASE &&
	             !kiln_aspect_name(999) && kiln_aspect_number("warp_drive", &a) == -1,
	         "Kiln's own aspects are numbered apart; unknown names and numbers are refused", "%d",
	         (int)a);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/configs/boards", src);
	DIR *d = opendir(dir);
	int boards = 0, unknown = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		size_t l = strlen(e->d_name), len = 0;
		if (l < 6 || strcmp(e->d_name + l - 5, ".json"))
			continue;
		char path[8300], err[256];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		char *text = kt_read_file(path, &len);
		kiln_board_config b = {0};
		if (!text || kiln_board_parse(text, len, path, &b, err, sizeof err) != 0) {
			unknown++;
			printf("# %s: %s\n", path, text ? err : "unreadable");
		}
		for (size_t i = 0; i < b.naspects; i++)
			if (kiln_aspect_number(b.aspects[i], &a) != 0) {
				unknown++;
				printf("# %s: aspect '%s' has no number\n", path, b.aspects[i]);
			}
		boards++;
		kiln_board_free(&b);
		free(text);
	}
	if (d)
		closedir(d);
	KT_CHECK(boards > 0 && !unknown, "every aspect a board declares has a number",
	         "%d boards, %d unknown", boards, unknown);
	LLVMContextDispose(ctx);
	return KT_DONE();
}
