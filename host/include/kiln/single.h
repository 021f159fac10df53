// SPDX-License-Identifier: Apache-2.0
/* kiln/single.h: the host side of a single-source program (kiln-cc --single-source app.c -o app).
 * kiln/device.h includes it in that mode, so a program needs no other header:
 *
 *   KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE);
 *   KILN_SINGLE_TASK_KERNEL void bump(int n) { counter += n; }
 *   KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k) { v[kiln_global_id(0)] *= k; }
 *
 *   int main(void)
 *   {
 *           counter = 5; kiln_dg_push(counter);        // the host variable is the host's copy
 *           bump(3);                                   // a kernel call is a blocking launch
 *           kiln_dg_pull(counter);                     // counter == 8
 *           int *v = kiln_malloc_shared(64 * sizeof *v); // host and kernels use the same pointer
 *           kiln_range(64, 16); scale(v, 2);           // nd-range kernels take the range set right before
 *           kiln_free_shared(v);
 *   }
 *
 * The program runs on $KILN_BOARD, else the simulated board, opened at the first call that needs it. Every
 * failure (no board, a kernel that fails, misuse the compiler could not see) prints "PROGRAM: error: ..." and
 * ends the program with status 1; a kernel's exit(n) ends it with status n. Misuse the compiler sees (a
 * launch without its range, a push of a plain variable) is a compile error at its line. The kiln_ss_*
 * functions are what the generated integration footer and the macros call; programs use the names above. */
#ifndef KILN_SINGLE_H
#define KILN_SINGLE_H
#include <stddef.h>
#include <stdint.h>

#include <kiln/kiln.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SIZE bytes of zeroed shared memory: host code reads and writes it through the returned pointer, and a
 * kernel given that pointer (or one inside the block) as an argument works on the same bytes. The runtime
 * copies the blocks a launch's pointer arguments point into to the device before the kernel and back after
 * it, so kernels reach shared memory through their pointer arguments (not through pointers stored in memory).
 */
void *kiln_malloc_shared(size_t size);
/* Frees a block from kiln_malloc_shared (NULL: nothing). */
void kiln_free_shared(void *p);

/* Copies device global VAR's host copy (the variable itself, in host code) to the device, or the device's
 * value into it. VAR must be a KILN_DEVICE_GLOBAL (checked at compile time). */
#define kiln_dg_push(var) kiln_ss_dg_push(&(var), sizeof(var))
#define kiln_dg_pull(var) kiln_ss_dg_pull(&(var), sizeof(var))

/* The range of the next launch, which must be of an nd-range kernel of as many dimensions: GLOBAL work-items
 * in groups of LOCAL (0: the whole range in one group) per dimension. */
#define kiln_range(global, local) kiln_ss_range(1, (global), 1, 1, (local), 1, 1)
#define kiln_range2(gx, gy, lx, ly) kiln_ss_range(2, (gx), (gy), 1, (lx), (ly), 1)
#define kiln_range3(gx, gy, gz, lx, ly, lz) kiln_ss_range(3, (gx), (gy), (gz), (lx), (ly), (lz))

/* Device cycles of the last launch. */
uint64_t kiln_ss_cycles(void);
/* The program's context, program and device, for everything else libkiln offers (queues, events, the register
 * map); opened at the first call. */
kiln_context *kiln_ss_context(void);
kiln_program *kiln_ss_program(void);
kiln_device *kiln_ss_device(void);

/* Called by the macros above and the generated footer. */
void kiln_ss_dg_push(const void *var, size_t size);
void kiln_ss_dg_pull(void *var, size_t size);
void kiln_ss_range(int dims, size_t gx, size_t gy, size_t gz, size_t lx, size_t ly, size_t lz);
/* Records the embedded image (LEN bytes at DATA) of the program compiled from SOURCE. */
void kiln_ss_image(const void *data, size_t len, const char *source);
/* Registers a device global as kiln_dg_register does, ending the program on a clash. */
void kiln_ss_dg_register(const void *var, const char *unique_id, size_t size, size_t elem_size);
/* Runs kernel NAME (DIMS 0: single task) with N arguments: ARGS[i] points at the value, SIZES[i] its size,
 * IS_PTR[i] says it is a pointer to translate into shared memory's device address. Returns when it is done.
 */
void kiln_ss_launch(const char *name, int dims, unsigned n, const void *const *args, const size_t *sizes,
                    const unsigned char *is_ptr);

#ifdef __cplusplus
}
#endif
#endif
