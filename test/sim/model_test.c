// SPDX-License-Identifier: Apache-2.0
/* The fixture model through the C ABI of bsp/sim/model/sim_model.h directly (no libkiln in between). */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bsp/sim/model/sim_model_lib.h"
#include "test/harness.h"
#include "test/sim/sim_test_util.h"

#ifndef KSIM_FIXTURE_MODEL
#error "KSIM_FIXTURE_MODEL must name the fixture model library"
#endif
#ifndef KSIM_TEST_DIR
#error "KSIM_TEST_DIR must name a scratch directory"
#endif

#define T 10000 /* mmio timeout in cycles */

static ksim_lib k;

static uint32_t rd(ksim *m, uint32_t addr)
{
	uint32_t v = 0xDEADBEEF;
	if (k.mmio_read(m, addr, &v, T) != KSIM_OK)
		printf("# read of 0x%08x failed\n", addr);
	return v;
}

static void wr(ksim *m, uint32_t addr, uint32_t v)
{
	if (k.mmio_write(m, addr, v, 0xF, T) != KSIM_OK)
		printf("# write of 0x%08x failed\n", addr);
}

static void test_shell(ksim *m)
{
	EQ(rd(m, SH_MAGIC), 0x4B53484C, "shell magic");
	EQ(rd(m, SH_VERSION), 2, "shell version");
	EQ(rd(m, SH_MEM_ERR), 0, "shell MEM_ERR clear after reset");
	EQ(rd(m, SH_BOARD_ID), SIM_BOARD_ID, "shell board id");
	EQ(rd(m, SH_DEVMEM_SIZE), DEVMEM_BYTES, "shell devmem size");
	EQ(rd(m, SH_SCRATCH), 0, "shell scratch resets to 0");
	wr(m, SH_SCRATCH, 0xA5A5F00D);
	EQ(rd(m, SH_SCRATCH), 0xA5A5F00D, "shell scratch write/read");
	EQ(k.mmio_write(m, SH_SCRATCH, 0x11223344, 0x2, T), KSIM_OK, "shell scratch byte write");
	EQ(rd(m, SH_SCRATCH), 0xA5A5330D, "shell scratch byte enables");
	EQ(rd(m, SH_IRQ_STATUS), 0, "shell irq status idle");

	uint32_t lo1 = rd(m, SH_CYCLE_LO), hi1 = rd(m, SH_CYCLE_HI);
	k.step(m, 1000);
	uint32_t lo2 = rd(m, SH_CYCLE_LO);
	CHECK(lo2 > lo1 + 1000 && lo2 < lo1 + 1100, "cycle counter counts cycles", "%u then %u", lo1, lo2);
	EQ(hi1, 0, "cycle counter high word latched");
	uint64_t c0 = k.cycles(m);
	k.step(m, 10);
	EQ(k.cycles(m) - c0, 10, "ksim_cycles counts steps");
}

static void test_bus_errors(ksim *m)
{
	uint32_t v = 1;
	EQ(k.mmio_read(m, 0x28, &v, T), KSIM_BUS_ERROR, "shell unmapped offset is a bus error");
	EQ(k.mmio_write(m, SH_MEM_ERR + 4, 0, 0xF, T), KSIM_BUS_ERROR, "MEM_ERR_ADDR is read-only");
	EQ(k.mmio_read(m, 0xFFFC, &v, T), KSIM_BUS_ERROR, "shell top offset is a bus error");
	EQ(k.mmio_write(m, SH_MAGIC, 0, 0xF, T), KSIM_BUS_ERROR, "shell read-only write is a bus error");
	EQ(rd(m, SH_MAGIC), 0x4B53484C, "refused write changed nothing");
	EQ(k.mmio_read(m, SH_SCRATCH + 2, &v, T), KSIM_BUS_ERROR, "misaligned shell access is a bus error");
	EQ(k.mmio_read(m, IMG + 0x800, &v, T), KSIM_BUS_ERROR, "image unmapped offset is a bus error");
	EQ(k.mmio_read(m, 0x7FFFFFFC, &v, T), KSIM_BUS_ERROR, "image space top is a bus error");
	EQ(k.mmio_write(m, IMG_MAGIC, 1, 0xF, T), KSIM_BUS_ERROR, "image read-only write is a bus error");
	EQ(k.mmio_read(m, DEVMEM_WINDOW + DEVMEM_BYTES, &v, T), KSIM_BUS_ERROR,
	   "devmem just past the end is a bus error");
	EQ(k.mmio_write(m, 0xFFFFFFFC, 0, 0xF, T), KSIM_BUS_ERROR, "devmem window top is a bus error");
	EQ(k.mmio_read(m, DEVMEM_WINDOW + DEVMEM_BYTES - 4, &v, T), KSIM_OK, "devmem last word is mapped");
	uint8_t buf[8];
	EQ(k.mem_read(m, DEVMEM_BYTES - 4, buf, 8), KSIM_BUS_ERROR, "bulk read past the end is a bus error");
	EQ(k.mem_write(m, (uint64_t)1 << 32, buf, 4), KSIM_BUS_ERROR,
	   "bulk write past the window is refused");
	EQ(rd(m, SH_MAGIC), 0x4B53484C, "bus still works after errors");
	/* A response budget shorter than the image path times out; the shell finishes the access by itself.
	 */
	EQ(k.mmio_read(m, IMG_MAGIC, &v, 1), KSIM_TIMEOUT, "mmio timeout");
	EQ(rd(m, IMG_MAGIC), 0x4B494C4E, "bus recovers after a timeout");
	/* the given-up response may come while something else clocks the model */
	EQ(k.mmio_read(m, IMG_MAGIC, &v, 1), KSIM_TIMEOUT, "mmio timeout again");
	k.step(m, 20);
	EQ(rd(m, IMG_LAYOUT), 1, "bus recovers after a timeout and a step (the late response not taken)");
	uint32_t two[2];
	EQ(k.mmio_read(m, IMG_MAGIC, &v, 1), KSIM_TIMEOUT, "mmio timeout before a burst");
	EQ(k.mmio_burst(m, IMG_LAYOUT, two, 2, 0, T), KSIM_OK, "a burst after a timeout");
	CHECK(two[0] == 1 && two[1] == (uint32_t)FIXTURE_HASH, "the burst's own responses, not the late one",
	      "%u 0x%08x", two[0], two[1]);
}

static void test_image_id(ksim *m)
{
	EQ(rd(m, IMG_MAGIC), 0x4B494C4E, "image magic");
	EQ(rd(m, IMG_LAYOUT), 1, "image layout version");
	EQ(((uint64_t)rd(m, IMG_HASH_HI) << 32) | rd(m, IMG_HASH_LO), FIXTURE_HASH, "image hash");
	EQ(rd(m, IMG_NUM_KERNELS), 1, "image kernel count");
	wr(m, IMG_SCRATCH, 0x12345678);
	EQ(rd(m, IMG_SCRATCH), 0x12345678, "image scratch write/read");
	EQ(rd(m, K_CTRL), 4, "kernel idle and not done");
}

/* Streamed accesses (ksim_mmio_burst): the image's take a cycle each and answer in order, the same words as
 * single accesses; an error stops the stream and the bus goes on; shell accesses stream too, one at a
 * time. */
static void test_burst(ksim *m)
{
	uint32_t id[5], one[5];
	for (int i = 0; i < 5; i++)
		one[i] = rd(m, IMG_MAGIC + 4 * (uint32_t)i);
	uint64_t c0 = k.cycles(m);
	EQ(k.mmio_burst(m, IMG_MAGIC, id, 5, 0, T), KSIM_OK, "burst read of the image's ID block");
	uint64_t took = k.cycles(m) - c0;
	CHECK(memcmp(id, one, sizeof id) == 0, "burst read: the words single reads give", "0x%08x 0x%08x",
	      id[0], id[4]);
	CHECK(took <= 5 + 3, "burst read: a word a cycle (5 words, 3 cycles of latency)", "%llu cycles",
	      (unsigned long long)took);

	uint32_t args[6] = {0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666}, back[6];
	c0 = k.cycles(m);
	EQ(k.mmio_burst(m, K_ARG0, args, 6, 1, T), KSIM_OK, "burst write of the kernel's arguments");
	took = k.cycles(m) - c0;
	CHECK(took <= 6 + 3, "burst write: a word a cycle", "%llu cycles", (unsigned long long)took);
	EQ(k.mmio_burst(m, K_ARG0, back, 6, 0, T), KSIM_OK, "burst read back");
	CHECK(memcmp(args, back, sizeof args) == 0, "burst write then read: in order, each word in its place",
	      "0x%08x 0x%08x 0x%08x", back[0], back[1], back[5]);
	EQ(rd(m, K_ARG1 + 4), 0x44444444, "a single read after the bursts");

	/* the fixture maps nothing at 0x1C, the burst's fourth word */
	uint32_t edge[5] = {0};
	EQ(k.mmio_burst(m, IMG_NUM_KERNELS, edge, 5, 0, T), KSIM_BUS_ERROR,
	   "burst onto an unmapped word: a bus error");
	EQ(edge[0], 1, "the words before the error were read");
	EQ(rd(m, SH_SCRATCH), 0xA5A5330D, "shell read right after an erroring burst");
	EQ(rd(m, IMG_MAGIC), 0x4B494C4E, "image read right after an erroring burst");
	uint32_t sh[2];
	EQ(k.mmio_burst(m, SH_MAGIC, sh, 2, 0, T), KSIM_OK, "burst over shell registers");
	CHECK(sh[0] == 0x4B53484C && sh[1] == 2, "shell registers through a burst", "0x%08x %u", sh[0],
	      sh[1]);
	uint32_t mix[3] = {0xCAFE0001, 0xCAFE0002, 0xCAFE0003};
	EQ(k.mmio_burst(m, DEVMEM_WINDOW + 0x200000, mix, 3, 1, T), KSIM_OK, "burst write to device memory");
	EQ(rd(m, DEVMEM_WINDOW + 0x200008), 0xCAFE0003, "device memory took the burst's last word");
	EQ(k.mmio_burst(m, IMG_MAGIC, id, 0, 0, T), KSIM_OK, "an empty burst");
}

static void test_bulk(ksim *m)
{
	enum { N = 64 * 1024 };
	static uint8_t src[N], dst[N];
	for (uint32_t i = 0; i < N; i++)
		src[i] = sim_pattern(i, 7);
	double t0 = sim_now();
	int wrc = k.mem_write(m, 0x100000, src, N);
	double t1 = sim_now();
	int rrc = k.mem_read(m, 0x100000, dst, N);
	double t2 = sim_now();
	EQ(wrc, KSIM_OK, "bulk write 64 KiB");
	EQ(rrc, KSIM_OK, "bulk read 64 KiB");
	CHECK(memcmp(src, dst, N) == 0, "bulk 64 KiB round trip", "data differs");
	printf("# bulk 64 KiB: write %.1f MB/s, read %.1f MB/s\n", N / (t1 - t0) / 1e6, N / (t2 - t1) / 1e6);
	/* Unaligned edges must leave the neighbouring bytes alone. */
	uint8_t ones[16], got[16], want[16];
	memset(ones, 0xEE, sizeof ones);
	memcpy(want, src, 16);
	memset(want + 3, 0xEE, 10);
	EQ(k.mem_write(m, 0x100000 + 3, ones, 10), KSIM_OK, "unaligned bulk write");
	EQ(k.mem_read(m, 0x100000, got, 16), KSIM_OK, "read back around it");
	CHECK(memcmp(got, want, 16) == 0, "unaligned write keeps neighbours", "bytes differ");
	EQ(k.mem_read(m, 0x100000 + 5, got, 3), KSIM_OK, "unaligned short read");
	CHECK(memcmp(got, want + 5, 3) == 0, "unaligned short read data", "bytes differ");
	uint32_t w = 0;
	EQ(k.mmio_read(m, DEVMEM_WINDOW + 0x100000 + 16, &w, T), KSIM_OK, "devmem word through mmio");
	EQ(w, (uint32_t)src[16] | (uint32_t)src[17] << 8 | (uint32_t)src[18] << 16 | (uint32_t)src[19] << 24,
	   "devmem is little-endian through the window");
}

/* Starts the fixture's copy of NWORDS words from SRC to DST with its interrupt enabled. */
static void start_copy(ksim *m, uint32_t src, uint32_t dst, uint32_t nwords)
{
	wr(m, K_ARG0, src);
	wr(m, K_ARG1, dst);
	wr(m, K_ARG2, nwords);
	wr(m, IMG_IRQ_ENABLE, 1);
	wr(m, K_CTRL, 1);
}

static void test_kernel(ksim *m)
{
	enum { NW = 16384 };
	static uint8_t src[NW * 4], dst[NW * 4];
	for (uint32_t i = 0; i < sizeof src; i++)
		src[i] = sim_pattern(i, 99);
	EQ(k.mem_write(m, 0x200000, src, sizeof src), KSIM_OK, "kernel input written");
	start_copy(m, 0x200000, 0x300000, NW);
	EQ(rd(m, K_CTRL) & 7, 0, "kernel busy after start");
	uint64_t ran = 0;
	double t0 = sim_now();
	int rc = k.run_until_irq(m, 10000000, &ran);
	double t1 = sim_now();
	EQ(rc, KSIM_OK, "kernel run raises irq");
	printf("# fixture kernel: %u words in %llu cycles, %.2f M cycles/s\n", NW, (unsigned long long)ran,
	       (double)ran / (t1 - t0) / 1e6);
	EQ(rd(m, SH_IRQ_STATUS), 1, "shell sees the interrupt");
	EQ(rd(m, K_CTRL) & 7, 6, "kernel done and idle");
	uint32_t kc = rd(m, K_CYCLES_LO);
	CHECK(kc >= 2 * NW && kc <= ran + 50, "kernel cycle register", "%u cycles, run %llu", kc,
	      (unsigned long long)ran);
	EQ(k.mem_read(m, 0x300000, dst, sizeof dst), KSIM_OK, "kernel output read");
	CHECK(memcmp(src, dst, sizeof src) == 0, "kernel copied the data", "data differs");
	uint64_t again = 1;
	EQ(k.run_until_irq(m, 100, &again), KSIM_OK, "level irq stays high");
	EQ(again, 0, "run_until_irq returns at once when irq is high");
	wr(m, IMG_IRQ_STATUS, 1);
	EQ(rd(m, SH_IRQ_STATUS), 0, "W1C clears the interrupt");

	/* Watchdog: a budget smaller than the run needs. */
	start_copy(m, 0x200000, 0x380000, 1024);
	EQ(k.run_until_irq(m, 100, &ran), KSIM_TIMEOUT, "watchdog budget runs out");
	EQ(ran, 100, "watchdog ran exactly its budget");
	EQ(k.run_until_irq(m, 1000000, &ran), KSIM_OK, "kernel finishes with more budget");
	wr(m, IMG_IRQ_STATUS, 1);

	/* Raw clocking speed with the kernel idle. */
	t0 = sim_now();
	k.step(m, 1000000);
	t1 = sim_now();
	printf("# idle step: %.2f M cycles/s\n", 1.0 / (t1 - t0));
}

static void test_reset(ksim *m)
{
	wr(m, SH_SCRATCH, 0x55);
	wr(m, IMG_SCRATCH, 0x66);
	uint32_t v = 0;
	k.mmio_read(m, SH_CYCLE_LO, &v, T);
	k.reset(m, 4);
	EQ(rd(m, SH_SCRATCH), 0, "reset clears shell scratch");
	EQ(rd(m, IMG_SCRATCH), 0, "reset clears image registers");
	uint32_t lo = rd(m, SH_CYCLE_LO);
	CHECK(lo < v && lo < 100, "reset restarts the cycle counter", "%u after reset, %u before", lo, v);
	uint8_t b[4];
	EQ(k.mem_read(m, 0x300000, b, 4), KSIM_OK, "devmem readable after reset");
}

static void test_two_models(void *dl)
{
	ksim *a = k.create(NULL, 0), *b = k.create(NULL, 0);
	if (!KT_CHECK(a && b, "two models at once", "create failed"))
		return;
	wr(a, SH_SCRATCH, 0xAAAA);
	wr(b, SH_SCRATCH, 0xBBBB);
	uint32_t word = 0x01020304;
	k.mem_write(a, 0, &word, 4);
	uint32_t ra = 0, rb = 1;
	k.mem_read(b, 0, &rb, 4);
	k.mem_read(a, 0, &ra, 4);
	CHECK(rd(a, SH_SCRATCH) == 0xAAAA && rd(b, SH_SCRATCH) == 0xBBBB, "models keep separate registers",
	      "mixed");
	CHECK(ra == word && rb != word, "models keep separate device memory", "a 0x%x b 0x%x", ra, rb);
	k.destroy(a);
	k.destroy(b);
	(void)dl;
}

static void test_trace(void)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/model_test.fst", KSIM_TEST_DIR);
	remove(path);
	ksim *m = k.create(path, 5000);
	if (!KT_CHECK(m != NULL, "model with FST trace", "create failed"))
		return;
	wr(m, SH_SCRATCH, 1);
	k.step(m, 100);
	k.destroy(m);
	struct stat st;
	CHECK(stat(path, &st) == 0 && st.st_size > 100, "FST trace written", "%s missing or empty", path);
	CHECK(k.create("/nonexistent-dir/x.fst", 5000) == NULL, "unwritable trace path refused",
	      "model created");
}

int main(void)
{
	void *dl = dlopen(KSIM_FIXTURE_MODEL, RTLD_NOW | RTLD_LOCAL);
	if (!KT_CHECK(dl != NULL, "dlopen fixture model", "%s", dlerror()))
		return KT_DONE();
	int loaded = ksim_lib_resolve(&k, dl) == 0;
	if (!KT_CHECK(loaded, "model exports the C ABI", "missing symbol"))
		return KT_DONE();
	CHECK(dlsym(dl, "_ZN9Verilated11debugLevelEv") == NULL && dlsym(dl, "Verilated") == NULL,
	      "model hides the Verilator runtime", "runtime symbol exported");
	EQ(k.abi_version(), KSIM_ABI_VERSION, "ABI version");
	ksim *m = k.create(NULL, 0);
	if (!KT_CHECK(m != NULL, "create model", "NULL"))
		return KT_DONE();
	EQ(k.cycles(m), 0, "no cycles after create");
	test_shell(m);
	test_bus_errors(m);
	test_image_id(m);
	test_burst(m);
	test_bulk(m);
	test_kernel(m);
	test_reset(m);
	k.destroy(m);
	test_two_models(dl);
	test_trace();
	dlclose(dl);
	return KT_DONE();
}
