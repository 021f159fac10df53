// SPDX-License-Identifier: Apache-2.0
#include "regmap_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "../support/diag.h"

static int readable(enum kiln_reg_access a)
{
	return a != KILN_ACC_WO;
}

static int writable(enum kiln_reg_access a)
{
	return a != KILN_ACC_RO;
}

static uint32_t low_mask(unsigned bits)
{
	return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

/* A window answers in one direction set for its whole range: the memory's, or that of its registers, which
 * must then agree. -1 when they do not. */
static int window_access(const kiln_regblock *b, enum kiln_reg_access *acc)
{
	if (b->is_memory) {
		*acc = b->mem_access;
		return 0;
	}
	if (b->nregs == 0)
		return -1;
	*acc = b->regs[0].access;
	for (size_t i = 1; i < b->nregs; i++)
		if (b->regs[i].access != *acc)
			return -1;
	return 0;
}

/* A binding must give a register exactly the directions its access kind allows, and a written register
 * must be able to hold its reset value. */
static int check_bind(const kiln_regblock *b, const kiln_reg *r, const regmap_rtl_bind *x)
{
	const char *why = NULL;
	if (!writable(r->access) && (x->wreg[0] || x->strobe[0]))
		why = "a read-only register is written";
	else if (writable(r->access) && !x->wreg[0] && !x->strobe[0])
		why = "a writable register has nothing to write";
	else if (x->wreg[0] && (x->wbits == 0 || x->wbits > 32))
		why = "the written register's width is not 1..32 bits";
	else if (x->wreg[0] && !x->keep && (r->reset & ~low_mask(x->wbits)))
		why = "the reset value does not fit the written register";
	else if (readable(r->access) && !x->rdata[0] && r->access != KILN_ACC_RO)
		why = "a register the host writes reads back a constant";
	if (!why)
		return 0;
	diag_error(NULL, 0, 0, "internal error: register %s.%s at 0x%x: %s", b->name, r->name, r->offset,
	           why);
	return -1;
}

static const char *dirs(enum kiln_reg_access acc)
{
	return !writable(acc)   ? " rd_ok = 1'b1;"
	       : !readable(acc) ? " wr_ok = 1'b1;"
	                        : " rd_ok = 1'b1; wr_ok = 1'b1;";
}

/* The select of window B (LiteX's CSRBank decode): B's span is the power of two that holds it, to which the
 * layout aligns it (system_dg_addr_bits), so the window is one masked compare of the address bits above the
 * span and, when B is shorter than its span, a compare of the few word-index bits below it; no adder on the
 * bus's path. The storage behind takes its word index from the address bits below the span, so a window off
 * its alignment is an internal error, not a decode. 0, or -1 after reporting it. */
static int window_decode(const kiln_regblock *b, const char *strobe, FILE *o)
{
	unsigned k = 2;
	while (k < 32 && (1ull << k) < b->size)
		k++;
	if (k >= 32 || (b->base & ((1u << k) - 1)) || b->size % 4 || !b->size) {
		diag_error(NULL, 0, 0,
		           "internal error: register block %s at 0x%x (%u bytes) is not aligned to its span",
		           b->name, b->base, b->size);
		return -1;
	}
	fprintf(o, "  wire %s = a[31:%u] == %u'h%x", strobe, k, 32 - k, b->base >> k);
	if (b->size < (1u << k))
		fprintf(o, " && a[%u:2] < %u'd%u", k - 1, k - 2, b->size / 4);
	fprintf(o, ";\n");
	return 0;
}

/* The read decode: one case item per register at its offset, then the windows' ranges. */
static void emit_read(const kiln_regmap *m, const int *win, const regmap_rtl_bind *wb,
                      regmap_rtl_bind *const *rb, FILE *o)
{
	fprintf(o, "  reg        rd_ok, wr_ok;\n  reg [31:0] rdata;\n  always @(*) begin\n"
	           "    rd_ok = 1'b0;\n    wr_ok = 1'b0;\n    rdata = 32'd0;\n    case (a)\n");
	for (size_t bi = 0; bi < m->nblocks; bi++) {
		const kiln_regblock *b = &m->blocks[bi];
		if (win[bi] || b->nregs == 0)
			continue;
		fprintf(o, "      // %s\n", b->name);
		for (size_t i = 0; i < b->nregs; i++) {
			const kiln_reg *r = &b->regs[i];
			char item[256], val[128] = "";
			if (rb[bi][i].rdata[0])
				snprintf(val, sizeof val, " rdata = %s;", rb[bi][i].rdata);
			else if (readable(r->access))
				snprintf(val, sizeof val, " rdata = 32'h%08x;", r->reset);
			int n = snprintf(item, sizeof item, "      32'h%03x: begin%s%s end", r->offset,
			                 dirs(r->access), val);
			/* The register's name beside its item, or above it when the line would be too long.
			 */
			if (n + 4 + (int)strlen(r->name) <= 100)
				fprintf(o, "%s // %s\n", item, r->name);
			else
				fprintf(o, "      // %s\n%s\n", r->name, item);
		}
	}
	fprintf(o, "      default: ;\n    endcase\n");
	for (size_t bi = 0; bi < m->nblocks; bi++) {
		enum kiln_reg_access acc;
		if (!win[bi] || window_access(&m->blocks[bi], &acc) != 0)
			continue;
		fprintf(o, "    if (%s) begin // %s\n", wb[bi].strobe, m->blocks[bi].name);
		fprintf(o, "      rd_ok = 1'b%d;\n      wr_ok = 1'b%d;\n", readable(acc), writable(acc));
		if (wb[bi].rdata[0])
			fprintf(o, "      rdata = %s;\n", wb[bi].rdata);
		fprintf(o, "    end\n");
	}
	fprintf(o, "  end\n\n");
}

/* The write decode of the registers the block owns, and the strobes of those the top writes itself. */
static void emit_write(const kiln_regmap *m, const int *win, regmap_rtl_bind *const *rb, FILE *o)
{
	int owned = 0;
	for (size_t bi = 0; bi < m->nblocks; bi++)
		for (size_t i = 0; !win[bi] && i < m->blocks[bi].nregs; i++) {
			const regmap_rtl_bind *x = &rb[bi][i];
			owned |= x->wreg[0] != 0;
			if (x->strobe[0])
				fprintf(o, "  wire %s = we && a == 32'h%03x;\n", x->strobe,
				        m->blocks[bi].regs[i].offset);
		}
	if (!owned)
		return;
	/* A register without reset keeps what the host wrote through a board reset. */
	fprintf(o, "\n  always @(posedge clk) begin\n    if (!rst_n) begin\n");
	for (size_t bi = 0; bi < m->nblocks; bi++)
		for (size_t i = 0; !win[bi] && i < m->blocks[bi].nregs; i++) {
			const regmap_rtl_bind *x = &rb[bi][i];
			if (x->wreg[0] && !x->keep)
				fprintf(o, "      %s <= %u'd%u;\n", x->wreg, x->wbits,
				        m->blocks[bi].regs[i].reset);
		}
	fprintf(o, "    end else if (we) begin\n      case (a)\n");
	for (size_t bi = 0; bi < m->nblocks; bi++)
		for (size_t i = 0; !win[bi] && i < m->blocks[bi].nregs; i++) {
			const regmap_rtl_bind *x = &rb[bi][i];
			if (x->wreg[0])
				fprintf(o, "        32'h%03x: %s <= mmio_wdata[%u:0];\n",
				        m->blocks[bi].regs[i].offset, x->wreg, x->wbits - 1);
		}
	fprintf(o, "        default: ;\n      endcase\n    end\n  end\n");
}

int regmap_rtl_emit(const kiln_regmap *m, const regmap_rtl_ops *ops, FILE *o)
{
	int rc = 0;
	size_t nb = m->nblocks;
	int *win = calloc(nb + 1, sizeof *win);
	regmap_rtl_bind *wb = calloc(nb + 1, sizeof *wb);
	regmap_rtl_bind **rb = calloc(nb + 1, sizeof *rb);
	if (!win || !wb || !rb)
		rc = -1;
	for (size_t bi = 0; bi < nb && rc == 0; bi++) {
		const kiln_regblock *b = &m->blocks[bi];
		enum kiln_reg_access acc;
		win[bi] = ops->window(ops->ctx, b, &wb[bi]);
		if (win[bi] < 0 || (!win[bi] && b->is_memory) ||
		    (win[bi] && (window_access(b, &acc) != 0 || !wb[bi].strobe[0] ||
		                 (readable(acc) && !wb[bi].rdata[0])))) {
			diag_error(NULL, 0, 0,
			           "internal error: register block %s at 0x%x has no storage behind it",
			           b->name, b->base);
			rc = -1;
			break;
		}
		if (win[bi])
			continue;
		if (!(rb[bi] = calloc(b->nregs + 1, sizeof *rb[bi]))) {
			rc = -1;
			break;
		}
		for (size_t i = 0; i < b->nregs && rc == 0; i++) {
			if (ops->reg(ops->ctx, b, &b->regs[i], &rb[bi][i]) != 0) {
				diag_error(NULL, 0, 0,
				           "internal error: register %s.%s at 0x%x has no hardware", b->name,
				           b->regs[i].name, b->regs[i].offset);
				rc = -1;
			} else {
				rc = check_bind(b, &b->regs[i], &rb[bi][i]);
			}
		}
	}
	if (rc == 0) {
		fprintf(o,
		        "  // Register block, generated from the register map (regmap.json lists the same\n"
		        "  // registers): each answers at its offset in the directions its access allows.\n");
		for (size_t bi = 0; bi < nb && rc == 0; bi++)
			if (win[bi])
				rc = window_decode(&m->blocks[bi], wb[bi].strobe, o);
		emit_read(m, win, wb, rb, o);
		fprintf(o, "  // A refused access (unmapped, or a direction the register forbids) changes "
		           "nothing.\n  wire ok = mmio_write ? wr_ok : rd_ok;\n  wire we = wr & ok;\n");
		emit_write(m, win, rb, o);
	}
	for (size_t bi = 0; rb && bi < nb; bi++)
		free(rb[bi]);
	free(rb);
	free(wb);
	free(win);
	return rc;
}
