// SPDX-License-Identifier: Apache-2.0
/* Register offsets of the sim shell and of test/sim/fixture_image.v, shared by the sim tests. */
#ifndef KILN_TEST_SIM_UTIL_H
#define KILN_TEST_SIM_UTIL_H
#include <stdint.h>
#include <time.h>

#include "host/common/contract.h"

#define SH_MAGIC KILN_SHELL_MAGIC
#define SH_VERSION KILN_SHELL_VERSION
#define SH_BOARD_ID KILN_SHELL_BOARD_ID
#define SH_DEVMEM_SIZE KILN_SHELL_DEVMEM_SIZE
#define SH_CYCLE_LO KILN_SHELL_CYCLE_LO
#define SH_CYCLE_HI KILN_SHELL_CYCLE_HI
#define SH_IRQ_STATUS KILN_SHELL_IRQ_STATUS
#define SH_SCRATCH KILN_SHELL_SCRATCH
#define SH_MEM_ERR KILN_SHELL_MEM_ERR

#define IMG KILN_IMAGE_BASE
#define IMG_MAGIC (IMG + 0x000u)
#define IMG_LAYOUT (IMG + 0x004u)
#define IMG_HASH_LO (IMG + 0x008u)
#define IMG_HASH_HI (IMG + 0x00Cu)
#define IMG_NUM_KERNELS (IMG + 0x010u)
#define IMG_IRQ_STATUS (IMG + 0x014u)
#define IMG_IRQ_ENABLE (IMG + 0x018u)
#define IMG_SCRATCH (IMG + 0x020u)
#define K_CTRL (IMG + 0x100u)
#define K_CYCLES_LO (IMG + 0x108u)
#define K_ARG0 (IMG + 0x140u)
#define K_ARG1 (IMG + 0x148u)
#define K_ARG2 (IMG + 0x150u)

/* test/harness.h's macros evaluate their condition twice; these evaluate operands once, so bus accesses and
 * kernel runs can sit inside a check. Include test/harness.h first. */
#define EQ(a, b, name)                                                                                       \
	do {                                                                                                 \
		unsigned long long eq_a_ = (a), eq_b_ = (b);                                                 \
		(void)KT_EQ_U64(eq_a_, eq_b_, name);                                                         \
	} while (0)
#define CHECK(cond, name, ...)                                                                               \
	do {                                                                                                 \
		int check_c_ = (cond);                                                                       \
		(void)KT_CHECK(check_c_, name, __VA_ARGS__);                                                 \
	} while (0)

#define DEVMEM_WINDOW 0x80000000u
#define DEVMEM_BYTES (32u << 20)
#define SIM_BOARD_ID 0x53494D00u
#define FIXTURE_HASH 0x0123456789ABCDEFull

/* Seconds on a monotonic clock, for throughput lines. */
static inline double sim_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Deterministic, position-dependent test pattern. */
static inline uint8_t sim_pattern(uint32_t i, uint32_t seed)
{
	uint32_t x = (i + seed) * 2654435761u;
	return (uint8_t)(x >> 24);
}

#endif
