// SPDX-License-Identifier: Apache-2.0
// The image's MMIO response (the hardware contract's host bus): a register answers in the cycle
// after its access, with its data or, when the register block refused the access, an error; a
// dedicated RAM window's read answers one cycle later, its data coming from a synchronous RAM. The
// bus takes no access while such a read is pending or while a RAM restores its contents after
// reset (ram_busy).
module kiln_mmio_resp #(
  parameter integer NRAM = 1  // dedicated RAM windows (1 when there are none, ram_re tied low)
) (
  input  wire                clk,
  input  wire                rst_n,
  input  wire                acc,        // an access is accepted this cycle (valid and ready)
  input  wire                write,      // it is a write
  input  wire                ok,         // the register block allows it
  input  wire [31:0]         rdata,      // the register block's read value
  input  wire [NRAM-1:0]     ram_re,     // window r takes a read this cycle (one-hot)
  input  wire [NRAM*32-1:0]  ram_rdata,  // window r's read data, the cycle after
  input  wire                ram_busy,   // a RAM restores its contents
  output wire                ready,
  output reg                 rsp_valid,
  output reg  [31:0]         rsp_rdata,
  output reg                 rsp_err
);

  reg             pend;  // a window's read answers next cycle
  reg  [NRAM-1:0] sel;   // which window
  wire            rd = |ram_re;

  reg  [31:0] ram_q;
  integer r;
  always @(*) begin
    ram_q = 32'd0;
    for (r = 0; r < NRAM; r = r + 1)
      if (sel[r]) ram_q = ram_q | ram_rdata[r*32 +: 32];
  end

  assign ready = !pend && !ram_busy;

  always @(posedge clk) begin
    if (!rst_n) begin
      pend <= 1'b0;
      sel <= {NRAM{1'b0}};
      rsp_valid <= 1'b0;
      rsp_rdata <= 32'd0;
      rsp_err <= 1'b0;
    end else begin
      pend <= rd;
      if (rd) sel <= ram_re;
      rsp_valid <= pend || (acc && !rd);
      rsp_rdata <= pend ? ram_q : (acc && !write && ok) ? rdata : 32'd0;
      rsp_err <= !pend && acc && !ok;
    end
  end

endmodule
