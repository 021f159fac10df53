// SPDX-License-Identifier: Apache-2.0
// The image's MMIO response (the hardware contract's host bus): every access answers in the
// cycle after its acceptance, in order, so that the bus can take one access per cycle: a
// register with its data or, when the register block refused the access, an error; a
// dedicated RAM window's read with the synchronous RAM's data, which is there that cycle.
// The bus takes no access while a RAM restores its contents after reset (ram_busy).
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
  output wire                rsp_valid,
  output wire [31:0]         rsp_rdata,
  output wire                rsp_err
);

  reg             pend_q;   // the access answering now is a window's read
  reg  [NRAM-1:0] sel_q;    // which window
  reg             reg_q;    // the access answering now is a register's (or refused)
  reg  [31:0]     rdata_q;
  reg             err_q;
  wire            rd = |ram_re;

  reg  [31:0] ram_q;
  integer r;
  always @(*) begin
    ram_q = 32'd0;
    for (r = 0; r < NRAM; r = r + 1)
      if (sel_q[r]) ram_q = ram_q | ram_rdata[r*32 +: 32];
  end

  assign ready     = !ram_busy;
  assign rsp_valid = pend_q || reg_q;
  assign rsp_rdata = pend_q ? ram_q : rdata_q;
  assign rsp_err   = reg_q && err_q;

  always @(posedge clk) begin
    if (!rst_n) begin
      pend_q  <= 1'b0;
      sel_q   <= {NRAM{1'b0}};
      reg_q   <= 1'b0;
      rdata_q <= 32'd0;
      err_q   <= 1'b0;
    end else begin
      pend_q  <= rd;
      if (rd) sel_q <= ram_re;
      reg_q   <= acc && !rd;
      rdata_q <= (acc && !write && ok) ? rdata : 32'd0;
      err_q   <= acc && !ok;
    end
  end

endmodule
