// SPDX-License-Identifier: Apache-2.0
// Device memory in the FPGA's block RAM, behind the shell's memory port
// (bsp/common/rtl/kiln_shell.v): one byte-wide array per lane, each written with its byte enable
// and read through an output register, the form yosys maps onto ECP5 DP16KDs and iCE40 EBRs. A
// request is taken every cycle; a read answers the next cycle with its tag.

module kiln_bram_mem #(
  parameter integer BYTES = 65536 // a multiple of 4
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        mem_valid,
  output wire        mem_ready,
  input  wire        mem_write,
  input  wire [31:0] mem_addr,
  input  wire [31:0] mem_wdata,
  input  wire [3:0]  mem_wstrb,
  input  wire [1:0]  mem_tag,
  output reg         mem_rvalid,
  output wire [31:0] mem_rdata,
  output reg  [1:0]  mem_rtag
);

  localparam integer WORDS = BYTES / 4;
  localparam integer AW    = (WORDS > 1) ? $clog2(WORDS) : 1;

  // Offsets beyond the memory alias onto it: the shell has already dropped their byte enables, and
  // answers their reads with zeros.
  wire [AW-1:0] idx = mem_addr[AW+1:2];
  wire          unused_addr = ^{mem_addr[31:AW+2], mem_addr[1:0]};

  assign mem_ready = 1'b1;

  always @(posedge clk) begin
    if (!rst_n) begin
      mem_rvalid <= 1'b0;
      mem_rtag   <= 2'd0;
    end else begin
      mem_rvalid <= mem_valid && !mem_write;
      mem_rtag   <= mem_tag;
    end
  end

  genvar l;
  generate
    for (l = 0; l < 4; l = l + 1) begin : g_lane
      reg [7:0] ram [0:WORDS-1];
      reg [7:0] rd_q;
      always @(posedge clk) begin
        if (mem_valid && mem_write && mem_wstrb[l]) begin
          ram[idx] <= mem_wdata[8*l +: 8];
        end
        rd_q <= ram[idx];
      end
      assign mem_rdata[8*l +: 8] = rd_q;
    end
  endgenerate

endmodule
