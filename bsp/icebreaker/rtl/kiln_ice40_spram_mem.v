// SPDX-License-Identifier: Apache-2.0
// Device memory in the iCE40 UltraPlus's single-port RAMs (SB_SPRAM256KA, 16K x 16 bits each),
// behind the shell's memory port (bsp/common/rtl/kiln_shell.v): pairs of SPRAMs side by side make
// 32-bit words, BANKS pairs one above the other make the depth (2 banks, the UP5K's 4 SPRAMs: 128
// KiB). A request is taken every cycle; a read answers the next cycle with its tag. Byte enables
// map onto the SPRAM's nibble write masks.

module kiln_ice40_spram_mem #(
  parameter integer BANKS = 2
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

  localparam integer BW = (BANKS > 1) ? $clog2(BANKS) : 1;

  wire [13:0]   word = mem_addr[15:2];
  wire [BW-1:0] bank = (BANKS > 1) ? mem_addr[16 +: BW] : {BW{1'b0}};
  reg  [BW-1:0] rd_bank_q;
  wire [15:0]   dout_lo [0:BANKS-1];
  wire [15:0]   dout_hi [0:BANKS-1];
  // Offsets beyond the banks alias onto them: the shell has already dropped their byte enables, and
  // answers their reads with zeros.
  wire          unused_addr = ^{mem_addr[31:16+BW], mem_addr[1:0]};

  assign mem_ready = 1'b1;

  always @(posedge clk) begin
    if (!rst_n) begin
      mem_rvalid <= 1'b0;
      mem_rtag   <= 2'd0;
      rd_bank_q  <= {BW{1'b0}};
    end else begin
      mem_rvalid <= mem_valid && !mem_write;
      mem_rtag   <= mem_tag;
      rd_bank_q  <= bank;
    end
  end

  genvar b;
  generate
    for (b = 0; b < BANKS; b = b + 1) begin : g_bank
      wire sel = mem_valid && (bank == b[BW-1:0]);
      SB_SPRAM256KA u_lo (
        .ADDRESS    (word),
        .DATAIN     (mem_wdata[15:0]),
        .MASKWREN   ({mem_wstrb[1], mem_wstrb[1], mem_wstrb[0], mem_wstrb[0]}),
        .WREN       (mem_write),
        .CHIPSELECT (sel),
        .CLOCK      (clk),
        .STANDBY    (1'b0),
        .SLEEP      (1'b0),
        .POWEROFF   (1'b1),
        .DATAOUT    (dout_lo[b])
      );
      SB_SPRAM256KA u_hi (
        .ADDRESS    (word),
        .DATAIN     (mem_wdata[31:16]),
        .MASKWREN   ({mem_wstrb[3], mem_wstrb[3], mem_wstrb[2], mem_wstrb[2]}),
        .WREN       (mem_write),
        .CHIPSELECT (sel),
        .CLOCK      (clk),
        .STANDBY    (1'b0),
        .SLEEP      (1'b0),
        .POWEROFF   (1'b1),
        .DATAOUT    (dout_hi[b])
      );
    end
  endgenerate

  assign mem_rdata = {dout_hi[rd_bank_q], dout_lo[rd_bank_q]};

endmodule
