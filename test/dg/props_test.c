// SPDX-License-Identifier: Apache-2.0
/* Device-global properties in hardware, every combination (see props_table.h), on scalars and arrays: host
 * port behaviour including refused accesses (runtime and bus level), kernel access, sharing between two
 * kernels, value after reset, value after reprogramming. */
#include <stdio.h>
#include <string.h>

#include <kiln/kiln.h>

#include "props_table.h"
#include "test/harness.h"

enum { HA_READ = 0, HA_WRITE = 1, HA_READ_WRITE = 2, HA_NONE = 3 };
enum { IM_REPROGRAM = 0, IM_RESET = 1 };

typedef struct combo {
	const char *name;
	int ha, im, csr;
} combo;

#define ROW(name, ha, im, csr) {#name, HA_##ha, IM_##im, #csr[1] == 'N'},
static const combo combos[] = {KILN_DG_PROPS_TABLE(ROW){"usm", HA_READ_WRITE, -1, 0}};
#define NCOMBO (int)(sizeof combos / sizeof combos[0])
#define PER (1 + KILN_DG_ARRAY_LEN) /* words get_all writes per combination */

static kiln_device *dev;
static kiln_program *prog;
static kiln_kernel *set_all, *get_all;
static uint64_t out_addr;

/* Runs get_all and returns the words it copied out of every global. */
static int snapshot(int *w)
{
	if (kiln_kernel_set_arg(get_all, 0, 8, &out_addr) || kiln_kernel_run(get_all, NULL))
		return -1;
	return kiln_mem_read(dev, out_addr, w, sizeof(int) * NCOMBO * PER);
}

static int readable(const combo *c)
{
	return c->ha == HA_READ || c->ha == HA_READ_WRITE;
}

static int writable(const combo *c)
{
	return c->ha == HA_WRITE || c->ha == HA_READ_WRITE;
}

/* Whether combination K's words in W are scalar S and array base A (A + i). */
static int holds(const int *w, int k, int s, int a)
{
	if (w[k * PER] != s)
		return 0;
	for (int i = 0; i < KILN_DG_ARRAY_LEN; i++)
		if (w[k * PER + 1 + i] != a + i)
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	char name[128], uid[64];
	int w[NCOMBO * PER];
	if (argc < 2 ||
	    !KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open board", "%s", kiln_last_error()) ||
	    !KT_CHECK(kiln_program_load(dev, argv[1], &prog) == KILN_OK, "load props image", "%s",
	              kiln_last_error()))
		return 1;
	kiln_kernel_get(prog, "set_all", &set_all);
	kiln_kernel_get(prog, "get_all", &get_all);
	KT_CHECK(kiln_mem_alloc(dev, sizeof w, &out_addr) == KILN_OK, "device buffer", "%s",
	         kiln_last_error());

	/* Initial values, as the kernels see them. */
	KT_CHECK(snapshot(w) == 0, "get_all runs", "%s", kiln_last_error());
	for (int k = 0; k < NCOMBO; k++) {
		snprintf(name, sizeof name, "%s: kernel reads the initial values", combos[k].name);
		KT_CHECK(holds(w, k, KILN_DG_SCALAR_INIT, 1), name, "scalar %d array[0] %d", w[k * PER],
		         w[k * PER + 1]);
	}

	/* Host port: the runtime refuses forbidden directions; the bus refuses them too and nothing changes.
	 */
	for (int k = 0; k < NCOMBO; k++) {
		const combo *c = &combos[k];
		for (int arr = 0; arr < 2; arr++) {
			int v[KILN_DG_ARRAY_LEN] = {0}, n = arr ? KILN_DG_ARRAY_LEN : 1;
			snprintf(uid, sizeof uid, "%c_%s", arr ? 'a' : 's', c->name);
			int st = kiln_dg_read(prog, uid, v, sizeof(int) * (size_t)n, 0);
			snprintf(name, sizeof name, "%s: host read %s", uid,
			         readable(c) ? "allowed" : "refused");
			if (readable(c))
				KT_CHECK(st == KILN_OK && v[0] == (arr ? 1 : KILN_DG_SCALAR_INIT) &&
				             v[n - 1] == (arr ? n : 7),
				         name, "status %d v0 %d: %s", st, v[0], kiln_last_error());
			else
				KT_CHECK(st == KILN_ERR_ACCESS, name, "status %d", st);
			uint32_t addr = 0, word = 0;
			kiln_program_dg_info(prog, uid, NULL, NULL, &addr);
			if (!addr)
				continue;
			if (!readable(c)) {
				snprintf(name, sizeof name, "%s: bus error on a host read", uid);
				KT_CHECK(kiln_device_mmio_read(dev, addr, &word) == KILN_ERR_BUS, name,
				         "read 0x%x", word);
			}
			if (!writable(c)) {
				snprintf(name, sizeof name, "%s: bus error on a host write", uid);
				KT_CHECK(kiln_device_mmio_write(dev, addr, 0xdead) == KILN_ERR_BUS, name,
				         "%s", "write accepted");
			}
		}
	}
	KT_CHECK(snapshot(w) == 0, "get_all after refused writes", "%s", kiln_last_error());
	int unchanged = 1;
	for (int k = 0; k < NCOMBO; k++)
		unchanged &= holds(w, k, KILN_DG_SCALAR_INIT, 1);
	KT_CHECK(unchanged, "refused host accesses changed nothing", "%s", "a value moved");

	/* Host writes where allowed; kernels see them. */
	for (int k = 0; k < NCOMBO; k++) {
		const combo *c = &combos[k];
		int s = 50, a[KILN_DG_ARRAY_LEN];
		for (int i = 0; i < KILN_DG_ARRAY_LEN; i++)
			a[i] = 60 + i;
		snprintf(uid, sizeof uid, "s_%s", c->name);
		int st1 = kiln_dg_write(prog, uid, &s, sizeof s, 0);
		snprintf(uid, sizeof uid, "a_%s", c->name);
		int st2 = kiln_dg_write(prog, uid, a, sizeof a, 0);
		snprintf(name, sizeof name, "%s: host write %s", c->name,
		         writable(c) ? "allowed" : "refused");
		KT_CHECK(writable(c) ? (st1 == KILN_OK && st2 == KILN_OK)
		                     : (st1 == KILN_ERR_ACCESS && st2 == KILN_ERR_ACCESS),
		         name, "status %d %d", st1, st2);
	}
	KT_CHECK(snapshot(w) == 0, "get_all after host writes", "%s", kiln_last_error());
	for (int k = 0; k < NCOMBO; k++) {
		snprintf(name, sizeof name, "%s: kernel sees %s", combos[k].name,
		         writable(&combos[k]) ? "the host's write" : "the initial value");
		KT_CHECK(writable(&combos[k]) ? holds(w, k, 50, 60) : holds(w, k, KILN_DG_SCALAR_INIT, 1),
		         name, "scalar %d array[0] %d", w[k * PER], w[k * PER + 1]);
	}

	/* One kernel writes, another reads: the storage is shared by the image's kernels. */
	int hundred = 100;
	kiln_kernel_set_arg(set_all, 0, 4, &hundred);
	KT_CHECK(kiln_kernel_run(set_all, NULL) == KILN_OK, "set_all(100)", "%s", kiln_last_error());
	KT_CHECK(snapshot(w) == 0, "get_all after set_all", "%s", kiln_last_error());
	for (int k = 0; k < NCOMBO; k++) {
		snprintf(name, sizeof name, "%s: written by one kernel, read by another", combos[k].name);
		KT_CHECK(holds(w, k, 100, 100), name, "scalar %d", w[k * PER]);
	}
	for (int k = 0; k < NCOMBO; k++) {
		if (!readable(&combos[k]))
			continue;
		int v = 0;
		snprintf(uid, sizeof uid, "a_%s", combos[k].name);
		snprintf(name, sizeof name, "%s: host reads the kernel's write", uid);
		KT_CHECK(kiln_dg_read(prog, uid, &v, 4, 4 * 3) == KILN_OK && v == 103, name, "v=%d", v);
	}

	/* Reset: init_mode reset restores, reprogram keeps. */
	KT_CHECK(kiln_device_reset(dev) == KILN_OK, "board reset", "%s", kiln_last_error());
	KT_CHECK(snapshot(w) == 0, "get_all after reset", "%s", kiln_last_error());
	for (int k = 0; k < NCOMBO; k++) {
		int reset = combos[k].im == IM_RESET;
		snprintf(name, sizeof name, "%s: after reset %s", combos[k].name,
		         reset ? "the initial value is back" : "the value is kept");
		KT_CHECK(reset ? holds(w, k, KILN_DG_SCALAR_INIT, 1) : holds(w, k, 100, 100), name,
		         "scalar %d", w[k * PER]);
	}

	/* Reprogramming: every global starts over. */
	KT_CHECK(kiln_program_reprogram(prog) == KILN_OK, "reprogram", "%s", kiln_last_error());
	KT_CHECK(snapshot(w) == 0, "get_all after reprogram", "%s", kiln_last_error());
	for (int k = 0; k < NCOMBO; k++) {
		snprintf(name, sizeof name, "%s: after reprogramming the initial value is back",
		         combos[k].name);
		KT_CHECK(holds(w, k, KILN_DG_SCALAR_INIT, 1), name, "scalar %d", w[k * PER]);
	}
	kiln_mem_free(dev, out_addr);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return KT_DONE();
}
