// SPDX-License-Identifier: Apache-2.0
/* The C ABI of sim_model.h reached through dlopen: one function table and one resolver, shared by the sim
 * backend, the model tests and the runtime benchmark. */
#ifndef KILN_SIM_MODEL_LIB_H
#define KILN_SIM_MODEL_LIB_H
#include <dlfcn.h>

#include "sim_model.h"

typedef struct ksim_lib {
	void *dl;
	unsigned (*abi_version)(void);
	ksim *(*create)(const char *, uint32_t);
	void (*destroy)(ksim *);
	void (*reset)(ksim *, unsigned);
	int (*mmio_read)(ksim *, uint32_t, uint32_t *, uint64_t);
	int (*mmio_write)(ksim *, uint32_t, uint32_t, uint32_t, uint64_t);
	int (*mmio_burst)(ksim *, uint32_t, uint32_t *, size_t, int, uint64_t);
	int (*mem_read)(ksim *, uint64_t, void *, size_t);
	int (*mem_write)(ksim *, uint64_t, const void *, size_t);
	int (*run_until_irq)(ksim *, uint64_t, uint64_t *);
	void (*step)(ksim *, uint64_t);
	uint64_t (*cycles)(const ksim *);
	int (*trace_write)(const char *, const char *const *, const char *const *, int);
} ksim_lib;

/* Fills L from the opened library DL; 0, or -1 when a ksim_* symbol is missing. Callers check abi_version().
 */
static inline int ksim_lib_resolve(ksim_lib *l, void *dl)
{
	l->dl = dl;
#define KSIM_SYM(f)                                                                                          \
	do {                                                                                                 \
		*(void **)&l->f = dlsym(dl, "ksim_" #f);                                                     \
		if (!l->f)                                                                                   \
			return -1;                                                                           \
	} while (0)
	KSIM_SYM(abi_version);
	KSIM_SYM(create);
	KSIM_SYM(destroy);
	KSIM_SYM(reset);
	KSIM_SYM(mmio_read);
	KSIM_SYM(mmio_write);
	KSIM_SYM(mmio_burst);
	KSIM_SYM(mem_read);
	KSIM_SYM(mem_write);
	KSIM_SYM(run_until_irq);
	KSIM_SYM(step);
	KSIM_SYM(cycles);
	KSIM_SYM(trace_write);
#undef KSIM_SYM
	return 0;
}

#endif
