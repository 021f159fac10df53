// SPDX-License-Identifier: Apache-2.0
/* regmap_rtl on a hand-made register map, without Verilator: every register becomes a case item at its
 * offset with exactly the directions its access kind allows, a constant reads its reset value, a window is
 * decoded over its block's range, written registers reset to the model's values; a binding that contradicts
 * the model (a read-only register written, a writable one with nothing behind it, a reset value wider than
 * the register, a register without hardware) is refused instead of printed. */
#include <stdlib.h>
#include <string.h>

#include "hls/system/regmap_rtl.h"
#include "test/harness.h"

/* The test's top: which register is what, and one deliberate mistake chosen by the check. */
enum mistake { NONE, RO_WRITTEN, RW_UNBACKED, RESET_TOO_WIDE, NO_HARDWARE };
static enum mistake mistake;

static int bind_window(void *ctx, const kiln_regblock *b, regmap_rtl_bind *x)
{
	(void)ctx;
	if (strcmp(b->name, "WIN") != 0)
		return 0;
	snprintf(x->rdata, sizeof x->rdata, "win_rdata");
	snprintf(x->strobe, sizeof x->strobe, "win_sel");
	return 1;
}

static int bind_reg(void *ctx, const kiln_regblock *b, const kiln_reg *r, regmap_rtl_bind *x)
{
	(void)ctx;
	(void)b;
	if (!strcmp(r->name, "MAGIC")) {
		if (mistake == RO_WRITTEN)
			snprintf(x->wreg, sizeof x->wreg, "magic_q");
		x->wbits = 32;
	} else if (!strcmp(r->name, "ENABLE")) {
		if (mistake == RW_UNBACKED)
			return 0;
		snprintf(x->rdata, sizeof x->rdata, "{30'd0, enable_q}");
		snprintf(x->wreg, sizeof x->wreg, "enable_q");
		x->wbits = mistake == RESET_TOO_WIDE ? 1 : 2;
	} else if (!strcmp(r->name, "GO")) {
		snprintf(x->strobe, sizeof x->strobe, "go_wr");
	} else if (!strcmp(r->name, "STATUS")) {
		if (mistake == NO_HARDWARE)
			return -1;
		snprintf(x->rdata, sizeof x->rdata, "status");
	} else {
		return -1;
	}
	return 0;
}

static char *emit(const kiln_regmap *m, int *rc)
{
	regmap_rtl_ops ops = {NULL, bind_window, bind_reg};
	char *t = NULL;
	size_t n = 0;
	FILE *o = open_memstream(&t, &n);
	*rc = regmap_rtl_emit(m, &ops, o);
	fclose(o);
	return t;
}

int main(void)
{
	kiln_regmap m = {0};
	kiln_regblock *id = kiln_regmap_add_block(&m, "ID", 0x0, 0x100, "id");
	kiln_regblock_add_reg(id, "MAGIC", 0x0, KILN_ACC_RO, 0x4B494C4E, "magic");
	kiln_regblock_add_reg(id, "ENABLE", 0x18, KILN_ACC_RW, 0x3, "enable");
	kiln_regblock *k = kiln_regmap_add_block(&m, "K", 0x100, 0x100, "kernel");
	kiln_regblock_add_reg(k, "GO", 0x100, KILN_ACC_WO, 0, "go");
	kiln_regblock_add_reg(k, "STATUS", 0x108, KILN_ACC_RO, 0, "status");
	kiln_regblock *w = kiln_regmap_add_block(&m, "WIN", 0x300, 0x20, "window");
	w->is_memory = 1;
	w->mem_access = KILN_ACC_WO;

	int rc;
	char *t = emit(&m, &rc);
	KT_CHECK(rc == 0 && t, "a consistent binding is printed", "rc %d", rc);
	t = t ? t : strdup("");
	KT_CHECK(strstr(t, "32'h000: begin rd_ok = 1'b1; rdata = 32'h4b494c4e; end // MAGIC"),
	         "a read-only constant reads its reset value, and only reads", "%s", t);
	KT_CHECK(strstr(t, "32'h018: begin rd_ok = 1'b1; wr_ok = 1'b1; rdata = {30'd0, enable_q}; end"),
	         "a read-write register reads and writes", "%s", t);
	KT_CHECK(strstr(t, "32'h100: begin wr_ok = 1'b1; end // GO") &&
	             strstr(t, "wire go_wr = we && a == 32'h100;"),
	         "a write-only register only writes, through its strobe", "%s", t);
	KT_CHECK(strstr(t, "32'h108: begin rd_ok = 1'b1; rdata = status; end"),
	         "a status register reads its signal", "%s", t);
	KT_CHECK(strstr(t, "wire win_sel = a[31:5] == 27'h18;") &&
	             strstr(t, "if (win_sel) begin // WIN\n      rd_ok = 1'b0;\n      wr_ok = 1'b1;"),
	         "a window is decoded by one masked compare over its block, with the memory's access", "%s",
	         t);
	KT_CHECK(strstr(t, "enable_q <= 2'd3;") && strstr(t, "32'h018: enable_q <= mmio_wdata[1:0];"),
	         "a written register resets to the model's reset value and takes the write data", "%s", t);
	KT_CHECK(!strstr(t, "32'h01c") && !strstr(t, "32'h104"), "no address outside the model is decoded",
	         "%s", t);
	free(t);

	/* A window shorter than its span also compares its few word-index bits; one word is one compare; one
	 * the layout did not align is refused (its storage takes the word index from the low address bits).
	 */
	static const struct {
		uint32_t base, size;
		const char *decode, *name;
	} wins[] = {{0x300, 0x18, "wire win_sel = a[31:5] == 27'h18 && a[4:2] < 3'd6;",
	             "a window shorter than its span compares its word index too"},
	            {0x304, 0x4, "wire win_sel = a[31:2] == 30'hc1;", "a one-word window is one compare"},
	            {0x308, 0x10, NULL, "a window off its span's alignment is refused"}};
	for (size_t i = 0; i < sizeof wins / sizeof wins[0]; i++) {
		w->base = wins[i].base;
		w->size = wins[i].size;
		t = emit(&m, &rc);
		if (wins[i].decode)
			KT_CHECK(rc == 0 && t && strstr(t, wins[i].decode), wins[i].name, "%s", t ? t : "");
		else
			KT_CHECK(rc == -1, wins[i].name, "rc %d", rc);
		free(t);
	}
	w->base = 0x300;
	w->size = 0x20;

	static const struct {
		enum mistake m;
		const char *name;
	} bad[] = {{RO_WRITTEN, "a read-only register that is written is refused"},
	           {RW_UNBACKED, "a read-write register with nothing behind it is refused"},
	           {RESET_TOO_WIDE, "a reset value wider than its register is refused"},
	           {NO_HARDWARE, "a register the top has no hardware for is refused"}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		mistake = bad[i].m;
		t = emit(&m, &rc);
		KT_CHECK(rc == -1, bad[i].name, "rc %d", rc);
		free(t);
	}
	kiln_regmap_free(&m);
	return kt_failures != 0;
}
