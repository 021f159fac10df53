// SPDX-License-Identifier: Apache-2.0
// Pipelined conversion of an IW-bit integer (two's complement when SIGNED) to floating point,
// rounded to nearest even. Three register levels: the operand, the normalised magnitude, the
// result.
module kiln_fp_from_int #(
  parameter integer IW     = 32,
  parameter integer SIGNED = 1,
  parameter integer E      = 8,
  parameter integer M      = 23
) (
  input  wire          clk,
  input  wire          en,
  input  wire [IW-1:0] a,
  output wire [E+M:0]  y
);

  localparam integer EW = (E + 3 > $clog2(IW + M + 4) + 2) ? E + 3 : $clog2(IW + M + 4) + 2;
  localparam [EW-1:0] BIAS = (1 << (E - 1)) - 1;

  reg [IW-1:0] a_q;
  always @(posedge clk) if (en) a_q <= a;

  // Level 1: the magnitude, normalised.
  wire          neg = SIGNED != 0 && a_q[IW-1];
  wire [IW-1:0] mag = neg ? -a_q : a_q;
  wire [EW-1:0] e1;
  wire [M+2:0]  sig1;
  wire          z1;
  kiln_fp_norm #(.N(IW + M + 3), .M(M), .EW(EW), .P(M + 3)) u_norm (
    .x({mag, {(M + 3){1'b0}}}), .e_in(BIAS), .e_out(e1), .sig(sig1), .zero(z1)
  );

  reg          s_1, z_1;
  reg  [EW-1:0] e_1;
  reg  [M+2:0] sig_1;
  always @(posedge clk) if (en) begin
    s_1   <= neg;
    z_1   <= z1;
    e_1   <= e1;
    sig_1 <= sig1;
  end

  // Level 2: rounded and packed (zero for zero).
  kiln_fp_result #(.E(E), .M(M), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_1), .nan(1'b0), .inf(1'b0), .zero(z_1),
    .e(e_1), .sig(sig_1), .y(y)
  );

endmodule
