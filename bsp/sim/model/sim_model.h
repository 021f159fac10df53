// SPDX-License-Identifier: Apache-2.0
/* C ABI of a simulated-board model library (one per image: the sim shell + the image's RTL, Verilated).
 * Only these symbols are exported. A model must be created, used and destroyed on one thread (Verilator's
 * rule); libkiln's sim backend gives each model a worker thread. Status: 0 ok, 1 bus error, 2 timeout. */
#ifndef KILN_SIM_MODEL_H
#define KILN_SIM_MODEL_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KSIM_ABI_VERSION 3
enum { KSIM_OK = 0, KSIM_BUS_ERROR = 1, KSIM_TIMEOUT = 2 };

typedef struct ksim ksim;

/* ABI version of the library; the backend refuses other versions. */
unsigned ksim_abi_version(void);
/* 1 when the model was built with waveform support (build-model --trace, kiln-cc --trace), else 0. A
 * model without this function (built before it existed) always had it. */
int ksim_traces(void);
/* Builds the model and applies reset; TRACE_PATH (NULL: none) records an FST waveform of this model with
 * HALF_PERIOD_PS picoseconds per clock phase (timescale 1 ps, so the trace shows the board's real time).
 * NULL on failure. */
ksim *ksim_create(const char *trace_path, uint32_t half_period_ps);
/* Writes OUT from the FST traces SEGS[0..N) of the models a process ran, one after another in time, each
 * under scope LABELS[i]: VCD when OUT ends in ".vcd", else FST. Written beside and renamed; 0, or -1. */
int ksim_trace_write(const char *out, const char *const *segs, const char *const *labels, int n);
void ksim_destroy(ksim *m);
/* Holds rst_n low for CYCLES cycles (at least 1), then releases it. */
void ksim_reset(ksim *m, unsigned cycles);
/* One host bus access; waits at most TIMEOUT_CYCLES for the response. */
int ksim_mmio_read(ksim *m, uint32_t addr, uint32_t *data, uint64_t timeout_cycles);
int ksim_mmio_write(ksim *m, uint32_t addr, uint32_t data, uint32_t wstrb, uint64_t timeout_cycles);
/* N full-word accesses from ADDR (reads into WORDS, or writes from it when WRITE), streamed: a request a
 * cycle while the bridge takes them, responses in request order. Issuing stops at the first bus error, which
 * it returns once the requests already sent (at most the bridge's few in flight, each refused or taken like
 * any access) have answered; TIMEOUT_CYCLES bounds the cycles without progress. */
int ksim_mmio_burst(ksim *m, uint32_t addr, uint32_t *words, size_t n, int write, uint64_t timeout_cycles);
/* Bulk device-memory access through the host bridge window (0x8000_0000 + OFF), looping inside the library.
 */
int ksim_mem_read(ksim *m, uint64_t off, void *dst, size_t n);
int ksim_mem_write(ksim *m, uint64_t off, const void *src, size_t n);
/* Clocks the model until irq is high (0) or MAX_CYCLES pass (2); *RAN receives the cycles clocked. */
int ksim_run_until_irq(ksim *m, uint64_t max_cycles, uint64_t *ran);
/* Clocks N cycles. */
void ksim_step(ksim *m, uint64_t n);
/* Cycles clocked since creation. */
uint64_t ksim_cycles(const ksim *m);

#ifdef __cplusplus
}
#endif
#endif
