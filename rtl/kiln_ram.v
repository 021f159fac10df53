// SPDX-License-Identifier: Apache-2.0
// On-chip memory of one kernel with one port: kiln_ram_dp (which says what it holds and how it
// answers) without its second, read-only port, for memories the scheduler never reads twice in a
// cycle. Synthesis removes the unused port.
module kiln_ram #(
  parameter integer W = 32,
  parameter integer AW = 1,
  parameter integer WRITABLE = 1,
  parameter INIT_FILE = "",
  parameter integer INIT_WORDS = 1
) (
  input  wire          clk,
  input  wire          valid,
  input  wire          write,
  input  wire [AW-1:0] addr,
  input  wire [W-1:0]  wdata,
  input  wire [W/8-1:0] wstrb,
  output wire          rvalid,
  output wire [W-1:0]  rdata
);

  kiln_ram_dp #(
    .W(W), .AW(AW), .WRITABLE(WRITABLE), .INIT_FILE(INIT_FILE), .INIT_WORDS(INIT_WORDS)
  ) u_ram (
    .clk(clk), .valid(valid), .write(write), .addr(addr), .wdata(wdata), .wstrb(wstrb),
    .rvalid(rvalid), .rdata(rdata), .rd_valid(1'b0), .rd_addr({AW{1'b0}}),
    // verilator lint_off PINCONNECTEMPTY
    .rd_data()
    // verilator lint_on PINCONNECTEMPTY
  );

endmodule
