// SPDX-License-Identifier: Apache-2.0
#include "frontend.h"
#include "kernel_libc.h"
#include "macro_hint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../host/common/paths.h"
#include "../ir/ir_read.h"
#include "../support/diag.h"
#include "retarget.h"

const char *frontend_include_dir(void)
{
	return kiln_data_file("KILN_INCLUDE_DIR", "include");
}

static int ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && strcmp(s + n - m, suf) == 0;
}

int frontend_is_ir(const char *path)
{
	return ends_with(path, ".ll") || ends_with(path, ".bc");
}

/* Appends the file FROM to TO; 0 or -1 (errno set). */
static int append_file(const char *to, const char *from)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "ab") : NULL;
	char buf[4096];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	return rc;
}

/* frontend_run, with the program's stderr into file ERR when given. */
static int run_to(char *const argv[], const char *err)
{
	pid_t pid = fork();
	int st = 0;
	if (pid < 0)
		return 127;
	if (pid == 0) {
		int fd = err ? open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600) : -1;
		if (err && (fd < 0 || dup2(fd, 2) < 0))
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "kiln-cc: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

int frontend_run(char *const argv[])
{
	return run_to(argv, NULL);
}

/* Copies file PATH to stderr (clang's diagnostics, held back). */
static void show_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char buf[4096];
	size_t n;
	while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, stderr);
	if (f)
		fclose(f);
}

/* Whether file PATH holds TEXT. */
static int file_has(const char *path, const char *text)
{
	FILE *f = fopen(path, "rb");
	char line[4096];
	int found = 0;
	while (f && !found && fgets(line, sizeof line, f))
		found = strstr(line, text) != NULL;
	if (f)
		fclose(f);
	return found;
}

/* clang refuses variable-length arrays for SPIR (its target info says the target has no stack to grow), and
 * no flag changes that; x86-64 has them and is LP64 and little-endian like spir64, with the same sizes and
 * alignments. A source with one is compiled for x86-64 Linux made to look like spir64 and then retargeted
 * (retarget.c); lower/vla.c bounds each array. --data-model llp64 (C written for a 32-bit long) is compiled
 * so too, for x86-64 Windows, the only data model with a 32-bit long beside 64-bit pointers (the host's
 * kernel ABI, which the device keeps), and spir64's sizes and alignments otherwise (wchar_t made 32-bit).
 */
#define X86_TARGET_FLAGS 3
static const char *const vla_target[X86_TARGET_FLAGS] = {"-target", "x86_64-unknown-linux-gnu", "-fno-pic"};
static const char *const llp64_target[X86_TARGET_FLAGS] = {"-target", "x86_64-pc-windows-gnu",
                                                           "-fno-short-wchar"};
/* What makes either x86-64 compile look like spir64's: a 64-bit long double, typed pointers (as clang-15
 * gives SPIR), no loop unrolled partly or by a run-time count (x86-64's cost model allows it, SPIR's none:
 * CHStone sha took 24% more IR), and the preprocessor's view: no x86, Linux, Windows or MinGW macros, and
 * SPIR's wint_t, largest alignment and lock-free atomics' absence of compare-and-swap builtins. */
static const char *const x86_as_spir[] = {"-mllvm",
                                          "-unroll-allow-partial=false",
                                          "-mllvm",
                                          "-unroll-runtime=false",
                                          "-mlong-double-64",
                                          "-Xclang",
                                          "-no-opaque-pointers",
                                          "-U__ELF__",
                                          "-U__FLOAT128__",
                                          "-U__SIZEOF_FLOAT128__",
                                          "-U__SIZEOF_INT128__",
                                          "-U__FXSR__",
                                          "-U__MMX__",
                                          "-U__SSE__",
                                          "-U__SSE2__",
                                          "-U__SSE_MATH__",
                                          "-U__SSE2_MATH__",
                                          "-U__amd64",
                                          "-U__amd64__",
                                          "-U__x86_64",
                                          "-U__x86_64__",
                                          "-U__k8",
                                          "-U__k8__",
                                          "-U__tune_k8__",
                                          "-U__code_model_small__",
                                          "-U__SEG_FS",
                                          "-U__SEG_GS",
                                          "-U__seg_fs",
                                          "-U__seg_gs",
                                          "-U__GCC_ASM_FLAG_OUTPUTS__",
                                          "-U__REGISTER_PREFIX__",
                                          "-U__NO_MATH_INLINES",
                                          "-U__PIC__",
                                          "-U__pic__",
                                          "-U__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1",
                                          "-U__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2",
                                          "-U__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4",
                                          "-U__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8",
                                          "-U__linux",
                                          "-U__linux__",
                                          "-U__gnu_linux__",
                                          "-Ulinux",
                                          "-U__unix",
                                          "-U__unix__",
                                          "-Uunix",
                                          "-UWIN32",
                                          "-UWIN64",
                                          "-UWINNT",
                                          "-U_WIN32",
                                          "-U_WIN64",
                                          "-U__WIN32",
                                          "-U__WIN32__",
                                          "-U__WIN64",
                                          "-U__WIN64__",
                                          "-U__WINNT",
                                          "-U__WINNT__",
                                          "-U__MINGW32__",
                                          "-U__MINGW64__",
                                          "-U__MSVCRT__",
                                          "-U__SEH__",
                                          "-U__cdecl",
                                          "-U_cdecl",
                                          "-U__fastcall",
                                          "-U_fastcall",
                                          "-U__stdcall",
                                          "-U_stdcall",
                                          "-U__thiscall",
                                          "-U_thiscall",
                                          "-U__pascal",
                                          "-U_pascal",
                                          "-U__declspec",
                                          "-U__WINT_TYPE__",
                                          "-D__WINT_TYPE__=int",
                                          "-U__WINT_MAX__",
                                          "-D__WINT_MAX__=2147483647",
                                          "-U__WINT_WIDTH__",
                                          "-D__WINT_WIDTH__=32",
                                          "-U__SIZEOF_WINT_T__",
                                          "-D__SIZEOF_WINT_T__=4",
                                          "-U__WINT_UNSIGNED__",
                                          "-U__BIGGEST_ALIGNMENT__",
                                          "-D__BIGGEST_ALIGNMENT__=8",
                                          "-DSPIR=1",
                                          "-DSPIR64=1",
                                          "-D__SPIR=1",
                                          "-D__SPIR64=1",
                                          "-D__SPIR__=1",
                                          "-D__SPIR64__=1"};
#define VLA_REFUSED "variable length arrays are not supported for the current target"

/* The fixed flags a single-source compile leaves out: target, library headers and calling convention are the
 * device's only. */
static int device_only_flag(const char *f)
{
	static const char *const dev[] = {"-target", "spir64-unknown-unknown", "-nostdlibinc", "-Xclang",
	                                  "-fdefault-calling-conv=cdecl"};
	for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++)
		if (!strcmp(f, dev[i]))
			return 1;
	return 0;
}

LLVMModuleRef frontend_load(LLVMContextRef ctx, const char *path, const frontend_opts *o)
{
	if (!strcmp(path, "-"))
		return ir_read_file(ctx, "-");
	if (access(path, R_OK) != 0) {
		diag_error(path, 0, 0, "cannot read: %s", strerror(errno));
		return NULL;
	}
	if (frontend_is_ir(path)) {
		if (o->depfile) {
			FILE *d = fopen(o->depfile, "a");
			if (d) {
				fprintf(d, "%s: %s\n", o->dep_target ? o->dep_target : path, path);
				fclose(d);
			}
		}
		return ir_read_file(ctx, path);
	}

	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char out[4096], inc[4096], libc[4096], dep[4200];
	snprintf(out, sizeof out, "%s/%s.bc", o->workdir, base);
	snprintf(dep, sizeof dep, "%s/%s.dep", o->workdir, base);
	snprintf(inc, sizeof inc, "-I%s", o->include_dir ? o->include_dir : frontend_include_dir());
	snprintf(libc, sizeof libc, "-I%s", kiln_data_file("KILN_LIBC_INCLUDE_DIR", "libc/include"));

	/* Kernels are compiled for a 64-bit SPIR target so that the IR is what llvm-spirv and DPC++ tools
	 * expect; vectorizers are off because the hardware builder schedules scalar operations. The C is
	 * hosted C (library calls are known to the optimiser) with Kiln's kernel C library headers in place
	 * of the system's, and plain C calling conventions so that K&R definitions and unprototyped calls
	 * compile as they do for x86-64 (clang refuses them under SPIR's spir_func; lower_spir_calls puts
	 * the SPIR conventions back). memcpy and memset calls, and the loops that copy or fill
	 * (LLVM's loop idioms), run on the copy engine, a word a cycle, as wide as the memories. Math
	 * functions set no errno in hardware, so sqrt, fabs, floor, fmin, fma... are the operations they name
	 * (floating-point units). Nothing is unrolled here, and no loop is marked against it either (as
	 * -fno-unroll-loops would mark every loop): kiln-cc decides after inlining (lower/unroll_small.c),
	 * and the only unroll metadata is a loop directive's.
	 */
	const char *fixed[] = {"clang-15",
	                       "-target",
	                       "spir64-unknown-unknown",
	                       "-nostdlibinc",
	                       "-Xclang",
	                       "-fdefault-calling-conv=cdecl",
	                       "-std=gnu11",
	                       "-O2",
	                       "-g",
	                       "-gcolumn-info",
	                       "-fno-vectorize",
	                       "-fno-slp-vectorize",
	                       "-mllvm",
	                       "-unroll-full-max-count=0",
	                       "-mllvm",
	                       "-unroll-allow-peeling=false",
	                       "-fno-discard-value-names",
	                       "-fno-math-errno",
	                       "-Wall",
	                       inc,
	                       libc,
	                       "-D__KILN__=1"};
	size_t nfixed = sizeof fixed / sizeof fixed[0];
	/* Single source (docs/single-source.md): the host's target and C library, since the same IR is also
	 * the host program; the device module is retargeted to spir64 after the split (both are LP64 and
	 * little-endian). No pass runs before the split, so that nothing decides an if_device branch or
	 * learns from a kernel's body what its host launch stub will not do; glibc's extern inlines stay out
	 * so that kernels call printf and putchar, not glibc internals. */
	char hostinc[4096];
	snprintf(hostinc, sizeof hostinc, "-I%s", o->host_include_dir ? o->host_include_dir : ".");
	const char *single[] = {"-Xclang", "-disable-llvm-passes", "-D__KILN_SINGLE_SOURCE__=1",
	                        "-D__NO_INLINE__", hostinc};
	size_t n =
	    nfixed + (size_t)o->ncflags + sizeof x86_as_spir / sizeof *x86_as_spir + X86_TARGET_FLAGS + 20;
	char **argv = calloc(n, sizeof *argv);
	if (!argv)
		return NULL;
	/* clang's diagnostics are held back until it is known whether the source is compiled again for its
	 * variable-length arrays (and keep their colours on a terminal). */
	char err[4200];
	snprintf(err, sizeof err, "%s/%s.clang-err", o->workdir, base);
	/* with a 32-bit long, the only compile is x86-64 Windows', which takes variable-length arrays too */
	int hold = !o->single_source && !o->long32;
	int st = 0;
	for (int vla = o->long32; vla < 2; vla++) {
		size_t k = 0;
		for (size_t i = 0; i < nfixed; i++) {
			const char *f = fixed[i];
			if ((o->single_source && (f == libc || device_only_flag(f))) ||
			    (vla && (!strcmp(f, "-target") || !strcmp(f, "spir64-unknown-unknown"))))
				continue;
			argv[k++] = (char *)f;
		}
		const char *const *x86 = o->long32 ? llp64_target : vla_target;
		for (size_t i = 0; vla && i < X86_TARGET_FLAGS; i++)
			argv[k++] = (char *)x86[i];
		for (size_t i = 0; vla && i < sizeof x86_as_spir / sizeof *x86_as_spir; i++)
			argv[k++] = (char *)x86_as_spir[i];
		if (hold && !vla && isatty(2))
			argv[k++] = "-fcolor-diagnostics";
		if (o->single_source)
			for (size_t i = 0; i < sizeof single / sizeof single[0]; i++)
				argv[k++] = (char *)single[i];
		else
			argv[k++] = "-D__KILN_DEVICE_ONLY__=1"; /* the device side of a multi-pass build
			                                           (if_device) */
		for (int i = 0; i < o->ncflags; i++)
			argv[k++] = (char *)o->cflags[i];
		if (o->depfile) {
			argv[k++] = "-MD";
			argv[k++] = "-MF";
			argv[k++] = dep;
			argv[k++] = "-MT";
			argv[k++] = (char *)(o->dep_target ? o->dep_target : path);
		}
		argv[k++] = "-emit-llvm";
		argv[k++] = "-c";
		argv[k++] = (char *)path;
		argv[k++] = "-o";
		argv[k++] = out;
		argv[k] = NULL;
		st = run_to(argv, hold && !vla ? err : NULL);
		if (!hold || vla)
			break;
		if (st == 0 || !file_has(err, VLA_REFUSED)) {
			show_file(err);
			break;
		}
		diag_progress("%s has variable-length arrays: compiled for x86-64 and made SPIR", base);
	}
	free(argv);
	if (hold)
		unlink(err);
	if (st == 0 && o->depfile && append_file(o->depfile, dep) != 0) {
		diag_error(o->depfile, 0, 0, "cannot write the dependency list: %s", strerror(errno));
		return NULL;
	}
	if (st != 0) {
		if (st == 127)
			diag_error(NULL, 0, 0, "clang-15 not found; run: sh scripts/install-deps");
		else {
			char hdr[4200];
			snprintf(hdr, sizeof hdr, "%s/kiln/device.h",
			         o->include_dir ? o->include_dir : frontend_include_dir());
			macro_hint(path, path, hdr);
			diag_error(path, 0, 0, "compilation failed");
		}
		return NULL;
	}
	LLVMModuleRef m = ir_read_file(ctx, out);
	if (m && LLVMGetTarget(m) && !strncmp(LLVMGetTarget(m), "x86_64", 6) && !o->single_source &&
	    frontend_retarget_x86(m, o->long32 ? "with --data-model llp64"
	                                       : "in a source file with a variable-length array") != 0) {
		LLVMDisposeModule(m);
		return NULL;
	}
	/* the kernel C library's formatting reads a long's bits by it (kernel_libc.c); linking modules of
	 * both models is an error */
	if (m && !o->single_source)
		LLVMAddModuleFlag(
		    m, LLVMModuleFlagBehaviorError, KILN_LONG_BITS_FLAG, strlen(KILN_LONG_BITS_FLAG),
		    LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), o->long32 ? 32 : 64, 0)));
	return m;
}
