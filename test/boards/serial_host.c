// SPDX-License-Identifier: Apache-2.0
/* What a real board's link must survive, through libkiln's public API and its serial backend, on a
 * co-simulated board (test/boards/serial-test.sh starts it; KILN_BOARD and KILN_SERIAL_PORT name it):
 * copies at unaligned addresses and of odd lengths, and longer than one frame, that leave the bytes around
 * them alone; a kernel that never finishes, caught by the watchdog and followed by a board reset, after
 * which the same process runs kernels correctly; a kernel's store outside device memory, reported; and the
 * board's own small debug channel: a kernel's printf reaches the host's stdout, its exit status the caller,
 * records past the channel are dropped and counted (nothing written beyond it), and malloc works.
 *   serial_host IMAGE [CHANNEL_C]   (an image of examples/counter.c, examples/saxpy.c, serial_kernels.c and,
 *                                   on a board with a debug channel, CHANNEL_C: channel_kernels.c, where the
 *                                   line of its exit is looked up; without it the channel is not tried)
 * Prints "ok - BOARD: NAME" or "not ok - BOARD: NAME: why" lines; exits 1 when any check failed. */
/* clock_gettime under -std=c11 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "host/common/contract.h"
#include "test/harness.h"

/* Milliseconds of the real boards' clocks: their default budgets (seconds of board time) would take minutes of
 * simulation, and a budget is what a test of the watchdog is about, not its size. */
#define HANG_BUDGET 200000u
/* At offset 3: a byte alone, 4097 words (one more than the serial backend's largest block, 16 KiB, and 33
 * frames of at most 128 words, several in flight at once within the bridge's window), a byte alone. */
#define BIG 16390u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A byte pattern that differs between neighbours, so that a copy shifted by a byte shows. */
static unsigned char pat(unsigned seed, size_t i)
{
	return (unsigned char)(i * 131u + seed * 29u + 7u);
}

/* Reads all N bytes at ADDR (aligned) and compares them with SHADOW; the first difference into WHY. */
static int same_as(kiln_device *dev, uint64_t addr, const unsigned char *shadow, size_t n, char *why,
                   size_t whylen)
{
	unsigned char *back = malloc(n);
	int st = back ? kiln_mem_read(dev, addr, back, n) : KILN_ERR_NOMEM;
	if (st != KILN_OK) {
		snprintf(why, whylen, "reading back: %s", kiln_last_error());
		free(back);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (back[i] != shadow[i]) {
			snprintf(why, whylen, "byte %zu is 0x%02x, want 0x%02x", i, back[i], shadow[i]);
			free(back);
			return 0;
		}
	free(back);
	return 1;
}

/* Writes N bytes (a new pattern) at byte OFF of the region at BASE, then checks the whole region against
 * SHADOW (the bytes around the copy untouched, in the same words too) and reads the N bytes back at the same
 * unaligned address into a buffer with a guard byte either side (the read writes nothing of the host's
 * beyond them). */
static int copy_case(kiln_device *dev, uint64_t base, unsigned char *shadow, size_t region, size_t off,
                     size_t n, unsigned seed, char *why, size_t whylen)
{
	unsigned char *src = malloc(n + 1), *dst = malloc(n + 2);
	int ok = 0;
	if (!src || !dst) {
		snprintf(why, whylen, "out of host memory");
		goto out;
	}
	/* every byte changes (its top bit at least), so a write that did not happen shows */
	for (size_t i = 0; i < n; i++)
		src[i] = shadow[off + i] ^ (unsigned char)(0x80u | pat(seed, i));
	if (kiln_mem_write(dev, base + off, src, n) != KILN_OK) {
		snprintf(why, whylen, "%zu bytes at +%zu: write: %s", n, off, kiln_last_error());
		goto out;
	}
	memcpy(shadow + off, src, n);
	char sub[160];
	if (!same_as(dev, base, shadow, region, sub, sizeof sub)) {
		snprintf(why, whylen, "after writing %zu bytes at +%zu: %s", n, off, sub);
		goto out;
	}
	memset(dst, 0xCC, n + 2);
	if (kiln_mem_read(dev, base + off, dst + 1, n) != KILN_OK) {
		snprintf(why, whylen, "%zu bytes at +%zu: read: %s", n, off, kiln_last_error());
		goto out;
	}
	if (dst[0] != 0xCC || dst[n + 1] != 0xCC) {
		snprintf(why, whylen, "reading %zu bytes at +%zu wrote the host's bytes beside them", n, off);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if (dst[1 + i] != shadow[off + i]) {
			snprintf(why, whylen, "reading %zu bytes at +%zu: byte %zu is 0x%02x, want 0x%02x", n,
			         off, i, dst[1 + i], shadow[off + i]);
			goto out;
		}
	ok = 1;
out:
	free(src);
	free(dst);
	return ok;
}

static void transfers(kiln_device *dev)
{
	static const size_t lens[] = {1, 3, 5, 127, 513}, offs[] = {1, 2, 3};
	enum { REGION = 1024 };
	unsigned char shadow[REGION];
	char why[256] = "";
	uint64_t base = 0, big = 0;
	/* A memory too small for BIG (the HX8K's 4 KiB to allocate) copies what it holds beside REGION: still
	 * frames several in flight, though not past the backend's largest block. */
	uint64_t room = kiln_device_mem_size(dev) - kiln_device_mem_base(dev);
	size_t n = BIG;
	if (room < REGION + BIG + 8 + KILN_MEM_ALIGN)
		n = room > REGION + 8 + 2 * KILN_MEM_ALIGN ? (size_t)(room - REGION - 8 - KILN_MEM_ALIGN) : 1;
	if (!KT_CHECK(kiln_mem_alloc(dev, REGION, &base) == KILN_OK &&
	                  kiln_mem_alloc(dev, n + 8, &big) == KILN_OK,
	              "device memory for the copies", "%s", kiln_last_error()))
		return;
	for (size_t i = 0; i < REGION; i++)
		shadow[i] = pat(1, i);
	int ok = KT_CHECK(kiln_mem_write(dev, base, shadow, REGION) == KILN_OK &&
	                      same_as(dev, base, shadow, REGION, why, sizeof why),
	                  "an aligned 1 KiB copy (two frames) each way", "%s %s", why, kiln_last_error());
	unsigned seed = 2;
	for (size_t o = 0; ok && o < sizeof offs / sizeof *offs; o++)
		for (size_t l = 0; ok && l < sizeof lens / sizeof *lens; l++)
			ok = copy_case(dev, base, shadow, REGION, offs[o], lens[l], seed++, why, sizeof why);
	/* nothing to copy is no access at all, at an unaligned address too */
	if (ok) {
		unsigned char none = 0xEE;
		ok = kiln_mem_write(dev, base + 1, &none, 0) == KILN_OK &&
		     kiln_mem_read(dev, base + 3, &none, 0) == KILN_OK && none == 0xEE &&
		     same_as(dev, base, shadow, REGION, why, sizeof why);
		if (!ok && !*why)
			snprintf(why, sizeof why, "a copy of 0 bytes: %s", kiln_last_error());
	}
	KT_CHECK(ok,
	         "copies of 1, 3, 5, 127 and 513 bytes at offsets 1, 2 and 3 (and of 0 bytes) land exactly, "
	         "read back exactly, and leave the bytes around them alone",
	         "%s", why);

	unsigned char *bshadow = malloc(n + 8);
	if (!bshadow)
		return;
	for (size_t i = 0; i < n + 8; i++)
		bshadow[i] = pat(99, i);
	double t0 = now();
	ok = kiln_mem_write(dev, big, bshadow, n + 8) == KILN_OK;
	if (!ok)
		snprintf(why, sizeof why, "the aligned fill: %s", kiln_last_error());
	ok = ok && copy_case(dev, big, bshadow, n + 8, 3, n, 100, why, sizeof why);
	/* the words the copy touches from offset 3, in frames of at most 128 words */
	size_t words = (3 + n - 1) / 4 + 1;
	char name[160];
	snprintf(name, sizeof name,
	         "a copy of %zu bytes at offset 3 (%zu frames%s) lands and reads back exactly, the bytes "
	         "around it alone",
	         n, (words + 127) / 128, n > 16384 ? ", over 16 KiB" : "");
	KT_CHECK(ok, name, "%s", why);
	fprintf(stderr, "serial_host: the large copy took %.2f s\n", now() - t0);
	free(bshadow);
	kiln_mem_free(dev, big);
	kiln_mem_free(dev, base);
}

static void hang(kiln_device *dev, kiln_program *prog)
{
	kiln_kernel *wait_flag = NULL, *bump = NULL;
	uint64_t flag = 0, out = 0, resets0 = 0, resets1 = 0, cycles = 0;
	int zero = 0, minus = -1, seven = 7, s = 0, got = 0;
	if (!KT_CHECK(kiln_kernel_get(prog, "wait_flag", &wait_flag) == KILN_OK &&
	                  kiln_kernel_get(prog, "bump", &bump) == KILN_OK &&
	                  kiln_mem_alloc(dev, 64, &flag) == KILN_OK &&
	                  kiln_mem_alloc(dev, 64, &out) == KILN_OK &&
	                  kiln_mem_write(dev, flag, &zero, sizeof zero) == KILN_OK &&
	                  kiln_mem_write(dev, out, &minus, sizeof minus) == KILN_OK &&
	                  kiln_kernel_set_arg(wait_flag, 0, sizeof flag, &flag) == KILN_OK &&
	                  kiln_kernel_set_arg(wait_flag, 1, sizeof out, &out) == KILN_OK &&
	                  kiln_device_set_watchdog(dev, HANG_BUDGET) == KILN_OK &&
	                  kiln_dg_write(prog, "sentinel", &seven, sizeof seven, 0) == KILN_OK &&
	                  kiln_dg_read(prog, "sentinel", &s, sizeof s, 0) == KILN_OK && s == 7 &&
	                  kiln_device_counters(dev, NULL, &resets0) == KILN_OK,
	              "a hang set up: the flag 0 in device memory, a 200000-cycle watchdog, the sentinel 7",
	              "sentinel %d: %s", s, kiln_last_error()))
		return;

	double t0 = now();
	int st = kiln_kernel_run(wait_flag, &cycles);
	double dt = now() - t0;
	const char *msg = kiln_last_error();
	KT_CHECK(
	    st == KILN_ERR_TIMEOUT && strstr(msg, "wait_flag") && strstr(msg, "200000") &&
	        strstr(msg, "reset"),
	    "a kernel spinning on device memory is reported hung (KILN_ERR_TIMEOUT, naming it, its budget "
	    "and the reset)",
	    "%s: \"%s\"", kiln_status_name(st), msg);
	fprintf(stderr, "serial_host: the hang took %.2f s to report\n", dt);
	KT_CHECK(kiln_device_counters(dev, NULL, &resets1) == KILN_OK && resets1 == resets0 + 1,
	         "the runtime reset the board once", "resets %llu -> %llu", (unsigned long long)resets0,
	         (unsigned long long)resets1);
	KT_CHECK(kiln_dg_read(prog, "sentinel", &s, sizeof s, 0) == KILN_OK && s == 42,
	         "the reset reached the hardware over the link (an init_mode reset global is back to 42)",
	         "sentinel %d: %s", s, kiln_last_error());
	KT_EQ_U64(kiln_device_loaded_image(dev), kiln_program_image_hash(prog),
	          "the board still runs the image");
	KT_CHECK(kiln_mem_read(dev, out, &got, sizeof got) == KILN_OK && got == -1,
	         "the hung kernel never got past its loop (its result untouched)", "out %d: %s", got,
	         kiln_last_error());

	/* The same kernel, let go this time, in the same process and image. */
	int go = 41;
	got = 0;
	st = kiln_mem_write(dev, flag, &go, sizeof go);
	st = st ? st : kiln_kernel_run(wait_flag, &cycles);
	st = st ? st : kiln_mem_read(dev, out, &got, sizeof got);
	KT_CHECK(st == KILN_OK && got == 42,
	         "after the hang the same kernel, its flag set, finishes with the right result",
	         "%s, out %d: %s", kiln_status_name(st), got, kiln_last_error());
	int c0 = 0, c1 = 0, n = 5;
	st = kiln_dg_read(prog, "counter", &c0, sizeof c0, 0);
	st = st ? st : kiln_kernel_set_arg(bump, 0, sizeof n, &n);
	st = st ? st : kiln_kernel_run(bump, NULL);
	st = st ? st : kiln_dg_read(prog, "counter", &c1, sizeof c1, 0);
	KT_CHECK(st == KILN_OK && c1 == c0 + n,
	         "after the hang another kernel of the image runs right (bump(5) adds 5 to counter)",
	         "%s, counter %d -> %d: %s", kiln_status_name(st), c0, c1, kiln_last_error());
	kiln_mem_free(dev, flag);
	kiln_mem_free(dev, out);
}

static void mem_errors(kiln_device *dev, kiln_program *prog)
{
	kiln_kernel *poke = NULL;
	uint64_t cell = 0, null_page = 16, beyond = kiln_device_mem_size(dev) + 64;
	int v = 1234, got = 0;
	if (!KT_CHECK(kiln_kernel_get(prog, "poke", &poke) == KILN_OK &&
	                  kiln_mem_alloc(dev, 64, &cell) == KILN_OK &&
	                  kiln_kernel_set_arg(poke, 1, sizeof v, &v) == KILN_OK,
	              "kernel poke", "%s", kiln_last_error()))
		return;
	kiln_kernel_set_arg(poke, 0, sizeof null_page, &null_page);
	int st = kiln_kernel_run(poke, NULL);
	KT_CHECK(st == KILN_ERR_MEM_ACCESS && strstr(kiln_last_error(), "null page"),
	         "a kernel's store through a null pointer is reported (KILN_ERR_MEM_ACCESS)", "%s: \"%s\"",
	         kiln_status_name(st), kiln_last_error());
	kiln_kernel_set_arg(poke, 0, sizeof beyond, &beyond);
	st = kiln_kernel_run(poke, NULL);
	KT_CHECK(st == KILN_ERR_MEM_ACCESS && strstr(kiln_last_error(), "outside"),
	         "a kernel's store beyond device memory is reported (KILN_ERR_MEM_ACCESS)", "%s: \"%s\"",
	         kiln_status_name(st), kiln_last_error());
	kiln_kernel_set_arg(poke, 0, sizeof cell, &cell);
	st = kiln_kernel_run(poke, NULL);
	KT_CHECK(st == KILN_OK && kiln_mem_read(dev, cell, &got, sizeof got) == KILN_OK && got == v,
	         "then a store inside device memory lands", "%s, got %d: %s", kiln_status_name(st), got,
	         kiln_last_error());
	kiln_mem_free(dev, cell);
}

/* Runs K with stdout and stderr in files: its status, and what they received (malloc'd) in OUT and ERR. */
static int run_captured(kiln_kernel *k, char **out, char **err)
{
	char po[] = "/tmp/kiln-serial-outXXXXXX", pe[] = "/tmp/kiln-serial-errXXXXXX";
	int fo = mkstemp(po), fe = mkstemp(pe);
	fflush(stdout);
	fflush(stderr);
	int so = dup(1), se = dup(2);
	dup2(fo, 1);
	dup2(fe, 2);
	int st = kiln_kernel_run(k, NULL);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	close(fo);
	close(fe);
	*out = kt_read_file(po, NULL);
	*err = kt_read_file(pe, NULL);
	unlink(po);
	unlink(pe);
	return st;
}

static void debug_channel(kiln_device *dev, kiln_program *prog, const char *channel_c)
{
	kiln_kernel *hello = NULL, *flood = NULL, *squares = NULL;
	/* the channel lies from KILN_DEBUG_BASE up to the first allocation, its header first */
	uint64_t first = kiln_device_mem_base(dev);
	if (!KT_CHECK(kiln_kernel_get(prog, "hello", &hello) == KILN_OK &&
	                  kiln_kernel_get(prog, "flood", &flood) == KILN_OK &&
	                  kiln_kernel_get(prog, "squares", &squares) == KILN_OK &&
	                  first > KILN_DEBUG_BASE + KILN_DEBUG_RECORDS && first <= 0x10000,
	              "the board has a debug channel of a few KiB below its first allocation",
	              "first allocation at 0x%llx: %s", (unsigned long long)first, kiln_last_error()))
		return;
	uint32_t room = (uint32_t)(first - KILN_DEBUG_BASE - KILN_DEBUG_RECORDS);
	char *out = NULL, *err = NULL, want[200], site[64];
	kt_line_of(channel_c, "/* hello's exit */", site, sizeof site);

	int n = 42, status = 0;
	kiln_kernel_set_arg(hello, 0, sizeof n, &n);
	kiln_kernel_set_arg(hello, 1, sizeof status, &status);
	int st = run_captured(hello, &out, &err);
	KT_CHECK(st == KILN_OK && out && !strcmp(out, "hello from the board: 42, 7e\n") && err && !*err,
	         "a kernel's printf reaches the host's stdout through the board's debug channel",
	         "%s: stdout \"%s\", stderr \"%s\": %s", kiln_status_name(st), out ? out : "?",
	         err ? err : "?", kiln_last_error());
	free(out);
	free(err);

	n = 5;
	status = 3;
	kiln_kernel_set_arg(hello, 0, sizeof n, &n);
	kiln_kernel_set_arg(hello, 1, sizeof status, &status);
	st = run_captured(hello, &out, &err);
	const char *msg = kiln_last_error();
	KT_CHECK(st == KILN_ERR_EXIT && kiln_kernel_exit_status(hello) == 3 &&
	             strstr(msg, "called exit(3)") && strstr(msg, site) && out &&
	             !strcmp(out, "hello from the board: 5, f\n"),
	         "exit(3) after a printf: the text on stdout, KILN_ERR_EXIT with status 3 at its line",
	         "%s, status %d: \"%s\" (want %s), stdout \"%s\"", kiln_status_name(st),
	         kiln_kernel_exit_status(hello), msg, site, out ? out : "?");
	free(out);
	free(err);

	/* twice the records the channel holds: the first ROOM / 12 printed, the rest dropped and counted */
	int fit = (int)(room / 12), records = 2 * fit;
	unsigned char before[64], after[64];
	kiln_kernel_set_arg(flood, 0, sizeof records, &records);
	int read = kiln_mem_read(dev, first, before, sizeof before);
	st = run_captured(flood, &out, &err);
	read = read ? read : kiln_mem_read(dev, first, after, sizeof after);
	size_t cap = (size_t)fit * 8 + 1, at = 0;
	char *lines = malloc(cap);
	for (int i = 0; lines && i < fit; i++)
		at += (size_t)snprintf(lines + at, cap - at, "%d\n", i);
	snprintf(want, sizeof want, "%d printf records did not fit the debug channel (%u bytes)",
	         records - fit, room);
	KT_CHECK(
	    st == KILN_OK && lines && out && !strcmp(out, lines) && err && strstr(err, want) && !read &&
	        !memcmp(before, after, sizeof before),
	    "printf past the board's channel: the records that fit printed in order, the rest dropped and "
	    "counted, the memory after the channel untouched",
	    "%s, %zu bytes of stdout (want %zu), stderr \"%s\" (want \"%s\"), memory after it %s: %s",
	    kiln_status_name(st), out ? strlen(out) : 0, at, err ? err : "?", want,
	    read                                   ? "unread"
	    : memcmp(before, after, sizeof before) ? "changed"
	                                           : "as it was",
	    kiln_last_error());
	free(lines);
	free(out);
	free(err);

	uint64_t res = 0, heap = 0, high = 0;
	long long sum = 0;
	n = 100;
	st = kiln_mem_alloc(dev, sizeof sum, &res);
	st = st ? st : kiln_kernel_set_arg(squares, 0, sizeof res, &res);
	st = st ? st : kiln_kernel_set_arg(squares, 1, sizeof n, &n);
	st = st ? st : kiln_kernel_run(squares, NULL);
	st = st ? st : kiln_mem_read(dev, res, &sum, sizeof sum);
	st = st ? st : kiln_program_heap_info(prog, &heap, &high);
	KT_CHECK(
	    st == KILN_OK && sum == 328350 && heap == 4096 && high >= 400 && high <= heap,
	    "malloc on the board: a 4 KiB heap, described in the channel's header, holds a 400-byte array",
	    "%s, sum %lld (want 328350), heap %llu bytes, %llu used at most: %s", kiln_status_name(st), sum,
	    (unsigned long long)heap, (unsigned long long)high, kiln_last_error());
	kiln_mem_free(dev, res);
}

int main(int argc, char **argv)
{
	static char label[64];
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: serial_host IMAGE [CHANNEL_C]\n");
		return 2;
	}
	/* the board's name before any check, so that each board's checks have names of their own */
	const char *bd = getenv("KILN_BOARD");
	snprintf(label, sizeof label, "%s: ", bd && *bd ? bd : "sim");
	kt_label = label;
	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open the board", "%s", kiln_last_error()))
		return KT_DONE();
	if (!KT_CHECK(kiln_program_load(dev, argv[1], &prog) == KILN_OK, "load the image", "%s",
	              kiln_last_error()))
		return KT_DONE();
	transfers(dev);
	hang(dev, prog);
	mem_errors(dev, prog);
	if (argc == 3)
		debug_channel(dev, prog, argv[2]);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
