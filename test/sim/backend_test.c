// SPDX-License-Identifier: Apache-2.0
/* The sim backend (bsp/sim/host) through its ops table, with an image built around the fixture model. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bsp/sim/host/sim_backend.h"
#include "host/common/model_trust.h"
#include "kiln/kiln.h"
#include "test/harness.h"
#include "test/sim/sim_test_util.h"

#ifndef KSIM_FIXTURE_MODEL
#error "KSIM_FIXTURE_MODEL must name the fixture model library"
#endif
#ifndef KSIM_TEST_DIR
#error "KSIM_TEST_DIR must name a scratch directory"
#endif

static const kiln_backend_ops *ops = &kiln_sim_backend_ops;
static char err[512];

/* An in-memory image for the sim board carrying MODEL (NULL: no MODL section). */
static kiln_image *make_image(const void *model, size_t len)
{
	kiln_image_writer *w = kiln_image_writer_new("sim", FIXTURE_HASH);
	uint8_t *bytes = NULL;
	size_t n = 0;
	kiln_image *img = NULL;
	if (w && (!model || kiln_image_writer_add(w, KILN_SEC_MODEL, model, len) == 0) &&
	    kiln_image_writer_bytes(w, &bytes, &n) == 0 &&
	    kiln_image_parse(bytes, n, &img, err, sizeof err) != 0)
		img = NULL;
	free(bytes);
	kiln_image_writer_free(w);
	return img;
}

static uint32_t rd(kiln_backend *b, uint32_t addr)
{
	uint32_t v = 0xDEADBEEF;
	if (ops->mmio_read(b, addr, &v) != KILN_OK)
		printf("# read of 0x%08x failed\n", addr);
	return v;
}

static void wr(kiln_backend *b, uint32_t addr, uint32_t v)
{
	if (ops->mmio_write(b, addr, v) != KILN_OK)
		printf("# write of 0x%08x failed\n", addr);
}

static void start_copy(kiln_backend *b, uint32_t src, uint32_t dst, uint32_t nwords)
{
	wr(b, K_ARG0, src);
	wr(b, K_ARG1, dst);
	wr(b, K_ARG2, nwords);
	wr(b, IMG_IRQ_ENABLE, 1);
	wr(b, K_CTRL, 1);
}

struct job {
	kiln_backend *b;
	uint32_t seed;
	int ok;
};

/* Fills memory with a board-specific pattern, runs the copy kernel and checks the result. */
static void *copy_job(void *arg)
{
	struct job *j = arg;
	enum { NW = 4096 };
	static _Thread_local uint8_t src[NW * 4], dst[NW * 4];
	for (uint32_t i = 0; i < sizeof src; i++)
		src[i] = sim_pattern(i, j->seed);
	uint64_t ran = 0;
	j->ok = ops->mem_write(j->b, 0x1000, src, sizeof src) == KILN_OK;
	start_copy(j->b, 0x1000, 0x80000, NW);
	j->ok = j->ok && ops->wait_irq(j->b, 1000000, &ran) == KILN_OK && ran > 0;
	j->ok = j->ok && ops->mem_read(j->b, 0x80000, dst, sizeof dst) == KILN_OK;
	j->ok = j->ok && memcmp(src, dst, sizeof src) == 0;
	wr(j->b, IMG_IRQ_STATUS, 1);
	return NULL;
}

static void test_one(const kiln_board_config *cfg, kiln_image *img)
{
	kiln_backend *b = NULL;
	EQ(ops->open(cfg, &b, err, sizeof err), KILN_OK, "open sim board");
	uint32_t v;
	EQ(ops->mmio_read(b, 0, &v), KILN_ERR_STATE, "mmio before program is refused");
	EQ(ops->wait_irq(b, 10, NULL), KILN_ERR_STATE, "wait_irq before program is refused");

	kiln_image *bare = make_image(NULL, 0);
	EQ(ops->program(b, bare, err, sizeof err), KILN_ERR_IMAGE, "image without a model refused");
	kiln_image_free(bare);
	/* Unique per run: a digest once trusted stays trusted. */
	char junk_bytes[64], terr[256];
	int jn = snprintf(junk_bytes, sizeof junk_bytes, "not an ELF %d %lld", (int)getpid(),
	                  (long long)time(NULL));
	kiln_image *junk = make_image(junk_bytes, (size_t)jn);
	EQ(ops->program(b, junk, err, sizeof err), KILN_ERR_IMAGE, "a model nobody vouched for is refused");
	KT_CHECK(strstr(err, "not built on this machine") != NULL, "the refusal says why", "%s", err);
	KT_CHECK(kiln_model_trust(junk_bytes, (size_t)jn, terr, sizeof terr) == 0, "vouch for the junk model",
	         "%s", terr);
	EQ(ops->program(b, junk, err, sizeof err), KILN_ERR_HW, "corrupt (trusted) model refused");
	printf("# %s\n", err);
	kiln_image_free(junk);

	int rc = ops->program(b, img, err, sizeof err);
	if (!KT_EQ_U64(rc, KILN_OK, "program fixture image")) {
		printf("# %s\n", err);
		ops->close(b);
		return;
	}
	EQ(rd(b, SH_MAGIC), 0x4B53484C, "shell magic through the backend");
	EQ(rd(b, IMG_HASH_LO), (uint32_t)FIXTURE_HASH, "image hash through the backend");
	uint64_t c1 = ops->cycles(b);
	CHECK(c1 > 0 && c1 < 1000, "cycles since program", "%llu", (unsigned long long)c1);
	wr(b, SH_SCRATCH, 77);
	EQ(rd(b, SH_SCRATCH), 77, "shell scratch through the backend");
	EQ(ops->mmio_read(b, 0x40, &v), KILN_ERR_BUS, "shell unmapped is KILN_ERR_BUS");
	EQ(ops->mmio_write(b, IMG + 0xF00, 1), KILN_ERR_BUS, "image unmapped is KILN_ERR_BUS");
	EQ(ops->mmio_read(b, DEVMEM_WINDOW + DEVMEM_BYTES, &v), KILN_ERR_BUS,
	   "devmem out of range is KILN_ERR_BUS");
	uint8_t small[8] = {0};
	EQ(ops->mem_write(b, DEVMEM_BYTES - 4, small, 8), KILN_ERR_BUS, "bulk past the end is KILN_ERR_BUS");

	/* Word blocks in one hand-off: through the device-memory window, written then read back. */
	uint32_t blk[64], back[64];
	for (int i = 0; i < 64; i++)
		blk[i] = 0x9e3779b9u * (uint32_t)(i + 1);
	EQ(ops->mmio_block(b, DEVMEM_WINDOW + 0x1000, blk, 64, 1), KILN_OK, "mmio block write");
	EQ(ops->mmio_block(b, DEVMEM_WINDOW + 0x1000, back, 64, 0), KILN_OK, "mmio block read");
	CHECK(memcmp(blk, back, sizeof blk) == 0, "mmio block round trip", "%s", "data differs");
	EQ(rd(b, DEVMEM_WINDOW + 0x1000 + 4 * 63), blk[63], "mmio block landed word by word");
	EQ(ops->mmio_block(b, DEVMEM_WINDOW + DEVMEM_BYTES - 8, back, 4, 0), KILN_ERR_BUS,
	   "mmio block running past the end stops with KILN_ERR_BUS");

	enum { N = 64 * 1024 };
	static uint8_t src[N], dst[N];
	for (uint32_t i = 0; i < N; i++)
		src[i] = sim_pattern(i, 3);
	EQ(ops->mem_write(b, 0x400000, src, N), KILN_OK, "backend bulk write");
	EQ(ops->mem_read(b, 0x400000, dst, N), KILN_OK, "backend bulk read");
	CHECK(memcmp(src, dst, N) == 0, "backend 64 KiB round trip", "data differs");

	struct job j = {.b = b, .seed = 5};
	copy_job(&j);
	CHECK(j.ok, "kernel run and wait_irq through the backend", "copy failed");

	uint64_t ran = 0;
	start_copy(b, 0x1000, 0x90000, 1024);
	EQ(ops->wait_irq(b, 50, &ran), KILN_ERR_TIMEOUT, "wait_irq watchdog is KILN_ERR_TIMEOUT");
	EQ(ran, 50, "wait_irq ran its budget");
	EQ(ops->reset(b, err, sizeof err), KILN_OK, "reset");
	EQ(rd(b, SH_SCRATCH), 0, "reset cleared the shell");
	EQ(rd(b, K_CTRL) & 7, 4, "reset stopped the kernel");
	EQ(ops->wait_irq(b, 1000, &ran), KILN_ERR_TIMEOUT, "no interrupt after reset");

	/* Reprogramming destroys the old model on its thread and starts from a clean board. */
	EQ(ops->program(b, img, err, sizeof err), KILN_OK, "reprogram");
	CHECK(ops->cycles(b) < 1000, "reprogram restarts the cycle count", "%llu",
	      (unsigned long long)ops->cycles(b));
	EQ(rd(b, SH_MAGIC), 0x4B53484C, "shell answers after reprogram");
	ops->close(b);
}

static void test_two(const kiln_board_config *cfg, kiln_image *img)
{
	kiln_backend *a = NULL, *b = NULL;
	int ra = ops->open(cfg, &a, err, sizeof err) || ops->program(a, img, err, sizeof err);
	int rb = ops->open(cfg, &b, err, sizeof err) || ops->program(b, img, err, sizeof err);
	if (KT_CHECK(ra == 0 && rb == 0, "two boards programmed at once", "%s", err)) {
		wr(a, SH_SCRATCH, 1);
		wr(b, SH_SCRATCH, 2);
		CHECK(rd(a, SH_SCRATCH) == 1 && rd(b, SH_SCRATCH) == 2, "two boards are independent",
		      "scratch mixed");
		struct job ja = {.b = a, .seed = 11}, jb = {.b = b, .seed = 12};
		pthread_t ta, tb;
		pthread_create(&ta, NULL, copy_job, &ja);
		pthread_create(&tb, NULL, copy_job, &jb);
		pthread_join(ta, NULL);
		pthread_join(tb, NULL);
		CHECK(ja.ok && jb.ok, "two boards run kernels concurrently", "a %d b %d", ja.ok, jb.ok);
	}
	ops->close(a);
	ops->close(b);
}

static void test_checks(kiln_image *img)
{
	kiln_board_config other = {.name = "other", .backend = "sim", .board_id = 0x12345678};
	kiln_backend *b = NULL;
	ops->open(&other, &b, err, sizeof err);
	EQ(ops->program(b, img, err, sizeof err), KILN_ERR_HW, "shell of another board refused");
	printf("# %s\n", err);
	EQ(ops->mmio_write(b, SH_SCRATCH, 1), KILN_ERR_STATE, "refused board stays unprogrammed");
	ops->close(b);
}

static void test_trace(const kiln_board_config *cfg, kiln_image *img)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/backend_test.fst", KSIM_TEST_DIR);
	remove(path);
	setenv("KILN_TRACE", path, 1);
	kiln_backend *b = NULL;
	ops->open(cfg, &b, err, sizeof err);
	int rc = ops->program(b, img, err, sizeof err);
	unsetenv("KILN_TRACE");
	EQ(rc, KILN_OK, "program with KILN_TRACE");
	wr(b, SH_SCRATCH, 3);
	ops->close(b);
	struct stat st;
	CHECK(stat(path, &st) == 0 && st.st_size > 100, "KILN_TRACE writes an FST file", "%s", path);
}

int main(void)
{
	size_t len = 0;
	void *model = kt_read_file(KSIM_FIXTURE_MODEL, &len);
	if (!KT_CHECK(model != NULL, "read fixture model", "%s", KSIM_FIXTURE_MODEL))
		return KT_DONE();
	/* The fixture model was built here by the sim board's build script: this test vouches for it, as
	 * kiln-cc does for the models it builds. */
	char terr[256];
	KT_CHECK(kiln_model_trust(model, len, terr, sizeof terr) == 0, "vouch for the fixture model", "%s",
	         terr);
	kiln_image *img = make_image(model, len);
	free(model);
	if (!KT_CHECK(img != NULL, "build fixture image", "%s", err))
		return KT_DONE();
	kiln_board_config cfg = {.name = "sim",
	                         .backend = "sim",
	                         .board_id = SIM_BOARD_ID,
	                         .devmem_bytes = DEVMEM_BYTES,
	                         .devmem_latency = 4};
	(void)KT_EQ_STR(ops->name, "sim", "ops table name");
	test_one(&cfg, img);
	test_two(&cfg, img);
	test_checks(img);
	test_trace(&cfg, img);
	kiln_image_free(img);
	return KT_DONE();
}
