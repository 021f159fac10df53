#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes an Icarus Verilog testbench that walks an image's register map (regmap.json) over kiln_image's MMIO
port, so that the hardware is checked against the published map rather than against itself:

  - every register answers a read at its offset (a bus error exactly when it is write-only) with the map's
    reset value; writing that value back is refused exactly when the register is read-only, and changes it not;
  - a memory window answers at its first and last word in the directions the map gives it;
  - the first unlisted word inside a block and the word just past it are refused, for reads and writes.

The image's hash comes in through kiln_image's IMAGE_HASH_LO/HI parameters, set to the map's hash registers.
Each failure prints a line "MISMATCH ..."; the last line is "DONE <checks>".

    regblock_tb.py REGMAP_JSON OUT_V"""
import json
import sys

m = json.load(open(sys.argv[1]))
blocks = m["blocks"]
reg_at = {}
for b in blocks:
    for r in b["registers"]:
        reg_at[r["offset"]] = r


def mapped(off):
    return any(b["base"] <= off < b["base"] + b["size"] and (b["memory"] or off in reg_at) for b in blocks)


hash_lo = reg_at[0x8]["reset"]
hash_hi = reg_at[0xC]["reset"]
checks = []  # (write, offset, data, expect_err, expect_rdata or None, what)
for b in blocks:
    if b["memory"]:
        acc = b["mem_access"]
        for off in (b["base"], b["base"] + b["size"] - 4):
            checks.append((0, off, 0, acc == "wo", None, f"{b['name']}[0x{off:x}] read"))
    for r in b["registers"]:
        acc, off, reset = r["access"], r["offset"], r["reset"]
        what = f"{b['name']}.{r['name']}"
        checks.append((0, off, 0, acc == "wo", None if acc == "wo" else reset, what + " read after reset"))
        checks.append((1, off, reset, acc == "ro", None, what + " write of its reset value"))
        if acc != "wo":
            checks.append((0, off, 0, False, reset, what + " read after the write"))
    probes = [b["base"] + b["size"]]
    if not b["memory"]:
        probes += [o for o in range(b["base"], b["base"] + b["size"], 4) if o not in reg_at][:1]
    for off in probes:
        if not mapped(off):
            checks.append((0, off, 0, True, None, f"unmapped 0x{off:x} (near {b['name']}) read"))
            checks.append((1, off, 0, True, None, f"unmapped 0x{off:x} (near {b['name']}) write"))

with open(sys.argv[2], "w") as o:
    o.write(f"""`timescale 1ns/1ps
module tb;
  reg         clk = 1'b0, rst_n = 1'b0;
  reg         mmio_valid = 1'b0, mmio_write = 1'b0;
  reg  [31:0] mmio_addr = 32'd0, mmio_wdata = 32'd0;
  wire        mmio_ready, mmio_rsp_valid, mmio_rsp_err, irq;
  wire [31:0] mmio_rsp_rdata, mem_addr, mem_wdata;
  wire        mem_valid, mem_write;
  wire [3:0]  mem_wstrb;
  kiln_image #(.IMAGE_HASH_LO(32'h{hash_lo:08x}), .IMAGE_HASH_HI(32'h{hash_hi:08x})) dut (
    .clk(clk), .rst_n(rst_n), .mmio_valid(mmio_valid), .mmio_ready(mmio_ready),
    .mmio_write(mmio_write), .mmio_addr(mmio_addr), .mmio_wdata(mmio_wdata), .mmio_wstrb(4'hf),
    .mmio_rsp_valid(mmio_rsp_valid), .mmio_rsp_rdata(mmio_rsp_rdata), .mmio_rsp_err(mmio_rsp_err),
    .mem_valid(mem_valid), .mem_ready(1'b1), .mem_write(mem_write), .mem_addr(mem_addr),
    .mem_wdata(mem_wdata), .mem_wstrb(mem_wstrb), .mem_rvalid(1'b0), .mem_rdata(32'd0), .irq(irq));
  always #5 clk = !clk;

  integer bad = 0, n = 0, waited;
  task check(input wr, input [31:0] addr, input [31:0] wdata, input exp_err, input check_rdata,
             input [31:0] exp_rdata, input [8*96-1:0] what);
    begin
      @(negedge clk);
      mmio_valid = 1'b1; mmio_write = wr; mmio_addr = addr; mmio_wdata = wdata;
      waited = 0;
      while (!mmio_ready && waited < 100000) begin @(negedge clk); waited = waited + 1; end
      @(posedge clk); #1 mmio_valid = 1'b0;
      while (!mmio_rsp_valid && waited < 100000) begin @(posedge clk); #1 waited = waited + 1; end
      n = n + 1;
      if (!mmio_rsp_valid || mmio_rsp_err !== exp_err ||
          (check_rdata && !exp_err && mmio_rsp_rdata !== exp_rdata)) begin
        bad = bad + 1;
        $display("MISMATCH %0s: err %b rdata %08x, expected err %b rdata %08x", what, mmio_rsp_err,
                 mmio_rsp_rdata, exp_err, check_rdata ? exp_rdata : 32'hx);
      end
    end
  endtask

  initial begin
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
""")
    for wr, off, data, err, rdata, what in checks:
        o.write(f'    check(1\'b{wr}, 32\'h{off:x}, 32\'h{data:x}, 1\'b{int(err)}, 1\'b{int(rdata is not None)}, '
                f'32\'h{(rdata or 0):x}, "{what}");\n')
    o.write('    $display("DONE %0d", n);\n    $finish;\n  end\nendmodule\n')
