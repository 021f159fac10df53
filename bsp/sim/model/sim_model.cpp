// SPDX-License-Identifier: Apache-2.0
// The C ABI of sim_model.h over the Verilated board. Kept thin on purpose: every loop that clocks the model
// (bus accesses, bulk memory transfers, kernel runs) stays here so the host pays one call per operation.
#include "sim_model.h"

#include <cstdio>
#include <cstring>
#include <memory>

#include "Vkiln_sim_board.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

#define KSIM_EXPORT extern "C" __attribute__((visibility("default")))

namespace
{
// Budget of one bus access inside a bulk transfer; device memory answers in a handful of cycles, so running
// out means the shell is wedged.
constexpr uint64_t kBulkTimeout = 1u << 20;
// What timeout_cycles == 0 means: no caller wants to wait forever on a bus access.
constexpr uint64_t kDefaultTimeout = 1u << 20;
constexpr uint32_t kMemWindow = 0x80000000u;
} // namespace

struct ksim {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vkiln_sim_board> top;
#if VM_TRACE_FST
	std::unique_ptr<VerilatedFstC> fst;
#endif
	uint64_t cycles = 0;
	uint64_t half_period = 1; // time units (ps when tracing) per clock phase
	// Host bus requests the bridge took whose responses have not been seen (an access that timed out):
	// the bridge takes further requests before answering earlier ones, so the next access first waits
	// for these, or it would take their response for its own.
	uint64_t inflight = 0;
};

namespace
{
void dump(ksim *m)
{
#if VM_TRACE_FST
	if (m->fst)
		m->fst->dump(m->ctx->time());
#else
	(void)m;
#endif
}

// Settles the inputs set since the last edge with the clock low, so the caller can look at combinational
// outputs (host_ready) of this cycle before the rising edge.
void settle(ksim *m)
{
	m->top->clk = 0;
	m->top->eval();
	m->ctx->timeInc(m->half_period);
	dump(m);
}

// Rising edge: registers take the state of the cycle just settled. A response pulse now is the oldest
// request's in flight when an access gave up on it (whatever clocks the model: an access, a step, a run).
void rise(ksim *m)
{
	m->top->clk = 1;
	m->top->eval();
	m->ctx->timeInc(m->half_period);
	dump(m);
	m->cycles++;
	if (m->inflight > 0 && m->top->host_rsp_valid)
		m->inflight--;
}

void tick(ksim *m)
{
	settle(m);
	rise(m);
}

// Waits for the responses of requests an earlier access left in flight; false when they do not come
// within TIMEOUT cycles.
bool drain(ksim *m, uint64_t timeout)
{
	for (uint64_t waited = 0; m->inflight > 0; waited++) {
		if (waited >= timeout)
			return false;
		tick(m);
	}
	return true;
}

// One host bridge access. Responses are single-cycle pulses with no ready, so they are checked after every
// edge.
int access(ksim *m, bool write, uint32_t addr, uint32_t wdata, uint32_t wstrb, uint32_t *rdata,
           uint64_t timeout)
{
	Vkiln_sim_board *t = m->top.get();
	if (timeout == 0)
		timeout = kDefaultTimeout;
	if (!drain(m, timeout))
		return KSIM_TIMEOUT;
	t->host_valid = 1;
	t->host_write = write;
	t->host_addr = addr;
	t->host_wdata = wdata;
	t->host_wstrb = wstrb & 0xF;
	uint64_t waited = 0;
	for (;;) {
		settle(m);
		bool accepted = t->host_ready;
		rise(m);
		waited++;
		if (accepted)
			break;
		if (waited >= timeout) {
			t->host_valid = 0;
			return KSIM_TIMEOUT;
		}
	}
	t->host_valid = 0;
	while (!t->host_rsp_valid) {
		if (waited >= timeout) {
			m->inflight++;
			return KSIM_TIMEOUT;
		}
		tick(m);
		waited++;
	}
	if (rdata)
		*rdata = write ? 0 : t->host_rsp_rdata;
	return t->host_rsp_err ? KSIM_BUS_ERROR : KSIM_OK;
}

// N full-word accesses from ADDR, one request a cycle while the bridge takes them (it answers in request
// order), reads into WORDS or writes from it. Issuing stops at the first error response; the requests
// already sent are answered first. TIMEOUT bounds the cycles without progress.
int burst(ksim *m, bool write, uint32_t addr, uint32_t *words, size_t n, uint64_t timeout)
{
	Vkiln_sim_board *t = m->top.get();
	if (timeout == 0)
		timeout = kDefaultTimeout;
	if (!drain(m, timeout))
		return KSIM_TIMEOUT;
	size_t sent = 0, answered = 0;
	bool err = false;
	for (uint64_t idle = 0; answered < sent || (sent < n && !err);) {
		bool want = sent < n && !err;
		t->host_valid = want;
		t->host_write = write;
		t->host_addr = addr + 4 * static_cast<uint32_t>(sent);
		t->host_wdata = write && want ? words[sent] : 0;
		t->host_wstrb = write ? 0xF : 0;
		settle(m);
		bool accepted = want && t->host_ready;
		rise(m);
		sent += accepted;
		bool got = t->host_rsp_valid;
		if (got) {
			if (!write)
				words[answered] = t->host_rsp_rdata;
			err = err || t->host_rsp_err;
			answered++;
		}
		idle = accepted || got ? 0 : idle + 1;
		if (idle >= timeout) {
			t->host_valid = 0;
			m->inflight += sent - answered;
			return KSIM_TIMEOUT;
		}
	}
	t->host_valid = 0;
	return err ? KSIM_BUS_ERROR : KSIM_OK;
}

// Device memory offsets map into the 2 GiB window; anything past it can never be reached.
bool window_ok(uint64_t off, size_t n)
{
	return off <= kMemWindow && n <= kMemWindow - off;
}
} // namespace

KSIM_EXPORT unsigned ksim_abi_version(void)
{
	return KSIM_ABI_VERSION;
}

KSIM_EXPORT int ksim_traces(void)
{
	return VM_TRACE_FST;
}

KSIM_EXPORT ksim *ksim_create(const char *trace_path, uint32_t half_period_ps)
{
	try {
		std::unique_ptr<ksim> m(new ksim);
		m->ctx.reset(new VerilatedContext);
		m->ctx->fatalOnError(false);
		if (trace_path) {
			// Time in picoseconds: the trace's timescale, and each clock phase as long as the
			// board's.
			m->ctx->timeunit(-12);
			m->ctx->timeprecision(-12);
			m->half_period = half_period_ps ? half_period_ps : 1;
			m->ctx->traceEverOn(true);
			Verilated::threadContextp(m->ctx.get());
		}
		m->top.reset(new Vkiln_sim_board(m->ctx.get(), "board"));
#if VM_TRACE_FST
		if (trace_path) {
			// Verilator's FST writer does not survive an unopenable file, so probe it first.
			std::FILE *f = std::fopen(trace_path, "wb");
			if (!f)
				return nullptr;
			std::fclose(f);
			m->fst.reset(new VerilatedFstC);
			m->top->trace(m->fst.get(), 99);
			m->fst->open(trace_path);
			if (!m->fst->isOpen())
				return nullptr;
		}
#else
		if (trace_path)
			return nullptr;
#endif
		m->top->clk = 0;
		m->top->rst_n = 0;
		m->top->host_valid = 0;
		m->top->eval();
		ksim_reset(m.get(), 4);
		m->cycles = 0;
		return m.release();
	} catch (...) {
		return nullptr;
	}
}

KSIM_EXPORT void ksim_destroy(ksim *m)
{
	if (!m)
		return;
	m->top->final();
#if VM_TRACE_FST
	if (m->fst)
		m->fst->close();
#endif
	delete m;
}

KSIM_EXPORT void ksim_reset(ksim *m, unsigned cycles)
{
	if (cycles == 0)
		cycles = 1;
	m->top->host_valid = 0;
	m->top->rst_n = 0;
	for (unsigned i = 0; i < cycles; i++)
		tick(m);
	m->top->rst_n = 1;
	m->inflight = 0; /* reset drops whatever the bridge had taken */
}

KSIM_EXPORT int ksim_mmio_read(ksim *m, uint32_t addr, uint32_t *data, uint64_t timeout_cycles)
{
	return access(m, false, addr, 0, 0, data, timeout_cycles);
}

KSIM_EXPORT int ksim_mmio_write(ksim *m, uint32_t addr, uint32_t data, uint32_t wstrb,
                                uint64_t timeout_cycles)
{
	return access(m, true, addr, data, wstrb, nullptr, timeout_cycles);
}

KSIM_EXPORT int ksim_mmio_burst(ksim *m, uint32_t addr, uint32_t *words, size_t n, int write,
                                uint64_t timeout_cycles)
{
	return burst(m, write != 0, addr, words, n, timeout_cycles);
}

KSIM_EXPORT int ksim_mem_read(ksim *m, uint64_t off, void *dst, size_t n)
{
	if (!window_ok(off, n))
		return KSIM_BUS_ERROR;
	uint8_t *out = static_cast<uint8_t *>(dst);
	while (n > 0) {
		uint32_t word_off = static_cast<uint32_t>(off & 3);
		size_t take = 4 - word_off < n ? 4 - word_off : n;
		uint32_t w;
		int rc = access(m, false, kMemWindow + static_cast<uint32_t>(off - word_off), 0, 0, &w,
		                kBulkTimeout);
		if (rc != KSIM_OK)
			return rc;
		uint8_t bytes[4] = {uint8_t(w), uint8_t(w >> 8), uint8_t(w >> 16), uint8_t(w >> 24)};
		std::memcpy(out, bytes + word_off, take);
		out += take;
		off += take;
		n -= take;
	}
	return KSIM_OK;
}

KSIM_EXPORT int ksim_mem_write(ksim *m, uint64_t off, const void *src, size_t n)
{
	if (!window_ok(off, n))
		return KSIM_BUS_ERROR;
	const uint8_t *in = static_cast<const uint8_t *>(src);
	while (n > 0) {
		uint32_t word_off = static_cast<uint32_t>(off & 3);
		size_t take = 4 - word_off < n ? 4 - word_off : n;
		uint32_t w = 0, strb = 0;
		// Partial words at the ends go out with byte enables, so neighbouring bytes are left alone.
		for (size_t i = 0; i < take; i++) {
			w |= uint32_t(in[i]) << (8 * (word_off + i));
			strb |= 1u << (word_off + i);
		}
		int rc = access(m, true, kMemWindow + static_cast<uint32_t>(off - word_off), w, strb, nullptr,
		                kBulkTimeout);
		if (rc != KSIM_OK)
			return rc;
		in += take;
		off += take;
		n -= take;
	}
	return KSIM_OK;
}

KSIM_EXPORT int ksim_run_until_irq(ksim *m, uint64_t max_cycles, uint64_t *ran)
{
	uint64_t n = 0;
	int rc = KSIM_OK;
	// irq is a registered level; looking before the first edge lets an already-raised interrupt return at
	// once.
	settle(m);
	while (!m->top->irq) {
		if (n >= max_cycles) {
			rc = KSIM_TIMEOUT;
			break;
		}
		rise(m);
		settle(m);
		n++;
	}
	if (ran)
		*ran = n;
	return rc;
}

KSIM_EXPORT void ksim_step(ksim *m, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		tick(m);
}

KSIM_EXPORT uint64_t ksim_cycles(const ksim *m)
{
	return m->cycles;
}
