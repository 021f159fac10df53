// SPDX-License-Identifier: Apache-2.0
// Leading-zero count and the left shift that removes them (combinational): xn's top bit is set
// unless x is zero (then lz is N).
module kiln_fp_lshift #(
  parameter integer N  = 32,
  parameter integer LW = 6  // at least $clog2(N + 1)
) (
  input  wire [N-1:0]  x,
  output wire [N-1:0]  xn,
  output reg  [LW-1:0] lz
);

  localparam [31:0] N32 = N;
  localparam [LW-1:0] NL = N32[LW-1:0];

  // The last set bit met from the bottom is the leading one.
  integer i;
  always @(*) begin
    lz = NL;
    for (i = 0; i < N; i = i + 1)
      if (x[i]) lz = NL - 1 - i[LW-1:0];
  end

  assign xn = x << lz;

endmodule
