// SPDX-License-Identifier: Apache-2.0
// Pipelined floating-point multiplier (IEEE-754, round to nearest even, subnormals, infinities; any
// NaN, and zero times infinity, give the quiet NaN). Four register levels: the operands, the exact
// product, the normalised product, the result; `en` moves everything one level on.
module kiln_fmul #(
  parameter integer E = 8,
  parameter integer M = 23
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  input  wire [E+M:0] b,
  output wire [E+M:0] y
);

  localparam integer EW = E + 3;
  localparam [EW-1:0] BIAS = (1 << (E - 1)) - 1;

  reg [E+M:0] a_q, b_q;
  always @(posedge clk) if (en) begin
    a_q <= a;
    b_q <= b;
  end

  // Level 1: the exact product of the significands, the exponents summed.
  wire         sa, sb, na, nb, ia, ib, za, zb;
  wire [E-1:0] ea, eb;
  wire [M:0]   ma, mb;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  kiln_fp_unpack #(.E(E), .M(M)) u_ub (.x(b_q), .sign(sb), .exp(eb), .mant(mb), .nan(nb), .inf(ib),
                                       .zero(zb));

  reg          s_1, nan_1, inf_1;
  reg  [EW-1:0] e_1;
  reg  [2*M+1:0] p_1;
  always @(posedge clk) if (en) begin
    s_1   <= sa ^ sb;
    nan_1 <= na || nb || (ia && zb) || (za && ib);
    inf_1 <= ia || ib;
    e_1   <= {3'b000, ea} + {3'b000, eb} - BIAS;
    p_1   <= ma * mb;
  end

  // Level 2: normalised (a subnormal operand leaves leading zeros).
  wire [EW-1:0] e2;
  wire [M+2:0]  sig2;
  wire          z2;
  kiln_fp_norm #(.N(2 * M + 2), .M(M), .EW(EW), .P(2 * M)) u_norm (
    .x(p_1), .e_in(e_1), .e_out(e2), .sig(sig2), .zero(z2)
  );

  reg          s_2, nan_2, inf_2, z_2;
  reg  [EW-1:0] e_2;
  reg  [M+2:0] sig_2;
  always @(posedge clk) if (en) begin
    s_2   <= s_1;
    nan_2 <= nan_1;
    inf_2 <= inf_1;
    z_2   <= z2;
    e_2   <= e2;
    sig_2 <= sig2;
  end

  // Level 3: rounded and packed, or the special value.
  kiln_fp_result #(.E(E), .M(M), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_2), .nan(nan_2), .inf(inf_2), .zero(z_2),
    .e(e_2), .sig(sig_2), .y(y)
  );

endmodule
