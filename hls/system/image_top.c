// SPDX-License-Identifier: Apache-2.0
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../../host/common/strbuf.h"
#include "../../host/common/text_escape.h"
#include "../emit/names.h"
#include "../emit/read_queue.h"
#include "../emit/rtl_builder.h"
#include "../package/meminit.h"
#include "regmap_rtl.h"
#include "system.h"

/* A kernel memory port and where the image top connects it. */
typedef struct portref {
	int kernel, mem;
} portref;

static int dg_index(const kiln_desc *d, const char *uid)
{
	for (size_t i = 0; i < d->ndgs; i++)
		if (strcmp(d->dgs[i].unique_id, uid) == 0)
			return (int)i;
	return -1;
}

/* The ports that reach device global G (or device memory when G < 0: pointer ports and usm globals). */
static int ports_of(const kfunc *ks, int nk, const kiln_desc *d, int g, portref *out)
{
	int n = 0;
	for (int k = 0; k < nk; k++)
		for (int m = 0; m < ks[k].nmems; m++) {
			const kmem *mm = &ks[k].mems[m];
			int gi = mm->kind == MEM_DG ? dg_index(d, mm->dg_uid) : -1;
			int to_devmem =
			    mm->kind == MEM_DEVMEM || (gi >= 0 && d->dgs[gi].storage == KILN_DG_USM);
			if ((g < 0 && to_devmem) || (g >= 0 && !to_devmem && gi == g))
				out[n++] = (portref){k, m};
		}
	return n;
}

static int words_of(const kiln_dg_desc *g)
{
	return (int)((g->size + 3) / 4);
}

void system_dg_prefix(size_t gi, char *buf, size_t n)
{
	snprintf(buf, n, "dg%zu", gi);
}

void system_dg_instance(const kiln_dg_desc *g, size_t gi, char *buf, size_t n)
{
	kiln_strbuf b = {0};
	kiln_sb_ident(&b, g->name ? g->name : "", KILN_IDENT_KEEP);
	char *id = kiln_sb_finish(&b);
	snprintf(buf, n, "u_dg%zu_%.32s", gi, id ? id : "");
	free(id);
}

void system_dg_init_file(size_t gi, char *buf, size_t n)
{
	snprintf(buf, n, "kiln_dg%zu.hex", gi);
}

static void emit_init_param(const kiln_dg_desc *g, FILE *o)
{
	int words = words_of(g);
	fprintf(o, "%d'h", words * 32);
	for (int w = words - 1; w >= 0; w--)
		fprintf(o, "%08" PRIx32, meminit_word(g->init, g->size, (uint32_t)w));
}

/* Connects the listed kernel ports to packed vectors PREFIX_k_* in port order; each port's address comes from
 * its signal k<k>_m<m>_ADDR ("addr" as the kernel drives it, "daddr" once relocated into device memory). */
static void emit_port_bundle(const portref *p, int n, const char *prefix, const char *addr, FILE *o)
{
	const char *sig[] = {"valid", "write", "addr", "wdata", "wstrb"};
	const int width[] = {1, 1, 32, 32, 4};
	for (int s = 0; s < 5; s++) {
		fprintf(o, "  wire [%d:0] %s_k_%s = {", n * width[s] - 1, prefix, sig[s]);
		for (int i = n - 1; i >= 0; i--) {
			fprintf(o, "k%d_m%d_%s%s", p[i].kernel, p[i].mem, s == 2 ? addr : sig[s],
			        i ? ", " : "");
		}
		fprintf(o, "};\n");
	}
	fprintf(o, "  wire [%d:0] %s_k_ready, %s_k_rvalid;\n  wire [31:0] %s_k_rdata;\n", n - 1, prefix,
	        prefix, prefix);
	for (int i = 0; i < n; i++)
		fprintf(
		    o,
		    "  assign k%d_m%d_ready = %s_k_ready[%d];\n  assign k%d_m%d_rvalid = %s_k_rvalid[%d];\n"
		    "  assign k%d_m%d_rdata = %s_k_rdata;\n",
		    p[i].kernel, p[i].mem, prefix, i, p[i].kernel, p[i].mem, prefix, i, p[i].kernel, p[i].mem,
		    prefix);
}

/* What the register block connects the model's registers to (regmap_rtl.h). */
typedef struct top_ctx {
	const kfunc *ks;
	int nk;
	const kiln_desc *d;
	int nkb; /* bits of the interrupt registers */
} top_ctx;

/* "{PAD'd0, SIG}" for a value of WIDTH bits read as a 32-bit word. */
static void padded(char *buf, size_t n, int width, const char *sig)
{
	if (width < 32)
		snprintf(buf, n, "{%d'd0, %s}", 32 - width, sig);
	else
		snprintf(buf, n, "%s", sig);
}

/* The ID block: constants from the model, the hash from the parameters, the interrupt registers. */
static int bind_id(const top_ctx *t, uint32_t off, regmap_rtl_bind *x)
{
	switch (off) {
	case KILN_IMG_MAGIC:
	case KILN_IMG_LAYOUT_VERSION:
	case KILN_IMG_NUM_KERNELS:
		return 0;
	case KILN_IMG_HASH_LO:
		snprintf(x->rdata, sizeof x->rdata, "IMAGE_HASH_LO");
		return 0;
	case KILN_IMG_HASH_HI:
		snprintf(x->rdata, sizeof x->rdata, "IMAGE_HASH_HI");
		return 0;
	case KILN_IMG_IRQ_STATUS:
		padded(x->rdata, sizeof x->rdata, t->nkb, "irq_status");
		snprintf(x->strobe, sizeof x->strobe, "irq_status_wr");
		return 0;
	case KILN_IMG_IRQ_ENABLE:
		padded(x->rdata, sizeof x->rdata, t->nkb, "irq_enable");
		snprintf(x->wreg, sizeof x->wreg, "irq_enable");
		x->wbits = (unsigned)t->nkb;
		return 0;
	}
	return -1;
}

/* A word of a kernel's range registers at REL, when REL is one: its signal name. */
static int range_reg(int k, int dims, uint32_t rel, regmap_rtl_bind *x)
{
	static const struct {
		uint32_t base;
		const char *name;
	} ranges[] = {
	    {KILN_KERNEL_GRANGE, "grange"}, {KILN_KERNEL_LRANGE, "lrange"}, {KILN_KERNEL_GOFF, "goff"}};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
		uint32_t at = rel - ranges[i].base;
		if (rel >= ranges[i].base && at % 4 == 0 && at / 4 < (uint32_t)dims) {
			snprintf(x->wreg, sizeof x->wreg, "k%d_%s_%u", k, ranges[i].name, at / 4);
			snprintf(x->rdata, sizeof x->rdata, "%s", x->wreg);
			x->wbits = 32;
			return 0;
		}
	}
	return -1;
}

/* The start bit is mmio_wdata[0], the status read {idle, done, 0}. */
_Static_assert(KILN_KERNEL_CTRL_START == 0x1 && KILN_KERNEL_CTRL_DONE == 0x2 && KILN_KERNEL_CTRL_IDLE == 0x4,
               "the kernel control bits as the image top wires them");

/* Kernel K's registers: control and status, ranges, arguments (an argument wider than 32 bits takes two
 * words, low word first). */
static int bind_kernel(const top_ctx *t, int k, uint32_t off, regmap_rtl_bind *x)
{
	const kfunc *f = &t->ks[k];
	const kiln_kernel_desc *kd = &t->d->kernels[k];
	uint32_t rel = off - kd->base;
	char sig[64];
	switch (rel) {
	case KILN_KERNEL_CTRL:
		snprintf(x->rdata, sizeof x->rdata, "{29'd0, k%d_idle, k%d_donebit, 1'b0}", k, k);
		snprintf(x->strobe, sizeof x->strobe, "k%d_ctrl_wr", k);
		return 0;
	case KILN_KERNEL_CYCLES_LO:
		snprintf(x->rdata, sizeof x->rdata, "k%d_cycles[31:0]", k);
		return 0;
	case KILN_KERNEL_CYCLES_HI:
		snprintf(x->rdata, sizeof x->rdata, "k%d_cycles[63:32]", k);
		return 0;
	}
	if (range_reg(k, f->dims, rel, x) == 0)
		return 0;
	for (int i = 0; i < f->nargs && (size_t)i < kd->nargs; i++) {
		int w = f->args[i].width;
		if (off == kd->args[i].offset) {
			if (w <= 32)
				snprintf(x->wreg, sizeof x->wreg, "k%d_arg_%d", k, i);
			else
				snprintf(x->wreg, sizeof x->wreg, "k%d_arg_%d[31:0]", k, i);
			x->wbits = (unsigned)(w < 32 ? w : 32);
		} else if (off == kd->args[i].offset + 4 && w > 32) {
			snprintf(x->wreg, sizeof x->wreg, "k%d_arg_%d[%d:32]", k, i, w - 1);
			x->wbits = (unsigned)(w - 32);
		} else {
			continue;
		}
		snprintf(sig, sizeof sig, "%s", x->wreg);
		padded(x->rdata, sizeof x->rdata, (int)x->wbits, sig);
		return 0;
	}
	return -1;
}

static int bind_reg(void *ctx, const kiln_regblock *b, const kiln_reg *r, regmap_rtl_bind *x)
{
	const top_ctx *t = ctx;
	const kiln_desc *d = t->d;
	if (r->offset < KILN_IMAGE_ID_BYTES)
		return bind_id(t, r->offset, x);
	for (int k = 0; k < t->nk; k++)
		if (b->base == d->kernels[k].base)
			return bind_kernel(t, k, r->offset, x);
	/* A usmptr: where the runtime put the global, which a board reset does not move. */
	for (size_t gi = 0; gi < d->ndgs; gi++)
		if (d->dgs[gi].storage == KILN_DG_USM && b->base == d->dgs[gi].base &&
		    (r->offset - b->base == 0 || r->offset - b->base == 4)) {
			int hi = r->offset - b->base == 4;
			snprintf(x->wreg, sizeof x->wreg, "dg%zu_ptr[%d:%d]", gi, hi ? 63 : 31, hi ? 32 : 0);
			snprintf(x->rdata, sizeof x->rdata, "%s", x->wreg);
			x->wbits = 32;
			x->keep = 1;
			return 0;
		}
	return -1;
}

/* A device global's storage cell decodes the word within its block itself. */
static int bind_window(void *ctx, const kiln_regblock *b, regmap_rtl_bind *x)
{
	const kiln_desc *d = ((const top_ctx *)ctx)->d;
	for (size_t gi = 0; gi < d->ndgs; gi++)
		if (d->dgs[gi].storage != KILN_DG_USM && b->base == d->dgs[gi].base) {
			snprintf(x->rdata, sizeof x->rdata, "dg%zu_hrdata", gi);
			snprintf(x->strobe, sizeof x->strobe, "dg%zu_sel", gi);
			return 1;
		}
	return 0;
}

/* Kernels: control registers, arguments and ports (declared in DECL), and the instance (in O). */
static void top_kernels(const kfunc *ks, int nk, const kiln_desc *d, FILE *decl, FILE *o)
{
	char mod[300];
	for (int k = 0; k < nk; k++) {
		const kfunc *f = &ks[k];
		const kiln_kernel_desc *kd = &d->kernels[k];
		emit_kernel_module_name(f, mod, sizeof mod);
		for (int c = 0; c < 2; c++) {
			FILE *to = c ? o : decl;
			fprintf(to, "  // kernel %d: ", k);
			kiln_fput_text(to, f->name, KILN_ESC_LINE_COMMENT);
			fprintf(to, " at 0x%03x\n", kd->base);
		}
		fprintf(decl,
		        "  reg         k%d_start, k%d_donebit;\n  wire        k%d_idle;\n  reg  [63:0] "
		        "k%d_cycles;\n",
		        k, k, k, k);
		for (int d2 = 0; d2 < f->dims; d2++)
			fprintf(decl, "  reg  [31:0] k%d_grange_%d, k%d_lrange_%d, k%d_goff_%d;\n", k, d2, k,
			        d2, k, d2);
		for (int i = 0; i < f->nargs; i++)
			fprintf(decl, "  reg  [%d:0] k%d_arg_%d;\n", f->args[i].width - 1, k, i);
		for (int m = 0; m < f->nmems; m++)
			fprintf(decl,
			        "  wire        k%d_m%d_valid, k%d_m%d_ready, k%d_m%d_write, k%d_m%d_rvalid;\n"
			        "  wire [31:0] k%d_m%d_addr, k%d_m%d_wdata, k%d_m%d_rdata;\n  wire [3:0]  "
			        "k%d_m%d_wstrb;\n",
			        k, m, k, m, k, m, k, m, k, m, k, m, k, m, k, m);
		fprintf(decl, "\n");
		/* The instance is named after the kernel, so a waveform shows its signals under
		 * u_kernel_NAME. */
		fprintf(
		    o,
		    "  %s u_kernel_%s (\n    .clk(clk), .rst_n(rst_n), .start(k%d_start), .done(kdone[%d]), "
		    ".idle(k%d_idle)",
		    mod, mod + strlen("kiln_k_"), k, k, k);
		for (int d2 = 0; d2 < f->dims; d2++)
			fprintf(o,
			        ",\n    .global_range_%d(k%d_grange_%d), .local_range_%d(k%d_lrange_%d), "
			        ".global_offset_%d(k%d_goff_%d)",
			        d2, k, d2, d2, k, d2, d2, k, d2);
		for (int i = 0; i < f->nargs; i++)
			fprintf(o, ",\n    .arg_%d(k%d_arg_%d)", i, k, i);
		for (int m = 0; m < f->nmems; m++)
			fprintf(o,
			        ",\n    .m%d_valid(k%d_m%d_valid), .m%d_ready(k%d_m%d_ready), "
			        ".m%d_write(k%d_m%d_write),"
			        "\n    .m%d_addr(k%d_m%d_addr), .m%d_wdata(k%d_m%d_wdata), "
			        ".m%d_wstrb(k%d_m%d_wstrb),"
			        "\n    .m%d_rvalid(k%d_m%d_rvalid), .m%d_rdata(k%d_m%d_rdata)",
			        m, k, m, m, k, m, m, k, m, m, k, m, m, k, m, m, k, m, m, k, m, m, k, m);
		fprintf(o, "\n  );\n\n");
	}
}

/* Device-global storage: a register store or a RAM per global, USM globals' pointer registers. PR is room
 * for every kernel port. */
static void top_dg_storage(const kfunc *ks, int nk, const kiln_desc *d, portref *pr, FILE *o)
{
	for (size_t gi = 0; gi < d->ndgs; gi++) {
		const kiln_dg_desc *g = &d->dgs[gi];
		char pre[32];
		system_dg_prefix(gi, pre, sizeof pre);
		if (g->storage == KILN_DG_USM) {
			fprintf(o, "  // device global ");
			kiln_fput_text(o, g->unique_id, KILN_ESC_LINE_COMMENT);
			fprintf(o,
			        ": in device memory at usmptr (kept across resets)\n"
			        "  reg  [63:0] dg%zu_ptr = 64'd0;\n\n",
			        gi);
			continue;
		}
		int words = words_of(g), aw = system_dg_addr_bits(g->size);
		int np = ports_of(ks, nk, d, (int)gi, pr);
		fprintf(o, "  // device global ");
		kiln_fput_text(o, g->unique_id, KILN_ESC_LINE_COMMENT);
		fprintf(o, ": %u bytes, %s, host_access %s, init_mode %s\n", g->size,
		        kiln_dg_storage_name(g->storage), kiln_host_access_name(g->host_access),
		        kiln_init_mode_name(g->init_mode));
		/* The window is aligned to its span (system_dg_addr_bits): the word index is the address bits
		 * below it. */
		fprintf(
		    o, "  wire        %s_hwe;\n  wire [%d:0] %s_haddr = a[%d:2];\n  wire [31:0] %s_hrdata;\n",
		    pre, aw - 1, pre, aw + 1, pre);
		if (g->storage == KILN_DG_DEDICATED)
			fprintf(o, "  wire        %s_hre;\n", pre);
		if (np == 0) {
			fprintf(o, "  wire [31:0] %s_k_rdata;\n  wire [0:0] %s_k_ready, %s_k_rvalid;\n", pre,
			        pre, pre);
		} else {
			emit_port_bundle(pr, np, pre, "addr", o);
		}
		int ram = g->storage == KILN_DG_DEDICATED;
		if (ram)
			fprintf(o, "  wire        %s_busy;\n", pre);
		fprintf(o, "  %s #(.WORDS(%d), .AW(%d), .NPORTS(%d), .INIT_MODE_RESET(%d),\n    ",
		        ram ? "kiln_dg_ram" : "kiln_dg_store", words, aw, np ? np : 1,
		        g->init_mode == KILN_INIT_RESET);
		if (ram) { /* RAM contents come from a file: a parameter of the whole global exceeds tools'
			      limits */
			char file[64];
			system_dg_init_file(gi, file, sizeof file);
			fprintf(o, ".INIT_FILE(\"%s\")", file);
		} else {
			fprintf(o, ".INIT(");
			emit_init_param(g, o);
			fprintf(o, ")");
		}
		char inst[64];
		system_dg_instance(g, gi, inst, sizeof inst);
		fprintf(o, ") %s (\n    .clk(clk), .rst_n(rst_n),\n", inst);
		if (ram)
			fprintf(o, "    .busy(%s_busy), .host_re(%s_hre),\n", pre, pre);
		fprintf(o,
		        "    .host_we(%s_hwe), .host_addr(%s_haddr), .host_wdata(mmio_wdata), "
		        ".host_wstrb(mmio_wstrb), "
		        ".host_rdata(%s_hrdata),\n",
		        pre, pre, pre);
		if (np)
			fprintf(o,
			        "    .k_valid(%s_k_valid), .k_ready(%s_k_ready), .k_write(%s_k_write), "
			        ".k_addr(%s_k_addr), .k_wdata(%s_k_wdata), .k_wstrb(%s_k_wstrb),\n",
			        pre, pre, pre, pre, pre, pre);
		else
			fprintf(o,
			        "    .k_valid(1'b0), .k_ready(%s_k_ready), .k_write(1'b0), .k_addr(32'd0), "
			        ".k_wdata(32'd0), .k_wstrb(4'd0),\n",
			        pre);
		fprintf(o, "    .k_rvalid(%s_k_rvalid), .k_rdata(%s_k_rdata)\n  );\n\n", pre, pre);
	}
}

/* Device memory: pointer ports and usm globals share the image's master port. The number of ports. */
static int top_device_memory(const kfunc *ks, int nk, const kiln_desc *d, portref *pr, FILE *o)
{
	int nm = ports_of(ks, nk, d, -1, pr);
	if (nm) {
		for (int i = 0; i < nm; i++) {
			const kmem *mm = &ks[pr[i].kernel].mems[pr[i].mem];
			if (mm->kind == MEM_DG) {
				/* A usm global's kernel offset is relative to its usmptr. */
				int gi = dg_index(d, mm->dg_uid);
				fprintf(o, "  wire [31:0] k%d_m%d_daddr = dg%d_ptr[31:0] + k%d_m%d_addr;\n",
				        pr[i].kernel, pr[i].mem, gi, pr[i].kernel, pr[i].mem);
			} else {
				fprintf(o, "  wire [31:0] k%d_m%d_daddr = k%d_m%d_addr;\n", pr[i].kernel,
				        pr[i].mem, pr[i].kernel, pr[i].mem);
			}
		}
		emit_port_bundle(pr, nm, "arb", "daddr", o);
		fprintf(
		    o,
		    "  kiln_mem_arb #(.NPORTS(%d), .DEPTH(%d)) u_mem_arb (\n    .clk(clk), .rst_n(rst_n),\n"
		    "    .k_valid(arb_k_valid), .k_ready(arb_k_ready), .k_write(arb_k_write), "
		    ".k_addr(arb_k_addr),\n"
		    "    .k_wdata(arb_k_wdata), .k_wstrb(arb_k_wstrb), .k_rvalid(arb_k_rvalid), "
		    ".k_rdata(arb_k_rdata),\n"
		    "    .mem_valid(mem_valid), .mem_ready(mem_ready), .mem_write(mem_write), "
		    ".mem_addr(mem_addr),\n"
		    "    .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rvalid(mem_rvalid), "
		    ".mem_rdata(mem_rdata)\n"
		    "  );\n\n",
		    nm, EMIT_READS_IN_FLIGHT);
	} else {
		fprintf(o,
		        "  assign mem_valid = 1'b0;\n  assign mem_write = 1'b0;\n  assign mem_addr = 32'd0;\n"
		        "  assign mem_wdata = 32'd0;\n  assign mem_wstrb = 4'd0;\n\n");
	}

	return nm;
}

/* The host strobes of every global's storage, and the response cell (rtl/kiln_mmio_resp.v), which answers
 * dedicated RAM windows' reads a cycle late. */
static void top_response(const kiln_desc *d, FILE *o)
{
	int nram = 0;
	for (size_t gi = 0; gi < d->ndgs; gi++)
		nram += d->dgs[gi].storage == KILN_DG_DEDICATED;
	/* The register block decodes a global's window (dgN_sel) only when the host may reach it. */
	for (size_t gi = 0; gi < d->ndgs; gi++) {
		const kiln_dg_desc *g = &d->dgs[gi];
		if (g->storage != KILN_DG_DEDICATED)
			continue;
		if (g->host_access == KILN_HA_NONE)
			fprintf(o, "  assign dg%zu_hre = 1'b0;\n", gi);
		else
			fprintf(o, "  assign dg%zu_hre = acc && !mmio_write && ok && dg%zu_sel;\n", gi, gi);
	}
	for (size_t gi = 0; gi < d->ndgs; gi++) {
		const kiln_dg_desc *g = &d->dgs[gi];
		if (g->storage == KILN_DG_USM)
			continue;
		if (g->host_access == KILN_HA_NONE)
			fprintf(o, "  assign dg%zu_hwe = 1'b0;\n", gi);
		else
			fprintf(o, "  assign dg%zu_hwe = we && dg%zu_sel;\n", gi, gi);
	}
	/* Window r of the cell is the r-th dedicated global: its bits in the lists, lowest first. */
	const char *lists[3][2] = {{"ram_busy", "_busy"}, {"ram_re", "_hre"}, {"ram_rdata", "_hrdata"}};
	fprintf(o, "\n  // the response: registers next cycle, RAM windows a cycle later\n");
	int bits[3] = {1, nram ? nram : 1, 32 * (nram ? nram : 1)};
	for (int l = 0; l < 3; l++) {
		if (bits[l] > 1)
			fprintf(o, "  wire [%d:0] %s = ", bits[l] - 1, lists[l][0]);
		else
			fprintf(o, "  wire        %s = ", lists[l][0]);
		if (!nram) {
			fprintf(o, "%s;\n", l == 2 ? "32'd0" : "1'b0");
			continue;
		}
		fprintf(o, l ? "{" : "");
		for (size_t gi = d->ndgs, first = 1; gi-- > 0;)
			if (d->dgs[gi].storage == KILN_DG_DEDICATED) {
				fprintf(o, "%sdg%zu%s", first ? "" : (l ? ", " : " | "), gi, lists[l][1]);
				first = 0;
			}
		fprintf(o, "%s;\n", l ? "}" : "");
	}
	fprintf(o,
	        "  kiln_mmio_resp #(.NRAM(%d)) u_response (\n"
	        "    .clk(clk), .rst_n(rst_n), .acc(acc), .write(mmio_write), .ok(ok), .rdata(rdata),\n"
	        "    .ram_re(ram_re), .ram_rdata(ram_rdata), .ram_busy(ram_busy), .ready(mmio_ready),\n"
	        "    .rsp_valid(mmio_rsp_valid), .rsp_rdata(mmio_rsp_rdata), .rsp_err(mmio_rsp_err)\n"
	        "  );\n",
	        nram ? nram : 1);
}

/* The clocked process (interrupts, kernel control) and the sink of what nothing reads. NM: device memory
 * ports. */
static void top_clocked(int nk, int nkb, const kiln_desc *d, int nm, FILE *o)
{
	fprintf(o, "\n  always @(posedge clk) begin\n    if (!rst_n) begin\n");
	fprintf(o, "      irq_status <= %d'd0;\n", nkb);
	for (int k = 0; k < nk; k++)
		fprintf(o,
		        "      k%d_start <= 1'b0;\n      k%d_donebit <= 1'b0;\n      k%d_cycles <= 64'd0;\n",
		        k, k, k);
	fprintf(o, "    end else begin\n");
	fprintf(o,
	        "      irq_status <= (irq_status | kdone) & ~(irq_status_wr ? mmio_wdata[%d:0] : %d'd0);\n",
	        nkb - 1, nkb);
	for (int k = 0; k < nk; k++) {
		fprintf(o, "      k%d_start <= k%d_ctrl_wr && mmio_wdata[0] && k%d_idle && !k%d_start;\n", k,
		        k, k, k);
		fprintf(o,
		        "      if (k%d_start) k%d_donebit <= 1'b0;\n      else if (kdone[%d]) k%d_donebit <= "
		        "1'b1;\n",
		        k, k, k, k);
		fprintf(o,
		        "      if (k%d_start) k%d_cycles <= 64'd1;\n      else if (!k%d_idle) k%d_cycles <= "
		        "k%d_cycles + 64'd1;\n",
		        k, k, k, k, k);
	}
	fprintf(o, "    end\n  end\n\n");
	fprintf(o, "  wire unused_image = ^{1'b0, mmio_wstrb");
	for (size_t gi = 0; gi < d->ndgs; gi++) {
		if (d->dgs[gi].storage == KILN_DG_USM)
			fprintf(o, ", dg%zu_ptr", gi);
		else
			fprintf(o, ", dg%zu_k_rdata, dg%zu_k_ready, dg%zu_k_rvalid, dg%zu_hrdata", gi, gi, gi,
			        gi);
	}
	if (!nm)
		fprintf(o, ", mem_ready, mem_rvalid, mem_rdata");
	fprintf(o, "};\n\nendmodule\n");
}

int system_emit_top(const kfunc *ks, int nk, const kiln_desc *d, const kiln_regmap *m, FILE *out)
{
	int nports_total = 0;
	for (int k = 0; k < nk; k++)
		nports_total += ks[k].nmems;
	portref *pr = calloc((size_t)nports_total + 1, sizeof *pr);
	rtlb *rb = rb_new();
	if (!pr || !rb) {
		free(pr);
		rb_free(rb);
		return -1; /* nothing written: the caller's stream stays empty */
	}
	/* The module in the builder's sections: the header, the declarations the parts share and the kernels'
	 * signals, then the parts in the order the data flows. */
	FILE *o = rb_out(rb, RB_HEAD), *decl = rb_out(rb, RB_DECL);

	fprintf(o, "// Image top generated by kiln-cc: %d kernel(s), %zu device global(s).\n", nk, d->ndgs);
	fprintf(o, "// Register layout version %u; the full map is published with the image (kiln regs).\n",
	        d->layout_version);
	/* The hash is a parameter set where the image is instantiated: it covers this text, so it cannot be
	 * written into it. Two 32-bit halves, as the ID block reads them, so that tools passing integer
	 * parameters (FuseSoC, yosys chparam) carry it whole. */
	fprintf(o, "module kiln_image #(\n"
	           "  // The image hash the ID block reports (IMAGE_HASH_LO/HI).\n"
	           "  parameter [31:0] IMAGE_HASH_LO = 32'd0,\n"
	           "  parameter [31:0] IMAGE_HASH_HI = 32'd0\n"
	           ") (\n"
	           "  input  wire        clk,\n  input  wire        rst_n,\n"
	           "  input  wire        mmio_valid,\n  output wire        mmio_ready,\n"
	           "  input  wire        mmio_write,\n  input  wire [31:0] mmio_addr,\n"
	           "  input  wire [31:0] mmio_wdata,\n  input  wire [3:0]  mmio_wstrb,\n"
	           "  output wire        mmio_rsp_valid,\n  output wire [31:0] mmio_rsp_rdata,\n"
	           "  output wire        mmio_rsp_err,\n"
	           "  output wire        mem_valid,\n  input  wire        mem_ready,\n"
	           "  output wire        mem_write,\n  output wire [31:0] mem_addr,\n"
	           "  output wire [31:0] mem_wdata,\n  output wire [3:0]  mem_wstrb,\n"
	           "  input  wire        mem_rvalid,\n  input  wire [31:0] mem_rdata,\n"
	           "  output wire        irq\n);\n\n");
	int nkb = nk > 0 ? nk : 1;
	/* The response cell (top_response) says when the bus takes an access. */
	fprintf(decl, "  wire        acc = mmio_valid & mmio_ready;\n");
	fprintf(decl, "  wire        wr = acc & mmio_write;\n  wire [31:0] a = mmio_addr;\n\n");
	fprintf(decl, "  reg  [%d:0] irq_status, irq_enable;\n  wire [%d:0] kdone;\n\n", nkb - 1, nkb - 1);
	o = rb_out(rb, RB_BODY);
	if (nk == 0)
		fprintf(o, "  assign kdone = 1'b0;\n");
	fprintf(o, "  assign irq = |(irq_status & irq_enable);\n\n");

	top_kernels(ks, nk, d, decl, o);
	top_dg_storage(ks, nk, d, pr, o);
	int nm = top_device_memory(ks, nk, d, pr, o);
	top_ctx t = {ks, nk, d, nkb};
	regmap_rtl_ops ops = {&t, bind_window, bind_reg};
	int rc = regmap_rtl_emit(m, &ops, o);
	top_response(d, o);
	top_clocked(nk, nkb, d, nm, o);
	free(pr);
	size_t len = 0;
	char *text = rc == 0 ? rb_finish(rb, &len) : NULL;
	if (text)
		fwrite(text, 1, len, out);
	else
		rc = -1;
	free(text);
	rb_free(rb);
	return rc;
}
