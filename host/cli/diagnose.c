// SPDX-License-Identifier: Apache-2.0
/* kiln diagnose: the bring-up checklist, from "is the stack installed" to "does a kernel run", each step a
 * line of its own so that the first failing one points at the broken layer. */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/cli.h"
#include "host/common/board.h"
#include "host/common/contract.h"
#include "host/common/image.h"

#define REGION 4096u
/* A smoke kernel takes tens of cycles: a budget this size still fails fast when it hangs. */
#define SMOKE_WATCHDOG 1000000u

typedef struct diag {
	const cli *c;
	json_t *steps;
	int failed;
} diag;

static int step(diag *d, int ok, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int step(diag *d, int ok, const char *name, const char *fmt, ...)
{
	char detail[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	if (!ok)
		d->failed++;
	json_t *o = json_object();
	json_object_set_new(o, "step", json_string(name));
	json_object_set_new(o, "ok", json_boolean(ok));
	json_object_set_new(o, "detail", json_string(detail));
	json_array_append_new(d->steps, o);
	if (!d->c->json)
		printf("[%s] %-22s %s\n", ok ? " ok " : "FAIL", name, detail);
	return ok;
}

/* Finds an executable by name: next to this program first (the build tree), then on $PATH. */
static int find_tool(const char *name, char *out, size_t outlen)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n > 0) {
		self[n] = 0;
		char *slash = strrchr(self, '/');
		if (slash) {
			*slash = 0;
			snprintf(out, outlen, "%s/%s", self, name);
			if (access(out, X_OK) == 0)
				return 1;
		}
	}
	const char *path = getenv("PATH");
	while (path && *path) {
		const char *end = strchr(path, ':');
		size_t len = end ? (size_t)(end - path) : strlen(path);
		snprintf(out, outlen, "%.*s/%s", (int)len, path, name);
		if (len && access(out, X_OK) == 0)
			return 1;
		path = end ? end + 1 : NULL;
	}
	return 0;
}

static void check_stack(diag *d, const char *board)
{
	char p[PATH_MAX + 64], err[512];
	if (find_tool("kiln-cc", p, sizeof p))
		step(d, 1, "kiln-cc", "%s", p);
	else
		step(d, 0, "kiln-cc", "not found next to kiln or on PATH (make builds build/bin/kiln-cc)");
	if (find_tool("verilator", p, sizeof p)) {
		char ver[128] = "";
		FILE *f = popen("verilator --version 2>/dev/null", "r");
		if (f) {
			if (!fgets(ver, sizeof ver, f))
				ver[0] = 0;
			pclose(f);
		}
		ver[strcspn(ver, "\n")] = 0;
		step(d, 1, "verilator", "%s (%s)", p, ver[0] ? ver : "version unknown");
	} else {
		step(d, 0, "verilator", "not on PATH (sh scripts/install-deps installs it)");
	}
	kiln_board_config cfg = {0};
	if (kiln_board_load(board, &cfg, err, sizeof err) == 0) {
		step(d, 1, "board config", "%s", cfg.path ? cfg.path : board);
		kiln_board_free(&cfg);
	} else {
		step(d, 0, "board config", "%s", err);
	}
}

static void check_id(diag *d, kiln_device *dev, kiln_program *prog, const kiln_board_config *cfg)
{
	uint32_t v[4] = {0}, img[5] = {0};
	int st = KILN_OK;
	for (uint32_t i = 0; i < 4 && st == KILN_OK; i++)
		st = kiln_device_mmio_read(dev, 4 * i, &v[i]);
	if (!step(d, st == KILN_OK, "shell ID block readable", "%s",
	          st == KILN_OK ? "magic, version, board id, memory size" : kiln_last_error()))
		return;
	step(d, v[0] == KILN_SHELL_MAGIC_VALUE, "shell magic", "0x%08" PRIx32 " (want 0x%08x)", v[0],
	     KILN_SHELL_MAGIC_VALUE);
	step(d, v[1] == KILN_SHELL_VERSION_VALUE, "shell version", "%" PRIu32 " (want %u)", v[1],
	     KILN_SHELL_VERSION_VALUE);
	step(d, !cfg->board_id || v[2] == cfg->board_id, "board id",
	     "0x%08" PRIx32 " (config 0x%08" PRIx32 ")", v[2], cfg->board_id);
	step(d, v[3] == cfg->devmem_bytes, "device memory size", "%" PRIu32 " bytes (config %" PRIu64 ")",
	     v[3], cfg->devmem_bytes);
	static const uint32_t pats[] = {0x00000000u, 0xFFFFFFFFu, 0xA5A5A5A5u, 0x5A5A5A5Au, 0x12345678u};
	int ok = 1;
	uint32_t got = 0, want = 0;
	for (size_t i = 0; i < sizeof pats / sizeof pats[0] + 32 && ok; i++) {
		want = i < sizeof pats / sizeof pats[0] ? pats[i] : 1u << (i - sizeof pats / sizeof pats[0]);
		ok = kiln_device_mmio_write(dev, KILN_SHELL_SCRATCH, want) == KILN_OK &&
		     kiln_device_mmio_read(dev, KILN_SHELL_SCRATCH, &got) == KILN_OK && got == want;
	}
	if (ok)
		step(d, 1, "scratch register", "5 patterns and walking ones hold");
	else
		step(d, 0, "scratch register", "wrote 0x%08" PRIx32 ", read 0x%08" PRIx32, want, got);
	uint32_t c0 = 0, c1 = 0;
	ok = kiln_device_mmio_read(dev, 0x10, &c0) == KILN_OK &&
	     kiln_device_mmio_read(dev, 0x10, &c1) == KILN_OK;
	step(d, ok && c1 != c0, "cycle counter", "0x%08" PRIx32 " then 0x%08" PRIx32, c0, c1);
	st = KILN_OK;
	for (uint32_t i = 0; i < 5 && st == KILN_OK; i++)
		st = kiln_device_mmio_read(dev, KILN_IMAGE_BASE + 4 * i, &img[i]);
	if (!step(d, st == KILN_OK, "image ID block readable", "%s",
	          st == KILN_OK ? "at 0x10000" : kiln_last_error()))
		return;
	uint64_t hash = (uint64_t)img[3] << 32 | img[2];
	step(d, img[0] == KILN_IMG_MAGIC_VALUE && img[1] == 1, "image magic, layout",
	     "0x%08" PRIx32 ", version %" PRIu32 " (want 0x%08x, 1)", img[0], img[1], KILN_IMG_MAGIC_VALUE);
	step(d, hash == kiln_program_image_hash(prog), "image hash", "%016" PRIx64 " (file %016" PRIx64 ")",
	     hash, kiln_program_image_hash(prog));
	step(d, (int)img[4] == kiln_program_num_kernels(prog), "kernel count", "%" PRIu32 " (file %d)",
	     img[4], kiln_program_num_kernels(prog));
}

/* Writes every region before reading any back, so that two regions aliasing one another are caught. */
static int mem_regions(kiln_device *dev, const uint64_t *base, size_t nreg, int pattern, char *why,
                       size_t whylen)
{
	uint32_t buf[REGION / 4], got[REGION / 4];
	for (int pass = 0; pass < 2; pass++)
		for (size_t r = 0; r < nreg; r++) {
			for (uint32_t i = 0; i < REGION / 4; i++) {
				uint32_t a = (uint32_t)base[r] + 4 * i;
				buf[i] = pattern == 0   ? a ^ 0x9E3779B9u
				         : pattern == 1 ? 0u
				         : pattern == 2 ? ~0u
				         : pattern == 3 ? (i & 1 ? 0x55555555u : 0xAAAAAAAAu)
				                        : 1u << (i % 32);
			}
			int st = pass == 0 ? kiln_mem_write(dev, base[r], buf, REGION)
			                   : kiln_mem_read(dev, base[r], got, REGION);
			if (st != KILN_OK) {
				snprintf(why, whylen, "%s at 0x%" PRIx64 ": %s", pass ? "read" : "write",
				         base[r], kiln_last_error());
				return 0;
			}
			if (pass == 1)
				for (uint32_t i = 0; i < REGION / 4; i++)
					if (got[i] != buf[i]) {
						snprintf(why, whylen,
						         "at 0x%" PRIx64 ": read 0x%08" PRIx32
						         ", wrote 0x%08" PRIx32,
						         base[r] + 4 * i, got[i], buf[i]);
						return 0;
					}
		}
	return 1;
}

static void check_memory(diag *d, kiln_device *dev)
{
	static const char *const names[] = {"address-derived", "all zeros", "all ones", "alternating",
	                                    "walking ones"};
	uint64_t size = kiln_device_mem_size(dev);
	if (!step(d, size >= 4 * REGION, "memory size", "%" PRIu64 " bytes", size))
		return;
	uint64_t base[3] = {0, (size / 2) & ~(uint64_t)(REGION - 1), size - REGION};
	char why[256] = "";
	int ok = 1;
	for (int p = 0; p < 5 && ok; p++)
		if (!(ok = mem_regions(dev, base, 3, p, why, sizeof why)))
			step(d, 0, "memory test", "%s pattern: %s", names[p], why);
	if (ok)
		step(d, 1, "memory test",
		     "5 patterns over 3 x %u bytes at 0x%" PRIx64 ", 0x%" PRIx64 ", 0x%" PRIx64, REGION,
		     base[0], base[1], base[2]);
	uint64_t a = 0, b = 0;
	int st = kiln_mem_alloc(dev, REGION, &a);
	ok = st == KILN_OK && mem_regions(dev, &a, 1, 0, why, sizeof why);
	int st2 = st == KILN_OK ? kiln_mem_alloc(dev, REGION, &b) : st;
	ok = ok && st2 == KILN_OK && b != a;
	if (st == KILN_OK)
		kiln_mem_free(dev, a);
	if (st2 == KILN_OK)
		kiln_mem_free(dev, b);
	if (ok)
		step(d, 1, "allocation",
		     "two %u-byte blocks at 0x%" PRIx64 " and 0x%" PRIx64 ", tested, freed", REGION, a, b);
	else
		step(d, 0, "allocation", "%s",
		     st || st2 ? kiln_last_error()
		     : why[0]  ? why
		               : "two blocks at one address");
}

static void check_kernels(diag *d, kiln_device *dev, kiln_program *prog)
{
	kiln_kernel *add = NULL, *scale = NULL;
	int acc = 5, n = 3, got = 0;
	uint64_t cycles = 0;
	kiln_device_set_watchdog(dev, SMOKE_WATCHDOG);
	if (kiln_kernel_get(prog, "add", &add) != KILN_OK ||
	    kiln_kernel_get(prog, "scale", &scale) != KILN_OK) {
		step(d, 0, "smoke kernels",
		     "the image lacks the smoke kernels add and scale (not the smoke image?)");
		return;
	}
	int st = kiln_dg_write(prog, "acc", &acc, sizeof acc, 0);
	if (st == KILN_OK)
		st = kiln_kernel_set_arg(add, 0, sizeof n, &n);
	if (st == KILN_OK)
		st = kiln_kernel_run(add, &cycles);
	if (st == KILN_OK)
		st = kiln_dg_read(prog, "acc", &got, sizeof got, 0);
	if (st != KILN_OK)
		step(d, 0, "single-task kernel", "%s: %s", kiln_status_name(st), kiln_last_error());
	else
		step(d, got == 8, "single-task kernel",
		     "add(3) on acc=5 gave %d (want 8) in %" PRIu64 " cycles", got, cycles);

	enum { N = 64 };
	int v[N], out[N], k = 3, bad = -1;
	uint64_t buf = 0;
	for (int i = 0; i < N; i++)
		v[i] = i - 20;
	size_t global = N, local = 8;
	st = kiln_mem_alloc(dev, sizeof v, &buf);
	if (st == KILN_OK)
		st = kiln_mem_write(dev, buf, v, sizeof v);
	if (st == KILN_OK)
		st = kiln_kernel_set_arg(scale, 0, sizeof buf, &buf);
	if (st == KILN_OK)
		st = kiln_kernel_set_arg(scale, 1, sizeof k, &k);
	if (st == KILN_OK)
		st = kiln_kernel_run_nd(scale, &global, &local, &cycles);
	if (st == KILN_OK)
		st = kiln_mem_read(dev, buf, out, sizeof out);
	for (int i = 0; st == KILN_OK && i < N && bad < 0; i++)
		if (out[i] != v[i] * k)
			bad = i;
	if (buf)
		kiln_mem_free(dev, buf);
	if (st != KILN_OK)
		step(d, 0, "nd-range kernel", "%s: %s", kiln_status_name(st), kiln_last_error());
	else if (bad >= 0)
		step(d, 0, "nd-range kernel", "scale: element %d is %d, want %d", bad, out[bad], v[bad] * k);
	else
		step(d, 1, "nd-range kernel", "scale over %d items in groups of %zu, %" PRIu64 " cycles", N,
		     local, cycles);

	/* acc is init_mode reset with initial value 7: a reset that reaches the image brings it back. */
	uint32_t magic = 0;
	st = kiln_device_reset(dev);
	if (st == KILN_OK)
		st = kiln_dg_read(prog, "acc", &got, sizeof got, 0);
	if (st == KILN_OK)
		st = kiln_device_mmio_read(dev, 0x0, &magic);
	if (st != KILN_OK)
		step(d, 0, "reset", "%s: %s", kiln_status_name(st), kiln_last_error());
	else
		step(d, got == 7 && magic == KILN_SHELL_MAGIC_VALUE, "reset",
		     "init_mode=reset global acc back to %d (want 7), shell magic 0x%08" PRIx32, got, magic);
}

int cmd_diagnose(cli *c)
{
	diag d = {.c = c, .steps = json_array()};
	const char *name = c->npos > 0 ? c->pos[0] : getenv("KILN_BOARD");
	if (!name || !*name)
		name = "sim";
	const char *img_path = cli_smoke_image();
	if (!c->json)
		printf("kiln diagnose %s\n", name);
	check_stack(&d, name);
	kiln_image *img = NULL;
	char err[512];
	if (kiln_image_load(img_path, &img, err, sizeof err) == 0) {
		step(&d, 1, "smoke image", "%s (built for %s)", img_path, kiln_image_board(img));
		kiln_image_free(img);
	} else {
		step(&d, 0, "smoke image", "%s", err);
	}

	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_board_config cfg = {0};
	int st = kiln_device_open(name, &dev);
	if (step(&d, st == KILN_OK, "board opens", "%s", st == KILN_OK ? name : kiln_last_error()) &&
	    kiln_board_load(name, &cfg, err, sizeof err) == 0) {
		st = kiln_program_load(dev, img_path, &prog);
		if (st != KILN_OK)
			step(&d, 0, "program", "%s: %s", kiln_status_name(st), kiln_last_error());
		else if (step(&d, 1, "program", "image on the board, ID block checked by libkiln")) {
			check_id(&d, dev, prog, &cfg);
			check_memory(&d, dev);
			check_kernels(&d, dev, prog);
		}
		kiln_board_free(&cfg);
	}
	kiln_program_release(prog);
	kiln_device_close(dev);
	const char *result = d.failed ? "FAILED" : "PASSED";
	if (c->json) {
		json_t *root = json_object();
		json_object_set_new(root, "device", json_string(name));
		json_object_set_new(root, "steps", d.steps);
		json_object_set_new(root, "failed_steps", json_integer(d.failed));
		json_object_set_new(root, "result", json_string(result));
		if (d.failed) {
			/* A failed diagnose is an error exit: its report carries the error fields every
			 * --json error has, naming the first failed step. */
			char msg[640] = "";
			for (size_t i = 0; i < json_array_size(d.steps) && !msg[0]; i++) {
				json_t *s = json_array_get(d.steps, i);
				if (!json_is_true(json_object_get(s, "ok")))
					snprintf(msg, sizeof msg, "%d step%s failed, first %s: %s", d.failed,
					         d.failed == 1 ? "" : "s",
					         json_string_value(json_object_get(s, "step")),
					         json_string_value(json_object_get(s, "detail")));
			}
			json_t *err = cli_json_error(msg, CLI_FAIL, NULL);
			json_object_update(root, err);
			json_decref(err);
		}
		cli_print_json(root);
	} else {
		json_decref(d.steps);
		if (d.failed)
			printf("FAILED (%d step%s)\n", d.failed, d.failed == 1 ? "" : "s");
		else
			printf("PASSED\n");
	}
	return d.failed ? CLI_FAIL : CLI_OK;
}
