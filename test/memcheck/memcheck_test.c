// SPDX-License-Identifier: Apache-2.0
/* Wild accesses are reported, not silent (issue 26): on the Verilated board, a kernel's store or load
 * through a null pointer or into the null page, and a store to a 64-bit address above 4 GiB, fail the run
 * with KILN_ERR_MEM_ACCESS naming the kernel, the direction and the address, and change nothing; with
 * kiln-cc --checks, a store past an on-chip array (direct or through an ambiguous pointer) stops the kernel
 * with its source line, and without --checks the run behaves and costs as before.
 * Usage: memcheck_test PLAIN.kimg CHECKED.kimg KERNELS.c (the same kernels without and with --checks) */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#include "test/harness.h"

/* Cycles of past(out, 16) on the plain image, as kiln-cc built it before --checks and the 64-bit address
 * checks existed (d39e28c): the plain build must cost exactly that. A scheduler change that moves it moves
 * this number too (58 until its clearing loop and its copy out became a memset and a memcpy on the copy
 * engine, LLVM's loop idioms: 53). */
#define PAST16_CYCLES_BEFORE 53

static int has(const char *msg, const char *a, const char *b, const char *c)
{
	return strstr(msg, a) && strstr(msg, b) && strstr(msg, c);
}

static int run_poke(kiln_kernel *k, uint64_t p, int v, int read)
{
	if (kiln_kernel_set_arg(k, 0, sizeof p, &p) || kiln_kernel_set_arg(k, 1, sizeof v, &v) ||
	    kiln_kernel_set_arg(k, 2, sizeof read, &read))
		return KILN_ERR_INVALID;
	return kiln_kernel_run(k, NULL);
}

static int run_poke64(kiln_kernel *k, uint64_t a, int v)
{
	if (kiln_kernel_set_arg(k, 0, sizeof a, &a) || kiln_kernel_set_arg(k, 1, sizeof v, &v))
		return KILN_ERR_INVALID;
	return kiln_kernel_run(k, NULL);
}

static int run_past(kiln_kernel *k, uint64_t out, unsigned n, uint64_t *cycles)
{
	if (kiln_kernel_set_arg(k, 0, sizeof out, &out) || kiln_kernel_set_arg(k, 1, sizeof n, &n))
		return KILN_ERR_INVALID;
	return kiln_kernel_run(k, cycles);
}

static int run_ambiguous(kiln_kernel *k, uint64_t dev, int which, unsigned i, int v)
{
	if (kiln_kernel_set_arg(k, 0, sizeof dev, &dev) || kiln_kernel_set_arg(k, 1, sizeof which, &which) ||
	    kiln_kernel_set_arg(k, 2, sizeof i, &i) || kiln_kernel_set_arg(k, 3, sizeof v, &v))
		return KILN_ERR_INVALID;
	return kiln_kernel_run(k, NULL);
}

/* The null page and addresses above 4 GiB, in either build. */
static void wild(kiln_device *dev, kiln_program *prog, const char *label)
{
	kt_label = label;
	kiln_kernel *poke = NULL, *poke64 = NULL;
	uint64_t a = 0, b = 0;
	int init[4] = {11, 22, 33, 44}, back[4];
	if (!KT_CHECK(kiln_kernel_get(prog, "poke", &poke) == KILN_OK &&
	                  kiln_kernel_get(prog, "poke64", &poke64) == KILN_OK &&
	                  kiln_mem_alloc(dev, sizeof init, &a) == KILN_OK &&
	                  kiln_mem_alloc(dev, sizeof init, &b) == KILN_OK,
	              "kernels and buffers", "%s", kiln_last_error()))
		return;
	kiln_mem_write(dev, a, init, sizeof init);
	kiln_mem_write(dev, b, init, sizeof init);

	int st = run_poke(poke, 0, 7, 0);
	KT_EQ_STR(kiln_status_name(st), "KILN_ERR_MEM_ACCESS", "a store through NULL is an error");
	KT_CHECK(has(kiln_last_error(), "kernel 'poke'", "wrote", "0x00000000") &&
	             strstr(kiln_last_error(), "null page"),
	         "its message names the kernel, the direction, the address and the null page", "%s",
	         kiln_last_error());
	st = run_poke(poke, 0x10, 0, 1);
	KT_CHECK(st == KILN_ERR_MEM_ACCESS && has(kiln_last_error(), "kernel 'poke'", "read", "0x00000010"),
	         "a load from the null page is an error naming kernel, direction and address", "%s: %s",
	         kiln_status_name(st), kiln_last_error());
	st = run_poke(poke, a + 4, 55, 0);
	kiln_mem_read(dev, a, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[1] == 55, "the board stays usable: the next store lands", "%s, %d",
	         kiln_status_name(st), back[1]);

	/* B's address plus 4 GiB: the low 32 bits name B, the high ones put it outside the device's space. */
	st = run_poke64(poke64, (1ull << 32) + b, 99);
	KT_EQ_STR(kiln_status_name(st), "KILN_ERR_MEM_ACCESS", "a store above 4 GiB is an error");
	KT_CHECK(has(kiln_last_error(), "kernel 'poke64'", "wrote", "above 4 GiB"),
	         "its message names the kernel, the direction and the address's place", "%s",
	         kiln_last_error());
	kiln_mem_read(dev, b, back, sizeof back);
	KT_CHECK(!memcmp(back, init, sizeof init), "the allocation its low 32 bits name is unchanged",
	         "%d %d %d %d", back[0], back[1], back[2], back[3]);
	st = run_poke64(poke64, b + 8, 5);
	kiln_mem_read(dev, b, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[2] == 5, "a 64-bit address below 4 GiB still reaches its memory",
	         "%s, %d", kiln_status_name(st), back[2]);
	kiln_kernel *far = NULL;
	int v = 77;
	st = kiln_kernel_get(prog, "poke_far", &far) || kiln_kernel_set_arg(far, 0, sizeof v, &v)
	         ? KILN_ERR_INVALID
	         : kiln_kernel_run(far, NULL);
	KT_CHECK(st == KILN_ERR_MEM_ACCESS &&
	             has(kiln_last_error(), "kernel 'poke_far'", "wrote", "above 4 GiB"),
	         "a store to a constant address above 4 GiB is an error, not a store at its low 32 bits",
	         "%s: %s", kiln_status_name(st), kiln_last_error());
	kiln_mem_free(dev, a);
	kiln_mem_free(dev, b);
}

int main(int argc, char **argv)
{
	kiln_device *dev = NULL;
	kiln_program *plain = NULL, *checked = NULL;
	if (argc < 4 || !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK &&
	                              kiln_program_load(dev, argv[1], &plain) == KILN_OK &&
	                              kiln_program_load(dev, argv[2], &checked) == KILN_OK,
	                          "board and both images", "%s", kiln_last_error()))
		return KT_DONE();
	char store_line[512], amb_line[512];
	kt_line_of(argv[3], "line: store past", store_line, sizeof store_line);
	kt_line_of(argv[3], "line: ambiguous store", amb_line, sizeof amb_line);
	wild(dev, plain, "");
	wild(dev, checked, "--checks: ");

	kiln_kernel *past = NULL, *cpast = NULL, *amb = NULL, *camb = NULL;
	uint64_t out = 0, cycles = 0, ccycles = 0;
	int sentinel[16], back[16], want[16];
	for (int i = 0; i < 16; i++)
		sentinel[i] = -1;
	kt_label = "";
	if (!KT_CHECK(kiln_kernel_get(plain, "past", &past) == KILN_OK &&
	                  kiln_kernel_get(checked, "past", &cpast) == KILN_OK &&
	                  kiln_kernel_get(plain, "ambiguous", &amb) == KILN_OK &&
	                  kiln_kernel_get(checked, "ambiguous", &camb) == KILN_OK &&
	                  kiln_mem_alloc(dev, sizeof sentinel, &out) == KILN_OK,
	              "kernels past and ambiguous", "%s", kiln_last_error()))
		return KT_DONE();

	/* Without --checks: as before, in cycles and in what a store past the array does (it wraps). */
	int st = run_past(past, out, 16, &cycles);
	kiln_mem_read(dev, out, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[0] == 1 && back[15] == 16, "plain: past(16) fills the array",
	         "%s, %d %d", kiln_status_name(st), back[0], back[15]);
	KT_EQ_U64(cycles, PAST16_CYCLES_BEFORE, "plain: past(16) takes the cycles it took before --checks");
	st = run_past(past, out, 20, NULL);
	kiln_mem_read(dev, out, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[0] == 17 && back[3] == 20 && back[4] == 5,
	         "plain: a store past the array wraps inside it, silently, as before", "%s, %d %d %d",
	         kiln_status_name(st), back[0], back[3], back[4]);
	st = run_ambiguous(amb, out, 0, 8, 3);
	KT_CHECK(st == KILN_OK, "plain: an ambiguous store past its table is not checked", "%s: %s",
	         kiln_status_name(st), kiln_last_error());

	/* With --checks. */
	for (int i = 0; i < 16; i++)
		want[i] = i + 1;
	kiln_mem_write(dev, out, sentinel, sizeof sentinel);
	st = run_past(cpast, out, 16, &ccycles);
	kiln_mem_read(dev, out, back, sizeof back);
	KT_CHECK(st == KILN_OK && !memcmp(back, want, sizeof want), "--checks: past(16) runs as without",
	         "%s: %s", kiln_status_name(st), kiln_last_error());
	printf("# past(16): %" PRIu64 " cycles plain, %" PRIu64 " with --checks\n", cycles, ccycles);
	kiln_mem_write(dev, out, sentinel, sizeof sentinel);
	st = run_past(cpast, out, 20, NULL);
	KT_CHECK(st != KILN_OK && has(kiln_last_error(), "kernel 'past'", store_line, "store") &&
	             strstr(kiln_last_error(), "outside"),
	         "--checks: a store past an on-chip array stops the kernel with its source line",
	         "%s: %s (want %s)", kiln_status_name(st), kiln_last_error(), store_line);
	kiln_mem_read(dev, out, back, sizeof back);
	KT_CHECK(!memcmp(back, sentinel, sizeof sentinel),
	         "--checks: the kernel stopped there (out untouched)", "%d %d", back[0], back[15]);
	st = run_ambiguous(camb, out, 0, 8, 3);
	KT_CHECK(st != KILN_OK && has(kiln_last_error(), "kernel 'ambiguous'", amb_line, "'table'"),
	         "--checks: an ambiguous store past its table stops the kernel with its source line",
	         "%s: %s (want %s)", kiln_status_name(st), kiln_last_error(), amb_line);
	int t[8] = {0};
	st = run_ambiguous(camb, out, 0, 7, 9);
	KT_CHECK(st == KILN_OK && kiln_dg_read(checked, "table", t, sizeof t, 0) == KILN_OK && t[7] == 9 &&
	             t[0] == 0,
	         "--checks: an ambiguous store inside its table lands, and the stopped one did not wrap",
	         "%s, table[7] %d, table[0] %d", kiln_status_name(st), t[7], t[0]);
	st = run_ambiguous(camb, out, 1, 2, 4);
	kiln_mem_read(dev, out, back, sizeof back);
	KT_CHECK(st == KILN_OK && back[2] == 4, "--checks: the device-memory arm is unchanged", "%s, %d",
	         kiln_status_name(st), back[2]);
	st = run_past(cpast, out, 16, NULL);
	KT_CHECK(st == KILN_OK, "--checks: the board runs the kernel again after the stop", "%s: %s",
	         kiln_status_name(st), kiln_last_error());
	kiln_mem_free(dev, out);
	kiln_program_release(plain);
	kiln_program_release(checked);
	kiln_device_close(dev);
	return KT_DONE();
}
