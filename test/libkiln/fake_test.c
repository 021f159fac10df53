// SPDX-License-Identifier: Apache-2.0
/* libkiln's register-level behaviour on the fake board (bsp/fake), in milliseconds: the ID block it checks,
 * the argument, range and offset registers a launch writes, the interrupt handshake, device-global transfers
 * and their re-initialisation by reset and reprogramming, the device-memory address a USM global publishes,
 * queue order, and the watchdog. What kernels compute is the Verilated tests' business. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kiln/kiln.h>

#include "host/common/contract.h"
#include "host/common/desc.h"
#include "host/common/image.h"
#include "test/harness.h"

static kiln_device *dev;
static kiln_desc desc;

static uint32_t img_reg(uint32_t off)
{
	uint32_t v = 0xDEADBEEF;
	kiln_device_mmio_read(dev, KILN_IMAGE_BASE + off, &v);
	return v;
}

static const kiln_kernel_desc *kdesc(const char *name)
{
	for (size_t i = 0; i < desc.nkernels; i++)
		if (!strcmp(desc.kernels[i].name, name))
			return &desc.kernels[i];
	return NULL;
}

static const kiln_dg_desc *gdesc(const char *uid)
{
	for (size_t i = 0; i < desc.ndgs; i++)
		if (!strcmp(desc.dgs[i].unique_id, uid))
			return &desc.dgs[i];
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: fake_test FAKE.kimg\n");
		return 2;
	}
	char err[512];
	kiln_image *img = NULL;
	size_t len = 0;
	if (!KT_CHECK(kiln_image_load(argv[1], &img, err, sizeof err) == 0, "read the image", "%s", err))
		return KT_DONE();
	const char *meta = kiln_image_section(img, KILN_SEC_META, &len);
	KT_CHECK(kiln_image_section(img, KILN_SEC_MODEL, &len) == NULL,
	         "an image for the fake board has no model", "it has one");
	if (!KT_CHECK(meta && kiln_desc_from_json(meta, strlen(meta), &desc, err, sizeof err) == 0,
	              "its description", "%s", err))
		return KT_DONE();
	kiln_program *p = NULL;
	if (!KT_CHECK(kiln_device_open("fake", &dev) == KILN_OK, "open the fake board", "%s",
	              kiln_last_error()) ||
	    !KT_CHECK(kiln_program_load(dev, argv[1], &p) == KILN_OK, "program it", "%s", kiln_last_error()))
		return KT_DONE();
	KT_EQ_U64(img_reg(KILN_IMG_MAGIC), KILN_IMG_MAGIC_VALUE, "ID block: magic");
	KT_EQ_U64((uint64_t)img_reg(KILN_IMG_HASH_HI) << 32 | img_reg(KILN_IMG_HASH_LO),
	          kiln_program_image_hash(p), "ID block: the image hash");

	/* A single-task launch: every argument register, the interrupt handshake. */
	const kiln_kernel_desc *ka = kdesc("add");
	kiln_kernel *add = NULL;
	uint64_t buf = 0;
	long long v = 0x1122334455667788LL;
	unsigned char c = 0xAB;
	kiln_mem_alloc(dev, 64, &buf);
	kiln_kernel_get(p, "add", &add);
	kiln_kernel_set_arg(add, 0, 8, &buf);
	kiln_kernel_set_arg(add, 1, 8, &v);
	kiln_kernel_set_arg(add, 2, 1, &c);
	uint64_t cycles = 0;
	KT_CHECK(ka && kiln_kernel_run(add, &cycles) == KILN_OK, "run add", "%s", kiln_last_error());
	if (ka) {
		KT_EQ_U64((uint64_t)img_reg(ka->args[0].offset + 4) << 32 | img_reg(ka->args[0].offset), buf,
		          "pointer argument: both words");
		KT_EQ_U64((uint64_t)img_reg(ka->args[1].offset + 4) << 32 | img_reg(ka->args[1].offset),
		          (uint64_t)v, "64-bit argument: both words");
		KT_EQ_U64(img_reg(ka->args[2].offset), 0xAB, "byte argument");
		uint32_t bit = 1u << (unsigned)(ka - desc.kernels);
		KT_CHECK(img_reg(KILN_IMG_IRQ_ENABLE) & bit, "the kernel's interrupt was enabled", "0x%x",
		         img_reg(KILN_IMG_IRQ_ENABLE));
		KT_CHECK(!(img_reg(KILN_IMG_IRQ_STATUS) & bit), "its interrupt was acknowledged", "0x%x",
		         img_reg(KILN_IMG_IRQ_STATUS));
		KT_EQ_U64(cycles, 1, "the cycles register is reported");
	}

	/* An nd-range launch: range, work-group and offset registers per dimension. */
	const kiln_kernel_desc *kf = kdesc("fill");
	kiln_kernel *fill = NULL;
	int k = 3;
	size_t off[2] = {5, 7}, g[2] = {64, 4}, l[2] = {8, 2};
	kiln_kernel_get(p, "fill", &fill);
	kiln_kernel_set_arg(fill, 0, 8, &buf);
	kiln_kernel_set_arg(fill, 1, 4, &k);
	KT_CHECK(kiln_kernel_run_nd_offset(fill, off, g, l, NULL) == KILN_OK, "run fill with offsets", "%s",
	         kiln_last_error());
	if (kf)
		for (uint32_t d = 0; d < 2; d++) {
			char name[64];
			snprintf(name, sizeof name, "dimension %u: global, local, offset registers", d);
			KT_CHECK(img_reg(kf->base + KILN_KERNEL_GRANGE + 4 * d) == g[d] &&
			             img_reg(kf->base + KILN_KERNEL_LRANGE + 4 * d) == l[d] &&
			             img_reg(kf->base + KILN_KERNEL_GOFF + 4 * d) == off[d],
			         name, "%u %u %u", img_reg(kf->base + KILN_KERNEL_GRANGE + 4 * d),
			         img_reg(kf->base + KILN_KERNEL_LRANGE + 4 * d),
			         img_reg(kf->base + KILN_KERNEL_GOFF + 4 * d));
		}
	KT_CHECK(kiln_kernel_run_nd(fill, g, l, NULL) == KILN_OK && kf &&
	             img_reg(kf->base + KILN_KERNEL_GOFF) == 0 &&
	             img_reg(kf->base + KILN_KERNEL_GOFF + 4) == 0,
	         "a launch without offsets clears them", "%s", kiln_last_error());

	/* Device globals: a host write reaches the register; reset restores init_mode=reset ones only;
	 * reprogramming restores all. The USM global's register holds its instance's device address. */
	const kiln_dg_desc *gr = gdesc("on_reset"), *gp = gdesc("on_program"), *gm = gdesc("in_memory");
	int a = 50, b = 60, r1 = 0, r2 = 0;
	KT_CHECK(gr && gp && gm && kiln_dg_write(p, "on_reset", &a, 4, 0) == KILN_OK &&
	             kiln_dg_write(p, "on_program", &b, 4, 0) == KILN_OK && img_reg(gr->base) == 50 &&
	             img_reg(gp->base) == 60,
	         "host writes land in the globals' registers", "%s", kiln_last_error());
	uint64_t rs0 = 0, rs1 = 0, rp0 = 0, rp1 = 0;
	kiln_device_counters(dev, &rp0, &rs0);
	KT_CHECK(kiln_device_reset(dev) == KILN_OK && kiln_dg_read(p, "on_reset", &r1, 4, 0) == KILN_OK &&
	             kiln_dg_read(p, "on_program", &r2, 4, 0) == KILN_OK && r1 == 5 && r2 == 60,
	         "a reset restores init_mode=reset globals and keeps init_mode=reprogram ones", "%d %d", r1,
	         r2);
	KT_CHECK(kiln_program_reprogram(p) == KILN_OK &&
	             kiln_dg_read(p, "on_program", &r2, 4, 0) == KILN_OK && r2 == 6,
	         "reprogramming restores every global", "%d: %s", r2, kiln_last_error());
	kiln_device_counters(dev, &rp1, &rs1);
	KT_CHECK(rs1 - rs0 == 1 && rp1 - rp0 == 1, "one reset and one reprogram counted", "%llu %llu",
	         (unsigned long long)(rs1 - rs0), (unsigned long long)(rp1 - rp0));
	int mem = 0;
	if (gm) {
		uint64_t at = (uint64_t)img_reg(gm->base + 4) << 32 | img_reg(gm->base);
		KT_CHECK(kiln_mem_read(dev, at, &mem, 4) == KILN_OK && mem == 7,
		         "the USM global's register holds the address of its initialised instance",
		         "0x%llx: %d", (unsigned long long)at, mem);
	}

	/* Queue order: 200 launches complete in order (each event done before the next starts). */
	kiln_queue *q = NULL;
	kiln_event *ev[200];
	int in_order = 1;
	kiln_queue_create(kiln_device_default_context(dev), &q);
	for (int i = 0; i < 200; i++)
		kiln_enqueue_run(q, add, &ev[i]);
	KT_CHECK(kiln_queue_finish(q) == KILN_OK, "200 queued launches finish", "%s", kiln_last_error());
	for (int i = 0; i < 200; i++) {
		kiln_event_profile a1, a2;
		if (i && kiln_event_profile_get(ev[i - 1], &a1) == KILN_OK &&
		    kiln_event_profile_get(ev[i], &a2) == KILN_OK && a2.start_ns < a1.end_ns)
			in_order = 0;
	}
	KT_CHECK(in_order, "they ran one after the other, in order", "overlap");
	for (int i = 0; i < 200; i++)
		kiln_event_release(ev[i]);
	kiln_queue_release(q);

	/* The watchdog: a kernel that never finishes times out within the board's budget and the board is
	 * reset. */
	kiln_kernel *hang = NULL;
	kiln_kernel_get(p, "hang_forever", &hang);
	kiln_kernel_set_arg(hang, 0, 8, &buf);
	kiln_device_counters(dev, NULL, &rs0);
	int st = kiln_kernel_run(hang, NULL);
	char msg[256];
	snprintf(msg, sizeof msg, "%s", kiln_last_error());
	kiln_device_counters(dev, NULL, &rs1);
	KT_CHECK(st == KILN_ERR_TIMEOUT && strstr(msg, "hang_forever") && rs1 == rs0 + 1,
	         "a hung kernel times out, is named, and the board is reset", "%s: %s", kiln_status_name(st),
	         msg);
	KT_CHECK(kiln_kernel_run(add, NULL) == KILN_OK, "the board works afterwards", "%s",
	         kiln_last_error());

	kiln_program_release(p);
	kiln_device_close(dev);
	kiln_desc_free(&desc);
	kiln_image_free(img);
	return KT_DONE();
}
