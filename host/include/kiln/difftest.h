// SPDX-License-Identifier: Apache-2.0
/* The differential harness: each KT_TEST in a kernel source (under #ifdef KILN_HARNESS) runs a kernel on a
 * board through libkiln and natively (the same C, compiled by the host compiler with kiln/device.h in native
 * mode) on the same inputs, then compares every byte of every buffer and registered device global, naming
 * the first that differs. kiln test's "native" check (docs/regression.md) builds a source with it; Kiln's own
 * corpus (test/kernels/) is written this way.
 *
 *   KT_TEST(vadd) {
 *       int32_t *a = KT_BUF(int32_t, 64), *b = KT_BUF(int32_t, 64);   // random contents, fixed seed
 *       KT_RUN(vadd, KT_P(a), KT_P(b), KT_V(int, 64));               // arguments in parameter order
 *   }
 *   KT_RUN_ND(scale, 2, KT_DIMS(8, 4, 1), KT_DIMS(4, 2, 1), KT_P(v), KT_V(int, 3));
 *
 * KT_BUF_FILE(T, n, "in.bin") takes a buffer's contents from a file instead of the seed.
 * KT_P marks a buffer (or a pointer into one) passed as a device pointer; KT_V a scalar of type T.
 * KT_DG(var) gives device global VAR the same random contents on both sides and compares it after every run;
 * KT_DG_KEEP(var) only compares (for globals the host may not write, e.g. const tables). */
#ifndef KILN_DIFFTEST_H
#define KILN_DIFFTEST_H
#include <stddef.h>
#include <stdint.h>

typedef void (*kt_fn)(void);
void kt_register(const char *name, kt_fn fn, int line);
#define KT_TEST(name)                                                                                        \
	static void kt_test_##name(void);                                                                    \
	__attribute__((constructor)) static void kt_reg_##name(void)                                         \
	{                                                                                                    \
		kt_register(#name, kt_test_##name, __LINE__);                                                \
	}                                                                                                    \
	static void kt_test_##name(void)

void *kt_buf(size_t size);
uint32_t kt_rand(void);
#define KT_BUF(T, n) ((T *)kt_buf(sizeof(T) * (size_t)(n)))
/* A buffer holding the first N elements' bytes of file PATH (relative to where the harness runs: kiln test
 * runs it in the manifest's folder); a file too short, or unreadable, fails the test there. */
void *kt_buf_file(const char *path, size_t size);
#define KT_BUF_FILE(T, n, path) ((T *)kt_buf_file((path), sizeof(T) * (size_t)(n)))

void kt_push_ptr(const void *p);
void kt_push_val(const void *v, size_t size);
#define KT_P(x) (kt_push_ptr((x)), (x))
#define KT_V(T, v) (kt_push_val(&(T){(T)(v)}, sizeof(T)), (T)(v))

void kt_dg(const char *uid, void *native, size_t size, int keep);
#define KT_DG(var) kt_dg(#var, &(var), sizeof(var), 0)
#define KT_DG_KEEP(var) kt_dg(#var, &(var), sizeof(var), 1)

void kt_collect(int dummy, ...);
int kt_device(const char *kernel, int dims, const size_t *global, const size_t *local);
void kt_compare(const char *kernel);
void kt_nd_begin(int dims, const size_t *global, const size_t *local);
int kt_nd_next(void);
#define KT_DIMS(a, b, c) ((const size_t[3]){(a), (b), (c)})

/* Evaluates the arguments left to right (a function call's argument order is unspecified). */
#define KT_NARG(...) KT_NARG_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define KT_NARG_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n
#define KT_CAT(a, b) KT_CAT_(a, b)
#define KT_CAT_(a, b) a##b
#define KT_SEQ(...) KT_CAT(KT_SEQ, KT_NARG(__VA_ARGS__))(__VA_ARGS__)
#define KT_SEQ1(a) (void)(a)
#define KT_SEQ2(a, ...) (void)(a), KT_SEQ1(__VA_ARGS__)
#define KT_SEQ3(a, ...) (void)(a), KT_SEQ2(__VA_ARGS__)
#define KT_SEQ4(a, ...) (void)(a), KT_SEQ3(__VA_ARGS__)
#define KT_SEQ5(a, ...) (void)(a), KT_SEQ4(__VA_ARGS__)
#define KT_SEQ6(a, ...) (void)(a), KT_SEQ5(__VA_ARGS__)
#define KT_SEQ7(a, ...) (void)(a), KT_SEQ6(__VA_ARGS__)
#define KT_SEQ8(a, ...) (void)(a), KT_SEQ7(__VA_ARGS__)
#define KT_SEQ9(a, ...) (void)(a), KT_SEQ8(__VA_ARGS__)
#define KT_SEQ10(a, ...) (void)(a), KT_SEQ9(__VA_ARGS__)
#define KT_SEQ11(a, ...) (void)(a), KT_SEQ10(__VA_ARGS__)
#define KT_SEQ12(a, ...) (void)(a), KT_SEQ11(__VA_ARGS__)

#define KT_RUN(fn, ...)                                                                                      \
	do {                                                                                                 \
		KT_SEQ(__VA_ARGS__);                                                                         \
		if (kt_device(#fn, 0, NULL, NULL)) {                                                         \
			fn(__VA_ARGS__);                                                                     \
			kt_compare(#fn);                                                                     \
		}                                                                                            \
	} while (0)
#define KT_RUN_ND(fn, dims, global, local, ...)                                                              \
	do {                                                                                                 \
		KT_SEQ(__VA_ARGS__);                                                                         \
		if (kt_device(#fn, (dims), (global), (local))) {                                             \
			for (kt_nd_begin((dims), (global), (local)); kt_nd_next();)                          \
				fn(__VA_ARGS__);                                                             \
			kt_compare(#fn);                                                                     \
		}                                                                                            \
	} while (0)

#endif
