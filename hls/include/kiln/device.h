// SPDX-License-Identifier: Apache-2.0
/* kiln/device.h: the kernel source API of Kiln (free function kernels and device globals, SYCL spelling).
 * kiln-cc finds this header by itself. The macros become annotations that kiln-cc lowers to the IR attributes
 * DPC++'s front end emits for device globals and free function kernels, so every later stage sees the same IR
 * whether it came from here or from DPC++.
 *
 *   KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);
 *   KILN_DEVICE_GLOBAL(int, table[4], KILN_DEVICE_IMAGE_SCOPE) = {1, 2, 3, 4};
 *   KILN_SINGLE_TASK_KERNEL void bump(int n) { counter += n; }
 *   KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k) { v[kiln_global_id(0)] *= k; }
 */
#ifndef KILN_DEVICE_H
#define KILN_DEVICE_H

#include <stddef.h>
#include <stdint.h>

/* Properties of a device global (sycl_ext_oneapi_device_global). Each is a string fragment; the annotation
 * concatenates them. */
#define KILN_DEVICE_IMAGE_SCOPE ";device_image_scope"
#define KILN_HOST_ACCESS_READ ";host_access=read"
#define KILN_HOST_ACCESS_WRITE ";host_access=write"
#define KILN_HOST_ACCESS_READ_WRITE ";host_access=read_write"
#define KILN_HOST_ACCESS_NONE ";host_access=none"
#define KILN_INIT_MODE_REPROGRAM ";init_mode=reprogram"
#define KILN_INIT_MODE_RESET ";init_mode=reset"
#define KILN_IMPLEMENT_IN_CSR_ON ";implement_in_csr=true"
#define KILN_IMPLEMENT_IN_CSR_OFF ";implement_in_csr=false"

/* Property lists are joined without commas so that they form one string literal (up to 8 properties). */
#define KILN__CAT8(a, b, c, d, e, f, g, h, ...) a b c d e f g h
#define KILN__PROPS(...) KILN__CAT8(__VA_ARGS__, "", "", "", "", "", "", "", "", "")

#ifdef __KILN__
/* Declares a device global: storage for TYPE DECLARATOR that lives on the device and that the host reaches by
 * the variable's unique id. An initializer may follow. Use at file scope (optionally after `static`). */
#define KILN_DEVICE_GLOBAL(type, declarator, ...)                                                            \
	__attribute__((annotate("kiln.device_global" KILN__PROPS(__VA_ARGS__)), used)) type declarator

/* Marks a function as a free function kernel (sycl_ext_oneapi_free_function_kernels). Kernels return void;
 * arguments are indexed from 0.
 */
#define KILN_SINGLE_TASK_KERNEL __attribute__((annotate("kiln.kernel.single_task"), used, noinline))
#define KILN_ND_RANGE_KERNEL(dims) __attribute__((annotate("kiln.kernel.nd_range=" #dims), used, noinline))

/* Virtual-function sets (sycl_ext_oneapi_virtual_functions) in C: an object whose first field points at a
 * table of function pointers is C's virtual call. A function that such a table names is marked
 * KILN_INDIRECTLY_CALLABLE(set) (the set's name as a token; KILN_INDIRECTLY_CALLABLE() is the default set),
 * and a kernel that calls through tables names the sets it calls with KILN_CALLS_INDIRECTLY(set, ...) (none:
 * the default set). They become DPC++'s attributes "indirectly-callable"="set" and "calls-indirectly"="a,b";
 * the default set is DPC++'s too
 * ("_ZTSv", the name of void). A call through a table is then a dispatch over exactly those sets' functions
 * of the call's type. */
#define KILN_INDIRECTLY_CALLABLE(...)                                                                        \
	__attribute__((annotate("kiln.indirectly_callable=" #__VA_ARGS__), used))
#define KILN_CALLS_INDIRECTLY(...) __attribute__((annotate("kiln.calls_indirectly=" #__VA_ARGS__)))
/* On a kernel: the image's heap (malloc, calloc, realloc) holds at least BYTES (a decimal literal, with K, M
 * or G after it: KILN_HEAP_SIZE(4M)). The heap is the largest of these and kiln-cc --heap-size; 1M when
 * neither is given. */
#define KILN_HEAP_SIZE(bytes) __attribute__((annotate("kiln.heap_size=" #bytes)))
/* On a variable-length array: it never holds more than BYTES bytes (a decimal literal). The on-chip array is
 * that large, and a run that asks for more stops the kernel, as a native program dies overrunning its stack;
 * kiln-cc uses the bound it proves itself when there is none. */
#define KILN_VLA_MAX(bytes) __attribute__((annotate("kiln.vla_max=" #bytes)))
/* On a recursive function: its stack holds CALLS nested calls (a decimal literal, 1 to 65536). A set of
 * functions that call each other takes the largest of theirs; else kiln-cc --recursion-depth, else 64. A call
 * deeper than that stops the kernel, naming the function, as a failed assert does. */
#define KILN_RECURSION_DEPTH(calls) __attribute__((annotate("kiln.recursion_depth=" #calls)))

/* Loop directives, written on the line before a loop (as #pragma unroll is); each is clang's own loop
 * pragma, so `#pragma clang loop ...` works as well, and the schedule report names them at the loop.
 * KILN_PIPELINE_OFF: the loop's iterations do not overlap (Vitis' pipeline off).
 * KILN_II(N): its iterations start N cycles apart (an II target, N a literal: Vitis' pipeline II=N); where
 *   they cannot start that often, at the lowest II they can, and kiln-cc says so.
 * KILN_IVDEP: a dependence across its iterations that kiln-cc cannot prove is none (Intel's ivdep, Vitis'
 *   dependence inter false): the user vouches that no iteration reads what an earlier one wrote through
 *   an access the compiler could not tell apart. A wrong promise computes wrong results. */
#define KILN__PRAGMA(x) _Pragma(#x)
#define KILN_PIPELINE_OFF _Pragma("clang loop pipeline(disable)")
#define KILN_II(n) KILN__PRAGMA(clang loop pipeline_initiation_interval(n))
#define KILN_IVDEP _Pragma("clang loop vectorize(assume_safety) vectorize_width(1) interleave_count(1)")

/* Array partitioning, on an array the kernel holds on chip (a local, or a global that is not a device
 * global), before or after its declarator: `int a[64] KILN_PARTITION_CYCLIC(4);`. The array becomes
 * several RAMs (banks) of two ports each, so that that many more of its words are read or written in one
 * cycle (Vitis' array_partition, Intel's hls_numbanks). The unit is a 32-bit word (64-bit for an array of
 * 64-bit elements): four chars share a bank. The schedule report names it and counts the accesses whose
 * bank is known when built.
 * KILN_PARTITION_CYCLIC(F): word i in bank i % F (F a power of two, 2 to 64), for a[i], a[i + 1], ... read
 *   together.
 * KILN_PARTITION_BLOCK(F): F banks of consecutive words, for a[i] and a[i + N / F] read together.
 * KILN_PARTITION_COMPLETE: every word a bank of its own (at most 64 words).
 * An access whose index fixes its bank only as it runs reaches every bank and selects, so it is always
 * correct, and gains nothing. */
#define KILN_PARTITION_CYCLIC(f) __attribute__((annotate("kiln.partition=cyclic," #f)))
#define KILN_PARTITION_BLOCK(f) __attribute__((annotate("kiln.partition=block," #f)))
#define KILN_PARTITION_COMPLETE __attribute__((annotate("kiln.partition=complete")))

/* Work-item position inside an nd-range kernel; DIM is a constant 0, 1 or 2. */
__attribute__((const)) size_t kiln_global_id(int dim);
__attribute__((const)) size_t kiln_local_id(int dim);
__attribute__((const)) size_t kiln_group_id(int dim);
__attribute__((const)) size_t kiln_global_range(int dim);
__attribute__((const)) size_t kiln_local_range(int dim);

#else /* !__KILN__: native mode, for running the same kernels on the host (differential testing, debugging). \
       * The macros expand to plain C; the program that calls the kernels defines the work-item functions.   \
       */
#define KILN_DEVICE_GLOBAL(type, declarator, ...) type declarator
#define KILN_SINGLE_TASK_KERNEL __attribute__((noinline))
#define KILN_ND_RANGE_KERNEL(dims) __attribute__((noinline))
#define KILN_INDIRECTLY_CALLABLE(...)
#define KILN_CALLS_INDIRECTLY(...)
#define KILN_HEAP_SIZE(bytes)
#define KILN_RECURSION_DEPTH(calls)
#define KILN_VLA_MAX(bytes)
#define KILN_PIPELINE_OFF
#define KILN_II(n)
#define KILN_IVDEP
#define KILN_PARTITION_CYCLIC(f)
#define KILN_PARTITION_BLOCK(f)
#define KILN_PARTITION_COMPLETE
size_t kiln_global_id(int dim);
size_t kiln_local_id(int dim);
size_t kiln_group_id(int dim);
size_t kiln_global_range(int dim);
size_t kiln_local_range(int dim);
#endif

/* OpenCL's 32-bit atomic functions (cl_khr_{global,local}_int32_{base,extended}_atomics), on int and unsigned
 * in device memory or on-chip arrays. In hardware a kernel's work-items and loop iterations reach memory in
 * an order that respects every dependence between them (the scheduler's memory dependences), and the host
 * does not touch memory a running kernel uses, so a read-modify-write is atomic as written; each returns the
 * old value. */
#define KILN__ATOMIC2(op, expr)                                                                              \
	static inline int kiln__atomic_##op##_i(int *p, int v)                                               \
	{                                                                                                    \
		int old = *p;                                                                                \
		*p = (expr);                                                                                 \
		return old;                                                                                  \
	}                                                                                                    \
	static inline unsigned kiln__atomic_##op##_u(unsigned *p, unsigned v)                                \
	{                                                                                                    \
		unsigned old = *p;                                                                           \
		*p = (expr);                                                                                 \
		return old;                                                                                  \
	}
/* Wrapping arithmetic, as OpenCL's atomics: computed on unsigned values. */
KILN__ATOMIC2(add, (__typeof__(old))((unsigned)old + (unsigned)v))
KILN__ATOMIC2(sub, (__typeof__(old))((unsigned)old - (unsigned)v))
KILN__ATOMIC2(xchg, v)
KILN__ATOMIC2(min, v < old ? v : old)
KILN__ATOMIC2(max, v > old ? v : old)
KILN__ATOMIC2(and, old &v)
KILN__ATOMIC2(or, old | v)
KILN__ATOMIC2(xor, old ^ v)
static inline int kiln__atomic_cmpxchg_i(int *p, int cmp, int v)
{
	int old = *p;
	*p = old == cmp ? v : old;
	return old;
}
static inline unsigned kiln__atomic_cmpxchg_u(unsigned *p, unsigned cmp, unsigned v)
{
	unsigned old = *p;
	*p = old == cmp ? v : old;
	return old;
}
#define KILN__ATOMIC_SEL(op, p)                                                                              \
	_Generic((p), unsigned * : kiln__atomic_##op##_u, default : kiln__atomic_##op##_i)
#define atomic_add(p, v) KILN__ATOMIC_SEL(add, p)(p, v)
#define atomic_sub(p, v) KILN__ATOMIC_SEL(sub, p)(p, v)
#define atomic_xchg(p, v) KILN__ATOMIC_SEL(xchg, p)(p, v)
#define atomic_inc(p) KILN__ATOMIC_SEL(add, p)(p, 1)
#define atomic_dec(p) KILN__ATOMIC_SEL(sub, p)(p, 1)
#define atomic_cmpxchg(p, cmp, v) KILN__ATOMIC_SEL(cmpxchg, p)(p, cmp, v)
#define atomic_min(p, v) KILN__ATOMIC_SEL(min, p)(p, v)
#define atomic_max(p, v) KILN__ATOMIC_SEL(max, p)(p, v)
#define atomic_and(p, v) KILN__ATOMIC_SEL(and, p)(p, v)
#define atomic_or(p, v) KILN__ATOMIC_SEL(or, p)(p, v)
#define atomic_xor(p, v) KILN__ATOMIC_SEL(xor, p)(p, v)

/* ---- if_device / if_host (sycl_ext_oneapi_device_if) ----
 * Code reachable from both host and device picks its side with
 *
 *   KILN_IF_DEVICE { on the device } KILN_OTHERWISE { on the host }
 *   KILN_IF_HOST { on the host } KILN_OTHERWISE { on the device }          (KILN_OTHERWISE is optional)
 *
 * Both bodies are always compiled on both sides, as DPC++'s template compiles the lambda it never calls,
 * so both must be valid C everywhere; only the side they run on differs. C has no lambdas, so the branch is
 * an `if` and KILN_OTHERWISE its `else`.
 *
 * Multi-pass mode (kiln-cc's device compile, or a native/host compile of the same file): kiln-cc defines
 * __KILN_DEVICE_ONLY__ for the device side (DPC++'s __SYCL_DEVICE_ONLY__) and the condition is a constant,
 * so the other side's body is dead code that the optimiser removes before any device diagnostic looks at it.
 *
 * Single-pass mode (kiln-cc --single-source, __KILN_SINGLE_SOURCE__): one clang run serves both sides, so the
 * condition is a call to a marker, the C spelling of DPC++'s call_if_on_device(fn) / call_if_on_host(fn):
 * returning true is calling FN, and a deleted body is `return false`. The markers are noinline so that no
 * branch is decided before the split, and weak so that nothing (IPSCCP) folds their `return 1` either. C has
 * no way to put a string attribute on a function, so each carries an annotate() with DPC++'s attribute
 * name, which kiln-cc's split (hls/single/) turns into the IR attribute "sycl-call-if-on-device"="true"
 * (resp. "sycl-call-if-on-host") before anything else reads the module; it then gives each side's markers
 * their constant bodies, drops their noinline and folds the dead branches (docs/single-source.md). */
#ifdef __KILN_SINGLE_SOURCE__
__attribute__((noinline, weak, annotate("sycl-call-if-on-device"))) _Bool __kiln_call_if_on_device(void)
{
	return 1;
}
__attribute__((noinline, weak, annotate("sycl-call-if-on-host"))) _Bool __kiln_call_if_on_host(void)
{
	return 1;
}
#define KILN_IF_DEVICE if (__kiln_call_if_on_device())
#define KILN_IF_HOST if (__kiln_call_if_on_host())
#else
#ifdef __KILN_DEVICE_ONLY__
#define KILN__ON_DEVICE 1
#else
#define KILN__ON_DEVICE 0
#endif
#define KILN_IF_DEVICE if (KILN__ON_DEVICE)
#define KILN_IF_HOST if (!KILN__ON_DEVICE)
#endif
#define KILN_OTHERWISE else

/* A single-source program's host code launches kernels, allocates shared memory and copies device globals
 * with the calls of kiln/single.h (docs/single-source.md). */
#ifdef __KILN_SINGLE_SOURCE__
#include <kiln/single.h>
#endif
/* ---- end of if_device / if_host ---- */

#endif
