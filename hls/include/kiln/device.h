// SPDX-License-Identifier: Apache-2.0
/* kiln/device.h: the kernel source API of Kiln (free function kernels and device globals, SYCL spelling).
 * kiln-cc finds this header by itself. The macros become annotations that kiln-cc lowers to the IR attributes
 * DPC++ emits (REFERENCE §1, §4), so every later stage sees the same IR whether it came from here or from
 * DPC++.
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

/* Properties of a device global (seed 004). Each is a string fragment; the annotation concatenates them. */
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

/* Marks a function as a free function kernel (seed 003). Kernels return void; arguments are indexed from 0.
 */
#define KILN_SINGLE_TASK_KERNEL __attribute__((annotate("kiln.kernel.single_task"), used, noinline))
#define KILN_ND_RANGE_KERNEL(dims) __attribute__((annotate("kiln.kernel.nd_range=" #dims), used, noinline))

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
size_t kiln_global_id(int dim);
size_t kiln_local_id(int dim);
size_t kiln_group_id(int dim);
size_t kiln_global_range(int dim);
size_t kiln_local_range(int dim);
#endif

#endif
