// SPDX-License-Identifier: Apache-2.0
/* Device-global access cost per property choice, in simulated device cycles: one 4-byte host read and write,
 * and a 4 KiB array copied in and out. The image (scripts/bench-dg generates it) holds, per combination NAME,
 * `s_NAME` (int) and `a_NAME` (int[1024]). Prints one JSON object per combination on stdout. */
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#define CYCLE_LO 0x10u
#define ARRAY_BYTES 4096

static kiln_device *dev;

static uint32_t now(void)
{
	uint32_t c = 0;
	kiln_device_mmio_read(dev, CYCLE_LO, &c);
	return c;
}

/* Device cycles taken by the access in between two counter reads, less the counter read itself. */
static uint32_t overhead;

static int measure(kiln_program *p, const char *uid, int write, size_t n, uint32_t *cycles)
{
	static unsigned char buf[ARRAY_BYTES];
	uint32_t t0 = now();
	int st = write ? kiln_dg_write(p, uid, buf, n, 0) : kiln_dg_read(p, uid, buf, n, 0);
	uint32_t t1 = now();
	*cycles = t1 - t0 - overhead;
	return st;
}

int main(int argc, char **argv)
{
	kiln_program *p;
	if (argc < 3 || kiln_device_open(NULL, &dev) || kiln_program_load(dev, argv[1], &p)) {
		fprintf(stderr, "usage: bench_dg IMAGE NAME...: %s\n", kiln_last_error());
		return 1;
	}
	uint32_t a = now(), b = now();
	overhead = b - a;
	for (int i = 2; i < argc; i++) {
		char s[128], arr[128];
		snprintf(s, sizeof s, "s_%s", argv[i]);
		snprintf(arr, sizeof arr, "a_%s", argv[i]);
		uint32_t r4 = 0, w4 = 0, rk = 0, wk = 0;
		int sr = measure(p, s, 0, 4, &r4), sw = measure(p, s, 1, 4, &w4);
		size_t asize = 0;
		int has_array =
		    kiln_program_dg_info(p, arr, &asize, NULL, NULL) == KILN_OK && asize == ARRAY_BYTES;
		int ar = has_array ? measure(p, arr, 0, ARRAY_BYTES, &rk) : -1;
		int aw = has_array ? measure(p, arr, 1, ARRAY_BYTES, &wk) : -1;
		printf("{\"name\": \"%s\", \"read4_cycles\": %s%u, \"write4_cycles\": %s%u, "
		       "\"copy_out_4k_cycles\": %s%u, \"copy_in_4k_cycles\": %s%u}\n",
		       argv[i], sr ? "null, \"read4_refused\": " : "", sr ? 1u : r4,
		       sw ? "null, \"write4_refused\": " : "", sw ? 1u : w4,
		       ar ? "null, \"copy_out_refused\": " : "", ar ? 1u : rk,
		       aw ? "null, \"copy_in_refused\": " : "", aw ? 1u : wk);
	}
	kiln_program_release(p);
	kiln_device_close(dev);
	return 0;
}
