// SPDX-License-Identifier: Apache-2.0
/* Front end: C kernel sources to LLVM modules through clang-15, or IR files (DPC++ device IR, llvm-spirv -r
 * output) read as they are. */
#ifndef KILN_FRONTEND_H
#define KILN_FRONTEND_H
#include <llvm-c/Core.h>

typedef struct frontend_opts {
	const char *const *cflags; /* extra clang flags (-I, -D, -std=...) in order */
	int ncflags;
	const char *workdir;     /* where intermediate files go */
	const char *include_dir; /* directory holding kiln/device.h */
	const char *depfile;     /* when set, each input's dependencies (make syntax) are appended to it */
	const char *dep_target;  /* the make target they are listed for (the image) */
	/* kiln-cc --single-source: one module for host and device, compiled for the host with the system's
	 * headers and no LLVM pass run (hls/single/ splits it, then each side is optimised on its own). */
	int single_source;
	const char
	    *host_include_dir; /* with single_source: the folder holding kiln/kiln.h and kiln/single.h */
	/* kiln-cc --data-model llp64: C's long is 32 bits (compiled for x86-64 Windows' LLP64 model, made to
	 * look like spir64 to the preprocessor, and retargeted); pointers, size_t and long long keep 64 bits.
	 */
	int long32;
} frontend_opts;

/* Directory of kiln/device.h: $KILN_INCLUDE_DIR, else the source tree's hls/include. */
const char *frontend_include_dir(void);
/* Whether PATH names an IR file (.ll or .bc) rather than C source. */
int frontend_is_ir(const char *path);
/* Compiles or reads PATH into a module in CTX; clang's own diagnostics go to stderr. NULL on error. */
LLVMModuleRef frontend_load(LLVMContextRef ctx, const char *path, const frontend_opts *o);
/* Runs the program ARGV (found in PATH) and returns its exit status (127 when it cannot start). */
int frontend_run(char *const argv[]);

#endif
