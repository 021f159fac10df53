// SPDX-License-Identifier: Apache-2.0
/* Memory ports of a kernel module: the RAM cells of its internal memories, the response tags of its module
 * ports, and per port one multiplexer, by state, over the requests binding gave it. */
#include "emit_ctx.h"
#include "names.h"
#include "read_queue.h"
#include "signals.h"

#include <stdlib.h>

#include "../../host/common/text_escape.h"
#include "../cdfg/mem_partition.h"

/* Internal memory M (a local array, table or plain global): an rtl/kiln_ram.v cell behind the same
 * valid/ready port signals as the module's external memories, or rtl/kiln_ram_dp.v when binding gave loads
 * its second port (m<m>_rd_*). */
static void internal_mem(ectx *e, int m)
{
	const kfunc *f = e->f;
	const kmem *mm = &f->mems[m];
	int wb = kmem_word_bytes(f, m), lb = wb == 8 ? 3 : 2;
	uint32_t words = (mm->size + (uint32_t)wb - 1) / (uint32_t)wb;
	int aw = bind_log2up(words);
	static const char *const kn[] = {"", "", "local array", "constant table (ROM)",
	                                 "global variable (RAM)"};
	char init[400] = "";
	if (mm->init)
		emit_mem_init_file(f, m, init, sizeof init);
	fprintf(e->decl, "  // memory m%d: %s '", m, kn[mm->kind]);
	kiln_fput_text(e->decl, mm->name, KILN_ESC_LINE_COMMENT);
	fprintf(e->decl, "', %u bytes, inside this kernel", mm->size);
	fprintf(e->decl, "\n");
	if (mm->nbanks)
		fprintf(e->decl, "  // (bank %d of %d of the array: %s partition, line %u)\n", mm->bank,
		        mm->nbanks, mem_partition_name(mm->part), mm->part_line);
	fprintf(e->decl,
	        "  reg         m%d_valid, m%d_write;\n  reg  [31:0] m%d_addr;\n  reg  [%d:0] m%d_wdata;\n"
	        "  reg  [%d:0]  m%d_wstrb;\n  wire        m%d_ready = 1'b1;\n  wire        m%d_rvalid;\n"
	        "  wire [%d:0] m%d_rdata;\n\n",
	        m, m, m, 8 * wb - 1, m, wb - 1, m, m, m, 8 * wb - 1, m);
	int two = e->bd->reads[m].nreqs > 0;
	if (two)
		fprintf(e->decl,
		        "  // its second port, which only reads\n  reg         m%d_rd_valid;\n"
		        "  reg  [31:0] m%d_rd_addr;\n  wire [%d:0] m%d_rd_rdata;\n\n",
		        m, m, 8 * wb - 1, m);
	if (emit_copy_reads_second(e, m)) { /* the copy engine waits for data: a read's answer a cycle on */
		fprintf(e->decl, "  reg         m%d_rd_rvalid;\n\n", m);
		fprintf(e->body,
		        "  always @(posedge clk) begin\n    if (!rst_n) m%d_rd_rvalid <= 1'b0;\n"
		        "    else m%d_rd_rvalid <= m%d_rd_valid;\n  end\n\n",
		        m, m, m);
	}
	fprintf(e->body,
	        "  %s #(.W(%d), .AW(%d), .WRITABLE(%d), .INIT_FILE(\"%s\"), .INIT_WORDS(%u)) u_mem%d (\n",
	        two ? "kiln_ram_dp" : "kiln_ram", 8 * wb, aw, mm->used_write ? 1 : 0, init, words, m);
	fprintf(e->body,
	        "    .clk(clk), .valid(m%d_valid), .write(m%d_write), .addr(m%d_addr[%d:%d]),\n"
	        "    .wdata(m%d_wdata), .wstrb(m%d_wstrb), .rvalid(m%d_rvalid), .rdata(m%d_rdata)",
	        m, m, m, aw + lb - 1, lb, m, m, m, m);
	if (two)
		fprintf(
		    e->body,
		    ",\n    .rd_valid(m%d_rd_valid), .rd_addr(m%d_rd_addr[%d:%d]), .rd_data(m%d_rd_rdata)", m,
		    m, aw + lb - 1, lb, m);
	fprintf(e->body, "\n  );\n\n");
}

void emit_internal_mems(ectx *e)
{
	for (int m = e->f->nmems; m < e->bd->nports; m++)
		internal_mem(e, m);
}

/* Module port M has loads: each non-pipelined load keeps its response (got, rr) until its wait step. */
static int port_tagged(ectx *e, int m)
{
	return m < e->f->nmems && e->bd->ports[m].loads > 0;
}

/* Read-response bookkeeping of module port M: responses come back in request order, so a queue of the tags
 * of the reads in flight says which load each one answers (m<m>_tag is driven by the port's multiplexer). */
static void tag_queue(ectx *e, int m)
{
	const kfunc *f = e->f;
	int tw = e->bd->ports[m].tag_bits;
	fprintf(
	    e->decl,
	    "  // port m%d: the tag of the read it sends, the tag of the oldest read in flight (responses "
	    "come\n  // in request order), and how many are in flight\n"
	    "  reg  [%d:0] m%d_tag;\n  wire [%d:0] m%d_tq0;\n  wire [%d:0]  m%d_tn;\n"
	    "  wire        m%d_full;\n",
	    m, tw - 1, m, tw - 1, m, bind_log2up(EMIT_READS_IN_FLIGHT + 1) - 1, m, m);
	fprintf(e->body,
	        "  kiln_fifo #(.W(%d), .DEPTH(%d)) u_tags%d (\n    .clk(clk), .rst_n(rst_n), "
	        ".push(m%d_valid & m%d_ready & ~m%d_write), .din(m%d_tag), .pop(m%d_rvalid),\n"
	        "    .head(m%d_tq0), .count(m%d_tn), .full(m%d_full)\n  );\n",
	        tw, EMIT_READS_IN_FLIGHT, m, m, m, m, m, m, m, m, m);
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || k->op != K_LOAD || k->mem != m || emit_pipe_is_load(f, i))
			continue;
		fprintf(e->decl, "  reg         got%d;  // its response arrived\n  reg  [31:0] rr%d;\n", i,
		        i);
		fprintf(e->body,
		        "  always @(posedge clk) begin\n    if (!rst_n) got%d <= 1'b0;\n"
		        "    else if (%s && m%d_valid && m%d_ready) got%d <= 1'b0;\n"
		        "    else if (m%d_rvalid && m%d_tq0 == %d'd%d) begin\n      got%d <= 1'b1;\n"
		        "      rr%d <= m%d_rdata;\n    end\n  end\n",
		        i, emit_in_state(e, k->issue), m, m, i, m, m, tw, e->bd->tag[i], i, i, m);
	}
	fprintf(e->decl, "\n");
	fprintf(e->body, "\n");
}

void emit_tag_queues(ectx *e)
{
	for (int m = 0; m < e->f->nmems; m++)
		if (port_tagged(e, m))
			tag_queue(e, m);
}

/* Condition, within its state, under which request R drives its port; "" when it does in every cycle of
 * the state. */
static const char *req_cond(ectx *e, const bind_req *r)
{
	const kfunc *f = e->f;
	const kinst *k = &f->insts[r->inst];
	if (r->kind == REQ_COPY_READ)
		return "cp_rd_valid";
	if (r->kind == REQ_COPY_WRITE)
		return "cp_wr_valid";
	const char *c = "";
	int s = r->step;
	if (r->pipelined) {
		c = emit_pipe_request(e, r->inst);
		s = emit_pipe_use_ctx(f, k, k->pissue);
	} else {
		if (k->mem < f->nmems && f->steps[s].wait >= 0)
			c = emit_wait_ok(e, f->steps[s].wait);
		if (k->op == K_LOAD && k->mem < f->nmems)
			c = rb_str(e->rb, "!m%d_full%s%s", k->mem, *c ? " && " : "", c);
	}
	if (k->op == K_STORE && k->nargs > 2) /* a predicated store (if-conversion) */
		c = rb_str(e->rb, "%s%s%s", c, *c ? " && " : "", emit_ref(e, k->a[2], s));
	return c;
}

/* What request R drives on port PN (m<m>, or m<m>_rd for an internal memory's read port): address, and for a
 * write its data and byte strobes, at indentation IND. */
static void req_drive(ectx *e, int m, const char *pn, const bind_req *r, const char *ind)
{
	const kfunc *f = e->f;
	const kinst *k = &f->insts[r->inst];
	FILE *o = e->body;
	int s = r->step;
	fprintf(o, "%s%s_valid = 1'b1;\n", ind, pn);
	if (r->kind == REQ_COPY_READ) {
		fprintf(o, "%s%s_addr = cp_rd_addr;\n", ind, pn);
		return;
	}
	if (r->kind != REQ_LOAD && r->kind != REQ_STORE) {
		/* the engine's low lanes on a port narrower than its word */
		int narrow = kmem_word_bytes(f, m) < e->bd->copy_bytes;
		fprintf(o,
		        "%s%s_write = 1'b1;\n%s%s_addr = cp_wr_addr;\n%s%s_wdata = cp_wr_wdata%s;\n"
		        "%s%s_wstrb = cp_wr_wstrb%s;\n",
		        ind, pn, ind, pn, ind, pn, narrow ? "[31:0]" : "", ind, pn, narrow ? "[3:0]" : "");
		return;
	}
	int ctx = r->pipelined ? emit_pipe_use_ctx(f, k, k->pissue) : s;
	int wb = kmem_word_bytes(f, m), lb = wb == 8 ? 3 : 2;
	fprintf(o, "%s%s_addr = {%s, %d'b0};\n", ind, pn, emit_ref_slice(e, k->a[0], 31, lb, ctx), lb);
	if (k->op != K_STORE)
		return;
	const char *lane = emit_ref_slice(e, k->a[0], lb - 1, 0, ctx), *d = emit_ref(e, k->a[1], ctx);
	fprintf(o, "%s%s_write = 1'b1;\n", ind, pn);
	if (k->bytes == wb)
		fprintf(o, "%s%s_wdata = %s;\n%s%s_wstrb = %d'h%x;\n", ind, pn, d, ind, pn, wb,
		        (1u << wb) - 1);
	else
		fprintf(o, "%s%s_wdata = {%d'd0, %s} << {%s, 3'b000};\n%s%s_wstrb = %d'h%x << %s;\n", ind, pn,
		        8 * wb - k->a[1].width, d, lane, ind, pn, wb, (1u << k->bytes) - 1, lane);
}

/* The multiplexer of port P of memory M, named PN (READ_ONLY: an internal memory's read port, which has no
 * write side): per state the requests issued in it, the first whose condition holds driving the port; the
 * response tag of the state's read. */
static void port_mux(ectx *e, int m, const bind_port *p, const char *pn, int read_only)
{
	const kfunc *f = e->f;
	FILE *o = e->body;
	int tagged = !read_only && port_tagged(e, m), wb = kmem_word_bytes(f, m);
	if (!p->nreqs) {
		fprintf(o,
		        "  // port %s: no requests\n  assign %s_valid = 1'b0;\n  assign %s_write = 1'b0;\n"
		        "  assign %s_addr = 32'd0;\n  assign %s_wdata = %d'd0;\n  assign %s_wstrb = "
		        "%d'h0;\n\n",
		        pn, pn, pn, pn, pn, 8 * wb, pn, wb);
		return;
	}
	fprintf(o, "  // port %s: its requests by state\n  always @(*) begin\n    %s_valid = 1'b0;\n", pn,
	        pn);
	if (!read_only)
		fprintf(o, "    %s_write = 1'b0;\n", pn);
	fprintf(o, "    %s_addr = 32'd0;\n", pn);
	if (!read_only)
		fprintf(o, "    %s_wdata = %d'd0;\n    %s_wstrb = %d'h0;\n", pn, 8 * wb, pn, wb);
	if (tagged)
		fprintf(o, "    %s_tag = %d'd0;\n", pn, p->tag_bits);
	fprintf(o, "    case (state_q)\n");
	for (int i = 0; i < p->nreqs;) {
		int s = p->reqs[i].step, j = i, tag = 0;
		while (j < p->nreqs && p->reqs[j].step == s)
			j++;
		for (int q = i; q < j && !tag; q++)
			if (p->reqs[q].kind == REQ_LOAD)
				tag = p->reqs[q].pipelined ? p->pipe_tag : e->bd->tag[p->reqs[q].inst];
		fprintf(o, "      %s: begin\n", emit_state(e, s));
		if (tagged && tag)
			fprintf(o, "        %s_tag = %d'd%d;\n", pn, p->tag_bits, tag);
		for (int q = i; q < j; q++) {
			const bind_req *r = &p->reqs[q];
			const char *c = req_cond(e, r);
			if (!*c && q == i) { /* unconditional: later requests of the state never drive */
				req_drive(e, m, pn, r, "        ");
				break;
			}
			if (!*c) {
				fprintf(o, "        else begin\n");
				req_drive(e, m, pn, r, "          ");
				fprintf(o, "        end\n");
				break;
			}
			fprintf(o, "        %sif (%s) begin\n", q > i ? "else " : "", c);
			req_drive(e, m, pn, r, "          ");
			fprintf(o, "        end\n");
		}
		fprintf(o, "      end\n");
		i = j;
	}
	fprintf(o, "      default: ;\n    endcase\n  end\n\n");
}

void emit_port_muxes(ectx *e)
{
	for (int m = 0; m < e->bd->nports; m++) {
		port_mux(e, m, &e->bd->ports[m], rb_str(e->rb, "m%d", m), 0);
		if (e->bd->reads[m].nreqs)
			port_mux(e, m, &e->bd->reads[m], rb_str(e->rb, "m%d_rd", m), 1);
	}
}
