// SPDX-License-Identifier: Apache-2.0
/* Runtime benchmarks (make bench): what libkiln and the sim backend cost on top of the bare Verilated model.
 * The bare side dlopens the model from the image's MODL section and drives it through the ksim_* C ABI on
 * this thread with the least code possible; the libkiln side does the same work through the public API.
 * Writes DIR/runtime.json and prints a table. Usage: bench_runtime IMAGE DIR */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "bsp/sim/model/sim_model_lib.h"
#include "host/common/desc.h"
#include "host/common/image.h"

#define IMG 0x10000u
#define MMIO_TIMEOUT (1u << 20)
#define COPY_BYTES (256u << 10)

static ksim_lib k;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *why)
{
	fprintf(stderr, "bench_runtime: %s: %s\n", what, why);
	exit(1);
}

static void need(int ok, const char *what)
{
	if (!ok)
		die(what, kiln_last_error());
}

/* Runs the spin kernel (index KI, base BASE, argument at AOFF) for N iterations on the bare model, as libkiln
 * would: argument, interrupt enable, start, run until the interrupt. */
static double bare_spin(ksim *m, const kiln_kernel_desc *kd, unsigned ki, unsigned n, uint64_t *cycles)
{
	double t0 = now();
	k.mmio_write(m, IMG + kd->args[0].offset, n, 0xF, MMIO_TIMEOUT);
	k.mmio_write(m, IMG + 0x14, 1u << ki, 0xF, MMIO_TIMEOUT);
	k.mmio_write(m, IMG + 0x18, 1u << ki, 0xF, MMIO_TIMEOUT);
	k.mmio_write(m, IMG + kd->base, 1, 0xF, MMIO_TIMEOUT);
	if (k.run_until_irq(m, UINT64_MAX, cycles) != KSIM_OK)
		die("bare model", "spin did not finish");
	return now() - t0;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/test/runtime/runtime.kimg";
	const char *outdir = argc > 2 ? argv[2] : "build/bench";
	char err[512];
	kiln_image *img = NULL;
	kiln_desc desc = {0};
	size_t len = 0;
	if (kiln_image_load(image, &img, err, sizeof err) != 0)
		die(image, err);
	const char *meta = kiln_image_section(img, KILN_SEC_META, &len);
	if (!meta || kiln_desc_from_json(meta, len, &desc, err, sizeof err) != 0)
		die(image, "no image description");
	const kiln_kernel_desc *kspin = kiln_desc_find_kernel(&desc, "spin");
	const kiln_dg_desc *ghits = kiln_desc_find_dg(&desc, "hits");
	if (!kspin || !ghits)
		die(image, "not the runtime image (no spin kernel or hits global)");
	unsigned ki = (unsigned)(kspin - desc.kernels);

	/* The bare model: a private file copy of MODL, dlopened here and used only on this thread. */
	const void *so = kiln_image_section(img, KILN_SEC_MODEL, &len);
	char sopath[] = "/tmp/kiln-bench-model-XXXXXX";
	int fd = mkstemp(sopath);
	if (!so || fd < 0 || write(fd, so, len) != (ssize_t)len)
		die("model copy", strerror(errno));
	close(fd);
	void *dl = dlopen(sopath, RTLD_NOW | RTLD_LOCAL);
	unlink(sopath);
	if (!dl)
		die("dlopen", dlerror());
	if (ksim_lib_resolve(&k, dl) != 0)
		die("model", "missing ksim_* symbols");
	ksim *m = k.create(NULL, 0);
	if (!m)
		die("model", "ksim_create failed");

	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_kernel *spin = NULL;
	need(kiln_device_open(NULL, &dev) == KILN_OK, "open");
	need(kiln_program_load(dev, image, &prog) == KILN_OK, "load");
	need(kiln_kernel_get(prog, "spin", &spin) == KILN_OK, "kernel");

	/* 1. Simulated cycles per second during a kernel run: size the run to about half a second. */
	uint64_t cyc = 0;
	double t = bare_spin(m, kspin, ki, 20000, &cyc);
	unsigned n = (unsigned)(20000.0 * 0.5 / (t > 1e-6 ? t : 1e-6));
	if (n < 20000)
		n = 20000;
	double bare_cps = 0, kiln_cps = 0;
	for (int rep = 0; rep < 3; rep++) {
		t = bare_spin(m, kspin, ki, n, &cyc);
		if (cyc / t > bare_cps)
			bare_cps = (double)cyc / t;
		uint64_t kc = 0;
		need(kiln_kernel_set_arg(spin, 0, sizeof n, &n) == KILN_OK, "set_arg");
		double t0 = now();
		need(kiln_kernel_run(spin, &kc) == KILN_OK, "run");
		t = now() - t0;
		if (kc / t > kiln_cps)
			kiln_cps = (double)kc / t;
	}

	/* 2. One 4-byte device-global read and write. */
	enum { OPS = 20000 };
	uint32_t addr = IMG + ghits->base, v = 0;
	double t0 = now();
	for (int i = 0; i < OPS; i++)
		k.mmio_read(m, addr, &v, MMIO_TIMEOUT);
	double bare_rd = (now() - t0) / OPS;
	t0 = now();
	for (int i = 0; i < OPS; i++)
		k.mmio_write(m, addr, (uint32_t)i, 0xF, MMIO_TIMEOUT);
	double bare_wr = (now() - t0) / OPS;
	t0 = now();
	for (int i = 0; i < OPS; i++)
		kiln_dg_read(prog, "hits", &v, 4, 0);
	double kiln_rd = (now() - t0) / OPS;
	t0 = now();
	for (int i = 0; i < OPS; i++)
		kiln_dg_write(prog, "hits", &i, 4, 0);
	double kiln_wr = (now() - t0) / OPS;
	need(kiln_dg_read(prog, "hits", &v, 4, 0) == KILN_OK && v == OPS - 1, "dg round trip");

	/* 3. Reprogram against reset. */
	enum { REPROG = 10, RESETS = 200 };
	t0 = now();
	for (int i = 0; i < REPROG; i++)
		need(kiln_program_reprogram(prog) == KILN_OK, "reprogram");
	double reprog = (now() - t0) / REPROG;
	t0 = now();
	for (int i = 0; i < RESETS; i++)
		need(kiln_device_reset(dev) == KILN_OK, "reset");
	double reset = (now() - t0) / RESETS;

	/* 4. Device-memory copy throughput, host to device and back. */
	uint8_t *buf = malloc(COPY_BYTES), *back = malloc(COPY_BYTES);
	for (size_t i = 0; i < COPY_BYTES; i++)
		buf[i] = (uint8_t)(i * 13);
	uint64_t dbuf = 0;
	need(kiln_mem_alloc(dev, COPY_BYTES, &dbuf) == KILN_OK, "alloc");
	t0 = now();
	need(kiln_mem_write(dev, dbuf, buf, COPY_BYTES) == KILN_OK, "mem_write");
	double kiln_w = COPY_BYTES / (now() - t0) / 1e6;
	t0 = now();
	need(kiln_mem_read(dev, dbuf, back, COPY_BYTES) == KILN_OK, "mem_read");
	double kiln_r = COPY_BYTES / (now() - t0) / 1e6;
	need(memcmp(buf, back, COPY_BYTES) == 0, "copy round trip");
	t0 = now();
	k.mem_write(m, 0, buf, COPY_BYTES);
	double bare_w = COPY_BYTES / (now() - t0) / 1e6;
	t0 = now();
	k.mem_read(m, 0, back, COPY_BYTES);
	double bare_r = COPY_BYTES / (now() - t0) / 1e6;

	/* The hand-off to the model's worker thread costs far more when the two threads must share one CPU,
	 * so the numbers mean little without the machine's state beside them. */
	double load[1] = {0};
	if (getloadavg(load, 1) < 1)
		load[0] = -1;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	double cps_ratio = kiln_cps / bare_cps, rd_ratio = kiln_rd / bare_rd, wr_ratio = kiln_wr / bare_wr;
	printf("runtime benchmark: %ld CPUs online, load average %.2f\n", cpus, load[0]);
	printf("%-44s %14s %14s %8s %6s\n", "", "libkiln", "bare model", "ratio", "goal");
	printf("%-44s %14.3g %14.3g %8.2f %6s %s\n", "simulated cycles/s during a kernel run", kiln_cps,
	       bare_cps, cps_ratio, ">=0.8", cps_ratio >= 0.8 ? "met" : "MISSED");
	printf("%-44s %14.2f %14.2f %8.2f %6s %s\n", "4-byte device-global read (us)", kiln_rd * 1e6,
	       bare_rd * 1e6, rd_ratio, "<=1.5", rd_ratio <= 1.5 ? "met" : "MISSED");
	printf("%-44s %14.2f %14.2f %8.2f %6s %s\n", "4-byte device-global write (us)", kiln_wr * 1e6,
	       bare_wr * 1e6, wr_ratio, "<=1.5", wr_ratio <= 1.5 ? "met" : "MISSED");
	printf("%-44s %14.2f %14.2f %8.2f\n", "device memory write (MB/s, 256 KiB)", kiln_w, bare_w,
	       kiln_w / bare_w);
	printf("%-44s %14.2f %14.2f %8.2f\n", "device memory read (MB/s, 256 KiB)", kiln_r, bare_r,
	       kiln_r / bare_r);
	printf("%-44s %14.3f %14s %8s\n", "reprogram (ms)", reprog * 1e3, "", "");
	printf("%-44s %14.3f %14s %8.0f  (reprogram / reset)\n", "reset (ms)", reset * 1e3, "",
	       reprog / reset);

	mkdir(outdir, 0777);
	char path[1024];
	snprintf(path, sizeof path, "%s/runtime.json", outdir);
	FILE *f = fopen(path, "w");
	if (!f)
		die(path, strerror(errno));
	fprintf(f,
	        "{\n  \"benchmark\": \"runtime\",\n  \"image\": \"%s\",\n  \"cpus\": %ld,\n  "
	        "\"loadavg_1min\": %.2f,\n"
	        "  \"cycles_per_second\": {\"libkiln\": %.6g, \"bare\": %.6g, \"ratio\": %.4f, \"goal_min\": "
	        "0.8, "
	        "\"met\": %s, \"kernel_cycles\": %llu},\n"
	        "  \"dg_read_4b_us\": {\"libkiln\": %.4f, \"bare\": %.4f, \"ratio\": %.4f, \"goal_max\": "
	        "1.5, \"met\": %s},\n"
	        "  \"dg_write_4b_us\": {\"libkiln\": %.4f, \"bare\": %.4f, \"ratio\": %.4f, \"goal_max\": "
	        "1.5, \"met\": %s},\n"
	        "  \"reprogram_ms\": %.4f,\n  \"reset_ms\": %.4f,\n  \"reprogram_over_reset\": %.2f,\n"
	        "  \"mem_write_mb_s\": {\"libkiln\": %.3f, \"bare\": %.3f},\n"
	        "  \"mem_read_mb_s\": {\"libkiln\": %.3f, \"bare\": %.3f},\n  \"copy_bytes\": %u\n}\n",
	        image, cpus, load[0], kiln_cps, bare_cps, cps_ratio, cps_ratio >= 0.8 ? "true" : "false",
	        (unsigned long long)cyc, kiln_rd * 1e6, bare_rd * 1e6, rd_ratio,
	        rd_ratio <= 1.5 ? "true" : "false", kiln_wr * 1e6, bare_wr * 1e6, wr_ratio,
	        wr_ratio <= 1.5 ? "true" : "false", reprog * 1e3, reset * 1e3, reprog / reset, kiln_w, bare_w,
	        kiln_r, bare_r, COPY_BYTES);
	fclose(f);
	printf("wrote %s\n", path);

	free(buf);
	free(back);
	kiln_mem_free(dev, dbuf);
	kiln_program_release(prog);
	kiln_device_close(dev);
	k.destroy(m);
	dlclose(dl);
	kiln_desc_free(&desc);
	kiln_image_free(img);
	return 0;
}
