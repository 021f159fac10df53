// SPDX-License-Identifier: Apache-2.0
// The last register level of the floating-point units: the result rounded and packed
// (kiln_fp_round), or the special value the operands decided: any NaN gives the quiet NaN,
// infinities and exact zeros take SIGN.
module kiln_fp_result #(
  parameter integer E  = 8,
  parameter integer M  = 23,
  parameter integer EW = 11
) (
  input  wire          clk,
  input  wire          en,
  input  wire          sign,
  input  wire          nan,
  input  wire          inf,
  input  wire          zero,
  input  wire [EW-1:0] e,
  input  wire [M+2:0]  sig,
  output reg  [E+M:0]  y
);

  wire [E+M:0] r;
  kiln_fp_round #(.E(E), .M(M), .EW(EW)) u_round (.sign(sign), .e(e), .sig(sig), .y(r));

  always @(posedge clk) if (en) begin
    if (nan) y <= {1'b0, {E{1'b1}}, 1'b1, {(M-1){1'b0}}};
    else if (inf) y <= {sign, {E{1'b1}}, {M{1'b0}}};
    else if (zero) y <= {sign, {(E+M){1'b0}}};
    else y <= r;
  end

endmodule
