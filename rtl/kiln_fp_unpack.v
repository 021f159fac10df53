// SPDX-License-Identifier: Apache-2.0
// The fields of an IEEE-754 value (combinational), shared by the floating-point units: a subnormal
// takes exponent 1 and units bit 0, so that every finite value is mant * 2^(exp - bias) / 2^M.
module kiln_fp_unpack #(
  parameter integer E = 8,
  parameter integer M = 23
) (
  input  wire [E+M:0] x,
  output wire         sign,
  output wire [E-1:0] exp,
  output wire [M:0]   mant,
  output wire         nan,
  output wire         inf,
  output wire         zero
);

  wire [E-1:0] ef = x[E+M-1:M];
  wire [M-1:0] f = x[M-1:0];
  wire         top = &ef;
  wire         sub = ~|ef;

  assign sign = x[E+M];
  assign exp  = {ef[E-1:1], ef[0] | sub};
  assign mant = {!sub, f};
  assign nan  = top && |f;
  assign inf  = top && ~|f;
  assign zero = sub && ~|f;

endmodule
