// SPDX-License-Identifier: Apache-2.0
// A one-operand bit operation of the kernel datapath on W bits, combinational: population count,
// leading or trailing zeros (W when the operand is zero), byte swap (W a multiple of 16) or bit
// reversal, as OP names it (the kernel IR's names: ctpop, ctlz, cttz, bswap, bitreverse).
module kiln_bitop #(
  parameter [79:0] OP = "ctpop",  // the operation's name, up to 10 characters
  parameter integer W = 32
) (
  input  wire [W-1:0] a,
  output reg  [W-1:0] y
);

  localparam [W-1:0] One = 1;

  generate
    if (OP == "ctpop") begin : g_ctpop
      integer i;
      always @(*) begin
        y = {W{1'b0}};
        for (i = 0; i < W; i = i + 1) if (a[i]) y = y + One;
      end
    end else if (OP == "ctlz" || OP == "cttz") begin : g_count
      integer i;
      reg     found;
      always @(*) begin
        y = {W{1'b0}};
        found = 1'b0;
        for (i = 0; i < W; i = i + 1)
          if (!found) begin
            if (a[OP == "ctlz" ? W - 1 - i : i]) found = 1'b1;
            else y = y + One;
          end
      end
    end else if (OP == "bswap") begin : g_bswap
      integer i;
      always @(*) begin
        y = {W{1'b0}};
        for (i = 0; i < W / 8; i = i + 1) y[8*i +: 8] = a[8*(W/8-1-i) +: 8];
      end
    end else begin : g_bitreverse
      integer i;
      always @(*) begin
        y = {W{1'b0}};
        for (i = 0; i < W; i = i + 1) y[i] = a[W-1-i];
      end
    end
  endgenerate

endmodule
