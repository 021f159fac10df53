// SPDX-License-Identifier: Apache-2.0
#include "single_source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "../../host/common/paths.h"
#include "../ir/ir_util.h"
#include "../lower/lower.h"
#include "../support/diag.h"
#include "footer.h"
#include "markers.h"
#include "split.h"

/* Where the host headers (kiln/kiln.h, kiln/single.h) and libkiln are: $KILN_HOST_INCLUDE_DIR and
 * $KILN_LIB_DIR, else the installation (or build tree) kiln-cc belongs to. */
static const char *host_dir(const char *env, const char *sub, char *buf, size_t len)
{
	const char *e = getenv(env);
	if (e && *e)
		return e;
	const char *prefix = kiln_prefix_dir();
	snprintf(buf, len, "%s/%s", prefix ? prefix : ".", sub);
	return buf;
}

static int write_ir(LLVMModuleRef m, const char *workdir, const char *name)
{
	char path[4400], *err = NULL;
	snprintf(path, sizeof path, "%s/%s", workdir, name);
	if (LLVMPrintModuleToFile(m, path, &err)) {
		diag_error(path, 0, 0, "cannot write: %s", err);
		LLVMDisposeMessage(err);
		return -1;
	}
	return 0;
}

static int verify(LLVMModuleRef m, const char *what)
{
	char *err = NULL;
	int bad = LLVMVerifyModule(m, LLVMReturnStatusAction, &err);
	if (bad)
		diag_error(NULL, 0, 0, "invalid %s after the single-source split: %s", what, err);
	LLVMDisposeMessage(err);
	return bad ? -1 : 0;
}

LLVMModuleRef single_front(LLVMContextRef ctx, const char *input, const frontend_opts *fo,
                           LLVMModuleRef *host, single_host *info)
{
	char inc[4200];
	frontend_opts so = *fo;
	so.single_source = 1;
	so.host_include_dir = host_dir("KILN_HOST_INCLUDE_DIR", "include", inc, sizeof inc);
	*host = NULL;
	memset(info, 0, sizeof *info);
	LLVMModuleRef all = frontend_load(ctx, input, &so);
	if (!all)
		return NULL;
	single_markers_lower(all);
	LLVMModuleRef dev = NULL;
	if (lower_annotations(all, input) == 0 && write_ir(all, fo->workdir, "single.ll") == 0)
		dev = single_split_device(all);
	if (dev && (verify(dev, "device module") || write_ir(dev, fo->workdir, "device-split.ll") ||
	            single_host_rewrite(all, info) || verify(all, "host module") ||
	            write_ir(all, fo->workdir, "host.ll"))) {
		LLVMDisposeModule(dev);
		dev = NULL;
	}
	if (!dev) {
		single_host_free(info);
		LLVMDisposeModule(all);
		return NULL;
	}
	/* The one clang run optimised nothing (frontend.c): the device module now gets what clang -O2 gives a
	 * kernel file, the host module its optimisation when it is compiled (single_link). */
	if (ir_run_passes(dev, "default<O2>", "optimising the device module") != 0) {
		single_host_free(info);
		LLVMDisposeModule(all);
		LLVMDisposeModule(dev);
		return NULL;
	}
	lower_spir_calls(dev);
	*host = all;
	return dev;
}

int single_link(LLVMModuleRef host, const single_host *info, const char *workdir, const char *image,
                const char *exe, const char *source)
{
	char footer[4400], host_ll[4400], inc[4200], incflag[4300], lib[4200], libflag[4300], rpath[4400];
	snprintf(footer, sizeof footer, "%s/footer.c", workdir);
	snprintf(host_ll, sizeof host_ll, "%s/host.ll", workdir);
	if (single_footer_write(footer, info, image, source) != 0)
		return 1;
	if (!exe)
		return 0;
	(void)host; /* host.ll, written by single_front, is what clang compiles */
	snprintf(incflag, sizeof incflag, "-I%s",
	         host_dir("KILN_HOST_INCLUDE_DIR", "include", inc, sizeof inc));
	const char *libdir = host_dir("KILN_LIB_DIR", "lib", lib, sizeof lib);
	snprintf(libflag, sizeof libflag, "-L%s", libdir);
	snprintf(rpath, sizeof rpath, "-Wl,-rpath,%s", libdir);
	diag_progress("linking %s", exe);
	/* The host module is optimised here, on its own, now that the kernels' bodies are stubs. */
	char *argv[] = {"clang-15",  "-O2",   "-g",     "-Wno-override-module",
	                incflag,     host_ll, footer,   "-o",
	                (char *)exe, libflag, "-lkiln", rpath,
	                "-lm",       NULL};
	int st = frontend_run(argv);
	if (st == 127) {
		diag_error(NULL, 0, 0, "clang-15 not found; run: sh scripts/install-deps");
		return 1;
	}
	if (st != 0) {
		diag_error(source, 0, 0, "linking the host program failed (clang-15 said why above)");
		return 1;
	}
	return 0;
}
