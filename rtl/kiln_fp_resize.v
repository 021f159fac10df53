// SPDX-License-Identifier: Apache-2.0
// Pipelined conversion between floating-point formats (E1, M1) to (E2, M2): exact when widening,
// rounded to nearest even when narrowing; infinities and zeros keep their sign, a NaN gives the
// quiet NaN. Three register levels: the operand, the normalised value, the result.
module kiln_fp_resize #(
  parameter integer E1 = 8,
  parameter integer M1 = 23,
  parameter integer E2 = 11,
  parameter integer M2 = 52
) (
  input  wire           clk,
  input  wire           en,
  input  wire [E1+M1:0] a,
  output wire [E2+M2:0] y
);

  localparam integer EW = (E1 > E2 ? E1 : E2) + 3;
  localparam [EW-1:0] REBIAS = ((1 << (E2 - 1)) - 1) - ((1 << (E1 - 1)) - 1);

  reg [E1+M1:0] a_q;
  always @(posedge clk) if (en) a_q <= a;

  // Level 1: normalised in the new format's terms.
  wire          sa, na, ia, za;
  wire [E1-1:0] ea;
  wire [M1:0]   ma;
  kiln_fp_unpack #(.E(E1), .M(M1)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na),
                                         .inf(ia), .zero(za));
  wire [EW-1:0] e1;
  wire [M2+2:0] sig1;
  wire          z1;
  kiln_fp_norm #(.N(M1 + M2 + 4), .M(M2), .EW(EW), .P(M1 + M2 + 3)) u_norm (
    .x({ma, {(M2 + 3){1'b0}}}), .e_in({{(EW-E1){1'b0}}, ea} + REBIAS), .e_out(e1), .sig(sig1),
    .zero(z1)
  );

  reg          s_1, nan_1, inf_1, z_1;
  reg  [EW-1:0] e_1;
  reg  [M2+2:0] sig_1;
  always @(posedge clk) if (en) begin
    s_1   <= sa;
    nan_1 <= na;
    inf_1 <= ia;
    z_1   <= z1;
    e_1   <= e1;
    sig_1 <= sig1;
  end

  // Level 2: rounded and packed, or the special value.
  kiln_fp_result #(.E(E2), .M(M2), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_1), .nan(nan_1), .inf(inf_1), .zero(z_1),
    .e(e_1), .sig(sig_1), .y(y)
  );

  wire unused = za;

endmodule
